"""The slash-command popup as drawn: its region, its items and their highlight (part 2).

Everything is read on the composed screen (:func:`steps.screen.screen_cells`), never from
widget classes, so an ``OptionList``, a ``ListView`` or custom rows are judged alike
(``docs/adapters.md``, "Part 2"):

- the popup is the widget the adapter's ``slash_popup_selector`` names; it is *open* when
  that widget is displayed with a non-empty region;
- its *inner region* is its region minus border, padding and scrollbar;
- an *item* starts at a row of the inner region whose first ``/word`` is ``/{name}`` for a
  published name (its *name row*);
- a cell's *background* is read with the reverse attribute applied;
- the popup's *base* background is what a row that is not highlighted has
  (:func:`popup_base`): the background most item rows share; where no background is shared
  by more rows than another (two rows, or stripes), the one that is not drawn reversed, not
  marked and nearest the popup's other cells or the screen around it; a name row is
  *highlighted* when one of its inner cells has a background whose contrast with the base
  is at least :data:`HIGHLIGHT_CONTRAST` (zebra stripes, "slightly different", stay below
  it);
- a *focus marker* is a glyph drawn left of the names on exactly one item row, in a column
  where every other item row is blank (``▶``, ``>``): it belongs to the highlight, not to
  the item's text or icon (:meth:`Popup.lead`), and it tells the focused item where no
  background does (:meth:`Popup.focus`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from textual.geometry import Region
from textual.widget import Widget

from rawp_port import Command, CommandsPublished
from steps.checks import check, violation
from steps.rawp_crs.driver import CrsDriver
from steps.screen import Cell, _luminance, screen_cells

HIGHLIGHT_CONTRAST = 1.3
"""Least contrast ratio (WCAG formula, 1 to 21) between the highlight's background and the
popup's base background (``crs-slash-highlight-contrast``): a harness threshold. Textual's
block cursor on its dark surface is about 3.3, a default ``OptionList``'s cursor while the
list is not focused (the input keeps the focus) about 1.37, a zebra stripe about 1.1."""
FIRST_WORD = re.compile(r"(?<!\S)/(\S+)")
"""The first ``/word`` of a row: the item's name when it is a published one."""

RGB = tuple[int, int, int]


def background(cell: Cell) -> RGB | None:
    """The cell's background as seen: its text colour when drawn reversed."""
    return cell.foreground if cell.style.reverse else cell.background


def contrast(one: RGB | None, other: RGB | None) -> float:
    """WCAG contrast ratio of two colours (1 when either is unset or they are equal)."""
    if one is None or other is None:
        return 1.0
    lighter, darker = sorted((_luminance(one), _luminance(other)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


@dataclass(frozen=True)
class Item:
    """One item of the popup as drawn.

    Attributes:
        name: The command's name (without `/`).
        y: Its name row on the screen.
        cells: That row's cells across the popup's inner width.
        x: The screen column of ``cells[0]``.
    """

    name: str
    y: int
    cells: tuple[Cell, ...]
    x: int

    @property
    def text(self) -> str:
        """The row's text across the inner width."""
        return "".join(cell.char for cell in self.cells)

    def span(self, needle: str) -> range:
        """Indices into :attr:`cells` of ``needle``'s first occurrence (empty if absent)."""
        offsets, text = [], ""
        for cell in self.cells:
            offsets.append(len(text))
            text += cell.char
        at = text.find(needle)
        if at < 0:
            return range(0)
        start = next(i for i, offset in enumerate(offsets) if offset >= at)
        end = next(
            (i for i, offset in enumerate(offsets) if offset >= at + len(needle)), len(offsets)
        )
        return range(start, end)


@dataclass(frozen=True)
class Popup:
    """The open popup as drawn: its regions, items and base background."""

    widget: Widget
    region: Region
    inner: Region
    items: tuple[Item, ...]
    base: RGB | None
    rows: tuple[str, ...]
    """The text of every row of the inner region, top to bottom."""
    marker: int | None = None
    """The column (index into each item's cells) of a focus marker, if one is drawn."""

    @property
    def names(self) -> list[str]:
        """The names of the items drawn, top to bottom."""
        return [item.name for item in self.items]

    def highlighted(self) -> list[Item]:
        """The items whose name row carries a highlight (any inner cell)."""
        return [
            item
            for item in self.items
            if any(contrast(background(c), self.base) >= HIGHLIGHT_CONTRAST for c in item.cells)
        ]

    def marked(self) -> Item | None:
        """The item whose row carries the focus marker (:attr:`marker`), if one does."""
        if self.marker is None:
            return None
        return next((item for item in self.items if item.cells[self.marker].char.strip()), None)

    def focus(self) -> list[Item]:
        """The items the popup shows as focused: highlighted, else the one marked.

        A highlight drawn only as a marker glyph tells which item is focused; whether the
        highlight has the background 004 §3.2 ¶14 asks for is checked apart
        (``crs-slash-focus-highlight``).
        """
        lit = self.highlighted()
        marked = self.marked()
        return lit or ([marked] if marked is not None else [])

    def lead(self, item: Item) -> str:
        """The text drawn left of ``item``'s name (an icon, padding), the focus marker blank."""
        cells = item.cells[: item.span(item.name).start]
        return "".join(
            " " if index == self.marker else cell.char for index, cell in enumerate(cells)
        )

    def text(self, item: Item) -> str:
        """``item``'s row text across the inner width, the focus marker blank."""
        return "".join(
            " " if index == self.marker else cell.char for index, cell in enumerate(item.cells)
        )

    def item(self, name: str) -> Item | None:
        """The drawn item of ``name``, if any."""
        return next((item for item in self.items if item.name == name), None)


def displayed(driver: CrsDriver, selector: str) -> Widget | None:
    """The displayed widget ``selector`` matches (non-empty region), ``None`` when none is."""
    widget: Widget
    for widget in driver.app.query(selector):
        if widget.display and widget.visible and widget.region.height > 0:
            return widget
    return None


class SlashPopupMembers(Protocol):
    """A part whose members name the slash popup: part 2, and part 3 (§3.4.7's exclusion)."""

    slash_popup_selector: str
    """CSS selector of the widget that draws the command items."""


def popup_widget(driver: CrsDriver, part: SlashPopupMembers | None = None) -> Widget | None:
    """The displayed slash popup widget the adapter names, or ``None`` when it is closed.

    Args:
        driver: The scenario's driver.
        part: The part whose ``slash_popup_selector`` is read: part 2's unless a step of
            another part (the popups' exclusion, part 3: ``driver.part3``) passes its own.
    """
    members = driver.part2 if part is None else part
    return displayed(driver, members.slash_popup_selector)


def read_popup(driver: CrsDriver, names: list[str]) -> Popup | None:
    """The popup as drawn now, its items found among ``names``; ``None`` when closed.

    Args:
        driver: The scenario's driver, the app idle.
        names: The names the agent published (as drawn: a step passes printable names).
    """
    widget = popup_widget(driver)
    if widget is None:
        return None
    known = set(names)

    def name_in(text: str) -> str | None:
        found = FIRST_WORD.search(text)
        return found.group(1) if found and found.group(1) in known else None

    return read_popup_of(driver, widget, name_in)


def read_popup_of(driver: CrsDriver, widget: Widget, name_in: Callable[[str], str | None]) -> Popup:
    """The popup ``widget`` as drawn now; an item starts at each row ``name_in`` names.

    Args:
        driver: The scenario's driver, the app idle.
        widget: The popup's widget (displayed).
        name_in: The item name a row's text starts, ``None`` for other rows.
    """
    region = widget.region
    inner = widget.scrollable_content_region.intersection(region)
    screen = screen_cells(driver.app)
    counts: Counter[RGB | None] = Counter(
        background(screen[y][x])
        for y in range(region.y, min(region.bottom, len(screen)))
        for x in range(region.x, min(region.right, len(screen[y])))
    )
    ranked = counts.most_common()
    base = ranked[0][0] if ranked else None
    items, rows = [], []
    for y in range(inner.y, min(inner.bottom, len(screen))):
        cells = tuple(screen[y][inner.x : inner.right])
        text = "".join(cell.char for cell in cells)
        rows.append(text)
        name = name_in(text)
        if name is not None:
            items.append(Item(name, y, cells, inner.x))
    marker = focus_marker(items)
    base = popup_base(screen, region, items, base, marker)
    return Popup(widget, region, inner, tuple(items), base, tuple(rows), marker)


def focus_marker(items: list[Item]) -> int | None:
    """The column of a glyph left of the names on one item row only, others blank there.

    ``None`` with fewer than two items (nothing to compare with), or when no column, or more
    than one row, qualifies.
    """
    if len(items) < 2:
        return None
    starts = [item.span(item.name).start for item in items]
    width = min(starts)
    found = None
    for column in range(width):
        drawn = [item for item in items if item.cells[column].char.strip()]
        if len(drawn) == 1:
            if found is not None and found[1] is not drawn[0]:
                return None
            found = found or (column, drawn[0])
    return None if found is None else found[0]


def popup_base(
    screen: list[list[Cell]],
    region: Region,
    items: list[Item],
    majority: RGB | None,
    marker: int | None,
) -> RGB | None:
    """The background of a row that is not highlighted (the module's *base*).

    One item: the region's most common background, or the one beside the item when its row
    has that one (:func:`_base_beside`, decision audit row 43). Several: the background
    most item rows share; on a tie (two rows; stripes and a highlight), the tied background
    of a row not drawn reversed, not marked, and of least contrast with the popup's cells
    outside the item rows (a frame, padding, separators), else with the screen around it
    (issue 37, class 2: with two rows a majority cannot tell).
    """
    if not items:
        return majority
    if len(items) == 1:
        if _row_back(items[0]) == majority:
            return _base_beside(screen, region, items[0], majority)
        return majority
    counts = Counter(_row_back(item) for item in items)
    ranked = counts.most_common()
    tied = [colour for colour, count in ranked if count == ranked[0][1]]
    if len(tied) == 1:
        return tied[0]
    odd = {
        _row_back(item)
        for item in items
        if _reversed(item) or (marker is not None and item.cells[marker].char.strip())
    }
    plain = [colour for colour in tied if colour not in odd] or tied
    context = _context(screen, region, items)
    return min(plain, key=lambda colour: contrast(colour, context)) if context else plain[0]


def _reversed(item: Item) -> bool:
    """Whether most of the row's cells are drawn in reverse video."""
    return sum(bool(cell.style.reverse) for cell in item.cells) * 2 > len(item.cells)


def _context(screen: list[list[Cell]], region: Region, items: list[Item]) -> RGB | None:
    """The most common background of the popup's cells off the item rows, else around it."""
    rows = {item.y for item in items}
    inside = Counter(
        background(screen[y][x])
        for y in range(region.y, min(region.bottom, len(screen)))
        if y not in rows
        for x in range(region.x, min(region.right, len(screen[y])))
    )
    if inside:
        return inside.most_common(1)[0][0]
    around = Counter(
        background(screen[y][x])
        for y in (region.y - 1, region.bottom)
        if 0 <= y < len(screen)
        for x in range(region.x, min(region.right, len(screen[y])))
    )
    return around.most_common(1)[0][0] if around else None


def _row_back(item: Item) -> RGB | None:
    """The most common background of the item's name row."""
    return Counter(background(c) for c in item.cells).most_common(1)[0][0]


def _base_beside(
    screen: list[list[Cell]], region: Region, item: Item, base: RGB | None
) -> RGB | None:
    """The base of a popup whose one item's row has its most common background.

    With one item, highlighted, in a borderless popup, the highlight is the popup's most
    common background, and nothing would stand out from it. The base is then read beside
    the item: the popup's other rows (a separator, a padding or info row), else the screen
    just around the popup; ``base`` when both have only the item's background (decision
    audit row 43).
    """
    rows = range(region.y, min(region.bottom, len(screen)))
    inside = Counter(
        background(screen[y][x])
        for y in rows
        if y != item.y
        for x in range(region.x, min(region.right, len(screen[y])))
    )
    around = Counter(
        background(screen[y][x])
        for y in (region.y - 1, region.bottom)
        if 0 <= y < len(screen)
        for x in range(region.x, min(region.right, len(screen[y])))
    )
    around.update(
        background(screen[y][x])
        for y in rows
        for x in (region.x - 1, region.right)
        if 0 <= x < len(screen[y])
    )
    for counts in (inside, around):
        ranked = [colour for colour, _ in counts.most_common() if colour != base]
        if ranked:
            return ranked[0]
    return base


def check_against_input(
    driver: CrsDriver, popup: Popup, clause: str, what: str, *, covering: bool
) -> None:
    """``popup`` directly above or below the input, sharing columns; a violation otherwise.

    With ``covering``, its region must also cover none of the input's.
    """
    field = driver.input.region
    box = popup.region
    touching = box.bottom == field.y or box.y == field.bottom
    columns = box.x < field.right and field.x < box.right
    check(
        touching and columns and not (covering and box.overlaps(field)),
        clause,
        f"{what} against the input",
        "its region directly above or below the input's, sharing columns"
        + (", covering none of it" if covering else ""),
        f"popup {box}, input {field}",
    )


def check_history_visible(driver: CrsDriver, popup: Popup, clause: str) -> None:
    """The conversation's last item fully in view and clear of ``popup``."""
    items = driver.items()
    check(bool(items), clause, "the conversation", "an item", "none")
    last = items[-1].widget.region
    view = driver.conversation.region
    check(
        view.contains_region(last) and not last.overlaps(popup.region),
        clause,
        "the last conversation item",
        f"inside the conversation's visible region {view} and clear of the popup {popup.region}",
        f"at {last}",
    )


def check_separated(popup: Popup, clause: str, mark: str = "") -> None:
    """Two items or more, each pair of neighbours a row apart or of different backgrounds.

    ``mark`` is drawn before each name in the messages (``/`` for commands).
    """
    check(len(popup.items) >= 2, clause, "the popup", "two items or more", popup.names)
    for upper, lower in zip(popup.items, popup.items[1:], strict=False):
        gap = lower.y - upper.y > 1
        differ = row_background(upper) != row_background(lower)
        check(
            gap or differ,
            clause,
            f"items {mark}{upper.name} and {mark}{lower.name}",
            "a row between them, or different backgrounds",
            f"adjacent rows {upper.y} and {lower.y}, one background {row_background(upper)}",
        )


def row_background(item: Item) -> object:
    """The background most of ``item``'s cells have (``None`` for an item of no cells)."""
    counts: dict[object, int] = {}
    for cell in item.cells:
        counts[background(cell)] = counts.get(background(cell), 0) + 1
    return max(counts, key=counts.__getitem__) if counts else None


def check_padded(popup: Popup, item: Item, clause: str, mark: str = "") -> None:
    """``item``'s text starts and ends at least one cell inside its highlighted extent."""
    lit = [
        i
        for i, c in enumerate(item.cells)
        if contrast(background(c), popup.base) >= HIGHLIGHT_CONTRAST
    ]
    text = [i for i, c in enumerate(item.cells) if c.char.strip()]
    check(
        bool(lit) and bool(text) and text[0] > lit[0] and text[-1] < lit[-1],
        clause,
        f"the focused item {mark}{item.name}",
        "its text starting at least one cell right of the highlight's left edge and "
        "ending at least one cell left of its right edge",
        f"highlight columns {lit[:1]}..{lit[-1:]}, "
        f"text columns {text[:1]}..{text[-1:]}: {item.text!r}",
    )


@dataclass
class Published:
    """What the agent published in this scenario, and what steps remembered."""

    commands: list[Command] = field(default_factory=list)
    remembered: dict[str, str] = field(default_factory=dict)
    """Names read off the screen by one step for a later one (e.g. the focused item)."""

    @property
    def names(self) -> list[str]:
        """The names as drawn.

        Names with control characters are left out: each client draws those its own way.
        """
        return [c.name for c in self.commands if c.name.isprintable()]


def publish_commands(driver: CrsDriver, published: Published, commands: list[Command]) -> None:
    """Publish ``commands`` as the agent's command list and remember them in ``published``."""
    published.commands = commands
    driver.publish(CommandsPublished(tuple(commands)))


def opened(driver: CrsDriver, published: Published, clause: str) -> Popup:
    """The open popup, or a failure under ``clause`` when it is closed."""
    popup = read_popup(driver, published.names)
    if popup is None:
        violation(clause, "the command popup", "it to be open", "it is closed (not displayed)")
    return popup


def focused(popup: Popup, clause: str, many: str = "crs-slash-single-highlight") -> Item:
    """The one highlighted item.

    Fails under ``clause`` when no item is highlighted (no row has a background of contrast
    :data:`HIGHLIGHT_CONTRAST` or more against the popup's base, and no row a focus marker),
    under ``many`` when more than one is.
    """
    lit = popup.focus()
    check(
        bool(lit),
        clause,
        "the command popup's items",
        f"one highlighted item (a background of contrast >= {HIGHLIGHT_CONTRAST} "
        f"against the popup's {popup.base}, or a focus marker)",
        f"none highlighted; items drawn: {popup.names}",
    )
    check(
        len(lit) == 1,
        many,
        "the command popup's items",
        "exactly one highlighted item",
        f"{len(lit)} highlighted: {[i.name for i in lit]}; items drawn: {popup.names}",
    )
    return lit[0]
