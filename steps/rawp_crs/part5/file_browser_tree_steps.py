"""Steps of ``features/rawp_crs/file_browser_tree.feature``.

The working-directory dialog and its tree of entries.
"""

from __future__ import annotations

import re

import pytest
from pytest_bdd import parsers, then, when

from steps.checks import check, violation
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.part5.browser import (
    browser_clause,
    describe_row,
    hover_at,
    hover_away,
    row_of,
)
from steps.rawp_crs.part5.browser_data import HOSTILE_NAMES
from steps.rawp_crs.part5.browser_view import (
    CHEVRONS,
    LEFT_BARS,
    SPINNER_GLYPHS,
    EntryRow,
    area_text,
    box_region,
    dialog_open,
    entry_row,
    find_pair,
    manual_path_selector,
    tree_region,
    tree_selector,
)
from steps.screen import screen_cells

SIZE = re.compile(r"(\d+(?:[.,]\d+)?)\s?(B|KB|KiB|K|MB|MiB|M|GB|GiB|G)\b")
"""A human-readable size (``crs-fb-file-size``)."""


UNITS = {"B": 0, "K": 1, "KB": 1, "KiB": 1, "M": 2, "MB": 2, "MiB": 2, "G": 3, "GB": 3, "GiB": 3}
"""Powers of the unit (1000 or 1024: both are accepted)."""


UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
"""Characters that must never reach the terminal from an entry name (``crs-fb-hostile-names``)."""


@when(parsers.parse('the directory "{path}" is removed'))
def removed(crs_driver: CrsDriver, path: str) -> None:
    """The fake has no answer for ``path`` any more: browsing it fails."""
    crs_driver.agent.file_system.pop(path, None)


@then("the file browser dialog is open with a tree area and a manual path field")
def dialog_parts(crs_driver: CrsDriver) -> None:
    """The modal box holds the tree area and the manual field (``crs-fb-dialog-on-entry``)."""
    clause = "crs-fb-dialog-on-entry"
    check(dialog_open(crs_driver), clause, "the active screen", "the file browser dialog", "none")
    box = box_region(crs_driver)
    named = {
        "file_tree_selector": tree_selector(crs_driver),
        "manual_path_selector": manual_path_selector(crs_driver),
    }
    for name, selector in named.items():
        found = list(crs_driver.app.screen.query(selector))
        check(len(found) == 1, clause, "the dialog", f"one widget for {name}", f"{len(found)}")
        inner = found[0].region
        check(
            box.contains_region(inner),
            clause,
            "the dialog",
            f"{name} inside the dialog's box",
            f"{inner} in {box}",
        )


@then(parsers.parse("the client made {count:d} browse calls"))
def browse_count(crs_driver: CrsDriver, request: pytest.FixtureRequest, count: int) -> None:
    """Exactly ``count`` browse calls: the client browses only what the user asks for."""
    calls = crs_driver.agent.browse_calls
    check(len(calls) == count, browser_clause(request), "the browse calls", f"{count}", repr(calls))


@then(parsers.parse('"{child}" is indented one level under "{parent}"'))
def indented(crs_driver: CrsDriver, child: str, parent: str) -> None:
    """The child's icon is 2-4 cells right of its parent's, below it (``crs-fb-indentation``)."""
    clause = "crs-fb-indentation"
    pair = find_pair(crs_driver, parent, child)
    if pair is None:
        violation(clause, "the tree area", f"{parent!r} and {child!r} in one view", "not both")
    outer, inner = pair
    step = inner.icon_x - outer.icon_x
    check(
        inner.y > outer.y and 2 <= step <= 4,
        clause,
        f"{child!r} under {parent!r}",
        "a row below, its icon 2 to 4 cells further right",
        f"rows {outer.y}/{inner.y}, step {step}",
    )


@then(parsers.parse('"{a}" under "{b}" and "{c}" under "{d}" are indented by the same step'))
def same_step(crs_driver: CrsDriver, a: str, b: str, c: str, d: str) -> None:
    """The indentation per level is constant (``crs-fb-indentation``)."""
    clause = "crs-fb-indentation"
    first = row_of(crs_driver, a, clause).icon_x - row_of(crs_driver, b, clause).icon_x
    second = row_of(crs_driver, c, clause).icon_x - row_of(crs_driver, d, clause).icon_x
    check(
        first == second,
        clause,
        "the indentation",
        "the same step at every depth",
        f"{first} and {second} cells",
    )


@then(parsers.parse('the row of "{name}" holds its chevron, icon and name from left to right'))
def layout(crs_driver: CrsDriver, name: str) -> None:
    """A directory's row, in the order of 004 §7.2.1 (``crs-fb-entry-layout``)."""
    clause = "crs-fb-entry-layout"
    row = row_of(crs_driver, name, clause)
    check(
        row.chevron in CHEVRONS and row.chevron_x < row.icon_x < row.name_x and bool(row.icon),
        clause,
        f"the row of {name!r}",
        "chevron, icon, then the name",
        describe_row(row),
    )


@then(parsers.parse('the row of "{name}" holds its icon, name and size from left to right'))
def file_layout(crs_driver: CrsDriver, name: str) -> None:
    """A file's row: icon, name, size (``crs-fb-entry-layout``)."""
    clause = "crs-fb-entry-layout"
    row = row_of(crs_driver, name, clause)
    check(
        bool(row.icon) and row.icon_x < row.name_x and SIZE.search(row.after_name()) is not None,
        clause,
        f"the row of {name!r}",
        "icon, name, then the size",
        describe_row(row),
    )


@then(
    parsers.parse(
        'the file "{file}" has no chevron and its icon lines up with the directory "{directory}"'
    )
)
def file_spacer(crs_driver: CrsDriver, file: str, directory: str) -> None:
    """A file keeps a blank as wide as the chevron (``crs-fb-chevron``)."""
    clause = "crs-fb-chevron"
    leaf, folder = row_of(crs_driver, file, clause), row_of(crs_driver, directory, clause)
    check(
        leaf.chevron not in CHEVRONS | SPINNER_GLYPHS,
        clause,
        f"the row of {file!r}",
        "no chevron",
        describe_row(leaf),
    )
    check(
        leaf.icon_x == folder.icon_x,
        clause,
        f"the rows of {file!r} and {directory!r}",
        "icons in the same column (a blank where a file's chevron would be)",
        f"{leaf.icon_x} and {folder.icon_x}",
    )


@then(parsers.parse('the icons of "{names}" are all different and none is a chevron'))
def icons_differ(crs_driver: CrsDriver, names: str) -> None:
    """Each type has its own icon (``crs-fb-icon-by-type``)."""
    clause = "crs-fb-icon-by-type"
    icons = {
        name.strip(): row_of(crs_driver, name.strip(), clause).icon for name in names.split(",")
    }
    distinct = len(set(icons.values())) == len(icons)
    check(
        distinct and all(icon and icon not in CHEVRONS for icon in icons.values()),
        clause,
        "the icons",
        "one distinct icon per entry type",
        repr(icons),
    )


@then(parsers.parse('the icons of "{first}" and "{second}" are the same'))
def icons_same(crs_driver: CrsDriver, first: str, second: str) -> None:
    """Entries of one type share an icon."""
    clause = "crs-fb-icon-by-type"
    one, two = row_of(crs_driver, first, clause).icon, row_of(crs_driver, second, clause).icon
    check(
        one == two, clause, "the icons", "the same icon for the same type", f"{one!r} and {two!r}"
    )


@then(parsers.parse('the icons of "{first}" and "{second}" differ'))
def icons_differ_pair(crs_driver: CrsDriver, first: str, second: str) -> None:
    """A directory's icon (open or not) is not a file's (``crs-fb-open-folder-icon``, ...)."""
    clause = "crs-fb-icon-by-type"
    one, two = row_of(crs_driver, first, clause).icon, row_of(crs_driver, second, clause).icon
    check(
        bool(one) and bool(two) and one != two,
        clause,
        "the icons",
        f"{first!r} and {second!r} told apart",
        f"{one!r} and {two!r}",
    )


@then(parsers.parse('"{name}" has a lock icon to the right of its name'))
def lock(crs_driver: CrsDriver, request: pytest.FixtureRequest, name: str) -> None:
    """``🔒`` follows the name on its row (``crs-fb-unreadable-style``)."""
    row = row_of(crs_driver, name, "crs-fb-unreadable-style")
    after = row.after_name().split()
    check(
        bool(after) and after[0].startswith("🔒"),
        browser_clause(request),
        f"the row of {name!r}",
        "🔒 right after the name",
        describe_row(row),
    )


@then(parsers.parse('the size of "{name}" reads about {size:d} bytes in human-readable units'))
def file_size(crs_driver: CrsDriver, name: str, size: int) -> None:
    """KB, MB, ...: within 10 % of the size, 1000 or 1024 based (``crs-fb-file-size``)."""
    row = row_of(crs_driver, name, "crs-fb-file-size")
    found = SIZE.search(row.after_name())
    ok = False
    if found is not None:
        value, unit = float(found.group(1).replace(",", ".")), found.group(2)
        ok = any(abs(value * base ** UNITS[unit] - size) <= size * 0.1 for base in (1000, 1024))
        ok = ok and (unit == "B") == (size < 1000)
    check(
        ok,
        "crs-fb-file-size",
        f"the row of {name!r}",
        f"about {size} bytes in KB, MB ...",
        describe_row(row),
    )


@then(parsers.parse('the sizes of "{first}" and "{second}" end in the same column at the right'))
def sizes_right(crs_driver: CrsDriver, first: str, second: str) -> None:
    """Sizes are right-aligned (``crs-fb-file-size``)."""
    clause = "crs-fb-file-size"
    ends = []
    for name in (first, second):
        row = row_of(crs_driver, name, clause)
        found = SIZE.search(row.after_name())
        check(found is not None, clause, f"the row of {name!r}", "a size", describe_row(row))
        assert found is not None
        text = row.after_name()
        ends.append(row.name_end + len(text[: found.end()]))
    area = tree_region(crs_driver)
    check(
        ends[0] == ends[1] and ends[0] >= area.x + area.width * 2 // 3,
        clause,
        "the sizes",
        "one right edge, in the right third of the tree area",
        repr(ends),
    )


def _backgrounds(row: EntryRow) -> list[object]:
    return [cell.background for cell in row.name_cells()]


@then(parsers.parse('hovering over "{name}" changes its row\'s background'))
def hover_changes(crs_driver: CrsDriver, name: str) -> None:
    """Hover feedback by background (``crs-fb-hover-feedback``)."""
    clause = "crs-fb-hover-feedback"
    hover_away(crs_driver)
    before = [cell.background for cell in row_of(crs_driver, name, clause).cells]
    row = row_of(crs_driver, name, clause)
    hover_at(crs_driver, row.name_x, row.y)
    after = [cell.background for cell in row_of(crs_driver, name, clause).cells]
    check(
        before != after,
        clause,
        f"the row of {name!r}",
        "another background under the pointer",
        f"{before[:1]} before and after",
    )


@then(parsers.parse('"{name}" is drawn selected: a left bar and a background no other row has'))
def selected_style(crs_driver: CrsDriver, name: str) -> None:
    """The selected directory's style (``crs-fb-selected-style``)."""
    clause = "crs-fb-selected-style"
    hover_away(crs_driver)
    row = row_of(crs_driver, name, clause)
    bars = [
        (row.left + i, cell)
        for i, cell in enumerate(row.cells[: max(0, row.chevron_x - row.left)])
        if cell.char in LEFT_BARS
    ]
    others = [r for r in _visible_rows(crs_driver) if r.y != row.y]
    own = [
        (x, cell)
        for x, cell in bars
        if all(o.cells[x - o.left].char not in LEFT_BARS for o in others)
    ]
    name_fg = row.name_cells()[0].foreground
    check(
        any(cell.foreground != name_fg for _, cell in own),
        clause,
        f"the row of {name!r}",
        "a coloured left bar (▎▌┃ ...) left of the chevron that no other row has",
        describe_row(row),
    )
    mine = set(_backgrounds(row))
    theirs = {bg for other in others for bg in _backgrounds(other)}
    check(
        not (mine & theirs),
        clause,
        f"the row of {name!r}",
        "a background no other entry row has",
        f"{mine} vs {theirs}",
    )


def _visible_rows(crs_driver: CrsDriver) -> list[EntryRow]:
    """Rows of the tree area that show an entry with an icon and a name (heuristic: any word)."""
    area = tree_region(crs_driver)
    cells = screen_cells(crs_driver.app)
    rows = []
    for y in range(area.y, area.bottom):
        line = "".join(cell.char for cell in cells[y][area.x : area.right])
        words = re.findall(r"[\w.]+", line)
        if words:
            found = entry_row(crs_driver, words[0]) if y == _row_y(crs_driver, words[0]) else None
            if found is not None:
                rows.append(found)
    return rows


def _row_y(crs_driver: CrsDriver, word: str) -> int | None:
    row = entry_row(crs_driver, word)
    return None if row is None else row.y


@then(parsers.parse('the chevron of "{name}" is a spinner'))
def browser_spinner(crs_driver: CrsDriver, name: str) -> None:
    """A spinner glyph where the chevron was (``crs-fb-expansion-spinner``, decision)."""
    row = row_of(crs_driver, name, "crs-fb-expansion-spinner")
    check(
        row.chevron in SPINNER_GLYPHS,
        "crs-fb-expansion-spinner",
        f"the row of {name!r}",
        "a spinner glyph (⠋, ◐, | ...) in the chevron's place",
        describe_row(row),
    )


@then(parsers.parse('an inline error is shown under "{name}", above "{below}"'))
def inline_error(crs_driver: CrsDriver, name: str, below: str) -> None:
    """A row of text between the entry and the next one (``crs-fb-expansion-error``)."""
    clause = "crs-fb-expansion-error"
    pair = find_pair(crs_driver, name, below)
    if pair is None:
        violation(clause, "the tree area", f"{name!r} and {below!r} in one view", "not both")
    top, bottom = pair
    area = tree_region(crs_driver)
    cells = screen_cells(crs_driver.app)
    between = [
        "".join(c.char for c in cells[y][area.x : area.right]).strip()
        for y in range(top.y + 1, bottom.y)
    ]
    check(
        any(re.search(r"\w", text) for text in between),
        clause,
        f"the rows under {name!r}",
        "an error message",
        repr(between),
    )


@then("no cell of the screen holds a control, bidi or undecodable character")
def no_unsafe(crs_driver: CrsDriver) -> None:
    """Names reach the terminal only as drawable text (``crs-fb-hostile-names``)."""
    found = [
        (x, y, repr(cell.char))
        for y, row in enumerate(screen_cells(crs_driver.app))
        for x, cell in enumerate(row)
        if UNSAFE.search(cell.char)
    ]
    check(
        not found,
        "crs-fb-hostile-names",
        "the screen",
        "no control, bidi or undecodable characters",
        repr(found[:5]),
    )


@then("the markup name is drawn as typed")
def markup_literal(crs_driver: CrsDriver) -> None:
    """``[bold]loud[/bold]`` keeps its brackets (``crs-fb-hostile-names``)."""
    name = HOSTILE_NAMES["markup"]
    check(
        name in area_text(crs_driver),
        "crs-fb-hostile-names",
        "the tree area",
        repr(name),
        repr(area_text(crs_driver)),
    )
