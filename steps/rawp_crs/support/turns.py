"""Turns of the conversation: sending a prompt and reading the rows the conversation draws."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rawp_port import TurnEnded, TurnStarted
from steps.checks import precondition
from steps.rawp_crs.driver import CrsDriver
from steps.screen import screen_rows

PROMPT = "control.prompt.request"
"""RAWP type name of a sent message."""
CANCEL = "control.prompt.cancel"
"""RAWP type name of the frame that cancels the running turn."""
ANSWER = "Done: the parser is refactored."
"""The agent's answer in a turn run by :func:`steps.rawp_crs.shared_steps.whole_turn`."""


QUEUED_TURNS = 8
"""Turns the agent ends, at most, for prompts a client holds while a turn runs."""


def send(crs_driver: CrsDriver, text: str) -> None:
    """Type ``text`` and press Enter; the client must have sent it as a prompt.

    A precondition of the scenario (``crs-enter-sends``): sent at once, or held while a turn
    runs and sent when it ends (:func:`sent_or_queued`).
    """
    before = len(crs_driver.agent.sent_of(PROMPT))
    crs_driver.type_text(text)
    crs_driver.press("enter")
    sent = sent_or_queued(crs_driver, lambda frames: len(frames) > before)
    precondition(
        len(sent) == before + 1,
        "crs-enter-sends",
        "the prompts the agent received",
        f"{before + 1} after sending {text!r}",
        str(len(sent)),
    )


def sent_or_queued(crs_driver: CrsDriver, enough: Callable[[list[Any]], bool]) -> list[Any]:
    """The prompts the agent received, once ``enough`` of them, or once no more come.

    A prompt sent while a turn runs may reach the agent at once or when that turn ends: the
    seeds do not say when (002 §2.5.1 ¶1, l. 58: Enter sends; 004 §1.2, l. 43: a Turn
    answers one prompt; decision audit row 22). While ``enough`` does not hold, the agent
    ends one turn (a fresh ``session.turn.start`` and ``session.turn.end``), as it would
    once it answered, and the prompts are read again; it stops when no prompt came of it.
    """
    sent: list[Any] = crs_driver.agent.sent_of(PROMPT)
    for number in range(QUEUED_TURNS):
        if enough(sent):
            break
        turn = f"held-{number + 1}"
        crs_driver.publish(TurnStarted(turn), TurnEnded(turn))
        more: list[Any] = crs_driver.agent.sent_of(PROMPT)
        if len(more) == len(sent):
            break
        sent = more
    return sent


def conversation_rows(crs_driver: CrsDriver) -> list[tuple[int, str]]:
    """Return the rows drawn inside the conversation area: ``(screen row, text)``, top down.

    Only the conversation's region of the composed screen is read, so a header clock or a
    footer never counts; trailing blanks are trimmed.
    """
    region = crs_driver.conversation.region
    rows = screen_rows(crs_driver.app)
    return [
        (y, "".join(rows[y][region.x : region.right]).rstrip())
        for y in range(region.y, min(region.bottom, len(rows)))
    ]
