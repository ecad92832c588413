"""The working-directory dialog of the alternative client and its session form (004 §7).

Session creation (:class:`SessionScreen`, pushed by ``AltCrsApp.start_session``) shows the
chosen node and agent, the workspace and a ``작업 디렉토리 선택`` button that pushes
:class:`BrowserDialog`: a breadcrumb (:class:`Crumbs`), the tree area (an
:class:`~examples.crs_alt.entry_list.EntryList`, or a panel for loading, offline and empty
states), a warning line, a tooltip line, the manual path field and the select button. Every
browse is awaited in a worker; errors are read by their ``kind`` attribute (the port is not
imported at run time).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Button, ContentSwitcher, Input, Static

from examples.crs_alt.entry_list import SPINNER, EntryList
from examples.crs_alt.fs_rows import Node, Tree, is_absolute, nodes, segments, separator, within

if TYPE_CHECKING:
    from rawp_port import ControlPlane

OFFLINE = "노드에 연결할 수 없습니다"
PARTIAL = "일부 항목을 불러오지 못했습니다"
OUT_OF_RANGE = "허용된 디렉토리 범위 밖입니다"
PENDING = "허용 범위를 불러오는 중…"
EMPTY = "탐색 가능한 디렉토리가 없습니다"
EMPTY_HINT = "아래 입력란에 절대 경로를 직접 입력하세요"
ROOT_ICON = "🖥"


def failure(error: BaseException) -> str:
    """The inline message for a failed browse, by the error's ``kind`` (RAWP §4.5)."""
    kind = getattr(error, "kind", None)
    if kind == "node_offline":
        return OFFLINE
    if kind == "timeout":
        return "시간 초과: 하위 항목을 불러오지 못했습니다"
    return "하위 항목을 불러오지 못했습니다"


class Crumbs(Widget):
    """The path breadcrumb (``crs-fb-breadcrumb*``): clickable segments on one line.

    It shows the selected directory, else the browsed path; in root mode (no path) the OS
    root icon alone, which browses the root again when clicked.
    """

    DEFAULT_CSS = """
    Crumbs { height: 1; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        """Create an empty breadcrumb."""
        super().__init__(id=id)
        self.path = ""
        self.os_type = "unix"
        self.spans: list[tuple[int, int, str | None]] = []
        """``(first cell, end cell, path)`` of each drawn segment; ``None``: the root."""

    def show(self, path: str, os_type: str) -> None:
        """Show ``path`` of a node of ``os_type`` (``""``: root mode)."""
        self.path, self.os_type = path, os_type
        self.refresh()

    def _parts(self, width: int) -> list[tuple[str, str | None]]:
        """The drawn pieces, ``(text, path)``; separators and ``…`` have path ``""``."""
        found: list[tuple[str, str]] = segments(self.path, self.os_type)
        if not found:  # root mode: the OS root icon (crs-fb-breadcrumb-root-icon)
            return [(ROOT_ICON, None)]
        body = self._joined(found)
        # The first segment is the drive on Windows, the first name after `/` on Unix.
        keep = 1 if self.os_type == "windows" else 2
        if cell_len("".join(text for text, _ in body)) > width and len(found) > keep + 2:
            body = self._joined([*found[:keep], ("…", ""), *found[-2:]])  # elision (SHOULD)
        return body

    def _joined(self, parts: Sequence[tuple[str, str]]) -> list[tuple[str, str | None]]:
        """``parts`` with the separator of :attr:`os_type` between them."""
        sep = separator(self.os_type)
        out: list[tuple[str, str | None]] = []
        for i, (label, target) in enumerate(parts):
            if i and not parts[i - 1][0].endswith(sep):
                out.append((sep, ""))
            out.append((label, target))
        return out

    def render(self) -> Text:
        """Draw the pieces, segments underlined (each is a link)."""
        text = Text(no_wrap=True, overflow="ellipsis")
        self.spans = []
        x = 0
        for piece, target in self._parts(self.size.width):
            style = "underline" if target != "" else ""
            text.append(piece, style=style)
            if target != "":
                self.spans.append((x, x + cell_len(piece), target))
            x += cell_len(piece)
        return text

    class Go(Message):
        """A segment was clicked: move the tree to ``path`` (``None``: the root)."""

        def __init__(self, path: str | None) -> None:
            """Carry the segment's path."""
            super().__init__()
            self.path = path

    def on_click(self, event: events.Click) -> None:
        """Post :class:`Go` for the clicked segment (``crs-fb-breadcrumb-click``)."""
        for start, end, target in self.spans:
            if start <= event.x < end:
                self.post_message(self.Go(target))
                return


class Spinner(Static):
    """A braille spinner centred in the tree area (``crs-fb-initial-spinner``)."""

    def on_mount(self) -> None:
        """Start turning."""
        self.start()

    def start(self) -> None:
        """Turn from the first frame."""
        self.frame = 0
        self.timer: Timer = self.set_interval(0.08, self._advance)
        self.update(SPINNER[0])

    def _advance(self) -> None:
        self.frame += 1
        self.update(SPINNER[self.frame % len(SPINNER)])

    def stop(self) -> None:
        """Stop turning (an idle app rests)."""
        self.timer.stop()


class BrowserDialog(ModalScreen[str | None]):
    """The file browser dialog; dismissed with the chosen path, or ``None`` on Escape."""

    CSS_PATH = Path(__file__).with_name("browser.tcss")

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", "Close")]
    DIALOG_ID = "fs-dialog"
    """Widget id of the dialog's frame."""
    AREA_ID = "fs-area"
    """Widget id of the tree area (a ``ContentSwitcher``: rows, spinner, offline, empty)."""

    def __init__(self, control: ControlPlane, node_id: str, agent_id: str) -> None:
        """Create the dialog for a node and an agent."""
        super().__init__()
        self.control = control
        self.node_id = node_id
        self.agent_id = agent_id
        self.allowed: Sequence[str] | None = None
        self.allowed_known = False
        """Whether ``allowed_directories`` has answered; before, no typed path is taken."""
        self.os_type = "unix"
        self.manual_path: str | None = None
        """A typed path that passed validation, when the field is not empty."""

    def compose(self) -> ComposeResult:
        """Breadcrumb, tree area, warning and tooltip lines, manual field, buttons."""
        with Vertical(id=self.DIALOG_ID):
            yield Crumbs(id="fs-crumbs")
            with ContentSwitcher(id=self.AREA_ID, initial="fs-loading"):
                yield Spinner(id="fs-loading")
                yield EntryList(self.load_children, self.confirm, id="fs-list")
                with Vertical(id="fs-offline"):
                    yield Static(OFFLINE, id="fs-offline-text", markup=False)
                    yield Button("다시 시도", id="fs-retry")
                yield Static(f"{EMPTY}\n{EMPTY_HINT}", id="fs-empty", markup=False)
            yield Static("", id="fs-warning", markup=False)
            yield Static("", id="fs-tip", markup=False)
            yield Input(placeholder="절대 경로 (예: /home/me/project)", id="fs-path", compact=True)
            yield Static("", id="fs-path-warning", markup=False)
            with Horizontal(id="fs-buttons"):
                yield Button("선택", id="fs-select", variant="primary", disabled=True, compact=True)
                yield Button("취소", id="fs-cancel", compact=True)

    @property
    def entries(self) -> EntryList:
        """The list of rows."""
        return self.query_one(EntryList)

    def on_mount(self) -> None:
        """Wire the list's callbacks, focus the manual field and browse the root."""
        frame = self.query_one(f"#{self.DIALOG_ID}")
        frame.border_title = "작업 디렉토리 선택"
        frame.border_subtitle = "Enter 선택 · Space 펼치기 · Esc 닫기"
        self.entries.on_selected = self._selected
        self.entries.on_tip = lambda tip: self.query_one("#fs-tip", Static).update(tip)
        self.query_one("#fs-path", Input).focus()  # usable while loading (SHOULD)
        for line in ("fs-warning", "fs-path-warning"):
            self._say(line, "")
        self.load_root()

    def _say(self, line: str, text: str) -> None:
        """Show ``text`` on the warning line ``line``; an empty line takes no row."""
        widget = self.query_one(f"#{line}", Static)
        widget.update(text)
        widget.display = bool(text)

    # browsing

    def _area(self, which: str) -> None:
        self.query_one(ContentSwitcher).current = which
        if which != "fs-loading":
            self.query_one(Spinner).stop()

    @work(exclusive=True, group="root")
    async def load_root(self, path: str | None = None) -> None:
        """Browse the root (``crs-fb-initial-root-browse``), or ``path``, and show the answer."""
        if path is None:
            self.allowed = await self.control.allowed_directories(self.agent_id)
            self.allowed_known = True
            self._check_typed(move=False)  # a path typed meanwhile is checked now
        try:
            result = await self.control.browse(self.node_id, path)
        except Exception as error:
            if path is not None:  # a move that failed keeps the tree as it was
                return
            message = OFFLINE if getattr(error, "kind", None) == "node_offline" else failure(error)
            self.query_one("#fs-offline-text", Static).update(message)
            self._area("fs-offline")
            return
        self.os_type = str(result.os_type)
        tree = Tree(
            str(result.base_path), self.os_type, nodes(result.entries, 0), bool(result.partial)
        )
        self._say("fs-warning", PARTIAL if tree.partial else "")
        nothing_allowed = self.allowed is not None and not self.allowed
        if nothing_allowed or (path is None and all(not node.readable for node in tree.top)):
            self._area("fs-empty")  # crs-fb-empty-state
            return
        self.entries.show(tree)
        self._area("fs-list")
        self.query_one(Crumbs).show(tree.base_path, self.os_type)
        if not self.query_one("#fs-path", Input).value:
            self.entries.focus()

    def load_children(self, node: Node) -> None:
        """Load the children of ``node`` (``crs-fb-lazy-expansion``)."""
        self._expand(node)

    @work(group="expand")
    async def _expand(self, node: Node) -> None:
        try:
            result = await self.control.browse(self.node_id, node.path)
        except Exception as error:
            node.error = failure(error)  # crs-fb-expansion-error
        else:
            node.fill(result.entries)
            node.expanded = True
            if result.partial:
                self._say("fs-warning", PARTIAL)
        node.loading = False
        self.entries.rebuild()

    def on_crumbs_go(self, message: Crumbs.Go) -> None:
        """Move the tree to a breadcrumb segment's level (``crs-fb-breadcrumb-click``)."""
        self.load_root(message.path) if message.path is not None else self._reload()

    def _reload(self) -> None:
        self._area("fs-loading")
        self.query_one(Spinner).start()
        self.load_root()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Retry, select (confirm) or cancel."""
        event.stop()
        if event.button.id == "fs-retry":
            self._reload()
        elif event.button.id == "fs-select":
            chosen = self.manual_path or self.entries.selected
            if chosen:
                self.confirm(chosen)
        elif event.button.id == "fs-cancel":
            self.dismiss(None)

    # choosing

    def _selected(self, path: str | None) -> None:
        """The list's selection changed: breadcrumb and select button follow it."""
        if path is not None:
            self.query_one("#fs-path", Input).value = ""
            self.query_one(Crumbs).show(path, self.os_type)
        self._enable()

    def _enable(self) -> None:
        field = self.query_one("#fs-path", Input).value.strip()
        ok = self.manual_path is not None if field else self.entries.selected is not None
        self.query_one("#fs-select", Button).disabled = not ok

    def on_input_changed(self, event: Input.Changed) -> None:
        """Check a typed path against the allowed directories (``crs-fb-manual-*``)."""
        self._check_typed(move=True)

    def _check_typed(self, move: bool) -> None:
        """Take the field's path when it is allowed; ``move``: also move the tree there."""
        path = self.query_one("#fs-path", Input).value.strip()
        warning = ""
        self.manual_path = None
        if path and not is_absolute(path, self.os_type):
            warning = "절대 경로를 입력하세요"
        elif path and not self.allowed_known:
            warning = PENDING  # nothing is accepted unchecked (crs-fb-manual-prevalidate)
        elif path and not within(path, self.allowed, self.os_type):
            warning = OUT_OF_RANGE
        elif path:
            self.manual_path = path
            if move:
                self.load_root(path)  # crs-fb-manual-moves-tree
        self._say("fs-path-warning", warning)
        self._enable()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in the field confirms a valid typed path."""
        if self.manual_path is not None:
            self.confirm(self.manual_path)

    def confirm(self, path: str) -> None:
        """Close with ``path`` as ``workspace_path`` (``crs-fb-confirm-sets-workspace``)."""
        field = self.query_one("#fs-path", Input).value.strip()
        if field and self.manual_path is None:
            return  # the select button is disabled by an invalid path
        self.dismiss(path)

    def action_close(self) -> None:
        """Escape closes the dialog without choosing (``crs-fb-key-escape``)."""
        self.dismiss(None)


class SessionScreen(Screen[None]):
    """The session form: node and agent chosen, the workspace to choose (004 §7.1)."""

    CSS_PATH = Path(__file__).with_name("browser.tcss")
    BUTTON_ID = "workspace-button"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.pop_screen", "Back")]

    def __init__(self, control: ControlPlane, node_id: str, agent_id: str) -> None:
        """Create the form for ``node_id`` and ``agent_id``."""
        super().__init__()
        self.control = control
        self.node_id = node_id
        self.agent_id = agent_id
        self.workspace_path: str | None = None

    def compose(self) -> ComposeResult:
        """Node, agent, workspace and the button."""
        with Vertical(id="session-form"):
            yield Static(Text(f"노드: {self.node_id}    에이전트: {self.agent_id}"))
            yield Static("작업 디렉토리: (선택되지 않음)", id="workspace-value", markup=False)
            yield Button("작업 디렉토리 선택", id=self.BUTTON_ID, variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Open the file browser."""
        if event.button.id == self.BUTTON_ID:
            event.stop()
            self.open_browser()

    def open_browser(self) -> None:
        """Push the dialog; its answer, if any, becomes the workspace."""
        self.app.push_screen(BrowserDialog(self.control, self.node_id, self.agent_id), self._chosen)

    def _chosen(self, path: Any) -> None:
        if path:
            self.workspace_path = str(path)
            self.query_one("#workspace-value", Static).update(f"작업 디렉토리: {path}")
