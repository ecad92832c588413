"""Reading what is really drawn: the composed screen as rows of cells, and geometry.

Checks of alignment and borders read the screen the compositor produced, not the CSS
that asked for it: a ``text-align: right`` that draws flush left, or a border whose
colour is the only difference, fails here.

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
from enum import Enum
from typing import Any

import rich.cells
from rich.align import Align
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

from steps.verdicts import HARNESS_PREFIX, HarnessError

BLANK = frozenset({" ", "", "\u00a0"})
"""Cell contents that draw nothing visible."""
INVISIBLE_EDGES = frozenset({"", "none", "hidden", "blank"})
"""Textual border types that draw no glyph."""
FILLS = "the text fills its rows out to the area: no placement can be seen"
"""Reason :meth:`ItemGeometry.judge` gives when nothing shows where the text sits."""
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


@dataclass(frozen=True)
class Cell:
    """One cell of the composed screen: what is drawn there and with which style.

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
    # export_screenshot() renders the same strips to SVG.
    return [_strip_cells(strip) for strip in app.screen._compositor.render_strips()]


def _strip_cells(strip: Strip) -> list[Cell]:
    """One strip of segments as cells, as :func:`screen_cells` describes them."""
    cells: list[Cell] = []
    for segment in strip:
        if segment.control:
            continue
        style = segment.style or Style()
        for grapheme, width in _graphemes(segment.text):
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


class Side(Enum):
    """A horizontal side of the conversation area."""

    LEFT = "left"
    RIGHT = "right"

    @property
    def other(self) -> Side:
        """The opposite side."""
        return Side.RIGHT if self is Side.LEFT else Side.LEFT


@dataclass(frozen=True)
class Box:
    """One widget around an item's text, as drawn: screen columns, clipped to the area.

    Attributes:
        name: The widget, for failure messages (type, id, classes).
        content_left: First column of its content region (inside padding and border).
        content_right: One past the last column of its content region.
        outer_left: First column of its region (border and padding included).
        outer_right: One past the last column of its region.
    """

    name: str
    content_left: int
    content_right: int
    outer_left: int
    outer_right: int


@dataclass(frozen=True)
class ItemGeometry:
    """Where one message item's text and decorations sit on the screen.

    All columns are screen cells. ``area_left``/``area_right`` bound the conversation
    area's content (inside its border, padding and scrollbar; ``area_right`` exclusive).

    Attributes:
        rows: Screen rows on which the item's text is drawn.
        text_left: Leftmost text column over all those rows.
        text_right: Rightmost text column over all those rows (inclusive).
        area_left: First column of the conversation area's content.
        area_right: One past its last column.
        marked: For each side, whether every text row has a visible glyph between the
            text and that edge of the area (a border, whichever widget draws it).
        spans: (first, last) text column of each row in ``rows``.
        boxes: The widgets around the text, outermost first: from the conversation
            area's child that holds the item, through the item, to the innermost widget
            whose content holds all of the text.
    """

    rows: tuple[int, ...]
    text_left: int
    text_right: int
    area_left: int
    area_right: int
    marked: dict[Side, bool]
    spans: tuple[tuple[int, int], ...] = ()
    boxes: tuple[Box, ...] = ()

    def gap(self, side: Side) -> int:
        """Blank-or-decorated cells between the text and ``side``'s edge of the area."""
        if side is Side.LEFT:
            return self.text_left - self.area_left
        return self.area_right - 1 - self.text_right

    @property
    def placement(self) -> Side | None:
        """The side the text sits against; ``None`` when it is centred or fills its row.

        See :meth:`judge`.
        """
        return self.judge()[0]

    @property
    def fills(self) -> bool:
        """Whether the text fills its rows out to the area, so no placement can be seen."""
        return self.judge()[1] == FILLS

    def judge(self) -> tuple[Side | None, str]:
        """Decide where the item sits, and say what decided it, for messages.

        From the area inward, along the widgets from the conversation area's child that
        holds the item down to the innermost widget that draws the text (:attr:`boxes`):
        the first box narrower than the content of the box around it decides, by where
        it sits in that content (a bubble placed on one side; equal gaps: centred). When
        every box is as wide as the one around it, the text decides, inside the
        innermost box's content: text wrapped over several rows by the edge at which
        every row starts (or ends) in the same column while the other edge is ragged,
        otherwise by its smaller gap. So an item's own padding and border never count as
        alignment, a bubble is placed by where the bubble is, whatever the alignment of
        the text inside it, and a line that fills its item shows no side at all.

        Returns:
            ``(side or None, reason)``, the reason naming the box or text that decided.
        """
        start, end, around = self.area_left, self.area_right, "the conversation area"
        for box in self.boxes:
            gaps = (box.outer_left - start, end - box.outer_right)
            if gaps[0] > 0 or gaps[1] > 0:
                return _by_gaps(gaps, f"{box.name} in the content of {around} ({start}-{end - 1})")
            start, end, around = box.content_left, box.content_right, box.name
        if len(self.spans) > 1:
            lefts = {left for left, _ in self.spans}
            rights = {right for _, right in self.spans}
            if len(lefts) == 1 < len(rights):
                return Side.LEFT, f"the wrapped rows in {around}, which share their first column"
            if len(rights) == 1 < len(lefts):
                return Side.RIGHT, f"the wrapped rows in {around}, which share their last column"
        gaps = (self.text_left - start, end - 1 - self.text_right)
        if gaps == (0, 0):
            return None, FILLS
        return _by_gaps(gaps, f"the text in the content of {around} ({start}-{end - 1})")

    def describe(self) -> str:
        """One line for failure messages."""
        return (
            f"text spans columns {self.text_left}-{self.text_right} of the area's "
            f"{self.area_left}-{self.area_right - 1} on rows {list(self.rows)}; "
            f"judged by {self.judge()[1]}; glyph left of "
            f"the text: {self.marked[Side.LEFT]}, right: {self.marked[Side.RIGHT]}"
        )


def _by_gaps(gaps: tuple[int, int], what: str) -> tuple[Side | None, str]:
    """The side of the smaller of ``gaps`` (left, right), ``None`` when they are equal."""
    where = f"{what}: gaps {gaps[0]}/{gaps[1]}"
    if gaps[0] == gaps[1]:
        return None, f"centred: {where}"
    return (Side.LEFT if gaps[0] < gaps[1] else Side.RIGHT), where


def item_geometry(
    app: App[Any], item: Widget, area: Widget, rows: list[list[str]] | None = None
) -> ItemGeometry:
    """Measure ``item``'s drawn text and decorations inside ``area``.

    The text is what the item draws in its content region but its decorations (a marker
    glyph ``❯`` beside the body, :func:`is_decoration`); a marker widens the box beside
    it instead (:func:`_boxes`), so it neither shifts the placement nor reads as a
    border. A border is a glyph in the border region (outside the content region) of the
    item, of a widget between it and the area, or of a widget inside it that holds all of
    its text, on every text row; never a glyph of anyone's content.

    Args:
        app: The running, idle app.
        item: A message widget; its text is taken from its content region.
        area: The conversation area.
        rows: The composed screen (:func:`screen_rows`) when the caller already has it,
            so measuring many items composes the screen once; ``None`` composes it.

    Returns:
        The geometry of the visible rows of the item.

    Raises:
        AssertionError: The item is not visible on the screen within the area, or no
            text of it is drawn.
    """
    rows = screen_rows(app) if rows is None else rows
    # Clipped to the screen: an area wider than the terminal draws nothing past its edge.
    bounds = area.scrollable_content_region.intersection(app.screen.region)
    visible = item.region.intersection(bounds)
    content = item.content_region.intersection(bounds)
    if not visible.height or not content.width:
        raise AssertionError(f"{describe_widget(item)} is not visible in the conversation area")
    spans = _text_spans(rows, content, text_regions(item))
    if not spans:
        raise AssertionError(f"{describe_widget(item)}: no text is drawn in its region {content}")
    text_left = min(left for left, _ in spans.values())
    text_right = max(right for _, right in spans.values())
    chain = _chain_to(_holder(item, spans), area)
    marked = {
        side: all(any(_border_glyph(rows, box, side, y, bounds) for box in chain) for y in spans)
        for side in Side
    }
    return ItemGeometry(
        rows=tuple(spans),
        text_left=text_left,
        text_right=text_right,
        area_left=bounds.x,
        area_right=bounds.right,
        marked=marked,
        spans=tuple(spans.values()),
        boxes=_boxes(chain, bounds, tuple(spans)),
    )


def _holder(item: Widget, spans: dict[int, tuple[int, int]]) -> Widget:
    """The deepest widget of ``item`` (``item`` included) whose content holds ``spans``."""
    left, right = min(a for a, _ in spans.values()), max(b for _, b in spans.values()) + 1
    top, bottom = min(spans), max(spans)
    holder = item
    for widget in item.walk_children(Widget, with_self=False):
        region = widget.content_region
        if (
            widget.display
            and region.x <= left
            and right <= region.right
            and region.y <= top
            and bottom < region.bottom
            and holder in widget.ancestors
        ):
            holder = widget
    return holder


def _chain_to(holder: Widget, area: Widget) -> list[Widget]:
    """The widgets from ``area``'s child down to ``holder``, outermost first."""
    return list(reversed(_chain(holder, area)))


def _boxes(chain: list[Widget], bounds: Region, rows: tuple[int, ...]) -> tuple[Box, ...]:
    """The :class:`Box` of each widget of ``chain``, clipped to ``bounds``.

    Below the area's child, a box spans the markers drawn beside it on the item's rows
    too (siblings that show only decorations, :func:`is_decoration`): a glyph ``❯``
    before the body is part of what is placed, not a gap before it.
    """
    boxes = []
    for depth, widget in enumerate(chain):
        inner = widget.content_region.intersection(bounds)
        outer = widget.region.intersection(bounds)
        left, right = outer.x, outer.right
        for sibling in _markers_beside(widget, rows) if depth else ():
            beside = sibling.intersection(bounds)
            left, right = min(left, beside.x), max(right, beside.right)
        boxes.append(Box(describe_widget(widget), inner.x, inner.right, left, right))
    return tuple(boxes)


def _markers_beside(widget: Widget, rows: tuple[int, ...]) -> list[Region]:
    """Regions of ``widget``'s siblings on ``rows`` that draw decorations only."""
    parent = widget.parent
    if not isinstance(parent, Widget):
        return []
    found = []
    for sibling in parent.children:
        if sibling is widget or not isinstance(sibling, Widget) or not sibling.display:
            continue
        region = sibling.region
        if not any(region.y <= y < region.bottom for y in rows):
            continue
        shown = "".join(_leaf_text(leaf) for leaf in leaves(sibling)).strip()
        if shown and is_decoration(shown):
            found.append(region)
    return found


def _border_glyph(
    rows: list[list[str]], widget: Widget, side: Side, y: int, bounds: Region
) -> bool:
    """Whether ``widget`` draws a glyph on row ``y`` outside its content, on ``side``."""
    outer, inner = widget.region.intersection(bounds), widget.content_region.intersection(bounds)
    if not outer.y <= y < outer.bottom or y >= len(rows):
        return False
    if side is Side.LEFT:
        return _has_glyph(rows[y], outer.x, inner.x)
    return _has_glyph(rows[y], inner.right, outer.right)


def _text_spans(
    rows: list[list[str]], content: Region, regions: Sequence[Region]
) -> dict[int, tuple[int, int]]:
    """Map each row of ``content`` that has visible text to its (first, last) text column.

    Only cells inside ``regions`` (:func:`text_regions`) are text.
    """
    spans = {}
    for y in range(content.y, content.bottom):
        row = rows[y] if y < len(rows) else []
        columns = [
            x
            for x in range(content.x, min(content.right, len(row)))
            if row[x] not in BLANK and any(region.contains(x, y) for region in regions)
        ]
        if columns:
            last = columns[-1] + (
                1 if columns[-1] + 1 < len(row) and row[columns[-1] + 1] == "" else 0
            )
            spans[y] = (columns[0], last)
    return spans


def _has_glyph(row: list[str], start: int, end: int) -> bool:
    """Whether any cell of ``row`` in [start, end) draws a visible glyph."""
    return any(cell not in BLANK for cell in row[start:end])


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
    parts = [(leaf, _leaf_text(leaf)) for leaf in found]
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


def is_decoration(text: str) -> bool:
    """Whether ``text`` has no letter or digit (Unicode categories ``L*``, ``N*``).

    A widget showing only such characters is a marker glyph (``❯``, ``●``, ``>``), a
    bullet or a spacer: it cannot be the label widget of ``single-label-widget``, whose
    text starts with a role label, so it is not part of an item's text.
    """
    return not any(unicodedata.category(char)[0] in "LN" for char in text)


def decorations(item: Widget) -> list[Widget]:
    """The leaves of a composite ``item`` that show decorations only (:func:`is_decoration`)."""
    found = leaves(item)
    if found == [item]:
        return []
    return [leaf for leaf in found if is_decoration(_leaf_text(leaf))]


def text_widgets(item: Widget) -> list[Widget]:
    """The widgets that draw ``item``'s text, in DOM order.

    ``[item]`` for a text widget; for a composite item, its :func:`leaves` but the
    decorations (:func:`is_decoration`): one for a marker beside one body.
    """
    found = leaves(item)
    if found == [item]:
        return found
    return [leaf for leaf in found if not is_decoration(_leaf_text(leaf))]


def text_regions(item: Widget) -> list[Region]:
    """Where ``item``'s text is drawn: the content regions of the leaves that show it.

    ``[item.content_region]`` for a text widget; for a composite item, the content region
    of each leaf but its decorations, so neither a marker glyph nor the border or padding
    of a body inside the item is ever read as text.
    """
    return [widget.content_region for widget in text_widgets(item)]


def _leaf_text(leaf: Widget) -> str:
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


def drawn_item_text(rows: list[list[str]], item: Widget, region: Region) -> str:
    """The text cells (:func:`text_regions`) of ``item`` in ``region`` of ``rows``.

    Each row's cells are joined, any other cell (a marker glyph, a body's border) read
    as a blank; rows are joined by newlines. For comparisons that ignore whitespace (a
    wrap moves and drops spaces).
    """
    regions = text_regions(item)
    return "\n".join(
        "".join(
            rows[y][x] if any(box.contains(x, y) for box in regions) else " "
            for x in range(region.x, min(region.right, len(rows[y])))
        )
        for y in range(region.y, min(region.bottom, len(rows)))
    )


def styled_side(item: Widget, area: Widget, attribute: str) -> set[Side]:
    """Sides on which the widgets around ``item``'s text declare a visible border.

    Those widgets are ``item``, the widgets between it and ``area``, and the widgets
    inside ``item`` that hold all of its text (the body of a composite item beside its
    marker glyph); a decoration (:func:`is_decoration`) is never one of them.

    Args:
        item: A message widget.
        area: The conversation area (not itself inspected).
        attribute: ``"border"``; the computed ``border_left``/``border_right`` are read.

    Returns:
        The set of sides with a border type that draws a glyph.
    """
    sides = set()
    for node in _chain(item, area) + _text_holders(item):
        for side in Side:
            edge_type, _colour = getattr(node.styles, f"{attribute}_{side.value}")
            if edge_type not in INVISIBLE_EDGES:
                sides.add(side)
    return sides


def declared_alignment(item: Widget, area: Widget) -> Side | None:
    """The side the computed styles place ``item``'s text against, or ``None`` if centred.

    Reads ``text-align`` and ``content-align-horizontal`` of the item and of the widgets
    inside it that hold all of its text (the body of a composite item),
    ``align-horizontal`` and ``dock`` of those and of each widget up to ``area`` (any of
    them can place text on a side), and the alignment of a Rich ``Align`` that the item's
    own ``render()`` returns (Rich places that text itself; no Textual style shows it). A
    right-hand setting anywhere wins over the defaults.
    """
    holders = _text_holders(item)
    hints = []
    for node in [item, *holders]:
        hints += [node.styles.text_align, node.styles.content_align_horizontal]
    if not hasattr(item, "visual"):  # a Static's visual is styled by Textual alone
        rendered = item.render()
        if isinstance(rendered, Align):
            hints.append(rendered.align)
    for node in _chain(item, area) + holders:
        hints.append(node.styles.align_horizontal)
        hints.append(node.styles.dock or "")
    if any(hint in ("right", "end") for hint in hints):
        return Side.RIGHT
    if any(hint == "center" for hint in hints):
        return None
    return Side.LEFT


def _chain(item: Widget, area: Widget) -> list[Widget]:
    """``item`` and its ancestors below ``area``, innermost first."""
    chain: list[Widget] = []
    node: Any = item
    while node is not None and node is not area:
        chain.append(node)
        node = node.parent
    return chain


def _text_holders(item: Widget) -> list[Widget]:
    """The widgets inside ``item`` (not itself) that hold every leaf showing its text."""
    texts = [
        leaf for leaf in leaves(item) if leaf is not item and not is_decoration(_leaf_text(leaf))
    ]
    if not texts:
        return []
    return [
        node
        for node in _chain(texts[0], item)
        if all(node is text or node in text.ancestors for text in texts)
    ]
