"""The framed chat screen: a framed conversation box above a framed one-line input.

Seeds 000 and 001. Enter submits (000 호환성 ¶1); the value is stripped and the input
cleared at once, a blank value stops there (001 흐름 1-2); otherwise one response is chosen
with ``random.choice`` over :data:`RESPONSES` (001 흐름 3), both messages are recorded
(흐름 4-5), mounted user first (흐름 7) and the box scrolls to its end. Escape and Ctrl+Q
quit (000 호환성 ¶5).
"""

from __future__ import annotations

import random
import unicodedata
from typing import ClassVar, Final

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Input, Label

from examples.framed_chat.transcript import ROLE_CLASSES, Transcript, Utterance

RESPONSES: Final[tuple[str, ...]] = (
    "맡겨만 주세요.",
    "확인했습니다.",
    "조금 더 자세히 말씀해 주세요.",
    "좋은 생각이에요.",
    "바로 살펴볼게요.",
)
"""The fixed response list (seed 000 호환성 ¶3)."""

CONTROL_SHOWN: Final[dict[int, str]] = {0x1B: "⎋"}
"""How a control character of a body is drawn instead of being sent to the terminal: ESC as
the escape-key symbol, every other C0, DEL or C1 control as a middle dot (the harness's rule
``hardening-control-characters``; the seeds say nothing of control characters)."""


def visible(text: str) -> str:
    """``text`` with each control character replaced by one visible mark of one cell.

    Args:
        text: Any text.

    Returns:
        The same number of characters, none of them a C0, DEL or C1 control.
    """
    marks = []
    for char in text:
        code = ord(char)
        if code < 0x20 or 0x7F <= code < 0xA0:
            marks.append(CONTROL_SHOWN.get(code, "·"))
        else:
            marks.append(char)
    return "".join(marks)


def shown(body: str) -> Text:
    """The literal text of an item: no markup, control characters replaced by visible marks.

    Args:
        body: The item's text (``label: body``).

    Returns:
        A Rich ``Text`` holding ``body`` as :func:`visible` draws it.
    """
    return Text(visible(body), no_wrap=False)


def is_text(char: str) -> bool:
    """Whether a typed character that is not printable is still text (formats, spaces)."""
    return unicodedata.category(char) in ("Cf", "Zs", "Mn", "Me", "Mc")


class PromptLine(Input):
    """A one-line ``Input`` that takes Enter in its own key handler.

    Enter empties the field before the next queued key is handled, so keys typed right
    after Enter in one burst start the next message (seed 001 흐름 1, "즉시 비운다").
    """

    class Sent(Message):
        """The field's raw value at Enter."""

        def __init__(self, value: str) -> None:
            super().__init__()
            self.value = value

    async def _on_key(self, event: events.Key) -> None:
        if event.key == "enter":
            event.stop()
            event.prevent_default()
            value, self.value = self.value, ""
            self.post_message(self.Sent(value))
            return
        if event.character and not event.is_printable and is_text(event.character):
            # Input keeps only str.isprintable() keys: a typed joiner, bidi mark or
            # no-break space would be lost.
            event.stop()
            event.prevent_default()
            self.insert_text_at_cursor(event.character)
            return
        await super()._on_key(event)

    @property
    def _value(self) -> Text:
        """The value as drawn: control characters as visible marks, one cell each."""
        return Text(visible(self.value), no_wrap=True, overflow="ignore", end="")

    def _on_paste(self, event: events.Paste) -> None:
        # A one-line field: every line of a paste is kept, joined by spaces (Input keeps
        # only the first line).
        event.stop()
        event.prevent_default()
        if event.text:
            text = " ".join(event.text.splitlines())
            if self.selection.is_empty:
                self.insert_text_at_cursor(text)
            else:
                self.replace(text, *self.selection)


class Card(Vertical):
    """The framed, padded box around one message's label."""


class Row(Horizontal):
    """A full-width row that places its card at its role's side."""


class FramedChatApp(App[None]):
    """The chat screen: ``#dialogue`` (the conversation) and ``#prompt-line`` (the input)."""

    TITLE = "framed chat"
    AUTO_FOCUS = "#prompt-line"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "quit", "quit", priority=True),
        Binding("ctrl+q", "quit", "quit", priority=True),
    ]
    CSS = """
    Screen {
        layout: vertical;
        padding: 0 1;
    }
    #dialogue {
        height: 1fr;
        border: round $secondary;
        border-title-align: center;
        padding: 0 1;
        scrollbar-gutter: stable;
    }
    Row {
        width: 1fr;
        height: auto;
        margin-bottom: 1;
    }
    Row.from-user {
        align-horizontal: left;
    }
    Row.from-agent {
        align-horizontal: right;
    }
    Card {
        width: auto;
        height: auto;
        max-width: 80%;
        padding: 0 1;
        background: $boost;
    }
    Card.from-user {
        border: round $primary;
        border-right: none;
    }
    Card.from-agent {
        border: round $accent;
        border-left: none;
    }
    Label.chat-message {
        width: auto;
        max-width: 100%;
    }
    Label.user-message {
        text-align: left;
    }
    Label.response-message {
        text-align: right;
    }
    #prompt-line {
        border: round $primary;
        height: 3;
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self.transcript = Transcript()
        self.theme = "solarized-light"

    def compose(self) -> ComposeResult:
        """The framed conversation box above the framed input."""
        dialogue = VerticalScroll(id="dialogue")
        dialogue.border_title = "대화"
        yield dialogue
        yield PromptLine(placeholder="메시지를 입력하고 Enter", id="prompt-line")

    async def on_prompt_line_sent(self, message: PromptLine.Sent) -> None:
        """Run the submission flow of seed 001 for one Enter."""
        prompt = message.value.strip()
        if not prompt:
            return
        reply = random.choice(RESPONSES)
        pair = self.transcript.record(prompt, reply)
        dialogue = self.query_one("#dialogue", VerticalScroll)
        await dialogue.mount_all(self.row_of(utterance) for utterance in pair)
        dialogue.scroll_end(animate=False, immediate=False, x_axis=False)

    @staticmethod
    def row_of(utterance: Utterance) -> Row:
        """The row showing one message: a row, a framed card, the label with its classes."""
        side = f"from-{utterance.role}"
        label = Label(shown(utterance.label), classes=" ".join(ROLE_CLASSES[utterance.role]))
        return Row(Card(label, classes=side), classes=side)
