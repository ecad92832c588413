"""The `@` file-reference popup's behaviour: trigger, searches, answers, keys (004 §3.4.1-§3.4.4).

:class:`FileControl` keeps the :class:`~reference_crs.widgets.file_popup.FilePopup` in step
with the input's text and cursor, as :class:`~reference_crs.slash_control.SlashControl` does
for commands:

- the popup opens for an `@` at the start of a line or after whitespace, the query being
  what follows it up to the cursor (a `/` in it is a path separator, ``crs-at-slash-is-path``);
  an `@` inside a word (``user@host``, ``a.@b``) is text (``crs-at-no-trigger-after-word``);
- it never opens while the slash popup is open, and closes when that one opens
  (``crs-popups-exclusive``);
- each new query is sent as a ``control.file.search`` with a fresh ``query_id``; the search
  goes out once the app has handled the keys already queued (a burst of keys is one search,
  ``crs-at-search-debounce``), and only the answer carrying the last ``query_id`` sent is
  drawn (``crs-at-current-query-only``, ``crs-at-stale-results-ignored``);
- selecting a candidate replaces the `@query` word by a token
  (``PromptInput.insert_file_token``).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rawp_port import FileSearch
from reference_crs.slash import attribute
from reference_crs.widgets import PromptInput
from reference_crs.widgets.file_popup import FilePopup

if TYPE_CHECKING:
    from reference_crs.app import CrsApp

POPUP_KEYS = frozenset({"up", "down", "enter", "tab", "escape"})
"""Keys the open popup takes (004 §3.4.4 ¶1); every other key edits the input."""


@dataclass(frozen=True)
class FileTrigger:
    """An open `@` word in the input: the popup's query.

    Attributes:
        row: The line of the input holding the `@` (0-based).
        column: The `@`'s column in that line (0-based, in characters).
        query: What follows the `@` up to the cursor.
    """

    row: int
    column: int
    query: str


def find_file_trigger(line: str, row: int, column: int) -> FileTrigger | None:
    """Return the `@` word that ends at the cursor, or ``None`` when the popup stays shut.

    The word is the text between the last whitespace before the cursor (or the line's start)
    and the cursor; it triggers when it starts with `@` (``crs-at-trigger-position``), so an
    `@` after a letter, a digit, a `.` or any other character is text.

    Args:
        line: The input's line holding the cursor.
        row: That line's index.
        column: The cursor's column in it (characters).
    """
    before = line[:column]
    start = max((i + 1 for i, char in enumerate(before) if char.isspace()), default=0)
    word = before[start:]
    if not word.startswith("@"):
        return None
    return FileTrigger(row, start, word[1:])


class FileControl:
    """Drives the app's file popup from the input and the agent's answers."""

    def __init__(self, app: CrsApp) -> None:
        """Drive ``app``'s file popup."""
        self.app = app
        self.active: str | None = None
        """The ``query_id`` of the last search sent while the popup is open."""
        self.sent_query: str | None = None
        """The query of that search."""
        self._ids = itertools.count(1)
        self._dismissed: tuple[int, int] | None = None
        """Where the `@` of a word closed by Escape is: it stays closed until the word goes."""
        self._flush_pending = False

    @property
    def popup(self) -> FilePopup:
        """The popup."""
        return self.app.query_one(f"#{self.app.FILE_POPUP_ID}", FilePopup)

    @property
    def input(self) -> PromptInput:
        """The input."""
        return self.app.query_one(f"#{self.app.INPUT_ID}", PromptInput)

    def trigger(self) -> FileTrigger | None:
        """The `@` word at the input's cursor, if it opens the popup."""
        field = self.input
        if field.selection.start != field.selection.end:
            return None
        row, column = field.cursor_location
        return find_file_trigger(field.document.get_line(row), row, column)

    def slash_open(self) -> bool:
        """Whether the slash-command popup is open (then this one stays shut)."""
        return self.app.slash.popup.is_open

    def sync(self) -> None:
        """Open, update or close the popup for the input's text now."""
        found = self.trigger()
        if found is None or (found.row, found.column) == self._dismissed or self.slash_open():
            if found is None:
                self._dismissed = None
            self.close()
            return
        popup = self.popup
        if not popup.is_open:
            popup.open_waiting()
        if found.query != self.sent_query:
            popup.set_loading(True)
            self._schedule()

    def _schedule(self) -> None:
        """Send the search once the keys queued now are handled (one search per burst)."""
        if not self._flush_pending:
            self._flush_pending = True
            self.app.call_after_refresh(self._flush)

    def _flush(self) -> None:
        self._flush_pending = False
        found = self.trigger()
        if found is None or not self.popup.is_open or found.query == self.sent_query:
            return
        self.search(found.query)

    def next_query_id(self) -> str:
        """A ``query_id`` not used before in this app (``crs-at-current-query-only``)."""
        return f"file-query-{next(self._ids)}"

    def search(self, query: str) -> None:
        """Send ``control.file.search`` for ``query`` and make it the active query."""
        self.active, self.sent_query = self.next_query_id(), query
        self.popup.set_loading(True)
        self.app.port.send(FileSearch(query_id=self.active, query=query))

    def answer(self, event: Any) -> None:
        """Draw a ``session.file.candidates`` answer if it is for the active query."""
        if not self.accepts(str(attribute(event, "query_id", ""))):
            return
        popup = self.popup
        popup.show_candidates(list(attribute(event, "candidates", ()) or ()))
        popup.set_loading(False)

    def accepts(self, query_id: str) -> bool:
        """Whether an answer for ``query_id`` is drawn: only the active query's, popup open."""
        return self.popup.is_open and query_id == self.active

    def close(self) -> None:
        """Close the popup; answers still on their way are then dropped."""
        self.popup.close()
        self.active = self.sent_query = None

    def key(self, key: str) -> bool:
        """The input's ``popup_keys`` for this popup: handle ``key``; whether it did."""
        if key not in POPUP_KEYS:
            return False
        self.sync()  # keys typed in a burst may be ahead of the Changed messages
        popup = self.popup
        if not popup.is_open:
            return False
        if key in ("up", "down"):
            popup.move(-1 if key == "up" else 1)
        elif key == "escape":
            found = self.trigger()
            self._dismissed = (found.row, found.column) if found else None
            self.close()
        else:
            candidate = popup.focused_candidate
            if candidate is not None:
                self.choose(candidate)
        return True

    def choose(self, candidate: object) -> None:
        """Replace the `@query` word by a token for ``candidate`` and close the popup."""
        found, field = self.trigger(), self.input
        if found is None:
            return
        start, end = (found.row, found.column), field.cursor_location
        self._dismissed = None
        self.close()
        path = str(attribute(candidate, "path", ""))
        insert = getattr(field, "insert_file_token", None)
        if callable(insert):
            insert(start, end, path)
        else:  # until the input has tokens (branch tokens): the path as text
            field.replace(f"@{path} ", start, end)
