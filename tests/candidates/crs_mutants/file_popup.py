"""Mutants of seed area §3.4.1-§3.4.4 File reference popup.

Each is the reference RAWP-CRS client with one defect in that area, caught by a
scenario of ``features/rawp_crs/`` citing its clause.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import ComposeResult
from textual.content import Content

from rawp_port import (
    FileCandidate,
    FileSearch,
)
from reference_crs import file_control, slash
from reference_crs.browser.names import display_name
from reference_crs.file_control import FileControl, FileTrigger
from reference_crs.slash import Trigger
from reference_crs.slash import attribute as _attribute
from reference_crs.widgets.file_popup import FilePopup
from tests.candidates.crs_mutants._registry import mutant
from tests.candidates.crs_mutants._shared import (
    _ascii_word,
    _composer_without,
    _FileApp,
    _SlashApp,
    _with_trigger,
)


def _file_trigger(finder: Callable[[str, int, int], FileTrigger | None]) -> type[FileControl]:
    """A file popup behaviour that finds the `@` word with ``finder(line, row, column)``."""

    class Control(FileControl):
        def trigger(self) -> FileTrigger | None:
            field = self.input
            row, column = field.cursor_location
            return finder(field.document.get_line(row), row, column)

    return Control


def _any_at(line: str, row: int, column: int) -> FileTrigger | None:
    before = line[:column]
    at = before.rfind("@")
    if at < 0 or any(c.isspace() for c in before[at:]):
        return None
    return FileTrigger(row, at, before[at + 1 :])


def _at_after_symbol(line: str, row: int, column: int) -> FileTrigger | None:
    found = _any_at(line, row, column)
    if found is None or (
        found.column and (line[found.column - 1].isalnum() or line[found.column - 1] == ".")
    ):
        return None
    return found


@mutant
class AtOnlyAtInputStart(_FileApp):
    """crs-at-trigger-position: `@` opens the popup only as the input's first character."""

    FILES = _file_trigger(
        lambda line, row, column: (
            found
            if (found := file_control.find_file_trigger(line, row, column)) is not None
            and found.column == 0
            and row == 0
            else None
        )
    )


@mutant
class AtInsideWordOpens(_FileApp):
    """crs-at-no-trigger-after-word: any `@`, as in `user@host` or `a.@b`, opens the popup."""

    FILES = _file_trigger(_any_at)


@mutant
class AtOpensOverSlashPopup(_FileApp):
    """crs-at-no-trigger-in-slash-popup: `@` after a symbol opens the popup, even over `/`'s."""

    class FILES(FileControl):
        def trigger(self) -> FileTrigger | None:
            field = self.input
            row, column = field.cursor_location
            return _at_after_symbol(field.document.get_line(row), row, column)

        def slash_open(self) -> bool:
            return False


@mutant
class FilePopupCoversInput(_FileApp):
    """crs-at-popup-overlay: the file popup is drawn over the input instead of against it."""

    CSS = "#file-popup { overlay: screen; }"


@mutant
class FilePopupAtScreenTop(_FileApp):
    """crs-at-popup-near-cursor: the file popup is drawn at the screen top, away from the input."""

    CSS = "#file-popup { dock: top; }"
    COMPOSER = _composer_without("file_popup")

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield self.composer.file_popup  # on the screen, docked at its top


class _BlankUntilAnswered(FilePopup):
    def open_waiting(self) -> None:
        super().open_waiting()
        self.set_options([])

    def set_loading(self, loading: bool) -> None:
        super().set_loading(loading and bool(self.shown))


@mutant
class FilePopupOpensBlank(_FileApp):
    """crs-at-popup-initial-state: right after `@` the popup is empty, no prompt, no indicator."""

    FILE_POPUP = _BlankUntilAnswered


class _DirectoryAsName(FilePopup):
    @staticmethod
    def option_prompt(command: object) -> Content:
        name = display_name(str(slash.attribute(command, "name")))
        directory = display_name(str(slash.attribute(command, "directory")))
        return Content.assemble(name, "  ", directory)


@mutant
class DirectoryNotMuted(_FileApp):
    """crs-at-item-content: the directory is drawn in the name's colour, not muted."""

    FILE_POPUP = _DirectoryAsName


class _IconOnPythonOnly(FilePopup):
    @staticmethod
    def option_prompt(command: object) -> Content:
        name = str(slash.attribute(command, "name"))
        if name.endswith(".py"):
            return FilePopup.option_prompt(command)
        directory = str(slash.attribute(command, "directory"))
        return Content.assemble(name, "  ", (directory, "$text-muted"))


@mutant
class IconsOnSomeItems(_FileApp):
    """crs-at-item-icon-consistent: only Python files carry an icon, the others none."""

    FILE_POPUP = _IconOnPythonOnly


class _NoMatchMarks(FilePopup):
    @staticmethod
    def option_prompt(command: object) -> Content:
        return FilePopup.option_prompt(
            FileCandidate(
                str(slash.attribute(command, "path")),
                str(slash.attribute(command, "name")),
                str(slash.attribute(command, "directory")),
            )
        )


@mutant
class MatchRangesIgnored(_FileApp):
    """crs-at-match-highlight: the matched characters of a name are drawn like the others."""

    FILE_POPUP = _NoMatchMarks


@mutant
class FileItemsTouchEdge(_FileApp):
    """crs-at-item-separation: a candidate's text starts at the popup's inner edge."""

    CSS = "#file-popup > .option-list--option { padding: 0; }"


@mutant
class SearchKeepsTheAt(_FileApp):
    """crs-at-search-request: the search's query is sent with its leading `@`."""

    class FILES(FileControl):
        def search(self, query: str) -> None:
            self.active, self.sent_query = self.next_query_id(), query
            self.popup.set_loading(True)
            self.composer.request_search(FileSearch(query_id=self.active, query=f"@{query}"))


class _NoSpinner2(FilePopup):
    def set_loading(self, loading: bool) -> None:
        super().set_loading(False)


@mutant
class NoLoadingIndicator(_FileApp):
    """crs-at-loading-indicator: nothing shows that a search is unanswered."""

    FILE_POPUP = _NoSpinner2


@mutant
class AnswerForAnyQueryIdShown(_FileApp):
    """crs-at-current-query-only: an answer is drawn whatever its query_id, one never sent too."""

    class FILES(FileControl):
        def accepts(self, query_id: str) -> bool:
            return self.popup.is_open


@mutant
class SameQueryIdForEveryQuery(_FileApp):
    """crs-at-stale-results-ignored: every search carries one query_id, so late answers win."""

    class FILES(FileControl):
        def next_query_id(self) -> str:
            return "file-query"


@mutant
class NoMatchClosesFilePopup(_FileApp):
    """crs-at-no-match-stays-open: an empty answer closes the popup."""

    class FILES(FileControl):
        def answer(self, event: Any) -> None:
            super().answer(event)
            if self.popup.is_open and not self.popup.shown and not self.popup.loading:
                self.close()


@mutant
class FileArrowsIgnored(_FileApp):
    """crs-at-keys-move: ↑/↓ leave the focus on the first candidate."""

    class FILES(FileControl):
        def key(self, key: str) -> bool:
            if key in ("up", "down") and self.popup.is_open:
                return True
            return super().key(key)


@mutant
class SelectionInsertsNothing(_FileApp):
    """crs-at-keys-select: Enter and Tab close the popup without putting the file in the input."""

    class FILES(FileControl):
        def choose(self, candidate: object) -> None:
            self.close()


@mutant
class EscapeDropsTheAtWord(_FileApp):
    """crs-at-keys-escape: Escape closes the popup and deletes the `@query` typed."""

    class FILES(FileControl):
        def key(self, key: str) -> bool:
            found = self.trigger() if key == "escape" and self.popup.is_open else None
            taken = super().key(key)
            if found is not None:
                self.input.replace("", (found.row, found.column), self.input.cursor_location)
            return taken


@mutant
class FilePopupFrozenAfterAnswer(_FileApp):
    """crs-at-keys-typing: once candidates are drawn, typing on sends no new search."""

    class FILES(FileControl):
        def search(self, query: str) -> None:
            if not self.popup.shown:
                super().search(query)


class _ClickIgnoredFile(FilePopup):
    async def _on_click(self, event: Any) -> None:
        event.stop()
        event.prevent_default()


@mutant
class FileClickIgnored(_FileApp):
    """crs-at-popup-shares-slash-rules: a click on a candidate selects nothing."""

    FILE_POPUP = _ClickIgnoredFile


@mutant
class SlashInAtWordOpensCommands(_SlashApp):
    """crs-at-slash-is-path: a `/` inside an `@` word opens the command popup."""

    CONTROL = _with_trigger(
        lambda line, row, column: (
            slash.find_trigger(line, row, column)
            or (
                Trigger(row, at, line[at + 1 : column])
                if (at := line.rfind("/", 0, column)) >= 0
                and "@" in line[:at]
                and not any(c.isspace() for c in line[at:column])
                else None
            )
        )
    )


def _at_after_ascii_space(line: str, row: int, column: int) -> FileTrigger | None:
    start, word = _ascii_word(line, column)
    return FileTrigger(row, start, word[1:]) if word.startswith("@") else None


@mutant
class AtAfterAsciiSpaceOnly(_FileApp):
    """crs-at-trigger-position: `@` after an ideographic space (U+3000) opens no popup."""

    FILES = _file_trigger(_at_after_ascii_space)


class _KeepsFirstCandidates(FileControl):
    _last: list[object] | None = None
    _stale: list[object] | None = None

    def answer(self, event: Any) -> None:
        if self._stale is not None and self.accepts(str(_attribute(event, "query_id", ""))):
            self.popup.show_candidates(self._stale)  # the list of the popup chosen from, again
            self.awaiting = False
            return
        super().answer(event)
        if self.accepts(str(_attribute(event, "query_id", ""))):
            self._last = list(_attribute(event, "candidates", ()) or ())

    def choose(self, candidate: object) -> None:
        super().choose(candidate)
        self._stale = self._last or []


@mutant
class FilePopupReopensStale(_FileApp):
    """crs-at-current-query-only: the `@` popup opened again lists the first answer again."""

    FILES = _KeepsFirstCandidates


class _DebouncedBy(FileControl):
    DELAY = 0.2

    def schedule(self, query: str) -> None:
        super().schedule(query)
        if self.timer is not None:
            self.timer.stop()
            self.timer = self.composer.set_timer(
                self.DELAY, self.flush, name="file-search-debounce"
            )


class _DebouncedBy50ms(_DebouncedBy):
    DELAY = 0.05


class _DebouncedBy1s(_DebouncedBy):
    DELAY = 1.0


@mutant
class SearchDebounceTooShort(_FileApp):
    """crs-at-search-debounce: searches wait 50 ms after a key, not 150-300 ms."""

    FILES = _DebouncedBy50ms


@mutant
class SearchDebounceTooLong(_FileApp):
    """crs-at-search-debounce: searches wait a whole second after the last key."""

    FILES = _DebouncedBy1s


@mutant
class FileNoWrap(_FileApp):
    """crs-at-keys-wrap: ↑ on the first candidate and ↓ on the last stay where they are."""

    class FILES(FileControl):
        def key(self, key: str) -> bool:
            popup = self.popup
            if key in ("up", "down") and popup.is_open and popup.shown:
                index = popup.item_at(popup.highlighted) or 0
                if index + (-1 if key == "up" else 1) not in range(len(popup.shown)):
                    return True
            return super().key(key)


@mutant
class QueryIdsRestartEachOpening(_FileApp):
    """crs-at-current-query-only: query ids restart at each opening: a late answer is reused."""

    class FILES(FileControl):
        numbered = 0

        def next_query_id(self) -> str:
            self.numbered += 1
            return f"file-query-{self.numbered}"

        def close(self) -> None:
            super().close()
            self.numbered = 0


@mutant
class AtStaysShutAfterEscape(_FileApp):
    """crs-at-trigger-position: after Escape, no `@` opens the popup until the input is empty."""

    class FILES(FileControl):
        suppressed = False

        def sync(self) -> None:
            if not self.input.text:
                self.suppressed = False
            if self.suppressed and self.composer.is_attached:
                self.close()
                return
            super().sync()

        def dismiss(self) -> None:
            self.suppressed = True
            super().dismiss()
