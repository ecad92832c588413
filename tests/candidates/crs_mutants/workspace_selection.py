"""Mutants of seed area §7.6-§7.7 Choosing the working directory.

Each is the reference RAWP-CRS client with one defect in that area, caught by a
scenario of ``features/rawp_crs/`` citing its clause.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.widgets import Button, Input

from rawp_port import (
    Entry,
)
from reference_crs.app import CrsApp
from reference_crs.browser.dialog import FileBrowserScreen
from reference_crs.browser.tree import FileTree
from reference_crs.widgets.session_form import SessionForm
from tests.candidates.crs_mutants._registry import mutant
from tests.candidates.crs_mutants._shared import _BrowserMutant


class _ClickConfirms(FileBrowserScreen):
    def on_file_tree_marked(self, message: FileTree.Marked) -> None:
        self.dismiss(message.entry.path)


@mutant
class FbClickConfirms(_BrowserMutant):
    """crs-fb-click-select-confirm: a single click confirms at once, with no select step."""

    SCREEN = _ClickConfirms


class _NameNotPath(SessionForm):
    def close_with(self, path: str | None) -> None:
        super().close_with(None if path is None else path.rsplit("/", 1)[-1])


@mutant
class FbWorkspaceGetsName(CrsApp):
    """crs-fb-confirm-sets-workspace: the session form gets the directory's name, not its path."""

    SESSION_FORM = _NameNotPath


class _TypedIgnored(FileBrowserScreen):
    def on_mount(self) -> None:
        self.query_one("#manual-path").disabled = True


@mutant
class FbTypedPathIgnored(_BrowserMutant):
    """crs-fb-manual-input: the manual path field cannot be typed into."""

    SCREEN = _TypedIgnored


class _PrefixCheck(FileBrowserScreen):
    def path_allowed(self, path: str) -> bool:
        return self.allowed is None or any(path.startswith(d) for d in self.allowed)


@mutant
class FbAllowedByStringPrefix(_BrowserMutant):
    """crs-fb-manual-prevalidate: /wx passes as inside /w (a string-prefix check)."""

    SCREEN = _PrefixCheck


class _WarnsButAccepts(FileBrowserScreen):
    def field_ok(self) -> bool:
        return True

    def check_field(self) -> bool:
        super().check_field()
        path = self.query_one("#manual-path", Input).value.strip()
        if path:
            self.choice = path
        self.query_one("#select-workspace", Button).disabled = False
        return True


@mutant
class FbOutOfRangeAccepted(_BrowserMutant):
    """crs-fb-manual-out-of-range: a path outside the allowed directories is accepted."""

    SCREEN = _WarnsButAccepts


class _EmptyListIgnored(FileBrowserScreen):
    def nothing_to_browse(self, entries: Sequence[Entry]) -> bool:
        return False


@mutant
class FbEmptyStateMissing(_BrowserMutant):
    """crs-fb-empty-state: with no allowed directory the tree is shown as usual."""

    SCREEN = _EmptyListIgnored


class _UnsetMeansNothing(FileBrowserScreen):
    def nothing_to_browse(self, entries: Sequence[Entry]) -> bool:
        return self.allowed is None or super().nothing_to_browse(entries)


@mutant
class FbUnrestrictedShowsNothing(_BrowserMutant):
    """crs-fb-unrestricted-root: an unset allowed_directories is taken as "nothing allowed"."""

    SCREEN = _UnsetMeansNothing


class _TreeStays(FileBrowserScreen):
    def browse(self, path: str | None, quiet: bool = False) -> Any:
        if quiet:
            return None
        return super().browse(path, quiet)


@mutant
class FbTypedPathLeavesTree(_BrowserMutant):
    """crs-fb-manual-moves-tree: a valid typed path does not move the tree."""

    SCREEN = _TreeStays


class _TrustsBeforeAllowed(FileBrowserScreen):
    """Takes the allowed directories as unrestricted until the agent's answer arrives."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.allowed_known = True


@mutant
class FbAcceptsBeforeAllowedArrive(_BrowserMutant):
    """crs-fb-manual-prevalidate: before allowed_directories answers, any typed path is taken."""

    SCREEN = _TrustsBeforeAllowed


class _PrefixRangeDialog(FileBrowserScreen):
    def path_allowed(self, path: str) -> bool:
        if self.os_type != "windows":
            return super().path_allowed(path)
        return self.allowed_known and any(path.startswith(d) for d in self.allowed or ())


@mutant
class FbWindowsRangeByPrefix(_BrowserMutant):
    """crs-fb-manual-prevalidate: a Windows path is in range when its text starts like one."""

    SCREEN = _PrefixRangeDialog
