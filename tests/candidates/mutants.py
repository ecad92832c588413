"""Mutants: single-defect variants of the reference app, each a realistic mistake.

Every mutant subclasses :class:`reference_app.ChatApp` and changes one step of it (a
method of the submission flow, a CSS rule, a binding, the session). Its one-line
docstring names the clause of ``docs/spec/chat_screen.yaml`` it breaks, then says how;
``@mutant`` files it in :data:`MUTANTS` under that clause. Plug one in like any
candidate::

    pytest features --adapter tests.candidates.mutants:label_missing
    pytest features --adapter tests/candidates/mutants.py:label_missing

The attribute name is the class name in snake case; ``MUTANTS`` lists them all.
``tests/test_mutants.py`` runs the suite against each one, checks that a scenario citing
its clause fails, and writes ``docs/mutants.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import re
import secrets
import socket
import string
import subprocess
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any, ClassVar, TypeVar

import rich.markup
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import HorizontalGroup, VerticalScroll
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Input, Label, Static

from examples.composite_chat.adapter import CompositeChatAdapter
from examples.composite_chat.app import CLASSES, CompositeChatApp
from examples.composite_chat.widgets import LiteralMarkdown, Turn
from reference_app.app import ChatApp
from reference_app.chat_input import ChatInput, typed_invisible
from reference_app.conformance import ReferenceAdapter
from reference_app.model import Message, Role, Session


@dataclass(frozen=True)
class Mutant:
    """One registered mutant.

    Attributes:
        name: Attribute name for ``--adapter tests.candidates.mutants:<name>``.
        clause: Id of the clause it breaks.
        app: The mutant app class.
    """

    name: str
    clause: str
    app: type[App[Any]]

    @property
    def defect(self) -> str:
        """What the mutant does wrong: its docstring after the clause id."""
        return (self.app.__doc__ or "").strip().partition(": ")[2]


AppT = TypeVar("AppT", bound=App[Any])
MUTANTS: dict[str, Mutant] = {}
"""Every mutant by name, in catalogue order."""
DOCSTRING = re.compile(r"(?P<clause>[a-z]+(?:-[a-z]+)*): (?P<defect>[^\n]+)")
"""A mutant's docstring: the clause it breaks, a colon, the defect in words."""


def register(store: dict[str, Mutant], app: type[AppT]) -> type[AppT]:
    """Register ``app`` in ``store``; its docstring reads ``<clause id>: <what is wrong>``.

    Raises:
        ValueError: The docstring is not one line in that form.
    """
    found = DOCSTRING.fullmatch((app.__doc__ or "").strip())
    if found is None:
        raise ValueError(f"{app.__name__}: docstring must be one line '<clause id>: <defect>'")
    name = re.sub(r"(?<!^)(?=[A-Z])", "_", app.__name__).lower()
    store[name] = Mutant(name, found["clause"], app)
    return app


def mutant(app: type[ChatApp]) -> type[ChatApp]:
    """Register ``app`` as a mutant of the reference app (profile ``chat_screen``)."""
    return register(MUTANTS, app)


class MutantAdapter(ReferenceAdapter):
    """The reference adapter, creating a mutant's app instead of the reference app."""

    def __init__(self, entry: Mutant) -> None:
        """Adapt ``entry``'s app."""
        self.mutant = entry
        self.name = f"mutant {entry.name}"
        self.terminal_parser = getattr(entry.app, "TERMINAL_PARSER", self.terminal_parser)

    def create_app(self, context: object = None) -> App[Any]:
        """Return a fresh app of the mutant."""
        return self.mutant.app()

    def messages(self, app: App[Any]) -> Sequence[tuple[Any, str]]:
        """``(role, body)`` per stored message; ``None`` as role where none is stored."""
        assert isinstance(app, ChatApp)
        return [
            (getattr(message, "role", None), getattr(message, "body", str(message)))
            for message in app.session.messages
        ]


def __getattr__(name: str) -> MutantAdapter:
    """``mutants.<name>``: the adapter of mutant ``name`` (what ``--adapter`` loads)."""
    if name in MUTANTS:
        return MutantAdapter(MUTANTS[name])
    raise AttributeError(f"module {__name__!r} has no mutant {name!r} (see MUTANTS)")


def _label(text: str, message: Message, classes: Iterable[str] | None = None) -> Label:
    """A literal label for ``message``: ``text``, the role's classes unless given."""
    names = message.role.classes if classes is None else classes
    return Label(text, markup=False, classes=" ".join(names))


def _conversation(app: ChatApp) -> VerticalScroll:
    return app.query_one(f"#{app.CONVERSATION_ID}", VerticalScroll)


# -- labels and format ----------------------------------------------------------------


@mutant
class LabelMissing(ChatApp):
    """display-format: the item shows the body alone, without the role label."""

    def message_item(self, message: Message) -> Widget:
        return _label(message.body, message)


@mutant
class SeparatorWithoutSpace(ChatApp):
    """display-format: no space after the colon: ``사용자:본문``."""

    def message_item(self, message: Message) -> Widget:
        return _label(f"{message.role.label}:{message.body}", message)


@mutant
class FullWidthColon(ChatApp):
    """display-format: a full-width colon (U+FF1A) separates label and body."""

    def message_item(self, message: Message) -> Widget:
        return _label(f"{message.role.label}\uff1a {message.body}", message)


@mutant
class MisspeltAgentLabel(ChatApp):
    """role-labels: the agent label is misspelt ``에이젼트``."""

    LABELS: ClassVar[dict[Role, str]] = {Role.USER: "사용자", Role.AGENT: "에이젼트"}

    def message_item(self, message: Message) -> Widget:
        return _label(f"{self.LABELS[message.role]}: {message.body}", message)


@mutant
class LabelsSwapped(ChatApp):
    """label-and-classes-from-role: each item carries the other role's label."""

    LABELS: ClassVar[dict[Role, str]] = {Role.USER: "에이전트", Role.AGENT: "사용자"}

    def message_item(self, message: Message) -> Widget:
        return _label(f"{self.LABELS[message.role]}: {message.body}", message)


# -- classes --------------------------------------------------------------------------


@mutant
class AgentRoleClassMissing(ChatApp):
    """role-classes: agent items lack ``agent-role`` (styled through ``response-message``)."""

    CSS = ".response-message { text-align: right; border-right: thick $success; }"

    def message_item(self, message: Message) -> Widget:
        classes = [name for name in message.role.classes if name != "agent-role"]
        return _label(message.display_text, message, classes)


@mutant
class ChatMessageClassMissing(ChatApp):
    """role-classes: items lack ``chat-message`` (the role classes carry its layout)."""

    CSS = ".user-role, .agent-role { width: 100%; padding: 0 1; margin-bottom: 1; }"

    def message_item(self, message: Message) -> Widget:
        classes = [name for name in message.role.classes if name != "chat-message"]
        return _label(message.display_text, message, classes)


@mutant
class RoleClassesSwapped(ChatApp):
    """role-classes: user items get the agent's role classes and agent items the user's."""

    def message_item(self, message: Message) -> Widget:
        other = Role.AGENT if message.role is Role.USER else Role.USER
        return _label(message.display_text, message, other.classes)


@mutant
class AgentKeepsUserClasses(ChatApp):
    """role-classes: agent items add their classes to the user classes every item starts with."""

    def message_item(self, message: Message) -> Widget:
        classes = dict.fromkeys([*Role.USER.classes, *message.role.classes])
        return _label(message.display_text, message, classes)


# -- alignment and borders (CSS only) -------------------------------------------------


@mutant
class AlignmentSwapped(ChatApp):
    """role-alignment: user text is right-aligned, agent text left-aligned."""

    CSS = ".user-role { text-align: right; } .agent-role { text-align: left; }"


@mutant
class RightAlignOnAutoWidth(ChatApp):
    """role-alignment: ``text-align: right`` on auto-width items: claims right, draws left."""

    CSS = ".chat-message { width: auto; }"


@mutant
class BorderOnWrongSide(ChatApp):
    """role-borders: the agent's border is on its left side, like the user's."""

    CSS = ".agent-role { border-right: none; border-left: thick $success; }"


@mutant
class BordersOnBothSides(ChatApp):
    """role-borders: a base left border on every item stays on agent items, which get both sides."""

    CSS = ".chat-message { border-left: thick $primary; }"


@mutant
class ColourOnly(ChatApp):
    """structure-not-colour: roles differ by text colour only: no side border, no alignment."""

    CSS = """
    .user-role, .agent-role { text-align: left; border-left: none; border-right: none; }
    .user-role { color: $primary; }
    .agent-role { color: $success; }
    """


# -- stripping, blank input, clearing -------------------------------------------------


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


# -- the response choice --------------------------------------------------------------


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


# -- order ----------------------------------------------------------------------------


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


@dataclass
class _Draft:
    """A mutable message, reused for every user input (the defect of ReusedUserMessage)."""

    role: Role
    body: str

    @property
    def display_text(self) -> str:
        return f"{self.role.label}: {self.body}"


class _DraftSession(Session):
    """Records every user input into one shared draft object."""

    def __init__(self) -> None:
        super().__init__()
        self.draft = _Draft(Role.USER, "")

    def record(self, text: str, response: str) -> tuple[Message, Message]:
        self.draft.body = text
        pair: Any = (self.draft, Message(Role.AGENT, response))
        self.messages.extend(pair)
        self.submitted_inputs.append(text)
        self.selected_responses.append(response)
        return pair  # type: ignore[no-any-return]  # the defect: not a pair of messages


@mutant
class ReusedUserMessage(ChatApp):
    """messages-immutable: one mutable user message is reused; a new input rewrites earlier ones."""

    def __init__(self) -> None:
        super().__init__()
        self.session = _DraftSession()


# -- message list and records ---------------------------------------------------------


class _SpelledLikeRole:
    """Label and classes of the :class:`Role` of the same name, for a role spelled otherwise."""

    name: str

    @property
    def label(self) -> str:
        return Role[self.name].label

    @property
    def classes(self) -> tuple[str, ...]:
        return Role[self.name].classes


class _ApiRole(_SpelledLikeRole, Enum):
    """Roles spelled as chat APIs spell them; label and classes still those of :class:`Role`."""

    USER = "user"
    AGENT = "assistant"


class _SpelledRoleSession(Session):
    """Stores each message with its role as the subclass's ``roles`` spells it."""

    roles: ClassVar[Any]

    def record(self, text: str, response: str) -> tuple[Message, Message]:
        pair: Any = (Message(self.roles.USER, text), Message(self.roles.AGENT, response))
        self.messages.extend(pair)
        self.submitted_inputs.append(text)
        self.selected_responses.append(response)
        return pair  # type: ignore[no-any-return]  # the defect: not a pair of messages


class _ApiRoleSession(_SpelledRoleSession):
    roles = _ApiRole


@mutant
class AssistantRole(ChatApp):
    """role-values: the agent role is stored as ``assistant``, as chat APIs spell it."""

    def __init__(self) -> None:
        super().__init__()
        self.session = _ApiRoleSession()


class _BodiesOnlySession(Session):
    def record(self, text: str, response: str) -> tuple[Message, Message]:
        pair = (Message(Role.USER, text), Message(Role.AGENT, response))
        self.messages.extend([text, response])  # type: ignore[list-item]  # the defect
        self.submitted_inputs.append(text)
        self.selected_responses.append(response)
        return pair


@mutant
class BodiesOnly(ChatApp):
    """role-in-message-data: the message list keeps bodies only; roles live in item classes."""

    def __init__(self) -> None:
        super().__init__()
        self.session = _BodiesOnlySession()


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


class _UserOnlySession(Session):
    def record(self, text: str, response: str) -> tuple[Message, Message]:
        pair = (Message(Role.USER, text), Message(Role.AGENT, response))
        self.messages.append(pair[0])
        self.submitted_inputs.append(text)
        self.selected_responses.append(response)
        return pair


@mutant
class AgentMessageNotKept(ChatApp):
    """message-role-and-body: agent responses are shown but never kept in the message list."""

    def __init__(self) -> None:
        super().__init__()
        self.session = _UserOnlySession()


# -- rendering ------------------------------------------------------------------------


@mutant
class MarkupInterpreted(ChatApp):
    """body-source: bodies are rendered as Textual markup: ``[bold]`` vanishes, ``[/]`` crashes."""

    def message_item(self, message: Message) -> Widget:
        return Label(message.display_text, classes=" ".join(message.role.classes))


@mutant
class LabelAndBodySplit(ChatApp):
    """single-label-widget: the role label and the body are two label widgets side by side."""

    CSS = """
    .chat-message { height: auto; }
    .chat-message Label { width: auto; }
    .agent-role { align-horizontal: right; }
    """

    def message_item(self, message: Message) -> Widget:
        return HorizontalGroup(
            Label(f"{message.role.label}: ", markup=False),
            Label(message.body, markup=False),
            classes=" ".join(message.role.classes),
        )


@mutant
class ItemsOutsideConversation(ChatApp):
    """widget-ids: items are mounted on the screen, below the declared conversation area."""

    async def show(self, messages: Sequence[Message]) -> None:
        items = [self.message_item(message) for message in messages]
        await self.screen.mount_all(items, after=_conversation(self))


@mutant
class NotScrolled(ChatApp):
    """scroll-to-end: items are mounted but the conversation area is not scrolled to its end."""

    async def show(self, messages: Sequence[Message]) -> None:
        await _conversation(self).mount_all([self.message_item(m) for m in messages])


# -- input, keys, quitting ------------------------------------------------------------


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


# -- scope ----------------------------------------------------------------------------


@mutant
class LocalModelFirst(ChatApp):
    """no-external-calls: each response is first asked of a local model server."""

    MODEL_SERVER = ("127.0.0.1", 11434)

    def choose_response(self) -> str:
        try:
            with socket.create_connection(self.MODEL_SERVER, timeout=0.2):
                pass
        except OSError:
            pass
        return super().choose_response()


@mutant
class HistoryRestored(ChatApp):
    """no-persistence: every exchange is saved, and a new app restores the conversation."""

    history: ClassVar[list[Message]] = []
    """Stands in for a history file: every message any app of the process has shown."""

    def __init__(self) -> None:
        super().__init__()
        self.session.messages.extend(self.history)

    async def on_mount(self) -> None:
        await super().show(list(self.session.messages))

    async def show(self, messages: Sequence[Message]) -> None:
        await super().show(messages)
        self.history.extend(messages)


@mutant
class HistorySavedOnQuit(ChatApp):
    """no-persistence: quitting by key saves the conversation, and a new app restores it."""

    saved: ClassVar[list[Message]] = []
    """Stands in for a history file, written by the quit action."""

    def __init__(self) -> None:
        super().__init__()
        self.session.messages.extend(self.saved)

    async def on_mount(self) -> None:
        await self.show(list(self.session.messages))

    async def action_quit(self) -> None:
        self.saved[:] = self.session.messages
        await super().action_quit()


# --- branch composite ---------------------------------------------------------------
# Broken twins of examples/composite_chat (items are containers: a marker glyph beside a
# Markdown body). Not in MUTANTS, which holds mutants of the reference app; each has its
# own adapter, and tests/test_composite_chat_conformance.py proves it caught.


class MarkerWithoutBorder(CompositeChatApp):
    """role-borders: items keep their marker glyph but lose their side border."""

    CSS = "Turn.user-role, Turn.agent-role { border-left: none; border-right: none; }"


class MarkerWithoutBorderAdapter(CompositeChatAdapter):
    """The composite example's adapter, creating :class:`MarkerWithoutBorder`."""

    name = "mutant marker_without_border"

    def create_app(self) -> App[Any]:
        """Return a fresh :class:`MarkerWithoutBorder`."""
        return MarkerWithoutBorder()


class BodyBesideMarkerAdapter(MarkerWithoutBorderAdapter):
    """:class:`MarkerWithoutBorder` with the item selector on the body beside the marker.

    The marker glyph then sits between the item and the area's edge: a harness that took
    any glyph there for a border would pass this twin on ``role-borders``.
    """

    name = "mutant marker_without_border (item selector on the body)"
    item_selector = "LiteralParagraph"


class _SplitTurn(Turn):
    """A turn whose label and body are two widgets beside the marker."""

    def __init__(self, role: str, text: str, *, classes: str) -> None:
        label, _, body = text.partition(" ")
        marker = Static(self.MARKERS[role], classes="marker")
        label_widget = Static(f"{label} ", markup=False, classes="label")
        HorizontalGroup.__init__(self, marker, label_widget, LiteralMarkdown(body), classes=classes)


class LabelAndBodySplitTurn(CompositeChatApp):
    """single-label-widget: beside the marker, the label and the body are two widgets."""

    CSS = "Turn > .label { width: auto; }"

    def turn(self, role: str, text: str) -> Turn:
        return _SplitTurn(role, text, classes=CLASSES[role])


class LabelAndBodySplitTurnAdapter(CompositeChatAdapter):
    """The composite example's adapter, creating :class:`LabelAndBodySplitTurn`."""

    name = "mutant label_and_body_split_turn"

    def create_app(self) -> App[Any]:
        """Return a fresh :class:`LabelAndBodySplitTurn`."""
        return LabelAndBodySplitTurn()


marker_without_border = MarkerWithoutBorderAdapter()
"""``--adapter tests.candidates.mutants:marker_without_border``."""
marker_without_border_body = BodyBesideMarkerAdapter()
"""``--adapter tests.candidates.mutants:marker_without_border_body``."""
label_and_body_split_turn = LabelAndBodySplitTurnAdapter()
"""``--adapter tests.candidates.mutants:label_and_body_split_turn``."""


# --- branch checks12 ---


def _pair_number(app: ChatApp, message: Message) -> int:
    """1-based number of the submission ``message`` belongs to (messages kept by identity)."""
    index = next(i for i, kept in enumerate(app.session.messages) if kept is message)
    return index // 2 + 1


class _LateItems(ChatApp):
    """Items of the pairs from :attr:`FROM_PAIR` on carry the class ``late``."""

    FROM_PAIR: ClassVar[int] = 1

    def message_item(self, message: Message) -> Widget:
        item = super().message_item(message)
        if _pair_number(self, message) >= self.FROM_PAIR:
            item.add_class("late")
        return item


@mutant
class BorderMovedFromPairSix(_LateItems):
    """role-borders: from the 6th pair on, agent items have their border on the left."""

    FROM_PAIR = 6
    CSS = ".agent-role.late { border-right: none; border-left: thick $success; }"


@mutant
class AlignmentFlippedFromPairFive(_LateItems):
    """role-alignment: from the 5th pair on, agent text is drawn left-aligned."""

    FROM_PAIR = 5
    CSS = ".agent-role.late { text-align: left; }"


@mutant
class LabelMisspeltFromPairFour(ChatApp):
    """role-labels: from the 4th pair on, the agent label is misspelt ``에이젼트``."""

    def message_item(self, message: Message) -> Widget:
        if message.role is Role.AGENT and _pair_number(self, message) >= 4:
            return _label(f"에이젼트: {message.body}", message)
        return super().message_item(message)


@mutant
class ClassMissingFromPairSeven(ChatApp):
    """role-classes: from the 7th pair on, agent items lack ``response-message``."""

    def message_item(self, message: Message) -> Widget:
        item = super().message_item(message)
        if message.role is Role.AGENT and _pair_number(self, message) >= 7:
            item.remove_class("response-message")
        return item


@mutant
class ScrollsOnlyWhenAtEnd(ChatApp):
    """scroll-to-end: a submission scrolls to the end only when the view was at the end."""

    async def show(self, messages: Sequence[Message]) -> None:
        conversation = _conversation(self)
        at_end = conversation.scroll_y >= conversation.max_scroll_y
        await conversation.mount_all([self.message_item(message) for message in messages])
        if at_end:
            conversation.scroll_end(animate=False)


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


# --- branch spec12 ---


class _UpperRole(_SpelledLikeRole, Enum):
    """Roles spelled in capitals; label and classes still those of :class:`Role`."""

    USER = "USER"
    AGENT = "AGENT"


class _UpperRoleSession(_SpelledRoleSession):
    roles = _UpperRole


@mutant
class UpperCaseRoles(ChatApp):
    """role-values: the roles are stored as ``USER`` and ``AGENT``; screen and classes are right."""

    def __init__(self) -> None:
        super().__init__()
        self.session = _UpperRoleSession()


@mutant
class MarkupAfterEscape(ChatApp):
    """body-source: bodies go through rich.markup.escape(), then markup=True (deliberate)."""

    def message_item(self, message: Message) -> Widget:
        # markup=True on purpose: escape() misses `[/`, `[$accent]`, `[B]`, Textual markup.
        text = f"{message.role.label}: {rich.markup.escape(message.body)}"
        return Label(text, markup=True, classes=" ".join(message.role.classes))


@mutant
class PreviousReplyRewritten(ChatApp):
    """messages-immutable: each new reply is also written into the previous agent item."""

    async def show(self, messages: Sequence[Message]) -> None:
        earlier = _conversation(self).query(".agent-role")
        if earlier:
            earlier.last(Label).update(Content(messages[-1].display_text))
        await super().show(messages)


@mutant
class TelemetryDatagram(ChatApp):
    """no-external-calls: each submission sends a UDP telemetry datagram (no connect call)."""

    STATSD = ("127.0.0.1", 8125)

    def choose_response(self) -> str:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp, contextlib.suppress(OSError):
            udp.sendto(b"chat.submissions:1|c", self.STATSD)
        return super().choose_response()


@mutant
class HelperProcessPerReply(ChatApp):
    """no-external-calls: each reply starts a helper process (subprocess.Popen) to log it."""

    def choose_response(self) -> str:
        response = super().choose_response()
        with contextlib.suppress(OSError):
            subprocess.run([sys.executable, "-c", "pass"], check=False, timeout=5)
        return response


@mutant
class ShellBellPerReply(ChatApp):
    """no-external-calls: each reply rings the terminal bell through ``os.system``."""

    def choose_response(self) -> str:
        with contextlib.suppress(OSError):
            os.system("true")
        return super().choose_response()


@mutant
class ModelHostLookedUp(ChatApp):
    """no-external-calls: each submission resolves the model server's name (a DNS lookup)."""

    def choose_response(self) -> str:
        with contextlib.suppress(OSError):
            socket.getaddrinfo("models.example.com", 443)
        return super().choose_response()


@mutant
class HistoryFileInWorkingDirectory(ChatApp):
    """no-persistence: each submission is appended to a history file in the working directory."""

    HISTORY = "chat_history.jsonl"

    def choose_response(self) -> str:
        with contextlib.suppress(OSError), Path(self.HISTORY).open("a", encoding="utf-8") as file:
            file.write("{}\n")
        return super().choose_response()


@mutant
class HistoryFileInHome(ChatApp):
    """no-persistence: quitting saves the conversation to a file in the home directory."""

    async def action_quit(self) -> None:
        with contextlib.suppress(OSError):
            saved = Path.home() / ".chat_history.json"
            saved.write_text(repr(self.session.messages), encoding="utf-8")
        await super().action_quit()


@mutant
class ControlCharactersShownAsGiven(ChatApp):
    """hardening-control-characters: bodies are shown as given, control characters and all."""

    def message_item(self, message: Message) -> Widget:
        return _label(message.display_text, message)


# -- terminal input: a paste as a terminal sends it ---------------------------------------

from textual._xterm_parser import XTermParser  # noqa: E402 - this branch's block, kept apart


class _DropsTypedInvisible(ChatInput):
    """Textual's ``Input`` as it comes: a typed key ``str.isprintable`` rejects is dropped."""

    async def _on_key(self, event: events.Key) -> None:
        if typed_invisible(event):  # what Input does with it: nothing
            event.stop()
            event.prevent_default()


@mutant
class TypedJoinerDropped(ChatApp):
    """hardening-typed-text-kept: a typed zero-width joiner or bidi mark never reaches the input."""

    def input_field(self) -> Input:
        return _DropsTypedInvisible(placeholder="메시지를 입력하세요", id=self.INPUT_ID)


class _DrawsControlsRaw(ChatInput):
    """Textual's ``Input`` drawing: the value as it is, a pasted ESC included."""

    @property
    def _value(self) -> Text:
        return Text(self.value, no_wrap=True, overflow="ignore", end="")


@mutant
class InputDrawsRawEscape(ChatApp):
    """hardening-control-characters: the input draws a pasted ESC raw, before it is sent."""

    def input_field(self) -> Input:
        return _DrawsControlsRaw(placeholder="메시지를 입력하세요", id=self.INPUT_ID)


@mutant
class PastedEscapesActAsKeys(ChatApp):
    """hardening-control-characters: read with Textual's parser, pasted ESC bytes act as keys."""

    TERMINAL_PARSER = XTermParser
