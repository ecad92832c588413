"""The conversation's widgets: turns, bubbles, agent blocks, notices, times, date lines.

002 §2.2: the user's message sits right in a bubble (here framed with a rounded line, on a
background of its own), the agent's output left at the full width with no bubble (its
thinking and tool blocks, §4 content, in frames of their own), a system notice centred and
muted with no background (drawn between two rules, as the date separator of §2.4 ¶10 that
"follows the system message's style"). 002 §2.4: times at the turn's start (above the
bubble), its end (below the last block) and beside notices, hidden until F2 shows them.

Every item widget has ``actor`` and ``kind`` (what the adapter's ``items`` reports).
"""

from __future__ import annotations

from datetime import date, datetime
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.containers import Horizontal, Vertical
from textual.geometry import Size
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from examples.crs_framed.markup import Palette, render
from examples.crs_framed.text import visible


def local(moment: datetime) -> datetime:
    """``moment`` in the process's time zone (``TZ``), 002 §2.4 ¶11."""
    return moment.astimezone()


def clock_text(moment: datetime, now: datetime) -> str:
    """A time as 002 §2.4 ¶11 shows it: ``14:32`` today, ``3/10 14:32`` another day.

    Args:
        moment: When the stamped event happened (aware).
        now: The clock's reading when the time is drawn (aware): it decides "today".

    Returns:
        Hours and minutes, after the month and day (and year) when not of today.
    """
    when, today = local(moment), local(now).date()
    if when.date() == today:
        return f"{when:%H:%M}"
    if when.year == today.year:
        return f"{when.month}/{when.day} {when:%H:%M}"
    return f"{when.year}/{when.month}/{when.day} {when:%H:%M}"


def date_words(day: date) -> str:
    """A date as the separator of 002 §2.4 ¶10 writes it: ``2025년 3월 11일``."""
    return f"{day.year}년 {day.month}월 {day.day}일"


class PointerAware(Widget):
    """A container that knows whether the pointer is over it or any of its descendants.

    Textual's ``:hover`` marks only the widget under the pointer; the class ``-pointer``
    marks this container while the pointer is anywhere inside it (the hover reveal of
    times, :data:`examples.crs_framed.adapter.adapter_hover`).
    """

    def on_enter(self) -> None:
        """The pointer came over this container or one of its descendants."""
        self.set_class(True, "-pointer")

    def on_leave(self) -> None:
        """The pointer left a descendant: keep the mark while it is still inside."""
        self.set_class(self.is_mouse_over, "-pointer")


class TurnBox(Vertical, PointerAware):
    """Everything of one turn: the user's time and bubble, the agent's blocks, the end."""

    DEFAULT_CSS = """
    TurnBox {
        height: auto;
        margin-bottom: 1;
    }
    """


class Stamp(Static):
    """A time, hidden until the user asks for times (F2)."""

    DEFAULT_CSS = """
    Stamp {
        display: none;
        width: 1fr;
        height: 1;
        color: $foreground-lighten-3;
        text-style: dim;
    }
    Stamp.start {
        text-align: right;
    }
    Stamp.system {
        text-align: center;
    }
    """

    kind: ClassVar[str] = "timestamp"

    def __init__(self, actor: str, moment: datetime, now: datetime) -> None:
        super().__init__(clock_text(moment, now), classes={"user": "start"}.get(actor, actor))
        self.actor = actor
        self.moment = moment


class BubbleRow(Horizontal):
    """A full-width row that puts its bubble against the right edge."""

    DEFAULT_CSS = """
    BubbleRow {
        height: auto;
        width: 1fr;
        align-horizontal: right;
    }
    """


class Bubble(Static):
    """The user's message: a rounded frame on a background of its own, 75 % wide at most."""

    DEFAULT_CSS = """
    Bubble {
        width: auto;
        max-width: 75%;
        height: auto;
        padding: 0 1;
        border: round $primary;
        background: $primary-muted;
        color: $foreground;
    }
    Bubble.command {
        border: round $secondary-darken-2;
        background: $secondary-muted;
    }
    """

    actor: ClassVar[str] = "user"

    def __init__(self, content: Text, kind: str) -> None:
        super().__init__(content, classes=kind)
        self.kind = kind


class AgentText(Widget):
    """The agent's text of one block, at the full width, rendered when the deltas settle.

    Drawn line by line from one wrap of the text per width (a megabyte of text is wrapped
    once, not on every frame).
    """

    DEFAULT_CSS = """
    AgentText {
        width: 1fr;
        height: auto;
    }
    """

    actor: ClassVar[str] = "agent"
    kind: ClassVar[str] = "text"

    def __init__(self, palette: Palette) -> None:
        super().__init__()
        self.palette = palette
        self.chunks: list[str] = []
        self._text = Text()
        self._wrapped: tuple[int, list[Text]] | None = None
        self._strips: dict[int, Strip] = {}

    def settle(self) -> None:
        """Draw every delta received so far."""
        self._text = render("".join(self.chunks), self.palette)
        self._wrapped = None
        self._strips.clear()
        self.refresh(layout=True)

    def _lines(self, width: int) -> list[Text]:
        width = max(1, width)
        if self._wrapped is None or self._wrapped[0] != width:
            lines = list(self._text.wrap(self.app.console, width, overflow="fold"))
            self._wrapped = (width, lines)
            self._strips.clear()
        return self._wrapped[1]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many rows as the text wraps to at ``width``."""
        return max(1, len(self._lines(width)))

    def render_line(self, y: int) -> Strip:
        """Row ``y`` of the wrapped text."""
        width = self.content_size.width
        lines = self._lines(width)
        base = self.rich_style
        if y >= len(lines):
            return Strip.blank(width, base)
        strip = self._strips.get(y)
        if strip is None:
            segments = Segment.apply_style(lines[y].render(self.app.console), base)
            strip = Strip(segments).crop_extend(0, width, base)
            self._strips[y] = strip
        return strip


class ThinkBox(Static):
    """The agent's thinking of one block, muted, in a frame titled ``생각``."""

    DEFAULT_CSS = """
    ThinkBox {
        width: 1fr;
        height: auto;
        border: round $secondary;
        border-title-color: $secondary-darken-2;
        color: $foreground-lighten-2;
        text-style: italic;
        padding: 0 1;
    }
    """

    actor: ClassVar[str] = "agent"
    kind: ClassVar[str] = "thinking"

    def __init__(self) -> None:
        super().__init__("")
        self.border_title = "생각"
        self.chunks: list[str] = []

    def settle(self) -> None:
        """Draw every delta received so far."""
        self.update(Text(visible("".join(self.chunks), keep_newlines=True)))


class ToolBox(Static):
    """A tool call and its result, verbatim, in a frame titled with the tool's name."""

    DEFAULT_CSS = """
    ToolBox {
        width: 1fr;
        height: auto;
        border: solid $accent;
        border-title-color: $accent-darken-2;
        padding: 0 1;
    }
    """

    actor: ClassVar[str] = "agent"
    kind: ClassVar[str] = "tool_call"

    def __init__(self, name: str, arguments: str) -> None:
        super().__init__("")
        self.border_title = visible(f"⚙ {name}") if name else "⚙"
        self.call = arguments
        self.result: str | None = None
        self.output_type = ""

    def settle(self) -> None:
        """Draw the call's arguments and, once there, its result (004 §1.4 ¶3: verbatim)."""
        shown = Text()
        if self.call:
            shown.append(visible(self.call, keep_newlines=True), Style(dim=True))
        if self.result is not None:
            if self.call:
                shown.append("\n")
            shown.append(visible(self.result, keep_newlines=True))
        self.update(shown)


class NoticeRow(Horizontal):
    """The row that centres a notice."""

    DEFAULT_CSS = """
    NoticeRow {
        height: auto;
        width: 1fr;
        align-horizontal: center;
    }
    """


class NoticeText(Static):
    """A system notice: centred, muted, between a rule above and a rule below."""

    DEFAULT_CSS = """
    NoticeText {
        width: auto;
        max-width: 90%;
        height: auto;
        text-align: center;
        color: $foreground-lighten-3;
        border-top: solid $panel-darken-1;
        border-bottom: solid $panel-darken-1;
    }
    """

    actor: ClassVar[str] = "system"
    kind: ClassVar[str] = "system"

    def __init__(self, text: str) -> None:
        super().__init__(Text(visible(text, keep_newlines=True)))


class DateLine(Static):
    """``── 2026년 3월 11일 ──`` where the local date changes (002 §2.4 ¶10)."""

    DEFAULT_CSS = """
    DateLine {
        width: 1fr;
        height: 1;
        text-align: center;
        color: $foreground-lighten-3;
        margin-bottom: 1;
    }
    """

    actor: ClassVar[str] = "system"
    kind: ClassVar[str] = "date_separator"

    def __init__(self, day: date) -> None:
        super().__init__(f"── {date_words(day)} ──")
        self.day = day
