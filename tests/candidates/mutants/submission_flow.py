"""Mutants of seed area Submission flow.

Each is the reference chat_screen app with one defect in that area, caught by a
scenario of ``features/chat_screen/`` citing its clause.
"""

from __future__ import annotations

import asyncio
import random
import secrets
import string
from collections.abc import Sequence
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.widgets import Input

from reference_app.app import ChatApp
from reference_app.chat_input import ChatInput
from reference_app.model import Message, Role, Session
from tests.candidates.mutants._registry import mutant
from tests.candidates.mutants._shared import _conversation


@mutant
class NotStripped(ChatApp):
    """input-stripped: the body keeps the input's edge whitespace (blank input still ignored)."""

    async def submit(self, field: Input, value: str) -> None:
        if not value.strip():
            return
        await self.show(self.session.record(value, self.choose_response()))


@mutant
class StrippedOfSpacesOnly(ChatApp):
    """input-stripped: only spaces are stripped, so tabs stay and tab-only input is a message."""

    def normalize(self, value: str) -> str:
        return value.strip(" ")


@mutant
class AsciiWhitespaceStripped(ChatApp):
    """input-stripped: only ASCII whitespace is stripped, so ideographic spaces stay."""

    def normalize(self, value: str) -> str:
        return value.strip(string.whitespace)


@mutant
class BlankCheckedBeforeStripping(ChatApp):
    """blank-input-no-change: emptiness is checked before stripping; spaces make messages."""

    async def submit(self, field: Input, value: str) -> None:
        if not value:
            return
        text = self.normalize(value)
        await self.show(self.session.record(text, self.choose_response()))


@mutant
class ChoiceBeforeBlankCheck(ChatApp):
    """blank-input-no-choice: a response is chosen before the blank check, then discarded."""

    async def submit(self, field: Input, value: str) -> None:
        response = self.choose_response()
        text = self.normalize(value)
        if not text:
            return
        await self.show(self.session.record(text, response))


@mutant
class InputRecordedBeforeValidation(ChatApp):
    """validate-before-choice: the input is recorded before the blank check."""

    async def submit(self, field: Input, value: str) -> None:
        text = self.normalize(value)
        self.session.submitted_inputs.append(text)
        if not text:
            return
        response = self.choose_response()
        pair = (Message(Role.USER, text), Message(Role.AGENT, response))
        self.session.messages.extend(pair)
        self.session.selected_responses.append(response)
        await self.show(pair)


class _KeepsBlankInput(ChatInput):
    """An input that empties itself at Enter only when its value is not blank."""

    def submit_now(self) -> None:
        value = self.value
        if value.strip():
            self.clear()
        self.post_message(self.Submitted(self, value))


@mutant
class NotClearedOnBlank(ChatApp):
    """input-cleared: a blank submission leaves the input as it was."""

    def input_field(self) -> Input:
        return _KeepsBlankInput(placeholder="메시지를 입력하세요", id=self.INPUT_ID)


class _NeverClearingInput(ChatInput):
    """An input that submits at Enter and keeps its value."""

    def submit_now(self) -> None:
        self.post_message(self.Submitted(self, self.value))


@mutant
class NeverCleared(ChatApp):
    """input-cleared: the input keeps its value after every submission."""

    def input_field(self) -> Input:
        return _NeverClearingInput(placeholder="메시지를 입력하세요", id=self.INPUT_ID)


@mutant
class ClearedAfterTheFact(ChatApp):
    """input-cleared: the stock Input submits from its binding, cleared after the fact."""

    def input_field(self) -> Input:
        return Input(placeholder="메시지를 입력하세요", id=self.INPUT_ID)

    async def submit(self, field: Input, value: str) -> None:
        field.clear()
        await super().submit(field, value)


@mutant
class ClearedAfterMount(ChatApp):
    """input-cleared: the input is emptied only once the items are mounted."""

    def input_field(self) -> Input:
        return _NeverClearingInput(placeholder="메시지를 입력하세요", id=self.INPUT_ID)

    async def submit(self, field: Input, value: str) -> None:
        await super().submit(field, value)
        field.clear()


@mutant
class InterleavedWorkers(ChatApp):
    """pair-order: each pair mounts in a non-exclusive worker, awaiting between its items."""

    async def submit(self, field: Input, value: str) -> None:
        text = self.normalize(value)
        if text:
            pair = self.session.record(text, self.choose_response())
            self.run_worker(self._show_one_by_one(pair), exclusive=False)

    async def _show_one_by_one(self, pair: Sequence[Message]) -> None:
        conversation = _conversation(self)
        for message in pair:
            await conversation.mount(self.message_item(message))
            await asyncio.sleep(0)
        conversation.scroll_end(animate=False)


@mutant
class ChoiceTwice(ChatApp):
    """one-choice-per-submission: a leftover ``random.choice`` call runs before the real one."""

    def choose_response(self) -> str:
        random.choice(self.responses)
        return random.choice(self.responses)


@mutant
class StaleResponseList(ChatApp):
    """response-from-fixed-list: responses come from a stale English list."""

    STALE = ("On it.", "Good question.", "Let me check.")

    def choose_response(self) -> str:
        return random.choice(self.STALE)


@mutant
class SecretsChoice(ChatApp):
    """standard-random-choice: the response is chosen with ``secrets.choice``."""

    def choose_response(self) -> str:
        return secrets.choice(self.responses)


@mutant
class AgentItemFirst(ChatApp):
    """pair-order: the agent item is mounted before the user item (the message list is right)."""

    async def show(self, messages: Sequence[Message]) -> None:
        await super().show(list(reversed(messages)))


class _ResponseFirstSession(Session):
    def record(self, text: str, response: str) -> tuple[Message, Message]:
        pair = (Message(Role.USER, text), Message(Role.AGENT, response))
        self.messages.extend(reversed(pair))
        self.submitted_inputs.append(text)
        self.selected_responses.append(response)
        return pair


@mutant
class AgentMessageFirst(ChatApp):
    """pair-order: the message list gets the agent message before the user message."""

    def __init__(self) -> None:
        super().__init__()
        self.session = _ResponseFirstSession()


@mutant
class PairsPrepended(ChatApp):
    """submission-order: each new pair is mounted at the top of the conversation, newest first."""

    async def show(self, messages: Sequence[Message]) -> None:
        conversation = _conversation(self)
        items = [self.message_item(message) for message in messages]
        await conversation.mount_all(items, before=0)
        conversation.scroll_end(animate=False)


class _UnrecordedSession(Session):
    def record(self, text: str, response: str) -> tuple[Message, Message]:
        pair = (Message(Role.USER, text), Message(Role.AGENT, response))
        self.messages.extend(pair)
        return pair


@mutant
class RecordsNotUpdated(ChatApp):
    """session-records: submitted inputs and selected responses are never recorded."""

    def __init__(self) -> None:
        super().__init__()
        self.session = _UnrecordedSession()


@mutant
class NotScrolled(ChatApp):
    """scroll-to-end: items are mounted but the conversation area is not scrolled to its end."""

    async def show(self, messages: Sequence[Message]) -> None:
        await _conversation(self).mount_all([self.message_item(m) for m in messages])


@mutant
class InputNotFocused(ChatApp):
    """input-focus: the input is never focused, so the scroll area takes focus on start."""

    AUTO_FOCUS = "*"  # Textual's default: the first focusable widget, the scroll area


@mutant
class FocusMovesToConversation(ChatApp):
    """input-focus: each submission focuses the conversation area (to scroll it by keys)."""

    async def show(self, messages: Sequence[Message]) -> None:
        await super().show(messages)
        _conversation(self).focus()


@mutant
class EnterBoundOnApp(ChatApp):
    """enter-submits: a priority Enter binding (refocus the input) swallows every submission."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "focus('chat-input')", "Focus input", priority=True)
    ]


@mutant
class ScrollsOnlyWhenAtEnd(ChatApp):
    """scroll-to-end: a submission scrolls to the end only when the view was at the end."""

    async def show(self, messages: Sequence[Message]) -> None:
        conversation = _conversation(self)
        at_end = conversation.scroll_y >= conversation.max_scroll_y
        await conversation.mount_all([self.message_item(message) for message in messages])
        if at_end:
            conversation.scroll_end(animate=False)


@mutant
class BlankEnterBlursInput(ChatApp):
    """input-focus: a blank Enter clears the input and blurs it, so focus leaves the input."""

    async def submit(self, field: Input, value: str) -> None:
        if self.normalize(value):
            await super().submit(field, value)
            return
        field.clear()
        field.blur()


@mutant
class NoScrollbarGutter(ChatApp):
    """scroll-to-end: no ``scrollbar-gutter: stable``; the first overflow hides the last item."""

    CSS = "#chat-log { scrollbar-gutter: auto; }"
