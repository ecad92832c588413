"""Reading what is really drawn: the composed screen as rows of cells, and widgets' text.

Checks of alignment and borders read the screen the compositor produced, not the CSS
that asked for it: a ``text-align: right`` that draws flush left, or a border whose
colour is the only difference, fails here. Profile ``chat_screen``'s role geometry (which
side an item sits on, what marks it) is built on these reads in
:mod:`steps.chat_screen.geometry`.

Coordinates are screen cells: ``x`` is the column from 0 at the left, ``y`` the row
from 0 at the top. A wide character (Hangul, most emoji) takes two cells; the second
one holds ``""``.
"""

from __future__ import annotations

import io
import itertools
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import rich.cells
from rich.cells import cell_len
from rich.color import Color
from rich.console import Console
from rich.measure import Measurement
from rich.style import Style
from textual.app import App
from textual.geometry import Region
from textual.strip import Strip
from textual.visual import RichVisual, visualize
from textual.widget import Widget

from steps.textual_private import app_context, screen_strips
from steps.verdicts import HARNESS_PREFIX, HarnessError

BLANK = frozenset({" ", "", "\u00a0"})
"""Cell contents that draw nothing visible."""
UNWRAPPED_WIDTH = 10_000
"""Console width, in cells, at which :func:`widget_text` renders a Rich renderable."""


def screen_rows(app: App[Any]) -> list[list[str]]:
    """Compose the current screen and return it as rows of cells.

    Args:
        app: A running app, idle (see ``Driver.settle``).

    Returns:
        ``rows[y][x]``: the character drawn at column ``x`` of row ``y``; ``""`` for
        the right half of a wide character. A zero-width character (a combining mark, a
        joiner) joins the cell before it; an emoji ZWJ sequence fills one wide cell.
    """
    return [[cell.char for cell in row] for row in screen_cells(app)]


class Cell(NamedTuple):
    """One cell of the composed screen: what is drawn there and with which style.

    A named tuple, not a dataclass: a screen read makes one per cell (1,920 at 80x24), and a
    tuple is made about twice as fast as a frozen dataclass.

    Attributes:
        char: The grapheme drawn (``""`` for the right half of a wide character).
        style: The Rich style of the segment it belongs to (``Style()`` when none).
    """

    char: str
    style: Style

    @property
    def bold(self) -> bool:
        """Drawn bold."""
        return bool(self.style.bold)

    @property
    def italic(self) -> bool:
        """Drawn italic."""
        return bool(self.style.italic)

    @property
    def strike(self) -> bool:
        """Drawn struck through."""
        return bool(self.style.strike)

    @property
    def dim(self) -> bool:
        """Drawn with the terminal's dim (faint) attribute.

        Textual usually draws dim and muted text by blending its colour toward the
        background instead, and clears the attribute: compare :attr:`contrast` to tell
        muted text from normal text.
        """
        return bool(self.style.dim)

    @property
    def contrast(self) -> float | None:
        """WCAG contrast ratio of text to background (1 to 21), ``None`` if either is unset."""
        fore, back = self.foreground, self.background
        if fore is None or back is None:
            return None
        lighter, darker = sorted((_luminance(fore), _luminance(back)), reverse=True)
        return (lighter + 0.05) / (darker + 0.05)

    @property
    def underline(self) -> bool:
        """Drawn underlined."""
        return bool(self.style.underline)

    @property
    def link(self) -> str | None:
        """The hyperlink (OSC 8) or click action the cell carries, if any."""
        if self.style.link:
            return self.style.link
        action = (self.style.meta or {}).get("@click")
        return None if action is None else str(action)

    @property
    def background(self) -> tuple[int, int, int] | None:
        """Background colour as ``(red, green, blue)`` 0-255, ``None`` when the default."""
        return _rgb(self.style.bgcolor)

    @property
    def foreground(self) -> tuple[int, int, int] | None:
        """Text colour as ``(red, green, blue)`` 0-255, ``None`` when the default."""
        return _rgb(self.style.color)


def screen_cells(app: App[Any]) -> list[list[Cell]]:
    """Compose the current screen and return it as rows of :class:`Cell`.

    The same strips as :func:`screen_rows` reads, so ``cells[y][x].char`` is
    ``screen_rows(app)[y][x]``; the right half of a wide character has the style of its
    left half.

    Args:
        app: A running app, idle (see ``Driver.settle``).
    """
    # The compositor is Textual's own record of what reaches the terminal; the public
    # export_screenshot() renders the same strips to SVG. Read as the app's own code would
    # run, with the app active: a widget rendered now may ask for it (NoActiveAppError).
    with app_context(app):
        return [_strip_cells(strip) for strip in screen_strips(app.screen)]


def _strip_cells(strip: Strip) -> list[Cell]:
    """One strip of segments as cells, as :func:`screen_cells` describes them."""
    cells: list[Cell] = []
    for segment in strip:
        if segment.control:
            continue
        style = segment.style or Style()
        text = segment.text
        if text.isascii() and text.isprintable():  # one cell per character: no split needed
            cells.extend([Cell(char, style) for char in text])
            continue
        for grapheme, width in _graphemes(text):
            if width == 0 and cells:
                cells[-1] = Cell(cells[-1].char + grapheme, cells[-1].style)
            else:
                cells.append(Cell(grapheme, style))
                cells.extend([Cell("", style)] * (width - 1))
    return cells


def text_columns(cells: Sequence[Cell], text: str) -> list[int]:
    """The columns of ``cells`` where each drawn occurrence of ``text`` starts, left to right.

    A column is a cell's index in ``cells``, not a character index: a double-width
    character (Korean, CJK, most emoji) takes two cells, the second drawn as ``""``, so
    text after one starts a cell further right than its character count says. The text's
    width is :func:`rich.cells.cell_len` (``text_width``), not ``len``. Overlapping
    occurrences are all given.

    Args:
        cells: One screen row, or a slice of one (columns then count from its start).
        text: What to look for, as it is drawn (``""`` is found nowhere).
    """
    chars: list[str] = []
    owner: list[int] = []
    for column, cell in enumerate(cells):
        for char in cell.char:
            chars.append(char)
            owner.append(column)
    row, found, start = "".join(chars), [], 0
    while text and (at := row.find(text, start)) >= 0:
        found.append(owner[at])
        start = at + 1
    return found


def text_width(text: str) -> int:
    """Cells ``text`` takes on the screen (a double-width character counts 2)."""
    return cell_len(text)


def _luminance(rgb: tuple[int, int, int]) -> float:
    """Relative luminance of an sRGB colour (WCAG 2), 0 for black to 1 for white."""
    linear = [c / 255 / 12.92 if c <= 10 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _rgb(color: Color | None) -> tuple[int, int, int] | None:
    """``color`` as an RGB triplet, or ``None`` for no colour or the terminal default."""
    if color is None or color.is_default:
        return None
    triplet = color.get_truecolor()
    return triplet.red, triplet.green, triplet.blue


def _graphemes(text: str) -> list[tuple[str, int]]:
    """Split ``text`` into (grapheme, cell width) pairs, as the installed Rich measures it.

    Rich 15 measures a grapheme as a whole (an emoji ZWJ sequence takes 2 cells, not 2 per
    emoji); earlier versions measure each character on its own.
    """
    split = getattr(rich.cells, "split_graphemes", None)
    if split is None:
        return [(char, cell_len(char)) for char in text]
    spans, _total = split(text)
    return [(text[start:end], width) for start, end, width in spans]


def screen_text(app: App[Any]) -> str:
    """Return the composed screen as plain text, one line per row (for messages)."""
    return "\n".join("".join(row).rstrip() for row in screen_rows(app))


def describe_widget(widget: Widget) -> str:
    """Name a widget for failure messages: type, id and classes."""
    ident = f"#{widget.id}" if widget.id else ""
    classes = "".join(f".{name}" for name in sorted(widget.classes))
    return f"{type(widget).__name__}{ident}{classes}"


def widget_text(widget: Widget) -> str:
    """Return the plain text a widget shows (its visual, without styles).

    A ``Static`` gives its visual; any other widget gives what its ``render()`` returns,
    made a visual as Textual makes it (markup or a Rich ``Text`` becomes ``Content``). A
    Rich renderable with no text model of its own (a custom ``__rich_console__``) is
    rendered without wrapping and read back: its lines, right-trimmed, joined by newlines.

    Raises:
        AssertionError: The widget has no text content (it is not label-like).
    """
    rendered = widget.visual if hasattr(widget, "visual") else widget.render()
    visual = visualize(widget, rendered)
    plain = getattr(visual, "plain", None)
    if plain is None and isinstance(visual, RichVisual):
        plain = _rendered_text(rendered)
    if plain is None:
        raise AssertionError(
            f"{describe_widget(widget)} shows no text (got {type(visual).__name__})"
        )
    return str(plain)


def _rendered_text(renderable: object) -> str:
    """Render ``renderable`` as plain text at its natural width, so nothing wraps or pads.

    The width is the renderable's own maximum (Rich's ``Measurement``), at least
    :data:`UNWRAPPED_WIDTH` wide to measure in: a right-aligned or justified renderable
    rendered wider than that would be read back with the padding it adds on the left.
    """
    console = Console(width=UNWRAPPED_WIDTH, color_system=None, file=io.StringIO())
    options = console.options.update_width(UNWRAPPED_WIDTH * 10)
    measured = Measurement.get(console, options, renderable)  # type: ignore[arg-type]  # a Rich renderable, as Textual hands it over
    console.width = max(measured.maximum, 1)
    with console.capture() as capture:
        console.print(renderable, end="", highlight=False)
    lines = [line.rstrip() for line in capture.get().splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines)


def item_text(item: Widget) -> str:
    """Return the text a message item shows, whether one text widget or a composite.

    An item with no displayed child is a text widget: its text is :func:`widget_text`'s,
    exactly. A composite item (a container holding a marker glyph ``❯`` and a
    ``Static`` or ``Markdown`` body, say) shows what its drawing widgets show: its
    :func:`leaves` (displayed widgets with no displayed child), each read as
    :func:`widget_text` reads it, or, for a leaf with no text model (a line-API widget),
    from the cells it draws in its content region, rows stripped and joined without a
    separator (a soft wrap). Leaves that show no letter or digit are decorations
    (:func:`is_decoration`), not text. The others are joined in DOM order: directly when
    they share a row (side by side, as drawn), with a newline when one is below the other
    (the paragraphs of a Markdown body). Leaves scrolled out of view read the same.
    When no leaf shows a letter or digit (a body of U+2028 beside a ``❯`` marker), a
    decoration cannot be told from text: every leaf is read, so the check that compares
    the text fails under its own clause, or passes, instead of the reading failing.

    Raises:
        HarnessError: The item is a widget with no text content (:func:`widget_text`).
    """
    found = leaves(item)
    if found == [item]:
        try:
            return widget_text(item)
        except AssertionError as error:
            raise HarnessError(f"{HARNESS_PREFIX}: the item {error}") from None
    parts = [(leaf, leaf_text(leaf)) for leaf in found]
    texts = [(leaf.region, text) for leaf, text in parts if not is_decoration(text)]
    if not texts:
        texts = [(leaf.region, text) for leaf, text in parts]
    if not texts:
        return ""  # nothing of the item is drawn: the check comparing its text decides
    joined = texts[0][1]
    for (before, _), (region, text) in itertools.pairwise(texts):
        beside = region.y < before.bottom and before.y < region.bottom
        joined += text if beside else f"\n{text}"
    return joined


def leaves(item: Widget) -> list[Widget]:
    """The widgets that draw ``item``'s content: displayed, visible, with no displayed child.

    In DOM order; ``[item]`` for a widget with no displayed child. A leaf of no size
    (``width: 0``, not laid out) draws nothing and is left out.
    """
    children = [child for child in item.children if isinstance(child, Widget) and child.display]
    if not children:
        return [item]
    return [
        leaf
        for child in children
        for leaf in leaves(child)
        if leaf.visible and leaf.outer_size.area
    ]


@dataclass(frozen=True)
class Leaf:
    """Where one widget drawing an item's text may draw it, and what frames it.

    Attributes:
        region: The widget's content region on the screen: its region without its border
            and padding.
        left: Cells of border and padding on the left of ``region`` from the widget up to
            the area holding the item (the widget's own, its parents'), not counting the
            area's own.
        right: The same on the right.
    """

    region: Region
    left: int
    right: int


def content_leaves(item: Widget, area: Widget | None = None) -> list[Leaf]:
    """The content region of each widget drawing ``item``'s text (:func:`leaves`).

    Textual knows every widget's border and padding (its gutter): a check reading where
    text sits, what it reads or what colour it has reads it inside these regions, so a
    frame, a rule or padding around the text, at any depth, is never taken for the text
    or its position. Leaves of no size are left out.

    Args:
        item: An item widget (a single text widget or a container).
        area: The area holding the item; frames and padding are summed from each leaf up
            to it (exclusive). ``None``: up to the item (inclusive).
    """
    found = []
    for leaf in leaves(item):
        left = right = 0
        widget: Any = leaf
        while isinstance(widget, Widget) and widget is not area:
            gutter = widget.styles.gutter
            left, right = left + gutter.left, right + gutter.right
            if widget is item and area is None:
                break
            widget = widget.parent
        found.append(Leaf(leaf.content_region, left, right))
    return found


def is_decoration(text: str) -> bool:
    """Whether ``text`` has no letter or digit (Unicode categories ``L*``, ``N*``).

    A widget showing only such characters is a marker glyph (``❯``, ``●``, ``>``), a
    bullet or a spacer: it cannot be the label widget of ``single-label-widget``, whose
    text starts with a role label, so it is not part of an item's text.
    """
    return not any(unicodedata.category(char)[0] in "LN" for char in text)


def leaf_text(leaf: Widget) -> str:
    """A leaf's text (:func:`widget_text`), else the rows it draws, stripped and joined.

    A widget that draws through the line API (``render_line``, as ``Log`` or ``TextArea``
    do) is read from its rows: its ``render()`` is not what it draws.
    """
    if type(leaf).render_line is not Widget.render_line:
        return "".join(row.strip() for row in drawn_rows(leaf))
    try:
        return widget_text(leaf)
    except AssertionError:
        return "".join(row.strip() for row in drawn_rows(leaf))


def drawn_rows(widget: Widget) -> list[str]:
    """The rows of cells ``widget`` itself draws in its content region (not its children).

    Rendered by the widget (``Widget.render_lines``) at its laid-out size, so a widget
    scrolled out of view reads as it would be drawn; a wide character is one string.
    """
    width, height = widget.outer_size
    gutter = widget.styles.gutter
    strips = widget.render_lines(Region(0, 0, width, height))
    return [
        "".join(cell.char for cell in _strip_cells(strip)[gutter.left : width - gutter.right])
        for strip in strips[gutter.top : height - gutter.bottom]
    ]
