"""Times drawn in the conversation: where they are, how they are revealed, the day forms.

Helpers of ``timestamps_steps`` and of the shared steps that read the clock and the date
separator (``shared_steps``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Protocol

from textual.widget import Widget

from steps.checks import check
from steps.rawp_crs.contract import ItemView
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.support.turns import conversation_rows

TIME = re.compile(
    r"(?:(?P<before>오전|오후)\s*)?(?<![\d:.])(?P<hour>\d{1,2}):(?P<minute>\d{2})(?![\d:])"
    r"(?:\s*(?P<after>[AaPp]\.?[Mm]\.?)(?![A-Za-z]))?"
)
"""A time of day as a client may draw it: ``14:32``, ``02:32``, ``오후 2:32``, ``2:32 PM``."""


REVEALS = ("inline", "hover", "key:<key>")
"""The values of the adapter's ``timestamp_reveal``: times drawn all the time, while the
pointer is over what they stamp, or every time while a key has been pressed (until it is
pressed again), e.g. ``"key:f2"``."""
KEY = "key:"
"""Prefix of a ``timestamp_reveal`` naming the key that shows and hides every time."""


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


class RevealMembers(Protocol):
    """A part whose members say how times are revealed: part 1, and part 4 (hover preferred)."""

    timestamp_reveal: str
    """``"inline"``, ``"hover"`` or ``"key:<key>"`` (:data:`REVEALS`)."""


def reveal_mode(crs_driver: CrsDriver, clause: str, part: RevealMembers | None = None) -> str:
    """How the client reveals its times: ``"inline"``, ``"hover"`` or ``"key"``.

    Read from the adapter's ``timestamp_reveal`` (:data:`REVEALS`) through ``part``
    (``crs_driver.part4`` for part 4's ``crs-timestamp-hover-preferred``), part 1's by
    default.
    """
    members = crs_driver.part1 if part is None else part
    mode = members.timestamp_reveal
    known = mode in ("inline", "hover") or (
        isinstance(mode, str) and mode.startswith(KEY) and len(mode) > len(KEY)
    )
    check(known, clause, "the adapter's timestamp_reveal", " or ".join(REVEALS), mode)
    return "key" if str(mode).startswith(KEY) else str(mode)


def pointer_away(crs_driver: CrsDriver) -> None:
    """Move the pointer off the conversation, onto the input."""
    region = crs_driver.input.region
    crs_driver.hover(region.x, region.y, doing="moving the pointer to the input")


def press_reveal_key(crs_driver: CrsDriver, shown: bool) -> None:
    """In key mode, press the adapter's reveal key if the times are not already ``shown``.

    The driver remembers whether the key last showed the times (``times_shown``), so a step
    asking for them shown, or hidden, presses it only when that changes something.
    """
    if crs_driver.times_shown != shown:
        key = str(crs_driver.part1.timestamp_reveal).removeprefix(KEY)
        crs_driver.press(key)
        crs_driver.times_shown = shown


def hidden_until_asked(crs_driver: CrsDriver, clause: str) -> None:
    """Hover or key mode: no time is drawn until the user asks (the pointer on the input).

    In key mode the times are hidden first if the key showed them.
    """
    if reveal_mode(crs_driver, clause) == "key":
        press_reveal_key(crs_driver, False)
    pointer_away(crs_driver)
    drawn = [shown.hhmm for shown in shown_times(crs_driver)]
    check(
        not drawn,
        clause,
        "the conversation with the pointer away from it",
        "no time drawn (they are revealed on demand)",
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
    crs_driver.hover(*at, doing=f"hovering over the {view.kind} item")
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


def one_time(
    crs_driver: CrsDriver, clause: str, hhmm: str, stamped: ItemView | None = None
) -> Shown:
    """The single place ``hhmm`` is drawn in the conversation; fails unless exactly one.

    In hover mode the time is first checked hidden with the pointer away, then read while
    the pointer is over ``stamped`` (or over each item in turn until ``hhmm`` shows); in key
    mode, checked hidden, then read once the key showed every time (they stay shown).
    """
    mode = reveal_mode(crs_driver, clause)
    if mode == "key":
        hidden_until_asked(crs_driver, clause)
        press_reveal_key(crs_driver, True)
    shown = shown_times(crs_driver)
    if mode == "hover":
        hidden_until_asked(crs_driver, clause)
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


def rows_between_turns(crs_driver: CrsDriver, clause: str) -> list[tuple[int, str]]:
    """The non-blank rows between the last two turns: ``(screen row, text)``, top down.

    From below the first turn's last row (its last agent item, its end stamp included) to
    above the second turn's first user item (the send time when it is drawn above the
    bubble: 002 §2.4 ¶3 allows above or below). Items not drawn (a time hidden until
    hovered) have no rows and are left out.

    The join is brought into sight first (:func:`join_in_sight`).

    Raises:
        AssertionError: Through ``check``: fewer than two user messages.
    """
    with join_in_sight(crs_driver):
        return _rows_between(crs_driver, clause)


@contextmanager
def join_in_sight(crs_driver: CrsDriver) -> Iterator[None]:
    """Bring the join of the last two turns into the viewport for the block, then put it back.

    Where the first turn's last row or the second turn's user item lies outside the viewport
    (turns drawn taller than it, a view scrolled elsewhere), the conversation is scrolled to
    show them, as a person scrolls to look; the view is put back where it was after.
    """
    area = crs_driver.conversation
    before = area.scroll_y
    views = list(crs_driver.items())
    users = [
        index for index, view in enumerate(views) if view.actor == "user" and view.kind == "text"
    ]
    if len(users) >= 2 and not _join_in_sight(crs_driver, views, users):
        area.scroll_to_widget(views[users[-1]].widget, animate=False, immediate=True, top=True)
        half = area.scrollable_content_region.height // 2
        area.scroll_to(y=max(0.0, area.scroll_y - half), animate=False, immediate=True)
        crs_driver.settle()
    try:
        yield
    finally:
        if area.scroll_y != before:
            area.scroll_to(y=before, animate=False, immediate=True)
            crs_driver.settle()


def _join_in_sight(crs_driver: CrsDriver, views: list[ItemView], users: list[int]) -> bool:
    """Whether the second turn's user item and the first turn's last row are in the viewport."""
    sight = crs_driver.conversation.scrollable_content_region
    second = views[users[-1]].widget.region
    # the first turn's last drawn item (its last agent block, else its message), as
    # :func:`_rows_between` reads it: a separator between the turns is not that item
    drawn = [
        index
        for index in range(users[-2] if len(users) >= 2 else 0, users[-1])
        if views[index].actor == "agent" and views[index].widget.region.height
    ]
    first = views[drawn[-1] if drawn else users[-1] - 1].widget.region
    return (
        bool(second.height and first.height)
        and sight.y <= first.bottom - 1 < second.y < sight.bottom
    )


def _rows_between(crs_driver: CrsDriver, clause: str) -> list[tuple[int, str]]:
    """:func:`rows_between_turns` once the join is in sight."""
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
