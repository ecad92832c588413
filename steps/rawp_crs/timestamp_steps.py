"""Steps of profile ``rawp_crs`` that set the clock and time zone and read timestamps (002 §2.4).

Times are read from what the conversation area draws (never a header clock or the rest of
the screen): every ``H:MM`` on its rows, with an optional 12-hour marker (``오전``/``오후``
before, ``AM``/``PM`` after), so a client in a Korean or 12-hour locale that shows
``오후 2:32`` is read as 14:32 (catalogue decision of ``crs-timestamp-local-time``). Each
event of a scenario happens at its own minute, so a time on screen tells which event it
stamps.

A client reveals its times one of two ways, as its adapter declares in ``timestamp_reveal``
(design §9, decision 6; a member of part 1, so never guessed):
``"inline"``, drawn all the time, read as they are; or ``"hover"``: no time is drawn while
the pointer is away from the conversation (on the input), and each time is read while
``pilot.hover`` holds the pointer over the item it stamps: the user message for a turn
start, the turn's last agent block for its end, the notice for a system message.
"""

from __future__ import annotations

import os
import re
import time
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest
from pytest_bdd import given, parsers, then, when
from textual.widget import Widget

from rawp_port import SystemNotice, ToolResult
from steps.adapter import ItemView
from steps.checks import check, scenario_clause
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.support.turns import conversation_rows
from steps.screen import screen_cells

TIME = re.compile(
    r"(?:(?P<before>오전|오후)\s*)?(?<![\d:.])(?P<hour>\d{1,2}):(?P<minute>\d{2})(?![\d:])"
    r"(?:\s*(?P<after>[AaPp]\.?[Mm]\.?)(?![A-Za-z]))?"
)
"""A time of day as a client may draw it: ``14:32``, ``02:32``, ``오후 2:32``, ``2:32 PM``."""
DATE = re.compile(
    r"\d{1,4}\s*[/.-]\s*\d{1,2}|\d+\s*[년월일]|\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)",
    re.IGNORECASE,
)
"""Anything that reads as a date next to a time."""
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
REVEALS = ("inline", "hover")
"""The two values of the adapter's ``timestamp_reveal``."""


@dataclass(frozen=True)
class Shown:
    """One time of day drawn in the conversation.

    Attributes:
        row: The screen row it is drawn on.
        start: Its first column (screen cells).
        end: The column after its last cell.
        hour: 0-23, with a 12-hour marker applied.
        minute: 0-59.
        line: The whole row, as drawn.
    """

    row: int
    start: int
    end: int
    hour: int
    minute: int
    line: str

    @property
    def hhmm(self) -> str:
        """The time as ``HH:MM`` (24-hour)."""
        return f"{self.hour:02d}:{self.minute:02d}"


def shown_times(crs_driver: CrsDriver) -> list[Shown]:
    """Every time of day drawn inside the conversation area, top to bottom.

    Columns count cells of the row as the screen reader gives them (one per cell, a wide
    character's right half empty), offset by the conversation's left edge.
    """
    left = crs_driver.conversation.region.x
    found = []
    for row, text in conversation_rows(crs_driver):
        for match in TIME.finditer(text):
            hour, minute = int(match["hour"]), int(match["minute"])
            marker = (match["before"] or match["after"] or "").lower().replace(".", "")
            if marker in ("오후", "pm") and hour < 12:
                hour += 12
            elif marker in ("오전", "am") and hour == 12:
                hour = 0
            found.append(Shown(row, left + match.start(), left + match.end(), hour, minute, text))
    return found


def reveal_mode(crs_driver: CrsDriver, clause: str) -> str:
    """The adapter's ``timestamp_reveal`` (a part-1 member), checked: ``inline`` or ``hover``."""
    mode = crs_driver.adapter.timestamp_reveal
    check(mode in REVEALS, clause, "the adapter's timestamp_reveal", " or ".join(REVEALS), mode)
    return str(mode)


def pointer_away(crs_driver: CrsDriver) -> None:
    """Move the pointer off the conversation, onto the input."""
    crs_driver.run(crs_driver.pilot.hover(crs_driver.input), "moving the pointer to the input")
    crs_driver.settle()


def hidden_until_hovered(crs_driver: CrsDriver, clause: str) -> None:
    """In hover mode: with the pointer on the input, no time is drawn in the conversation."""
    pointer_away(crs_driver)
    drawn = [shown.hhmm for shown in shown_times(crs_driver)]
    check(
        not drawn,
        clause,
        "the conversation with the pointer away from it",
        "no time drawn (they are revealed on hover)",
        ", ".join(drawn),
    )


def hover_over(crs_driver: CrsDriver, view: ItemView) -> list[Shown]:
    """Bring ``view``'s last row into sight, hold the pointer on it; the times drawn then.

    The item's last row is placed two rows above the area's bottom (the stamp of a turn
    start or end lies just below its item), the pointer is moved onto the middle of that
    row, and the times are read once the screen settled.
    """
    area = crs_driver.conversation
    widget = view.widget
    content = area.scrollable_content_region
    shown = widget.region
    if shown.height and (shown.y < content.y or shown.bottom > content.bottom - 2):
        target = content_row(area, widget.region.bottom) + 2 - content.height
        area.scroll_to(y=max(0, target), animate=False, immediate=True)
        crs_driver.settle()
    elif not shown.height:  # kept out of layout far above: let the area bring it in
        area.scroll_to_widget(widget, animate=False, immediate=True)
        crs_driver.settle()
    region = widget.region.intersection(content)
    if not region.height:
        return []
    at = (region.x + region.width // 2, region.bottom - 1)
    crs_driver.run(crs_driver.pilot.hover(offset=at), f"hovering over the {view.kind} item")
    crs_driver.settle()
    return shown_times(crs_driver)


def content_row(area: Widget, screen_row: int) -> int:
    """The row of the area's scrollable content drawn at ``screen_row``.

    Read from the screen regions, which the compositor gives for every laid-out widget,
    scrolled out of sight or not and at any depth (an item inside a ``ListItem`` row of a
    ``ListView`` included), unlike ``virtual_region``, which is relative to the parent.
    """
    return screen_row - area.scrollable_content_region.y + int(area.scroll_y)


def stamped_items(crs_driver: CrsDriver) -> list[ItemView]:
    """The items the pointer passes over: every item but date separators and the trigger.

    Timestamp items are among them: a person's pointer crosses their rows too, and a time
    that shows only there (stamping no item) is still a time drawn.
    """
    return [
        view for view in crs_driver.items() if view.kind not in ("date_separator", "load_older")
    ]


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
    each item reveals while hovered (:func:`hovered_times`).
    """
    if reveal_mode(crs_driver, "crs-timestamp-available") == "hover":
        return hovered_times(crs_driver)
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


@given(parsers.parse('the local time zone is "{zone}"'))
def local_zone(request: pytest.FixtureRequest, zone: str) -> None:
    """Run the scenario with ``TZ=zone`` (``time.tzset``); restored after the scenario."""
    previous = os.environ.get("TZ")

    def restore() -> None:
        if previous is None:
            os.environ.pop("TZ", None)
        else:
            os.environ["TZ"] = previous
        time.tzset()

    request.addfinalizer(restore)
    os.environ["TZ"] = zone
    time.tzset()


def _zone() -> ZoneInfo:
    """The zone the scenario set with ``the local time zone is``."""
    return ZoneInfo(os.environ.get("TZ", "UTC"))


@given(parsers.parse('the clock reads "{moment}"'))
@when(parsers.parse('the clock reads "{moment}"'))
def clock_reads(crs_driver: CrsDriver, moment: str) -> None:
    """Set the client's clock to local ``moment``: ``YYYY-MM-DD HH:MM`` or ``HH:MM`` that day.

    The fake clock holds the instant as an aware UTC datetime; the client must convert it.
    """
    if " " not in moment:
        day = crs_driver.clock().astimezone(_zone()).date()
        moment = f"{day.isoformat()} {moment}"
    local = datetime.strptime(moment, "%Y-%m-%d %H:%M").replace(tzinfo=_zone())
    crs_driver.clock.set(local.astimezone(UTC))


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
    if reveal_mode(crs_driver, clause) == "hover":
        hidden_until_hovered(crs_driver, scenario_clause(request, *EXTRA_CLAUSES))
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


def _one_time(
    crs_driver: CrsDriver, clause: str, hhmm: str, stamped: ItemView | None = None
) -> Shown:
    """The single place ``hhmm`` is drawn in the conversation; fails unless exactly one.

    In hover mode the time is first checked hidden with the pointer away, then read while
    the pointer is over ``stamped`` (or over each item in turn until ``hhmm`` shows).
    """
    shown = shown_times(crs_driver)
    if reveal_mode(crs_driver, clause) == "hover":
        hidden_until_hovered(crs_driver, clause)
        for view in [stamped] if stamped is not None else stamped_items(crs_driver):
            shown = hover_over(crs_driver, view)
            if any(found.hhmm == hhmm for found in shown):
                break
    places = [found for found in shown if found.hhmm == hhmm]
    drawn = ", ".join(found.hhmm for found in shown) or "no time at all"
    check(
        bool(places),
        clause,
        "the times drawn in the conversation",
        f"{hhmm} drawn once",
        f"{drawn}: {hhmm} missing",
    )
    check(
        len(places) == 1,
        clause,
        "the times drawn in the conversation",
        f"{hhmm} drawn once",
        f"{drawn}: {hhmm} drawn {len(places)} times, one too many",
    )
    return places[0]


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
    shown = _one_time(crs_driver, clause, hhmm, users[-1] if users else None)
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
    shown = _one_time(crs_driver, clause, hhmm, blocks[-1] if blocks else None)
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
    shown = _one_time(crs_driver, clause, hhmm, notices[-1] if notices else None)
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
    shown = _one_time(crs_driver, clause, hhmm)
    check(
        DATE.search(shown.line) is None,
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
    Its hover way: no time drawn with the pointer away, and some revealed by hovering.
    """
    clause = scenario_clause(request, "crs-timestamp-on-demand")
    if reveal_mode(crs_driver, clause) == "hover":
        hidden_until_hovered(crs_driver, clause)
        revealed = hovered_times(crs_driver)
        check(bool(revealed), clause, "the items hovered", "their times drawn", "no time")
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


DAY_FORMS = (
    "{year}년 {month}월 {day}일",
    "{month}월 {day}일",
    "{year}-{month:02d}-{day:02d}",
    "{month}/{day}",
    "{day}.{month}.",
    "{mon} {day}",
    "{day} {mon}",
)
"""Ways a date separator may write a date (Korean, ISO, US, European, English)."""


def _rows_between_turns(crs_driver: CrsDriver, clause: str) -> list[tuple[int, str]]:
    """The non-blank rows between the last two turns: ``(screen row, text)``, top down.

    From below the first turn's last row (its last agent item, its end stamp included) to
    above the second turn's first user item (the send time when it is drawn above the
    bubble: 002 §2.4 ¶3 allows above or below). Items not drawn (a time hidden until
    hovered) have no rows and are left out.

    Raises:
        AssertionError: Through ``check``: fewer than two user messages.
    """
    views = list(crs_driver.items())
    users = [
        index for index, view in enumerate(views) if view.actor == "user" and view.kind == "text"
    ]
    check(len(users) >= 2, clause, "the conversation", "two user messages", str(len(users)))
    agents = [
        index
        for index in range(users[-2], users[-1])
        if views[index].actor == "agent" and views[index].widget.region.height
    ]
    first_turn_end = (
        views[agents[-1]].widget.region.bottom - 1
        if agents
        else views[users[-2]].widget.region.bottom - 1
    )
    later = range(agents[-1] + 1 if agents else users[-2] + 1, len(views))
    second_start = min(
        (
            views[i].widget.region.y
            for i in later
            if views[i].actor == "user" and views[i].widget.region.height
        ),
        default=views[users[-1]].widget.region.y,
    )
    return [
        (row, text)
        for row, text in conversation_rows(crs_driver)
        if first_turn_end < row < second_start and text.strip()
    ]


@then(parsers.parse('a centred line with the date "{day}" is drawn between the two turns'))
def date_separator(crs_driver: CrsDriver, request: pytest.FixtureRequest, day: str) -> None:
    """Between the first turn's last row and the second user message, a centred date line.

    Centred: the gaps from its glyphs to the conversation's content edges differ by at most
    two cells (``crs-date-separator``).
    """
    clause = scenario_clause(request, "crs-date-separator")
    date = datetime.strptime(day, "%Y-%m-%d").date()
    fields = {"year": date.year, "month": date.month, "day": date.day, "mon": f"{date:%b}"}
    forms = [form.format(**fields) for form in DAY_FORMS]
    between = _rows_between_turns(crs_driver, clause)
    dated = [(row, text) for row, text in between if any(form in text for form in forms)]
    check(
        bool(dated),
        clause,
        "the rows between the two turns",
        f"a line with the date {day} (as {forms[0]!r}, {forms[3]!r}, ...)",
        " / ".join(text.strip() for _row, text in between) or "nothing drawn",
    )
    row, _text = dated[0]
    content = crs_driver.conversation.scrollable_content_region
    line = [cell.char for cell in screen_cells(crs_driver.app)[row][content.x : content.right]]
    glyphs = [index for index, char in enumerate(line) if char.strip()]
    left, right = glyphs[0], len(line) - 1 - glyphs[-1]
    check(
        abs(left - right) <= 2,
        clause,
        f"the date line on row {row}",
        "centred (gaps to both edges within 2 cells)",
        f"{left} cells left, {right} right",
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
    mode = reveal_mode(crs_driver, clause)
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
        hidden_until_hovered(crs_driver, clause)
        drawn = [shown.hhmm for shown in hover_over(crs_driver, view)]
        check(
            hhmm in drawn,
            clause,
            f"the pointer over the {view.actor} {view.kind} item",
            f"its time {hhmm} drawn",
            ", ".join(drawn) or "no time",
        )
    hidden_until_hovered(crs_driver, clause)


STAMP_DAY_FORMS = (*DAY_FORMS, "{month:02d}/{day:02d}", "{month:02d}-{day:02d}", "{month}.{day}")
"""Ways a timestamp may write the date of an earlier day (as separators do, and padded)."""


@then(parsers.parse('the time "{hhmm}" is shown with the date "{day}"'))
def with_date(crs_driver: CrsDriver, request: pytest.FixtureRequest, hhmm: str, day: str) -> None:
    """The row that shows ``hhmm`` of an earlier day holds its date (``crs-timestamp-format``).

    002 §2.4 ¶11: a message of an earlier day shows the date and the time, in any locale's
    form of the date (``3/8``, ``3월 8일``, ``03-08``, ``Mar 8``, ...).
    """
    clause = scenario_clause(request, "crs-timestamp-format")
    date = datetime.strptime(day, "%Y-%m-%d").date()
    fields = {"year": date.year, "month": date.month, "day": date.day, "mon": f"{date:%b}"}
    forms = [form.format(**fields) for form in STAMP_DAY_FORMS]
    shown = _one_time(crs_driver, clause, hhmm)
    check(
        any(form in shown.line for form in forms),
        clause,
        f"the row of the time {hhmm} of {day}",
        f"the date and the time (as {forms[3]!r}, {forms[1]!r}, ...)",
        repr(shown.line.strip()),
    )


def _date_line(text: str) -> bool:
    """A row that reads as a date line: a date (:data:`DATE`) and no time of day on it."""
    return DATE.search(text) is not None and TIME.search(text) is None


@then("no date line is drawn between the two turns")
def no_separator(crs_driver: CrsDriver, request: pytest.FixtureRequest) -> None:
    """No row between the two turns holds a date without a time (``crs-date-separator``).

    002 §2.4 ¶10 puts the separator where the (local) date changes: between two turns of
    one local day there is none, whatever the UTC date did.
    """
    clause = scenario_clause(request, "crs-date-separator")
    dated = [text.strip() for _row, text in _rows_between_turns(crs_driver, clause)]
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
