"""The reference chat app (clauses of the runtime flow, seed 001 steps 1-8)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Input

from reference_app.model import Session
from reference_app.responses import RESPONSES
from reference_app.widgets import MessageItem


class ChatApp(App[None]):
    """A conversation area above a one-line input; Enter submits, Escape and Ctrl+Q quit."""

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
        yield VerticalScroll(id=self.CONVERSATION_ID)
        yield Input(placeholder="메시지를 입력하세요", id=self.INPUT_ID)

    def on_mount(self) -> None:
        """Give the input focus; a scroll container would take it first (``input-focus``)."""
        self.query_one(f"#{self.INPUT_ID}", Input).focus()

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        """Run the submission flow in the order the runtime flow fixes (seed 001, 1-7)."""
        text = event.value.strip()
        event.input.clear()
        if not text:
            return
        response = random.choice(self.responses)
        user_message, agent_message = self.session.record(text, response)
        conversation = self.query_one(f"#{self.CONVERSATION_ID}", VerticalScroll)
        items = [MessageItem(user_message), MessageItem(agent_message)]
        await conversation.mount_all(items)
        conversation.scroll_end(animate=False)
