"""The render chat screen: a ``Widget`` per message whose ``render()`` returns its text.

Messages are ``(role, body)`` tuples; each item places its one line with
``content-align-horizontal`` inside a full-width box with padding; control characters are
dropped from what is drawn (never from the message list); the input is the only
focusable widget, so Textual's default ``AUTO_FOCUS`` gives it focus.
"""

from __future__ import annotations

import random
import unicodedata
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import BindingType
from textual.containers import ScrollableContainer
from textual.message import Message
from textual.widget import Widget
from textual.widgets import TextArea

from reference_app.chat_input import typed_invisible
from reference_app.widgets import visible

USER, AGENT = "user", "agent"
LABELS = {USER: "사용자", AGENT: "에이전트"}
CLASSES = {
    USER: "chat-message user-message user-role",
    AGENT: "chat-message response-message agent-role",
}
CANNED = (
    "맡겨만 주세요.",
    "알겠어요.",
    "조금 더 자세히 말씀해 주세요.",
    "좋은 질문이네요.",
)
"""The fixed responses. In a 30-cell terminal the last one, with its label, nearly fills
an item (26 of 27 cells): the case where an item's padding must not count as alignment."""


def printable(text: str) -> str:
    """``text`` without control characters (C0, DEL, C1); a tab becomes a space."""
    return "".join(
        " " if char == "\t" else char
        for char in text
        if char == "\t" or unicodedata.category(char) != "Cc"
    )


class Line(Widget):
    """One message on screen: renders ``label: body`` as plain text."""

    DEFAULT_CSS = """
    Line { height: auto; width: 1fr; padding: 0 1; }
    Line.user-role { border-left: thick $accent; content-align-horizontal: left; }
    Line.agent-role { border-right: thick $success; content-align-horizontal: right; }
    """

    def __init__(self, role: str, body: str) -> None:
        """Show ``body`` (a message of ``role``) with its role's label and classes."""
        super().__init__(classes=CLASSES[role])
        self._text = f"{LABELS[role]}: {self.shown(body)}"

    @staticmethod
    def shown(body: str) -> str:
        """What is shown of ``body``: :func:`printable` (``examples.raw_controls`` shows it raw)."""
        return printable(body)

    def render(self) -> Text:
        """The line as plain text: never markup."""
        return Text(self._text)


class Thread(ScrollableContainer, can_focus=False):
    """The conversation area; not focusable, so the input is the app's only focus."""

    DEFAULT_CSS = "Thread { height: 1fr; scrollbar-gutter: stable; }"
    """The gutter is kept for the scrollbar from the start: a scrollbar appearing on the
    submission that first overflows would narrow the items after ``scroll_end`` computed
    the end, rewrap them and leave the newest one hidden (clause ``scroll-to-end``)."""


class Entry(TextArea):
    """A multi-line input: Enter sends (posting :class:`Entry.Sent`), pastes keep newlines.

    Enter is taken in the widget's own key handler, in key order, and the text is
    emptied there, so keys typed right after Enter start the next message.
    """

    DEFAULT_CSS = "Entry { height: 3; }"

    class Sent(Message):
        """The text held at Enter; handled by ``RenderChatApp.on_entry_sent``."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    async def _on_key(self, event: events.Key) -> None:
        if event.key == "enter":
            event.stop()
            event.prevent_default()
            text = self.text
            self.clear()
            self.post_message(self.Sent(text))
        elif typed_invisible(event):  # TextArea drops a typed joiner or bidi mark
            event.stop()
            event.prevent_default()
            self.replace(event.character or "", *self.selection)

    def get_line(self, line_index: int) -> Text:
        """The line as drawn: control characters (a pasted ESC) as pictures, never raw."""
        line = super().get_line(line_index)
        pictured = visible(line.plain)
        if pictured == line.plain:
            return line
        drawn = Text(pictured, style=line.style, end=line.end, no_wrap=line.no_wrap)
        drawn.spans = list(line.spans)
        return drawn


class RenderChatApp(App[None]):
    """The chat screen: a thread above an input; Escape or Ctrl+Q quits."""

    BINDINGS: ClassVar[list[BindingType]] = [
        ("escape", "quit", "Quit"),
        ("ctrl+q", "quit", "Quit"),
    ]

    LINE: ClassVar[type[Line]] = Line
    """The item widget (``examples.raw_controls`` shows bodies raw through a subclass)."""

    def __init__(self) -> None:
        """Start with an empty conversation and empty records."""
        super().__init__()
        self.log_: list[tuple[str, str]] = []
        self.prompts: list[str] = []
        self.answers: list[str] = []

    def compose(self) -> ComposeResult:
        """The thread, then the input."""
        yield Thread(id="thread")
        yield Entry(placeholder="메시지를 입력하세요", id="entry")

    async def on_entry_sent(self, event: Entry.Sent) -> None:
        """Strip, ignore blank input; else record and show the pair, then scroll."""
        text = event.text.strip()
        if not text:
            return
        reply = random.choice(CANNED)
        pair = ((USER, text), (AGENT, reply))
        self.log_.extend(pair)
        self.prompts.append(text)
        self.answers.append(reply)
        thread = self.query_one("#thread", Thread)
        await thread.mount_all([self.LINE(role, body) for role, body in pair])
        # After the next refresh, so the end is measured once the new lines are laid out:
        # ``scroll_end`` alone could follow a refresh that came before their layout on a
        # loaded machine and leave the newest line one row below the view (clause
        # ``scroll-to-end``; 3 of 40 runs of the first-overflow scenario under a load of 3).
        thread.call_after_refresh(thread.scroll_end, animate=False)
