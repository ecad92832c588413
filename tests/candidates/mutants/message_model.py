"""Mutants of seed area Message model.

Each is the reference chat_screen app with one defect in that area, caught by a
scenario of ``features/chat_screen/`` citing its clause.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar

import rich.markup
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Label

from reference_app.app import ChatApp
from reference_app.model import Message, Role, Session
from tests.candidates.mutants._registry import mutant
from tests.candidates.mutants._shared import _conversation


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


@mutant
class MarkupInterpreted(ChatApp):
    """body-source: bodies are rendered as Textual markup: ``[bold]`` vanishes, ``[/]`` crashes."""

    def message_item(self, message: Message) -> Widget:
        return Label(message.display_text, classes=" ".join(message.role.classes))


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
