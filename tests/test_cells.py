"""Cell styles on the composed screen (``steps.screen.screen_cells``).

Expected styles come from the markup the test app draws, never from the reader.
"""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Static

from steps.screen import screen_cells, screen_rows

MARKUP = "[bold]B[/][italic]I[/][strike]S[/][dim]D[/][on #ff0000]R[/][link='https://x.test']L[/]한"


class StyledApp(App[None]):
    """One line of styled text on the first row."""

    def compose(self) -> ComposeResult:
        yield Static(MARKUP)


@pytest.mark.asyncio
async def test_each_cell_carries_the_style_it_was_drawn_with() -> None:
    app = StyledApp()
    async with app.run_test(size=(20, 3)) as pilot:
        await pilot.pause()
        row = screen_cells(app)[0]
        bold, italic, strike, dim, red, link, wide, right_half = row[:8]
        assert (bold.char, bold.bold, bold.italic) == ("B", True, False)
        assert (italic.char, italic.italic, italic.bold) == ("I", True, False)
        assert (strike.char, strike.strike) == ("S", True)
        assert (dim.char, dim.strike) == ("D", False)
        assert dim.contrast is not None and bold.contrast is not None
        assert dim.contrast < bold.contrast  # Textual blends dim text toward the background
        assert (red.char, red.background) == ("R", (255, 0, 0))
        assert bold.background != (255, 0, 0)
        assert (link.char, link.link) == ("L", "https://x.test")
        assert bold.link is None
        assert (wide.char, right_half.char) == ("한", "")
        assert right_half.style == wide.style


@pytest.mark.asyncio
async def test_cells_hold_the_characters_screen_rows_reads() -> None:
    app = StyledApp()
    async with app.run_test(size=(20, 3)) as pilot:
        await pilot.pause()
        assert [[cell.char for cell in row] for row in screen_cells(app)] == screen_rows(app)
