"""The composite chat screen: ``Turn`` items in a scroll area above a ``Composer``.

Messages are ``(role, body)`` tuples kept in memory; the response is picked with
``random.choice`` over :data:`RESPONSES`. The scroll area cannot take focus, so the
composer keeps it (a click on the conversation does not take the keys away).
"""

from __future__ import annotations

import random
from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll

from examples.composite_chat.widgets import Composer, Turn

LABELS = {"user": "사용자", "agent": "에이전트"}
"""The screen label of each role."""
CLASSES = {
    "user": "chat-message user-message user-role",
    "agent": "chat-message response-message agent-role",
}
"""The classes of each role's item."""
RESPONSES = ("맡겨만 주세요.", "알겠습니다.", "좋은 생각이에요!", "조금 더 알려 주세요.")
"""The fixed response list."""


class Thread(VerticalScroll, can_focus=False):
    """The conversation area."""

    DEFAULT_CSS = "Thread { height: 1fr; }"


class CompositeChatApp(App[None]):
    """A thread of composite items above a multi-line composer; Escape or Ctrl+Q quits."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,ctrl+q", "quit", "Quit", priority=True),
    ]
    """Priority, so both keys quit while the composer has focus."""

    def __init__(self) -> None:
        """Start with an empty conversation and empty records."""
        super().__init__()
        self.messages: list[tuple[str, str]] = []
        """``(role, body)`` of every message, in order."""
        self.inputs: list[str] = []
        """The record of submitted (stripped) inputs."""
        self.responses: list[str] = []
        """The record of selected responses."""

    def compose(self) -> ComposeResult:
        """The thread, then the composer."""
        yield Thread(id="thread")
        yield Composer(id="composer")

    def on_mount(self) -> None:
        """Keep the thread at its end as items (and their Markdown blocks) grow it."""
        self.query_one(Thread).anchor()

    async def on_composer_submitted(self, event: Composer.Submitted) -> None:
        """Strip and ignore blank input; else record the pair, show it and scroll."""
        text = event.value.strip()
        if not text:
            return
        reply = random.choice(RESPONSES)
        pair = (("user", text), ("agent", reply))
        self.messages.extend(pair)
        self.inputs.append(text)
        self.responses.append(reply)
        thread = self.query_one(Thread)
        await thread.mount_all([self.turn(role, f"{LABELS[role]}: {body}") for role, body in pair])
        thread.scroll_end(animate=False)

    def turn(self, role: str, text: str) -> Turn:
        """The item showing ``text`` (``label: body``) for a message of ``role``."""
        return Turn(role, text, classes=CLASSES[role])
