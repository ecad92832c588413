"""Storage of the list-view chat screen: a ledger of exchanges, messages derived from it.

Only exchanges are stored, one per valid submission; the message list, the record of
submitted inputs and the record of selected responses are views of that one list, so
they cannot disagree (clauses ``pair-order``, ``session-records``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Speaker(StrEnum):
    """Who wrote a message; the string value is the role the contract fixes."""

    USER = "user"
    AGENT = "agent"


HEADINGS = {Speaker.USER: "사용자", Speaker.AGENT: "에이전트"}
"""Screen label of each speaker."""
STYLE = {
    Speaker.USER: "chat-message user-message user-role",
    Speaker.AGENT: "chat-message response-message agent-role",
}
"""CSS classes of the label of each speaker's item."""


@dataclass(frozen=True, kw_only=True)
class Exchange:
    """One valid submission: the stripped prompt and the reply chosen for it."""

    prompt: str
    reply: str

    def messages(self) -> tuple[tuple[Speaker, str], tuple[Speaker, str]]:
        """The exchange's two messages, user first: ``(speaker, body)``."""
        return (Speaker.USER, self.prompt), (Speaker.AGENT, self.reply)


@dataclass
class Ledger:
    """Every exchange of one run, in memory only."""

    exchanges: list[Exchange] = field(default_factory=list)

    def add(self, prompt: str, reply: str) -> Exchange:
        """Append one exchange and return it."""
        exchange = Exchange(prompt=prompt, reply=reply)
        self.exchanges.append(exchange)
        return exchange

    @property
    def messages(self) -> list[tuple[Speaker, str]]:
        """Every message, in display order."""
        return [message for exchange in self.exchanges for message in exchange.messages()]
