"""Steps of ``features/rawp_crs/long_conversation.feature``.

Every turn of a long conversation is drawn wherever the user scrolls.
"""

from __future__ import annotations

import itertools
import re

import pytest
from pytest_bdd import parsers, then

from steps.checks import check, scenario_clause
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.support.history import prompt_of, visible_rows
from steps.screen import screen_rows

MAX_PAGES = 200
"""Page Up presses before the harness gives up reaching the top (a harness error)."""


def _stored_texts(rows: list[str]) -> list[str]:
    """A stored turn's own words drawn in ``rows``: its prompt, thinking, tool output or answer.

    A turn drawn taller than the viewport (frames and padding around its blocks) may fill a
    page with its thinking and tool blocks alone: any of its words shows the page is there.
    """
    return [found.group(0) for row in rows for found in TOKEN.finditer(row)]


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
    """From the end to the top, each page draws stored turns in order and survives a round trip.

    Each page of a drawn conversation holds some of a stored turn (``crs-page-keys-scroll``:
    the page keys scroll what is there to see, not blank rows), its prompt, thinking, tool
    output or answer (a turn drawn taller than the viewport may fill a page with its middle).
    Each page draws the turns in order, none left out
    between two it draws: a client that draws far-off turns again as the user scrolls
    up must draw the ones next to the viewport, where they belong. After Page Up and Page
    Down the viewport draws what it drew: scrolling moves what is drawn, not what it is
    drawn over (a client bringing turns back into layout at another height than the rows
    they stood for draws other rows). The round trip is left out within one page of the
    top (Page Up stops at the top there).
    """
    clause = scenario_clause(request, "crs-page-keys-scroll")
    conversation = crs_driver.conversation
    for page in range(MAX_PAGES):
        crs_driver.settle()
        before = _content_rows(crs_driver)
        where = f"the rows drawn in the viewport after {page} presses of Page Up"
        check(
            bool(_stored_texts(before)),
            clause,
            where,
            "a stored turn's prompt, thinking, tool output or answer",
            repr([row for row in before if row][:6]) or "blank rows",
        )
        _check_in_order(before, clause, where)
        if conversation.scroll_y <= 0:
            return
        if conversation.scroll_y >= conversation.scrollable_content_region.height:
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


TOKEN = re.compile(r"(질문|생각|내용|답변) (\d+)(?!\d)")
"""A stored turn's own words with its number (``질문 7``, ``답변 7``, ...)."""


def _check_in_order(rows: list[str], clause: str, where: str) -> None:
    """The turns drawn in ``rows`` are consecutive stored turns, oldest at the top."""
    numbers = [int(found.group(2)) for row in rows for found in TOKEN.finditer(row)]
    steps = list(itertools.pairwise(numbers))
    check(
        all(later in (earlier, earlier + 1) for earlier, later in steps),
        clause,
        where,
        "the stored turns in order, none missing between two drawn",
        repr(numbers),
    )
