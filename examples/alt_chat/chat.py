"""The alternative chat screen: a transcript of rows above a composer, on its own Screen.

Built unlike the reference app on purpose: the widgets live on a custom default
:class:`~textual.screen.Screen`; each message is a row (``HorizontalGroup``) holding
one ``Static`` of ``width: auto``; the row's ``align-horizontal`` puts agent text at
the right edge and the row draws the side border; the newest reply is highlighted
with a class that moves on; the response is picked with ``from random import choice``.
"""

from __future__ import annotations

from random import choice
from typing import ClassVar

from rich.text import Text
from textual import events, on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import HorizontalGroup, ScrollableContainer, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Input, Static

from examples.alt_chat.records import STYLE_CLASSES, Conversation, Entry
from reference_app.chat_input import typed_invisible
from reference_app.widgets import visible

REPLIES: list[str] = [
    "맡겨만 주세요.",
    "네, 바로 할게요.",
    "잠시만 기다려 주세요.",
    "흥미로운 이야기네요.",
]
"""The fixed response list; one is picked per valid submission."""

NEWEST = "newest"
"""Class of the most recent reply's text widget (a highlight, not a role class)."""


CONTROL_CHARACTERS = dict.fromkeys([*range(0x20), *range(0x7F, 0xA0)])
"""Translation table that removes control characters (TAB included) from shown text."""


def entry_row(
    entry: Entry, *, newest: bool = False, hidden: dict[int, None] = CONTROL_CHARACTERS
) -> HorizontalGroup:
    """Build the row of one entry: a wrapper holding a single literal text widget.

    ``Content`` is plain text: a body like ``[bold]x[/]`` is never parsed as markup, and
    control characters are removed from what is shown, so none reaches the terminal
    (the reference app shows them as pictures instead; both are allowed).

    Args:
        entry: The message to show.
        newest: Whether to highlight it as the most recent reply.
        hidden: Translation table of the characters removed from what is shown.
    """
    classes = [*STYLE_CLASSES[entry.author], *([NEWEST] if newest else [])]
    text = Static(Content(entry.line.translate(hidden)), classes=" ".join(classes))
    return HorizontalGroup(text, classes=f"turn turn-{entry.author}")


class Composer(Input):
    """The input: Enter submits and empties it in its own ``key_enter`` handler.

    Keys are handled in the order they arrive, so text typed right after Enter (a burst)
    goes to the next message; the stock ``Input`` submits from a binding, which runs only
    after the key has bubbled to the app, when later keys are already inserted.
    """

    def key_enter(self, event: events.Key) -> None:
        """Post ``Submitted`` with the value, then empty the input; the binding never runs."""
        event.stop()
        value, self.value = self.value, ""
        self.post_message(self.Submitted(self, value))

    async def _on_key(self, event: events.Key) -> None:
        """Keep a typed joiner or bidi mark, which ``Input`` drops as unprintable."""
        if typed_invisible(event):
            event.stop()
            event.prevent_default()
            self.insert_text_at_cursor(event.character or "")

    @property
    def _value(self) -> Text:
        """The value as drawn: control characters (a pasted ESC) as pictures, never raw."""
        return Text(visible(self.value), no_wrap=True, overflow="ignore", end="")


class TranscriptScreen(Screen[None]):
    """The one screen of the app: the transcript above the composer."""

    DEFAULT_CSS = """
    TranscriptScreen #frame { height: 1fr; }
    TranscriptScreen #transcript { height: 1fr; }
    TranscriptScreen .turn { height: auto; margin: 0 0 1 0; }
    TranscriptScreen .turn-user { align-horizontal: left; border-left: outer $accent; }
    TranscriptScreen .turn-agent { align-horizontal: right; border-right: outer $warning; }
    TranscriptScreen .turn-agent .chat-message { text-align: right; }
    TranscriptScreen .chat-message { width: auto; max-width: 90%; padding: 0 1; }
    TranscriptScreen .newest { text-style: bold; }
    """
    AUTO_FOCUS = "#composer"
    """Focus the composer, not the scrollable transcript, when the screen is shown."""
    HIDDEN: ClassVar[dict[int, None]] = CONTROL_CHARACTERS
    """Characters removed from the shown entries (``examples.raw_controls`` removes none)."""

    def compose(self) -> ComposeResult:
        """A frame holding the transcript and, under it, the composer."""
        with Vertical(id="frame"):
            yield ScrollableContainer(id="transcript")
            yield Composer(placeholder="여기에 입력", id="composer")

    @on(Input.Submitted, "#composer")
    async def send(self, event: Input.Submitted) -> None:
        """Strip, stop if blank, pick one reply, record, show both rows, scroll.

        The composer emptied itself at the Enter key.
        """
        prompt = event.value.strip()
        if not prompt:
            return
        app = self.app
        assert isinstance(app, AltChatApp)
        user, agent = app.conversation.add_exchange(prompt, choice(REPLIES))
        transcript = self.query_one("#transcript", ScrollableContainer)
        transcript.query(f".{NEWEST}").remove_class(NEWEST)
        await transcript.mount_all(
            [entry_row(user, hidden=self.HIDDEN), entry_row(agent, newest=True, hidden=self.HIDDEN)]
        )
        # After the next refresh: a long entry's height is only known once laid out.
        transcript.call_after_refresh(transcript.scroll_end, animate=False)


class AltChatApp(App[None]):
    """Holds the conversation; shows it on a :class:`TranscriptScreen`."""

    TITLE = "Alt chat"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,ctrl+q", "quit", "Leave", priority=True),
    ]
    """Priority, so both keys quit while the composer has focus."""

    def __init__(self) -> None:
        super().__init__()
        self.conversation = Conversation()
        """Messages and records of this run, in memory only."""

    def get_default_screen(self) -> Screen[None]:
        """Start on the transcript screen instead of Textual's blank default screen."""
        return TranscriptScreen()
