"""The input: a multi-line plain-text field of its own that holds file tokens as units.

004 §3.1 ¶15: the user types markdown as it is, with no preview. 004 §3.4.5-§3.4.6: a file
token is one unit of the field's model, kept apart from the typed characters from the moment
it is inserted; the cursor crosses it whole; Backspace after it (Delete before it) marks it,
a second press deletes it, and the deleted token shrinks away; a selected range goes at
once; Ctrl+Z brings it back with its ``ref_id``; copying gives ``@path``.

The model is a list of *units*: one character (a code point) or one :class:`FileToken`. The
cursor and the selection are offsets in units, which is what the adapter's ``cursor``
reports. Enter, the newline keys, Escape and Tab are handed to the popups first (through
:class:`Watcher`), so a key typed in a burst acts on the state its predecessors left.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar, Final, Protocol

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from examples.crs_framed.text import FileToken, visible

Unit = str | FileToken
"""One character of typed text, or one file token."""

TEXT_CATEGORIES: Final = frozenset({"Cf", "Zs", "Mn", "Mc", "Me", "Co"})
"""Typed characters that are text although ``str.isprintable()`` rejects them."""

NEWLINE_KEYS: Final = ("shift+enter", "ctrl+j")
"""Keys that break the line: Shift+Enter, and Ctrl+J (a line feed) for terminals that
cannot report Shift+Enter (002 §2.5.1 ¶2)."""


class Watcher(Protocol):
    """What the composer tells about its keys and edits (the app's popups)."""

    def intercept(self, key: str) -> bool:
        """Whether an open popup took ``key`` (up, down, enter, tab, escape)."""
        ...

    def edited(self, typed: str | None) -> None:
        """The model changed; ``typed`` is the one character typed, if that was the edit."""
        ...


@dataclass
class _Cell:
    """One drawn run of the field: its text, style and the unit it belongs to."""

    text: str
    style: Style
    unit: int
    width: int


class Composer(Widget, can_focus=True):
    """The prompt field. ``text`` reads (and sets) its content with tokens as ``@path``."""

    DEFAULT_CSS = """
    Composer {
        height: auto;
        min-height: 3;
        max-height: 10;
        border: round $primary;
        border-subtitle-color: $foreground-muted;
        padding: 0 1;
        background: $surface;
    }
    Composer:focus {
        border: round $accent;
    }
    Composer > .composer--token {
        background: $accent-muted;
        color: $foreground;
    }
    Composer > .composer--token-cap {
        background: $accent-muted;
        color: $accent-darken-2;
        text-style: bold;
    }
    Composer > .composer--token-marked {
        background: $error-muted;
        color: $foreground;
    }
    Composer > .composer--cursor {
        text-style: reverse;
    }
    Composer > .composer--selection {
        background: $primary-muted;
    }
    Composer > .composer--hint {
        color: $foreground-muted;
        text-style: dim;
    }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "composer--token",
        "composer--token-cap",
        "composer--token-marked",
        "composer--cursor",
        "composer--selection",
        "composer--hint",
    }

    ghost_fraction: reactive[float] = reactive(0.0, layout=False)
    """How much of a deleted token is still drawn (1 whole, 0 gone), animated."""

    class Submitted(Message):
        """Enter with no popup open: the units to send."""

        def __init__(self, units: Sequence[Unit]) -> None:
            super().__init__()
            self.units = list(units)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.units: list[Unit] = []
        self.cursor = 0
        self.sel_anchor: int | None = None
        self.marked: FileToken | None = None
        self.hint = ""
        self.watcher: Watcher | None = None
        self._undo: list[tuple[list[Unit], int]] = []
        self._ghost_at = 0
        self._ghost_label = ""
        self._rows: list[list[_Cell]] = []
        self._layout_key: tuple[int, int] | None = None
        self._version = 0
        self._top = 0

    # -- the model -----------------------------------------------------------------------

    @property
    def text(self) -> str:
        """The content as plain text, each token as ``@path``."""
        return "".join(unit if isinstance(unit, str) else f"@{unit.path}" for unit in self.units)

    @text.setter
    def text(self, value: str) -> None:
        self._remember()
        self.units = list(value)
        self.cursor = len(self.units)
        self.sel_anchor = None
        self._changed(None)

    value = text

    def runs(self) -> list[str | FileToken]:
        """The content as text runs and tokens, in order (the adapter's ``input_tokens``)."""
        out: list[str | FileToken] = []
        for unit in self.units:
            if isinstance(unit, str) and out and isinstance(out[-1], str):
                out[-1] += unit
            else:
                out.append(unit)
        return out

    def text_before_cursor(self) -> str:
        """The characters before the cursor, each token as a NUL character."""
        before = self.units[: self.cursor]
        return "".join(unit if isinstance(unit, str) else "\0" for unit in before)

    def replace(self, start: int, end: int, units: Sequence[Unit], *, hint: str = "") -> None:
        """Replace ``units[start:end]`` (a popup's selection) and put the cursor after it."""
        self._remember()
        self.units[start:end] = units
        self.cursor = start + len(units)
        self.sel_anchor = None
        self._changed(None)
        self.hint = hint

    def clear(self) -> None:
        """Empty the field (after a prompt is taken)."""
        self.units = []
        self.cursor = 0
        self.sel_anchor = None
        self.marked = None
        self._changed(None)

    def _remember(self) -> None:
        self._undo.append((list(self.units), self.cursor))
        del self._undo[:-200]

    def _changed(self, typed: str | None) -> None:
        self.hint = ""
        self.marked = None
        self._version += 1
        self.refresh(layout=True)
        if self.watcher is not None:
            self.watcher.edited(typed)

    def _selection(self) -> tuple[int, int] | None:
        if self.sel_anchor is None or self.sel_anchor == self.cursor:
            return None
        return min(self.sel_anchor, self.cursor), max(self.sel_anchor, self.cursor)

    def insert(self, text: str, *, typed: bool = False) -> None:
        """Insert characters at the cursor, replacing the selection if there is one."""
        self._remember()
        span = self._selection()
        if span is not None:
            self._delete_span(*span)
        self.units[self.cursor : self.cursor] = list(text)
        self.cursor += len(text)
        self.sel_anchor = None
        self._changed(text if typed and len(text) == 1 else None)

    def _delete_span(self, start: int, end: int) -> None:
        removed = self.units[start:end]
        tokens = [unit for unit in removed if isinstance(unit, FileToken)]
        del self.units[start:end]
        self.cursor = start
        self.sel_anchor = None
        if tokens:
            self._shrink(start, "".join(f"[{token.label}]" for token in tokens))

    def _shrink(self, at: int, label: str) -> None:
        """Draw a deleted token at ``at`` and shrink it to nothing (004 §3.4.5 ¶16)."""
        self._ghost_at = at
        self._ghost_label = label
        self.set_reactive(Composer.ghost_fraction, 1.0)
        self.animate("ghost_fraction", 0.0, duration=0.12, easing="linear")

    def watch_ghost_fraction(self) -> None:
        """Redraw the shrinking token at each frame of its animation."""
        self._version += 1
        self.refresh()

    def _erase(self, forward: bool) -> None:
        """Backspace (``forward`` False) or Delete: two steps on a token, one on a character."""
        span = self._selection()
        if span is not None:
            self._remember()
            self._delete_span(*span)
            self._changed(None)
            return
        index = self.cursor if forward else self.cursor - 1
        if not 0 <= index < len(self.units):
            return
        unit = self.units[index]
        if isinstance(unit, FileToken) and self.marked is not unit:
            self.marked = unit
            self._version += 1
            self.refresh()
            return
        self._remember()
        del self.units[index]
        self.cursor = index
        if isinstance(unit, FileToken):
            self._shrink(index, f"[{unit.label}]")
        self._changed(None)

    def _move(self, to: int, *, select: bool) -> None:
        to = max(0, min(len(self.units), to))
        if select:
            if self.sel_anchor is None:
                self.sel_anchor = self.cursor
        else:
            self.sel_anchor = None
        self.cursor = to
        self.marked = None
        self._version += 1
        self.refresh()
        if self.watcher is not None:
            self.watcher.edited(None)

    def _line_start(self) -> int:
        index = self.cursor
        while index > 0 and self.units[index - 1] != "\n":
            index -= 1
        return index

    def _line_end(self) -> int:
        index = self.cursor
        while index < len(self.units) and self.units[index] != "\n":
            index += 1
        return index

    def undo(self) -> None:
        """Ctrl+Z: the model before the last edit, tokens with their ``ref_id``."""
        if self._undo:
            self.units, self.cursor = self._undo.pop()
            self.sel_anchor = None
            self._changed(None)

    def copy(self) -> None:
        """Ctrl+C: the selection (or everything) as text, tokens as ``@path``."""
        span = self._selection() or (0, len(self.units))
        units = self.units[span[0] : span[1]]
        self.app.copy_to_clipboard(
            "".join(unit if isinstance(unit, str) else f"@{unit.path}" for unit in units)
        )

    # -- keys, pastes, clicks ------------------------------------------------------------

    async def _on_key(self, event: events.Key) -> None:
        key = event.key
        popup_key = key in ("up", "down", "enter", "tab", "escape")
        if popup_key and self.watcher is not None and self.watcher.intercept(key):
            event.stop()
            event.prevent_default()
            return
        if key in ("escape", "tab", "shift+tab"):
            return  # the app's: Escape cancels a running turn, Tab moves the focus
        handled = self._key(key)
        if not handled and event.character is not None and _is_text(event.character):
            self.insert(event.character, typed=True)
            handled = True
        if handled:
            event.stop()
            event.prevent_default()

    def _key(self, key: str) -> bool:
        """Handle an editing key; ``False`` when ``key`` is not one."""
        select = key.startswith("shift+")
        moves: dict[str, Callable[[], int]] = {
            "left": lambda: self._step(-1, select),
            "right": lambda: self._step(1, select),
            "home": self._line_start,
            "end": self._line_end,
            "up": lambda: self._vertical(-1),
            "down": lambda: self._vertical(1),
        }
        base = key.removeprefix("shift+")
        if base in moves:
            self._move(moves[base](), select=select)
        elif key == "enter":
            if any(not (isinstance(u, str) and u.isspace()) for u in self.units):
                self.post_message(self.Submitted(self.units))
                self.clear()  # now: keys typed after Enter belong to the next prompt
        elif key in NEWLINE_KEYS or key == "newline":
            self.insert("\n")
        elif key in ("backspace", "ctrl+h"):
            self._erase(forward=False)
        elif key == "delete":
            self._erase(forward=True)
        elif key == "ctrl+z":
            self.undo()
        elif key == "f7":
            self.sel_anchor, self.cursor = 0, len(self.units)
            self.refresh()
        elif key == "ctrl+c":
            self.copy()
        else:
            return False
        return True

    def _step(self, by: int, select: bool) -> int:
        """Left or Right: one unit, or to the selection's edge when it collapses."""
        span = self._selection()
        if span is not None and not select:
            return span[0] if by < 0 else span[1]
        return self.cursor + by

    def _vertical(self, by: int) -> int:
        self._layout(self.content_size.width or 40)
        row, column = self._position_of(self.cursor)
        target = row + by
        if not 0 <= target < len(self._rows):
            return self.cursor
        return self._unit_at(target, column)

    async def _on_paste(self, event: events.Paste) -> None:
        event.stop()
        event.prevent_default()
        if event.text:
            self.insert(event.text)

    async def _on_click(self, event: events.Click) -> None:
        event.stop()
        self.focus()
        self._layout(self.content_size.width or 40)
        offset = event.get_content_offset(self)
        if offset is None:
            return
        row = max(0, min(len(self._rows) - 1, offset.y + self._top))
        self._move(self._unit_at(row, offset.x), select=False)

    # -- drawing -------------------------------------------------------------------------

    def _style(self, name: str) -> Style:
        return self.get_component_rich_style(name, partial=True)

    def _cells(self) -> list[_Cell]:
        """Every drawn run, in order; a line break is a cell of its own."""
        token, cap = self._style("composer--token"), self._style("composer--token-cap")
        marked = self._style("composer--token-marked")
        selected = self._style("composer--selection")
        span = self._selection() or (0, 0)
        cells: list[_Cell] = []
        ghost = ""
        if self._ghost_label and self.ghost_fraction > 0:
            keep = max(1, round(cell_len(self._ghost_label) * self.ghost_fraction))
            ghost = self._ghost_label[:keep]
        for index, unit in enumerate([*self.units, None]):
            if ghost and index == self._ghost_at:
                cells.append(_Cell(ghost, cap, index, cell_len(ghost)))
            if unit is None:
                break
            picked = span[0] <= index < span[1]
            if isinstance(unit, FileToken):
                body = marked if unit is self.marked else token
                if picked:
                    body = body + selected
                cells.append(_Cell("[", cap, index, 1))
                cells.append(_Cell(unit.label, body, index, cell_len(unit.label)))
                cells.append(_Cell("]", cap, index, 1))
            elif unit == "\n":
                cells.append(_Cell("\n", Style(), index, 0))
            else:
                shown = visible(unit)
                cells.append(_Cell(shown, selected if picked else Style(), index, cell_len(shown)))
        return cells

    def _layout(self, width: int) -> None:
        key = (self._version, width)
        if key == self._layout_key:
            return
        self._layout_key = key
        width = max(width, 4)
        rows: list[list[_Cell]] = [[]]
        used = 0
        for cell in self._cells():
            if cell.text == "\n":
                rows[-1].append(_Cell("", Style(), cell.unit, 0))
                rows.append([])
                used = 0
                continue
            if used + cell.width > width and rows[-1]:
                rows.append([])
                used = 0
            rows[-1].append(cell)
            used += cell.width
        self._rows = rows

    def _position_of(self, unit: int) -> tuple[int, int]:
        """The row and column where ``unit`` starts (the end of the text for ``len(units)``)."""
        last = (0, 0)
        for row, cells in enumerate(self._rows):
            column = 0
            for cell in cells:
                if cell.unit >= unit:
                    return row, column
                column += cell.width
            last = (row, column)
        return last

    def _unit_at(self, row: int, column: int) -> int:
        """The unit offset nearest to ``column`` on ``row`` (a token's nearer edge)."""
        cells = self._rows[row]
        at = 0
        for cell in cells:
            if column < at + cell.width:
                if isinstance(self.units[cell.unit] if cell.unit < len(self.units) else "", str):
                    return cell.unit
                token_cells = [c for c in cells if c.unit == cell.unit]
                start = sum(c.width for c in cells[: cells.index(token_cells[0])])
                width = sum(c.width for c in token_cells)
                return cell.unit if column - start < width / 2 else cell.unit + 1
            at += cell.width
        if row + 1 < len(self._rows) and cells:
            return cells[-1].unit
        return len(self.units)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many rows as the content wraps to at ``width``."""
        self._layout(width)
        return len(self._rows)

    def render_line(self, y: int) -> Strip:
        """Row ``y`` of the field: text, tokens between caps, the cursor, a hint."""
        width = self.content_size.width
        self._layout(width)
        height = self.content_size.height or 1
        row, _ = self._position_of(self.cursor)
        if row < self._top:
            self._top = row
        elif row >= self._top + height:
            self._top = row - height + 1
        index = y + self._top
        base = self.rich_style
        if index >= len(self._rows):
            return Strip.blank(width, base)
        cursor_style = self._style("composer--cursor")
        segments: list[Segment] = []
        drawn_cursor = False
        for cell in self._rows[index]:
            if cell.unit == self.cursor and not drawn_cursor and self.has_focus and cell.text:
                head = cell.text[0]
                segments.append(Segment(head, base + cell.style + cursor_style))
                if cell.text[1:]:
                    segments.append(Segment(cell.text[1:], base + cell.style))
                drawn_cursor = True
            elif cell.text:
                segments.append(Segment(cell.text, base + cell.style))
            elif cell.unit == self.cursor and self.has_focus and not drawn_cursor:
                segments.append(Segment(" ", base + cursor_style))
                drawn_cursor = True
        at_end = self.cursor == len(self.units) and index == len(self._rows) - 1
        if at_end and self.has_focus and not drawn_cursor:
            segments.append(Segment(" ", base + cursor_style))
        if at_end and self.hint:
            segments.append(Segment(self.hint, base + self._style("composer--hint")))
        return Strip(segments).crop_extend(0, width, base)

    def on_focus(self) -> None:
        """Draw the cursor."""
        self.refresh()

    def on_blur(self) -> None:
        """Hide the cursor."""
        self.refresh()


def _is_text(char: str) -> bool:
    """Whether a typed character is text: printable, or a format or space character."""
    import unicodedata

    return char.isprintable() or unicodedata.category(char) in TEXT_CATEGORIES
