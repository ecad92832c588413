"""The file browser dialog as drawn (004 §7): its box, tree area, breadcrumb and entry rows.

Widget-agnostic: the adapter names the dialog's box and its tree area (docs/adapters.md,
"Part 5: file browser"); everything else is read from the composed screen's cells. An
entry's row is found by its name drawn as a whole word inside the tree area; its icon is
the glyphs just left of the name, its chevron the nearest glyph left of the icon (004
§7.2.1: indentation, chevron, icon, name, extra information). A Textual ``Tree``, a list of
row widgets and a hand-drawn ``render_line`` are read alike.

The spec sets no height for the tree area, so an entry may be scrolled out of it: the
``find_*`` helpers turn the mouse wheel over the tree area, as a user would, until the name
is drawn or the area stops moving (at most :data:`WHEEL_LIMIT` turns each way).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from textual.app import App
from textual.geometry import Region

from steps.rawp_crs.driver import CrsDriver
from steps.screen import Cell, screen_cells
from steps.verdicts import HARNESS_PREFIX, HarnessError

"""What the members looked up here are for (the ERROR message of a missing one)."""
CHEVRONS = frozenset("▶▼")
"""The chevrons 004 §7.2.1 names: collapsed and expanded."""
SPINNER_GLYPHS = frozenset("|/-\\◐◓◑◒◴◵◶◷◜◝◞◟⏳⌛↻⟳●•∙○◌✳✶✷✸✹✺✻✼✽◰◱◲◳◢◣◤◥") | frozenset(
    chr(code) for code in range(0x2801, 0x2900)
)
"""Glyphs a terminal spinner draws: braille dots (U+2801-28FF), line, circle, clock and star
spinners, and Textual's ``LoadingIndicator`` dot (``crs-fb-expansion-spinner``,
``crs-fb-initial-spinner``)."""
LEFT_BARS = frozenset("▏▎▍▌▋▊▉█┃▐│")
"""Glyphs a one-cell left bar is drawn with (``crs-fb-selected-style``)."""
WHEEL_LIMIT = 100
"""Most wheel turns one search makes each way (a tree of 100 wheel turns is not scanned)."""
SPACES = frozenset({" ", "\u00a0"})
"""Cells that separate the parts of a row (the right half of a wide glyph, ``""``, does not)."""


@dataclass(frozen=True)
class EntryRow:
    """Where the parts of one entry's row are drawn (screen cells).

    Attributes:
        y: The row.
        name_x: The column of the name's first cell.
        name_end: The column after the name's last cell.
        icon: The glyphs just left of the name.
        icon_x: The icon's first column.
        chevron: The nearest glyph left of the icon (``""`` when there is none).
        chevron_x: Its column (``-1`` when there is none).
        cells: The row's cells inside the tree area.
        left: The tree area's first column.
    """

    y: int
    name_x: int
    name_end: int
    icon: str
    icon_x: int
    chevron: str
    chevron_x: int
    cells: list[Cell]
    left: int

    def after_name(self) -> str:
        """The text drawn right of the name, to the tree area's edge."""
        return "".join(cell.char for cell in self.cells[self.name_end - self.left :])

    def name_cells(self) -> list[Cell]:
        """The cells of the name."""
        return self.cells[self.name_x - self.left : self.name_end - self.left]


def css(value: object, name: str) -> str:
    """``value``, the adapter's part-5 selector ``name``, checked to be a CSS selector.

    Raises:
        HarnessError: It is not a string.
    """
    if not isinstance(value, str):
        raise HarnessError(f"{HARNESS_PREFIX}: the adapter's `{name}` must be a CSS selector")
    return value


def box_selector(driver: CrsDriver) -> str:
    """The dialog's box (part 5's ``file_browser_selector``)."""
    return css(driver.part5.file_browser_selector, "file_browser_selector")


def tree_selector(driver: CrsDriver) -> str:
    """The tree area inside the dialog (part 5's ``file_tree_selector``)."""
    return css(driver.part5.file_tree_selector, "file_tree_selector")


def manual_path_selector(driver: CrsDriver) -> str:
    """The manual path field (part 5's ``manual_path_selector``)."""
    return css(driver.part5.manual_path_selector, "manual_path_selector")


def select_button_selector(driver: CrsDriver) -> str:
    """The ``선택`` button (part 5's ``select_button_selector``)."""
    return css(driver.part5.select_button_selector, "select_button_selector")


def dialog_open(driver: CrsDriver) -> bool:
    """Whether the dialog's box is on the active screen."""
    return bool(list(driver.app.screen.query(box_selector(driver))))


def region_of(driver: CrsDriver, selector: str) -> Region:
    """The screen region of the one widget ``selector`` names, clipped to the screen."""
    widget = driver.query_one(selector)
    return widget.region.intersection(driver.app.screen.region)


def box_region(driver: CrsDriver) -> Region:
    """The dialog box's region on the screen."""
    return region_of(driver, box_selector(driver))


def tree_region(driver: CrsDriver) -> Region:
    """The tree area's region on the screen."""
    return region_of(driver, tree_selector(driver))


def breadcrumb_rows(driver: CrsDriver) -> list[tuple[int, list[Cell]]]:
    """The rows of the dialog's box above the tree area (where the breadcrumb is drawn)."""
    box, tree = box_region(driver), tree_region(driver)
    cells = screen_cells(driver.app)
    return [(y, cells[y][box.x : box.right]) for y in range(box.y, tree.y)]


def glyphs(cells: list[Cell], left: int) -> list[tuple[int, str]]:
    """``(column, char)`` of each cell drawing a grapheme (right halves of wide ones left out)."""
    return [(left + i, cell.char) for i, cell in enumerate(cells) if cell.char != ""]


def find_word(cells: list[Cell], left: int, word: str) -> tuple[int, int] | None:
    """Columns ``(start, end)`` of ``word`` drawn as a whole word in ``cells``, if it is.

    A whole word: the cell before it and the cell after it (if any) are not letters or
    digits, so ``src`` is not found inside ``src2``.
    """
    # canonically composed (NFC) on both sides: ``e`` + U+0301 and ``é`` are one name
    drawn = [(x, unicodedata.normalize("NFC", char)) for x, char in glyphs(cells, left)]
    text = "".join(char for _, char in drawn)
    # a cell may draw several code points (a letter and its combining marks): the glyph
    # each code point of ``text`` belongs to
    owner = [index for index, (_, char) in enumerate(drawn) for _ in char]
    for found in re.finditer(re.escape(unicodedata.normalize("NFC", word)), text):
        start, end = found.start(), found.end()
        before = text[start - 1] if start > 0 else " "
        after = text[end] if end < len(text) else " "
        if not (before.isalnum() or after.isalnum()):
            # column of the first glyph, column after the last one (its wide half included)
            last_x = drawn[owner[end - 1]][0]
            width = 1
            while last_x + width - left < len(cells) and cells[last_x + width - left].char == "":
                width += 1
            return drawn[owner[start]][0], last_x + width
    return None


def entry_row(driver: CrsDriver, name: str) -> EntryRow | None:
    """The row of the entry called ``name`` in the tree area, ``None`` when none shows it."""
    area = tree_region(driver)
    screen = screen_cells(driver.app)
    for y in range(area.y, area.bottom):
        cells = screen[y][area.x : area.right]
        found = find_word(cells, area.x, name)
        if found is None:
            continue
        icon_x, icon = _glyph_left_of(cells, area.x, found[0], run=True)
        chevron_x, chevron = _glyph_left_of(cells, area.x, icon_x, run=False)
        return EntryRow(y, found[0], found[1], icon, icon_x, chevron, chevron_x, cells, area.x)
    return None


def _glyph_left_of(cells: list[Cell], left: int, x: int, *, run: bool) -> tuple[int, str]:
    """The glyph (or, with ``run``, the run of glyphs) nearest left of column ``x``.

    Returns ``(first column, text)``; ``(x, "")`` when only spaces are left of ``x``.
    """
    i = x - left - 1
    while i >= 0 and cells[i].char in SPACES:
        i -= 1
    if i < 0:
        return x, ""
    end = i
    while i > 0 and cells[i - 1].char not in SPACES and (run or cells[i].char == ""):
        i -= 1
    return left + i, "".join(cell.char for cell in cells[i : end + 1])


def area_text(driver: CrsDriver) -> str:
    """The tree area's text, rows joined by newlines, each row right-stripped."""
    area = tree_region(driver)
    screen = screen_cells(driver.app)
    return "\n".join(
        "".join(cell.char for cell in screen[y][area.x : area.right]).rstrip()
        for y in range(area.y, area.bottom)
    )


def box_text(driver: CrsDriver) -> str:
    """The dialog box's text, rows joined by newlines."""
    box = box_region(driver)
    screen = screen_cells(driver.app)
    return "\n".join(
        "".join(cell.char for cell in screen[y][box.x : box.right]).rstrip()
        for y in range(box.y, box.bottom)
    )


def row_text(app: App[Any], y: int, region: Region) -> str:
    """The text of screen row ``y`` inside ``region``'s columns."""
    return "".join(cell.char for cell in screen_cells(app)[y][region.x : region.right])


def wheel(driver: CrsDriver, *, down: bool) -> bool:
    """Turn the mouse wheel once over the tree area's middle; whether the area's text moved.

    The event goes the way a terminal's does (posted to the app, routed to the widget under
    the pointer); nothing is clicked or focused and the pointer stays where it was.
    """
    area = tree_region(driver)
    if not area.area:
        return False
    x, y = area.x + area.width // 2, area.y + area.height // 2
    before = area_text(driver)
    driver.wheel(x, y, down=down, doing="turning the mouse wheel over the tree area")
    return area_text(driver) != before


def find_below(driver: CrsDriver, name: str) -> EntryRow | None:
    """The row of ``name``, scrolling the tree area down only, from where it is now."""
    row = entry_row(driver, name)
    for _ in range(WHEEL_LIMIT):
        if row is not None or not wheel(driver, down=True):
            break
        row = entry_row(driver, name)
    return row


def find_entry(driver: CrsDriver, name: str) -> EntryRow | None:
    """The row of ``name`` anywhere in the tree: as drawn, else scrolled up, then down, to it.

    Returns:
        The row as drawn once it is in view, ``None`` when no scroll position shows it.
    """
    row = entry_row(driver, name)
    for _ in range(WHEEL_LIMIT):
        if row is not None or not wheel(driver, down=False):
            break
        row = entry_row(driver, name)
    return row if row is not None else find_below(driver, name)


def find_pair(driver: CrsDriver, upper: str, lower: str) -> tuple[EntryRow, EntryRow] | None:
    """The rows of ``upper`` and ``lower`` in one view, ``upper`` found first.

    When ``lower`` is not in view, the area is scrolled down while ``upper`` stays in it.
    Returns ``None`` when no view shows both (one is missing, or they are a screenful apart).
    """
    top = find_entry(driver, upper)
    bottom = entry_row(driver, lower)
    for _ in range(WHEEL_LIMIT):
        if top is None or bottom is not None or not wheel(driver, down=True):
            break
        top, bottom = entry_row(driver, upper), entry_row(driver, lower)
    return None if top is None or bottom is None else (top, bottom)
