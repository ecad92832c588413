"""Mutants of seed area §2.6 Lazy loading of the history.

Each is the reference RAWP-CRS client with one defect in that area, caught by a
scenario of ``features/rawp_crs/`` citing its clause.
"""

from __future__ import annotations

from typing import Any

from textual.widget import Widget
from textual.widgets import Button, Static

from rawp_port import (
    HistoryPage,
)
from reference_crs.app import CrsApp
from reference_crs.history import LazyHistory, LoadOlder
from tests.candidates.crs_mutants._registry import mutant


class _LoadsEverything(LazyHistory):
    async def insert_page(self, page: HistoryPage) -> None:
        await super().insert_page(page)
        if self.remaining:
            self.app.conversation.call_later(self.load_older)


@mutant
class LoadsEverything(CrsApp):
    """crs-lazy-loading: a reopened conversation goes on loading every older page by itself."""

    HISTORY = _LoadsEverything


class _IgnoresN(LazyHistory):
    @property
    def page_size(self) -> int:
        return 10


@mutant
class IgnoresN(CrsApp):
    """crs-initial-turns-configurable: the client shows 10 turns whatever N the user set."""

    HISTORY = _IgnoresN


class _NoTools(LazyHistory):
    async def insert_page(self, page: HistoryPage) -> None:
        from rawp_port import ToolCall, ToolResult

        kept = [
            type(turn)(
                turn.turn_id,
                turn.prompt,
                turn.sent_at,
                tuple(e for e in turn.events if not isinstance(e, (ToolCall, ToolResult))),
                turn.ended_at,
            )
            for turn in page.turns
        ]
        await super().insert_page(HistoryPage(tuple(kept), page.remaining))


@mutant
class StoredTurnsWithoutTools(CrsApp):
    """crs-initial-turns: a reopened turn is drawn without its tool calls."""

    HISTORY = _NoTools


class _TriggerAtBottom(LazyHistory):
    def open(self) -> None:
        if self.settings.conversation_id is None:
            return
        self.row = self.ROW()
        self.app.conversation.mount(self.row)
        self.load_older()

    def first_after_row(self) -> Widget | None:
        children = list(self.app.conversation.children)
        return children[0] if children else None


@mutant
class TriggerAtBottom(CrsApp):
    """crs-load-older-trigger: the load-older trigger is at the bottom of the conversation."""

    HISTORY = _TriggerAtBottom


class _DeadButtonRow(LoadOlder):
    def compose(self) -> Any:
        for widget in super().compose():
            if isinstance(widget, Button):  # the row's press handler matches this id only
                widget = Button(self.LABEL, id="load-older-dead", compact=True)
            yield widget


class _DeadButton(LazyHistory):
    ROW = _DeadButtonRow


@mutant
class DeadButton(CrsApp):
    """crs-load-older-trigger-forms: the load-older button loads nothing when pressed."""

    HISTORY = _DeadButton


class _NoSpinnerRow(LoadOlder):
    def compose(self) -> Any:
        if self.state == "loading":
            yield Static("이전 대화를 불러오는 중", id="still-text")
        else:
            yield from super().compose()

    def control(self) -> Widget | None:
        found = list(self.query("#still-text"))
        return found[0] if found else super().control()


class _NoSpinner(LazyHistory):
    ROW = _NoSpinnerRow


@mutant
class NoSpinner(CrsApp):
    """crs-load-older-spinner: nothing shows that older turns are loading."""

    HISTORY = _NoSpinner


class _JumpsOneRow(LazyHistory):
    def keep_view(self, scroll_y: float, grown: int) -> None:
        super().keep_view(scroll_y, grown - 1)


@mutant
class ViewJumpsOneRow(CrsApp):
    """crs-load-older-keeps-position: inserting older turns moves the view by one row."""

    HISTORY = _JumpsOneRow


class _TriggerStays(LazyHistory):
    async def insert_page(self, page: HistoryPage) -> None:
        await super().insert_page(HistoryPage(page.turns, max(1, page.remaining)))
        self.remaining = page.remaining
        self.started = False


@mutant
class TriggerStaysActive(CrsApp):
    """crs-load-older-exhausted: the trigger stays active after the last page is loaded."""

    HISTORY = _TriggerStays


class _NoRetry(LazyHistory):
    async def load_page(self) -> None:
        await super().load_page()
        if self.row is not None and self.row.state == "failed":
            row, self.row = self.row, None
            await row.remove()


@mutant
class NoRetryAfterFailure(CrsApp):
    """crs-load-older-failure-retry: a failed load removes the trigger: no way to retry."""

    HISTORY = _NoRetry


class _StopsBeforeTheRest(LazyHistory):
    async def insert_page(self, page: HistoryPage) -> None:
        left = page.remaining if page.remaining >= self.page_size else 0
        await super().insert_page(HistoryPage(page.turns, left))


@mutant
class StopsBeforeTheRest(CrsApp):
    """crs-load-older-remaining: fewer than N older turns left are never loaded."""

    HISTORY = _StopsBeforeTheRest


class _WaitsForShortPage(LazyHistory):
    """Reads the end of the history from a short page, not from ``remaining``."""

    async def insert_page(self, page: HistoryPage) -> None:
        full = len(page.turns) >= self.page_size
        await super().insert_page(HistoryPage(page.turns, 1 if full else 0))


@mutant
class TriggerWaitsForShortPage(CrsApp):
    """crs-load-older-exhausted: a last page of exactly N turns leaves the trigger active."""

    HISTORY = _WaitsForShortPage


class _RowRemovedAfterView(LazyHistory):
    """Removes the trigger after the view was corrected for the last page."""

    async def insert_page(self, page: HistoryPage) -> None:
        last, row = page.remaining <= 0, self.row
        await super().insert_page(HistoryPage(page.turns, 1) if last else page)
        if last:
            self.remaining, self.row = 0, None
            if row is not None:
                await row.remove()


@mutant
class LastPageMovesView(CrsApp):
    """crs-load-older-keeps-position: the trigger taken out after the last page moves the view."""

    HISTORY = _RowRemovedAfterView


class _FillsViewport(LazyHistory):
    """Loads older pages by itself while the conversation does not fill the viewport."""

    async def insert_page(self, page: HistoryPage) -> None:
        await super().insert_page(page)
        if self.remaining and self.app.conversation.max_scroll_y <= 0:
            self.app.conversation.call_after_refresh(self._load_more)

    def _load_more(self) -> None:
        self.loading = False
        self.load_older()


@mutant
class LoadsUntilViewportFull(CrsApp):
    """crs-lazy-loading: older pages load by themselves until the conversation fills the view."""

    HISTORY = _FillsViewport


class _NoSeparatorAtJoin(LazyHistory):
    """A history that draws date separators inside a page only, never at a page's join."""

    async def replay_days(self, turns: list[Any], first: Widget | None) -> None:
        self.oldest_day = None  # the day of the turn below the join is forgotten
        await super().replay_days(turns, first)


@mutant
class NoDateSeparatorAtPageJoin(CrsApp):
    """crs-date-separator: no date separator where the day changes across a page join."""

    HISTORY = _NoSeparatorAtJoin
