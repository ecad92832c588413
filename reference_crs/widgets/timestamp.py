"""Turn-boundary timestamps and date separators (002 §2.4), shown inline and muted."""

from __future__ import annotations

from datetime import date, datetime

from textual.widgets import Static

from reference_crs.timefmt import separator_text


class TimeStamp(Static):
    """The time under a user bubble (turn start) or under a turn's last block (turn end)."""

    def __init__(
        self,
        moment: datetime,
        text: str,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
        disabled: bool = False,
    ) -> None:
        """Create the stamp.

        Args:
            moment: The time it stands for.
            text: The time as shown.
            name: The widget's name.
            id: The widget's id.
            classes: ``-user`` (right-aligned) or ``-agent`` (left-aligned), and others.
            disabled: Whether it starts disabled.
        """
        super().__init__(text, name=name, id=id, classes=classes, disabled=disabled, markup=False)
        self.moment = moment
        """The time it stands for."""


class DateSeparator(Static):
    """A centred, muted ``── 2025년 3월 11일 ──`` where the date changes.

    Clause ``crs-date-separator``.
    """

    def __init__(
        self,
        day: date,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
        disabled: bool = False,
    ) -> None:
        """Create the separator.

        Args:
            day: The local date that starts here.
            name: The widget's name.
            id: The widget's id.
            classes: Space-separated CSS classes.
            disabled: Whether it starts disabled.
        """
        super().__init__(
            separator_text(day), name=name, id=id, classes=classes, disabled=disabled, markup=False
        )
        self.day = day
        """The local date that starts here."""
