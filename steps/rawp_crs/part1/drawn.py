"""What a RAWP-CRS item looks like on the composed screen: its drawn box, text and cells.

Widget-agnostic: an item is found through the adapter (``ItemView``), and everything else is
read from the screen's cells inside the conversation area's scrollable content region (design
§9, decision 8): which cells carry a glyph or a background other than the area's, where the
item's text sits, which frame glyphs surround it. No widget class or CSS of the client is read.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from textual.app import App
from textual.geometry import Region
from textual.widget import Widget

from steps.checks import check, violation
from steps.rawp_crs.contract import ItemView
from steps.rawp_crs.driver import CrsDriver
from steps.screen import BLANK, Cell, Leaf, content_leaves, screen_cells, text_columns, text_width

RGB = tuple[int, int, int] | None
"""A cell's background as ``(red, green, blue)``, ``None`` for the terminal default."""

SQUARE_CORNERS = frozenset("┌┐└┘┏┓┗┛╔╗╚╝┍┑┕┙┎┒┖┚╒╕╘╛╓╖╙╜")
"""Box-drawing corners that are square: a bubble with "rounded corners" never has them.

Textual's ``round`` border (``╭╮╰╯``) is the nearest a terminal has to rounded corners;
borders of block elements (``tall``, ``outer``, ``wide``) draw no corner glyph at all.
"""


def is_frame(char: str) -> bool:
    """Whether ``char`` is a frame glyph: box drawing or block element (U+2500-259F)."""
    return len(char) == 1 and 0x2500 <= ord(char) <= 0x259F


@dataclass(frozen=True)
class Drawn:
    """The cells of one item as drawn, with the conversation area around it.

    All columns and rows are screen cells; ``right`` and ``bottom`` are exclusive.

    Attributes:
        cells: The whole composed screen, ``cells[y][x]``.
        bounds: The conversation area's scrollable content region, clipped to the screen.
        area_background: The background most of the area's cells have.
        region: The item widget's region, clipped to ``bounds``.
        box: The smallest region holding every cell of the item's rows (within ``bounds``)
            that draws a glyph or has a background other than the area's; ``None`` when the
            item draws nothing.
        content: The content regions of the widgets drawing the item's text (its leaves),
            inside their frames and padding, with the frames and padding between each and
            the area (``steps.screen.content_leaves``): what an item draws around its text
            is never read as text or as where the text sits.
    """

    cells: list[list[Cell]]
    bounds: Region
    area_background: RGB
    region: Region
    box: Region | None
    content: tuple[Leaf, ...] = ()

    def row_text(self, y: int, left: int | None = None, right: int | None = None) -> str:
        """The characters of row ``y`` from ``left`` to ``right`` (the area's by default).

        With neither bound given, the item's text on that row: a cell outside its content
        regions (a frame, padding, what stands beside the item) reads as a space, so
        columns still count from the area's left edge.
        """
        if left is None and right is None:
            return "".join(cell.char or "" for cell in self.text_row(y))
        start = self.bounds.x if left is None else left
        end = self.bounds.right if right is None else right
        return "".join(cell.char or "" for cell in self.cells[y][start:end])

    def text_row(self, y: int) -> list[Cell]:
        """Row ``y`` across the area, a cell outside the item's content regions blanked."""
        row = self.cells[y][self.bounds.x : self.bounds.right]
        return [
            cell if self.in_content(x, y) else Cell(" ", cell.style)
            for x, cell in enumerate(row, self.bounds.x)
        ]

    def rows(self) -> range:
        """The screen rows of the item's region."""
        return range(self.region.y, self.region.bottom)

    def find(self, text: str) -> tuple[int, int] | None:
        """``(row, column)`` of the first place ``text`` is drawn in the item's text.

        Read inside its content regions (:meth:`text_row`), so a frame glyph never joins the
        text. Columns are cells: a double-width character takes two (``text_columns``).
        """
        for y in self.rows():
            found = text_columns(self.text_row(y), text)
            if found:
                return y, self.bounds.x + found[0]
        return None

    def text_cells(self, text: str) -> list[Cell] | None:
        """The cells drawing ``text`` on the item's rows (the first place), ``None`` if absent."""
        found = self.find(text)
        if found is None:
            return None
        y, x = found
        return self.cells[y][x : x + text_width(text)]

    def glyph_cells(self) -> list[Cell]:
        """Every cell of the item's text: a visible glyph inside a content region.

        Frames and padding (the widgets' gutters) are left out, and so are frame glyphs a
        renderable draws inside its content (a Rich ``Panel`` in a ``Static``).
        """
        return [self.cells[y][x] for x, y in self.text_points()]

    def text_points(self) -> list[tuple[int, int]]:
        """``(x, y)`` of every cell of the item's text (:meth:`glyph_cells`), row by row."""
        return [
            (x, y)
            for y in self.rows()
            for x in range(self.bounds.x, self.bounds.right)
            if self.in_content(x, y)
            and self.cells[y][x].char not in BLANK
            and not is_frame(self.cells[y][x].char)
        ]

    def in_content(self, x: int, y: int) -> bool:
        """Whether cell ``(x, y)`` lies in a content region of the item (or it has none)."""
        return not self.content or any(leaf.region.contains(x, y) for leaf in self.content)

    def placement(self) -> tuple[int, int]:
        """Gaps (left, right), in cells, between the item's text and the area's edges.

        Each gap leaves out the frames and padding between the area and the widget drawing
        that end of the text (:attr:`content`): a text drawn inside a full-width box sits
        where its first and last glyphs sit within the box, not where the box's frame is.
        ``(-1, -1)`` when the item draws no text.
        """
        points = self.text_points()
        if not points:
            return (-1, -1)
        first = min(points)
        last = max(points)
        return (
            first[0] - self.bounds.x - self._gutter(first, left=True),
            self.bounds.right - 1 - last[0] - self._gutter(last, left=False),
        )

    def _gutter(self, point: tuple[int, int], *, left: bool) -> int:
        """Frames and padding on one side of the content region holding ``point``."""
        for leaf in self.content:
            if leaf.region.contains(*point):
                return leaf.left if left else leaf.right
        return 0

    def text_rows(self) -> list[str]:
        """The item's rows as its text (:meth:`row_text` with no bounds), top to bottom."""
        return [self.row_text(y) for y in self.rows()]

    def box_cells(self, box: Region | None = None) -> list[Cell]:
        """Every cell of ``box`` (the drawn box by default)."""
        region = box or self.box
        if region is None:
            return []
        return [
            cell
            for y in range(region.y, region.bottom)
            for cell in self.cells[y][region.x : region.right]
        ]

    def own_background(self) -> RGB:
        """The background most cells of the drawn box have (the bubble's, if there is one)."""
        counted = Counter(cell.background for cell in self.box_cells())
        return counted.most_common(1)[0][0] if counted else self.area_background

    def framed(self) -> bool:
        """Whether the drawn box's four corners are frame glyphs."""
        if self.box is None or self.box.width < 2 or self.box.height < 2:
            return False
        return all(is_frame(char) for char in self.corners())

    def corners(self) -> str:
        """The characters at the drawn box's corners, top left to bottom right, row by row."""
        if self.box is None:
            return ""
        top, bottom, left, right = self.box.y, self.box.bottom - 1, self.box.x, self.box.right - 1
        return "".join(self.cells[y][x].char for y in (top, bottom) for x in (left, right))

    def inside(self) -> Region | None:
        """The drawn box without its own frame: the bubble's content.

        The smallest region holding the item's content regions, within the drawn box (a
        widget frame and padding left out); without content regions, the box shrunk by one
        cell on each side when its corners are frame glyphs.
        """
        if self.box is None:
            return None
        regions = [leaf.region for leaf in self.content if leaf.region.area]
        if regions:
            inner = Region.from_union(regions).intersection(self.box)
            if inner.area:
                return inner
        return self.box.shrink((1, 1, 1, 1)) if self.framed() else self.box

    def frame_glyphs_on_rows(self) -> list[str]:
        """Frame glyphs drawn anywhere on the item's rows, within the area."""
        return [
            cell.char
            for y in self.rows()
            for cell in self.cells[y][self.bounds.x : self.bounds.right]
            if is_frame(cell.char)
        ]

    def describe(self) -> str:
        """One line for failure messages."""
        return (
            f"item region {tuple(self.region)}, drawn box "
            f"{None if self.box is None else tuple(self.box)} in the area's columns "
            f"{self.bounds.x}-{self.bounds.right - 1}"
        )


def area_bounds(app: App[Any], area: Widget) -> Region:
    """The conversation area's scrollable content region on the screen (design §9, decision 8)."""
    return area.scrollable_content_region.intersection(app.screen.region)


def area_background(cells: list[list[Cell]], bounds: Region, items: Sequence[Region]) -> RGB:
    """The background most cells of ``bounds`` outside every item's region have.

    Falls back to all of the area's cells when the items cover it.
    """
    outside = Counter(
        cell.background
        for y in range(bounds.y, bounds.bottom)
        for x, cell in enumerate(cells[y][bounds.x : bounds.right], start=bounds.x)
        if not any(region.contains(x, y) for region in items)
    )
    if not outside:
        outside = Counter(
            cell.background
            for row in cells[bounds.y : bounds.bottom]
            for cell in row[bounds.x : bounds.right]
        )
    return outside.most_common(1)[0][0]


class NotInArea(AssertionError):
    """The item the adapter names is not drawn inside the conversation area at all."""


def drawn(
    app: App[Any],
    item: Widget,
    area: Widget,
    exclude: Sequence[Region] = (),
    others: Sequence[Region] = (),
) -> Drawn:
    """Read ``item`` as drawn inside ``area``.

    Args:
        app: The running, idle client.
        item: The widget the adapter names for the item.
        area: The conversation area.
        exclude: Regions of other items drawn inside ``item`` (a timestamp a client
            draws within its message), left out of the drawn box.
        others: Regions of every item of the conversation; the area's background is read
            outside them.

    Returns:
        The item's cells, box and the area's background.

    Raises:
        NotInArea: The item is not visible in the conversation area.
    """
    cells = screen_cells(app)
    bounds = area_bounds(app, area)
    region = item.region.intersection(bounds)
    if not region.height:
        raise NotInArea(f"{item!r} at {tuple(item.region)}, the area at {tuple(bounds)}")
    background = area_background(cells, bounds, others)
    marked = [
        (x, y)
        for y in range(region.y, region.bottom)
        for x in range(bounds.x, bounds.right)
        if (cells[y][x].char not in BLANK or cells[y][x].background != background)
        and not any(region.contains(x, y) for region in exclude)
    ]
    box = None
    if marked:
        xs, ys = [x for x, _ in marked], [y for _, y in marked]
        box = Region(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
    content = tuple(
        Leaf(leaf.region.intersection(bounds), leaf.left, leaf.right)
        for leaf in content_leaves(item, area)
        if not any(other.contains_region(leaf.region) for other in exclude)
    )
    return Drawn(cells, bounds, background, region, box, content)


def long_text(count: int) -> str:
    """``count`` words cycling through :data:`WORDS`, one space apart."""
    return " ".join(WORDS[i % len(WORDS)] for i in range(count))


def drawn_item(
    crs_driver: CrsDriver, actor: str, clause: str, kinds: tuple[str, ...] = ()
) -> Drawn:
    """The last item of ``actor`` (of one of ``kinds``, when given) as drawn.

    Without ``kinds``: the last text-bearing item (see :func:`last_item`).
    """
    views = crs_driver.items()
    if kinds:
        found = [view for view in views if view.actor == actor and view.kind in kinds]
        what = f"an item of the {actor} of kind {' or '.join(kinds)}"
        check(bool(found), clause, "the conversation", what, "none")
        item = found[-1].widget
    else:
        item = last_item(crs_driver, actor, clause).widget
    return drawn_in_sight(crs_driver, item, views, clause)


def drawn_in_sight(
    crs_driver: CrsDriver, item: Widget, views: Sequence[ItemView], clause: str
) -> Drawn:
    """``item`` as drawn, scrolled whole into sight first if it is not, as a person would.

    A check reading how an item is drawn needs it on the screen; where part of it lies
    outside the conversation's viewport (tall items above a later one, a view that did not
    follow), the area is scrolled to show it (its top, when it is taller than the area), the
    item read, and the area scrolled back where it was, so later steps see the view the
    scenario left.

    Raises:
        AssertionError: Under ``clause`` (the clause the caller checks) when the item is
            drawn nowhere in the conversation area, even scrolled to (an item the client
            shows elsewhere, a notification, say, is not shown in the conversation).
    """
    try:
        return _drawn_in_sight(crs_driver, item, views)
    except NotInArea as outside:
        violation(clause, "the item", "drawn in the conversation area", str(outside))


def _drawn_in_sight(crs_driver: CrsDriver, item: Widget, views: Sequence[ItemView]) -> Drawn:
    area = crs_driver.conversation
    bounds = area_bounds(crs_driver.app, area)
    inner = [view.widget.region for view in views if item in view.widget.ancestors]
    if bounds.contains_region(item.region) or not bounds.height:
        every = [view.widget.region for view in views]
        return drawn(crs_driver.app, item, area, exclude=inner, others=every)
    before = area.scroll_y
    area.scroll_to_widget(item, animate=False, immediate=True, top=True)
    crs_driver.settle()
    try:
        every = [view.widget.region for view in crs_driver.items()]
        inner = [view.widget.region for view in views if item in view.widget.ancestors]
        return drawn(crs_driver.app, item, area, exclude=inner, others=every)
    finally:
        area.scroll_to(y=before, animate=False, immediate=True)
        crs_driver.settle()


def bubble(crs_driver: CrsDriver, clause: str) -> Drawn:
    """The last user message as drawn."""
    return drawn_item(crs_driver, "user", clause)


def cells_of(item: Drawn, text: str, clause: str) -> list[Cell]:
    """The cells drawing ``text`` in the bubble; fails under ``clause`` when it is not drawn."""
    found = item.text_cells(text)
    check(found is not None, clause, "the user bubble", f"{text!r} drawn", shown(item))
    assert found is not None
    return found


WORDS = [
    "the",
    "parser",
    "reads",
    "every",
    "token",
    "once",
    "and",
    "keeps",
    "its",
    "position",
    "for",
    "later",
    "errors",
]
"""Words of the long texts the steps make up (none longer than 8 cells)."""


def last_item(crs_driver: CrsDriver, actor: str, clause: str) -> ItemView:
    """The last text-bearing item of ``actor`` (not a timestamp or date separator)."""
    found = [
        view
        for view in crs_driver.items()
        if view.actor == actor and view.kind not in ("timestamp", "date_separator")
    ]
    check(bool(found), clause, "the conversation", f"an item of the {actor}", "none")
    return found[-1]


def shown(item: Drawn) -> list[str]:
    """The bubble's rows as drawn, stripped, for messages."""
    return [item.row_text(y).strip() for y in item.rows()]


def absent(item: Drawn, marker: str, clause: str) -> None:
    """Fail under ``clause`` if ``marker`` is drawn in the bubble."""
    check(item.find(marker) is None, clause, "the user bubble", f"no {marker!r} drawn", shown(item))


def drawn_of(crs_driver: CrsDriver, kind: str, clause: str) -> Drawn:
    """The last user item of ``kind`` as drawn."""
    views = crs_driver.items()
    found = [v for v in views if v.actor == "user" and v.kind == kind]
    check(
        bool(found),
        clause,
        "the conversation",
        f"a user item of kind {kind!r}",
        [(v.actor, v.kind) for v in views],
    )
    return drawn_in_sight(crs_driver, found[-1].widget, views, clause)


def bubble_text(item: Drawn) -> str:
    """The bubble's text inside its own frame, rows joined by spaces, trimmed."""
    box = item.inside()
    assert box is not None
    rows = [item.row_text(y, box.x, box.right).strip() for y in range(box.y, box.bottom)]
    return " ".join(row for row in rows if row)
