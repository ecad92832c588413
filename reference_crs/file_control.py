"""The `@` file-reference popup's behaviour: trigger, searches, answers, keys (004 §3.4.1-§3.4.4).

:class:`FileControl` keeps the :class:`~reference_crs.widgets.file_popup.FilePopup` in step
with the input's text and cursor, as :class:`~reference_crs.slash_control.SlashControl` does
for commands:

- the popup opens for an `@` at the start of a line or after whitespace, the query being
  what follows it up to the cursor (a `/` in it is a path separator, ``crs-at-slash-is-path``);
  an `@` inside a word (``user@host``, ``a.@b``) is text (``crs-at-no-trigger-after-word``);
- it never opens while the slash popup is open, and closes when that one opens
  (``crs-popups-exclusive``);
- each new query is sent as a ``control.file.search`` with a fresh ``query_id``: the query
  the popup opens with at once (the recent files, nothing typed yet to wait for), every later
  one :data:`SEARCH_DEBOUNCE` seconds after the last key that changed the query, on a Textual
  timer restarted by each such key and stopped when the popup closes
  (``crs-at-search-debounce``); the spinner shows from the change to the answer, beside the
  previous results (``crs-at-loading-indicator``), and only the answer carrying the last
  ``query_id`` sent is drawn (``crs-at-current-query-only``, ``crs-at-stale-results-ignored``);
- selecting a candidate replaces the `@query` word by a token
  (``PromptInput.insert_file_token``).

It is a part of the :class:`~reference_crs.widgets.composer.Composer`; a search goes out as
the composer's :class:`~reference_crs.widgets.composer.Composer.SearchRequested` message,
which the app sends through the port.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rawp_port import FileSearch
from reference_crs.slash import attribute, word_before
from reference_crs.slash_control import popup_key
from reference_crs.widgets.file_popup import FilePopup
from reference_crs.widgets.prompt_input import PromptInput

if TYPE_CHECKING:
    from textual.timer import Timer

    from reference_crs.widgets.composer import Composer

SEARCH_DEBOUNCE = 0.2
"""Seconds from the last key that changed the `@` query to its ``control.file.search``.

Within the 150-300 ms window of ``crs-at-search-debounce`` (SHOULD, 004 §3.4.3 ¶1): a person
typing at 30-120 ms a key gets one search when they pause, not one per key.
"""


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
    start, word = word_before(line, column)
    if not word.startswith("@"):
        return None
    return FileTrigger(row, start, word[1:])


class FileControl:
    """Drives the composer's file popup from its input and the agent's answers."""

    def __init__(self, composer: Composer) -> None:
        """Drive ``composer``'s file popup."""
        self.composer = composer
        """The widget holding the input and the popups."""
        self.active: str | None = None
        """The ``query_id`` of the last search sent while the popup is open."""
        self.sent_query: str | None = None
        """The query of that search."""
        self._ids = itertools.count(1)
        self.dismissed: tuple[int, int] | None = None
        """Where the `@` of a word closed by Escape is: it stays closed until the word goes."""
        self.awaiting = False
        """Whether the active search is still unanswered."""
        self.pending_query: str | None = None
        """The query waiting on the debounce timer, if any."""
        self.timer: Timer | None = None
        """The running debounce timer (firing :meth:`flush`), ``None`` when no search waits."""

    @property
    def popup(self) -> FilePopup:
        """The popup."""
        return self.composer.file_popup

    @property
    def input(self) -> PromptInput:
        """The input."""
        return self.composer.input

    def trigger(self) -> FileTrigger | None:
        """The `@` word at the input's cursor, if it opens the popup."""
        field = self.input
        if field.selection.start != field.selection.end:
            return None
        row, column = field.cursor_location
        return find_file_trigger(field.document.get_line(row), row, column)

    def slash_open(self) -> bool:
        """Whether the slash-command popup is open (then this one stays shut)."""
        return self.composer.slash.popup.is_open

    def sync(self) -> None:
        """Open, update or close the popup for the input's text now."""
        if not self.composer.is_attached:  # the screen is being torn down: the client is closing
            return
        found = self.trigger()
        if found is None or (found.row, found.column) == self.dismissed or self.slash_open():
            if found is None:
                self.dismissed = None
            self.close()
            return
        popup = self.popup
        if not popup.is_open:
            popup.open_waiting()
            self.search(found.query)
        elif found.query != (self.sent_query if self.timer is None else self.pending_query):
            self.schedule(found.query)

    def schedule(self, query: str) -> None:
        """(Re)start the debounce timer: ``query`` is searched :data:`SEARCH_DEBOUNCE` s from now.

        Going back to the query last sent sends nothing (its answer, if in, stays drawn).
        A seam: a variant debouncing otherwise overrides it (the timer is :attr:`timer`, firing
        :meth:`flush`).
        """
        self._cancel()
        if query == self.sent_query:
            self.popup.set_loading(self.awaiting)
            return
        self.pending_query = query
        self.popup.set_loading(True)
        self.timer = self.composer.set_timer(
            SEARCH_DEBOUNCE, self.flush, name="file-search-debounce"
        )

    def _cancel(self) -> None:
        """Stop the debounce timer, if running; its query is not sent."""
        if self.timer is not None:
            self.timer.stop()
        self.timer = self.pending_query = None

    def flush(self) -> None:
        """The timer fired: send the query typed now, if the popup is still open for it."""
        self.timer = self.pending_query = None
        found = self.trigger()
        if found is None or not self.popup.is_open or found.query == self.sent_query:
            return
        self.search(found.query)

    def next_query_id(self) -> str:
        """A ``query_id`` not used before in this app (``crs-at-current-query-only``)."""
        return f"file-query-{next(self._ids)}"

    def search(self, query: str) -> None:
        """Ask for ``control.file.search`` of ``query`` and make it the active query.

        A seam: the frame goes out through :meth:`Composer.request_search`.
        """
        self._cancel()
        self.active, self.sent_query = self.next_query_id(), query
        self.awaiting = True
        self.popup.set_loading(True)
        self.composer.request_search(FileSearch(query_id=self.active, query=query))

    def answer(self, event: Any) -> None:
        """Draw a ``session.file.candidates`` answer if it is for the active query."""
        if not self.accepts(str(attribute(event, "query_id", ""))):
            return
        popup = self.popup
        popup.show_candidates(list(attribute(event, "candidates", ()) or ()))
        self.awaiting = False
        popup.set_loading(self.timer is not None)

    def accepts(self, query_id: str) -> bool:
        """Whether an answer for ``query_id`` is drawn: only the active query's, popup open."""
        return self.popup.is_open and query_id == self.active

    def close(self) -> None:
        """Close the popup; a search waiting on its timer is not sent, late answers are dropped."""
        self._cancel()
        self.popup.close()
        self.active = self.sent_query = None
        self.awaiting = False

    def key(self, key: str) -> bool:
        """Handle ``key`` if the popup is open (``Composer.take_key``); whether it did."""
        return popup_key(self, key)

    def dismiss(self) -> None:
        """Escape: close the popup, keeping the text; it stays closed until its `@` goes."""
        found = self.trigger()
        self.dismissed = (found.row, found.column) if found else None
        self.close()

    def choose(self, candidate: object) -> None:
        """Replace the `@query` word by a token for ``candidate`` and close the popup."""
        found, field = self.trigger(), self.input
        if found is None:
            return
        start, end = (found.row, found.column), field.cursor_location
        self.dismissed = None
        self.close()
        field.insert_file_token(start, end, str(attribute(candidate, "path", "")))
