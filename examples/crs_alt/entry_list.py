"""The file browser's list of rows: a line-drawn scroll view, not a tree widget (004 §7.2, §7.5).

:class:`EntryList` draws the rows of :func:`examples.crs_alt.fs_rows.rows` one line at a
time (Textual's line API), so a directory of 100,000 entries costs only the lines on screen.
It owns the cursor, the hover and the selection, and the treeview keys of §7.5; loading
children and confirming a choice are the dialog's, through two callbacks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.cells import cell_len, set_cell_size
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.timer import Timer

from examples.crs_alt.fs_rows import (
    ICON_CELLS,
    ICONS,
    INDENT,
    Node,
    Row,
    Tree,
    human_size,
    rows,
    visible_name,
)

SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
"""Spinner frames in a loading directory's chevron cell (``crs-fb-expansion-spinner``)."""

BAR = "▌"
"""The selected row's left bar (``crs-fb-selected-style``)."""


class EntryList(ScrollView, can_focus=True):
    """The visible entries of the tree, one per line, with the §7.5 keys."""

    DEFAULT_CSS = """
    EntryList { height: 1fr; overflow-x: hidden; }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "entry-list--cursor",
        "entry-list--hover",
        "entry-list--selected",
        "entry-list--bar",
        "entry-list--muted",
        "entry-list--size",
        "entry-list--error",
        "entry-list--more",
    }
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        Binding("right", "right", "Open", show=False),
        Binding("left", "left", "Close", show=False),
        Binding("space", "flip", "Toggle", show=False),
        Binding("enter", "choose", "Choose", show=False),
        Binding("home", "edge(0)", "First", show=False),
        Binding("end", "edge(1)", "Last", show=False),
    ]

    def __init__(
        self,
        load: Callable[[Node], None],
        choose: Callable[[str], None],
        *,
        id: str | None = None,
    ) -> None:
        """Create the list.

        Args:
            load: Starts a lazy expansion of a node without children (the dialog browses).
            choose: Confirms a directory's path as ``workspace_path``.
            id: The widget id.
        """
        super().__init__(id=id)
        self.load = load
        self.choose = choose
        self.model = Tree()
        self.lines: list[Row] = []
        """The drawn rows, top to bottom."""
        self.cursor = 0
        """Index in :attr:`lines` of the focused entry."""
        self.hover: int | None = None
        """Index of the row under the pointer."""
        self.selected: str | None = None
        """Path of the selected directory."""
        self.on_selected: Callable[[str | None], None] = lambda path: None
        """Called when the selection changes (the dialog updates its breadcrumb)."""
        self.on_tip: Callable[[str], None] = lambda tip: None
        """Called with the tooltip of the pointed or focused row (``""``: none)."""
        self.frame = 0
        self._spin: Timer | None = None

    # the model

    def show(self, model: Tree) -> None:
        """Show ``model`` from its top, cursor on the first entry, nothing selected."""
        self.model = model
        self.cursor, self.hover = 0, None
        self.select(None)
        self.rebuild()
        self.scroll_to(y=0, animate=False)

    def rebuild(self) -> None:
        """Flatten the tree again after a change, keeping the cursor on its node."""
        focused = self.node_at(self.cursor)
        self.lines = rows(self.model.top)
        if focused is not None:
            self.cursor = next(
                (
                    i
                    for i, row in enumerate(self.lines)
                    if row.node is focused and row.kind == "entry"
                ),
                min(self.cursor, max(len(self.lines) - 1, 0)),
            )
        self.virtual_size = Size(self.size.width, len(self.lines))
        self._spin_while(any(row.node.loading for row in self.lines))
        self._tip()
        self.refresh()

    def node_at(self, index: int | None) -> Node | None:
        """The node of the entry row at ``index``, if that row is an entry."""
        if index is None or not 0 <= index < len(self.lines):
            return None
        row = self.lines[index]
        return row.node if row.kind == "entry" else None

    def select(self, path: str | None) -> None:
        """Mark ``path`` selected (``None``: nothing)."""
        if path != self.selected:
            self.selected = path
            self.on_selected(path)
            self.refresh()

    # drawing

    def render_line(self, y: int) -> Strip:
        """Draw line ``y`` of the visible region."""
        index = y + self.scroll_offset.y
        width = self.scrollable_content_region.width
        if not 0 <= index < len(self.lines):
            return Strip.blank(width, self.rich_style)
        row = self.lines[index]
        base = self.rich_style
        if row.kind == "entry" and row.node.path == self.selected:
            base += self._part("entry-list--selected")
        if index == self.cursor and self.has_focus:
            base += self._part("entry-list--cursor")
        if index == self.hover:
            base += self._part("entry-list--hover")
        segments = self._entry(row, base, width) if row.kind == "entry" else self._note(row, base)
        return Strip(segments).adjust_cell_length(width, base)

    def _part(self, name: str) -> Style:
        """The style of component class ``name``, only what it sets (the row keeps the rest).

        Colours with alpha (theme variables such as ``$text-disabled``) are blended over the
        widget's background, which a Rich style cannot do by itself.
        """
        styles = self.get_component_styles(name)
        under = self.background_colors[1]
        color = (under + styles.color).rich_color if styles.has_rule("color") else None
        back = (under + styles.background).rich_color if styles.has_rule("background") else None
        extra = styles.text_style if styles.has_rule("text_style") else Style()
        return Style(color=color, bgcolor=back) + extra

    def _entry(self, row: Row, base: Style, width: int) -> list[Segment]:
        node = row.node
        selected = node.path == self.selected
        bar = Segment(BAR, base + self._part("entry-list--bar"))
        if node.is_dir:
            expanded = node.expanded and node.children is not None
            chevron = SPINNER[self.frame % len(SPINNER)] if node.loading else "▼▶"[not expanded]
        else:
            expanded, chevron = False, " "
        icon = ICONS.get(node.entry.type, ICONS["file"])[expanded]
        icon += " " * (ICON_CELLS - cell_len(icon))
        muted = not node.readable or node.cycle
        name_style = base + self._part("entry-list--muted") if muted else base
        name = visible_name(str(node.entry.name))
        lock = "" if node.readable else " 🔒"  # crs-fb-unreadable-style
        lead = [
            bar if selected else Segment(" ", base),
            Segment(" " * (node.depth * INDENT) + chevron + " " + icon + " ", base),
        ]
        used = sum(segment.cell_length for segment in lead)
        size = "" if node.is_dir else human_size(getattr(node.entry, "size", None))
        room = width - used - cell_len(lock) - (cell_len(size) + 2 if size else 0)
        if cell_len(name) > room > 1:  # a long name gives way to the size, ending in "…"
            name = set_cell_size(name, room - 1) + "…"
        name += lock
        left = [*lead, Segment(name, name_style)]
        if size:
            gap = max(1, width - used - cell_len(name) - cell_len(size))
            left += [
                Segment(" " * gap, base),
                Segment(size, base + self._part("entry-list--size")),
            ]
        return left

    def _note(self, row: Row, base: Style) -> list[Segment]:
        part = "entry-list--error" if row.kind == "error" else "entry-list--more"
        mark = "⚠ " if row.kind == "error" else ""
        indent = " " * (1 + (row.node.depth + 1) * INDENT + 2)
        return [
            Segment(indent, base),
            Segment(mark + row.text, base + self._part(part)),
        ]

    def _spin_while(self, loading: bool) -> None:
        """Run the spinner's timer only while a directory is loading (an idle app rests)."""
        if loading and self._spin is None:
            self._spin = self.set_interval(0.08, self._advance)
        elif not loading and self._spin is not None:
            self._spin.stop()
            self._spin = None

    def _advance(self) -> None:
        self.frame += 1
        self.refresh()

    def _tip(self) -> None:
        node = self.node_at(self.hover) or (self.node_at(self.cursor) if self.has_focus else None)
        tip = node.tip if node is not None else ""
        self.tooltip = tip or None
        self.on_tip(tip)

    # pointer

    def _row_at(self, event: events.MouseEvent) -> int | None:
        offset = event.get_content_offset(self)
        if offset is None:
            return None
        index = offset.y + self.scroll_offset.y
        return index if 0 <= index < len(self.lines) else None

    def on_mouse_move(self, event: events.MouseMove) -> None:
        """Track the row under the pointer (``crs-fb-hover-feedback``)."""
        index = self._row_at(event)
        if index != self.hover:
            self.hover = index
            self._tip()
            self.refresh()

    def on_leave(self, event: events.Leave) -> None:
        """The pointer left: no row is hovered."""
        self.hover = None
        self._tip()
        self.refresh()

    def on_click(self, event: events.Click) -> None:
        """Chevron click or double click toggles; a single click selects (§7.2.2, §7.6)."""
        index = self._row_at(event)
        node = self.node_at(index)
        if index is None or node is None:
            return
        self.cursor = index
        offset = event.get_content_offset(self)
        on_chevron = offset is not None and offset.x == 1 + node.depth * INDENT
        if event.chain == 2 or on_chevron:
            self.toggle(node)
        elif event.chain == 1:
            self._select_node(node)
        self._tip()
        self.refresh()

    # keys and actions

    def _select_node(self, node: Node) -> None:
        if node.expandable:
            self.select(node.path)

    def _focus_index(self, index: int) -> None:
        entries = [i for i, row in enumerate(self.lines) if row.kind == "entry"]
        if not entries:
            return
        self.cursor = min(entries, key=lambda i: abs(i - index))
        node = self.node_at(self.cursor)
        if node is not None:
            self._select_node(node)
        if self.cursor < self.scroll_offset.y:
            self.scroll_to(y=self.cursor, animate=False)
        elif self.cursor >= self.scroll_offset.y + self.scrollable_content_region.height:
            self.scroll_to(y=self.cursor - self.scrollable_content_region.height + 1, animate=False)
        self._tip()
        self.refresh()

    def toggle(self, node: Node) -> None:
        """Expand or collapse ``node``; lazily load children it does not have (§7.2.2)."""
        if not node.expandable or node.loading:
            return
        if node.expanded:
            node.expanded = False
        elif node.children is None:
            node.loading, node.error = True, None
            self.load(node)
        else:
            node.expanded, node.error = True, None
        self.rebuild()

    def action_move(self, step: int) -> None:
        """↑/↓: the previous or next entry (``crs-fb-key-up-down``)."""
        index = self.cursor + step
        while 0 <= index < len(self.lines) and self.lines[index].kind != "entry":
            index += step
        if 0 <= index < len(self.lines):
            self._focus_index(index)

    def action_right(self) -> None:
        """→: expand, or go to the first child when expanded (``crs-fb-key-right``)."""
        node = self.node_at(self.cursor)
        if node is None or not node.is_dir:
            return
        if node.expanded and node.children:
            self._focus_index(self.cursor + 1 + (node.error is not None))
        elif not node.expanded:
            self.toggle(node)

    def action_left(self) -> None:
        """←: collapse, or go to the parent when collapsed (``crs-fb-key-left``)."""
        node = self.node_at(self.cursor)
        if node is None:
            return
        if node.expanded:
            self.toggle(node)
        elif node.parent is not None:
            parent = next(i for i, row in enumerate(self.lines) if row.node is node.parent)
            self._focus_index(parent)

    def action_flip(self) -> None:
        """Space: expand or collapse the focused directory (``crs-fb-key-space``)."""
        node = self.node_at(self.cursor)
        if node is not None:
            self.toggle(node)

    def action_choose(self) -> None:
        """Enter: choose the focused directory; a file cannot be chosen (``crs-fb-key-enter``)."""
        node = self.node_at(self.cursor)
        if node is not None and node.expandable:
            self.select(node.path)
            self.choose(node.path)

    def action_edge(self, last: int) -> None:
        """Home/End: the first entry, or the last visible one (``crs-fb-key-home-end``)."""
        self._focus_index(len(self.lines) - 1 if last else 0)

    def on_focus(self) -> None:
        """Draw the cursor while focused."""
        self._tip()
        self.refresh()

    def on_blur(self) -> None:
        """Hide the cursor when the focus leaves."""
        self._tip()
        self.refresh()

    def on_resize(self) -> None:
        """Keep the virtual size's width in step with the widget."""
        self.virtual_size = Size(self.size.width, len(self.lines))
