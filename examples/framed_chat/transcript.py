"""What the screen remembers: immutable messages and the two session records (seed 001).

Seed 000 계약 ¶1-2: each message carries its author role (``user`` or ``agent``) and its
body; seed 001 흐름 5 and 관찰 가능성: the messages, the submitted inputs and the selected
responses are kept in memory, in submission order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

SCREEN_LABELS: Final[dict[str, str]] = {"user": "사용자", "agent": "에이전트"}
"""Role value to screen label (seed 000 계약 ¶3)."""

ROLE_CLASSES: Final[dict[str, tuple[str, ...]]] = {
    "user": ("chat-message", "user-message", "user-role"),
    "agent": ("chat-message", "response-message", "agent-role"),
}
"""Role value to the classes of its item (seed 000 계약 ¶5)."""


@dataclass(frozen=True, slots=True)
class Utterance:
    """One message: its role (``"user"`` or ``"agent"``) and its body, never changed.

    Raises:
        ValueError: ``role`` is not one of the two role values.
    """

    role: str
    body: str

    def __post_init__(self) -> None:
        if self.role not in SCREEN_LABELS:
            raise ValueError(f"unknown role {self.role!r}")

    @property
    def label(self) -> str:
        """The item's text: ``사용자: 본문`` or ``에이전트: 본문`` (seed 000 계약 ¶4)."""
        return f"{SCREEN_LABELS[self.role]}: {self.body}"


@dataclass
class Transcript:
    """The in-memory message list and the records of inputs and responses (seed 001 흐름 5)."""

    utterances: list[Utterance] = field(default_factory=list)
    inputs: list[str] = field(default_factory=list)
    replies: list[str] = field(default_factory=list)

    def record(self, prompt: str, reply: str) -> tuple[Utterance, Utterance]:
        """Append one exchange: the user's message, then the agent's right after it.

        Args:
            prompt: The stripped, non-blank input.
            reply: The response chosen for it.

        Returns:
            The two new messages, user first.
        """
        pair = (Utterance("user", prompt), Utterance("agent", reply))
        self.utterances.extend(pair)
        self.inputs.append(prompt)
        self.replies.append(reply)
        return pair
