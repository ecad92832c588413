"""The ``@`` trigger of the alternative client's input and its file searches (004 §3.4).

:class:`FileComposer` is the outermost layer of the input, over
:class:`~examples.crs_alt.token_input.TokenComposer` (tokens, history recall, the command
menu), so it sees every key first: an
``@`` typed at the start of a line or right after whitespace, while the command menu is
closed, opens the file popup (``crs-at-trigger-position``, ``crs-at-no-trigger-after-word``,
``crs-at-no-trigger-in-slash-popup``); after a letter, a digit or ``.`` it is plain text.
While the popup is open the input keeps the focus and hands ↑/↓/Enter/Tab/Esc to it, and a
``/`` is typed here, never reaching the slash trigger (``crs-at-slash-is-path``). Every edit
or cursor move re-reads the query, the text between the ``@`` and the cursor.

Searches: the ``@`` itself asks for the empty query at once (the recent files); each later
query waits :attr:`FileComposer.DEBOUNCE` seconds of quiet typing (a Textual timer, reset by
every change) before its ``control.file.search`` goes out (``crs-at-search-debounce``). Each
query gets a fresh ``query_id`` the moment it is typed, and only the answer carrying the
latest one is applied, so an earlier query's late answer is dropped even before the next
search is sent (``crs-at-current-query-only``, ``crs-at-stale-results-ignored``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import count

from textual import events
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import TextArea

from examples.crs_alt import wire
from examples.crs_alt.file_menu import FilePopup, FileRow
from examples.crs_alt.slash_input import Location
from examples.crs_alt.token_input import TokenComposer
from examples.crs_alt.token_spans import FileRef


class FileComposer(TokenComposer):
    """The input, owner of the command menu and of the file popup (:attr:`files`)."""

    FILE_KEYS = frozenset({"up", "down", "enter", "tab", "escape"})
    """Keys the open file popup takes; every other key edits the text and re-queries."""
    DEBOUNCE = 0.2
    """Seconds of quiet typing before a query is searched (the spec: 150 to 300 ms)."""

    def __init__(
        self,
        on_send: Callable[[str, Sequence[FileRef]], None],
        chat: Callable[[], Widget],
        *,
        id: str | None = None,
    ) -> None:
        """Create the input (arguments as ``TokenComposer``'s) and its closed popups."""
        super().__init__(on_send, chat, id=id)
        self.files = FilePopup(self.pick_file, id="files")
        """The file popup: the screen places it right above the input."""
        self._at: Location | None = None
        self._ids = count(1)
        self.query_id: str | None = None
        """The active query's id: the only one whose answer is applied."""
        self._pending: Timer | None = None

    async def _on_key(self, event: events.Key) -> None:
        if self.files.is_open:
            self._sync_files()
        if self.files.is_open and event.key in self.FILE_KEYS:
            self._take(event)
            self._file_key(event.key)
        elif self.files.is_open and event.character == "/":
            self._take(event)  # a path separator, never the slash trigger
            self._type("/")
        elif event.character == "@" and not self.menu.is_open and self._at_trigger():
            self._take(event)
            start = min(self.selection)
            self._type("@")
            self._at = start
            self.files.open()
            self._ask("", at_once=True)
        # otherwise TokenComposer._on_key, next in the MRO, handles it

    def popup_open(self) -> bool:
        """Whether a popup takes Enter now: the command menu or the file popup."""
        return super().popup_open() or self.files.is_open

    @staticmethod
    def _take(event: events.Key) -> None:
        event.stop()
        event.prevent_default()

    def _type(self, text: str) -> None:
        """Type ``text`` over the selection, the cursor after it."""
        start, end = min(self.selection), max(self.selection)
        self.replace(text, start, end, maintain_selection_offset=False)

    def _file_key(self, key: str) -> None:
        """↑/↓ move (wrapping), Enter/Tab select, Esc closes and keeps the text."""
        if key in ("up", "down"):
            self.files.list.move(-1 if key == "up" else 1)
        elif key == "escape":
            self._close_files()
        elif (row := self.files.list.chosen) is not None:
            self.pick_file(row)

    # the query

    def _sync_files(self) -> None:
        """Re-read the query; close when the cursor leaves the ``@`` word or it is gone."""
        if not self.files.is_open:
            return
        query = self.typed_after(self._at, "@")
        if query is None:
            self._close_files()
        elif query != self.files.asked:
            self._ask(query)

    def _ask(self, query: str, at_once: bool = False) -> None:
        """Give ``query`` a fresh id and search it now or after the quiet time."""
        query_id = f"q{next(self._ids)}"
        self.query_id = query_id
        self.files.waiting(query)
        if self._pending is not None:
            self._pending.stop()
            self._pending = None
        if at_once:
            self._search(query_id, query)
        else:
            self._pending = self.set_timer(self.DEBOUNCE, lambda: self._search(query_id, query))

    def _search(self, query_id: str, query: str) -> None:
        """Send the search unless a newer query took its place or the popup closed."""
        self._pending = None
        if self.files.is_open and query_id == self.query_id:
            self.app.port.send(wire.FileSearch(query_id, query))  # type: ignore[attr-defined]

    def file_candidates(self, event: object) -> None:
        """Apply ``session.file.candidates`` when it answers the active query; drop it else."""
        if self.files.is_open and wire.text_field(event, "query_id") == self.query_id:
            self.files.answered(getattr(event, "candidates", None) or ())

    def _close_files(self) -> None:
        self.files.close()
        self._at = None
        self.query_id = None
        if self._pending is not None:
            self._pending.stop()
            self._pending = None

    # selection

    def pick_file(self, row: FileRow) -> None:
        """Put a reference to ``row``'s file in place of the typed ``@query``; close."""
        start = self._at or self.cursor_location
        end = max(self.cursor_location, start)
        self._close_files()
        self.insert_file_reference(start, end, row.path)

    def insert_file_reference(self, start: Location, end: Location, path: str) -> None:
        """Replace ``start..end`` with a reference to ``path``: one token of the input's model.

        The one place that decides what a selection puts in the input
        (:meth:`~examples.crs_alt.token_input.TokenComposer.insert_file_token`).
        """
        self.insert_file_token(start, end, path)

    def on_text_area_changed(self, event: TextArea.Changed) -> None:
        """Re-query after any edit (typing, deleting, pasting)."""
        self._sync_files()

    def on_text_area_selection_changed(self, event: TextArea.SelectionChanged) -> None:
        """Close the popup when the cursor leaves the ``@`` word."""
        self._sync_files()
