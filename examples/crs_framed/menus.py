"""The two popups, drawn line by line: slash commands (004 §3.2) and file candidates (§3.4).

Each row is one item with a cell of padding at both ends; rows alternate two backgrounds
(zebra striping, §3.2 ¶10) so neighbours stand apart (¶8). The focused row carries a marker
glyph (:data:`MARKER`) and is drawn in reverse video over its whole width (¶14: a
background over the whole row). The pointer moves the focus (hover, ¶20) and a click
selects. Keys reach a popup through the input (:class:`examples.crs_framed.composer.Watcher`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar, Final, Generic, TypeVar

from rich.cells import cell_len, set_cell_size
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Size
from textual.strip import Strip
from textual.widget import Widget

from examples.crs_framed.text import visible

MARKER: Final = "\u203a"
"""The focused row's marker glyph, SINGLE RIGHT-POINTING ANGLE QUOTATION MARK."""

VISIBLE_ROWS: Final = 8
"""Rows of items drawn at most; the list scrolls past them."""

SPINNER: Final = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
"""The loading indicator's frames (braille)."""

Item = TypeVar("Item")


class Menu(Widget, Generic[Item]):
    """A list of items with one focused row, scrolled to keep it in view."""

    DEFAULT_CSS = """
    Menu {
        height: auto;
        max-height: 10;
        display: none;
        background: $surface;
        color: $foreground;
        border-left: outer $primary;
    }
    Menu > .menu--even {
        background: $surface;
    }
    Menu > .menu--odd {
        background: $background-darken-1;
    }
    Menu > .menu--focus {
        color: $primary-darken-2;
        background: $surface;
        text-style: reverse;
    }
    Menu > .menu--muted {
        color: $foreground-lighten-3;
    }
    Menu > .menu--match {
        text-style: bold underline;
    }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "menu--even",
        "menu--odd",
        "menu--focus",
        "menu--muted",
        "menu--match",
    }

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.items: Sequence[Item] = ()
        self.focused = 0
        self.top = 0
        self.on_pick: Callable[[Item], None] | None = None

    # -- state ---------------------------------------------------------------------------

    @property
    def is_open(self) -> bool:
        """Whether the popup is shown."""
        return bool(self.display)

    def open(self) -> None:
        """Show the popup."""
        self.display = True

    def close(self) -> None:
        """Hide the popup and forget its items."""
        self.display = False
        self.items = ()
        self.focused = self.top = 0

    def show(self, items: Sequence[Item], focused: int = 0) -> None:
        """List ``items`` with ``focused`` highlighted."""
        self.items = items
        self.focused = max(0, min(focused, len(items) - 1))
        self._scroll_to_focus()
        self.refresh(layout=True)

    def move(self, by: int) -> None:
        """Move the focus by ``by`` rows, wrapping at both ends (§3.2 ¶16)."""
        if self.items:
            self.focused = (self.focused + by) % len(self.items)
            self._scroll_to_focus()
            self.refresh()

    def pick(self) -> None:
        """Select the focused item."""
        if self.items and self.on_pick is not None:
            self.on_pick(self.items[self.focused])

    def _scroll_to_focus(self) -> None:
        if self.focused < self.top:
            self.top = self.focused
        elif self.focused >= self.top + VISIBLE_ROWS:
            self.top = self.focused - VISIBLE_ROWS + 1
        self.top = max(0, min(self.top, max(0, len(self.items) - VISIBLE_ROWS)))

    def status(self) -> list[str]:
        """Rows drawn below the items (a message, a loading indicator)."""
        return []

    # -- pointer -------------------------------------------------------------------------

    def _row_item(self, y: int) -> int | None:
        index = self.top + y
        shown = min(VISIBLE_ROWS, len(self.items))
        return index if 0 <= y < shown and index < len(self.items) else None

    def on_mouse_move(self, event: events.MouseMove) -> None:
        """The pointer moves the focus to the row under it (the hover wins, §3.2 ¶14)."""
        index = self._row_item(event.y)
        if index is not None and index != self.focused:
            self.focused = index
            self.refresh()

    def on_click(self, event: events.Click) -> None:
        """A click selects the row under the pointer (§3.2 ¶20)."""
        event.stop()
        index = self._row_item(event.y)
        if index is not None:
            self.focused = index
            self.pick()

    # -- drawing -------------------------------------------------------------------------

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The visible item rows and the status rows."""
        return min(VISIBLE_ROWS, len(self.items)) + len(self.status())

    def label(self, item: Item, width: int, focused: bool) -> list[Segment]:
        """The cells of one item's text, ``width`` cells at most (no padding)."""
        raise NotImplementedError

    def style(self, name: str) -> Style:
        """A component style of the popup."""
        return self.get_component_rich_style(name, partial=True)

    def render_line(self, y: int) -> Strip:
        """Row ``y``: an item between a cell of padding on each side, or a status row."""
        width = self.content_size.width
        base = self.rich_style
        shown = min(VISIBLE_ROWS, len(self.items))
        if y >= shown:
            status = self.status()
            line = status[y - shown] if y - shown < len(status) else ""
            text = " " + set_cell_size(line, max(0, width - 2)) + " "
            return Strip([Segment(text, base + self.style("menu--muted"))]).crop_extend(
                0, width, base
            )
        index = self.top + y
        focused = index == self.focused
        row = base + self.style("menu--odd" if index % 2 else "menu--even")
        if focused:
            row = row + self.style("menu--focus")
        marker = f"{MARKER} " if focused else "  "
        inner = max(0, width - 4)
        cells = [Segment(" " + marker, row)]
        drawn = 0
        for segment in self.label(self.items[index], inner, focused):
            cells.append(Segment(segment.text, row + (segment.style or Style())))
            drawn += cell_len(segment.text)
        cells.append(Segment(" " * max(0, width - 3 - drawn), row))
        strip = Strip(cells).crop_extend(0, width, row)
        if focused:  # one background over the whole row: every cell's colours the same
            strip = Strip([Segment(s.text, _recoloured(s.style, row)) for s in strip])
        return strip


def _recoloured(style: Style | None, row: Style) -> Style:
    """``style``'s emphasis (bold, italic, underline) in the row's colours and reverse video."""
    emphasis = Style(
        bold=bool(style and style.bold),
        italic=bool(style and style.italic),
        underline=bool(style and style.underline),
    )
    return row + emphasis


class CommandMenu(Menu[object]):
    """The slash-command popup: ``/name`` at the left, the description muted after it."""

    NO_MATCH: Final = "일치하는 명령어가 없습니다"

    def status(self) -> list[str]:
        """The no-match message when nothing matches (§3.2 ¶12)."""
        return [self.NO_MATCH] if not self.items else []

    def label(self, item: object, width: int, focused: bool) -> list[Segment]:
        """``/name`` bold at the left, the description muted after it (§3.2 ¶11)."""
        name = "/" + visible(str(getattr(item, "name", "")))
        description = visible(str(getattr(item, "description", "")))
        names = [cell_len("/" + visible(str(getattr(i, "name", "")))) for i in self.items]
        column = min(max(names[self.top : self.top + VISIBLE_ROWS] or [0]) + 2, width)
        left = set_cell_size(name, column) if cell_len(name) < column else name + "  "
        room = max(0, width - cell_len(left))
        muted = Style() if focused else self.style("menu--muted")
        return [
            Segment(left[:width], Style(bold=True)),
            Segment(set_cell_size(description, room) if room else "", muted),
        ]


class FileMenu(Menu[object]):
    """The file popup: the name (matched characters marked), the directory muted after it."""

    PROMPT: Final = "파일명을 입력하세요"
    NO_MATCH: Final = "일치하는 파일이 없습니다"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.searching = False
        self.answered = False
        self._frame = 0

    def on_mount(self) -> None:
        """Turn the spinner while a search is unanswered."""
        self.set_interval(0.1, self._spin)

    def _spin(self) -> None:
        if self.searching and self.is_open:
            self._frame = (self._frame + 1) % len(SPINNER)
            self.refresh()

    def close(self) -> None:
        """Hide the popup and forget its search."""
        super().close()
        self.searching = self.answered = False

    def status(self) -> list[str]:
        """The prompt before any answer, the no-match message, the loading indicator."""
        rows = []
        if not self.answered:
            rows.append(self.PROMPT)
        elif not self.items:
            rows.append(self.NO_MATCH)
        if self.searching:
            rows.append(f"{SPINNER[self._frame]} 검색 중…")
        return rows

    def label(self, item: object, width: int, focused: bool) -> list[Segment]:
        """The name, matched characters marked, then the directory muted (§3.4.2)."""
        name = visible(str(getattr(item, "name", "")))
        directory = visible(str(getattr(item, "directory", "")))
        ranges = list(getattr(item, "match_ranges", ()) or ())
        match = self.style("menu--match")
        segments = []
        for index, char in enumerate(name):
            hit = any(start <= index < end for start, end in ranges)
            segments.append(Segment(char, match if hit else Style()))
        used = cell_len(name) + 2
        room = width - used
        if room > 4 and directory:
            if cell_len(directory) > room:
                directory = "…/" + directory.rstrip("/").rsplit("/", 1)[-1] + "/"
                if cell_len(directory) > room:
                    directory = set_cell_size(directory, room)
            muted = Style() if focused else self.style("menu--muted")
            segments += [Segment("  "), Segment(directory, muted)]
        out: list[Segment] = []
        drawn = 0
        for segment in segments:
            size = cell_len(segment.text)
            if drawn + size > width:
                break
            out.append(segment)
            drawn += size
        return out
