"""Steps that several file browser feature files use.

The feature files are ``file_browser_breadcrumb``, ``file_browser_keys``,
``file_browser_states``, ``file_browser_tree`` and ``workspace_selection``; a step one of them
uses alone is in that file's module (``<name>_steps.py``).
"""

from __future__ import annotations

from contextlib import suppress
from itertools import pairwise
from statistics import median

import pytest
from pytest_bdd import given, parsers, then, when

from rawp_port import BrowseError
from steps.app_driver import WaitTimeout
from steps.checks import check, literal, violation
from steps.input_field import field_value
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.part5.browser import (
    breadcrumb_text,
    browser_clause,
    click_at,
    click_widget,
    crumb_gaps,
    describe_row,
    find_crumb_line,
    hover_away,
    row_of,
)
from steps.rawp_crs.part5.browser_data import FILE_SYSTEMS
from steps.rawp_crs.part5.browser_view import (
    CHEVRONS,
    EntryRow,
    area_text,
    box_region,
    breadcrumb_rows,
    dialog_open,
    entry_row,
    find_below,
    find_entry,
    manual_path_selector,
)
from steps.rawp_crs.state import CrsState

NODE, AGENT = "node-1", "agent-1"
"""The node and agent every scenario's session is created for."""


BROWSE_BOUND = 5.0
"""Seconds a browse call a step leads to is waited for (a bound, not a timed assertion)."""


@given(parsers.parse('the agent serves the "{name}" file system'))
def serves(crs_driver: CrsDriver, name: str) -> None:
    """Script the fake's browse answers and allowed directories (``browser_data``)."""
    system = FILE_SYSTEMS[name]()
    crs_driver.agent.file_system = dict(system.answers)
    crs_driver.agent.allowed = system.allowed


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


@given(parsers.parse('browsing fails with "{kind}"'))
@when(parsers.parse('browsing fails with "{kind}"'))
def browse_fails(crs_driver: CrsDriver, kind: str) -> None:
    """Make browse calls raise ``BrowseError(kind)``."""
    crs_driver.agent.fail("browse", BrowseError(kind))  # type: ignore[arg-type]


@when("the user opens the working-directory dialog")
@given("the user opens the working-directory dialog")
def browser_opens(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """Open the dialog: start session creation (node and agent chosen), click the button.

    Opening it again (after Escape or a choice) clicks the button again where it is still
    shown, as a person would, without starting session creation twice (a client may mount
    its session step once only). Where the closed dialog took the session step away (a
    client may end it on Escape or on a choice: the seeds do not say) or there is no button
    (the automatic trigger of 004 §7.1), session creation is started again.
    """
    button = crs_driver.part5.workspace_button_selector
    shown = button is not None and bool(list(crs_driver.app.screen.query(button)))
    if not (crs_state.browser.started and shown):
        start = crs_driver.part5.start_session_creation

        async def begin() -> None:
            start(crs_driver.app, NODE, AGENT)

        crs_driver.run(begin(), "starting session creation")
        crs_driver.settle()
        crs_state.browser.started = True
    if button is not None:
        click_widget(crs_driver, button)
    try:
        crs_driver.wait_until(lambda: dialog_open(crs_driver), "the file browser dialog to open")
    except WaitTimeout as timeout:
        violation(
            "crs-fb-dialog-on-entry",
            "the active screen",
            "the file browser dialog, once session creation started or its button was clicked",
            str(timeout),
        )


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
        describe_row(row),
    )
    click_at(crs_driver, row.chevron_x, row.y)
    row = row_of(crs_driver, name, "crs-fb-chevron")
    check(
        row.chevron == wanted,
        browser_clause(request),
        f"the row of {name!r} after a click on its chevron",
        f"the chevron {wanted!r}",
        describe_row(row),
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


@when(parsers.parse('the user presses "{keys}" in the file browser'))
def browser_presses(crs_driver: CrsDriver, keys: str) -> None:
    """Press the space-separated Textual key names in order."""
    for name in keys.split():
        crs_driver.press(name)


@when(parsers.parse('the user types "{text}" into the manual path field'))
def types_path(crs_driver: CrsDriver, text: str) -> None:
    """Click the manual path field and type ``text`` key by key (``crs-fb-manual-input``)."""
    click_widget(crs_driver, manual_path_selector(crs_driver))
    crs_driver.type_text(literal(text))


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
    seen = crs_driver.part5.workspace_path(crs_driver.app)
    check(
        seen == literal(path),
        browser_clause(request),
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
    seen = crs_driver.part5.workspace_path(crs_driver.app)
    check(
        seen is None,
        browser_clause(request),
        "the session form's workspace_path",
        "none",
        repr(seen),
    )


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
        browser_clause(request),
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
        browser_clause(request),
        "the browse calls",
        f"none for {path!r}",
        repr(calls),
    )


@then(parsers.parse('the tree shows "{names}" in this order'))
def shows_in_order(crs_driver: CrsDriver, request: pytest.FixtureRequest, names: str) -> None:
    """A row per entry, in the answer's order (``crs-fb-tree-mirrors-entries``).

    Each name is looked for below the one before it: in the same view on a lower row, or
    further down after scrolling down from there. Only when that fails is the whole tree
    searched, to tell a name drawn above its predecessor from a missing one.
    """
    clause = browser_clause(request)
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
        browser_clause(request),
        "the tree area",
        f"no row for {name!r}",
        repr(area_text(crs_driver)),
    )


@then(parsers.parse('the directory "{name}" shows "{chevron}"'))
def shows_chevron(
    crs_driver: CrsDriver, request: pytest.FixtureRequest, name: str, chevron: str
) -> None:
    """The glyph left of the directory's icon is ``chevron`` (``crs-fb-chevron``)."""
    row = row_of(crs_driver, name, "crs-fb-chevron")
    check(
        row.chevron == chevron,
        browser_clause(request),
        f"the row of {name!r}",
        f"the chevron {chevron!r} left of the icon",
        describe_row(row),
    )


@then(parsers.parse('"{name}" is drawn muted beside "{normal}"'))
def muted(crs_driver: CrsDriver, request: pytest.FixtureRequest, name: str, normal: str) -> None:
    """The name's glyphs are dim or of lower contrast than a normal entry's."""
    clause = browser_clause(request)
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


def _crumb_line(
    crs_driver: CrsDriver, segments: list[str], clause: str
) -> tuple[str, list[tuple[int, int]]]:
    """The breadcrumb row drawing all ``segments`` in order, and their column spans."""
    found = find_crumb_line(crs_driver, segments)
    if found is not None:
        return found
    violation(
        clause,
        "the breadcrumb",
        f"the segments {segments} in order on one row",
        repr(breadcrumb_text(crs_driver)),
    )


@then(parsers.parse('the breadcrumb shows "{segments}" separated by "{separator}"'))
def crumb_separated(crs_driver: CrsDriver, segments: str, separator: str) -> None:
    """Between consecutive segments only the separator (``crs-fb-breadcrumb-separator``)."""
    clause = "crs-fb-breadcrumb-separator"
    names = [literal(s.strip()) for s in segments.split(",")]
    line, spans = _crumb_line(crs_driver, names, "crs-fb-breadcrumb")
    box = box_region(crs_driver)
    row = next(c for _, c in breadcrumb_rows(crs_driver) if "".join(x.char for x in c) == line)
    gaps = crumb_gaps(row, box.x, spans)
    check(
        all(gap == literal(separator) for gap in gaps),
        clause,
        "the breadcrumb",
        f"{separator!r} between segments",
        repr(gaps),
    )


@then(parsers.parse('the manual path field holds "{text}"'))
def field_holds(crs_driver: CrsDriver, request: pytest.FixtureRequest, text: str) -> None:
    """The field took the keys (``crs-fb-manual-input-while-loading``, ``crs-fb-manual-input``)."""
    value = field_value(crs_driver.query_one(manual_path_selector(crs_driver)))
    check(
        value == literal(text),
        browser_clause(request),
        "the manual path field",
        repr(literal(text)),
        repr(value),
    )
