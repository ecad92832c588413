"""How the reference client writes times (002 §2.4): local time, today short, else dated."""

from __future__ import annotations

from datetime import date, datetime


def stamp_text(moment: datetime, now: datetime) -> str:
    """Return the timestamp of ``moment`` as shown at ``now`` (``crs-timestamp-format``).

    Both are converted to the local time zone (``crs-timestamp-local-time``). "Today" is the
    local date of ``now``, the clock reading when the stamp is drawn.

    Returns:
        ``"14:32"`` today, ``"3/10 14:32"`` on another day of the same year, else
        ``"2025/3/10 14:32"``.
    """
    local, today = moment.astimezone(), now.astimezone().date()
    clock = f"{local:%H:%M}"
    if local.date() == today:
        return clock
    if local.year == today.year:
        return f"{local.month}/{local.day} {clock}"
    return f"{local.year}/{local.month}/{local.day} {clock}"


def separator_text(day: date) -> str:
    """Return the date separator's text, as in 002 §2.4: ``── 2025년 3월 11일 ──``."""
    return f"── {day.year}년 {day.month}월 {day.day}일 ──"
