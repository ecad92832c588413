"""The working-directory dialog of 004 §7: breadcrumb, tree of rows, manual path, buttons.

The tree is not a Textual ``Tree``: :class:`TreeArea` is a scrolling column of
:class:`EntryRow` widgets rebuilt from the model (:class:`Node` per loaded path) whenever it
changes. The dialog dismisses with the confirmed path, or ``None`` (Esc, 취소).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from rich.style import Style
from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widgets import Button, Input, LoadingIndicator, Static

from examples.crs_third.marks import visible
from rawp_port import BrowseError, BrowseResult, ControlPlane, Entry

ICONS = {
    "directory": "📁",
    "file": "📄",
    "symlink_directory": "📁↗",
    "symlink_file": "📄↗",
}
"""Icons by entry type (004 §7.2.3); an expanded directory shows 📂."""

DIRECTORY_TYPES = ("directory", "symlink_directory")
"""Types that have a chevron and can be chosen (004 §7.2.1, §7.5)."""

SPINNER = "⠋"
"""Drawn in place of a chevron while its directory loads (004 §7.2.2)."""

OUTSIDE = "허용된 디렉토리 범위 밖입니다"
"""The manual path's inline warning (004 §7.6)."""


def human_size(size: int) -> str:
    """``532 B``, ``1.2 KB``, ``3.4 MB`` (004 §7.2.1 extra info)."""
    value = float(size)
    for unit in ("B", "KB", "MB", "GB"):
        if value < 1024 or unit == "GB":
            return f"{value:.0f} {unit}" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1024
    return f"{value:.1f} TB"


def _norm(path: str, windows: bool) -> str:
    """A path compared by value: one separator, no trailing one, case-folded on Windows."""
    text = path.replace("\\", "/") if windows or "\\" in path else path
    text = re.sub("/+", "/", text)
    drive = re.match(r"^[A-Za-z]:", text)
    head, rest = (text[:2], text[2:]) if drive else ("", text)
    text = head + posixpath.normpath(rest or "/")
    if len(text) > 1 and text.endswith("/") and not re.fullmatch(r"[A-Za-z]:/", text):
        text = text[:-1]
    return text.casefold() if windows else text


def is_absolute(path: str) -> bool:
    r"""A Unix absolute path, a drive path (``C:\\`` or ``C:/``) or a UNC path."""
    return bool(re.match(r"^(/|[A-Za-z]:[\\/]|\\\\)", path))


def within(path: str, allowed: Sequence[str], windows: bool) -> bool:
    """Whether ``path`` is one of ``allowed`` or lies below one (004 §7.6)."""
    target = _norm(path, windows)
    for root in allowed:
        base = _norm(root, windows)
        if target == base or target.startswith(base.rstrip("/") + "/"):
            return True
    return False


@dataclass
class Node:
    """A directory's state in the tree."""

    entry: Entry
    expanded: bool = False
    loading: bool = False
    error: str | None = None
    children: list[Entry] | None = None


@dataclass
class Row:
    """One drawn row: an entry at a depth, or a note under a directory."""

    depth: int
    entry: Entry | None = None
    note: str = ""
    notes_kind: str = ""


class EntryRow(Horizontal):
    """One entry: indentation, chevron, icon, name (🔒 when unreadable), size at the right."""

    @dataclass
    class Clicked(Message):
        """A click: ``on_chevron`` when it hit the chevron; ``chain`` 2 for a double click."""

        row: EntryRow
        on_chevron: bool
        chain: int

    def __init__(self, row: Row, node: Node | None, index: int) -> None:
        """Draw ``row``; ``node`` is the directory's state, if it is one."""
        classes = "entry-row" if row.entry is not None else "note-row"
        super().__init__(classes=classes)
        self.row = row
        self.node = node
        self.index = index
        self.chevron_columns = (row.depth * 2, row.depth * 2 + 2)

    def compose(self) -> ComposeResult:
        """The left part and, for files, the size."""
        row = self.row
        if row.entry is None:
            yield Static(Text("  " * row.depth + "  " + visible(row.note)), classes=row.notes_kind)
            return
        entry = row.entry
        yield Static(self._left(entry), classes="entry-name")
        if entry.type in ("file", "symlink_file") and entry.size is not None:
            yield Static(human_size(entry.size), classes="entry-size")

    def _left(self, entry: Entry) -> Text:
        """``  ▶ 📁 name 🔒``."""
        node = self.node
        if entry.type not in DIRECTORY_TYPES:
            chevron = "  "
        elif node is not None and node.loading:
            chevron = SPINNER + " "
        else:
            chevron = "▼ " if node is not None and node.expanded else "▶ "
        icon = ICONS.get(entry.type, "📄")
        if entry.type == "directory" and node is not None and node.expanded:
            icon = "📂"
        muted = Style(dim=True) if not entry.readable or entry.cycle else Style()
        text = Text("  " * self.row.depth + chevron + icon + " ")
        text.append(visible(entry.name), muted)
        if not entry.readable:
            text.append(" 🔒")
        return text

    def on_mount(self) -> None:
        """Hovering any part of the row shows its tooltip."""
        for child in self.children:
            child.tooltip = self.tooltip

    def on_enter(self, event: events.Enter) -> None:
        """Say the row's tooltip on the dialog's status line too, while hovered."""
        screen = self.screen
        if isinstance(screen, FileBrowser):
            screen.say(str(self.tooltip or ""))

    def on_leave(self, event: events.Leave) -> None:
        """Back to the focused row's tooltip."""
        screen = self.screen
        if isinstance(screen, FileBrowser) and not self.is_mouse_over:
            screen.say(None)

    def on_click(self, event: events.Click) -> None:
        """Tell the tree where the click landed."""
        event.stop()
        x = event.screen_x - self.content_region.x
        low, high = self.chevron_columns
        self.post_message(self.Clicked(self, low <= x < high, event.chain))


class TreeArea(VerticalScroll, can_focus=True):
    """The tree view: rows of entries, or in their place a spinner, an error, a message."""

    BINDINGS: ClassVar[list[Any]] = []

    @dataclass
    class Keyed(Message):
        """A tree key (004 §7.5); handled by the dialog."""

        key: str

    def on_key(self, event: events.Key) -> None:
        """The WAI-ARIA treeview keys go to the dialog."""
        if event.key in ("up", "down", "left", "right", "enter", "space", "home", "end"):
            event.stop()
            event.prevent_default()
            self.post_message(self.Keyed(event.key))


class Crumb(Static):
    """One breadcrumb segment; a click browses its path (004 §7.3)."""

    def __init__(self, label: str, path: str | None, *, clickable: bool = True) -> None:
        """``path`` ``None`` is the root mode."""
        super().__init__(Text(visible(label)), classes="crumb" if clickable else "crumb-sep")
        self.path = path
        self.clickable = clickable

    def on_click(self, event: events.Click) -> None:
        """Browse this level."""
        event.stop()
        if self.clickable:
            screen = self.screen
            if isinstance(screen, FileBrowser):
                screen.browse_to(self.path)


@dataclass
class BrowserState:
    """What the dialog knows."""

    base: str = ""
    os_type: str = "unix"
    roots: list[Entry] = field(default_factory=list)
    nodes: dict[str, Node] = field(default_factory=dict)
    focus: int = 0
    selected: str | None = None
    allowed: Sequence[str] | None = None
    allowed_known: bool = False
    partial: bool = False
    busy: bool = True


class FileBrowser(ModalScreen[str | None]):
    """The dialog of 004 §7: pick a ``workspace_path`` on node ``node_id``."""

    def __init__(self, control: ControlPlane, node_id: str, agent_id: str) -> None:
        """Browse ``node_id`` for agent ``agent_id``."""
        super().__init__()
        self.control = control
        self.node_id = node_id
        self.agent_id = agent_id
        self.state = BrowserState()
        self.rows: list[Row] = []
        self._move_timer: Timer | None = None

    def compose(self) -> ComposeResult:
        """Breadcrumb, tree area, warning, manual field, buttons."""
        with Vertical(id="browser"):
            yield Static("작업 디렉토리 선택", id="browser-title")
            yield Horizontal(id="crumbs")
            yield TreeArea(id="tree")
            yield Static("", id="tree-status")
            yield Input(placeholder="절대 경로 직접 입력", id="manual-path")
            yield Static("", id="path-warning")
            with Horizontal(id="browser-buttons"):
                yield Button("선택", id="select-dir", variant="primary", disabled=True)
                yield Button("취소", id="cancel-dir")

    def on_mount(self) -> None:
        """Root mode first (004 §7.1 initial loading), and the allowed directories."""
        self.query_one(TreeArea).focus()
        self.load_allowed()
        self.browse_to(None)

    # -- loading ---------------------------------------------------------------------------

    @work(group="allowed")
    async def load_allowed(self) -> None:
        """Ask which directories the agent may use (004 §7.6, §7.7)."""
        try:
            allowed = await self.control.allowed_directories(self.agent_id)
        except Exception:  # an unknown scope: every manual path stays refused
            allowed = []
        self.state.allowed = None if allowed is None else list(allowed)
        self.state.allowed_known = True
        self._check_manual()
        self._draw()

    def browse_to(self, path: str | None) -> None:
        """Show ``path`` (``None``: the root) in the tree area, a spinner meanwhile."""
        tree = self.query_one(TreeArea)
        tree.remove_children()
        tree.mount(LoadingIndicator(classes="tree-spinner"))
        self.state.busy = True
        self._browse_root(path)

    @work(group="browse", exclusive=True)
    async def _browse_root(self, path: str | None) -> None:
        try:
            result = await self.control.browse(self.node_id, path)
        except BrowseError as error:
            self._failed(error.kind)
            return
        except Exception:
            self._failed("server_error")
            return
        self._loaded(result)

    def _loaded(self, result: BrowseResult) -> None:
        if not self.is_attached or self.app.screen is not self:
            return
        state = self.state
        state.base = result.base_path
        state.os_type = result.os_type
        state.roots = list(result.entries)
        state.nodes = {}
        state.focus = 0
        state.partial = result.partial
        state.busy = False
        self._draw_crumbs()
        self._draw()

    def _failed(self, kind: str) -> None:
        """Replace the tree by an error panel with a retry (004 §7.4)."""
        if not self.is_attached or self.app.screen is not self:
            return
        tree = self.query_one(TreeArea)
        tree.remove_children()
        self.state.busy = True
        message = "노드에 연결할 수 없습니다" if kind == "node_offline" else "불러오지 못했습니다"
        tree.mount(Static(message, classes="tree-error"))
        tree.mount(Button("다시 시도", id="retry-browse"))

    @on(Button.Pressed, "#retry-browse")
    def _retry(self) -> None:
        self.browse_to(self.state.base or None)

    @work(group="expand")
    async def _expand_lazily(self, node: Node) -> None:
        """Load a directory at the depth boundary (004 §7.2.2 lazy expansion)."""
        node.loading = True
        node.error = None
        self._draw()
        try:
            result = await self.control.browse(self.node_id, node.entry.path)
        except Exception as error:
            kind = error.kind if isinstance(error, BrowseError) else "error"
            node.loading = False
            node.error = f"하위 항목을 불러오지 못했습니다 ({kind})"
            self._draw()
            return
        node.loading = False
        node.children = list(result.entries)
        node.expanded = True
        self._draw()

    # -- drawing ---------------------------------------------------------------------------

    def _node(self, entry: Entry) -> Node:
        """The state of directory ``entry`` (created on first use)."""
        node = self.state.nodes.get(entry.path)
        if node is None:
            children = None if entry.children is None else list(entry.children)
            node = Node(entry, children=children)
            self.state.nodes[entry.path] = node
        return node

    def _flatten(self) -> list[Row]:
        """The visible rows: entries, with the notes under directories."""
        rows: list[Row] = []
        self._walk(self.state.roots, 0, rows)
        return rows

    def _walk(self, entries: Sequence[Entry], depth: int, rows: list[Row]) -> None:
        for entry in entries:
            rows.append(Row(depth, entry))
            if entry.type not in DIRECTORY_TYPES:
                continue
            node = self._node(entry)
            if node.error is not None:
                rows.append(Row(depth + 1, note=node.error, notes_kind="row-error"))
            if node.expanded and node.children is not None:
                self._walk(node.children, depth + 1, rows)
                total = entry.total_children_count
                if total is not None and total > len(node.children):
                    more = total - len(node.children)
                    rows.append(Row(depth + 1, note=f"외 {more}개 항목", notes_kind="row-more"))

    def _empty(self) -> bool:
        """No directory to browse (004 §7.7)."""
        state = self.state
        if state.allowed_known and state.allowed is not None and not state.allowed:
            return True
        return bool(state.roots) and all(not entry.readable for entry in state.roots)

    def _draw(self) -> None:
        """Rebuild the tree area's rows from the model."""
        if not self.is_attached or self.app.screen is not self:
            return
        tree = self.query_one(TreeArea)
        if self.state.busy and not self._empty():
            return
        tree.remove_children()
        if self._empty():
            tree.mount(Static("탐색 가능한 디렉토리가 없습니다", classes="tree-empty"))
            tree.mount(Static("아래 입력란에 경로를 직접 입력하세요", classes="tree-empty"))
            return
        self.rows = self._flatten()
        widgets = [self._row_widget(index, row) for index, row in enumerate(self.rows)]
        tree.mount_all(widgets)
        if self.state.partial:
            tree.mount(Static("일부 항목을 불러오지 못했습니다", classes="row-error"))
        self._paint_focus()

    def _row_widget(self, index: int, row: Row) -> EntryRow:
        """One row, with its tooltip and state classes."""
        entry = row.entry
        node = self._node(entry) if entry is not None and entry.type in DIRECTORY_TYPES else None
        widget = EntryRow(row, node, index)
        if entry is not None:
            if not entry.readable:
                widget.tooltip = "접근 권한 없음"
            if entry.cycle:
                widget.tooltip = "순환 심링크"
                widget.add_class("-cycle")
            widget.set_class(entry.path == self.state.selected, "-selected")
        return widget

    def say(self, text: str | None) -> None:
        """Show ``text`` on the status line; ``None``: the focused row's tooltip."""
        if text is None:
            self._paint_focus()
        else:
            self.query_one("#tree-status", Static).update(Text(text))

    def _paint_focus(self) -> None:
        """Mark the focused row, scroll to it, and show its tooltip on the status line."""
        status = ""
        for widget in self.query(EntryRow):
            focused = widget.index == self.state.focus
            widget.set_class(focused, "-focused")
            if focused:
                self.query_one(TreeArea).scroll_to_widget(widget, animate=False)
                status = str(widget.tooltip or "")
        self.query_one("#tree-status", Static).update(Text(status))

    def _draw_crumbs(self) -> None:
        """🖥, then each segment with the node's separator (004 §7.3)."""
        crumbs = self.query_one("#crumbs", Horizontal)
        crumbs.remove_children()
        windows = self.state.os_type == "windows"
        separator = "\\" if windows else "/"
        segments = self._segments(self.state.base, windows)
        room = max(10, crumbs.size.width or 60) - 3
        if len(segments) > 3 and self._width(segments) > room:
            segments = [segments[0], ("…", ""), *segments[-2:]]
        parts: list[Crumb] = [Crumb("🖥", None)]
        for index, (label, path) in enumerate(segments):
            previous = segments[index - 1][0] if index else ""
            if index and not previous.endswith(("\\", "/")):
                parts.append(Crumb(separator, None, clickable=False))
            parts.append(Crumb(label, path or None, clickable=bool(path)))
        crumbs.mount_all(parts)

    @staticmethod
    def _width(segments: Sequence[tuple[str, str]]) -> int:
        """Cells the segments take with their separators."""
        return sum(len(label) + 3 for label, _path in segments)

    @staticmethod
    def _segments(base: str, windows: bool) -> list[tuple[str, str]]:
        """(label, path) of each level of ``base``; a drive or ``/`` first."""
        if not base:
            return []
        if windows:
            pieces = [p for p in re.split(r"[\\/]+", base) if p]
            out = [(pieces[0] + "\\", pieces[0] + "\\")]
            for index in range(1, len(pieces)):
                out.append((pieces[index], "\\".join(pieces[: index + 1])))
            return out
        pieces = [p for p in base.split("/") if p]
        out = [("/", "/")]
        for index, piece in enumerate(pieces):
            out.append((piece, "/" + "/".join(pieces[: index + 1])))
        return out

    # -- keys and clicks ----------------------------------------------------------------------

    def on_tree_area_keyed(self, message: TreeArea.Keyed) -> None:
        """↑/↓, →/←, Enter, Space, Home, End (004 §7.5)."""
        entries = [i for i, row in enumerate(self.rows) if row.entry is not None]
        if not entries:
            return
        key = message.key
        position = entries.index(self.state.focus) if self.state.focus in entries else 0
        if key in ("up", "down"):
            step = -1 if key == "up" else 1
            self.state.focus = entries[max(0, min(len(entries) - 1, position + step))]
        elif key in ("home", "end"):
            self.state.focus = entries[0] if key == "home" else entries[-1]
        else:
            self._act(key, self.rows[self.state.focus])
            return
        self._paint_focus()

    def _act(self, key: str, row: Row) -> None:
        """→ ← Space Enter on the focused row."""
        entry = row.entry
        if entry is None:
            return
        is_dir = entry.type in DIRECTORY_TYPES
        node = self._node(entry) if is_dir else None
        if key == "enter" and is_dir and entry.readable and not entry.cycle:
            self.dismiss(entry.path)
        elif key == "space" and node is not None:
            self._toggle(node)
        elif key == "right" and node is not None:
            if node.expanded and node.children:
                self.state.focus += 1
                self._paint_focus()
            else:
                self._toggle(node, want=True)
        elif key == "left":
            if node is not None and node.expanded:
                self._toggle(node, want=False)
            else:
                self._focus_parent(row)

    def _focus_parent(self, row: Row) -> None:
        """Move to the nearest row above with a smaller depth."""
        for index in range(self.state.focus - 1, -1, -1):
            if self.rows[index].entry is not None and self.rows[index].depth < row.depth:
                self.state.focus = index
                self._paint_focus()
                return

    def _toggle(self, node: Node, want: bool | None = None) -> None:
        """Expand or collapse; unreadable and cyclic directories never expand (004 §7.4)."""
        expand = (not node.expanded) if want is None else want
        if expand and (not node.entry.readable or node.entry.cycle or node.loading):
            return
        if expand and node.children is None:
            self._expand_lazily(node)
            return
        node.expanded = expand
        self._draw()

    def on_entry_row_clicked(self, message: EntryRow.Clicked) -> None:
        """Chevron or double click: toggle; single click on a directory: select it."""
        row = message.row.row
        entry = row.entry
        if entry is None:
            return
        self.state.focus = message.row.index
        self.query_one(TreeArea).focus()
        is_dir = entry.type in DIRECTORY_TYPES
        if is_dir and (message.on_chevron or message.chain >= 2):
            self._toggle(self._node(entry))
            return
        if is_dir and entry.readable and not entry.cycle:
            self.state.selected = entry.path
            self.query_one("#manual-path", Input).value = ""
            for widget in self.query(EntryRow):
                widget.set_class(widget.row.entry is entry, "-selected")
        self._paint_focus()
        self._check_manual()

    # -- the manual path and the buttons (004 §7.6) -----------------------------------------

    @on(Input.Changed, "#manual-path")
    def _manual_changed(self, message: Input.Changed) -> None:
        """Check the path at once; move the tree there once typing pauses (004 §7.6)."""
        self._check_manual()
        if self._move_timer is not None:
            self._move_timer.stop()
        path = message.value.strip()
        if self._manual_ok(path):
            self._move_timer = self.set_timer(0.3, lambda: self._move_to(path))

    def _move_to(self, path: str) -> None:
        """Browse ``path`` if the field still holds it."""
        self._move_timer = None
        if self.query_one("#manual-path", Input).value.strip() == path:
            self.browse_to(path)

    @on(Input.Submitted, "#manual-path")
    def _manual_submitted(self, message: Input.Submitted) -> None:
        """A valid path moves the tree there (004 §7.6 SHOULD)."""
        if self._manual_ok(message.value.strip()):
            self.browse_to(message.value.strip())

    def _manual_ok(self, path: str) -> bool:
        """Absolute and inside the allowed directories, once they are known."""
        state = self.state
        if not path or not is_absolute(path) or not state.allowed_known:
            return False
        windows = state.os_type == "windows" or bool(re.match(r"^[A-Za-z]:", path))
        return state.allowed is None or within(path, state.allowed, windows)

    def _check_manual(self) -> None:
        """Warn about a path outside the scope and set the select button's state."""
        if not self.is_attached or self.app.screen is not self:
            return
        path = self.query_one("#manual-path", Input).value.strip()
        warning = self.query_one("#path-warning", Static)
        button = self.query_one("#select-dir", Button)
        if path:
            ok = self._manual_ok(path)
            pending = not self.state.allowed_known and is_absolute(path)
            if pending:
                warning.update("허용 범위를 확인하는 중…")
            elif not is_absolute(path):
                warning.update("절대 경로를 입력하세요")
            else:
                warning.update("" if ok else OUTSIDE)
            button.disabled = not ok
            return
        warning.update("")
        button.disabled = self.state.selected is None

    @on(Button.Pressed, "#select-dir")
    def _confirm(self) -> None:
        path = self.query_one("#manual-path", Input).value.strip()
        if path and self._manual_ok(path):
            self.dismiss(path)
        elif not path and self.state.selected is not None:
            self.dismiss(self.state.selected)

    @on(Button.Pressed, "#cancel-dir")
    def _cancel(self) -> None:
        self.dismiss(None)
