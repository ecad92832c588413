"""Lazy loading of a stored conversation in the reference client (002 §2.6).

On mount, a client with ``settings.conversation_id`` asks the control plane for the latest N
turns only (``crs-lazy-loading``, ``crs-initial-turns``) and draws them above anything the
session has drawn since. While older turns exist, a :class:`LoadOlder` row sits at the top
of the conversation; it offers both forms of §2.6.2 (``crs-load-older-both-forms``): its
button loads the previous N turns, and so does a mouse wheel turned up at the top of the
conversation, which shows a spinner while the page loads (``crs-load-older-spinner``). The
older turns go above the viewport and the scroll offset grows by their height in the same
frame, so nothing the user looks at moves (``crs-load-older-keeps-position``). A failure
turns the row into an error with a retry button (``crs-load-older-failure-retry``); once
everything is loaded the row is removed (``crs-load-older-exhausted``).
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Sequence
from contextlib import AbstractContextManager
from datetime import date, datetime
from typing import Any, ClassVar, Literal, Protocol

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, LoadingIndicator, Static
from textual.worker import Worker

from rawp_port import (
    ClientSettings,
    ControlPlane,
    HistoryPage,
    SystemNotice,
    TextDelta,
    Thinking,
    ToolCall,
    ToolResult,
    Turn,
    type_name,
)
from reference_crs.offscreen import PINNED
from reference_crs.textual_private import refresh_layout_now
from reference_crs.timefmt import stamp_text
from reference_crs.widgets import AgentText, DateSeparator, ThinkingBlock, TimeStamp, ToolBlock

State = Literal["idle", "loading", "failed"]
"""What the load-older row shows: its button, a spinner, or an error with a retry."""

MAX_TURNS = 100
"""The largest N the client accepts (``crs-initial-turns-bounds``)."""


def turns_setting(value: int) -> int:
    """Return ``value`` as N of §2.6.1.

    Raises:
        ValueError: ``value`` is below 1 or above :data:`MAX_TURNS` (``crs-initial-turns-bounds``).
    """
    if not 1 <= value <= MAX_TURNS:
        raise ValueError(f"the initial number of turns must be between 1 and {MAX_TURNS}")
    return value


class HistoryHost(Protocol):
    """What :class:`LazyHistory` and :func:`replay` use of the client: its App's members.

    The reference's :class:`~reference_crs.app.CrsApp` is one; the history reads nothing
    else of it.
    """

    settings: ClientSettings
    """``conversation_id`` names the stored conversation; ``initial_turns`` is N."""
    control: ControlPlane
    """``load_turns`` gives the pages."""
    clock: Callable[[], datetime]
    """The client's clock, for the stamps of replayed turns."""
    last_day: date | None
    """Local date of the last live turn or notice (date separators); first, the newest stored."""

    @property
    def conversation(self) -> VerticalScroll:
        """The conversation area the turns are drawn in."""
        ...

    @property
    def screen(self) -> Screen[Any]:
        """The screen laid out after a page is drawn."""
        ...

    def batch_update(self) -> AbstractContextManager[None]:
        """Hold the screen's updates (Textual's ``App.batch_update``)."""
        ...

    def run_worker(
        self, work: Coroutine[Any, Any, None], *, group: str, exclusive: bool
    ) -> Worker[None]:
        """Run ``work`` as a worker (Textual's ``App.run_worker``)."""
        ...

    def system_notice(self, text: str, stamp: str) -> Widget:
        """A system notice's widget, as drawn live."""
        ...

    def replayed_prompt(self, prompt: Any) -> Widget:
        """A stored prompt's bubble (text or command), as drawn live."""
        ...

    def remember_stored(self, prompts: Sequence[Any]) -> None:
        """The prompts of a page just drawn, oldest first: older than any remembered yet."""
        ...


class LoadOlder(Vertical):
    """The row at the top of the conversation while older turns exist (002 §2.6.2).

    Pressing its button posts :class:`LoadOlder.Requested`, which the app handles by asking
    its history for the previous page; the history sets the row's state downward
    (:meth:`show`).
    """

    LABEL = "▲ 이전 대화 불러오기"
    """The button's label (the form of §2.6.2 ¶2)."""

    class Requested(Message):
        """The button was pressed: load the previous page (``crs-load-older-trigger-forms``)."""

    def __init__(self) -> None:
        """Create the row in the loading state (the first page is on its way)."""
        super().__init__(id="load-older", classes=PINNED)
        self.state: State = "loading"
        self.remaining = 0
        self.error = ""
        self.composed: State | None = None
        """The state the row's children show."""

    def on_mount(self) -> None:
        """Catch up with a state set while the row was being mounted."""
        if self.composed != self.state:
            self.refresh(recompose=True)

    def compose(self) -> ComposeResult:
        """The part of the current state: a spinner, the button, or the error and a retry."""
        self.composed = self.state
        if self.state == "loading":
            yield LoadingIndicator(classes="spinner")
            return
        if self.state == "failed":
            yield Static(
                f"⚠ 이전 대화를 불러오지 못했습니다: {self.error}",
                id="load-older-error",
                markup=False,
            )
        label = "다시 시도" if self.state == "failed" else f"{self.LABEL} ({self.remaining}개 남음)"
        button = Button(label, id="load-older-button", compact=True)
        button.active_effect_duration = 0  # a retry right after a failure is not ignored
        yield button

    def control(self) -> Widget | None:
        """What the row shows now: the spinner while loading, else the button."""
        found = list(self.query(LoadingIndicator if self.state == "loading" else Button))
        return found[0] if found else None

    def show(self, state: State, *, remaining: int = 0, error: str = "") -> None:
        """Switch to ``state``; ``remaining`` is shown on the button, ``error`` above it."""
        self.state, self.remaining, self.error = state, remaining, error
        if self.is_mounted:
            self.refresh(recompose=True)

    @on(Button.Pressed, "#load-older-button")
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.post_message(self.Requested())


class LazyHistory:
    """The stored part of one client's conversation: what is loaded and what is left.

    Attributes:
        app: The client (what the history uses of it: :class:`HistoryHost`).
        oldest: Id of the oldest turn loaded; ``None`` before the first page.
        remaining: Older turns the server still holds.
        loading: Whether a request is on its way (a second one is never started).
        row: The load-older row while it is mounted.
    """

    ROW: ClassVar[type[LoadOlder]] = LoadOlder
    """The load-older row's class (a seam for variants)."""

    def __init__(self, app: HistoryHost) -> None:
        """Prepare the history of ``app``'s conversation (nothing is loaded yet)."""
        self.app = app
        self.oldest: str | None = None
        self.remaining = 0
        self.loading = False
        self.started = False
        self.row: LoadOlder | None = None
        self.oldest_day: date | None = None
        """Local date the oldest drawn stored turn was sent (``crs-date-separator``)."""

    @property
    def settings(self) -> ClientSettings:
        """The client's settings."""
        return self.app.settings

    @property
    def page_size(self) -> int:
        """N: the turns shown first and added per request (1..100)."""
        return max(1, min(MAX_TURNS, self.settings.initial_turns))

    def open(self) -> None:
        """Load the latest page of the conversation named by the settings, if any."""
        if self.settings.conversation_id is None:
            return
        self.row = self.ROW()
        self.app.conversation.mount(self.row, before=0)
        self.load_older()

    def load_older(self) -> None:
        """Ask for the previous page (the latest at first); ignored while one is loading."""
        if self.loading or (self.started and self.remaining == 0):
            return
        self.loading = True
        if self.row is not None:
            self.row.show("loading")
        self.app.run_worker(self.load_page(), group="history", exclusive=False)

    def wheel_at_top(self) -> None:
        """The scroll form: a wheel turned up that leaves the conversation at its top loads."""
        row = self.row
        if row is not None and row.state == "idle" and self.app.conversation.scroll_y <= 0:
            self.load_older()

    async def load_page(self) -> None:
        """Load the next older page and draw it; on any failure offer a retry (a seam for variants).

        (``crs-load-older-batch``, ``crs-load-older-failure-retry``.)
        """
        conversation_id = self.settings.conversation_id
        assert conversation_id is not None
        try:
            page = await self.app.control.load_turns(conversation_id, self.oldest, self.page_size)
        except Exception as error:  # any failure: the row offers a retry
            self.loading = False
            if self.row is not None:
                self.row.show("failed", error=str(error) or type(error).__name__)
            return
        await self.insert_page(page)
        self.loading = False

    async def insert_page(self, page: HistoryPage) -> None:
        """Draw ``page`` above what is drawn, keeping the view where it is."""
        conversation = self.app.conversation
        known = {self.oldest} if self.oldest else set()
        turns = [turn for turn in page.turns if turn.turn_id not in known]
        self.started = True
        self.remaining = max(0, page.remaining)
        if turns:
            self.oldest = turns[0].turn_id
        keep = conversation.scroll_y
        before_height = conversation.virtual_size.height
        at_end = conversation.scroll_y >= conversation.max_scroll_y
        self.app.remember_stored([turn.prompt for turn in turns])
        with self.app.batch_update():
            first = self.first_after_row()
            await self.replay_days(turns, first)
            if self.remaining == 0 and self.row is not None:
                row, self.row = self.row, None
                await row.remove()
            elif self.row is not None:
                self.row.show("idle", remaining=self.remaining)
            if not at_end:  # at the end the view follows by itself: no layout to wait for
                await self._layout()
                grown = conversation.virtual_size.height - before_height
                self.keep_view(keep, grown)

    async def replay_days(self, turns: list[Turn], first: Widget | None) -> None:
        """Draw ``turns`` before ``first``, a date separator where the local date changes.

        Between the page's turns and between its last turn and the oldest drawn before, as
        live turns get them (``crs-date-separator``); the first page gives the live turns
        that follow the day of the newest stored turn.
        """
        days = [turn.sent_at.astimezone().date() for turn in turns]
        for index, turn in enumerate(turns):
            if index and days[index] != days[index - 1]:
                await self.app.conversation.mount(DateSeparator(days[index]), before=first)
            await replay(self.app, turn, first)
        if not days:
            return
        if self.oldest_day is not None and self.oldest_day != days[-1]:
            await self.app.conversation.mount(DateSeparator(self.oldest_day), before=first)
        if self.oldest_day is None and self.app.last_day is None:
            self.app.last_day = days[-1]
        self.oldest_day = days[0]

    def keep_view(self, scroll_y: float, grown: int) -> None:
        """Scroll so that what was at ``scroll_y`` stays put after ``grown`` rows went above."""
        self.app.conversation.scroll_to(y=scroll_y + grown, animate=False, immediate=True)

    async def _layout(self) -> None:
        """Lay the conversation out now (the screen is held by ``batch_update``)."""
        refresh_layout_now(self.app.screen)

    def first_after_row(self) -> Widget | None:
        """The conversation's first child below the load-older row (older turns go before it)."""
        children = [child for child in self.app.conversation.children if child is not self.row]
        return children[0] if children else None


async def replay(app: HistoryHost, turn: Turn, before: Widget | None) -> None:
    """Draw a stored turn whole (its prompt, the agent's blocks, both timestamps) before ``before``.

    A turn is the user message and the agent's whole response to it (``crs-initial-turns``):
    consecutive deltas of one kind make one block, as they do live; stamps read the client's
    clock, so a turn of an earlier day shows its date.
    """
    now = app.clock()
    blocks: list[tuple[str, list[str]] | Widget] = []
    results: list[tuple[ToolBlock, str, str]] = []
    tools: dict[str, ToolBlock] = {}
    for event in turn.events:
        kind = type_name(event)
        if kind in (TextDelta.type, Thinking.type):
            last = blocks[-1] if blocks else None
            if isinstance(last, tuple) and last[0] == kind:
                last[1].append(str(getattr(event, "text", "")))
            else:
                blocks.append((str(kind), [str(getattr(event, "text", ""))]))
        elif isinstance(event, ToolCall):
            tools[event.call_id] = ToolBlock(event.name, event.arguments)
            blocks.append(tools[event.call_id])
        elif isinstance(event, ToolResult):
            if event.call_id not in tools:
                tools[event.call_id] = ToolBlock("result", {})
                blocks.append(tools[event.call_id])
            results.append((tools[event.call_id], event.output_type, event.output))
        elif isinstance(event, SystemNotice):
            blocks.append(app.system_notice(event.text, stamp_text(turn.ended_at, now)))
    command = getattr(turn.prompt, "input_type", "text") == "slash_command"
    widgets: list[Widget] = [
        app.replayed_prompt(turn.prompt),
        TimeStamp(turn.sent_at, stamp_text(turn.sent_at, now), classes="-user"),
    ]
    for block in blocks:
        if isinstance(block, tuple):
            kind, pieces = block
            if kind == TextDelta.type:
                widgets.append(AgentText("".join(pieces)))
            else:
                thinking = ThinkingBlock()
                thinking.append("".join(pieces))
                widgets.append(thinking)
        else:
            widgets.append(block)
    first = widgets[2] if len(widgets) > 2 else None
    if command and isinstance(first, AgentText | ThinkingBlock | ToolBlock):
        first.add_class("-command-result")  # the response joins its command, as live
    widgets.append(TimeStamp(turn.ended_at, stamp_text(turn.ended_at, now), classes="-agent"))
    await app.conversation.mount_all(widgets, before=before)
    for tool, output_type, output in results:
        await tool.show_result(output_type, output)
