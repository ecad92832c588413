"""Mutants of seed area §7.1-§7.2 File browser: entry point and tree view.

Each is the reference RAWP-CRS client with one defect in that area, caught by a
scenario of ``features/rawp_crs/`` citing its clause.
"""

from __future__ import annotations

import dataclasses as _dc
import re
from collections.abc import Sequence
from typing import Any

from rich.style import Style
from rich.text import Text
from textual import events
from textual.screen import ModalScreen
from textual.widgets import Static

from rawp_port import (
    Entry,
)
from reference_crs.app import CrsApp
from reference_crs.browser.dialog import FileBrowserScreen
from reference_crs.browser.tree import FileTree, Row
from reference_crs.widgets.session_form import SessionForm
from tests.candidates.crs_mutants._registry import mutant
from tests.candidates.crs_mutants._shared import _BrowserMutant, _screen


class _NoDialogForm(SessionForm):
    def open_browser(self) -> None:
        self.app.push_screen(_PlainModal())


class _PlainModal(ModalScreen[str | None]):
    def compose(self) -> Any:
        yield Static("작업 디렉토리 선택", id="file-browser")


@mutant
class FbDialogWithoutParts(CrsApp):
    """crs-fb-dialog-on-entry: the dialog opens without its tree, breadcrumb or manual field."""

    SESSION_FORM = _NoDialogForm


class _OpensOnce(SessionForm):
    """A guard against opening the dialog twice, lifted only when a directory is chosen."""

    browsing = False

    def open_browser(self) -> None:
        if not self.browsing:
            self.browsing = True
            super().open_browser()

    def close_with(self, path: str | None) -> None:
        if path is not None:
            self.browsing = False
        super().close_with(path)


@mutant
class FbButtonDeadAfterEscape(CrsApp):
    """crs-fb-dialog-on-entry: once the dialog was left with Escape, the button opens nothing."""

    SESSION_FORM = _OpensOnce


class _BrowsesSlash(FileBrowserScreen):
    def browse(self, path: str | None, quiet: bool = False) -> Any:
        return super().browse("/" if path is None else path, quiet)


@mutant
class FbFirstBrowseWithPath(_BrowserMutant):
    """crs-fb-initial-root-browse: the dialog first browses "/" instead of the root mode."""

    SCREEN = _BrowsesSlash


class _Reversed(FileTree):
    def add_entries(self, parent: Any, entries: Sequence[Entry], total: int | None) -> None:
        super().add_entries(parent, tuple(reversed(entries)), total)


@mutant
class FbEntriesReversed(_BrowserMutant):
    """crs-fb-tree-mirrors-entries: entries are listed in reverse order."""

    SCREEN = _screen(TREE=_Reversed)


class _IconAfterName(FileTree):
    def render_label(self, node: Any, base_style: Style, style: Style) -> Text:
        label = super().render_label(node, base_style, style)
        entry = node.data.entry if node.data else None
        if entry is None:
            return label
        icon = self.icon(node)
        plain = label.plain.replace(icon, "   ", 1)
        return Text(plain.rstrip() + " " + icon.strip(), style=style)


@mutant
class FbIconAfterName(_BrowserMutant):
    """crs-fb-entry-layout: the icon is drawn after the name instead of before it."""

    SCREEN = _screen(TREE=_IconAfterName)


class _WideIndent(FileTree):
    def on_mount(self) -> None:
        self.guide_depth = 6


@mutant
class FbIndentTooWide(_BrowserMutant):
    """crs-fb-indentation: each level is indented by 6 cells."""

    SCREEN = _screen(TREE=_WideIndent)


class _FileChevron(FileTree):
    def chevron(self, node: Any, row: Any, style: Style) -> tuple[str, Style]:
        if row.entry is not None and not row.is_directory:
            return "▶ ", style
        return super().chevron(node, row, style)


@mutant
class FbFilesGetChevron(_BrowserMutant):
    """crs-fb-chevron: files are drawn with a ▶ chevron like directories."""

    SCREEN = _screen(TREE=_FileChevron)


class _NoSpacer(FileTree):
    def chevron(self, node: Any, row: Any, style: Style) -> tuple[str, Style]:
        if row.entry is not None and not row.is_directory:
            return "", style
        return super().chevron(node, row, style)


@mutant
class FbFilesWithoutSpacer(_BrowserMutant):
    """crs-fb-chevron: files keep no blank where the chevron would be."""

    SCREEN = _screen(TREE=_NoSpacer)


class _PlainLinks(FileTree):
    def icon(self, node: Any) -> str:
        icon = super().icon(node)
        return icon.replace("↗", " ")


@mutant
class FbLinksLookPlain(_BrowserMutant):
    """crs-fb-icon-by-type: symlinks get the same icons as plain directories and files."""

    SCREEN = _screen(TREE=_PlainLinks)


class _NoLock(FileTree):
    def render_label(self, node: Any, base_style: Style, style: Style) -> Text:
        label = super().render_label(node, base_style, style)
        return Text(label.plain.replace(" 🔒", "   "), style=style)


@mutant
class FbUnreadableWithoutLock(_BrowserMutant):
    """crs-fb-unreadable-style: an unreadable entry shows no lock and is not muted."""

    SCREEN = _screen(TREE=_NoLock)


class _NoHover(FileTree):
    def watch_hover_line(self, previous_hover_line: int, hover_line: int) -> None:
        return


@mutant
class FbNoHoverFeedback(_BrowserMutant):
    """crs-fb-hover-feedback: hovering an entry changes nothing."""

    SCREEN = _screen(TREE=_NoHover)


class _NoBar(FileTree):
    def render_label(self, node: Any, base_style: Style, style: Style) -> Text:
        label = super().render_label(node, base_style, style)
        label.plain = label.plain.replace("▎", " ")
        return label


@mutant
class FbSelectedWithoutBar(_BrowserMutant):
    """crs-fb-selected-style: the selected directory has no left bar."""

    SCREEN = _screen(TREE=_NoBar)


class _NoDoubleClick(FileTree):
    async def _on_click(self, event: events.Click) -> None:
        if event.chain >= 2 and not event.style.meta.get("toggle", False):
            return
        await super()._on_click(event)


@mutant
class FbDoubleClickIgnored(_BrowserMutant):
    """crs-fb-toggle-by-pointer: a double click on a directory does not toggle it."""

    SCREEN = _screen(TREE=_NoDoubleClick)


class _AlwaysBrowses(FileTree):
    def toggle_directory(self, node: Any) -> None:
        if not node.is_expanded and node.data is not None and node.data.entry is not None:
            self.run_worker(self.loader(node.data.entry.path))
        super().toggle_directory(node)


@mutant
class FbLoadedChildrenBrowsedAgain(_BrowserMutant):
    """crs-fb-lazy-expansion: a directory whose children were sent is browsed again."""

    SCREEN = _screen(TREE=_AlwaysBrowses)


class _BlankSpinner(FileTree):
    def chevron(self, node: Any, row: Any, style: Style) -> tuple[str, Style]:
        if row.loading:
            return "  ", style
        return super().chevron(node, row, style)


@mutant
class FbBlankWhileLoading(_BrowserMutant):
    """crs-fb-expansion-spinner: the chevron is blank, no spinner, during a lazy expansion."""

    SCREEN = _screen(TREE=_BlankSpinner)


class _SpinsForever(FileTree):
    def show_failure(self, node: Any, why: str) -> None:
        node.data.loading = True


@mutant
class FbFailedExpansionSpins(_BrowserMutant):
    """crs-fb-expansion-error: a failed expansion keeps its spinner and shows no error."""

    SCREEN = _screen(TREE=_SpinsForever)


class _RawNames(FileTree):
    def add_entries(self, parent: Any, entries: Sequence[Entry], total: int | None) -> None:
        for entry in entries:
            node = parent.add(entry.name, Row("entry", entry))
            node.allow_expand = False


@mutant
class FbRawNames(_BrowserMutant):
    """crs-fb-hostile-names: entry names are drawn raw, as markup with their control characters."""

    SCREEN = _screen(TREE=_RawNames)


class _RawSizes(FileTree):
    def render_label(self, node: Any, base_style: Style, style: Style) -> Text:
        label = super().render_label(node, base_style, style)
        entry = node.data.entry if node.data else None
        if entry is None or entry.size is None:
            return label
        return Text(re.sub(r"\d+(\.\d+)? (B|KB|MB|GB)", str(entry.size), label.plain), style=style)


@mutant
class FbSizesInBytes(_BrowserMutant):
    """crs-fb-file-size: file sizes are raw byte counts, not KB or MB."""

    SCREEN = _screen(TREE=_RawSizes)


class _FileIconWhenOpen(FileTree):
    def icon(self, node: Any) -> str:
        return "📄 " if node.is_expanded else super().icon(node)


@mutant
class FbOpenFolderLooksLikeFile(_BrowserMutant):
    """crs-fb-open-folder-icon: an expanded directory gets a file's icon."""

    SCREEN = _screen(TREE=_FileIconWhenOpen)


class _UnreadableFilesNotMuted(FileTree):
    def render_label(self, node: Any, base_style: Style, style: Style) -> Text:
        row = node.data
        entry = getattr(row, "entry", None)
        if entry is None or entry.readable or entry.type != "file":
            return super().render_label(node, base_style, style)
        node.data = _dc.replace(row, entry=_dc.replace(entry, readable=True, size=None))
        try:
            label = super().render_label(node, base_style, style)
        finally:
            node.data = row
        label.append(" 🔒", style)
        return label


@mutant
class FbUnreadableFileNotMuted(_BrowserMutant):
    """crs-fb-unreadable-style: an unreadable file keeps its lock but is not muted."""

    SCREEN = _screen(TREE=_UnreadableFilesNotMuted)


class _NoHoverOnLinks(FileTree):
    def watch_hover_line(self, previous_hover_line: int, hover_line: int) -> None:
        node = self.get_node_at_line(hover_line)
        entry = getattr(node.data, "entry", None) if node is not None else None
        if entry is not None and entry.type.startswith("symlink"):
            return  # symbolic links are left out of the hover style
        super().watch_hover_line(previous_hover_line, hover_line)


@mutant
class FbNoHoverOnSymlinks(_BrowserMutant):
    """crs-fb-hover-feedback: hovering a symbolic link's entry changes nothing."""

    SCREEN = _screen(TREE=_NoHoverOnLinks)
