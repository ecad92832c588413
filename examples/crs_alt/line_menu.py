"""The menu machinery the alternative client's two popups share: rows drawn by the line API.

:class:`LineMenu` is a ``ScrollView`` that never takes the focus and draws only the rows on
screen (its subclass's :meth:`~textual.scroll_view.ScrollView.render_line`); it keeps the
keyboard's row and the hovered row, wraps ↑/↓ at both ends, scrolls the keyboard's row into
view, and hands a clicked row to :meth:`LineMenu.pick_row`. The command menu
(``examples.crs_alt.command_menu``) and the file list (``examples.crs_alt.file_menu``) are
its two subclasses, each with its own rows, layout and highlight (004 §3.2, §3.4.4).
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.color import Color
from textual.scroll_view import ScrollView
from textual.strip import Strip


class LineMenu(ScrollView, can_focus=False):
    """A list of rows, one highlighted: the hovered one while the mouse is over a row.

    Subclasses give :attr:`row_count`, draw the rows and say what a click on a row does
    (:meth:`pick_row`). The highlighted row is the hovered one, else the keyboard's
    (``crs-slash-hover-wins``).
    """

    def __init__(self, *, id: str | None = None) -> None:
        """Create a hidden, empty menu."""
        super().__init__(id=id)
        self.display = False
        self.focus_index = 0
        """The keyboard's row."""
        self.hover_index: int | None = None
        """The row under the mouse, or ``None``."""

    @property
    def row_count(self) -> int:
        """How many rows can be highlighted (subclasses give it)."""
        raise NotImplementedError

    @property
    def is_open(self) -> bool:
        """Whether the menu is shown."""
        return bool(self.display)

    @property
    def highlighted(self) -> int | None:
        """The highlighted row: the hovered one, else the keyboard's; ``None`` when empty."""
        if not self.row_count:
            return None
        if self.hover_index is not None and self.hover_index < self.row_count:
            return self.hover_index
        return self.focus_index

    def close(self) -> None:
        """Hide the menu."""
        self.display = False
        self.hover_index = None

    def move(self, delta: int) -> None:
        """Move the keyboard's row by ``delta``, wrapping at both ends; scroll it into view."""
        if not self.row_count:
            return
        self.focus_index = (self.focus_index + delta) % self.row_count
        self._reveal(self.focus_index)
        self.refresh()

    def pick_row(self, row: int) -> None:
        """What a click on ``row`` does (subclasses give it)."""
        raise NotImplementedError

    def _reveal(self, row: int, animate: bool = False) -> None:
        """Scroll so that ``row`` is visible (``crs-slash-autoscroll``)."""
        top = round(self.scroll_y)
        height = self.scrollable_content_region.height or 1
        if row < top:
            self.scroll_to(y=row, animate=animate, immediate=True)
        elif row >= top + height:
            self.scroll_to(y=row - height + 1, animate=animate, immediate=True)

    # drawing helpers

    def _over(self, background: Style, component: str) -> Style:
        """The component's text style, its colour blended over ``background``.

        A muted theme colour has an alpha, which a partial style cannot resolve.
        """
        styles = self.get_component_styles(component)
        under = Color.from_rich_color(background.bgcolor)
        return Style(
            color=(under + styles.color).rich_color,
            bold=styles.text_style.bold,
            italic=styles.text_style.italic,
            underline=styles.text_style.underline,
        )

    def _strip(self, text: Text, width: int, background: Style) -> Strip:
        """``text`` on ``background`` over the whole row, the last cell kept free."""
        text.truncate(max(0, width - 1), overflow="ellipsis", pad=True)
        text.append(" ")
        segments = [
            Segment(s.text, background + s.style if s.style else background, s.control)
            for s in text.render(self.app.console, end="")
        ]
        return Strip(segments, width).crop_extend(0, width, background)

    # the mouse

    def _row_at(self, event: events.MouseEvent) -> int | None:
        offset = event.get_content_offset(self)
        if offset is None:
            return None
        row = round(self.scroll_y) + offset.y
        return row if 0 <= row < self.row_count else None

    def on_mouse_move(self, event: events.MouseMove) -> None:
        """Highlight the row under the mouse (``crs-slash-hover-highlight``)."""
        row = self._row_at(event)
        if row != self.hover_index:
            self.hover_index = row
            self.refresh()

    def on_leave(self, event: events.Leave) -> None:
        """Give the highlight back to the keyboard's row."""
        if self.hover_index is not None:
            self.hover_index = None
            self.refresh()

    def on_click(self, event: events.Click) -> None:
        """Select the clicked row, as Enter would (``crs-slash-pointer-select``)."""
        row = self._row_at(event)
        if row is not None:
            event.stop()
            self.pick_row(row)
