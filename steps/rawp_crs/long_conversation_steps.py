"""Steps of ``long_conversation.feature``: far-off turns are drawn again as the user scrolls.

A client may keep the turns far above the viewport out of layout (design §9, "Items far
above the viewport"); these steps read the rows drawn in the viewport, never the items'
widgets, so a client that hides nothing passes as well.
"""

from __future__ import annotations

import re

import pytest
from pytest_bdd import parsers, then

from steps.checks import check, scenario_clause
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.history_steps import prompt_of, visible_rows
from steps.screen import screen_rows

MAX_PAGES = 200
"""Page Up presses before the harness gives up reaching the top (a harness error)."""


def _stored_texts(rows: list[str]) -> list[str]:
    """The stored turns' prompts (``질문 N``) and answers (``답변 N``) drawn in ``rows``."""
    return [word for row in rows for word in ("질문", "답변") if word in row]


@then(parsers.parse("the conversation's viewport shows stored turn {number:d}"))
def viewport_shows(crs_driver: CrsDriver, request: pytest.FixtureRequest, number: int) -> None:
    """The prompt of stored turn ``number`` is drawn in the conversation's viewport."""
    clause = scenario_clause(request, "crs-home-scrolls-to-top")
    crs_driver.settle()
    rows = visible_rows(crs_driver)
    prompt = re.compile(rf"{re.escape(prompt_of(number))}(?!\d)")
    check(
        any(prompt.search(row) for row in rows),
        clause,
        "the rows drawn in the conversation's viewport",
        f"the prompt {prompt_of(number)!r}",
        repr([row for row in rows if row][:6]),
    )


def _content_rows(crs_driver: CrsDriver) -> list[str]:
    """The rows drawn in the conversation's viewport, without its scrollbar, stripped."""
    area = crs_driver.conversation.scrollable_content_region
    rows = screen_rows(crs_driver.app)
    return ["".join(row[area.x : area.right]).strip() for row in rows[area.y : area.bottom]]


@then("every page shows a stored turn, and Page Up then Page Down comes back to its rows")
def page_round_trips(crs_driver: CrsDriver, request: pytest.FixtureRequest) -> None:
    """From the end, at each page a stored turn is drawn, and Page Up then Page Down return.

    After the round trip the viewport must draw what it drew before.

    Scrolling by a page moves what is drawn, not what it is drawn over
    (``crs-page-keys-scroll``): a client that changes the content above the viewport as
    it scrolls (turns brought back into layout at another height than the rows they stood
    for) draws other rows after the round trip. Pages closer to the top than one page are
    left out (Page Up stops at the top there).
    """
    clause = scenario_clause(request, "crs-page-keys-scroll")
    conversation = crs_driver.conversation
    for page in range(MAX_PAGES):
        crs_driver.settle()
        if conversation.scroll_y < conversation.scrollable_content_region.height:
            return
        before = _content_rows(crs_driver)
        check(
            bool(_stored_texts(before)),
            clause,
            f"the rows drawn in the viewport after {page} presses of Page Up",
            "a stored turn's prompt or answer",
            repr([row for row in before if row][:6]) or "blank rows",
        )
        crs_driver.press("pageup")
        crs_driver.press("pagedown")
        crs_driver.settle()
        after = _content_rows(crs_driver)
        check(
            after == before,
            clause,
            f"the rows drawn after Page Up and Page Down, {page} pages above the end",
            repr([row for row in before if row][:6]),
            repr([row for row in after if row][:6]),
        )
        crs_driver.press("pageup")
    raise crs_driver.harness_error(f"the conversation is not at its top after {MAX_PAGES} pages")
