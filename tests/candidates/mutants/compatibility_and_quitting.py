"""Mutants of seed area Compatibility and quitting.

Each is the reference chat_screen app with one defect in that area, caught by a
scenario of ``features/chat_screen/`` citing its clause.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Input

from reference_app.app import ChatApp
from reference_app.chat_input import ChatInput
from reference_app.model import Message, Role
from tests.candidates.mutants._registry import mutant
from tests.candidates.mutants._shared import _conversation


@mutant
class ItemsOutsideConversation(ChatApp):
    """widget-ids: items are mounted on the screen, below the declared conversation area."""

    async def show(self, messages: Sequence[Message]) -> None:
        items = [self.message_item(message) for message in messages]
        await self.screen.mount_all(items, after=_conversation(self))


class _ClearingInput(ChatInput):
    """An input whose Escape clears it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "clear_input", "Clear")]

    def action_clear_input(self) -> None:
        self.clear()


@mutant
class EscapeClearsInput(ChatApp, inherit_bindings=False):
    """quit-keys: Escape is no priority binding; the input's own Escape (clear) wins."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "quit", "Quit"),
        Binding("ctrl+q", "quit", "Quit", priority=True),
    ]

    def compose(self) -> ComposeResult:
        yield VerticalScroll(id=self.CONVERSATION_ID)
        yield _ClearingInput(placeholder="메시지를 입력하세요", id=self.INPUT_ID)


@mutant
class FarewellOnQuit(ChatApp):
    """quit-creates-no-state: quitting appends a farewell agent message before exiting."""

    async def action_quit(self) -> None:
        self.session.messages.append(Message(Role.AGENT, "안녕히 가세요."))
        await super().action_quit()


class _QuittingInput(Input):
    """An input that quits the app on Escape and Ctrl+Q (the defect of QuitKeysOnInput)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.quit", "Quit"),
        Binding("ctrl+q", "app.quit", "Quit"),
    ]


@mutant
class QuitKeysOnInput(ChatApp, inherit_bindings=False):
    """quit-keys: Escape and Ctrl+Q are bound on the input, so they quit only while it has focus."""

    BINDINGS: ClassVar[list[BindingType]] = []

    def compose(self) -> ComposeResult:
        yield VerticalScroll(id=self.CONVERSATION_ID)
        yield _QuittingInput(placeholder="메시지를 입력하세요", id=self.INPUT_ID)
