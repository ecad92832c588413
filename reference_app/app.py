"""The reference chat app (clauses of the runtime flow, seed 001 steps 1-8)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Input

from reference_app.chat_input import ChatInput
from reference_app.model import Message, Session
from reference_app.responses import RESPONSES
from reference_app.widgets import MessageItem


class Conversation(VerticalScroll):
    """The conversation area: scrolls, but a click leaves the focus on the input.

    A person who clicks the conversation and goes on typing expects the keys to reach the
    input; keyboard scrolling is still there after Tab moves the focus here.
    """

    FOCUS_ON_CLICK = False


class ChatApp(App[None]):
    """A conversation area above a one-line input; Enter submits, Escape and Ctrl+Q quit.

    :meth:`submit` runs the whole submission flow in one place; each step it names is a
    small method, so a variant (a subclass) can change one step and keep the others.
    """

    CSS_PATH = Path(__file__).with_name("app.tcss")
    """Absolute, so that subclasses defined elsewhere (mutants, candidates) find it too."""
    TITLE = "Chat"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "quit", "Quit", priority=True),
        Binding("ctrl+q", "quit", "Quit", priority=True),
    ]
    """Priority bindings, so both keys quit while the input has focus (clause ``quit-keys``)."""

    CONVERSATION_ID = "chat-log"
    """Widget id of the conversation area (clause ``widget-ids``)."""
    INPUT_ID = "chat-input"
    """Widget id of the input (clause ``widget-ids``)."""
    AUTO_FOCUS = f"#{INPUT_ID}"
    """Focus the input on start; by default the scroll area would take it (``input-focus``)."""

    def __init__(self, responses: tuple[str, ...] = RESPONSES) -> None:
        """Create the app with an empty session.

        Args:
            responses: The fixed response list (clause ``response-from-fixed-list``).
        """
        super().__init__()
        self.responses = responses
        """The fixed list every response is chosen from."""
        self.session = Session()
        """Messages and session records of this run."""

    def compose(self) -> ComposeResult:
        """Compose the conversation area and the input."""
        yield Conversation(id=self.CONVERSATION_ID)
        yield self.input_field()

    def input_field(self) -> Input:
        """Return the input (``enter-submits``, ``input-cleared``): a :class:`ChatInput`."""
        return ChatInput(placeholder="메시지를 입력하세요", id=self.INPUT_ID)

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        """Hand the submitted value to :meth:`submit` (clause ``enter-submits``)."""
        await self.submit(event.input, event.value)

    async def submit(self, field: Input, value: str) -> None:
        """Run the submission flow in the order the runtime flow fixes (seed 001, 1-7).

        The input has already emptied itself at the Enter key (:class:`ChatInput`), so
        keys typed after Enter stay in it for the next submission.

        Args:
            field: The input the value was submitted from.
            value: The value as submitted.
        """
        text = self.normalize(value)  # 1. strip the value (the input was cleared at Enter)
        if not text:  # 2. blank: stop; nothing is chosen, recorded or shown
            return
        response = self.choose_response()  # 3. one standard choice from the fixed list
        pair = self.session.record(text, response)  # 4-5. immutable messages, records
        await self.show(pair)  # 6-7. items derived from roles, mounted in order, scrolled

    def normalize(self, value: str) -> str:
        """Return ``value`` without leading and trailing whitespace (``input-stripped``)."""
        return value.strip()

    def choose_response(self) -> str:
        """Pass the fixed list to ``random.choice`` once (``standard-random-choice``)."""
        return random.choice(self.responses)

    def message_item(self, message: Message) -> Widget:
        """Return the widget showing ``message`` (``single-label-widget``)."""
        return MessageItem(message)

    async def show(self, messages: Sequence[Message]) -> None:
        """Mount one item per message, in order, then scroll to the end (``scroll-to-end``).

        Args:
            messages: The messages of one submission, user first.
        """
        conversation = self.query_one(f"#{self.CONVERSATION_ID}", VerticalScroll)
        await conversation.mount_all([self.message_item(message) for message in messages])
        conversation.scroll_end(animate=False)
