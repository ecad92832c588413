"""The `@` file-reference popup: the slash popup's list, showing file candidates (004 §3.4.2).

It is a :class:`SlashPopup` (same dock above the input, rules between items, full-row
highlight, wrap-around, hover and click, options made in chunks so 100,000 candidates cost
what 200 do), drawing a ``FileCandidate`` per item and a status on its bottom border: a
spinner while a search is unanswered (``crs-at-loading-indicator``), beside the previous
results (``crs-at-keep-previous-results``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from textual.content import Content
from textual.message import Message
from textual.timer import Timer
from textual.widgets.option_list import Option

from reference_crs.browser.names import one_line_name
from reference_crs.slash import attribute
from reference_crs.widgets.slash_popup import SlashPopup

PROMPT = "파일명을 입력하세요"
"""Shown right after `@` until the first answer (``crs-at-popup-initial-state``)."""
NO_MATCH = "일치하는 파일이 없습니다"
"""Shown when an answer has no candidate; the popup stays open (``crs-at-no-match-*``)."""
LOADING = "검색 중…"
"""The status beside the spinner while a search is unanswered."""
SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
"""The spinner's frames (braille, one cell each), advanced every :data:`SPIN_SECONDS`."""
SPIN_SECONDS = 0.1
ICONS = {
    ".ts": "📜",
    ".tsx": "📜",
    ".js": "📜",
    ".jsx": "📜",
    ".py": "🐍",
    ".json": "⚙",
    ".yaml": "⚙",
    ".yml": "⚙",
    ".toml": "⚙",
    ".md": "📄",
    ".txt": "📄",
    ".css": "🎨",
    ".scss": "🎨",
}
"""Icon by extension, 004 §3.4.2 ¶7-¶12 (``crs-at-item-icon``); any other file gets
:data:`OTHER_ICON`."""
OTHER_ICON = "📄"
"""The icon of a file of any other type: the file browser's file icon (004 §7.2.3). The
seed's example table suggests 📁 for "other", but the browser draws 📁 for a directory, and
the mapping is the client's (MAY): a file must not look like a folder."""
DIRECTORY_CELLS = 40
"""A longer directory is elided at its start as ``…/deep/path/`` (``crs-at-path-elision``)."""
MATCH_STYLE = "bold $text-accent on $accent 30%"
"""The matched characters of a name (``crs-at-match-highlight``)."""
NAME_CELLS = 120
"""A longer name is cut at its end with ``…`` (a 4,000-character name stays one row)."""


def icon_for(name: str) -> str:
    """The icon of a file called ``name``: by its extension, the same mapping for every item."""
    dot = name.rfind(".")
    return ICONS.get(name[dot:].lower(), OTHER_ICON) if dot > 0 else OTHER_ICON


def elide_directory(directory: str, cells: int = DIRECTORY_CELLS) -> str:
    """``directory`` drawn in at most about ``cells`` characters, cut at its start with ``…/``."""
    if len(directory) <= cells:
        return directory
    tail = directory[-(cells - 2) :]
    cut = tail.find("/")
    return "…/" + (tail[cut + 1 :] if 0 <= cut < len(tail) - 1 else tail)


def candidate_prompt(candidate: object) -> Content:
    """One item: icon, name (matched characters bold on an accent background), muted directory.

    Name and directory are made safe (``one_line_name``: control and bidi characters replaced
    one for one, so ``match_ranges`` still index the drawn name); no markup is interpreted.
    """
    name = one_line_name(str(attribute(candidate, "name", "")))
    directory = one_line_name(str(attribute(candidate, "directory", "") or ""))
    marked = [False] * len(name)
    for span in attribute(candidate, "match_ranges", ()) or ():
        start, end = int(span[0]), int(span[1])
        for index in range(max(0, start), min(len(name), end)):
            marked[index] = True
    shown = name if len(name) <= NAME_CELLS else name[: NAME_CELLS - 1]
    parts: list[str | tuple[str, str]] = [f"{icon_for(name)} "]
    run_start = 0
    for index in range(1, len(shown) + 1):
        if index == len(shown) or marked[index] != marked[run_start]:
            piece = shown[run_start:index]
            parts.append((piece, MATCH_STYLE) if marked[run_start] else piece)
            run_start = index
    if len(shown) < len(name):
        parts.append("…")
    if directory:
        parts += ["  ", (elide_directory(directory), "$foreground-muted")]
    return Content.assemble(*parts)


class FilePopup(SlashPopup):
    """The file popup: one option per candidate, a rule between them, a status at the bottom."""

    DEFAULT_CSS = """
    FilePopup {
        border-subtitle-align: left;
        border-subtitle-color: $text-muted;
    }
    """

    NO_MATCH = NO_MATCH

    @dataclass
    class Chosen(Message):
        """The user clicked ``candidate`` (``crs-at-popup-shares-slash-rules``)."""

        candidate: object

    def __init__(self, *, id: str | None = None) -> None:
        """Create the popup, hidden and empty."""
        super().__init__(id=id)
        self.loading = False
        """Whether a search is unanswered (the spinner shows)."""
        self.waiting = False
        """Whether the popup shows its initial prompt: no answer drawn yet."""
        self._frame = 0
        self._spin: Timer | None = None

    @property
    def focused_candidate(self) -> object | None:
        """The highlighted candidate, ``None`` while there is none."""
        return self.focused_command

    def open_waiting(self) -> None:
        """Open with no candidates yet: the prompt, and the spinner (initial state)."""
        self.shown, self.first, self.loaded = [], 0, 0
        self.set_options([Option(Content(PROMPT), disabled=True)])
        self.styles.height = 3
        self.display = True
        self.waiting = True

    def show_candidates(self, candidates: Sequence[object]) -> None:
        """List ``candidates``, the focus on the first, or the no-match message.

        The first answer is always drawn, even an empty one (``@zzz`` typed in one burst):
        the prompt gives way to the no-match message.
        """
        if self.waiting:
            self.waiting = False
            self.shown = [None]  # not the empty list the prompt stands for: drawn afresh
        self.show(candidates)

    def set_loading(self, loading: bool) -> None:
        """Show or hide the spinner on the bottom border; it turns only while shown."""
        self.loading = loading
        if loading and self._spin is None:
            self._spin = self.set_interval(SPIN_SECONDS, self._turn)
        elif not loading and self._spin is not None:
            self._spin.stop()
            self._spin = None
        self._draw_status()

    def _turn(self) -> None:
        self._frame = (self._frame + 1) % len(SPINNER)
        self._draw_status()

    @property
    def no_match(self) -> bool:
        """Whether the last answer, drawn, has no candidate and no search is under way."""
        return super().no_match and not self.waiting and not self.loading

    def _draw_status(self) -> None:
        """The bottom border: the spinner while a search is unanswered, else the keys' hint."""
        if self.loading:
            self.border_subtitle = f"{SPINNER[self._frame]} {LOADING}"
        else:
            super()._draw_status()

    def close(self) -> None:
        """Hide the popup and stop the spinner."""
        self.set_loading(False)
        super().close()

    @staticmethod
    def _identity(command: object) -> str:
        return str(attribute(command, "path", ""))

    @staticmethod
    def option_prompt(command: object) -> Content:
        """A candidate's option text (the popup's row; a seam for variants)."""
        return candidate_prompt(command)
