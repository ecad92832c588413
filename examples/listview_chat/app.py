"""The list-view chat screen: a ``ListView`` of messages above an ``Input``.

Each message is a ``ListItem`` holding a single ``Label``; the list item places its label
(``align-horizontal``) and the label draws its own side border. The list view is the
conversation area: it scrolls, and it keeps a gutter for its scrollbar from the start.
"""

from __future__ import annotations

import random
import unicodedata
from typing import ClassVar

from rich.text import Text
from textual import events, on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Input, Label, ListItem, ListView

from examples.listview_chat.ledger import HEADINGS, STYLE, Ledger, Speaker
from reference_app.chat_input import typed_invisible
from reference_app.widgets import visible

ANSWERS = ["알겠어요.", "좋아요, 해 볼게요.", "조금만 기다려 주세요.", "그렇군요."]
"""The fixed response list."""


def shown(text: str) -> str:
    """``text`` as drawn: each control character but TAB replaced by U+FFFD."""
    return "".join(
        "\ufffd" if char != "\t" and unicodedata.category(char) == "Cc" else char for char in text
    )


def list_item(speaker: Speaker, body: str) -> ListItem:
    """One row of the list: a ``ListItem`` holding the literal label of a message."""
    label = Label(shown(f"{HEADINGS[speaker]}: {body}"), markup=False, classes=STYLE[speaker])
    return ListItem(label, classes=f"row-{speaker}")


class Prompt(Input):
    """An ``Input`` that submits and empties itself in its own key handler, in key order."""

    async def _on_key(self, event: events.Key) -> None:
        if event.key == "enter":
            event.stop()
            event.prevent_default()  # Input's handler and its Enter binding do not run
            value = self.value
            self.clear()
            self.post_message(self.Submitted(self, value))
        elif typed_invisible(event):  # Input drops a typed joiner or bidi mark
            event.stop()
            event.prevent_default()
            self.insert_text_at_cursor(event.character or "")

    @property
    def _value(self) -> Text:
        """The value as drawn: control characters (a pasted ESC) as pictures, never raw."""
        return Text(visible(self.value), no_wrap=True, overflow="ignore", end="")


class ListChatApp(App[None]):
    """A list of messages above an input; Enter submits, Escape and Ctrl+Q quit."""

    CSS = """
    #messages { height: 1fr; scrollbar-gutter: stable; }
    #messages > ListItem { height: auto; padding: 0 0 1 0; background: $surface; }
    .row-user { align-horizontal: left; }
    .row-agent { align-horizontal: right; }
    .chat-message { width: auto; max-width: 85%; padding: 0 1; }
    .user-role { border-left: wide $primary; }
    .agent-role { border-right: wide $secondary; text-align: right; }
    """
    AUTO_FOCUS = "#prompt"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "quit", "Quit", priority=True),
        Binding("ctrl+q", "quit", "Quit", priority=True),
    ]

    def __init__(self) -> None:
        """Start with an empty ledger."""
        super().__init__()
        self.ledger = Ledger()

    def compose(self) -> ComposeResult:
        """The list of messages, then the prompt."""
        yield ListView(id="messages", initial_index=None)
        yield Prompt(placeholder="메시지", id="prompt")

    @on(Input.Submitted, "#prompt")
    async def send(self, event: Input.Submitted) -> None:
        """Strip; stop if blank; else choose, record, append both rows, scroll.

        The prompt emptied itself at the Enter key.
        """
        prompt = event.value.strip()
        if not prompt:
            return
        exchange = self.ledger.add(prompt, random.choice(ANSWERS))
        messages = self.query_one("#messages", ListView)
        await messages.extend(list_item(speaker, body) for speaker, body in exchange.messages())
        messages.scroll_end(animate=False)
