"""Conversation storage of the alternative chat screen: entries and exchanges.

Roles are plain strings constrained by a ``Literal`` type; labels and CSS classes are
looked up from the role (clauses ``role-values``, ``role-labels``, ``role-classes``,
``label-and-classes-from-role``).
"""

from __future__ import annotations

from typing import Literal, NamedTuple, get_args

Author = Literal["user", "agent"]
"""Who wrote an entry; the string is the role value the contract fixes."""
AUTHORS: tuple[Author, ...] = get_args(Author)
"""Every role, derived from :data:`Author`."""

SCREEN_LABEL: dict[Author, str] = {"user": "사용자", "agent": "에이전트"}
"""Label shown before the body, per role."""
STYLE_CLASSES: dict[Author, tuple[str, ...]] = {
    "user": ("chat-message", "user-message", "user-role"),
    "agent": ("chat-message", "response-message", "agent-role"),
}
"""CSS classes of the text widget of an entry, per role."""


class Entry(NamedTuple):
    """One message: its author and its literal body. A tuple, so it cannot change.

    Attributes:
        author: ``"user"`` or ``"agent"``.
        body: The stripped input or the chosen response.
    """

    author: Author
    body: str

    @property
    def line(self) -> str:
        """``<label>: <body>``, the text the screen shows for this entry."""
        return f"{SCREEN_LABEL[self.author]}: {self.body}"


class Exchange(NamedTuple):
    """One valid submission: what was typed (stripped) and what was answered.

    Attributes:
        prompt: The stripped input.
        reply: The response chosen for it.
    """

    prompt: str
    reply: str


class Conversation:
    """Everything one run remembers, in memory only.

    Attributes:
        entries: Every message, in display order.
        exchanges: One record per valid submission, in order.
    """

    def __init__(self) -> None:
        self.entries: list[Entry] = []
        self.exchanges: list[Exchange] = []

    def add_exchange(self, prompt: str, reply: str) -> tuple[Entry, Entry]:
        """Record one submission and return its two entries, user first."""
        pair = (Entry("user", prompt), Entry("agent", reply))
        self.entries += pair
        self.exchanges.append(Exchange(prompt, reply))
        return pair
