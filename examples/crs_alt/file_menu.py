"""The ``@`` file popup of the alternative client: a line-drawn list and a status row.

Unlike the reference client's popup, it is no ``OptionList``: :class:`FilePopup` is a frame
holding a :class:`FileList` (a :class:`~examples.crs_alt.line_menu.LineMenu`, the machinery
of the command menu, drawing only the rows on screen) and a one-row :class:`SearchStatus`
under it. A candidate's row puts its icon and name at the left and its directory at the
right edge, muted, shortened at its start with ``…/`` when it does not fit
(``crs-at-item-content``, ``crs-at-path-elision``). The status row carries the spinner while
a search is unanswered, under the previous results, which stay
(``crs-at-loading-indicator``, ``crs-at-keep-previous-results``), and the prompt or the
no-match message when there are no candidates (``crs-at-popup-initial-state``,
``crs-at-no-match-message``). Candidates are read by attribute (``path``, ``name``,
``directory``, ``match_ranges``) and drawn lazily, so an answer of 100,000 candidates costs
one list copy, not 100,000 rows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import ClassVar

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.geometry import Size
from textual.strip import Strip
from textual.timer import Timer
from textual.widgets import Static

from examples.crs_alt.entry_list import SPINNER
from examples.crs_alt.line_menu import LineMenu
from examples.crs_alt.token_spans import name_as_drawn

ICONS: dict[str, str] = {
    **dict.fromkeys((".ts", ".tsx", ".js", ".jsx"), "📜"),
    ".py": "🐍",
    **dict.fromkeys((".json", ".yaml", ".yml", ".toml"), "🔧"),
    **dict.fromkeys((".md", ".txt"), "📄"),
    **dict.fromkeys((".css", ".scss"), "🎨"),
}
"""Icon by extension (004 §3.4.2's table; 🔧 for settings, two cells like the others)."""
OTHER_ICON = "📁"
"""The icon of every other file: the table's default (``crs-at-item-icon-consistent``)."""
BIDI_CONTROLS = frozenset("\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Direction overrides and isolates: drawn as U+FFFD so a name cannot reorder a row."""


def shown(text: str) -> str:
    """``text`` as drawn: control characters as symbols, direction controls as U+FFFD.

    One character in, one character out, so ``match_ranges`` index the drawn name too.
    """
    return name_as_drawn(text)


def icon_of(name: str) -> str:
    """The icon of a file called ``name`` (its extension, case-insensitive)."""
    return ICONS.get(PurePosixPath(name).suffix.lower(), OTHER_ICON)


@dataclass(frozen=True)
class FileRow:
    """One candidate of ``session.file.candidates`` as the list draws it.

    Attributes:
        path: The path a selection refers to, as the agent gave it.
        name: The file name, as drawn (:func:`shown`).
        directory: The directory, as drawn.
        ranges: The matched ``[start, end)`` ranges of ``name``, clipped to it.
        icon: The extension's icon (:func:`icon_of`).
    """

    path: str
    name: str
    directory: str
    ranges: tuple[tuple[int, int], ...]
    icon: str

    @classmethod
    def of(cls, candidate: object) -> FileRow:
        """Read a candidate by its attributes; a missing path is the directory and name."""
        name = str(getattr(candidate, "name", "") or "")
        directory = str(getattr(candidate, "directory", "") or "")
        path = str(getattr(candidate, "path", "") or "") or str(PurePosixPath(directory, name))
        ranges = []
        for pair in getattr(candidate, "match_ranges", None) or ():
            try:
                start, end = (int(value) for value in pair)
            except (TypeError, ValueError):
                continue
            start, end = max(0, start), min(len(name), end)
            if start < end:
                ranges.append((start, end))
        return cls(path, shown(name), shown(directory), tuple(ranges), icon_of(name))


def elide(directory: str, room: int) -> str:
    """``directory`` in at most ``room`` cells: whole, else ``…/`` and its last segments."""
    if cell_len(directory) <= room:
        return directory
    if room < 3:
        return ""
    tail = directory
    while tail and cell_len(tail) > room - 2:
        tail = tail[1:]
    cut = tail.find("/")
    if 0 <= cut < len(tail) - 1:
        tail = tail[cut + 1 :]
    return "…/" + tail


class FileList(LineMenu):
    """The candidates, one row each, zebra-striped; the highlighted row in the accent colour."""

    DEFAULT_CSS = """
    FileList {
        height: auto;
        max-height: 8;
        background: $surface;
        scrollbar-size-vertical: 1;
        overflow-x: hidden;
    }
    FileList > .file-list--row { background: $surface; }
    FileList > .file-list--alt { background: $panel; }
    FileList > .file-list--highlight { background: $accent; color: $text; }
    FileList > .file-list--match { text-style: bold underline; }
    FileList > .file-list--directory { color: $text-muted; }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "file-list--row",
        "file-list--alt",
        "file-list--highlight",
        "file-list--match",
        "file-list--directory",
    }
    """Backgrounds of even, odd and highlighted rows; styles of matches and directories."""

    def __init__(self, on_pick: Callable[[FileRow], None], *, id: str | None = None) -> None:
        """Create an empty list; ``on_pick`` gets a clicked candidate."""
        super().__init__(id=id)
        self.display = True
        self._on_pick = on_pick
        self.candidates: Sequence[object] = ()
        """The current answer's candidates, as received."""
        self._rows: dict[int, FileRow] = {}

    @property
    def row_count(self) -> int:
        """How many candidates are listed."""
        return len(self.candidates)

    def row(self, index: int) -> FileRow:
        """Candidate ``index`` as drawn (read once, then kept)."""
        if index not in self._rows:
            self._rows[index] = FileRow.of(self.candidates[index])
        return self._rows[index]

    @property
    def chosen(self) -> FileRow | None:
        """The candidate Enter or Tab would select now."""
        index = self.highlighted
        return None if index is None else self.row(index)

    def show(self, candidates: Sequence[object]) -> None:
        """List ``candidates``, the focus on the first one (``crs-at-typing-focus-reset``)."""
        self.candidates = list(candidates)
        self._rows = {}
        self.focus_index = 0
        self.hover_index = None
        self.virtual_size = Size(0, len(self.candidates))
        self.styles.height = min(len(self.candidates), 8)
        self.scroll_to(y=0, animate=False, immediate=True)
        self.refresh()

    def pick_row(self, row: int) -> None:
        """Select the candidate on ``row``, as Enter would."""
        self._on_pick(self.row(row))

    def render_line(self, y: int) -> Strip:
        """Row ``y`` of the visible part: one candidate, or blank below the last."""
        width = self.scrollable_content_region.width
        row = round(self.scroll_y) + y
        if row >= len(self.candidates):
            return Strip.blank(width, self.get_component_rich_style("file-list--row"))
        if row == self.highlighted:
            background = self.get_component_rich_style("file-list--highlight")
        else:
            background = self.get_component_rich_style(
                "file-list--alt" if row % 2 else "file-list--row"
            )
        return self._strip(self._row_text(self.row(row), width, background), width, background)

    def _row_text(self, entry: FileRow, width: int, background: Style) -> Text:
        """`` icon name`` at the left, the directory muted against the right edge."""
        match = self.get_component_rich_style("file-list--match", partial=True)
        line = Text(f" {entry.icon} ")
        name = Text(entry.name)
        for start, end in entry.ranges:
            name.stylize(match, start, end)
        line.append_text(name)
        free = width - 1 - line.cell_len
        directory = elide(entry.directory, free - 2) if entry.directory else ""
        if directory:
            line.append(" " * (free - cell_len(directory)))
            line.append(directory, style=self._over(background, "file-list--directory"))
        return line


class SearchStatus(Static):
    """The popup's last row: spinner while a search is unanswered, prompt or no-match text."""

    DEFAULT_CSS = """
    SearchStatus {
        height: 1;
        padding: 0 1;
        background: $surface;
        color: $text-muted;
        text-style: italic;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        """Create an empty status row."""
        super().__init__("", markup=False, id=id)
        self.text = ""
        """The words after the spinner (or alone, when not loading)."""
        self.frame = 0
        self._timer: Timer | None = None

    def set(self, text: str, loading: bool) -> None:
        """Show ``text``, with a turning spinner before it while ``loading``."""
        self.text = text
        if loading and self._timer is None:
            self.frame = 0
            self._timer = self.set_interval(0.08, self._turn)
        elif not loading and self._timer is not None:
            self._timer.stop()
            self._timer = None
        self._draw()

    @property
    def spinning(self) -> bool:
        """Whether the spinner turns."""
        return self._timer is not None

    def _turn(self) -> None:
        self.frame += 1
        self._draw()

    def _draw(self) -> None:
        spinner = f"{SPINNER[self.frame % len(SPINNER)]} " if self.spinning else ""
        self.update(spinner + self.text)


class FilePopup(Vertical):
    """The file popup's frame: the candidate list over the status row (selector ``#files``).

    States, after ``@`` and each query (``crs-at-popup-initial-state``):

    - asked, no answer yet: the previous candidates (none after ``@``) and, under them, the
      spinner with :attr:`PROMPT` (right after ``@``) or :attr:`SEARCHING`;
    - answered with candidates: the candidates only;
    - answered with none: :attr:`PROMPT` for the empty query, else :attr:`NO_MATCH`; the
      popup stays open (``crs-at-no-match-stays-open``).
    """

    DEFAULT_CSS = """
    FilePopup {
        height: auto;
        border: round $accent;
        background: $surface;
    }
    """

    PROMPT: ClassVar[str] = "파일명을 입력하세요"
    """Shown while nothing is listed for the empty query."""
    SEARCHING: ClassVar[str] = "검색 중…"
    """Beside the previous candidates while a search is unanswered."""
    NO_MATCH: ClassVar[str] = "일치하는 파일이 없습니다"
    """Shown when the active query's answer lists nothing (``crs-at-no-match-message``)."""

    def __init__(self, on_pick: Callable[[FileRow], None], *, id: str | None = None) -> None:
        """Create the closed popup; ``on_pick`` gets a selected candidate."""
        super().__init__(id=id)
        self.display = False
        self.list = FileList(on_pick)
        """The candidates."""
        self.status = SearchStatus()
        """The row under them."""
        self.asked = ""
        """The text typed after ``@`` that the list is (or will be) the answer to."""

    def compose(self) -> ComposeResult:
        """The list, then the status row."""
        yield self.list
        yield self.status

    @property
    def is_open(self) -> bool:
        """Whether the popup is shown."""
        return bool(self.display)

    def open(self) -> None:
        """Show the popup empty, waiting for the empty query's answer."""
        self.display = True
        self.list.show(())
        self.waiting("")

    def close(self) -> None:
        """Hide the popup."""
        self.display = False
        self.list.hover_index = None
        self.status.set("", loading=False)

    def waiting(self, query: str) -> None:
        """A search for ``query`` is asked: keep what is listed, show the spinner."""
        self.asked = query
        self._state(loading=True)

    def answered(self, candidates: Sequence[object]) -> None:
        """The active query's answer: list it, the focus on the first candidate."""
        self.list.show(candidates)
        self._state(loading=False)

    def _state(self, loading: bool) -> None:
        listed = bool(self.list.candidates)
        self.list.display = listed
        if not self.asked and not listed:
            text = self.PROMPT
        else:
            text = self.SEARCHING if loading else self.NO_MATCH
        self.status.display = loading or not listed
        self.status.set(text, loading)
