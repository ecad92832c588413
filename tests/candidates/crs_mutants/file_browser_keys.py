"""Mutants of seed area §7.5 Keyboard navigation of the tree.

Each is the reference RAWP-CRS client with one defect in that area, caught by a
scenario of ``features/rawp_crs/`` citing its clause.
"""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType

from reference_crs.browser.dialog import FileBrowserScreen
from reference_crs.browser.tree import FileTree
from tests.candidates.crs_mutants._registry import mutant
from tests.candidates.crs_mutants._shared import _BrowserMutant, _screen


class _ShiftArrowsOnly(FileTree):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "noop", show=False),
        Binding("left", "noop", show=False),
        Binding("shift+right", "expand_or_first_child", show=False),
        Binding("shift+left", "collapse_or_parent", show=False),
    ]

    def action_noop(self) -> None:
        return


@mutant
class FbTreeKeysOnShiftOnly(_BrowserMutant):
    """crs-fb-treeview-pattern: ←/→ do nothing; only Textual's shift+←/→ move in the tree."""

    SCREEN = _screen(TREE=_ShiftArrowsOnly)


class _DownTwice(FileTree):
    def action_cursor_down(self) -> None:
        super().action_cursor_down()
        super().action_cursor_down()


@mutant
class FbDownSkipsAnEntry(_BrowserMutant):
    """crs-fb-key-up-down: ↓ moves the focus two entries down."""

    SCREEN = _screen(TREE=_DownTwice)


class _RightNoFirstChild(FileTree):
    def action_expand_or_first_child(self) -> None:
        if self.cursor_node is not None and not self.cursor_node.is_expanded:
            super().action_expand_or_first_child()


@mutant
class FbRightStaysOnExpanded(_BrowserMutant):
    """crs-fb-key-right: → on an expanded directory does not move to its first child."""

    SCREEN = _screen(TREE=_RightNoFirstChild)


class _LeftNoParent(FileTree):
    def action_collapse_or_parent(self) -> None:
        node = self.cursor_node
        if node is not None and node.is_expanded:
            super().action_collapse_or_parent()


@mutant
class FbLeftStaysOnChild(_BrowserMutant):
    """crs-fb-key-left: ← on a collapsed entry does not move to its parent."""

    SCREEN = _screen(TREE=_LeftNoParent)


class _EnterChoosesFirst(FileTree):
    def action_choose(self) -> None:
        self.action_first()
        super().action_choose()


@mutant
class FbEnterChoosesFirstEntry(_BrowserMutant):
    """crs-fb-key-enter: Enter chooses the first directory, not the focused one."""

    SCREEN = _screen(TREE=_EnterChoosesFirst)


class _SpaceIgnored(FileTree):
    def action_toggle_node(self) -> None:
        return


@mutant
class FbSpaceIgnored(_BrowserMutant):
    """crs-fb-key-space: Space does not toggle the focused directory."""

    SCREEN = _screen(TREE=_SpaceIgnored)


class _HomeToSecond(FileTree):
    def action_first(self) -> None:
        lines = self.entry_lines()
        if len(lines) > 1:
            self.focus_line(lines[1])


@mutant
class FbHomeMissesFirst(_BrowserMutant):
    """crs-fb-key-home-end: Home moves to the second entry instead of the first."""

    SCREEN = _screen(TREE=_HomeToSecond)


class _EscapeConfirms(FileBrowserScreen):
    def action_close(self) -> None:
        node = self.file_tree.cursor_node
        entry = node.data.entry if node is not None and node.data is not None else None
        self.dismiss(entry.path if entry is not None else None)


@mutant
class FbEscapeConfirms(_BrowserMutant):
    """crs-fb-key-escape: Escape confirms the focused entry instead of closing the dialog."""

    SCREEN = _EscapeConfirms


class _EnterOnFiles(FileTree):
    def action_choose(self) -> None:
        node = self.cursor_node
        if node is not None and node.data is not None and node.data.entry is not None:
            self.post_message(self.Chosen(node.data.entry))


@mutant
class FbEnterChoosesFile(_BrowserMutant):
    """crs-fb-files-not-selectable: Enter on a file makes it the working directory."""

    SCREEN = _screen(TREE=_EnterOnFiles)
