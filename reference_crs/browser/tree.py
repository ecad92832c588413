"""The file tree of the working-directory dialog: a Textual ``Tree`` of browse entries.

Each row is, left to right (004 §7.2.1, ``crs-fb-entry-layout``): the indentation (the tree's
guides, 3 cells a level), a one-cell selection bar, the chevron (``▶``/``▼``, a spinner while
loading, two blanks on a file), the type icon (3 cells), the name (muted with ``🔒`` when
unreadable, muted when a symlink cycle) and, for files, the size right-aligned. Besides
entries the tree holds inert rows: an inline error under a directory whose expansion
failed, and the ``외 N개 항목`` note under a truncated one. The keys follow the WAI-ARIA
treeview pattern (§7.5); the cursor skips the inert rows.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar, Literal

from rich.style import Style
from rich.text import Text
from textual import events, work
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.timer import Timer
from textual.widgets import Tree
from textual.widgets.tree import TreeNode

from rawp_port import BrowseError, BrowseResult, Entry
from reference_crs.browser.names import display_name
from reference_crs.browser.paths import human_size
from reference_crs.textual_private import invalidate, tree_nodes

RowKind = Literal["entry", "error", "note"]
"""What a row of the tree is: an entry, an inline error, a truncation note."""
SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
"""Frames of the chevron's spinner during a lazy expansion (``crs-fb-expansion-spinner``)."""
ICONS = {
    "directory": "📁 ",
    "file": "📄 ",
    "symlink_directory": "📁↗",
    "symlink_file": "📄↗",
}
"""Icon by entry type, 3 cells each (``crs-fb-icon-by-type``)."""
OPEN_FOLDER = "📂 "
"""The icon of an expanded directory (``crs-fb-open-folder-icon``)."""
DIRECTORY_TYPES = frozenset({"directory", "symlink_directory"})
"""Entry types that have children."""
TOGGLE = Style.from_meta({"toggle": True})
"""Meta of the chevron's cells: a click there toggles the directory."""
GUIDE_DEPTH = 3
"""Cells of indentation per level (``crs-fb-indentation``)."""


@dataclass
class Row:
    """The data of one row of the tree.

    Attributes:
        kind: What the row is.
        entry: The entry, for an entry row.
        text: The text of an inert row.
        loading: A lazy expansion of this directory is running.
    """

    kind: RowKind
    entry: Entry | None = None
    text: str = ""
    loading: bool = False

    @property
    def is_directory(self) -> bool:
        """An entry that has (or may have) children."""
        return self.entry is not None and self.entry.type in DIRECTORY_TYPES

    @property
    def inert(self) -> bool:
        """Drawn muted and ignoring toggles and choice: unreadable or a symlink cycle."""
        return self.entry is not None and (not self.entry.readable or self.entry.cycle)


def is_directory(entry: Entry) -> bool:
    """Whether ``entry`` is a directory (or a link to one)."""
    return entry.type in DIRECTORY_TYPES


Loader = Callable[[str], Awaitable[BrowseResult]]
"""Browses one path of the node (the control plane's ``browse``, bound to the node)."""


class FileTree(Tree[Row]):
    """The entries of a browse answer as a tree, expanded lazily through ``loader``."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "expand_or_first_child", "Expand", show=False),
        Binding("left", "collapse_or_parent", "Collapse", show=False),
        Binding("enter", "choose", "Choose", show=False),
        Binding("space", "toggle_node", "Toggle", show=False),
        Binding("home", "first", "First", show=False),
        Binding("end", "last", "Last", show=False),
        Binding("up", "cursor_up", "Up", show=False),
        Binding("down", "cursor_down", "Down", show=False),
    ]
    """The treeview keys of 004 §7.5 (``crs-fb-key-*``)."""

    class Marked(Message):
        """A single click marked an entry as selected; handled by the dialog."""

        def __init__(self, entry: Entry) -> None:
            super().__init__()
            self.entry = entry
            """The entry clicked."""

    class Chosen(Message):
        """Enter chose the focused directory as ``workspace_path``; handled by the dialog."""

        def __init__(self, entry: Entry) -> None:
            super().__init__()
            self.entry = entry
            """The directory chosen."""

    class Pointed(Message):
        """The hovered or focused row changed; the dialog shows its tooltip text."""

        def __init__(self, row: Row | None) -> None:
            super().__init__()
            self.row = row
            """The row now pointed at, if any."""

    class Partial(Message):
        """A lazy expansion came back partial (``crs-fb-partial-failure``)."""

    def __init__(
        self,
        loader: Loader,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
        disabled: bool = False,
    ) -> None:
        """Create an empty tree.

        Args:
            loader: Browses a directory's path for a lazy expansion.
            name: The widget's name.
            id: The widget's id.
            classes: Space-separated CSS classes.
            disabled: Whether it starts disabled.
        """
        super().__init__("", name=name, id=id, classes=classes, disabled=disabled)
        self.loader = loader
        """Where lazy expansions browse."""
        self.show_root = False
        self.auto_expand = False
        self.guide_depth = GUIDE_DEPTH
        self.selected_path: str | None = None
        """The path of the entry marked by a click (``crs-fb-selected-style``)."""
        self._frame = 0
        self._spinning: Timer | None = None

    # content

    def show(self, entries: Sequence[Entry]) -> None:
        """Replace the tree's rows by ``entries`` (and their loaded children)."""
        self.clear()
        self.selected_path = None
        self.add_entries(self.root, entries, None)
        self.root.expand()
        self.cursor_line = -1

    def add_entries(
        self, parent: TreeNode[Row], entries: Sequence[Entry], total: int | None
    ) -> None:
        """Add ``entries`` under ``parent``, their loaded children too (a seam for variants).

        A directory holding fewer entries than ``total`` gets a note row with the rest's count
        (``crs-fb-truncation-note``); ``total`` ``None`` means the listing is whole.
        """
        for entry in entries:
            node = parent.add(Text(display_name(entry.name)), Row("entry", entry))
            node.allow_expand = False  # the chevron is drawn by render_label
            if is_directory(entry) and entry.children is not None:
                self.add_entries(node, entry.children, entry.total_children_count)
        if total is not None and total > len(entries):
            parent.add_leaf(f"외 {total - len(entries)}개 항목", Row("note", text="note"))

    def entry_nodes(self) -> list[TreeNode[Row]]:
        """The visible rows that are entries, top to bottom."""
        lines = [self.get_node_at_line(line) for line in range(self.last_line + 1)]
        return [node for node in lines if node is not None and _row(node).kind == "entry"]

    # drawing

    def render_label(self, node: TreeNode[Row], base_style: Style, style: Style) -> Text:
        """Draw one row as the module docstring lays it out."""
        row = _row(node)
        if row.kind != "entry" or row.entry is None:
            return Text.assemble(("   ", base_style), (str(node.label), style + Style(dim=True)))
        entry = row.entry
        selected = entry.path == self.selected_path
        row_style = style + self._component("tree-row--selected") if selected else style
        bar = ("▎", row_style + self._component("tree-row--bar")) if selected else (" ", row_style)
        label = Text.assemble(bar, self.chevron(node, row, row_style), (self.icon(node), row_style))
        name_style = row_style + self._component("tree-row--muted") if row.inert else row_style
        label.append(" " + str(node.label), name_style)
        if not entry.readable:
            label.append(" 🔒", name_style)
        if entry.type in ("file", "symlink_file") and entry.size is not None:
            size = human_size(entry.size)
            room = self._row_width(node) - label.cell_len - len(size) - 1
            label.append(" " * max(1, room), row_style)
            label.append(size + " ", row_style + self._component("tree-row--muted"))
        elif selected:
            label.append(" " * max(0, self._row_width(node) - label.cell_len), row_style)
        return label

    def chevron(self, node: TreeNode[Row], row: Row, style: Style) -> tuple[str, Style]:
        """The chevron cell of ``row`` and its style (a seam for variants).

        Blank for a file, a spinner while the directory loads (``crs-fb-expansion-spinner``),
        ``▼`` or ``▶`` otherwise (``crs-fb-chevron``).
        """
        if not row.is_directory:
            return "  ", style
        if row.loading:
            return SPINNER[self._frame % len(SPINNER)] + " ", style
        glyph = "▼ " if node.is_expanded else "▶ "
        return glyph, (style + self._component("tree-row--muted")) if row.inert else style + TOGGLE

    def icon(self, node: TreeNode[Row]) -> str:
        """The icon of ``node``'s entry by type; an open folder when expanded (a seam for variants).

        (``crs-fb-icon-by-type``, ``crs-fb-open-folder-icon``.)
        """
        entry = _row(node).entry
        assert entry is not None
        if entry.type == "directory" and node.is_expanded:
            return OPEN_FOLDER
        return ICONS.get(entry.type, "📄 ")

    def _row_width(self, node: TreeNode[Row]) -> int:
        depth, parent = 0, node.parent
        while parent is not None:
            depth, parent = depth + 1, parent.parent
        return self.scrollable_content_region.width - depth * self.guide_depth

    def _component(self, name: str) -> Style:
        if name == "tree-row--muted":  # blended here: an alpha colour is not muted in a label
            base, back = self.styles.color, self.styles.background
            muted = base.blend(back, 0.5)
            return Style(color=muted.rich_color)
        return self.get_component_rich_style(name, partial=True)

    def get_label_width(self, node: TreeNode[Row]) -> int:
        """The label's width without the padding that right-aligns sizes."""
        return len(str(node.label)) + 8

    COMPONENT_CLASSES: ClassVar[set[str]] = Tree.COMPONENT_CLASSES | {
        "tree-row--selected",
        "tree-row--bar",
        "tree-row--muted",
    }
    """Selected row, its left bar, muted names (unreadable, cycles) and sizes."""

    DEFAULT_CSS = """
    FileTree > .tree-row--selected { background: $accent 40%; }
    FileTree > .tree-row--bar { color: $primary; text-style: bold; }
    FileTree > .tree-row--muted { color: $text-disabled; }
    FileTree > .tree--cursor { background: transparent; text-style: none; }
    FileTree:focus > .tree--cursor { background: $block-cursor-background; }
    """

    # pointer

    async def _on_click(self, event: events.Click) -> None:
        meta = event.style.meta
        if "line" not in meta:
            return
        node = self.get_node_at_line(meta["line"])
        if node is None or _row(node).kind != "entry":
            return
        if meta.get("toggle", False) or event.chain >= 2:
            self.toggle_directory(node)
            return
        row = _row(node)
        self.cursor_line = meta["line"]
        if row.entry is not None and row.is_directory and not row.inert:
            self.selected_path = row.entry.path
            invalidate(self)
            self.post_message(self.Marked(row.entry))

    def watch_hover_line(self, previous_hover_line: int, hover_line: int) -> None:
        """Tell the dialog which row the pointer is on (tooltips, ``crs-fb-unreadable-tooltip``)."""
        super().watch_hover_line(previous_hover_line, hover_line)
        node = self.get_node_at_line(hover_line)
        self.post_message(self.Pointed(None if node is None else _row(node)))

    def watch_cursor_line(self, previous_line: int, line: int) -> None:
        """Tell the dialog which row has the focus."""
        super().watch_cursor_line(previous_line, line)
        node = self.get_node_at_line(line)
        self.post_message(self.Pointed(None if node is None else _row(node)))

    # expansion

    def toggle_directory(self, node: TreeNode[Row]) -> None:
        """Collapse, expand, or load and expand a directory (``crs-fb-lazy-expansion``)."""
        row = _row(node)
        if not row.is_directory or row.inert or row.loading or row.entry is None:
            return
        if node.is_expanded:
            node.collapse()
        elif row.entry.children is None and not node.children:
            self.load_children(node)
        else:
            node.expand()
        invalidate(self)

    def load_children(self, node: TreeNode[Row]) -> None:
        """Load ``node``'s children in a worker, the chevron spinning meanwhile (a seam).

        (``crs-fb-lazy-expansion``, ``crs-fb-expansion-spinner``.)
        """
        row = _row(node)
        row.loading = True
        self._remove_error_after(node)
        if self._spinning is None:
            self._spinning = self.set_interval(0.1, self._spin)
        self._expand_worker(node)

    @work(group="expand")
    async def _expand_worker(self, node: TreeNode[Row]) -> None:
        row = _row(node)
        assert row.entry is not None
        try:
            result = await self.loader(row.entry.path)
        except BrowseError as error:
            self.show_failure(node, error.kind)
        except Exception as error:
            self.show_failure(node, type(error).__name__)
        else:
            row.loading = False
            self.add_entries(node, result.entries, row.entry.total_children_count)
            node.expand()
            if result.partial:
                self.post_message(self.Partial())
        finally:
            self._stop_spinner()
            invalidate(self)

    def show_failure(self, node: TreeNode[Row], why: str) -> None:
        """Restore the chevron; show the error on the row under it (``crs-fb-expansion-error``)."""
        _row(node).loading = False
        parent = node.parent or self.root
        text = f"⚠ 하위 항목을 불러오지 못했습니다 ({why})"
        parent.add_leaf(text, Row("error", text=text), after=node)

    def _remove_error_after(self, node: TreeNode[Row]) -> None:
        sibling = node.next_sibling
        if sibling is not None and _row(sibling).kind == "error":
            sibling.remove()

    def _spin(self) -> None:
        self._frame += 1
        invalidate(self)

    def _stop_spinner(self) -> None:
        if self._spinning is not None and not any(
            _row(node).loading for node in tree_nodes(self) if node.data is not None
        ):
            self._spinning.stop()
            self._spinning = None

    # keys (WAI-ARIA treeview, 004 §7.5)

    def entry_lines(self) -> list[int]:
        """The tree lines of the visible entry rows, top to bottom (notes and errors left out)."""
        return [node.line for node in self.entry_nodes()]

    def focus_line(self, line: int) -> None:
        """Put the cursor on tree line ``line`` and scroll it into view, at once."""
        self.cursor_line = line
        self.scroll_to_line(line, animate=False)

    def action_cursor_up(self) -> None:
        """Focus the entry above (``crs-fb-key-up-down``)."""
        above = [line for line in self.entry_lines() if line < self.cursor_line]
        if above:
            self.focus_line(above[-1])
        elif self.cursor_line < 0 and self.entry_lines():
            self.focus_line(self.entry_lines()[-1])

    def action_cursor_down(self) -> None:
        """Focus the entry below (``crs-fb-key-up-down``)."""
        below = [line for line in self.entry_lines() if line > self.cursor_line]
        if below:
            self.focus_line(below[0])

    def action_first(self) -> None:
        """Focus the first entry (``crs-fb-key-home-end``)."""
        lines = self.entry_lines()
        if lines:
            self.focus_line(lines[0])

    def action_last(self) -> None:
        """Focus the last visible entry (``crs-fb-key-home-end``)."""
        lines = self.entry_lines()
        if lines:
            self.focus_line(lines[-1])

    def action_toggle_node(self) -> None:
        """Space: expand or collapse the focused directory (``crs-fb-key-space``)."""
        if self.cursor_node is not None:
            self.toggle_directory(self.cursor_node)

    def action_expand_or_first_child(self) -> None:
        """→: expand the focused directory, or focus its first child (``crs-fb-key-right``)."""
        node = self.cursor_node
        if node is None or not _row(node).is_directory:
            return
        if not node.is_expanded:
            self.toggle_directory(node)
            return
        children = [child for child in node.children if _row(child).kind == "entry"]
        if children:
            self.focus_line(children[0].line)

    def action_collapse_or_parent(self) -> None:
        """←: collapse the focused directory, or focus its parent (``crs-fb-key-left``)."""
        node = self.cursor_node
        if node is None:
            return
        if _row(node).is_directory and node.is_expanded:
            node.collapse()
            invalidate(self)
        elif node.parent is not None and node.parent is not self.root:
            self.focus_line(node.parent.line)

    def action_choose(self) -> None:
        """Enter: choose the focused directory (``crs-fb-key-enter``); files cannot be."""
        node = self.cursor_node
        if node is None:
            return
        row = _row(node)
        if row.entry is not None and row.is_directory and not row.inert:
            self.post_message(self.Chosen(row.entry))


def _row(node: TreeNode[Row]) -> Row:
    """The row data of ``node`` (the hidden root has an inert note)."""
    return node.data if node.data is not None else Row("note")
