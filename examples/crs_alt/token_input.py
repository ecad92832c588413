"""The alternative client's input with inline file-reference tokens (004 §3.4.5, §3.4.6).

:class:`TokenComposer` is the :class:`~examples.crs_alt.recall.RecallingComposer` with a
:class:`~examples.crs_alt.token_spans.SpanModel` beside its document. A token's caps and
label are plain characters of the document; the model knows which stretches they are, and
every edit goes through :meth:`TokenComposer.edit`, which widens an edit that cuts into a
token to the whole token and re-maps the spans. On that model:

- the cursor never stands inside a token: ←/→ cross it in one step and any other move that
  lands inside is put at its nearer end (``crs-token-atomic-cursor``);
- Backspace right after a token, or Delete right before it, marks it (drawn in the error
  colour); the same key again removes it, shrinking it on Textual's animator so the text
  after it is pulled in (``crs-token-backspace-two-step``, ``crs-token-deletion-animation``);
  a selected range is removed at once, its tokens shrinking where the edit ends
  (``crs-token-range-delete``, ``crs-token-range-delete-animation``);
- Ctrl+Z / Ctrl+Y walk this input's own undo list of (text, spans, selection) snapshots, so
  an undone deletion brings the token back with its ``ref_id`` and path (``crs-token-undo``);
- copy and cut give the text with each token as ``@path`` (``crs-token-copy-as-text``);
- Enter sends typed text escaped and tokens as ``<@file:ref_id|display_path>`` with one
  file reference per token (004 §3.4.6).

The editing keys ``TextArea`` binds are run as each key reaches the input, so a terminal's
burst (Backspace, Backspace, ``x``) applies in the order typed. The file popup puts a token
in with :meth:`TokenComposer.insert_file_token`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.widget import Widget
from textual.widgets import TextArea
from textual.widgets.text_area import Document, Edit, EditResult, Selection

from examples.crs_alt.recall import RecallingComposer
from examples.crs_alt.token_spans import (
    LEFT_CAP,
    RIGHT_CAP,
    FileRef,
    Message,
    Span,
    SpanModel,
    drawn,
    label_of,
    new_ref_id,
)

Location = tuple[int, int]
"""A (row, column) location in the input's document."""

SHRINK_SECONDS = 0.12
"""How long a deleted token takes to shrink to nothing (004 §3.4.5: 100 to 150 ms)."""


@dataclass(frozen=True)
class Snapshot:
    """One state of the input for undo: its text, its spans and its selection."""

    text: str
    spans: tuple[Span, ...]
    selection: Selection


class TokenComposer(RecallingComposer):
    """The input: text, with file-reference tokens tracked beside it (004 §3.4.5)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"composer--token", "composer--token-marked"}
    """A token's colours, and a token's colours once marked for deletion."""

    KEYS_OF_OTHERS = frozenset(
        {"up", "down", "pageup", "pagedown", "enter", "tab", "escape", "ctrl+c", "super+c"}
    )
    """Keys left to the layers below (recall, page keys, the menus, sending) and to Textual.

    Every other key ``TextArea`` binds (Backspace, Delete, ←/→, Home/End, Ctrl+Z...) is run
    here, as the key reaches the input: a binding would run only once the key has bubbled
    up to the app, after characters typed later in the same burst were inserted.
    """

    DEFAULT_CSS = """
    TokenComposer > .composer--token { background: $primary 40%; color: $text; }
    TokenComposer > .composer--token-marked { background: $error 45%; color: $text; }
    """

    def __init__(
        self,
        on_send: Callable[[str, Sequence[FileRef]], None],
        chat: Callable[[], Widget],
        *,
        id: str | None = None,
    ) -> None:
        """Create the input.

        Args:
            on_send: Gets each message sent: ``prompt_text`` and its file references.
            chat: Returns the conversation (for the page keys).
            id: The widget's id.
        """
        self.tokens = SpanModel()
        """The tokens, as spans of the document."""
        self._editing = False
        self._undo: list[Snapshot] = []
        self._redo: list[Snapshot] = []
        self._typing_at: int | None = None
        """Offset right after the last character typed, while the typing goes on."""
        self._quiet = 0
        """Depth of this input's own edits (an undo, a frame of the animation)."""
        self._progress = 0.0
        self._sent_tokens: list[tuple[Span, ...]] = []
        """The tokens of each entry of ``sent``, where they stood in its text."""
        super().__init__(lambda text: on_send(text, ()), chat, id=id)
        self._send_message = on_send

    # -- the public API of the file popup -------------------------------------------

    def insert_file_token(self, start: Location, end: Location, path: str) -> Span:
        """Replace ``start..end`` (the ``@query`` word) with one token for ``path``.

        The cursor goes right after the token. Ctrl+Z brings the replaced text back.

        Args:
            start: Location of the ``@``.
            end: Location just after the typed query.
            path: The selected candidate's path (``FileCandidate.path``).

        Returns:
            The new token's span, with its fresh ``ref_id``.
        """
        self.finish_removal()
        self._remember()
        label = label_of(path)
        text = self.draw(label)
        start, end = sorted((start, end))
        with self._own():
            result = self.replace(text, start, end, maintain_selection_offset=False)
        offset = self._index(start)
        span = Span(new_ref_id(), path, label, offset, len(text))
        self.tokens.add(span)
        self._typing_at = None
        self.move_cursor(result.end_location)
        self._redraw()
        return span

    def message(self) -> Message:
        """What Enter would send now (004 §3.4.6)."""
        return self.tokens.message(self.text)

    def parts(self) -> list[str | Span]:
        """The input as runs of text and tokens, in order (a shrinking token left out)."""
        return self.tokens.parts(self.text)

    @property
    def cursor_units(self) -> int:
        """The cursor's offset with each token counted as 1."""
        return self.tokens.units_before(self._index(self.cursor_location))

    # -- sending ----------------------------------------------------------------

    def popup_open(self) -> bool:
        """Whether a popup takes Enter now (the command menu; a file popup adds its own)."""
        return self.menu.is_open

    async def _on_key(self, event: events.Key) -> None:
        self.finish_removal()
        if event.key == "enter" and not self.popup_open():
            event.stop()
            event.prevent_default()
            self.submit()
            return
        if event.key in self.KEYS_OF_OTHERS:
            return  # RecallingComposer._on_key and the rest of the MRO handle it
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            if not binding.priority:  # an editing key, in order with the typed ones
                event.stop()
                event.prevent_default()
                await self.run_action(binding.action)
                return
        # a typed character: TextArea._on_key, last in the MRO, inserts it

    def submit(self) -> None:
        """Send the input's message and empty it; a blank input is not sent."""
        message = self.message()
        if message.blank:  # crs-blank-not-sent
            return
        text, spans = self.text, tuple(s for s in self.tokens if not s.removing)
        with self._own():
            self.clear()
        self.tokens.restore(())
        self._undo.clear()
        self._redo.clear()
        self.sent.append(text)
        self._sent_tokens.append(spans)
        self.back = 0
        self._send_message(message.prompt_text, message.references)

    def load_text(self, text: str) -> None:
        """Load plain text (a recalled message): no tokens, a fresh undo list."""
        self.finish_removal()
        self.tokens.restore(())
        self._undo.clear()
        self._redo.clear()
        super().load_text(text)

    def show_sent(self, back: int) -> None:
        """Recall a sent message with its tokens, each under a fresh ``ref_id`` (004 §3.4.5).

        The recalled text is the document as sent (each token as drawn); its tokens are put
        back where they stood, so sending it again refers to the same files.
        """
        super().show_sent(back)
        if 0 < back <= len(self._sent_tokens):
            spans = self._sent_tokens[-back]
            self.tokens.restore([replace(span, ref_id=new_ref_id()) for span in spans])
            self._redraw()

    # -- every edit -------------------------------------------------------------

    def edit(self, edit: Edit) -> EditResult:
        """Perform ``edit``, widened to whole tokens, and re-map the tokens onto the text.

        Tokens a user's edit removes (a selected range deleted or typed over) shrink away
        right where the edit ends, as a two-step deletion does (``crs-token-range-delete``,
        ``crs-token-range-delete-animation``).
        """
        start, end = sorted((self._index(edit.from_location), self._index(edit.to_location)))
        if not self._quiet:  # a shrink going on ends first; the range moves with its text
            for shrinking in reversed(self._shrinking()):
                start, end = _moved(start, shrinking), _moved(end, shrinking)
            self.finish_removal()
        start, end = self.tokens.widen(start, end)
        edit.from_location, edit.to_location = self._location(start), self._location(end)
        if not self._quiet:
            typed = start == end and len(edit.text) == 1 and edit.text != "\n"
            if not (typed and self._typing_at == start):
                self._remember()
            self._typing_at = start + 1 if typed else None
            self.tokens.unmark()
        gone = self.tokens.remap(start, end, len(edit.text))
        self._editing = True
        try:
            result = super().edit(edit)
        finally:
            self._editing = False
        self.selection = self.selection  # validated against the re-mapped tokens
        if gone and not self._quiet:
            self._shrink_away(gone, start + len(edit.text))
        self._redraw()
        return result

    def _shrink_away(self, gone: Sequence[Span], at: int) -> None:
        """Put the removed tokens back at offset ``at``, shrinking, the cursor kept."""
        selection = self.selection
        text = "".join(self.text_of(span) for span in gone)
        shift = len(text)
        self.tokens.spans = [
            replace(span, start=span.start + shift) if span.start >= at else span
            for span in self.tokens
        ]
        offset = at
        for span in gone:
            length = len(self.text_of(span))
            self.tokens.add(replace(span, start=offset, length=length, removing=True))
            offset += length
        location = self._location(at)
        self._raw_edit(Edit(text, location, location, maintain_selection_offset=False))
        self.selection = selection
        self._start_shrinking()

    def text_of(self, span: Span) -> str:
        """What ``span`` draws when whole."""
        return self.draw(span.label)

    def draw(self, label: str) -> str:
        """The document text that draws a token of ``label`` (caps and label)."""
        return drawn(label)

    # -- the cursor -------------------------------------------------------------

    def _validate_selection(self, selection: Selection) -> Selection:
        """Keep both ends of the selection out of every token (the nearer end wins)."""
        start, end = super()._validate_selection(selection)
        if self._editing or not self.tokens:
            return Selection(start, end)
        return Selection(self._outside(start), self._outside(end))

    def _outside(self, location: Location) -> Location:
        offset = self._index(location)
        span = self.tokens.inside(offset)
        if span is None:
            return location
        nearer = span.start if offset - span.start < span.end - offset else span.end
        return self._location(nearer)

    def get_cursor_left_location(self) -> Location:
        """One step left: over a whole token when one ends at the cursor."""
        span = self.tokens.at_end(self._index(self.cursor_location))
        if span is not None:
            return self._location(span.start)
        return super().get_cursor_left_location()

    def get_cursor_right_location(self) -> Location:
        """One step right: over a whole token when one starts at the cursor."""
        span = self.tokens.at_start(self._index(self.cursor_location))
        if span is not None:
            return self._location(span.end)
        return super().get_cursor_right_location()

    def watch_selection(self, previous: Selection, selection: Selection) -> None:
        """A cursor move takes back a mark (only the next Backspace/Delete confirms it)."""
        if previous != selection and self.tokens.unmark():
            self._redraw()

    # -- deleting ---------------------------------------------------------------

    def action_delete_left(self) -> None:
        """Backspace: right after a token, mark it, then remove it (two steps)."""
        self.finish_removal()
        if self.selection.is_empty and not self.read_only:
            span = self.tokens.at_end(self._index(self.cursor_location))
            if span is not None:
                self._step(span)
                return
        super().action_delete_left()

    def action_delete_right(self) -> None:
        """Delete: right before a token, mark it, then remove it (two steps)."""
        self.finish_removal()
        if self.selection.is_empty and not self.read_only:
            span = self.tokens.at_start(self._index(self.cursor_location))
            if span is not None:
                self._step(span)
                return
        super().action_delete_right()

    def _step(self, span: Span) -> None:
        """The first key marks ``span``; the second starts its shrinking away."""
        if not span.marked:
            self.tokens.unmark()
            self.tokens.set(span, marked=True)
            self._redraw()
            return
        self._remember()
        self._typing_at = None
        self.tokens.set(span, removing=True)
        with self._own():
            self.move_cursor(self._location(span.start))
        self._start_shrinking()
        self._redraw()

    def _shrinking(self) -> list[Span]:
        """The tokens shrinking away now, in document order."""
        return [span for span in self.tokens if span.removing]

    def _start_shrinking(self) -> None:
        """Animate the shrinking tokens to nothing on Textual's animator (``App.animator``).

        Skipped, the tokens going at once, only at animation level ``none``
        (``TEXTUAL_ANIMATIONS=none``, the user's own wish for no motion).
        """
        self._progress = 0.0
        self.animate(
            "shrink_progress",
            1.0,
            duration=SHRINK_SECONDS,
            easing="linear",
            on_complete=self._shrunk,
            level="basic",
        )

    @property
    def shrink_progress(self) -> float:
        """How far the shrinking tokens are gone: 0 (whole) to 1 (no cell left)."""
        return self._progress

    @shrink_progress.setter
    def shrink_progress(self, value: float) -> None:
        self._progress = value
        for span in reversed(self._shrinking()):  # the last first: the others stay put
            full = self.text_of(span)
            left = min(span.length, math.ceil(len(full) * (1.0 - value) - 1e-9))
            if left < span.length:
                now = self.text[span.start : span.end]
                self._retext(span, now[: left - 1] + now[-1] if left >= 2 else now[:left])

    def _shrunk(self) -> None:
        for span in reversed(self._shrinking()):
            self._retext(span, "")

    def _retext(self, span: Span, text: str) -> None:
        """Draw ``span`` as ``text``, a prefix of what it draws now; with none it is gone."""
        shift = len(text) - span.length
        spans: list[Span] = []
        for other in self.tokens:
            if other == span:
                if text:
                    spans.append(replace(span, length=len(text)))
            elif other.start >= span.end:
                spans.append(replace(other, start=other.start + shift))
            else:
                spans.append(other)
        start, end = self._location(span.start), self._location(span.end)
        self.tokens.spans = spans
        self._raw_edit(Edit(text, start, end, maintain_selection_offset=True))
        self._redraw()

    def _raw_edit(self, edit: Edit) -> None:
        """Apply ``edit`` to the document alone: the caller has set the spans already."""
        self._editing = True
        try:
            TextArea.edit(self, edit)
        finally:
            self._editing = False
        self.selection = self.selection

    def finish_removal(self) -> None:
        """End a deletion animation at once (before the next key, paste, undo or send)."""
        if self._shrinking():
            self.app.animator.force_stop_animation(self, "shrink_progress")
            self._shrunk()

    # -- undo -------------------------------------------------------------------

    def _snapshot(self) -> Snapshot:
        spans = tuple(s for s in self.tokens if not s.removing)
        return Snapshot(self.text, spans, self.selection)

    def _remember(self) -> None:
        """Save the state before a change, for Ctrl+Z; a new change drops the redo list."""
        self._undo.append(self._snapshot())
        del self._undo[:-200]
        self._redo.clear()

    def _restore(self, snapshot: Snapshot) -> None:
        self.tokens.restore(snapshot.spans)
        self._raw_edit(Edit(snapshot.text, (0, 0), self.document.end, False))
        self._typing_at = None
        self.selection = snapshot.selection
        self._redraw()

    def action_undo(self) -> None:
        """Ctrl+Z: back to the state before the last change, tokens and all."""
        self.undo()

    def undo(self) -> None:
        """Undo the last change (a run of typing counts as one)."""
        self.finish_removal()
        if self._undo:
            self._redo.append(self._snapshot())
            self._restore(self._undo.pop())

    def action_redo(self) -> None:
        """Ctrl+Y: redo what the last undo took back."""
        self.redo()

    def redo(self) -> None:
        """Redo the last undone change."""
        self.finish_removal()
        if self._redo:
            self._undo.append(self._snapshot())
            self._restore(self._redo.pop())

    # -- the clipboard ----------------------------------------------------------

    @property
    def selected_text(self) -> str:
        """The selected text with each token in it as ``@path`` (what a copy gives)."""
        start, end = sorted(self._index(location) for location in self.selection)
        return self.tokens.plain(self.text, start, end)

    def action_cut(self) -> None:
        """Cut the selection, tokens as ``@path``; without a selection, the line."""
        if self.selection.is_empty:
            super().action_cut()
            return
        if self.read_only:
            return
        text = self.selected_text
        self._delete_via_keyboard(*self.selection)
        self.app.copy_to_clipboard(text)

    async def _on_paste(self, event: events.Paste) -> None:
        self.finish_removal()

    # -- drawing ----------------------------------------------------------------

    def get_line(self, line_index: int) -> Text:
        """Row ``line_index`` of the document, each token in its colours with its caps."""
        line = super().get_line(line_index)
        if not self.tokens:
            return line
        first = self._index((line_index, 0))
        last = first + len(line.plain)
        for span in self.tokens:
            if span.end <= first or span.start >= last or not span.length:
                continue
            style = self.token_style(span)
            start, end = span.start - first, span.end - first
            line.stylize(style, start, end)
            cap = self.cap_style(style)
            for column in (start, end - 1):
                if line.plain[column : column + 1] in (LEFT_CAP, RIGHT_CAP):
                    line.stylize(cap, column, column + 1)
        return line

    def token_style(self, span: Span) -> Style:
        """The colours of ``span``: the token's, or the marked token's.

        A marked token keeps its colours while it shrinks; one removed with a range shrinks
        in the token's own.
        """
        name = "composer--token-marked" if span.marked else "composer--token"
        return self.get_component_rich_style(name)

    def cap_style(self, token: Style) -> Style:
        """The colours of a cap glyph: the input's colour on the token's background."""
        return Style(color=self.rich_style.bgcolor, bgcolor=token.bgcolor)

    def _redraw(self) -> None:
        self._line_cache.clear()
        self.refresh()

    # -- offsets ----------------------------------------------------------------

    def _text_document(self) -> Document:
        document = self.document
        assert isinstance(document, Document), "the composer edits a plain-text Document"
        return document

    def _index(self, location: Location) -> int:
        return self._text_document().get_index_from_location(location)

    def _location(self, offset: int) -> Location:
        return self._text_document().get_location_from_index(offset)

    def _own(self) -> _Own:
        return _Own(self)


def _moved(offset: int, span: Span) -> int:
    """Where ``offset`` is once the shrinking ``span`` is gone from the document."""
    if offset >= span.end:
        return offset - span.length
    return min(offset, span.start)


class _Own:
    """A context in which the input's edits are its own (not remembered for undo)."""

    def __init__(self, owner: TokenComposer) -> None:
        self.owner = owner

    def __enter__(self) -> None:
        self.owner._quiet += 1

    def __exit__(self, *exc: object) -> None:
        self.owner._quiet -= 1
