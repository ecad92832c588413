"""The line of key hints under the input: the whole line, or its short form when narrow."""

from __future__ import annotations

from rich.cells import cell_len
from textual.widgets import Static


class KeyHints(Static):
    """One row of key hints; the short form when the whole one does not fit the width.

    At 50 columns the whole line would wrap onto a second row (or, on a short terminal with a
    popup open, be pushed off the screen); the short form keeps every key in one row.
    """

    DEFAULT_CSS = """
    KeyHints { height: 1; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    WHOLE = "Enter send · Shift+Enter / Ctrl+J new line · Esc cancel · Ctrl+T times · Ctrl+Q quit"
    """The hints when they fit."""
    SHORT = "⏎ send  ^J line  Esc cancel  ^T times  ^Q quit"
    """The hints in a narrow terminal (``^J`` is Ctrl+J)."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        """Create the line (the whole hints until the first resize says otherwise)."""
        super().__init__(self.WHOLE, id=id, classes=classes, markup=False)

    def on_resize(self) -> None:
        """Pick the form that fits the width (less the padding)."""
        room = self.content_size.width
        self.update(self.WHOLE if cell_len(self.WHOLE) <= room else self.SHORT)
