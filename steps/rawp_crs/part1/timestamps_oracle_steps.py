"""The timestamps' oracle: any time zone, any instant (issue 38).

002 §2.4 ¶11 (l. 49): "타임스탬프는 사용자의 로케일과 시간대에 맞춘 현지 시각으로 표시해야 한다
(MUST). 당일 메시지는 시:분(예: 14:32), 이전 날짜의 메시지는 날짜+시:분(예: 3/10 14:32 또는
로케일에 따른 포맷)으로 표시할 것을 권장한다 (SHOULD)."

The oracle, from that sentence alone: for a zone ``Z`` and an instant ``t``, the time drawn
for an event that happened at ``t`` is the wall-clock hours and minutes of ``t`` in ``Z``
(``crs-timestamp-local-time``), in any locale's form (``14:32``, ``오후 2:32``, ``2:32 PM``);
the row it is drawn on holds no date when that local day is "today" (``crs-timestamp-format``,
a SHOULD). Each example starts a fresh client with ``TZ`` set to a zone of
``zoneinfo.available_timezones()`` (half the time one of :data:`ODD_ZONES`: half-hour and
45-minute offsets, daylight saving time, the date line) and the clock at a local wall time
Hypothesis draws in that zone (it favours daylight saving edges); the user sends a message,
whose time is read; the clock moves on by 1 minute to 3 days (often across local midnight)
and the agent runs a turn, whose end time is read. The times are revealed as the adapter's
``timestamp_reveal`` says (inline, hover, ``key:<k>``: ``support/timestamps.one_time``).

Decisions where the seed is silent (docs/oracles.md):

- **Seconds.** ¶11 gives hours and minutes; whether ``14:32:45`` is drawn ``14:32`` (a
  clock's reading, truncated) or ``14:33`` (rounded) it does not say: both pass.
- **Today.** "당일" is the local date of the clock when the stamp is drawn (the clause's
  decision, design §9, decision 7): each live stamp is read right after it is drawn, and
  holds no date. The user message's stamp is not read again after the turn ended on a later
  day: a stamp need not be redrawn at midnight.
- **Which instants.** Years 2000 to 2099 (the zone database's rules are known there);
  the two events' wall times never share an ``HH:MM`` (a time drawn once tells which event
  it stamps).
"""

from __future__ import annotations

import os
import time
import zoneinfo
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from hypothesis import strategies as st
from pytest_bdd import then

from rawp_port import TextDelta, TurnEnded, TurnStarted
from steps.checks import check
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.part1.timestamps import Shown, one_time, pointer_away
from steps.rawp_crs.support.oracle_search import search

SEED = 3805
"""The search's seed (issue 38: timestamps, any zone, any instant)."""
EXAMPLES = 12
"""Examples per run: one fresh client each (about 0.5 s each)."""
ODD_ZONES = (
    "Asia/Kolkata",  # +5:30
    "Asia/Kathmandu",  # +5:45
    "Australia/Eucla",  # +8:45
    "Pacific/Chatham",  # +12:45, +13:45 in summer
    "Australia/Lord_Howe",  # +10:30, a half-hour DST shift
    "Australia/Adelaide",  # +9:30, +10:30 in summer
    "America/St_Johns",  # -3:30, -2:30 in summer
    "Asia/Tehran",  # +3:30 (+4:30 with DST before 2023)
    "Pacific/Marquesas",  # -9:30
    "Pacific/Kiritimati",  # +14
    "Pacific/Pago_Pago",  # -11
    "America/Los_Angeles",
    "Europe/London",
    "America/Santiago",  # DST in the southern summer
)
"""Zones of unusual offsets and daylight saving rules, drawn half of the time."""
LOCAL = "crs-timestamp-local-time"
FORMAT = "crs-timestamp-format"
DAY_FORMS = (
    "{month}/{day}",
    "{day}/{month}",
    "{month:02d}/{day:02d}",
    "{month}-{day}",
    "{month:02d}-{day:02d}",
    "{month}.{day}",
    "{day}.{month}.",
    "{month}월 {day}일",
    "{mon} {day}",
    "{day} {mon}",
)
"""Ways a date may be written next to a time (``3/10``, ``10/3``, ``03-10``, ``3월 10일``, ...)."""


def zones() -> list[str]:
    """Every zone of the zone database the system holds, sorted (``Factory`` left out)."""
    return sorted(zone for zone in zoneinfo.available_timezones() if zone != "Factory")


@dataclass(frozen=True)
class Case:
    """One generated input: a zone, when the message is sent and when the turn ends."""

    zone: str
    sent: datetime
    ended: datetime

    def __str__(self) -> str:
        """The input as a scenario would state it."""
        return (
            f"TZ={self.zone}, sent at {self.sent.isoformat()} "
            f"({self.sent.astimezone(UTC):%Y-%m-%d %H:%M:%S} UTC), the turn ended at "
            f"{self.ended.isoformat()}"
        )


@st.composite
def cases(draw: st.DrawFn) -> Case:
    """One :class:`Case`: a zone, a local wall time in it, and a later end."""
    zone = draw(st.one_of(st.sampled_from(ODD_ZONES), st.sampled_from(zones())))
    where = zoneinfo.ZoneInfo(zone)
    sent = draw(
        st.datetimes(
            min_value=datetime(2000, 1, 1),
            max_value=datetime(2099, 12, 31),
            timezones=st.just(where),
            allow_imaginary=False,
        )
    )
    minutes = draw(st.one_of(st.integers(1, 90), st.integers(1, 3 * 24 * 60)))
    ended = (sent.astimezone(UTC) + timedelta(minutes=minutes)).astimezone(where)
    if readings(ended) & readings(sent):
        ended = (ended.astimezone(UTC) + timedelta(minutes=2)).astimezone(where)
    return Case(zone, sent, ended)


def readings(moment: datetime) -> set[str]:
    """The ``HH:MM`` a faithful client may draw for ``moment`` (its local wall time).

    The minute it is in, and the next one from 30 seconds on (rounded): the seed is silent.
    """
    wall = moment.replace(second=0, microsecond=0)
    found = {f"{wall:%H:%M}"}
    if moment.second >= 30:
        found.add(f"{wall + timedelta(minutes=1):%H:%M}")
    return found


def dated(line: str, moment: datetime) -> bool:
    """Whether ``line`` writes ``moment``'s local date in one of :data:`DAY_FORMS`."""
    fields = {"month": moment.month, "day": moment.day, "mon": f"{moment:%b}"}
    return any(form.format(**fields) in line for form in DAY_FORMS)


def read_time(driver: CrsDriver, moment: datetime, what: str, case: Case) -> Shown:
    """The time drawn for the event at ``moment``; fails unless it is a faithful reading."""
    wanted = sorted(readings(moment))
    views = [view for view in driver.items() if view.kind not in ("timestamp", "date_separator")]
    stamped = views[-1] if views else None
    failures: list[str] = []
    for hhmm in wanted:
        try:
            return one_time(driver, LOCAL, hhmm, stamped)
        except AssertionError as error:
            failures.append(str(error))
    check(False, LOCAL, f"the time of {what} ({case})", " or ".join(wanted), failures[0])
    raise AssertionError  # pragma: no cover - check raised


def back_to_end(driver: CrsDriver) -> None:
    """The pointer off the conversation, the conversation scrolled to its end.

    Reading a time may have scrolled the conversation (to hover what it stamps); a person
    who looked at it moves on and scrolls back down before the reply, so the next time is
    read in the view a person has, not in one the harness left (a client following new
    content only at the end is a question of scrolling, not of times).
    """
    pointer_away(driver)
    driver.conversation.scroll_end(animate=False, immediate=True)
    driver.settle()


def attempt(driver: CrsDriver, case: Case) -> None:
    """Start a client in ``case``'s zone and clock, send, end a turn; read both times."""
    driver.clock.set(case.sent.astimezone(UTC))
    driver.start()
    try:
        driver.type_text("what time is it")
        driver.press("enter")
        sent = read_time(driver, case.sent, "the user message", case)
        check(
            not dated(sent.line, case.sent),
            FORMAT,
            f"the row of the user message's time ({case})",
            "hours and minutes only: it is of today",
            repr(sent.line.strip()),
        )
        back_to_end(driver)
        driver.clock.set(case.ended.astimezone(UTC))
        driver.publish(TurnStarted("t1"), TextDelta("t1", "now"), TurnEnded("t1"))
        ended = read_time(driver, case.ended, "the turn's end", case)
        check(
            not dated(ended.line, case.ended),
            FORMAT,
            f"the row of the turn end's time ({case})",
            "hours and minutes only: it is of today",
            repr(ended.line.strip()),
        )
    finally:
        driver.stop()


@then("for any time zone and any instant, the times drawn are the local hours and minutes")
def timestamps_oracle(crs_driver: CrsDriver) -> None:
    """Turn start and end times against their oracle in generated zones and instants.

    (``crs-timestamp-local-time``; ``crs-timestamp-format`` for a date on today's time.)
    Each example runs a client of its own, the zone set (``TZ``, ``time.tzset``) before it
    starts; the zone the scenario had is restored after the search.
    """
    previous = os.environ.get("TZ")

    def one(case: Case) -> None:
        os.environ["TZ"] = case.zone
        time.tzset()
        sibling = CrsDriver(
            crs_driver.adapter,
            size=crs_driver.size,
            timeout=crs_driver.watchdog.seconds,
            timeout_source=crs_driver.watchdog.source,
            context=crs_driver.scenario_context(),
        )
        attempt(sibling, case)

    try:
        search("the timestamps", cases(), one, examples=EXAMPLES, seed=SEED)
    finally:
        if previous is None:
            os.environ.pop("TZ", None)
        else:
            os.environ["TZ"] = previous
        time.tzset()
