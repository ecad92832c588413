"""Role model, message value and session records.

Clauses ``message-role-and-body``, ``role-values``, ``role-labels``, ``role-classes`` and
``session-records``.

Everything shown on screen is derived from a :class:`Role`; nothing is inferred back
from a widget, a position or a CSS class.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class Role(Enum):
    """Who wrote a message. The value is the role name the contract fixes."""

    USER = "user"
    """The person typing into the input."""
    AGENT = "agent"
    """The responder, whose bodies come from the fixed response list."""

    @property
    def label(self) -> str:
        """Screen label of the role: ``사용자`` or ``에이전트`` (clause ``role-labels``)."""
        return _LABELS[self]

    @property
    def classes(self) -> tuple[str, ...]:
        """CSS classes of an item of this role, in contract order (clause ``role-classes``)."""
        return ("chat-message", *_ROLE_CLASSES[self])


_LABELS = {Role.USER: "사용자", Role.AGENT: "에이전트"}
_ROLE_CLASSES = {
    Role.USER: ("user-message", "user-role"),
    Role.AGENT: ("response-message", "agent-role"),
}


@dataclass(frozen=True, slots=True)
class Message:
    """One message: an explicit role and a literal body. Immutable once built.

    Attributes:
        role: Who wrote it.
        body: The stripped user input or the chosen response; never markup.
    """

    role: Role
    body: str

    @property
    def display_text(self) -> str:
        """``<label>: <body>``: label, colon, one space, body (clause ``display-format``)."""
        return f"{self.role.label}: {self.body}"


@dataclass(slots=True)
class Session:
    """In-memory state of one run of the app; nothing is persisted.

    Attributes:
        messages: Every message in display order, user then agent for each submission.
        submitted_inputs: Each valid submission's stripped input, in order.
        selected_responses: Each chosen response, in the same order.
    """

    messages: list[Message] = field(default_factory=list)
    submitted_inputs: list[str] = field(default_factory=list)
    selected_responses: list[str] = field(default_factory=list)

    def record(self, text: str, response: str) -> tuple[Message, Message]:
        """Append one exchange to the message list and both session records.

        Args:
            text: The stripped, non-blank input.
            response: The response chosen for it.

        Returns:
            The user message and the agent message, in display order.
        """
        pair = (Message(Role.USER, text), Message(Role.AGENT, response))
        self.messages.extend(pair)
        self.submitted_inputs.append(text)
        self.selected_responses.append(response)
        return pair
