"""The file browser dialog (part 5) under the pointer: clicks, hover, rows and breadcrumb.

Helpers of the file browser's step modules (``file_browser_*_steps``,
``workspace_selection_steps``); the dialog is read by :mod:`.browser_view`.
"""

from __future__ import annotations

from itertools import pairwise

import pytest

from steps.checks import cited_clauses, literal, violation
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.part5.browser_view import (
    EntryRow,
    area_text,
    box_region,
    breadcrumb_rows,
    find_entry,
    find_word,
)
from steps.screen import Cell


def click_widget(crs_driver: CrsDriver, css: str) -> None:
    """Click the middle of the widget ``css`` names."""
    region = crs_driver.query_one(css).region
    click_at(crs_driver, region.x + region.width // 2, region.y + region.height // 2)


def click_at(crs_driver: CrsDriver, x: int, y: int, times: int = 1) -> None:
    """Click screen cell ``(x, y)`` ``times`` times in a row (2: a double click)."""
    crs_driver.click(x, y, times=times)


def hover_at(crs_driver: CrsDriver, x: int, y: int) -> None:
    """Move the pointer to screen cell ``(x, y)``."""
    crs_driver.hover(x, y)


def hover_away(crs_driver: CrsDriver) -> None:
    """Move the pointer onto the dialog's top-left corner, off every entry."""
    box = box_region(crs_driver)
    hover_at(crs_driver, box.x, box.y)


def row_of(crs_driver: CrsDriver, name: str, clause: str) -> EntryRow:
    """The row of entry ``name``, scrolled into view; a violation of ``clause`` if none shows it."""
    row = find_entry(crs_driver, literal(name))
    if row is None:
        violation(
            clause,
            "the tree area",
            f"a row showing the entry {name!r}",
            repr(area_text(crs_driver)),
        )
    return row


def browser_clause(request: pytest.FixtureRequest) -> str:
    """The first clause the running scenario cites (shared checks report under it)."""
    cited = cited_clauses(request.node)
    return cited[0] if cited else "crs-fb-confirm-sets-workspace"


def describe_row(row: EntryRow) -> str:
    """A row as a verdict shows it: its text, chevron and icon with their columns."""
    text = "".join(cell.char for cell in row.cells).rstrip()
    parts = f"chevron {row.chevron!r} at {row.chevron_x}, icon {row.icon!r} at {row.icon_x}"
    return f"{text!r} ({parts}, name at {row.name_x})"


def breadcrumb_text(crs_driver: CrsDriver) -> str:
    """The breadcrumb's rows as drawn, joined by newlines (for a verdict)."""
    return "\n".join("".join(c.char for c in cells) for _, cells in breadcrumb_rows(crs_driver))


def find_crumb_line(
    crs_driver: CrsDriver, segments: list[str]
) -> tuple[str, list[tuple[int, int]]] | None:
    """The breadcrumb row drawing all ``segments`` in order and their column spans, if any."""
    box = box_region(crs_driver)
    for _, cells in breadcrumb_rows(crs_driver):
        spans, start = [], 0
        for segment in segments:
            found = find_word(cells[start:], box.x + start, segment)
            if found is None:
                break
            spans.append(found)
            start = found[1] - box.x
        if len(spans) == len(segments):
            return "".join(c.char for c in cells), spans
    return None


def crumb_gaps(cells: list[Cell], left: int, spans: list[tuple[int, int]]) -> list[str]:
    """What ``cells`` (one breadcrumb row, screen column ``left`` first) draw between spans.

    Read on the row the segments were found on (not the first row with something at their
    columns, which was the dialog's top border: ``───``), by cells, so a wide segment (two
    cells a character) keeps the columns right. Each gap is stripped.
    """
    line = [cell.char for cell in cells]
    return ["".join(line[a[1] - left : b[0] - left]).strip() for a, b in pairwise(spans)]
