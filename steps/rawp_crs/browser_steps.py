"""Steps of the working-directory file browser (004 §7): open it, click, type, read it.

Every check reads the composed screen inside the regions the adapter names (the dialog's
box and its tree area, ``steps.rawp_crs.support.browser_view``) and the fake agent's records; the
chosen directory comes from the adapter's ``workspace_path``. Nothing here knows how the
client builds its tree.
"""

from __future__ import annotations

import re
from contextlib import suppress
from itertools import pairwise
from statistics import median

import pytest
from pytest_bdd import given, parsers, then, when

from rawp_port import BrowseError
from steps.app_driver import WaitTimeout
from steps.checks import check, cited_clauses, literal, violation
from steps.input_field import field_value
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.support.browser_data import FILE_SYSTEMS, HOSTILE_NAMES, tree_at
from steps.rawp_crs.support.browser_view import (
    CHEVRONS,
    LEFT_BARS,
    PART,
    SPINNER_GLYPHS,
    EntryRow,
    area_text,
    box_text,
    breadcrumb_rows,
    dialog_open,
    entry_row,
    find_below,
    find_entry,
    find_pair,
    find_word,
    glyphs,
    region_of,
    selector,
    tree_region,
    wheel,
)
from steps.rawp_crs.support.capability import member
from steps.screen import Cell, screen_cells, screen_text

NODE, AGENT = "node-1", "agent-1"
"""The node and agent every scenario's session is created for."""
SIZE = re.compile(r"(\d+(?:[.,]\d+)?)\s?(B|KB|KiB|K|MB|MiB|M|GB|GiB|G)\b")
"""A human-readable size (``crs-fb-file-size``)."""
UNITS = {"B": 0, "K": 1, "KB": 1, "KiB": 1, "M": 2, "MB": 2, "MiB": 2, "G": 3, "GB": 3, "GiB": 3}
"""Powers of the unit (1000 or 1024: both are accepted)."""
COMPUTER_ICONS = ("🖥", "💻", "🖳")
FRAME = "".join(chr(code) for code in range(0x2500, 0x25A0))
"""Box-drawing and block glyphs: the dialog's own frame, stripped from its rows."""
"""OS root icons (``crs-fb-breadcrumb-root-icon``)."""
BROWSE_BOUND = 5.0
"""Seconds a browse call a step leads to is waited for (a bound, not a timed assertion)."""
RETRY_WORDS = ("재시도", "다시 시도", "Retry", "retry")
"""How a retry button may be labelled (``crs-fb-node-offline``)."""
UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
"""Characters that must never reach the terminal from an entry name (``crs-fb-hostile-names``)."""


# -- arranging ----------------------------------------------------------------------


@given(parsers.parse('the agent serves a {os_type} node whose tree is at "{path}"'))
def serves_at(crs_driver: CrsDriver, os_type: str, path: str) -> None:
    """The root browse answers ``path`` (as spelled) on an ``os_type`` node, one directory in it.

    The directory ``proj`` is the only entry; no directory restriction is set.
    """
    system = tree_at(literal(path), os_type)
    crs_driver.agent.file_system = dict(system.answers)
    crs_driver.agent.allowed = system.allowed


@given(parsers.parse('the agent serves the "{name}" file system'))
def serves(crs_driver: CrsDriver, name: str) -> None:
    """Script the fake's browse answers and allowed directories (``browser_data``)."""
    system = FILE_SYSTEMS[name]()
    crs_driver.agent.file_system = dict(system.answers)
    crs_driver.agent.allowed = system.allowed


@given("the agent allows no directory")
def allows_none(crs_driver: CrsDriver) -> None:
    """``allowed_directories`` is an empty list (``crs-fb-empty-state``)."""
    crs_driver.agent.allowed = []


@given("the agent sets no directory restriction")
def unrestricted(crs_driver: CrsDriver) -> None:
    """``allowed_directories`` is not set (``crs-fb-unrestricted-root``)."""
    crs_driver.agent.allowed = None


@given("the agent holds back its browse answers")
@when("the agent holds back its browse answers")
def hold(crs_driver: CrsDriver) -> None:
    """Park every browse call until released (a call that never answers, if never)."""
    crs_driver.agent.hold("browse")


@when("the agent releases its browse answers")
def release(crs_driver: CrsDriver) -> None:
    """Answer the parked browse calls."""
    crs_driver.run(_release(crs_driver), "releasing browse answers")
    crs_driver.settle()


async def _release(crs_driver: CrsDriver) -> None:
    crs_driver.agent.release("browse")


@given("the agent holds back its allowed directories")
@when("the agent holds back its allowed directories")
def hold_allowed(crs_driver: CrsDriver) -> None:
    """Park ``allowed_directories`` calls: the agent answers late (``crs-fb-manual-prevalidate``).

    The scenario, not a wall clock, says how late: the answer arrives at the release step.
    """
    crs_driver.agent.hold("allowed")


@when("the agent releases its allowed directories")
def release_allowed(crs_driver: CrsDriver) -> None:
    """Answer the parked ``allowed_directories`` calls now."""

    async def answer() -> None:
        crs_driver.agent.release("allowed")

    crs_driver.run(answer(), "releasing the allowed directories")
    crs_driver.settle()


@given(parsers.parse('browsing fails with "{kind}"'))
@when(parsers.parse('browsing fails with "{kind}"'))
def browse_fails(crs_driver: CrsDriver, kind: str) -> None:
    """Make browse calls raise ``BrowseError(kind)``."""
    crs_driver.agent.fail("browse", BrowseError(kind))  # type: ignore[arg-type]


@when("browsing works again")
def browse_works(crs_driver: CrsDriver) -> None:
    """Stop making browse calls fail."""
    crs_driver.agent.fail("browse", None)


@when(parsers.parse('the directory "{path}" is removed'))
def removed(crs_driver: CrsDriver, path: str) -> None:
    """The fake has no answer for ``path`` any more: browsing it fails."""
    crs_driver.agent.file_system.pop(path, None)


# -- opening --------------------------------------------------------------------------


@when("the user opens the working-directory dialog")
@given("the user opens the working-directory dialog")
def opens(crs_driver: CrsDriver) -> None:
    """Start session creation (node and agent chosen), then click `작업 디렉토리 선택`."""
    start = member(crs_driver.adapter, "start_session_creation", PART)

    async def begin() -> None:
        start(crs_driver.app, NODE, AGENT)

    crs_driver.run(begin(), "starting session creation")
    crs_driver.settle()
    button = member(crs_driver.adapter, "workspace_button_selector", PART)
    if button is not None:
        click_widget(crs_driver, button)
    crs_driver.wait_until(lambda: dialog_open(crs_driver), "the file browser dialog to open")


def click_widget(crs_driver: CrsDriver, css: str) -> None:
    """Click the middle of the widget ``css`` names."""
    region = crs_driver.query_one(css).region
    click_at(crs_driver, region.x + region.width // 2, region.y + region.height // 2)


def click_at(crs_driver: CrsDriver, x: int, y: int, times: int = 1) -> None:
    """Click screen cell ``(x, y)`` ``times`` times in a row (2: a double click)."""
    crs_driver.run(crs_driver.pilot.click(offset=(x, y), times=times), f"clicking at {x},{y}")
    crs_driver.settle()


def hover_at(crs_driver: CrsDriver, x: int, y: int) -> None:
    """Move the pointer to screen cell ``(x, y)``."""
    crs_driver.run(crs_driver.pilot.hover(offset=(x, y)), f"hovering at {x},{y}")
    crs_driver.settle()


def hover_away(crs_driver: CrsDriver) -> None:
    """Move the pointer onto the dialog's top-left corner, off every entry."""
    box = region_of(crs_driver, "file_browser_selector")
    hover_at(crs_driver, box.x, box.y)


# -- acting on entries ---------------------------------------------------------------


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


@when(parsers.parse('the user clicks the chevron of "{name}"'))
def click_chevron(crs_driver: CrsDriver, name: str) -> None:
    """Click the cell of the directory's chevron (``crs-fb-toggle-by-pointer``)."""
    row = row_of(crs_driver, name, "crs-fb-chevron")
    x = row.chevron_x if row.chevron in CHEVRONS else row.icon_x - 2
    click_at(crs_driver, x, row.y)


@given(parsers.parse('the directory "{name}" is collapsed'))
@when(parsers.parse('the directory "{name}" is collapsed'))
def make_collapsed(crs_driver: CrsDriver, request: pytest.FixtureRequest, name: str) -> None:
    """Collapse the directory by its chevron if it is drawn expanded (``▼``), else leave it.

    004 §7.2 gives no initial state: a client may show the children the browse answer sent
    expanded or collapsed. A scenario that needs one states it with this step.
    """
    _make_state(crs_driver, request, name, "▶")


@given(parsers.parse('the directory "{name}" is expanded'))
@when(parsers.parse('the directory "{name}" is expanded'))
def make_expanded(crs_driver: CrsDriver, request: pytest.FixtureRequest, name: str) -> None:
    """Expand the directory by its chevron if it is drawn collapsed (``▶``), else leave it."""
    _make_state(crs_driver, request, name, "▼")


def _make_state(
    crs_driver: CrsDriver, request: pytest.FixtureRequest, name: str, wanted: str
) -> None:
    """Click the chevron of ``name`` only when it is not ``wanted``; then it must be."""
    row = row_of(crs_driver, name, "crs-fb-chevron")
    if row.chevron == wanted:
        return
    check(
        row.chevron in CHEVRONS,
        "crs-fb-chevron",
        f"the row of {name!r}",
        "a chevron, ▶ or ▼, left of the icon",
        _describe(row),
    )
    click_at(crs_driver, row.chevron_x, row.y)
    row = row_of(crs_driver, name, "crs-fb-chevron")
    check(
        row.chevron == wanted,
        _clause(request),
        f"the row of {name!r} after a click on its chevron",
        f"the chevron {wanted!r}",
        _describe(row),
    )


@when(parsers.parse('the user double-clicks "{name}"'))
def double_click(crs_driver: CrsDriver, name: str) -> None:
    """Double-click the entry's name (``crs-fb-toggle-by-pointer``)."""
    row = row_of(crs_driver, name, "crs-fb-toggle-by-pointer")
    click_at(crs_driver, row.name_x, row.y, times=2)


@when(parsers.parse('the user clicks "{name}"'))
def click_entry(crs_driver: CrsDriver, name: str) -> None:
    """Click the entry's name once: marked, and focused (``crs-fb-click-select-confirm``)."""
    row = row_of(crs_driver, name, "crs-fb-click-select-confirm")
    click_at(crs_driver, row.name_x, row.y)


@when(parsers.parse('the user hovers over "{name}"'))
def hover_entry(crs_driver: CrsDriver, name: str) -> None:
    """Move the pointer onto the entry's name."""
    row = row_of(crs_driver, name, "crs-fb-hover-feedback")
    hover_at(crs_driver, row.name_x, row.y)


@when(parsers.parse('the user presses "{keys}" in the file browser'))
def presses(crs_driver: CrsDriver, keys: str) -> None:
    """Press the space-separated Textual key names in order."""
    for name in keys.split():
        crs_driver.press(name)


# -- the breadcrumb, the manual field, the buttons ---------------------------------------


@when(parsers.parse('the user clicks the breadcrumb segment "{segment}"'))
def click_segment(crs_driver: CrsDriver, segment: str) -> None:
    """Click the segment where the breadcrumb draws it (``crs-fb-breadcrumb-click``)."""
    for y, cells in breadcrumb_rows(crs_driver):
        box = region_of(crs_driver, "file_browser_selector")
        found = find_word(cells, box.x, literal(segment))
        if found is not None:
            click_at(crs_driver, found[0], y)
            return
    violation(
        "crs-fb-breadcrumb-click", "the breadcrumb", f"the segment {segment!r}", _crumbs(crs_driver)
    )


@when(parsers.parse('the user types "{text}" into the manual path field'))
def types_path(crs_driver: CrsDriver, text: str) -> None:
    """Click the manual path field and type ``text`` key by key (``crs-fb-manual-input``)."""
    click_widget(crs_driver, selector(crs_driver, "manual_path_selector"))
    crs_driver.type_text(literal(text))


@when("the user clicks the select button")
def click_select(crs_driver: CrsDriver) -> None:
    """Click `선택` (``crs-fb-click-select-confirm``)."""
    click_widget(crs_driver, selector(crs_driver, "select_button_selector"))


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


# -- the dialog -------------------------------------------------------------------------


@then("the file browser dialog is open with a tree area and a manual path field")
def dialog_parts(crs_driver: CrsDriver) -> None:
    """The modal box holds the tree area and the manual field (``crs-fb-dialog-on-entry``)."""
    clause = "crs-fb-dialog-on-entry"
    check(dialog_open(crs_driver), clause, "the active screen", "the file browser dialog", "none")
    box = region_of(crs_driver, "file_browser_selector")
    for name in ("file_tree_selector", "manual_path_selector"):
        found = list(crs_driver.app.screen.query(selector(crs_driver, name)))
        check(len(found) == 1, clause, "the dialog", f"one widget for {name}", f"{len(found)}")
        inner = found[0].region
        check(
            box.contains_region(inner),
            clause,
            "the dialog",
            f"{name} inside the dialog's box",
            f"{inner} in {box}",
        )


@then("the file browser dialog is closed")
def dialog_closed(crs_driver: CrsDriver) -> None:
    """The dialog's box is no longer on the active screen."""
    check(
        not dialog_open(crs_driver),
        "crs-fb-key-escape",
        "the active screen",
        "no file browser dialog",
        "still open",
    )


@then("the file browser dialog is still open")
def dialog_still_open(crs_driver: CrsDriver) -> None:
    """The dialog's box is still on the active screen."""
    check(
        dialog_open(crs_driver),
        "crs-fb-files-not-selectable",
        "the active screen",
        "the dialog still open",
        "closed",
    )


@then(parsers.parse('the workspace path is "{path}"'))
def workspace_is(crs_driver: CrsDriver, request: pytest.FixtureRequest, path: str) -> None:
    """The session form holds ``path`` (``crs-fb-confirm-sets-workspace``)."""
    seen = member(crs_driver.adapter, "workspace_path", PART)(crs_driver.app)
    check(
        seen == literal(path),
        _clause(request),
        "the session form's workspace_path",
        repr(literal(path)),
        repr(seen),
    )
    check(
        not dialog_open(crs_driver),
        "crs-fb-confirm-sets-workspace",
        "the active screen",
        "the dialog closed after confirming",
        "still open",
    )


@then("no workspace path is set")
def no_workspace(crs_driver: CrsDriver, request: pytest.FixtureRequest) -> None:
    """The session form holds no ``workspace_path``."""
    seen = member(crs_driver.adapter, "workspace_path", PART)(crs_driver.app)
    check(seen is None, _clause(request), "the session form's workspace_path", "none", repr(seen))


def _clause(request: pytest.FixtureRequest) -> str:
    """The first clause the running scenario cites (shared checks report under it)."""
    cited = cited_clauses(request.node)
    return cited[0] if cited else "crs-fb-confirm-sets-workspace"


# -- browse calls -------------------------------------------------------------------


@then("the first browse call asks for the root, with no path")
def first_browse_root(crs_driver: CrsDriver) -> None:
    """``browse(node, None)`` came first (``crs-fb-initial-root-browse``)."""
    calls = crs_driver.agent.browse_calls
    check(
        bool(calls) and calls[0] == (NODE, None),
        "crs-fb-initial-root-browse",
        "the browse calls",
        f"first ({NODE!r}, None)",
        repr(calls),
    )


@then(parsers.parse('a browse call asked for "{path}"'))
def browsed(crs_driver: CrsDriver, request: pytest.FixtureRequest, path: str) -> None:
    """Some browse call named ``path``, made now or within :data:`BROWSE_BOUND` seconds.

    The seeds give no time for the calls a step leads to (004 §7.6 ¶3 "유효한 경로 입력 시
    트리 뷰를 해당 경로로 자동 이동"): a client may move the tree once typing pauses (a
    debounce), so the call is waited for, not read at once (decision audit row 39).
    """
    wanted = (NODE, literal(path))
    with suppress(WaitTimeout):
        crs_driver.wait_until(
            lambda: wanted in crs_driver.agent.browse_calls,
            f"a browse call for {path!r}",
            BROWSE_BOUND,
        )
    calls = crs_driver.agent.browse_calls
    check(
        wanted in calls,
        _clause(request),
        "the browse calls",
        f"one for {path!r}",
        repr(calls),
    )


@then(parsers.parse('no browse call asked for "{path}"'))
def not_browsed(crs_driver: CrsDriver, request: pytest.FixtureRequest, path: str) -> None:
    """No browse call named ``path``."""
    calls = crs_driver.agent.browse_calls
    check(
        (NODE, literal(path)) not in calls,
        _clause(request),
        "the browse calls",
        f"none for {path!r}",
        repr(calls),
    )


@then(parsers.parse("the client made {count:d} browse calls"))
def browse_count(crs_driver: CrsDriver, request: pytest.FixtureRequest, count: int) -> None:
    """Exactly ``count`` browse calls: the client browses only what the user asks for."""
    calls = crs_driver.agent.browse_calls
    check(len(calls) == count, _clause(request), "the browse calls", f"{count}", repr(calls))


# -- rows ---------------------------------------------------------------------------


@then(parsers.parse('the tree shows "{names}" in this order'))
def shows_in_order(crs_driver: CrsDriver, request: pytest.FixtureRequest, names: str) -> None:
    """A row per entry, in the answer's order (``crs-fb-tree-mirrors-entries``).

    Each name is looked for below the one before it: in the same view on a lower row, or
    further down after scrolling down from there. Only when that fails is the whole tree
    searched, to tell a name drawn above its predecessor from a missing one.
    """
    clause = _clause(request)
    wanted = [literal(name.strip()) for name in names.split(",")]
    before = row_of(crs_driver, wanted[0], clause)
    for previous, name in pairwise(wanted):
        row = entry_row(crs_driver, name)
        if row is not None and row.y <= before.y:
            violation(clause, "the tree area", f"{name!r} below {previous!r}", _order(row, before))
        row = row or find_below(crs_driver, name)
        if row is None:
            row_of(crs_driver, name, clause)  # a violation when no row shows it at all
            violation(clause, "the tree area", f"{wanted} top to bottom", f"{name!r} above")
        before = row


def _order(row: EntryRow, before: EntryRow) -> str:
    return f"rows {before.y} and {row.y} of one view"


@then(parsers.parse('the tree does not show "{name}"'))
def not_shown(crs_driver: CrsDriver, request: pytest.FixtureRequest, name: str) -> None:
    """No row of the tree area shows the entry, at any scroll position."""
    row = find_entry(crs_driver, literal(name))
    check(
        row is None,
        _clause(request),
        "the tree area",
        f"no row for {name!r}",
        repr(area_text(crs_driver)),
    )


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
        _describe(row),
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
        _describe(row),
    )


def _describe(row: EntryRow) -> str:
    text = "".join(cell.char for cell in row.cells).rstrip()
    parts = f"chevron {row.chevron!r} at {row.chevron_x}, icon {row.icon!r} at {row.icon_x}"
    return f"{text!r} ({parts}, name at {row.name_x})"


@then(parsers.parse('the directory "{name}" shows "{chevron}"'))
def shows_chevron(
    crs_driver: CrsDriver, request: pytest.FixtureRequest, name: str, chevron: str
) -> None:
    """The glyph left of the directory's icon is ``chevron`` (``crs-fb-chevron``)."""
    row = row_of(crs_driver, name, "crs-fb-chevron")
    check(
        row.chevron == chevron,
        _clause(request),
        f"the row of {name!r}",
        f"the chevron {chevron!r} left of the icon",
        _describe(row),
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
        _describe(leaf),
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


@then(parsers.parse('"{name}" is drawn muted beside "{normal}"'))
def muted(crs_driver: CrsDriver, request: pytest.FixtureRequest, name: str, normal: str) -> None:
    """The name's glyphs are dim or of lower contrast than a normal entry's."""
    clause = _clause(request)
    hover_away(crs_driver)
    mine = [cell for cell in row_of(crs_driver, name, clause).name_cells() if cell.char.strip()]
    theirs = [cell for cell in row_of(crs_driver, normal, clause).name_cells() if cell.char.strip()]
    if mine and all(cell.dim for cell in mine):
        return
    low, high = median(c.contrast or 21.0 for c in mine), median(c.contrast or 21.0 for c in theirs)
    check(
        low < high,
        clause,
        f"the name {name!r}",
        f"less contrast than {normal!r} ({high:.2f})",
        f"{low:.2f}",
    )


@then(parsers.parse('"{name}" has a lock icon to the right of its name'))
def lock(crs_driver: CrsDriver, request: pytest.FixtureRequest, name: str) -> None:
    """``🔒`` follows the name on its row (``crs-fb-unreadable-style``)."""
    row = row_of(crs_driver, name, "crs-fb-unreadable-style")
    after = row.after_name().split()
    check(
        bool(after) and after[0].startswith("🔒"),
        _clause(request),
        f"the row of {name!r}",
        "🔒 right after the name",
        _describe(row),
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
        _describe(row),
    )


@then(parsers.parse('the sizes of "{first}" and "{second}" end in the same column at the right'))
def sizes_right(crs_driver: CrsDriver, first: str, second: str) -> None:
    """Sizes are right-aligned (``crs-fb-file-size``)."""
    clause = "crs-fb-file-size"
    ends = []
    for name in (first, second):
        row = row_of(crs_driver, name, clause)
        found = SIZE.search(row.after_name())
        check(found is not None, clause, f"the row of {name!r}", "a size", _describe(row))
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


# -- pointer styles -----------------------------------------------------------------


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
        _describe(row),
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


# -- expansion ------------------------------------------------------------------------


@then(parsers.parse('the chevron of "{name}" is a spinner'))
def spinner(crs_driver: CrsDriver, name: str) -> None:
    """A spinner glyph where the chevron was (``crs-fb-expansion-spinner``, decision)."""
    row = row_of(crs_driver, name, "crs-fb-expansion-spinner")
    check(
        row.chevron in SPINNER_GLYPHS,
        "crs-fb-expansion-spinner",
        f"the row of {name!r}",
        "a spinner glyph (⠋, ◐, | ...) in the chevron's place",
        _describe(row),
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


@then(parsers.parse('"{name}" stays collapsed and shows no children'))
def stays_collapsed(crs_driver: CrsDriver, request: pytest.FixtureRequest, name: str) -> None:
    """No ``▼`` and the next row is not indented under it."""
    clause = _clause(request)
    row = row_of(crs_driver, name, clause)
    check(
        row.chevron != "▼", clause, f"the row of {name!r}", "still collapsed (no ▼)", _describe(row)
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


# -- breadcrumb ---------------------------------------------------------------------


def _crumbs(crs_driver: CrsDriver) -> str:
    return "\n".join("".join(c.char for c in cells) for _, cells in breadcrumb_rows(crs_driver))


def _find_crumb_line(
    crs_driver: CrsDriver, segments: list[str]
) -> tuple[str, list[tuple[int, int]]] | None:
    """The breadcrumb row drawing all ``segments`` in order and their column spans, if any."""
    box = region_of(crs_driver, "file_browser_selector")
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


def _crumb_line(
    crs_driver: CrsDriver, segments: list[str], clause: str
) -> tuple[str, list[tuple[int, int]]]:
    """The breadcrumb row drawing all ``segments`` in order, and their column spans."""
    found = _find_crumb_line(crs_driver, segments)
    if found is not None:
        return found
    violation(
        clause,
        "the breadcrumb",
        f"the segments {segments} in order on one row",
        repr(_crumbs(crs_driver)),
    )


@then(parsers.parse('the breadcrumb shows "{segments}" separated by "{separator}"'))
def crumb_separated(crs_driver: CrsDriver, segments: str, separator: str) -> None:
    """Between consecutive segments only the separator (``crs-fb-breadcrumb-separator``)."""
    clause = "crs-fb-breadcrumb-separator"
    names = [literal(s.strip()) for s in segments.split(",")]
    line, spans = _crumb_line(crs_driver, names, "crs-fb-breadcrumb")
    box = region_of(crs_driver, "file_browser_selector")
    row = next(c for _, c in breadcrumb_rows(crs_driver) if "".join(x.char for x in c) == line)
    gaps = _gaps(row, box.x, spans)
    check(
        all(gap == literal(separator) for gap in gaps),
        clause,
        "the breadcrumb",
        f"{separator!r} between segments",
        repr(gaps),
    )


def _gaps(cells: list[Cell], left: int, spans: list[tuple[int, int]]) -> list[str]:
    """What ``cells`` (one breadcrumb row, screen column ``left`` first) draw between spans.

    Read on the row the segments were found on (not the first row with something at their
    columns, which was the dialog's top border: ``───``), by cells, so a wide segment (two
    cells a character) keeps the columns right. Each gap is stripped.
    """
    line = [cell.char for cell in cells]
    return ["".join(line[a[1] - left : b[0] - left]).strip() for a, b in pairwise(spans)]


DRIVE = re.compile(r"(?<![\w\\])([A-Za-z]):(\\?)")
"""A drive as a breadcrumb may draw it: ``C:`` or ``C:\\``, in either letter case."""


@then(
    parsers.re(
        r'the breadcrumb shows the drive "(?P<drive>[^"]+)" first, '
        r'then "(?P<segments>[^"]*)", separated by "(?P<sep>[^"]+)"'
    )
)
def crumb_drive_then(crs_driver: CrsDriver, drive: str, segments: str, sep: str) -> None:
    r"""The drive is the top segment, the path's names follow in order, ``sep`` between.

    004 §7.3: the separator follows ``os_type`` (``crs-fb-breadcrumb-separator``), whatever
    separators the agent's ``base_path`` was spelled with, and the drive letter is the top
    segment (``crs-fb-breadcrumb-drive``). Windows drive letters are case-insensitive: the
    drive may be drawn in either case, with or without its ``\\``; a drive drawn with its
    ``\\`` may be followed directly by the first name.
    """
    names = [literal(s.strip()) for s in segments.split(",") if s.strip()]
    separator = literal(sep)
    box = region_of(crs_driver, "file_browser_selector")
    for _, cells in breadcrumb_rows(crs_driver):
        drawn = glyphs(cells, box.x)
        text = "".join(char for _, char in drawn)
        found = next((m for m in DRIVE.finditer(text) if m[1].upper() == drive[0].upper()), None)
        if found is None or re.search(r"\w", text[: found.start()]):
            continue
        after = drawn[found.end() - 1][0] + 1  # the column after the drive
        spans = [(drawn[found.start()][0], after)]
        for name in names:
            span = find_word(cells[spans[-1][1] - box.x :], spans[-1][1], name)
            if span is None:
                break
            spans.append(span)
        if len(spans) < len(names) + 1:
            continue
        gaps = _gaps(cells, box.x, spans)
        first_ok = not gaps or gaps[0] == separator or (bool(found[2]) and gaps[0] == "")
        check(
            first_ok and all(gap == separator for gap in gaps[1:]),
            "crs-fb-breadcrumb-separator",
            "the breadcrumb",
            f"{separator!r} between the drive and each name",
            repr(gaps),
        )
        return
    violation(
        "crs-fb-breadcrumb-drive",
        "the breadcrumb",
        f"the drive {drive!r} (either case) first, then {names} in order on one row",
        repr(_crumbs(crs_driver)),
    )


@then(parsers.parse('the breadcrumb\'s first segment is the drive "{drive}"'))
def crumb_drive(crs_driver: CrsDriver, drive: str) -> None:
    """On Windows the drive is the top segment (``crs-fb-breadcrumb-drive``)."""
    clause = "crs-fb-breadcrumb-drive"
    for _, cells in breadcrumb_rows(crs_driver):
        text = "".join(c.char for c in cells)
        if "Users" in text:
            head = text[: text.index("Users")]
            words = re.findall(r"[A-Za-z]:|\w+", head)
            check(
                bool(words) and words[-1] == drive,
                clause,
                "the breadcrumb",
                f"{drive!r} as the first segment",
                repr(text.strip()),
            )
            return
    violation(clause, "the breadcrumb", "the path's segments", repr(_crumbs(crs_driver)))


@then("the breadcrumb starts with a computer icon")
def crumb_icon(crs_driver: CrsDriver) -> None:
    """Root mode: an OS root icon at the far left (``crs-fb-breadcrumb-root-icon``)."""
    texts = [line.strip(FRAME + " ") for line in _crumbs(crs_driver).split("\n")]
    check(
        any(text.startswith(COMPUTER_ICONS) for text in texts),
        "crs-fb-breadcrumb-root-icon",
        "the breadcrumb",
        f"one of {COMPUTER_ICONS} at the far left",
        repr(texts),
    )


@then(
    parsers.parse(
        'the breadcrumb keeps the first segment, "…" and the last two segments of "{path}" '
        "on one row"
    )
)
def crumb_elided(crs_driver: CrsDriver, path: str) -> None:
    """The middle elided, the first and the last two kept (``crs-fb-breadcrumb-elision``).

    004 §7.3 keeps "the first segment". A path's first part is its root (``PurePosixPath``
    and ``PureWindowsPath`` agree): on Unix ``/``, accepted when drawn at the far left of
    the breadcrumb (nothing but icons before it), or the first name, for a breadcrumb
    that leaves the root implied; on Windows the drive, which §7.3 makes the top segment.
    The names between the first one and the last two must not be drawn.
    """
    clause = "crs-fb-breadcrumb-elision"
    path = literal(path)
    parts = [part for part in re.split(r"[\\/]", path) if part]
    tail = parts[-2:]
    firsts = [parts[0]] if re.match(r"[A-Za-z]:", path) else ["/", parts[0]]
    for first in firsts:
        found = _find_crumb_line(crs_driver, [first, "…", *tail])
        if found is None:
            continue
        line, spans = found
        box = region_of(crs_driver, "file_browser_selector")
        if first == "/" and re.search(r"\w", line[: spans[0][0] - box.x]):
            continue  # a separator after some segment, not the root at the far left
        middle = [part for part in parts[1:-2] if part in line]
        check(
            not middle, clause, "the breadcrumb", "the middle segments elided", repr(line.strip())
        )
        return
    violation(
        clause,
        "the breadcrumb",
        f"one of {firsts} first, then '…' and {tail} on one row",
        repr(_crumbs(crs_driver)),
    )


# -- loading, states ------------------------------------------------------------------


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


@then(parsers.parse('the manual path field holds "{text}"'))
def field_holds(crs_driver: CrsDriver, request: pytest.FixtureRequest, text: str) -> None:
    """The field took the keys (``crs-fb-manual-input-while-loading``, ``crs-fb-manual-input``)."""
    value = field_value(crs_driver.query_one(selector(crs_driver, "manual_path_selector")))
    check(
        value == literal(text),
        _clause(request),
        "the manual path field",
        repr(literal(text)),
        repr(value),
    )


@then(parsers.parse('the tree area shows "{text}"'))
def area_shows(crs_driver: CrsDriver, request: pytest.FixtureRequest, text: str) -> None:
    """``text`` is drawn inside the tree area."""
    seen = area_text(crs_driver)
    check(literal(text) in seen, _clause(request), "the tree area", repr(literal(text)), repr(seen))


@then(parsers.parse('the tree area shows "{message}" and a hint besides it'))
def area_hint(crs_driver: CrsDriver, message: str) -> None:
    """The empty-state message and a hint towards the manual field (``crs-fb-empty-state``)."""
    seen = area_text(crs_driver)
    rest = seen.replace(literal(message), "")
    check(
        literal(message) in seen and re.search(r"\w", rest) is not None,
        "crs-fb-empty-state",
        "the tree area",
        f"{message!r} and a hint to the manual field",
        repr(seen),
    )


@then(parsers.parse('the dialog shows "{text}" below "{name}"'))
def warning_below(
    crs_driver: CrsDriver, request: pytest.FixtureRequest, text: str, name: str
) -> None:
    """``text`` is drawn in the dialog below the entry ``name`` (``crs-fb-partial-failure``)."""
    box = region_of(crs_driver, "file_browser_selector")
    lines = box_text(crs_driver).split("\n")
    rows = [box.y + i for i, line in enumerate(lines) if literal(text) in line]
    last = row_of(crs_driver, name, _clause(request)).y
    check(
        any(y > last for y in rows),
        _clause(request),
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


@then(parsers.parse('the dialog shows the warning "{text}"'))
def dialog_warning(crs_driver: CrsDriver, text: str) -> None:
    """The manual field's inline warning (``crs-fb-manual-out-of-range``)."""
    seen = box_text(crs_driver)
    check(
        literal(text) in seen,
        "crs-fb-manual-out-of-range",
        "the dialog",
        repr(literal(text)),
        repr(seen),
    )


@then(parsers.parse('the dialog does not show "{text}"'))
def no_warning(crs_driver: CrsDriver, request: pytest.FixtureRequest, text: str) -> None:
    """``text`` is not drawn in the dialog."""
    seen = box_text(crs_driver)
    check(literal(text) not in seen, _clause(request), "the dialog", f"no {text!r}", repr(seen))


@then("the select button is disabled")
def select_disabled(crs_driver: CrsDriver) -> None:
    """`선택` is disabled (``crs-fb-manual-out-of-range``)."""
    button = crs_driver.query_one(selector(crs_driver, "select_button_selector"))
    check(button.disabled, "crs-fb-manual-out-of-range", "the select button", "disabled", "enabled")


# -- hostile names ------------------------------------------------------------------


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
