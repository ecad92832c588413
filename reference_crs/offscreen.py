"""Turns far above the viewport are kept out of layout (design §9, "Items far above the viewport").

Textual lays out every displayed child of a container on each reflow, so a conversation of
1,000 turns (~8,500 widgets) costs over a second per reflow. :class:`OffscreenTurns` keeps
the items far above the viewport mounted, in the conversation's order and in the model
(``ConformanceAdapter.items`` still returns each of them with its own widget), but with
``display: none``; one :class:`OffscreenSpacer`, placed just before them, is as tall as they
were, so the scroll range, the scrollbar and every row of what is drawn stay the same. As
the user scrolls up (wheel, Page Up, Home, the scrollbar), the items come back before they
reach the viewport and the spacer shrinks by exactly their height, so nothing moves.

Heights: an item's share of the layout is the distance from the bottom of the item drawn
before it to its own bottom (its top margin included); the conversation's items have no
bottom margin, so the shares add up. A resize of the conversation changes heights: every
item is shown again and the layout is measured afresh.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.errors import NoWidget
from textual.geometry import Region
from textual.widget import Widget

from reference_crs.textual_private import layout_pending

if TYPE_CHECKING:
    from reference_crs.widgets.conversation import Conversation

PINNED = "-pinned"
"""The class of a row kept drawn at the conversation's top (the load-older row)."""
KEEP_SCREENS = 4
"""Rows kept drawn above the viewport, in viewport heights; items beyond are hidden."""
MIN_KEEP = 40
"""At least this many rows are kept drawn above the viewport (cells)."""


class OffscreenSpacer(Widget):
    """Blank rows standing for the hidden items that follow it (not an item of its own)."""

    DEFAULT_CSS = """
    OffscreenSpacer {
        height: 0;
        margin: 0;
        padding: 0;
        border: none;
    }
    """

    def render(self) -> str:
        """Nothing: the rows are blank."""
        return ""


class OffscreenTurns:
    """Hides the conversation's items far above the viewport and shows them as it nears them.

    Attributes:
        conversation: The conversation whose items are hidden.
        hidden: The hidden items, in the conversation's order, just after the spacer.
        heights: Each hidden item's rows in the layout (cells), matching ``hidden``.
        spacer: The spacer, once mounted.
        width: The conversation's width when the hidden items were measured (cells).
    """

    enabled = True
    """Whether anything is hidden at all (``False`` draws every item, as before;
    benchmark 8 measures both)."""

    def __init__(self, conversation: Conversation) -> None:
        """Prepare for ``conversation`` (nothing is hidden)."""
        self.conversation = conversation
        self.in_turn = False
        """Whether a turn is in progress (set by the client): its items stay drawn."""
        self.hidden: list[Widget] = []
        self.heights: list[int] = []
        self.spacer: OffscreenSpacer | None = None
        self.width = 0
        self.turn_start: Widget | None = None
        """The first item of the turn in progress (set by the client when it sends)."""
        self._scheduled = False

    def start(self) -> None:
        """Follow the conversation's scrolling (called once the conversation is mounted)."""
        conversation = self.conversation
        conversation.watch(conversation, "scroll_y", self._scrolled, init=False)
        conversation.watch(conversation, "virtual_size", self._grew, init=False)

    def schedule(self) -> None:
        """Check again after the next refresh (something was mounted or grew)."""
        if not self._scheduled:
            self._scheduled = True
            self.conversation.call_after_refresh(self._after_refresh)

    def _after_refresh(self) -> None:
        self._scheduled = False
        self.sync()

    def _grew(self) -> None:
        self.schedule()  # the content's height changed: a new layout to measure

    def _scrolled(self, old: float, new: float) -> None:
        if new < old:
            self.sync()  # scrolling up: show what nears the viewport before it is drawn
        else:
            self.schedule()

    @property
    def total(self) -> int:
        """Rows the spacer stands for (cells)."""
        return sum(self.heights)

    def is_spacer(self, widget: Widget) -> bool:
        """Whether ``widget`` is the spacer (the adapter leaves it out of the items)."""
        return widget is self.spacer

    def sync(self) -> None:
        """Show the hidden items that near the viewport; hide the displayed ones far above."""
        conversation = self.conversation
        if not self.enabled or not conversation.is_mounted or conversation.size.height == 0:
            return
        width = conversation.size.width
        with conversation.app.batch_update():
            if self.hidden and width != self.width:
                self.show(len(self.hidden))
            self.width = width
            keep = max(MIN_KEEP, KEEP_SCREENS * conversation.size.height)
            top = conversation.scroll_y
            if self.hidden and self._spacer_bottom() > top - keep // 2:
                self._show_until(top - keep)
            self._hide_until(top - keep, minimum=conversation.size.height)

    # showing

    def _spacer_bottom(self) -> int:
        bottom = None if self.spacer is None else self._bottom(self.spacer)
        return 0 if bottom is None else bottom

    def _show_until(self, line: float) -> None:
        """Show hidden items from the last, until the spacer ends at or above ``line``."""
        bottom, count = self._spacer_bottom(), 0
        for height in reversed(self.heights):
            if bottom <= line:
                break
            bottom -= height
            count += 1
        while count and count < len(self.heights) and self.heights[-count - 1] == 0:
            count += 1  # a hidden timestamp's rows are in the next item's share: show it too
        self.show(count)

    def show(self, count: int) -> None:
        """Show the last ``count`` hidden items; the spacer shrinks by their rows.

        A seam: a variant drawing other items again overrides it.
        """
        if count <= 0:
            return
        shown = self.hidden[-count:]
        del self.hidden[-count:]
        del self.heights[-count:]
        for widget in shown:
            widget.display = True
        self.resize_spacer()

    # hiding

    def mark_turn_start(self, widget: Widget) -> None:
        """``widget`` starts the turn in progress: it and what follows it stay drawn."""
        self.turn_start = widget

    def _limit(self) -> int:
        """Children from this index on stay drawn: the turn in progress, from its prompt."""
        children = self.conversation.children
        if not self.in_turn:
            return len(children)
        start = self.turn_start
        if start is None or start.parent is not self.conversation:
            return 0
        return children.index(start)

    def _region(self, widget: Widget) -> Region | None:
        """``widget``'s region in the conversation's content; ``None`` if it is not laid out."""
        try:
            return self.conversation.app.screen.find_widget(widget).virtual_region
        except NoWidget:
            return None

    def _hide_until(self, line: float, minimum: int) -> None:
        """Hide the displayed items next to the hidden run whose bottom is above ``line``.

        Nothing is hidden unless at least ``minimum`` rows would be (to batch the layouts).
        """
        conversation = self.conversation
        if layout_pending(conversation.app.screen, conversation):
            return  # heights are measured on a fresh layout only; the next layout checks again
        children = list(conversation.children)
        first = 1 if children and children[0].has_class(PINNED) else 0
        base = self._bottom(children[0]) if first else None
        spacer = self.spacer
        before: list[Widget] = []
        before_heights: list[int] = []
        if spacer is not None:
            at = children.index(spacer)
            before = children[first:at]
            if before:
                before_heights = self._shares(before, base, line, end=self._top(spacer))
                if len(before_heights) < len(before):
                    before, before_heights = [], []
            start = at + 1 + len(self.hidden)
            base = self._bottom(spacer)
        else:
            start = first
        after = children[start : self._limit()]
        after_heights = self._shares(after, base, line)
        after = after[: len(after_heights)]
        if sum(before_heights) + sum(after_heights) < minimum:
            return
        if spacer is None:
            spacer = self.spacer = OffscreenSpacer()
            conversation.mount(spacer, before=after[0])
        elif before:
            conversation.move_child(spacer, before=before[0])
        for widget in before + after:
            widget.display = False
        self.hidden[:0] = before
        self.heights[:0] = before_heights
        self.hidden.extend(after)
        self.heights.extend(after_heights)
        self.resize_spacer()

    def _bottom(self, widget: Widget) -> int | None:
        region = self._region(widget)
        return None if region is None else region.bottom

    def _top(self, widget: Widget) -> int | None:
        """The first row of ``widget``'s share: its top less its top margin (cells)."""
        region = self._region(widget)
        return None if region is None else region.y - widget.styles.margin.top

    def _shares(
        self, widgets: list[Widget], base: int | None, line: float, end: int | None = None
    ) -> list[int]:
        """The rows of each of the leading ``widgets`` drawn entirely above ``line``.

        ``base`` is the bottom of what is drawn before the first (``None``: the top of the
        content, less the first widget's top margin). ``end`` is where the share of what
        follows the last widget begins (``None``: not known); with it, widgets with
        ``visibility: hidden`` at the end of ``widgets`` are measured too (a turn's last
        item is often its hover-revealed timestamp), else they are left out.
        """
        shares: list[int] = []
        previous = base
        invisible = 0  # widgets with ``visibility: hidden`` (hover-revealed timestamps) since
        # the last measured one: the compositor maps no region for them, so their rows are
        # counted in the next visible widget's share, and they are hidden only along with it
        for widget in widgets:
            if widget.display and not widget.visible:
                invisible += 1
                continue
            region = self._region(widget) if widget.display else None
            if region is None or region.bottom > line:
                break
            if previous is None:
                previous = region.y - widget.styles.margin.top
            shares += [0] * invisible
            invisible = 0
            shares.append(region.bottom - previous)
            previous = region.bottom
        if invisible and end is not None and previous is not None and end <= line:
            shares += [0] * (invisible - 1) + [end - previous]
        return shares

    def resize_spacer(self) -> None:
        """Set the spacer's height to the rows of the hidden items (:attr:`total`)."""
        if self.spacer is not None:
            self.spacer.styles.height = self.total
