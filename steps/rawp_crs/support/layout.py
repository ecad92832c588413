"""The agent's traffic of a scenario: its turns and answer, and publishing an answer.

The ``traffic`` fixture is shared by the steps of actor_layout, cancelling,
forward_compatibility and the shared steps.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rawp_port import (
    TextDelta,
    TurnEnded,
    TurnStarted,
)
from steps.rawp_crs.driver import CrsDriver


@dataclass
class Traffic:
    """What the scenario's agent has published so far."""

    turns: int = 0
    """Turns started."""
    answer: str = ""
    """The text of the last answer."""
    notice: str = ""
    """The text of the last system notice."""
    output: str = ""
    """The output of the last tool result."""
    unknown: list[str] = field(default_factory=list)
    """Types of the unknown events published."""


def next_turn(traffic: Traffic) -> str:
    """A new turn id (``turn-1``, ``turn-2``, ...), counted in ``traffic``."""
    traffic.turns += 1
    return f"turn-{traffic.turns}"


def publish_answer(crs_driver: CrsDriver, traffic: Traffic, text: str) -> None:
    """Publish one turn whose text is ``text``: start, one delta, end."""
    traffic.answer = text
    turn = next_turn(traffic)
    crs_driver.publish(TurnStarted(turn), TextDelta(turn, traffic.answer), TurnEnded(turn))
