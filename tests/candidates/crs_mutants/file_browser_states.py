"""Mutants of seed area §7.4 Loading and error states.

Each is the reference RAWP-CRS client with one defect in that area, caught by a
scenario of ``features/rawp_crs/`` citing its clause.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rawp_port import (
    Entry,
)
from reference_crs.browser.dialog import FileBrowserScreen
from reference_crs.browser.tree import FileTree
from tests.candidates.crs_mutants._registry import mutant
from tests.candidates.crs_mutants._shared import _BrowserMutant, _screen


@mutant
class FbSpinnerInTheCorner(_BrowserMutant):
    """crs-fb-initial-spinner: the initial spinner sits in the tree area's top-left corner."""

    SCREEN = _screen(
        DEFAULT_CSS=FileBrowserScreen.DEFAULT_CSS
        + "#file-tree-area > LoadingIndicator { content-align: left top; }"
    )


class _OfflineLikeAnyError(FileBrowserScreen):
    def show_state(self, state: str, text: str = "", retry: bool = False) -> None:
        super().show_state(
            state, text.replace("노드에 연결할 수 없습니다", "목록을 불러오지 못했습니다"), retry
        )


@mutant
class FbOfflineNotSaid(_BrowserMutant):
    """crs-fb-node-offline: an offline node gets a generic error, not its own message."""

    SCREEN = _OfflineLikeAnyError


class _OpensUnreadable(FileTree):
    def toggle_directory(self, node: Any) -> None:
        entry = node.data.entry if node.data else None
        if entry is not None and not entry.readable and not node.is_expanded:
            self.load_children(node)
            return
        super().toggle_directory(node)


@mutant
class FbUnreadableExpands(_BrowserMutant):
    """crs-fb-unreadable-tooltip: an unreadable directory can be expanded."""

    SCREEN = _screen(TREE=_OpensUnreadable)


class _FollowsCycles(FileTree):
    def toggle_directory(self, node: Any) -> None:
        entry = node.data.entry if node.data else None
        if entry is not None and entry.cycle and not node.is_expanded:
            self.load_children(node)
            return
        super().toggle_directory(node)


@mutant
class FbCycleFollowed(_BrowserMutant):
    """crs-fb-symlink-cycle: a symlink cycle expands like any directory."""

    SCREEN = _screen(TREE=_FollowsCycles)


class _NoNote(FileTree):
    def add_entries(self, parent: Any, entries: Sequence[Entry], total: int | None) -> None:
        super().add_entries(parent, entries, None)


@mutant
class FbTruncationUnsaid(_BrowserMutant):
    """crs-fb-truncation-note: a truncated directory shows no "외 N개 항목"."""

    SCREEN = _screen(TREE=_NoNote)


class _FieldLockedWhileLoading(FileBrowserScreen):
    def show_state(self, state: str, text: str = "", retry: bool = False) -> None:
        super().show_state(state, text, retry)
        self.query_one("#manual-path").disabled = state == "loading"


@mutant
class FbManualFieldLockedWhileLoading(_BrowserMutant):
    """crs-fb-manual-input-while-loading: the manual field is disabled while the root loads."""

    SCREEN = _FieldLockedWhileLoading


class _PartialUnsaid(FileBrowserScreen):
    def show_listing(self, result: Any, keep_choice: bool = False) -> None:
        super().show_listing(result, keep_choice)
        self.query_one("#tree-warning").display = False


@mutant
class FbPartialUnsaid(_BrowserMutant):
    """crs-fb-partial-failure: a partial answer is shown with no warning."""

    SCREEN = _PartialUnsaid


@mutant
class FbNoTooltips(_BrowserMutant):
    """crs-fb-unreadable-tooltip: no tooltip tells why an entry cannot be opened."""

    SCREEN = _screen(DEFAULT_CSS=FileBrowserScreen.DEFAULT_CSS + "#tree-hint { display: none; }")


class _NoteOnlyInline(FileTree):
    def add_entries(self, parent: Any, entries: Sequence[Entry], total: int | None) -> None:
        entry = parent.data.entry if parent.data is not None else None
        if entry is not None and entry.children is None:
            total = None  # entries loaded on expanding: the count is not looked at
        super().add_entries(parent, entries, total)


@mutant
class FbNoteOnlyForInlineChildren(_BrowserMutant):
    """crs-fb-truncation-note: a directory whose entries load on expanding has no note."""

    SCREEN = _screen(TREE=_NoteOnlyInline)
