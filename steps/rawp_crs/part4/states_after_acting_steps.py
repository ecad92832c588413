"""States a person reaches before a state-dependent clause is checked (issue 38).

Each state is reached as a person reaches it, from a conversation several screens tall
shown at its end: reading back with Page Up or the mouse wheel, pressing Home, opening a
popup and closing it with Escape (then Backspace for the trigger character left in the
input), cancelling a turn with Escape. ``features/rawp_crs/states_after_acting.feature``
then checks, from each, what the seeds demand whatever came before: Enter sends (002
§2.5.1 ¶1, l. 58), Escape cancels a running turn (§2.5.2), ``/`` and ``@`` open their
popups (004 §3.2, §3.4), typing goes to the input (002 §2.5.5), ↑ recalls (§2.5.4).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pytest_bdd import given, parsers, then

from rawp_port import SystemNotice, TextDelta, TurnEnded, TurnStarted
from steps.checks import check, literal, scenario_clause
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.support.turns import PROMPT, send

EARLIER = "an earlier question"
"""The prompt of the turn the user cancels in the state ``cancelled a turn with Escape``."""
WHEEL_NOTCHES = 5
"""Notches of the wheel turned up in the state ``read back with the mouse wheel``."""


def _page_up(crs_driver: CrsDriver) -> None:
    crs_driver.press("pageup")


def _wheel(crs_driver: CrsDriver) -> None:
    region = crs_driver.conversation.region
    x, y = region.x + region.width // 2, region.y + region.height // 2
    for _ in range(WHEEL_NOTCHES):
        crs_driver.wheel(x, y, down=False, doing="turning the wheel up over the conversation")


def _home(crs_driver: CrsDriver) -> None:
    crs_driver.press("home")


def _closed_popup(trigger: str) -> Callable[[CrsDriver], None]:
    def act(crs_driver: CrsDriver) -> None:
        crs_driver.type_text(trigger)
        crs_driver.press("escape")
        if crs_driver.input_value:  # the trigger stays in the input: the user erases it
            crs_driver.press("backspace")

    return act


def _cancelled(crs_driver: CrsDriver) -> None:
    send(crs_driver, EARLIER)
    crs_driver.publish(TurnStarted("c1"), TextDelta("c1", "Let me look "))
    crs_driver.press("escape")
    crs_driver.publish(SystemNotice("cancelled", "응답이 중지되었습니다"), TurnEnded("c1"))


STATES: dict[str, Callable[[CrsDriver], None]] = {
    "read back with Page Up": _page_up,
    "read back with the mouse wheel": _wheel,
    "pressed Home": _home,
    "opened the command popup with / and closed it with Escape": _closed_popup("/"),
    "opened the file popup with @ and closed it with Escape": _closed_popup("@"),
    "cancelled a turn with Escape": _cancelled,
}
"""Each state by its words in the feature, and how a person reaches it."""


@given(parsers.parse("the user has just {acted}"))
def user_has_acted(crs_driver: CrsDriver, acted: str) -> None:
    """Bring the client to the state ``acted`` names, as a person would (:data:`STATES`).

    Raises:
        ValueError: ``acted`` names no state.
    """
    if acted not in STATES:
        raise ValueError(f"unknown state {acted!r}; known: {sorted(STATES)}")
    STATES[acted](crs_driver)


@then(parsers.parse('the client sent "{text}" once, as its latest prompt'))
def latest_prompt(crs_driver: CrsDriver, request: pytest.FixtureRequest, text: str) -> None:
    """The agent's latest ``control.prompt.request`` carries ``text``, and no other does.

    A prompt held until a running turn ends counts when sent (decision audit row 22); no
    turn runs in these scenarios when Enter is pressed.
    """
    clause = scenario_clause(request, "crs-enter-sends")
    texts = [getattr(frame, "prompt_text", None) for frame in crs_driver.agent.sent_of(PROMPT)]
    wanted = literal(text)
    check(
        bool(texts) and texts[-1] == wanted and texts.count(wanted) == 1,
        clause,
        "the prompts the agent received",
        f"{wanted!r} once, the latest",
        texts,
    )
