"""The working-directory dialog of session creation (004 §7): a ``ModalScreen``.

The dialog holds the breadcrumb (§7.3), the tree area (§7.2; in its place the initial
spinner, the offline panel or the empty state, §7.4 and §7.7), a tooltip line for the row
under the pointer or the focus, the manual path field with its warning (§7.6) and the
`선택` button. It is dismissed with the chosen path, or ``None`` on Escape.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, LoadingIndicator, Static

from rawp_port import BrowseError, BrowseResult, ControlPlane, Entry
from reference_crs.browser.breadcrumb import Breadcrumb
from reference_crs.browser.paths import OsType, is_absolute, within
from reference_crs.browser.tree import FileTree, Row, is_directory

OFFLINE = "노드에 연결할 수 없습니다"
"""The offline panel's message (``crs-fb-node-offline``)."""
FAILED = "목록을 불러오지 못했습니다"
"""The panel's message when the root browse failed otherwise."""
EMPTY = "탐색 가능한 디렉토리가 없습니다"
"""The empty state (``crs-fb-empty-state``)."""
EMPTY_HINT = "아래 입력란에 절대 경로를 직접 입력하세요"
"""The empty state's pointer to the manual field."""
PARTIAL = "⚠ 일부 항목을 불러오지 못했습니다"
"""The warning under a partial answer (``crs-fb-partial-failure``)."""
OUT_OF_RANGE = "허용된 디렉토리 범위 밖입니다"
"""The manual field's warning (``crs-fb-manual-out-of-range``)."""
NOT_ABSOLUTE = "절대 경로를 입력하세요"
"""The manual field's warning for a relative path."""
CHECKING = "허용된 디렉토리를 확인하는 중입니다…"
"""Inline note: the allowed directories have not arrived, so no typed path is accepted yet."""
NOT_FOUND = "열 수 있는 디렉토리가 아닙니다"
"""Inline warning: the typed path is in range but its browse failed (no such directory, a
file): only a directory can be the ``workspace_path`` (004 §7.5 ¶2)."""
TOOLTIPS = {"unreadable": "🔒 접근 권한 없음", "cycle": "↻ 순환 심링크"}
"""Tooltip texts of inert rows (``crs-fb-unreadable-tooltip``, ``crs-fb-symlink-cycle``)."""


class FileBrowserScreen(ModalScreen[str | None]):
    """The working-directory dialog; dismissed with the chosen path or ``None``."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close", show=False),
    ]
    AUTO_FOCUS = "#file-tree"
    """The keys of §7.5 work as soon as the dialog opens."""
    TREE: ClassVar[type[FileTree]] = FileTree
    """The tree widget's class (a seam for broken variants)."""
    BREADCRUMB: ClassVar[type[Breadcrumb]] = Breadcrumb
    """The breadcrumb widget's class (a seam for broken variants)."""
    """Escape closes the dialog without a choice (``crs-fb-key-escape``)."""

    DEFAULT_CSS = """
    FileBrowserScreen { align: center middle; }
    #file-browser {
        width: 1fr; height: 1fr; margin: 1 2;
        border: round $primary; border-title-color: $text;
        background: $surface; padding: 0 1;
    }
    #file-tree-area { height: 1fr; background: $panel; }
    #file-tree-area > FileTree { height: 1fr; }
    #file-tree-area > LoadingIndicator { height: 1fr; }
    #tree-panel { height: 1fr; align: center middle; }
    #tree-panel > Static { width: 1fr; text-align: center; }
    #tree-panel > Button { margin-top: 1; }
    #tree-warning { color: $warning; height: auto; }
    #tree-hint { color: $text-muted; height: 1; }
    #manual-warning { color: $error; height: auto; }
    #file-browser-buttons { height: auto; align-horizontal: right; }
    #file-browser-buttons > Button { margin-left: 2; }
    #manual-path { margin-top: 1; }
    """

    def __init__(self, control: ControlPlane, node_id: str, agent_id: str) -> None:
        """Create the dialog for node ``node_id`` and agent ``agent_id``.

        Args:
            control: The control plane it browses through.
            node_id: The node browsed.
            agent_id: The agent whose ``allowed_directories`` bound the manual path.
        """
        super().__init__()
        self.control = control
        """The control plane."""
        self.node_id = node_id
        """The node browsed."""
        self.agent_id = agent_id
        """The agent whose allowed directories bound the manual path."""
        self.os_type: OsType = "unix"
        """The node's file-system flavour, from the last browse answer."""
        self.allowed: Sequence[str] | None = None
        """The agent's allowed directories; ``None``: unrestricted."""
        self.allowed_known = False
        """Whether the agent has answered ``allowed_directories`` (until then no typed path
        is accepted: it cannot be checked, ``crs-fb-manual-prevalidate``)."""
        self.choice: str | None = None
        """What `선택` confirms: the clicked directory or the valid typed path."""
        self.typed_failed: str | None = None
        """The typed path whose browse failed: it names no directory, so it is refused."""

    def compose(self) -> ComposeResult:
        """The dialog's parts, top to bottom."""
        with Vertical(id="file-browser") as box:
            box.border_title = "작업 디렉토리 선택"
            yield self.BREADCRUMB(id="breadcrumb")
            with Vertical(id="file-tree-area"):
                yield LoadingIndicator(id="tree-loading")
                yield self.TREE(self._browse_path, id="file-tree")
                with Vertical(id="tree-panel"):
                    yield Static("", id="tree-panel-text", markup=False)
                    yield Button("다시 시도", id="tree-retry", compact=True)
                yield Static(PARTIAL, id="tree-warning", markup=False)
            yield Static("", id="tree-hint", markup=False)
            yield Input(
                placeholder="절대 경로 직접 입력 (예: /home/user/project)",
                id="manual-path",
                compact=True,
            )
            yield Static("", id="manual-warning", markup=False)
            with Horizontal(id="file-browser-buttons"):
                yield Button(
                    "선택", id="select-workspace", variant="primary", disabled=True, compact=True
                )
                yield Button("취소", id="cancel-workspace", compact=True)

    @property
    def file_tree(self) -> FileTree:
        """The file tree."""
        return self.query_one(FileTree)

    def on_mount(self) -> None:
        """Browse the root and fetch the allowed directories (``crs-fb-initial-root-browse``)."""
        self.query_one("#tree-warning").display = False
        self.show_state("loading")
        self._load_allowed()
        self.browse(None)

    # the tree area's states

    def show_state(self, state: str, text: str = "", retry: bool = False) -> None:
        """Show one of: ``loading``, ``tree``, ``panel`` (with ``text``, and a retry button)."""
        self.query_one("#tree-loading").display = state == "loading"
        self.file_tree.display = state == "tree"
        self.query_one("#tree-panel").display = state == "panel"
        self.query_one("#tree-panel-text", Static).update(text)
        self.query_one("#tree-retry").display = retry
        if state != "tree":
            self.query_one("#tree-warning").display = False

    @work(group="allowed")
    async def _load_allowed(self) -> None:
        self.allowed = await self.control.allowed_directories(self.agent_id)
        self.allowed_known = True
        if self.nothing_to_browse(()):
            self.show_state("panel", f"{EMPTY}\n{EMPTY_HINT}")
        self._take_typed()  # a path typed while the answer was on its way is checked now

    async def _browse_path(self, path: str) -> BrowseResult:
        return await self.control.browse(self.node_id, path)

    @work(group="browse", exclusive=True)
    async def browse(self, path: str | None, quiet: bool = False) -> None:
        """Browse ``path`` (``None``: the root) and show it as the tree's top level.

        ``quiet`` (a typed path) keeps the tree as it is when the browse fails, and makes the
        typed path the choice only when it succeeds: a path that names no directory (none
        there, a file) is refused with :data:`NOT_FOUND` (004 §7.5 ¶2).
        """
        try:
            result = await self.control.browse(self.node_id, path)
        except BrowseError as error:
            if quiet:
                self.typed_path_failed(path)
            else:
                offline = error.kind == "node_offline"
                self.show_state("panel", OFFLINE if offline else f"{FAILED} ({error.kind})", True)
            return
        if quiet and path is not None and path == self.typed_path():
            self.choice = path
        self.show_listing(result, keep_choice=quiet)

    def typed_path(self) -> str:
        """The manual field's path, stripped."""
        return self.query_one("#manual-path", Input).value.strip()

    def typed_path_failed(self, path: str | None) -> None:
        """The browse of typed ``path`` failed: it is no directory to choose."""
        if path is not None and path == self.typed_path():
            self.typed_failed = path
            self.choice = None
            self.check_field()

    def show_listing(self, result: BrowseResult, keep_choice: bool = False) -> None:
        """Show ``result`` as the tree's top level, or the empty state (a seam for variants).

        Sets the breadcrumb to ``result.base_path`` (``crs-fb-breadcrumb``) and shows the warning
        of a partial listing (``crs-fb-partial-failure``); the chosen directory is kept only when
        ``keep_choice`` (the manual field moved the tree, ``crs-fb-manual-moves-tree``).
        """
        self.os_type = result.os_type
        breadcrumb = self.query_one(Breadcrumb)
        breadcrumb.os_type = result.os_type
        breadcrumb.path = result.base_path
        if self.nothing_to_browse(result.entries):
            self.show_state("panel", f"{EMPTY}\n{EMPTY_HINT}")
            return
        self.show_state("tree")
        self.file_tree.show(result.entries)
        self.query_one("#tree-warning").display = result.partial
        if not keep_choice:
            self.choice = None
        self.check_field()

    def nothing_to_browse(self, entries: Sequence[Entry]) -> bool:
        """The empty state: no allowed directory, or no readable entry (``crs-fb-empty-state``)."""
        if self.allowed is not None and not self.allowed:
            return True
        return bool(entries) and all(not entry.readable for entry in entries)

    @on(Button.Pressed, "#tree-retry")
    def _retry(self) -> None:
        self.show_state("loading")
        self.browse(None)

    @on(Breadcrumb.Clicked)
    def _crumb(self, message: Breadcrumb.Clicked) -> None:
        """Move the tree to the clicked level (``crs-fb-breadcrumb-click``)."""
        self.browse(message.path)

    @on(FileTree.Partial)
    def _partial(self) -> None:
        self.query_one("#tree-warning").display = True

    @on(FileTree.Pointed)
    def _pointed(self, message: FileTree.Pointed) -> None:
        """Show the tooltip of the row under the pointer or the focus."""
        row = message.row
        hint = ""
        if row is not None and row.entry is not None:
            if row.entry.cycle:
                hint = TOOLTIPS["cycle"]
            elif not row.entry.readable:
                hint = TOOLTIPS["unreadable"]
        self.query_one("#tree-hint", Static).update(hint)

    # choosing

    @on(FileTree.Marked)
    def _marked(self, message: FileTree.Marked) -> None:
        """A click marks a directory as the choice (``crs-fb-click-select-confirm``)."""
        entry = message.entry
        if is_directory(entry) and _choosable(entry):
            self.choice = entry.path
            self.query_one(Breadcrumb).path = entry.path
        self.check_field()

    @on(FileTree.Chosen)
    def _chosen(self, message: FileTree.Chosen) -> None:
        """Enter on a directory confirms it (``crs-fb-key-enter``)."""
        self.dismiss(message.entry.path)

    @on(Button.Pressed, "#select-workspace")
    def _select(self) -> None:
        """`선택` confirms the choice (``crs-fb-confirm-sets-workspace``)."""
        if self.choice is not None and self.field_ok():
            self.dismiss(self.choice)

    @on(Button.Pressed, "#cancel-workspace")
    def action_close(self) -> None:
        """Close without a choice (``crs-fb-key-escape``)."""
        self.dismiss(None)

    @on(Input.Changed, "#manual-path")
    def _typed(self, message: Input.Changed) -> None:
        """Check a typed path and, when it is valid, move the tree to it (``crs-fb-manual-*``)."""
        self._take_typed()

    def _take_typed(self) -> None:
        """Browse a typed path in range; the tree moves there.

        It becomes the choice once the browse shows it is a directory (:meth:`browse`).
        """
        path = self.typed_path()
        self.choice = None
        self.typed_failed = None
        if path and self.check_field():
            self.browse(path, quiet=True)
        self.check_field()

    @on(Input.Submitted, "#manual-path")
    def _typed_enter(self) -> None:
        self._select()

    def field_ok(self) -> bool:
        """Whether the manual field is empty or holds an allowed absolute path."""
        path = self.typed_path()
        return not path or (self.path_allowed(path) and path != self.typed_failed)

    def path_allowed(self, path: str) -> bool:
        """Whether a typed ``path`` lies in an allowed directory (``crs-fb-manual-prevalidate``).

        False until the agent's allowed directories have arrived: nothing is accepted unchecked.
        """
        return self.allowed_known and within(path, self.allowed, self.os_type)

    def check_field(self) -> bool:
        """Show the field's warning and enable `선택` accordingly; whether the field is valid."""
        path = self.typed_path()
        warning = ""
        if path and not is_absolute(path, self.os_type):
            warning = NOT_ABSOLUTE
        elif path and not self.allowed_known:
            warning = CHECKING
        elif path and not self.path_allowed(path):
            warning = OUT_OF_RANGE
        elif path and path == self.typed_failed:
            warning = NOT_FOUND
        self.query_one("#manual-warning", Static).update(warning)
        ok = not warning
        self.query_one("#select-workspace", Button).disabled = not ok or self.choice is None
        return ok


def _choosable(entry: Entry) -> bool:
    return entry.readable and not entry.cycle


__all__ = ["FileBrowserScreen", "Row"]
