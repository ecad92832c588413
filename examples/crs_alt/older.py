"""Older turns of a reopened conversation, loaded as the user scrolls up (002 §2.6).

This client offers the scroll form only (``crs-load-older-trigger-forms``): while older turns
exist, a hint row sits at the top of the conversation; when the conversation reaches its
top (by any means: wheel, keys, scroll bar) or the wheel is turned up while it is there,
the previous N turns are requested and the row turns into an animated glyph spinner
(``crs-load-older-spinner``). Unlike the reference client, the page is mounted first and
the view is put back afterwards, from the offset of the item that was at the top of the
viewport (``crs-load-older-keeps-position``). A failure turns the row into an error that a
click or Enter retries (``crs-load-older-failure-retry``); the row is removed when nothing
is left (``crs-load-older-exhausted``).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import TYPE_CHECKING, Any

from textual import events
from textual.binding import Binding
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static

from examples.crs_alt import when, wire
from examples.crs_alt.command_bubble import CommandRow
from examples.crs_alt.ref_tokens import typed_form
from examples.crs_alt.widgets import (
    AgentProse,
    DaySeparator,
    NoticeRow,
    Stamp,
    ThoughtBlock,
    ToolGroup,
    ToolHeader,
    ToolOutput,
    UserRow,
)

if TYPE_CHECKING:
    from examples.crs_alt.app import AltCrsApp

SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
"""The frames of the spinner glyph."""
HINT = "↑ 위로 스크롤하면 이전 대화를 불러옵니다"
"""The row while older turns can be loaded."""


def bounded_turns(value: object) -> int:
    """N from a settings value: a whole number 1..100.

    Raises:
        ValueError: It is not a whole number between 1 and 100.
    """
    number = int(str(value).strip())
    if not 1 <= number <= 100:
        raise ValueError(f"CRS_ALT_TURNS must be between 1 and 100, not {number}")
    return number


class OlderRow(Static, can_focus=True):
    """The top row: a hint, a spinner while loading, or an error to retry."""

    BINDINGS = [Binding("enter", "retry", "Retry", show=False)]  # noqa: RUF012 - Textual's API

    def __init__(self, loader: OlderTurns) -> None:
        """Create the row of ``loader``, spinning (the first page is on its way)."""
        super().__init__("", markup=False, id="older")
        self.loader = loader
        self.failed = False
        self._frame = 0
        self._timer: Timer | None = None

    def on_mount(self) -> None:
        """Start spinning if a page is loading."""
        self.spin(self.loader.busy)

    def spin(self, on: bool) -> None:
        """Start or stop the spinner."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if on and self.is_mounted:
            self.failed = False
            self._timer = self.set_interval(0.08, self._next_frame)
            self._next_frame()

    def _next_frame(self) -> None:
        self._frame = (self._frame + 1) % len(SPINNER)
        self.update(f"{SPINNER[self._frame]} 이전 대화를 불러오는 중…")

    def hint(self, remaining: int) -> None:
        """Show that ``remaining`` older turns can be loaded by scrolling up."""
        self.spin(False)
        self.failed = False
        self.update(f"{HINT} ({remaining})")

    def fail(self, reason: str) -> None:
        """Show the failure and how to retry."""
        self.spin(False)
        self.failed = True
        self.update(f"✗ 불러오기 실패 ({reason}) — 클릭하거나 Enter로 다시 시도")

    def on_click(self, event: events.Click) -> None:
        """A click retries after a failure (or loads, as scrolling would)."""
        event.stop()
        self.loader.request()

    def action_retry(self) -> None:
        """Enter retries."""
        self.loader.request()


class OlderTurns:
    """What the client has loaded of the stored conversation, and the row at its top."""

    def __init__(self, app: AltCrsApp) -> None:
        """Prepare ``app``'s history (nothing loaded)."""
        self.app = app
        self.row: OlderRow | None = None
        self.busy = False
        self.oldest: str | None = None
        self.placing = False
        """Whether a page is being placed (the view moves back by itself then)."""
        self.left: int | None = None
        """Older turns still on the server; ``None`` before the first answer."""
        self.oldest_day: date | None = None
        """Local date the oldest drawn stored turn was sent (for the date separator)."""

    @property
    def conversation_id(self) -> str | None:
        """The conversation to reopen, from the settings."""
        return getattr(self.app.settings, "conversation_id", None)

    @property
    def size(self) -> int:
        """N, clamped to 1..100."""
        return max(1, min(100, int(getattr(self.app.settings, "initial_turns", 10))))

    def start(self) -> None:
        """Mount the row and ask for the latest page, when reopening a conversation."""
        if self.conversation_id is None:
            return
        self.row = OlderRow(self)
        self.app.conversation.mount(self.row)
        self.app.watch(self.app.conversation, "scroll_y", self._scrolled, init=False)
        self.request()

    def _scrolled(self, old: float, new: float) -> None:
        """The view moved: reaching the top (from below it) asks for older turns."""
        scrollable = self.app.conversation.max_scroll_y > 0 and self.left is not None
        if old >= 1 > new and scrollable and not self.placing and self.row and not self.row.failed:
            self.request()

    def wheel_up(self) -> None:
        """The wheel turned up: at the top, it asks for older turns."""
        if self.app.conversation.scroll_y < 1 and self.row is not None and not self.row.failed:
            self.request()

    def request(self) -> None:
        """Ask for the previous page, unless one is on its way or nothing is left."""
        if self.busy or self.left == 0 or self.conversation_id is None:
            return
        self.busy = True
        if self.row is not None:
            self.row.spin(True)
        self.app.run_worker(self._fetch(self.conversation_id), group="older")

    async def _fetch(self, conversation_id: str) -> None:
        try:
            page = await self.app.control.load_turns(conversation_id, self.oldest, self.size)
        except Exception as error:
            self.busy = False
            if self.row is not None:
                self.row.fail(str(error) or type(error).__name__)
            return
        self._place(list(getattr(page, "turns", ())), int(getattr(page, "remaining", 0)))
        self.busy = False

    def _place(self, turns: Sequence[Any], remaining: int) -> None:
        """Mount ``turns`` under the row, then scroll back to what was at the top."""
        area = self.app.conversation
        turns = [turn for turn in turns if turn.turn_id != self.oldest]
        self.left = max(0, remaining)
        following_end = area.scroll_y >= area.max_scroll_y
        marker, offset = self._top_item()
        widgets = self._with_days(turns)
        if turns:
            self.oldest = turns[0].turn_id
        below = next((child for child in area.children if child is not self.row), None)
        area.mount_all(widgets, before=below)
        if self.row is not None:
            if self.left == 0:
                self.row.remove()
                self.row = None
            else:
                self.row.hint(self.left)
        if marker is not None and not following_end:
            self.placing = True
            area.call_after_refresh(self._restore, marker, offset)

    def _with_days(self, turns: Sequence[Any]) -> list[Widget]:
        """The widgets of ``turns``, a date separator where the local date changes.

        Between the page's turns, and between its last turn and the oldest one drawn before
        (``crs-date-separator``); the first page also gives the live turns their last day.
        """
        days = [when.local_day(turn.sent_at) for turn in turns]
        widgets: list[Widget] = []
        for index, turn in enumerate(turns):
            if index and days[index] != days[index - 1]:
                widgets.append(DaySeparator(when.separator(days[index]), markup=False))
            widgets.extend(self._widgets(turn))
        if days and self.oldest_day is not None and self.oldest_day != days[-1]:
            widgets.append(DaySeparator(when.separator(self.oldest_day), markup=False))
        if days:
            if self.oldest_day is None and self.app.last_day is None:
                self.app.last_day = days[-1]
            self.oldest_day = days[0]
        return widgets

    def _restore(self, marker: Widget, offset: int) -> None:
        area = self.app.conversation
        area.scroll_to(y=marker.virtual_region.y - offset, animate=False, immediate=True)
        self.placing = False

    def _top_item(self) -> tuple[Widget | None, int]:
        """The first child (not the row) reaching below the viewport's top, and its offset."""
        area = self.app.conversation
        top = area.scroll_y
        for child in area.children:
            if child is not self.row and child.virtual_region.bottom > top:
                return child, int(child.virtual_region.y - top)
        return None, 0

    def _widgets(self, turn: Any) -> list[Widget]:
        """The widgets of one stored turn, as this client draws a live one."""
        now = self.app.clock()
        sent, ended = turn.sent_at, turn.ended_at
        text = str(getattr(turn.prompt, "prompt_text", ""))
        references = tuple(getattr(turn.prompt, "file_references", ()) or ())
        made: list[Widget] = [
            Stamp(when.stamp(sent, now), "user"),
            # the stored input type says what the live client drew (004 §3.3)
            CommandRow(typed_form(text, references))
            if getattr(turn.prompt, "input_type", None) == "slash_command"
            else UserRow(text, references),
        ]
        prose: AgentProse | None = None
        thought: ThoughtBlock | None = None
        groups: dict[str, ToolGroup] = {}
        for event in turn.events:
            kind = wire.kind_of(event)
            if kind == wire.TEXT_DELTA:
                if prose is None:
                    prose, thought = AgentProse(), None
                    made.append(prose)
                prose.add(wire.text_field(event, "text"))
            elif kind == wire.THINKING_DELTA:
                if thought is None:
                    thought, prose = ThoughtBlock(), None
                    made.append(thought)
                thought.add(wire.text_field(event, "text"))
            elif kind == wire.TOOL_START:
                prose = thought = None
                header = ToolHeader(
                    wire.text_field(event, "name"), wire.mapping_field(event, "arguments")
                )
                group = groups[wire.text_field(event, "call_id")] = ToolGroup(header)
                made.append(group)
            elif kind == wire.TOOL_RESULT:
                prose = thought = None
                output = ToolOutput(
                    wire.text_field(event, "output_type"), wire.text_field(event, "output")
                )
                found = groups.get(wire.text_field(event, "call_id"))
                if found is None:
                    made.append(ToolGroup(output))
                else:
                    found.show(output)
            elif kind == wire.SYSTEM_NOTICE:
                prose = thought = None
                made.append(NoticeRow(wire.text_field(event, "text")))
                made.append(Stamp(when.stamp(ended, now), "system"))
        made.append(Stamp(when.stamp(ended, now), "agent"))
        return made
