"""The interaction UI of part 4 as drawn: its region, its labels and their styles."""

from __future__ import annotations

from textual.geometry import Region
from textual.widget import Widget

from steps.checks import check, literal
from steps.rawp_crs.driver import CrsDriver
from steps.screen import Cell, screen_cells, text_columns, text_width


def ui_region(crs_driver: CrsDriver, clause: str) -> Region:
    """The region of the interaction UI on the screen; fail under ``clause`` if none is shown."""
    widget = interaction_ui(crs_driver)
    check(widget is not None, clause, "the interaction UI", "shown", "nothing shown")
    assert widget is not None
    return widget.region


def find_label(crs_driver: CrsDriver, region: Region, label: str) -> tuple[int, int] | None:
    """``(x, y)`` of the first cell of ``label`` drawn as a whole word inside ``region``.

    Columns are cells (a double-width character takes two), see ``text_columns``.
    """
    cells = screen_cells(crs_driver.app)
    width = text_width(label)
    for y in range(region.y, min(region.bottom, len(cells))):
        row = cells[y][region.x : region.right]
        for found in text_columns(row, label):
            before = row[found - 1].char[-1:] if found else " "
            after = row[found + width].char[:1] if found + width < len(row) else " "
            if not before.isalnum() and not after.isalnum():
                return region.x + found, y
    return None


def style_of(cell: Cell) -> Style:
    """What a highlight or a hover may change on a cell: colours and attributes."""
    style = cell.style
    return (
        cell.background,
        cell.foreground,
        bool(style.bold),
        bool(style.italic),
        bool(style.underline),
        bool(style.reverse),
        bool(style.dim),
        bool(style.strike),
    )


Style = tuple[object, ...]


def interaction_ui(crs_driver: CrsDriver) -> Widget | None:
    """The interaction UI shown now (a displayed widget with a non-empty region), or ``None``."""
    selector = str(crs_driver.part4.interaction_selector)
    widget: Widget
    for widget in crs_driver.app.screen.query(selector):
        if widget.display and widget.region.area > 0:
            return widget
    return None


def ui_text(crs_driver: CrsDriver, region: Region) -> list[str]:
    """The rows drawn inside ``region``, top down."""
    cells = screen_cells(crs_driver.app)
    return [
        "".join(cell.char for cell in cells[y][region.x : region.right])
        for y in range(region.y, min(region.bottom, len(cells)))
    ]


def split_options(text: str | None) -> tuple[str, ...]:
    """The comma-separated options of a step, escapes decoded; ``()`` for none."""
    return tuple(literal(option.strip()) for option in text.split(",")) if text else ()
