"""Mutants of seed area §2.4 Timestamps.

Each is the reference RAWP-CRS client with one defect in that area, caught by a
scenario of ``features/rawp_crs/`` citing its clause.
"""

from __future__ import annotations

from datetime import UTC, datetime
from datetime import date as _date
from typing import Any

from textual.app import App
from textual.widget import Widget

from examples.crs_alt import when
from examples.crs_alt.widgets import AgentProse, Stamp, ThoughtBlock, ToolGroup
from examples.crs_part1.adapter import CrsPart1Adapter
from examples.crs_part1.app import Part1App
from rawp_port import (
    AgentPort,
    ClientSettings,
    Clock,
    ControlPlane,
    Turn,
    TurnEnded,
)
from reference_crs.app import CrsApp
from reference_crs.history import LazyHistory, replay
from reference_crs.timefmt import stamp_text as _stamp_text
from reference_crs.widgets import (
    AgentText,
    SystemNoticeItem,
    ThinkingBlock,
    TimeStamp,
    ToolBlock,
)
from reference_crs.widgets import DateSeparator as _DateSeparator
from tests.candidates.crs_mutants._registry import MUTANTS, mutant
from tests.candidates.mutants import Mutant, register


@mutant
class StampsIntermediateBlocks(CrsApp):
    """crs-no-timestamp-on-intermediate-blocks: every thinking, tool and text block gets a time."""

    async def append_items(self, *widgets: Widget) -> None:
        await super().append_items(*widgets)
        if any(isinstance(widget, (AgentText, ThinkingBlock, ToolBlock)) for widget in widgets):
            moment = self.clock()
            await super().append_items(TimeStamp(moment, self.stamp_text(moment), classes="-agent"))


@mutant
class UtcTimes(CrsApp):
    """crs-timestamp-local-time: timestamps show UTC instead of the local time."""

    def stamp_text(self, moment: datetime) -> str:
        return f"{moment.astimezone(UTC):%H:%M}"


@mutant
class NoTurnEndStamp(CrsApp):
    """crs-timestamp-turn-end: the end of a turn carries no timestamp."""

    async def append_items(self, *widgets: Widget) -> None:
        kept = [w for w in widgets if not (isinstance(w, TimeStamp) and w.has_class("-agent"))]
        await super().append_items(*kept)


@mutant
class OnlyLatestTurnEndStamp(CrsApp):
    """crs-timestamp-turn-end: a turn's end time is removed when the next turn ends."""

    async def handle_turn_ended(self, event: TurnEnded) -> None:
        earlier = list(self.conversation.query(TimeStamp).filter(".-agent"))
        await super().handle_turn_ended(event)
        for stamp in earlier:
            await stamp.remove()


@mutant
class NoUserStamp(CrsApp):
    """crs-timestamp-turn-start: the user message carries no timestamp."""

    async def append_items(self, *widgets: Widget) -> None:
        kept = [w for w in widgets if not (isinstance(w, TimeStamp) and w.has_class("-user"))]
        await super().append_items(*kept)


@mutant
class NoStampsAtAll(CrsApp):
    """crs-timestamp-available: no message shows when it happened."""

    def stamp_text(self, moment: datetime) -> str:
        return ""


@mutant
class NoticeWithoutTime(CrsApp):
    """crs-timestamp-system: a system notice shows no time."""

    async def append_items(self, *widgets: Widget) -> None:
        kept = [
            SystemNoticeItem(w.text, "") if isinstance(w, SystemNoticeItem) else w for w in widgets
        ]
        await super().append_items(*kept)


@mutant
class StampsTurnStart(CrsApp):
    """crs-timestamp-only-at-boundaries: session.turn.start gets a timestamp of its own."""

    async def handle_turn_started(self, event: Any) -> None:
        await super().handle_turn_started(event)
        moment = self.clock()
        await self.append_items(TimeStamp(moment, self.stamp_text(moment), classes="-agent"))


@mutant
class TimestampsAlwaysShown(CrsApp):
    """crs-timestamp-hover-preferred: times declared revealed on hover are drawn all the time."""

    CSS = "TimeStamp { visibility: visible; }"


class Part1MutantAdapter(CrsPart1Adapter):
    """The part-1 client's adapter (examples/crs_part1), creating a mutant's client instead."""

    def __init__(self, entry: Mutant) -> None:
        """Adapt ``entry``'s client."""
        self.mutant = entry
        self.name = f"mutant {entry.name}"

    def create_client(
        self, port: AgentPort, control: ControlPlane, clock: Clock, settings: ClientSettings
    ) -> App[Any]:
        """Return a fresh client of the mutant, wired as the part-1 client is."""
        return self.mutant.app(port, control, clock, settings)  # type: ignore[arg-type]


class NestedStampsIntermediateBlocks(Part1App):
    """crs-no-timestamp-on-intermediate-blocks: in ListView rows, each agent block gets a time."""

    mutant_adapter = Part1MutantAdapter

    def _add(self, *widgets: Widget) -> None:
        super()._add(*widgets)
        if any(isinstance(widget, (AgentProse, ThoughtBlock, ToolGroup)) for widget in widgets):
            moment = self.clock()
            super()._add(Stamp(when.stamp(moment, moment), "agent"))


register(MUTANTS, NestedStampsIntermediateBlocks)


class _NoDaysInHistory(LazyHistory):
    """Draws stored turns one after the other, never a date separator among them."""

    async def replay_days(self, turns: list[Turn], first: Widget | None) -> None:
        for turn in turns:
            await replay(self.app, turn, first)


@mutant
class ReopenedTurnsWithoutDateSeparator(CrsApp):
    """crs-date-separator: reopened turns of different days have no date separator between."""

    HISTORY = _NoDaysInHistory


class _UndatedHistory(LazyHistory):
    """Draws the times of stored turns as hours and minutes, whatever their day."""

    async def replay_days(self, turns: list[Turn], first: Widget | None) -> None:
        await super().replay_days(turns, first)
        for stamp in self.app.conversation.query(TimeStamp):
            stamp.update(f"{stamp.moment.astimezone():%H:%M}")


@mutant
class ReopenedTimesWithoutDate(CrsApp):
    """crs-timestamp-format: the times of reopened turns of an earlier day show no date."""

    HISTORY = _UndatedHistory


def _stamp_utc_today(moment: datetime, now: datetime) -> str:
    """As the reference writes a time, but "today" is the UTC date of ``now``."""
    local = moment.astimezone()
    if local.date() == now.astimezone(UTC).date():
        return f"{local:%H:%M}"
    return f"{local.month}/{local.day} {local:%H:%M}"


class _UtcTodayHistory(LazyHistory):
    """Writes the times of reopened turns with "today" read as the UTC date of the clock."""

    async def replay_days(self, turns: list[Turn], first: Widget | None) -> None:
        await super().replay_days(turns, first)
        now = self.app.clock()
        for stamp in self.app.conversation.query(TimeStamp):
            stamp.update(_stamp_utc_today(stamp.moment, now))


@mutant
class TodayByUtcDate(CrsApp):
    """crs-timestamp-format: "today" is the UTC date (local-day times dated, yesterday's not)."""

    HISTORY = _UtcTodayHistory

    def stamp_text(self, moment: datetime) -> str:
        return _stamp_utc_today(moment, moment)


@mutant
class TodayFixedAtStart(CrsApp):
    """crs-timestamp-format: "today" stays the day of the first time drawn (later days dated)."""

    def stamp_text(self, moment: datetime) -> str:
        started: datetime = self.__dict__.setdefault("_started_at", moment)
        return _stamp_text(moment, started)


@mutant
class SeparatorByUtcDate(CrsApp):
    """crs-date-separator: the date separator follows the UTC date, not the local date."""

    async def date_boundary(self, moment: datetime) -> None:
        day = moment.astimezone(UTC).date()
        if self.last_day is not None and day != self.last_day:
            await self.append_items(_DateSeparator(moment.astimezone().date()))
        self.last_day = day


@mutant
class SeparatorBeforeEveryLaterTurn(CrsApp):
    """crs-date-separator: every turn of a later day than the first gets a separator of its own."""

    async def date_boundary(self, moment: datetime) -> None:
        day: _date = moment.astimezone().date()
        first: _date = self.__dict__.setdefault("_first_day", day)
        if day != first:
            await self.append_items(_DateSeparator(day))
        self.last_day = day


class _UtcHistory(LazyHistory):
    """Writes the times of reopened turns in UTC, as the store holds them."""

    async def replay_days(self, turns: list[Turn], first: Widget | None) -> None:
        await super().replay_days(turns, first)
        for stamp in self.app.conversation.query(TimeStamp):
            stamp.update(f"{stamp.moment.astimezone(UTC):%H:%M}")


@mutant
class ReopenedTimesInUtc(CrsApp):
    """crs-timestamp-local-time: the times of reopened turns are drawn in UTC, live ones local."""

    HISTORY = _UtcHistory


@mutant
class DateSeparatorNotMuted(CrsApp):
    """crs-date-separator: the date separator is drawn in the normal text colour."""

    CSS = "DateSeparator { color: $text; }"
