"""The input of the alternative client with its slash trigger (004 §3.2).

:class:`SlashComposer` extends the plain :class:`~examples.crs_alt.widgets.Composer`: a
``/`` typed at the start of a line or after whitespace opens the command menu
(``crs-slash-trigger-position``); while it is open the input keeps the focus and hands
↑/↓/Enter/Tab/Esc to the menu before ``TextArea`` sees them, and every edit or cursor move
refilters it from the text between the ``/`` and the cursor (``crs-slash-keys-typing``). A
selected command's required-parameter hint is drawn with ``TextArea``'s own suggestion
(muted ghost text after the cursor), never inserted.
"""

from __future__ import annotations

from collections.abc import Callable

from textual import events
from textual.widgets import TextArea

from examples.crs_alt.command_menu import CommandMenu, Entry
from examples.crs_alt.widgets import Composer

Location = tuple[int, int]
"""A (row, column) location in the input's document."""


class SlashComposer(Composer):
    """The input, owner of the command menu it opens (:attr:`menu`)."""

    MENU_KEYS = frozenset({"up", "down", "enter", "tab", "escape"})
    """Keys the open menu takes; every other key edits the text and refilters."""

    def __init__(self, on_send: Callable[[str], None], *, id: str | None = None) -> None:
        """Create the input and its closed menu (composed by the screen, above the input)."""
        super().__init__(on_send, id=id)
        self.menu = CommandMenu(self.pick, id="commands")
        """The command menu: the screen places it right above the input."""
        self._anchor: Location | None = None
        self._hint: tuple[str, str] | None = None

    async def _on_key(self, event: events.Key) -> None:
        if self.menu.is_open:
            self._sync()  # the text as it is now, even before its Changed message
        if self.menu.is_open and event.key in self.MENU_KEYS:
            event.stop()
            event.prevent_default()
            self._menu_key(event.key)
        elif event.character == "/" and not self.menu.is_open and self._at_trigger():
            event.stop()
            event.prevent_default()
            start = min(self.selection)
            self.replace("/", start, max(self.selection), maintain_selection_offset=False)
            self._anchor = start
            self.menu.open()
        # otherwise Composer._on_key and TextArea._on_key, next in the MRO, handle it

    def _menu_key(self, key: str) -> None:
        """↑/↓ move (wrapping), Enter/Tab select, Esc closes and keeps the text."""
        if key in ("up", "down"):
            self.menu.move(-1 if key == "up" else 1)
        elif key == "escape":  # no cancel is sent (crs-escape-closes-popup)
            self._close()
        elif (entry := self.menu.chosen) is not None:
            self.pick(entry)

    def _at_trigger(self) -> bool:
        """Whether a character typed now is at the start of a line or right after whitespace."""
        row, column = min(self.selection)
        return column == 0 or self.document.get_line(row)[column - 1].isspace()

    def typed_after(self, anchor: Location | None, mark: str) -> str | None:
        """The text between ``mark`` at ``anchor`` and the cursor, while it is one word.

        ``None`` once the mark is gone or the cursor has left its word (another row, at or
        before the mark, whitespace between them).
        """
        if anchor is None:
            return None
        row, column = anchor
        cursor_row, cursor_column = self.cursor_location
        line = self.document.get_line(row) if row < self.document.line_count else ""
        typed = line[column + 1 : cursor_column]
        if (
            cursor_row != row
            or cursor_column <= column
            or line[column : column + 1] != mark
            or any(char.isspace() for char in typed)
        ):
            return None
        return typed

    def _sync(self) -> None:
        """Refilter from the text after the ``/``; close when the ``/`` or the word is gone."""
        if not self.menu.is_open:
            return
        typed = self.typed_after(self._anchor, "/")
        if typed is None:
            self._close()
        else:
            self.menu.filter(typed)

    def _close(self) -> None:
        self.menu.close()
        self._anchor = None

    def pick(self, entry: Entry) -> None:
        """Put ``/{name} `` in place of the typed ``/prefix`` and close the menu.

        With the ``/`` at the start of the input (the only case the spec's "replaces the
        input text" is clear about), the input then holds exactly ``/{name} ``; text typed
        before the ``/`` is kept (design §6.2, point 9). A required parameter's hint shows
        after the cursor (``crs-slash-required-parameter-hint``).
        """
        start = self._anchor or self.cursor_location
        end = max(self.cursor_location, start)
        self._close()
        self.replace(f"/{entry.typed} ", start, end, maintain_selection_offset=False)
        self._hint = (self.text, f" {entry.hint}") if entry.hint else None
        self.update_suggestion()

    def update_suggestion(self) -> None:
        """Show the hint while the text is still what the selection left."""
        hint = self._hint
        self.suggestion = hint[1] if hint is not None and self.text == hint[0] else ""

    def action_cursor_right(self, select: bool = False) -> None:
        """Move right; a hint is never inserted (``TextArea`` would insert a suggestion)."""
        self._hint = None
        self.suggestion = ""
        super().action_cursor_right(select)

    def on_text_area_changed(self, event: TextArea.Changed) -> None:
        """Refilter after any edit (typing, deleting, pasting)."""
        self._sync()

    def on_text_area_selection_changed(self, event: TextArea.SelectionChanged) -> None:
        """Close the menu when the cursor leaves the ``/`` word."""
        self._sync()
