"""Steps of ``features/rawp_crs/file_popup_keys.feature``.

The file popup's keys and pointer are those of the command popup.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
from pytest_bdd import parsers, then, when
from textual.geometry import Offset

from rawp_port import FileCandidates
from steps.checks import check, scenario_clause, violation
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.part2.popup import (
    HIGHLIGHT_CONTRAST,
    Item,
    background,
    contrast,
    read_popup_of,
    row_background,
)
from steps.rawp_crs.part3.file_popup import (
    candidate,
    file_focused,
    file_opened,
    file_popup_widget,
    typed_query,
    wait_for_search,
)
from steps.rawp_crs.state import CrsState


@when(parsers.parse("the agent answers the file search with {count:d} candidates"))
def offers_many(crs_driver: CrsDriver, crs_state: CrsState, count: int) -> None:
    """Answer with ``count`` candidates ``dir{n}/file{n:06}.py``."""
    offered = [candidate(f"dir{n % 50}/file{n:06}.py") for n in range(count)]
    search = wait_for_search(crs_driver, typed_query(crs_driver))
    crs_state.files.offered += offered[:50] + offered[-50:]  # the rows steps look for: either end
    crs_state.files.answered.add(search.query_id)
    crs_driver.publish(FileCandidates(search.query_id, tuple(offered)))


@when(parsers.parse("the user {action} the {which} candidate of the file popup"))
def file_pointer(
    crs_driver: CrsDriver,
    crs_state: CrsState,
    request: pytest.FixtureRequest,
    action: str,
    which: str,
) -> None:
    """``clicks`` or ``hovers over`` the first, second or third candidate drawn."""
    clause = scenario_clause(request, "crs-at-popup-shares-slash-rules")
    popup = file_opened(crs_driver, crs_state.files, clause)
    index = {"first": 0, "second": 1, "third": 2}[which]
    check(len(popup.items) > index, clause, "the file popup", f"a {which} candidate", popup.names)
    item = popup.items[index]
    crs_state.files.pointed = item.name
    at = Offset(item.x + min(len(item.cells) // 2, max(item.span(item.name).start, 0) + 1), item.y)
    if action == "clicks":
        crs_driver.click(at.x, at.y, doing="clicking a candidate")
    else:
        crs_driver.hover(at.x, at.y, doing="hovering over a candidate")


@then(parsers.parse('the highlighted candidate is "{name}"'))
def file_has_highlight(
    crs_driver: CrsDriver, crs_state: CrsState, request: pytest.FixtureRequest, name: str
) -> None:
    """Exactly one candidate is highlighted, ``name`` (``<pointed>``: the one pointed at)."""
    clause = scenario_clause(
        request,
        "crs-at-keys-move",
        "crs-at-keys-wrap",
        "crs-at-typing-focus-reset",
        "crs-at-popup-shares-slash-rules",
    )
    popup = file_opened(crs_driver, crs_state.files, clause)
    item = file_focused(popup, clause)
    expected = crs_state.files.pointed if name == "<pointed>" else name
    check(
        item.name == expected,
        clause,
        "the highlighted candidate",
        expected,
        f"{item.name}; drawn: {popup.names}",
    )


MANY_NAME = re.compile(r"file\d{6}\.py")
"""A name of :func:`offers_many`'s candidates, on a drawn row."""


@then("the highlighted candidate is the last one the popup lists")
def last_listed(crs_driver: CrsDriver) -> None:
    """Up on the first of many candidates wrapped to the last one listed (``crs-at-keys-wrap``).

    The seeds do not ask a popup to list every candidate of an answer (004 §3.4.4 ¶2: "목록
    끝에서 순환", the end of the list drawn): a client may list the first thousand and an
    info row. So the highlight is a candidate other than the first, with no candidate drawn
    below it (the list scrolled to its end); the scenario's Down back to the first confirms
    it was the last. Decision audit row 38.
    """
    clause = "crs-at-keys-wrap"
    widget = file_popup_widget(crs_driver)
    if widget is None:
        violation(clause, "the screen", "the file popup drawn", "no file popup")
    popup = read_popup_of(crs_driver, widget, _many_name)
    item = file_focused(popup, clause)
    check(
        item.name != "file000000.py" and popup.names[-1] == item.name,
        clause,
        "the highlighted candidate after Up on the first",
        "the last candidate the popup lists (no candidate drawn below it)",
        f"{item.name}; drawn: {popup.names}",
    )


def _many_name(text: str) -> str | None:
    """The :data:`MANY_NAME` a row's text holds, if any."""
    found = MANY_NAME.search(text)
    return found.group(0) if found else None


@then("the highlighted candidate is drawn, its whole row lit and standing out")
def file_full_row(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """The slash popup's highlight rules (``crs-at-popup-shares-slash-rules``)."""
    clause = "crs-at-popup-shares-slash-rules"
    popup = file_opened(crs_driver, crs_state.files, clause)
    item = file_focused(popup, clause)
    backs = {background(c) for c in item.cells}
    check(
        len(backs) == 1 or _mostly_one(item),
        clause,
        f"the highlighted candidate {item.name}",
        "one highlight background across the popup's inner width",
        repr(backs),
    )
    for other in popup.items:
        if other.name != item.name:
            ratio = contrast(row_background(item), row_background(other))  # type: ignore[arg-type]
            check(
                ratio >= HIGHLIGHT_CONTRAST,
                clause,
                f"the highlight of {item.name} against {other.name}",
                f"a contrast ratio of at least {HIGHLIGHT_CONTRAST}",
                f"{ratio:.2f}",
            )


def _mostly_one(item: Item) -> bool:
    """One background on every cell but the matched characters' (they may have their own)."""
    counts = Counter(background(c) for c in item.cells)
    return counts.most_common(1)[0][1] >= len(item.cells) - len(item.name)


@then("the input still holds the text typed before Escape and nothing was cancelled")
def escape_kept(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """Escape closes only (``crs-at-keys-escape``): the text, `@` included, stays; no frame."""
    clause = "crs-at-keys-escape"
    check(
        crs_driver.input_value == crs_state.files.typed,
        clause,
        "the input after Escape",
        repr(crs_state.files.typed),
        repr(crs_driver.input_value),
    )
    cancels = crs_driver.agent.sent_of("control.prompt.cancel")
    check(not cancels, clause, "the cancels sent", "none", repr(cancels))
