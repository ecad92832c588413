"""How this client writes times (002 §2.4): local time, Korean date forms on other days."""

from __future__ import annotations

from datetime import date, datetime


def local_day(moment: datetime) -> date:
    """Return the local date of an aware ``moment`` (the zone the process runs in)."""
    return moment.astimezone().date()


def stamp(moment: datetime, now: datetime) -> str:
    """Return ``moment`` as shown when the clock reads ``now``.

    Both are converted to local time (``crs-timestamp-local-time``); "today" is the local
    date of ``now`` (``crs-timestamp-format``, design §9 decision 7).

    Returns:
        ``"14:32"`` today, ``"3월 10일 14:32"`` on another day of the same year, else
        ``"2025년 3월 10일 14:32"`` (the Korean locale's date form).
    """
    local = moment.astimezone()
    today = local_day(now)
    hours = f"{local.hour:02d}:{local.minute:02d}"
    if local.date() == today:
        return hours
    day = f"{local.month}월 {local.day}일"
    if local.year != today.year:
        day = f"{local.year}년 {day}"
    return f"{day} {hours}"


def separator(day: date) -> str:
    """Return the date separator of ``day``: ``── 2025년 3월 11일 ──`` (002 §2.4 ¶10)."""
    return f"── {day.year}년 {day.month}월 {day.day}일 ──"
