"""Steps of ``features/rawp_crs/timestamps.feature``.

Timestamps only at the turn boundaries and on system notices, in local time.
"""

from __future__ import annotations

import re
from collections import Counter
from datetime import datetime

import pytest
from pytest_bdd import parsers, then, when

from rawp_port import SystemNotice, ToolResult
from steps.checks import check, scenario_clause
from steps.rawp_crs.contract import ItemView
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.part1.timestamps import (
    DAY_FORMS,
    TIME,
    content_row,
    hidden_until_asked,
    hover_over,
    one_time,
    pointer_away,
    press_reveal_key,
    reveal_mode,
    rows_between_turns,
    shown_times,
    stamped_items,
)
from steps.rawp_crs.support.turns import conversation_rows
from steps.screen import screen_cells

NUMERIC_DATE = re.compile(r"(?<![\d.])(\d{1,4})\s*[/.-]\s*(\d{1,2})(?![\d])(?!\s*(?:ms|s|m|h|%)\b)")
"""Two numbers joined by ``/``, ``.`` or ``-`` (``3/10``, ``2026-03-10``, ``10.3.``), not
followed by a unit (``0.3s`` is an elapsed time, not a date)."""
WORD_DATE = re.compile(
    r"\d+\s*[년월일]|\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?\s*\d",
    re.IGNORECASE,
)
"""A date in words: ``3월 10일``, ``Mar 10``."""


def reads_as_date(text: str) -> bool:
    """Whether ``text`` holds what reads as a date next to a time.

    A numeric form counts only when its numbers can be a date: a year and a month (the
    first of four digits), or a month and a day in either order, none of them zero.
    """
    if WORD_DATE.search(text):
        return True
    for first, second in (match.groups() for match in NUMERIC_DATE.finditer(text)):
        a, b = int(first), int(second)
        if len(first) == 4 and 1 <= b <= 12:
            return True
        if (
            len(first) <= 2
            and a >= 1
            and b >= 1
            and ((a <= 12 and b <= 31) or (b <= 12 and a <= 31))
        ):
            return True
    return False


EXTRA_CLAUSES = (
    "crs-no-timestamp-on-intermediate-blocks",
    "crs-timestamp-only-at-boundaries",
    "crs-timestamp-local-time",
)
"""Clauses a time drawn where none belongs (one too many) is reported under."""


MISSING_CLAUSES = (
    "crs-timestamp-local-time",
    "crs-timestamp-system",
    "crs-timestamp-turn-end",
    "crs-timestamp-turn-start",
    "crs-timestamp-available",
)
"""Clauses a boundary's time not drawn (one missing) is reported under."""


TIME_CLAUSES = (
    "crs-timestamp-local-time",
    "crs-timestamp-turn-start",
    "crs-timestamp-turn-end",
    "crs-timestamp-system",
    "crs-timestamp-only-at-boundaries",
    "crs-no-timestamp-on-intermediate-blocks",
    "crs-timestamp-available",
    "crs-timestamp-format",
)
"""Clauses a time check reports under: the first one the scenario cites."""


def hovered_times(crs_driver: CrsDriver) -> list[str]:
    """Every time revealed by hovering each item in turn, each place counted once.

    A place is the time's row in the conversation's content (scroll offset added) and its
    column, so a time revealed by two neighbouring items is one time.
    """
    area = crs_driver.conversation
    places: dict[tuple[int, int], str] = {}
    for view in stamped_items(crs_driver):
        for shown in hover_over(crs_driver, view):
            places[(content_row(area, shown.row), shown.start)] = shown.hhmm
    pointer_away(crs_driver)
    area.scroll_end(animate=False, immediate=True)
    crs_driver.settle()
    return list(places.values())


def every_time(crs_driver: CrsDriver) -> list[str]:
    """Every time of day the conversation holds, scrolled through page by page, as ``HH:MM``.

    A conversation taller than its area is read from its top to its end, one area's height
    at a time (no row read twice), then scrolled back to its end. In hover mode, the times
    each item reveals while hovered (:func:`hovered_times`); in key mode, once the key
    showed every time.
    """
    mode = reveal_mode(crs_driver, "crs-timestamp-available")
    if mode == "hover":
        return hovered_times(crs_driver)
    if mode == "key":
        press_reveal_key(crs_driver, True)
    area = crs_driver.conversation
    if not area.max_scroll_y:
        return [shown.hhmm for shown in shown_times(crs_driver)]
    height, top, found = area.region.height, area.region.y, []
    for offset in range(0, int(area.max_scroll_y) + height, height):
        area.scroll_to(y=offset, animate=False, immediate=True)
        crs_driver.settle()
        scrolled = int(area.scroll_y)  # the last page stops short: skip rows already read
        found += [
            shown.hhmm for shown in shown_times(crs_driver) if scrolled + shown.row - top >= offset
        ]
    area.scroll_end(animate=False, immediate=True)
    crs_driver.settle()
    return found


@when(parsers.parse('the tool\'s result arrives in turn "{turn}"'))
def tool_result(crs_driver: CrsDriver, turn: str) -> None:
    """Publish the result of tool call ``call-1``."""
    crs_driver.publish(ToolResult(turn, "call-1", "text", "def parse(): ..."))


@when(parsers.parse('the agent reports the system notice "{text}"'))
def system_notice(crs_driver: CrsDriver, text: str) -> None:
    """Publish a ``session.system.notice`` of kind ``error``."""
    crs_driver.publish(SystemNotice("error", text))


def _times(text: str) -> list[str]:
    """``"14:32, 14:39"`` -> ``["14:32", "14:39"]``."""
    return [part.strip() for part in text.split(",") if part.strip()]


@then(parsers.parse('the conversation shows exactly the times "{times}"'))
def exactly_times(crs_driver: CrsDriver, request: pytest.FixtureRequest, times: str) -> None:
    """The times drawn in the conversation are ``times``, each as often as listed.

    Each event of the scenario has its own minute: a time not listed stamps an event that
    must carry none (an intermediate block, a late delta: one too many, reported under
    :data:`EXTRA_CLAUSES`), a listed one missing is a boundary left unstamped (reported
    under :data:`MISSING_CLAUSES`); a time in UTC instead of local time is both. Each
    failure says which way it failed.
    """
    clause = scenario_clause(request, *TIME_CLAUSES)
    if reveal_mode(crs_driver, clause) in ("hover", "key"):
        hidden_until_asked(crs_driver, scenario_clause(request, *EXTRA_CLAUSES))
    seen = Counter(every_time(crs_driver))
    expected = Counter(_times(times))
    extra, missing = seen - expected, expected - seen
    listed = ", ".join(sorted(expected.elements()))
    drawn = ", ".join(sorted(seen.elements())) or "none"
    check(
        not extra,
        scenario_clause(request, *EXTRA_CLAUSES),
        "the times drawn in the conversation",
        f"{listed} and no other",
        f"{drawn}: a time too many ({', '.join(sorted(extra.elements()))})"
        + (f", and missing {', '.join(sorted(missing.elements()))}" if missing else ""),
    )
    check(
        not missing,
        scenario_clause(request, *MISSING_CLAUSES),
        "the times drawn in the conversation",
        listed,
        f"{drawn}: a time missing ({', '.join(sorted(missing.elements()))})",
    )


def _region_rows(view: ItemView) -> tuple[int, int]:
    """First and last screen row of an item's region."""
    region = view.widget.region
    return region.y, region.bottom - 1


def _nearest(crs_driver: CrsDriver, row: int) -> ItemView | None:
    """The item (timestamps aside) whose rows are nearest to ``row``; ties go to the upper."""
    best: tuple[int, ItemView] | None = None
    for view in crs_driver.items():
        if view.kind == "timestamp" or not view.widget.region.height:
            continue
        top, last = _region_rows(view)
        distance = 0 if top <= row <= last else min(abs(row - top), abs(row - last))
        if best is None or distance < best[0]:
            best = (distance, view)
    return best[1] if best else None


@then(parsers.parse('the user message shows the time "{hhmm}" next to its bubble'))
def user_stamp(crs_driver: CrsDriver, request: pytest.FixtureRequest, hhmm: str) -> None:
    """``hhmm`` is drawn once, on the last user message's rows or just above or below them."""
    clause = scenario_clause(request, *TIME_CLAUSES)
    users = [view for view in crs_driver.items() if view.actor == "user" and view.kind == "text"]
    shown = one_time(crs_driver, clause, hhmm, users[-1] if users else None)
    nearest = _nearest(crs_driver, shown.row)
    top, last = _region_rows(users[-1]) if users else (-9, -9)
    check(
        bool(users)
        and nearest is not None
        and nearest.widget is users[-1].widget
        and top - 2 <= shown.row <= last + 2,
        clause,
        f"the time {hhmm} on row {shown.row}",
        f"next to the user message (rows {top}-{last})",
        f"nearest item: {nearest.actor + ' ' + nearest.kind if nearest else 'none'}",
    )


@then(parsers.parse("the turn's end shows the time \"{hhmm}\" below the agent's last block"))
def end_stamp(crs_driver: CrsDriver, request: pytest.FixtureRequest, hhmm: str) -> None:
    """``hhmm`` is drawn once, below the last agent block (on its last row at the highest)."""
    clause = scenario_clause(request, *TIME_CLAUSES)
    blocks = [view for view in crs_driver.items() if view.actor == "agent"]
    blocks = [view for view in blocks if view.kind != "timestamp"]
    shown = one_time(crs_driver, clause, hhmm, blocks[-1] if blocks else None)
    top, last = _region_rows(blocks[-1]) if blocks else (-9, -9)
    later = [
        view
        for view in crs_driver.items()
        if view.kind != "timestamp" and view.widget.region.height and view.widget.region.y > last
    ]
    limit = later[0].widget.region.y if later else last + 3
    check(
        bool(blocks) and last <= shown.row < min(limit, last + 3),
        clause,
        f"the time {hhmm} on row {shown.row}",
        f"below the agent's last block (rows {top}-{last}), before the next item",
        "no agent block" if not blocks else f"row {shown.row}",
    )


@then(parsers.parse('the system notice shows the time "{hhmm}"'))
def notice_stamp(crs_driver: CrsDriver, request: pytest.FixtureRequest, hhmm: str) -> None:
    """``hhmm`` is drawn once, on the system notice's rows or next to them."""
    clause = scenario_clause(request, *TIME_CLAUSES)
    notices = [view for view in crs_driver.items() if view.kind == "system"]
    shown = one_time(crs_driver, clause, hhmm, notices[-1] if notices else None)
    nearest = _nearest(crs_driver, shown.row)
    check(
        nearest is not None and nearest.actor == "system" and nearest.kind == "system",
        clause,
        f"the time {hhmm} on row {shown.row}",
        "in or next to the system notice",
        f"nearest item: {nearest.actor + ' ' + nearest.kind if nearest else 'none'}",
    )


@then(parsers.parse('the time "{hhmm}" is shown without a date'))
def without_date(crs_driver: CrsDriver, request: pytest.FixtureRequest, hhmm: str) -> None:
    """The row that shows today's ``hhmm`` holds no date (``crs-timestamp-format``)."""
    clause = scenario_clause(request, "crs-timestamp-format")
    shown = one_time(crs_driver, clause, hhmm)
    check(
        not reads_as_date(shown.line),
        clause,
        f"the row of today's time {hhmm}",
        "hours and minutes only",
        repr(shown.line.strip()),
    )


@then("every time shown is drawn muted or dim")
@then("every time is there on demand: drawn muted or dim, or only while hovered")
def stamps_muted(crs_driver: CrsDriver, request: pytest.FixtureRequest) -> None:
    """Each time's cells are dim, or of lower contrast than the agent's text.

    ``crs-timestamp-on-demand``, its inline way: a terminal has no small font, so muted
    colour (Textual blends it toward the background) or the dim attribute stands for it.
    Its hover way: no time drawn with the pointer away, and some revealed by hovering; a
    key that shows every time is read the same way (hidden, then shown at the key).
    """
    clause = scenario_clause(request, "crs-timestamp-on-demand")
    mode = reveal_mode(crs_driver, clause)
    if mode in ("hover", "key"):
        hidden_until_asked(crs_driver, clause)
        revealed = hovered_times(crs_driver) if mode == "hover" else every_time(crs_driver)
        asked = "the items hovered" if mode == "hover" else "the reveal key pressed"
        check(bool(revealed), clause, asked, "the times drawn", "no time")
        return
    cells = screen_cells(crs_driver.app)
    texts = [view for view in crs_driver.items() if view.actor == "agent" and view.kind == "text"]
    check(bool(texts), clause, "the conversation", "an agent text to compare with", "none")
    region = texts[-1].widget.region
    normal = [
        cell.contrast
        for row in cells[region.y : region.bottom]
        for cell in row[region.x : region.right]
        if cell.char.strip() and cell.contrast is not None
    ]
    body = max(normal, default=0.0)
    shown = shown_times(crs_driver)
    check(bool(shown), clause, "the conversation", "timestamps to look at", "no time drawn")
    for found in shown:
        glyphs = [cell for cell in cells[found.row][found.start : found.end] if cell.char.strip()]
        muted = all(cell.dim or (cell.contrast or 21.0) < body * 0.9 for cell in glyphs)
        check(
            muted,
            clause,
            f"the time {found.hhmm} on row {found.row}",
            f"dim, or contrast below the agent text's {body:.1f}",
            ", ".join(f"{cell.contrast or 0:.1f}{' dim' if cell.dim else ''}" for cell in glyphs),
        )


@then(
    parsers.parse(
        'the times "{first}" and "{last}" are hidden until the pointer is over the user '
        "message and the agent's last block, and drawn while it is"
    )
)
def revealed_on_hover(crs_driver: CrsDriver, first: str, last: str) -> None:
    """The turn's start and end times are revealed by hovering what they stamp.

    Checks ``crs-timestamp-hover-preferred`` (SHOULD): with the pointer on the input no
    time is drawn; over the last user message ``first`` is drawn, over the agent's last
    block ``last``; away again, none. An adapter declaring ``"inline"`` has taken the
    other way ``crs-timestamp-on-demand`` allows: the recommendation is not followed, so
    this SHOULD clause fails (the report counts it on its SHOULD line; conformance is read
    from the MUST line, docs/reports.md).

    Raises:
        AssertionError: Through ``check``: the adapter declares ``"inline"``, or a time
            is drawn while nothing is hovered, or missing while its item is hovered.
    """
    clause = "crs-timestamp-hover-preferred"
    mode = reveal_mode(crs_driver, clause, crs_driver.part4)
    if mode == "key":
        _revealed_by_key(crs_driver, clause, (first, last))
        return
    check(
        mode == "hover",
        clause,
        "how the client reveals its timestamps (adapter member timestamp_reveal)",
        "on hover, the way 002 §2.4 recommends",
        f"{mode!r}: drawn inline, which crs-timestamp-on-demand allows",
    )
    items = crs_driver.items()
    users = [view for view in items if view.actor == "user" and view.kind == "text"]
    agents = [view for view in items if view.actor == "agent" and view.kind != "timestamp"]
    check(bool(users and agents), clause, "the conversation", "a whole turn", "none")
    for view, hhmm in ((users[-1], first), (agents[-1], last)):
        hidden_until_asked(crs_driver, clause)
        drawn = [shown.hhmm for shown in hover_over(crs_driver, view)]
        check(
            hhmm in drawn,
            clause,
            f"the pointer over the {view.actor} {view.kind} item",
            f"its time {hhmm} drawn",
            ", ".join(drawn) or "no time",
        )
    hidden_until_asked(crs_driver, clause)


def _revealed_by_key(crs_driver: CrsDriver, clause: str, times: tuple[str, ...]) -> None:
    """Key mode of ``crs-timestamp-hover-preferred``: hidden, shown at the key, hidden again.

    002 §2.4 ¶8 (l. 44) recommends times hidden by default and shown when the user asks,
    on the message area by hover or, on a touch screen, by a tap; a terminal has no tap,
    and a key is the keyboard user's way of asking (¶7, l. 42: "사용자가 원할 때 확인할 수
    있는 형태"). Design decision in docs/design/decision-audit.md.
    """
    hidden_until_asked(crs_driver, clause)
    press_reveal_key(crs_driver, True)
    drawn = [shown.hhmm for shown in shown_times(crs_driver)]
    missing = [hhmm for hhmm in times if hhmm not in drawn]
    check(
        not missing,
        clause,
        "the conversation after the reveal key",
        f"the times {', '.join(times)} drawn",
        ", ".join(drawn) or "no time",
    )
    hidden_until_asked(crs_driver, clause)


def _date_line(text: str) -> bool:
    """A row that reads as a date line: a date (:data:`DATE`) and no time of day on it."""
    return reads_as_date(text) and TIME.search(text) is None


@then("no date line is drawn between the two turns")
def no_separator(crs_driver: CrsDriver, request: pytest.FixtureRequest) -> None:
    """No row between the two turns holds a date without a time (``crs-date-separator``).

    002 §2.4 ¶10 puts the separator where the (local) date changes: between two turns of
    one local day there is none, whatever the UTC date did.
    """
    clause = scenario_clause(request, "crs-date-separator")
    dated = [text.strip() for _row, text in rows_between_turns(crs_driver, clause)]
    dated = [text for text in dated if _date_line(text)]
    check(
        not dated,
        clause,
        "the rows between two turns of one local day",
        "no date line",
        " / ".join(dated),
    )


def _all_rows(crs_driver: CrsDriver) -> list[tuple[int, str]]:
    """Every row of the conversation's content, ``(content row, text)``, scrolled page by page.

    As :func:`every_time` reads them (no row twice), then scrolled back to the end.
    """
    area = crs_driver.conversation
    height, top = area.scrollable_content_region.height, area.scrollable_content_region.y
    found: dict[int, str] = {}
    for offset in range(0, int(area.max_scroll_y) + height, height):
        area.scroll_to(y=offset, animate=False, immediate=True)
        crs_driver.settle()
        for row, text in conversation_rows(crs_driver):
            if top <= row < top + height:
                found.setdefault(content_row(area, row), text)
    area.scroll_end(animate=False, immediate=True)
    crs_driver.settle()
    return sorted(found.items())


@then(
    parsers.parse('the conversation shows one date line below its first user message, for "{day}"')
)
def one_separator(crs_driver: CrsDriver, request: pytest.FixtureRequest, day: str) -> None:
    """Below the first user message, exactly one date line, and it names ``day``.

    One change of the local date, one separator (002 §2.4 ¶10): neither missing nor repeated
    before each later turn of the new day. Rows above the first user message are not read:
    a heading with the conversation's first date is not a separator, and the seed neither
    asks nor forbids one.
    """
    clause = scenario_clause(request, "crs-date-separator")
    users = [view for view in crs_driver.items() if view.actor == "user" and view.kind == "text"]
    check(bool(users), clause, "the conversation", "a user message", "none")
    area = crs_driver.conversation
    first = content_row(area, users[0].widget.region.bottom - 1)
    date = datetime.strptime(day, "%Y-%m-%d").date()
    fields = {"year": date.year, "month": date.month, "day": date.day, "mon": f"{date:%b}"}
    forms = [form.format(**fields) for form in DAY_FORMS]
    lines = [text.strip() for row, text in _all_rows(crs_driver) if row > first]
    dated = [text for text in lines if _date_line(text)]
    check(
        len(dated) == 1 and any(form in dated[0] for form in forms),
        clause,
        "the date lines below the first user message",
        f"one, with the date {day} (as {forms[0]!r}, {forms[3]!r}, ...)",
        f"{len(dated)}: " + (" / ".join(dated) or "none"),
    )
