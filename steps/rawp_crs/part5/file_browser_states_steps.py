"""Steps of ``features/rawp_crs/file_browser_states.feature``.

Loading, offline, unreadable, cyclic, truncated and partial answers.
"""

from __future__ import annotations

import re

import pytest
from pytest_bdd import parsers, then, when

from steps.checks import check, literal, violation
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.part5.browser import browser_clause, click_at, describe_row, hover_at, row_of
from steps.rawp_crs.part5.browser_view import (
    SPINNER_GLYPHS,
    area_text,
    box_region,
    box_text,
    entry_row,
    find_word,
    tree_region,
    wheel,
)
from steps.screen import screen_cells, screen_text

RETRY_WORDS = ("재시도", "다시 시도", "Retry", "retry")
"""How a retry button may be labelled (``crs-fb-node-offline``)."""


@when("browsing works again")
def browse_works(crs_driver: CrsDriver) -> None:
    """Stop making browse calls fail."""
    crs_driver.agent.fail("browse", None)


@when(parsers.parse('the user hovers over "{name}"'))
def hover_entry(crs_driver: CrsDriver, name: str) -> None:
    """Move the pointer onto the entry's name."""
    row = row_of(crs_driver, name, "crs-fb-hover-feedback")
    hover_at(crs_driver, row.name_x, row.y)


@when("the user clicks the retry button")
def click_retry(crs_driver: CrsDriver) -> None:
    """Click the offline panel's retry control, found by its label (``crs-fb-node-offline``)."""
    area = tree_region(crs_driver)
    cells = screen_cells(crs_driver.app)
    for y in range(area.y, area.bottom):
        for word in RETRY_WORDS:
            found = find_word(cells[y][area.x : area.right], area.x, word)
            if found is not None:
                click_at(crs_driver, found[0], y)
                return
    violation(
        "crs-fb-node-offline",
        "the tree area",
        f"a retry button ({' / '.join(RETRY_WORDS)})",
        repr(area_text(crs_driver)),
    )


@then(parsers.parse('"{name}" stays collapsed and shows no children'))
def stays_collapsed(crs_driver: CrsDriver, request: pytest.FixtureRequest, name: str) -> None:
    """No ``▼`` and the next row is not indented under it."""
    clause = browser_clause(request)
    row = row_of(crs_driver, name, clause)
    check(
        row.chevron != "▼",
        clause,
        f"the row of {name!r}",
        "still collapsed (no ▼)",
        describe_row(row),
    )


@then(parsers.parse('a note says {count} more entries under "{name}"'))
def truncation(crs_driver: CrsDriver, count: str, name: str) -> None:
    """``외 N개 항목`` under the directory, N = total minus sent (``crs-fb-truncation-note``)."""
    clause = "crs-fb-truncation-note"
    text = _text_under(crs_driver, name, clause)
    numbers = [found.replace(",", "") for found in re.findall(r"외\s*([\d,]+)\s*개\s*항목", text)]
    check(
        count.replace(",", "") in numbers,
        clause,
        f"the rows under {name!r}",
        f"외 {count}개 항목",
        repr(text[:400]),
    )


def _text_under(crs_driver: CrsDriver, name: str, clause: str) -> str:
    """The tree area's rows under ``name``'s, scrolling down while its row stays in view."""
    row = row_of(crs_driver, name, clause)
    seen: list[str] = []
    for _ in range(10):
        lines = area_text(crs_driver).split("\n")
        seen.extend(lines[row.y - tree_region(crs_driver).y + 1 :])
        found = entry_row(crs_driver, literal(name)) if wheel(crs_driver, down=True) else None
        if found is None:
            break
        row = found
    return "\n".join(seen)


@then("a spinner is drawn at the centre of the tree area")
def centred_spinner(crs_driver: CrsDriver) -> None:
    """Spinner glyphs around the area's centre, within a sixth (``crs-fb-initial-spinner``)."""
    clause = "crs-fb-initial-spinner"
    area = tree_region(crs_driver)
    cells = screen_cells(crs_driver.app)
    spots = [
        (x, y)
        for y in range(area.y, area.bottom)
        for x in range(area.x, area.right)
        if cells[y][x].char in SPINNER_GLYPHS
    ]
    check(bool(spots), clause, "the tree area", "a spinner", repr(area_text(crs_driver)))
    mid_x = (min(x for x, _ in spots) + max(x for x, _ in spots)) / 2
    mid_y = (min(y for _, y in spots) + max(y for _, y in spots)) / 2
    cx, cy = area.x + area.width / 2, area.y + area.height / 2
    ok = abs(mid_x - cx) <= max(2, area.width / 6) and abs(mid_y - cy) <= max(1, area.height / 6)
    check(
        ok,
        clause,
        "the spinner",
        f"centred in the tree area (centre {cx:.0f},{cy:.0f})",
        f"at {mid_x:.0f},{mid_y:.0f}",
    )


@then(parsers.parse('the tree area shows "{text}"'))
def area_shows(crs_driver: CrsDriver, request: pytest.FixtureRequest, text: str) -> None:
    """``text`` is drawn inside the tree area."""
    seen = area_text(crs_driver)
    check(
        literal(text) in seen,
        browser_clause(request),
        "the tree area",
        repr(literal(text)),
        repr(seen),
    )


@then(parsers.parse('the dialog shows "{text}" below "{name}"'))
def warning_below(
    crs_driver: CrsDriver, request: pytest.FixtureRequest, text: str, name: str
) -> None:
    """``text`` is drawn in the dialog below the entry ``name`` (``crs-fb-partial-failure``)."""
    box = box_region(crs_driver)
    lines = box_text(crs_driver).split("\n")
    rows = [box.y + i for i, line in enumerate(lines) if literal(text) in line]
    last = row_of(crs_driver, name, browser_clause(request)).y
    check(
        any(y > last for y in rows),
        browser_clause(request),
        "the dialog",
        f"{text!r} below {name!r} (row {last})",
        repr(rows),
    )


@then(parsers.parse('"{text}" appears on the screen'))
def appears(crs_driver: CrsDriver, text: str) -> None:
    """``text`` is drawn somewhere, within the bound (a tooltip may take its delay)."""
    wanted = literal(text)
    crs_driver.wait_until(
        lambda: wanted in screen_text(crs_driver.app), f"{wanted!r} on the screen"
    )
