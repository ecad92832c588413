"""A prompt sent while a turn runs, and the turn that answers it (issue 38).

002 §2.5.1 ¶1 (l. 58): Enter sends; 004 §1.2 ¶4 (l. 43): a Turn answers one prompt. The
seeds do not say when a prompt sent during a turn reaches the agent: at once, or held
until the running turn ends (decision audit row 22, ``sent_or_queued``). These steps
accept both: the second prompt is typed and sent during the first turn, and the agent
starts the second turn only once it holds the second prompt, after the first turn ended.
"""

from __future__ import annotations

from pytest_bdd import parsers, when

from rawp_port import TextDelta, TurnStarted
from steps.checks import literal, precondition
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.support.turns import PROMPT


@when(parsers.parse('the user sends "{text}" while turn "{turn}" runs'))
def sends_during_turn(crs_driver: CrsDriver, text: str, turn: str) -> None:
    """Type ``text`` and press Enter while ``turn`` runs; it may be sent now or held."""
    crs_driver.type_text(literal(text))
    crs_driver.press("enter")


@when(parsers.parse('the agent starts turn "{turn}" for prompt {number:d} and streams text'))
def starts_turn_for(crs_driver: CrsDriver, turn: str, number: int) -> None:
    """Publish ``turn``'s start and two text deltas, once the agent holds prompt ``number``.

    Raises:
        Blocked: The agent holds fewer than ``number`` prompts (a precondition, charged to
            ``crs-enter-sends``: a held prompt must be sent once the running turn ended).
    """
    sent = crs_driver.agent.sent_of(PROMPT)
    precondition(
        len(sent) >= number,
        "crs-enter-sends",
        "the prompts the agent received once the earlier turn ended",
        f"at least {number}",
        len(sent),
    )
    crs_driver.publish(
        TurnStarted(turn), TextDelta(turn, "The lexer reads "), TextDelta(turn, "characters")
    )
