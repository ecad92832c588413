"""The input field: a plain-text editor whose content is characters and file tokens.

The model is a list of units, each a one-character ``str`` or a :class:`Token` (004 §3.4.5:
a token is one atomic unit for the cursor). The widget draws itself line by line, wrapping
by cells, with each token as ``▐label▌`` on the token colour; clicks are mapped back to unit
offsets through the same layout. Keys are taken in the widget's own key handler, one by one
in the order they arrive, so a burst of keys after Enter starts the next message (002
§2.5.1). The composer asks its app (:class:`Composer.Host`) first, which may claim a key
for a popup or the history.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import ClassVar, Protocol

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Offset
from textual.message import Message
from textual.reactive import var
from textual.widget import Widget

from examples.crs_third.marks import visible

TOKEN_COLOR = "#2f5f8f"
"""A token's background (and its caps' glyph colour), unlike the input's and a bubble's."""

NEWLINE_KEYS = ("shift+enter", "ctrl+j")
"""Keys that insert a newline (002 §2.5.1 Shift+Enter; Ctrl+J for terminals that cannot
report Shift+Enter)."""

ARMED_COLOR = "#8f2f3f"
"""A token's background once the first Backspace/Delete selected it (004 §3.4.5)."""

SELECTION = Style(bgcolor="#44475a")
"""Selected text."""

PLACEHOLDER = "메시지를 입력하세요 (/ 명령어, @ 파일)"
"""Shown while the composer is empty."""


@dataclass(frozen=True, eq=False)
class Token:
    """A file reference in the input (004 §3.4.5); each one is distinct, even for one file."""

    ref_id: str
    path: str

    @property
    def label(self) -> str:
        """The relative path when short, else the file name (004 §3.4.5 text content)."""
        return token_label(self.path)


def token_label(path: str) -> str:
    """The path when short, else its file name, cut at its start past 40 cells."""
    label = path if len(path) <= 24 else path.replace("\\", "/").rsplit("/", 1)[-1] or path
    label = visible(label)
    return label if len(label) <= 40 else "…" + label[-39:]


Unit = str | Token
"""One character, or one token."""


@dataclass
class Layout:
    """Where each unit is drawn: rows of (unit offset, text, style) cells."""

    rows: list[list[tuple[int, str, Style]]] = field(default_factory=lambda: [[]])
    cursor_row: int = 0


class Composer(Widget, can_focus=True):
    """The message input: Markdown is typed as plain text (004 §3.1), never previewed."""

    class Host(Protocol):
        """What the composer asks its app."""

        def claim_key(self, key: str) -> bool:
            """Return ``True`` when the app consumed ``key`` (a popup, history keys)."""
            ...

        def input_edited(self) -> None:
            """The text or the cursor changed: re-check the popup triggers."""
            ...

    @dataclass
    class Send(Message):
        """Enter on a non-blank input; handled by the app's ``on_composer_send``."""

        units: list[Unit]

    fade: var[float] = var(0.0)
    """How much of a token being deleted is still drawn (1 → 0 over 130 ms)."""

    DELETE_SECONDS: ClassVar[float] = 0.13
    """The deletion animation (004 §3.4.5: 100 to 150 ms)."""

    def __init__(self, host: Composer.Host, *, id: str | None = None) -> None:
        """Create an empty composer that consults ``host`` on every key."""
        super().__init__(id=id)
        self._host = host
        self.units: list[Unit] = []
        self.cursor = 0
        self.mark: int | None = None
        self.armed: Token | None = None
        self.history: list[tuple[list[Unit], int]] = []
        self.ghost: tuple[int, Token] | None = None
        self.hint = ""

    # -- the model -------------------------------------------------------------------

    @property
    def text(self) -> str:
        """The content as plain text, each token as ``@path`` (004 §3.4.5 copy rule)."""
        return "".join(u if isinstance(u, str) else f"@{u.path}" for u in self.units)

    @text.setter
    def text(self, value: str) -> None:
        self.set_text(value)

    @property
    def value(self) -> str:
        """The same as :attr:`text`."""
        return self.text

    @value.setter
    def value(self, value: str) -> None:
        self.set_text(value)

    def set_text(self, value: str) -> None:
        """Replace the content with ``value``; the cursor goes to its end."""
        self.units = list(value)
        self.cursor = len(self.units)
        self.mark = None
        self.armed = None
        self._changed()

    def set_units(self, units: list[Unit]) -> None:
        """Replace the content with ``units``; the cursor goes to its end."""
        self.units = units
        self.cursor = len(units)
        self.mark = None
        self.armed = None
        self._changed()

    def show_hint(self, hint: str) -> None:
        """Show ``hint`` muted after the text until the next edit (004 §3.2 parameters)."""
        self.hint = hint
        self.refresh()

    def clear(self) -> None:
        """Empty the composer."""
        self.set_text("")

    def insert(self, text: str) -> None:
        """Type ``text`` at the cursor (over the selection)."""
        self._snapshot()
        self._delete_selection(animate=False)
        self.units[self.cursor : self.cursor] = list(text)
        self.cursor += len(text)
        self._changed()

    def line_before_cursor(self) -> tuple[int, str]:
        """The current line up to the cursor, a token read as U+FFFC, and its start offset."""
        start = self.cursor
        while start > 0 and self.units[start - 1] != "\n":
            start -= 1
        line = "".join(
            u if isinstance(u, str) else "\ufffc" for u in self.units[start : self.cursor]
        )
        return start, line

    def replace_range(self, start: int, end: int, units: list[Unit]) -> None:
        """Replace units ``start:end`` with ``units``; the cursor goes after them."""
        self._snapshot()
        self.units[start:end] = units
        self.cursor = start + len(units)
        self.mark = None
        self._changed()

    def _snapshot(self) -> None:
        """Remember the content for Ctrl+Z (004 §3.4.5 undo)."""
        self.history.append((list(self.units), self.cursor))
        del self.history[:-100]

    def _changed(self) -> None:
        """Redraw and let the app re-check its triggers."""
        self.hint = ""
        self.refresh()
        self._host.input_edited()

    # -- keys --------------------------------------------------------------------------

    async def _on_key(self, event: events.Key) -> None:
        """Claimed keys first, then Enter, editing and moving keys."""
        if self._host.claim_key(event.key) or self._edit_key(event.key):
            event.stop()
            event.prevent_default()
            return
        if _typed(event):
            assert event.character is not None
            event.stop()
            event.prevent_default()
            self.armed = None
            self.insert(event.character)

    def _edit_key(self, key: str) -> bool:
        """Handle a non-printable key; ``True`` when it was one of the composer's."""
        if key == "enter":
            self._send()
        elif key == "tab":
            pass  # Tab stays in the input: typing never leaves it (002 §2.5.5)
        elif key in NEWLINE_KEYS:
            self.insert("\n")
        elif key in ("backspace", "delete"):
            self._delete(-1 if key == "backspace" else 0)
        elif key in ("left", "right", "home", "end", "shift+left", "shift+right", "shift+home"):
            self._move(key)
        elif key == "ctrl+z":
            self._undo()
        elif key in ("f7", "ctrl+a"):
            self.mark, self.cursor = 0, len(self.units)
            self.refresh()
        elif key == "ctrl+c":
            self.app.copy_to_clipboard(self._selected_text())
        else:
            return False
        return True

    def _send(self) -> None:
        """Post the content and clear the field at once; a blank text is not sent (§2.5.1)."""
        if all(isinstance(u, str) and u.isspace() for u in self.units):
            return
        units = self.units
        self.units, self.cursor, self.mark, self.armed = [], 0, None, None
        self.history.clear()
        self._changed()
        self.post_message(self.Send(units))

    def _move(self, key: str) -> None:
        """Move the cursor by a unit (a token is jumped whole), or to the line's ends."""
        extend = key.startswith("shift+")
        if extend and self.mark is None:
            self.mark = self.cursor
        if not extend:
            self.mark = None
        step = key.removeprefix("shift+")
        if step == "left":
            self.cursor = max(0, self.cursor - 1)
        elif step == "right":
            self.cursor = min(len(self.units), self.cursor + 1)
        elif step == "home":
            self.cursor = self.line_before_cursor()[0]
        else:
            while self.cursor < len(self.units) and self.units[self.cursor] != "\n":
                self.cursor += 1
        self.armed = None
        self._changed()

    def _delete(self, direction: int) -> None:
        """Backspace (``-1``) or Delete (``0``); a token needs two presses (004 §3.4.5)."""
        if self.mark is not None and self.mark != self.cursor:
            self._snapshot()
            self._delete_selection(animate=True)
            self._changed()
            return
        index = self.cursor + direction
        if not 0 <= index < len(self.units):
            return
        unit = self.units[index]
        if isinstance(unit, Token) and self.armed is not unit:
            self.armed = unit
            self.refresh()
            return
        self._snapshot()
        del self.units[index]
        self.cursor = index
        self.armed = None
        if isinstance(unit, Token):
            self._vanish(index, unit)
        self._changed()

    def _delete_selection(self, *, animate: bool) -> None:
        """Delete the selected units at once, tokens included (004 §3.4.5 range deletion)."""
        if self.mark is None or self.mark == self.cursor:
            self.mark = None
            return
        start, end = sorted((self.mark, self.cursor))
        tokens = [u for u in self.units[start:end] if isinstance(u, Token)]
        del self.units[start:end]
        self.cursor, self.mark = start, None
        if animate and tokens:
            self._vanish(start, tokens[0])

    def _vanish(self, index: int, token: Token) -> None:
        """Shrink the deleted token's cells to nothing (004 §3.4.5 deletion animation)."""
        self.ghost = (index, token)
        self.fade = 1.0
        self.animate(
            "fade", 0.0, duration=self.DELETE_SECONDS, easing="linear", on_complete=self._bury
        )

    def _bury(self) -> None:
        """The animation is over."""
        self.ghost = None
        self.refresh()

    def watch_fade(self) -> None:
        """Redraw each frame of the animation."""
        self.refresh()

    def _undo(self) -> None:
        """Restore the content before the last edit, tokens and their metadata too."""
        if not self.history:
            return
        self.units, self.cursor = self.history.pop()
        self.mark = self.armed = None
        self._changed()

    def _selected_text(self) -> str:
        """The selection (or everything) as text, tokens as ``@path``."""
        units = self.units
        if self.mark is not None and self.mark != self.cursor:
            start, end = sorted((self.mark, self.cursor))
            units = units[start:end]
        return "".join(u if isinstance(u, str) else f"@{u.path}" for u in units)

    def on_paste(self, event: events.Paste) -> None:
        """A paste is typed text: kept whole, newlines included."""
        event.stop()
        self.insert(event.text.replace("\r\n", "\n").replace("\r", "\n"))

    # -- drawing -------------------------------------------------------------------------

    def _cells(self) -> list[tuple[int, str, Style]]:
        """Every drawn run of cells: (unit offset, text, style); a newline is its own run."""
        selected = range(0)
        if self.mark is not None:
            selected = range(*sorted((self.mark, self.cursor)))
        cells: list[tuple[int, str, Style]] = []
        for index, unit in enumerate(self.units):
            self._ghost_cells(index, cells)
            style = SELECTION if index in selected else Style()
            if isinstance(unit, Token):
                cells.extend(self._token_cells(index, unit, unit.label, selected))
            else:
                cells.append((index, unit if unit == "\n" else visible(unit), style))
        self._ghost_cells(len(self.units), cells)
        return cells

    def _token_cells(
        self, index: int, token: Token, label: str, selected: range
    ) -> list[tuple[int, str, Style]]:
        """``▐label▌`` on the token colour, red once armed for deletion."""
        color = ARMED_COLOR if token is self.armed else TOKEN_COLOR
        if index in selected:
            color = "#6a6f8a"
        body = Style(bgcolor=color, color="white")
        cap = Style(color=color)
        return [(index, "▐", cap), (index, label, body), (index, "▌", cap)]

    def _ghost_cells(self, index: int, cells: list[tuple[int, str, Style]]) -> None:
        """The token being deleted, cut to its remaining width."""
        if self.ghost is None or self.ghost[0] != index:
            return
        label = self.ghost[1].label
        keep = int(len(label) * self.fade + 0.999)
        if keep > 0:
            style = Style(bgcolor=ARMED_COLOR, color="white")
            cells.append((-1, label[:keep], style))

    def layout_rows(self, width: int) -> Layout:
        """Wrap the cells into rows of at most ``width`` cells."""
        layout = Layout()
        column = 0
        for index, text, style in self._cells():
            if index == self.cursor and index >= 0:
                layout.cursor_row = len(layout.rows) - 1
            if text == "\n":
                layout.rows[-1].append((index, " ", style))
                layout.rows.append([])
                column = 0
                continue
            size = cell_len(text)
            if column + size > width and column > 0:
                layout.rows.append([])
                column = 0
            layout.rows[-1].append((index, text, style))
            column += size
        if self.cursor >= len(self.units):
            layout.cursor_row = len(layout.rows) - 1
        return layout

    def render(self) -> Text:
        """The rows around the cursor, the cursor drawn reversed."""
        width = max(1, self.content_region.width - 1)
        if not self.units and self.ghost is None:
            cursor = Style(reverse=True) if self.has_focus else Style()
            return Text(" ", cursor).append(PLACEHOLDER, Style(dim=True))
        layout = self.layout_rows(width)
        height = max(1, self.content_region.height)
        first = max(0, layout.cursor_row - height + 1)
        shown = layout.rows[first : first + height]
        lines = [self._draw_row(row) for row in shown]
        if self.has_focus and self.cursor >= len(self.units) and shown[-1] is layout.rows[-1]:
            lines[-1].append(" ", Style(reverse=True))
        if self.hint and shown[-1] is layout.rows[-1]:
            lines[-1].append(" " + self.hint, Style(dim=True, italic=True))
        return Text("\n").join(lines)

    def _draw_row(self, row: list[tuple[int, str, Style]]) -> Text:
        """One row; the cursor cell reversed."""
        line = Text()
        cursor_drawn = False
        for index, text, style in row:
            if index == self.cursor and not cursor_drawn and self.has_focus:
                line.append(text[0], style + Style(reverse=True))
                line.append(text[1:], style)
                cursor_drawn = True
            else:
                line.append(text, style)
        return line

    def on_click(self, event: events.Click) -> None:
        """Put the cursor where the click landed; a token's nearer edge (004 §3.4.5)."""
        offset = Offset(event.screen_x, event.screen_y) - self.content_region.offset
        if offset.x < 0 or offset.y < 0:
            return
        layout = self.layout_rows(max(1, self.content_region.width - 1))
        height = max(1, self.content_region.height)
        first = max(0, layout.cursor_row - height + 1)
        row_index = min(first + offset.y, len(layout.rows) - 1)
        self.cursor = self._offset_at(layout.rows[row_index], offset.x)
        self.mark = self.armed = None
        self.focus()
        self._changed()

    def _offset_at(self, row: list[tuple[int, str, Style]], x: int) -> int:
        """The unit offset of column ``x`` of ``row``."""
        column = 0
        last = len(self.units)
        for index, text, _style in row:
            size = cell_len(text)
            if index >= 0 and x < column + size:
                unit = self.units[index] if index < len(self.units) else None
                if isinstance(unit, Token):
                    return index if x - column < size / 2 else index + 1
                return index
            column += size
            last = index + 1 if index >= 0 else last
        return min(last, len(self.units))

    def on_focus(self) -> None:
        """Show the cursor."""
        self.refresh()

    def on_blur(self) -> None:
        """Hide the cursor."""
        self.refresh()


def _typed(event: events.Key) -> bool:
    """Whether ``event`` types its character: anything but a control character.

    Textual's ``is_printable`` is false for format characters such as the zero-width joiner
    of an emoji sequence; they are typed text all the same (004 §3.1: the input is plain
    text, kept as typed).
    """
    character = event.character
    if character is None or len(character) != 1:
        return False
    return event.is_printable or unicodedata.category(character) not in ("Cc", "Cs")
