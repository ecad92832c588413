"""Role geometry of profile ``chat_screen``: where a message item sits in the conversation area.

Seeds 000 and 001 tell the user's messages from the app's by where they sit (left or right)
and by what marks them (a border, a glyph): :func:`item_geometry` measures an item's drawn
text, the widgets around it and the glyphs beside it on the composed screen
(:mod:`steps.screen`), :class:`ItemGeometry` judges the side it sits on, and
:func:`styled_side` and :func:`declared_alignment` read what its computed styles declare.
Columns and rows are screen cells, from 0 at the top left.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from rich.align import Align
from textual.app import App
from textual.geometry import Region
from textual.widget import Widget

from steps.screen import BLANK, describe_widget, is_decoration, leaf_text, leaves, screen_rows

INVISIBLE_EDGES = frozenset({"", "none", "hidden", "blank"})
"""Textual border types that draw no glyph."""

FILLS = "the text fills its rows out to the area: no placement can be seen"
"""Reason :meth:`ItemGeometry.judge` gives when nothing shows where the text sits."""


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
        shown = "".join(leaf_text(leaf) for leaf in leaves(sibling)).strip()
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


def decorations(item: Widget) -> list[Widget]:
    """The leaves of a composite ``item`` that show decorations only (:func:`is_decoration`)."""
    found = leaves(item)
    if found == [item]:
        return []
    return [leaf for leaf in found if is_decoration(leaf_text(leaf))]


def text_widgets(item: Widget) -> list[Widget]:
    """The widgets that draw ``item``'s text, in DOM order.

    ``[item]`` for a text widget; for a composite item, its :func:`leaves` but the
    decorations (:func:`is_decoration`): one for a marker beside one body.
    """
    found = leaves(item)
    if found == [item]:
        return found
    return [leaf for leaf in found if not is_decoration(leaf_text(leaf))]


def text_regions(item: Widget) -> list[Region]:
    """Where ``item``'s text is drawn: the content regions of the leaves that show it.

    ``[item.content_region]`` for a text widget; for a composite item, the content region
    of each leaf but its decorations, so neither a marker glyph nor the border or padding
    of a body inside the item is ever read as text.
    """
    return [widget.content_region for widget in text_widgets(item)]


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
        leaf for leaf in leaves(item) if leaf is not item and not is_decoration(leaf_text(leaf))
    ]
    if not texts:
        return []
    return [
        node
        for node in _chain(texts[0], item)
        if all(node is text or node in text.ancestors for text in texts)
    ]
