"""The multi-line input: Enter sends, Shift+Enter or Ctrl+J inserts a line break.

It also holds the inline file-reference tokens of 004 §3.4.5; their model is in
:mod:`reference_crs.widgets.tokens` and the editing rules in :class:`PromptInput`.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import var
from textual.widgets import TextArea
from textual.widgets.text_area import Location, Selection

from reference_crs.textual_private import (
    clear_line_cache,
    delete_via_keyboard,
    replace_via_keyboard,
)
from reference_crs.widgets.tokens import (
    CAPS,
    LEFT_CAP,
    RIGHT_CAP,
    Token,
    TokenTable,
    clean_typed,
    parse_nodes,
    token_spans,
)

CONTROL_PICTURES = {
    **{code: 0x2400 + code for code in range(0x20) if code != 0x09},
    0x7F: 0x2421,
    **dict.fromkeys(range(0x80, 0xA0), 0xFFFD),
}
"""C0 controls and DEL as their Unicode Control Pictures (``ESC`` as ``␛``), C1 controls as
``�``: a pasted escape sequence is drawn visibly in the input, never sent to the terminal
(the input's text keeps the characters themselves)."""

_LEFT_TO_THE_APP = frozenset({"up", "down", "pageup", "pagedown", "ctrl+c", "super+c", "ctrl+v"})


def visible_line(line: Text) -> Text:
    """``line`` with each control character drawn as its picture, styles kept."""
    plain = line.plain
    pictured = plain.translate(CONTROL_PICTURES)
    if pictured == plain:
        return line
    drawn = Text(pictured, style=line.style, end=line.end, no_wrap=line.no_wrap)
    drawn.spans = list(line.spans)
    return drawn


def typed_invisible(event: events.Key) -> bool:
    """Whether ``event`` types a character Textual does not count as printable, yet text.

    A zero-width joiner (inside an emoji), a bidi control, a no-break space: Python's
    ``str.isprintable`` is false for them, so ``TextArea`` drops them as keys, though a person
    typed them. Control characters (category ``Cc``: Tab, Escape...) are keys, not text.
    """
    char = event.character
    return (
        char is not None
        and len(char) == 1
        and not event.is_printable
        and unicodedata.category(char) not in ("Cc", "Cs")
    )


@runtime_checkable
class KeyTaker(Protocol):
    """A widget holding the input that takes some keys first (the composer's popup keys)."""

    def take_key(self, key: str) -> bool:
        """Handle ``key`` if it is this widget's now; whether it did."""
        ...


class PromptInput(TextArea):
    """A plain-text ``TextArea`` (``crs-input-plain-text``) that sends on Enter.

    Enter is handled in :meth:`_on_key`, not by a binding: Textual runs bindings only after
    the key has bubbled to the app, by which time keys typed right after Enter may already
    be in the text. Here the text is taken and the input cleared before the next key is
    handled, so a burst of keys after Enter lands in the next message.
    """

    NEWLINE_KEYS: tuple[str, ...] = ("shift+enter", "ctrl+j")
    """Keys that insert a line break (``crs-shift-enter-newline``). Shift+Enter reaches the
    app only in terminals that report it (the kitty keyboard protocol); Ctrl+J works in every
    terminal, tmux included (it sends a line feed, which Textual reads as ``ctrl+j``)."""

    DELETION_SECONDS = 0.12
    """Duration of a deleted token's shrinking (``crs-token-deletion-animation``, 100 to 150 ms)."""

    ghost_width: var[float] = var(0.0)
    """Cells still drawn of a deleted token while it shrinks to zero (animated)."""

    KEYS_LEFT_TO_THE_APP: frozenset[str] = _LEFT_TO_THE_APP
    """``TextArea`` keys not run by :meth:`_on_key`: history recall and paging (the app's
    priority bindings), copy and paste (the clipboard path stays Textual's)."""

    EDITING_KEYS: Mapping[str, str] = {
        binding.key: binding.action
        for binding in Binding.make_bindings(TextArea.BINDINGS)
        if binding.key not in _LEFT_TO_THE_APP
    }
    """Key name → ``TextArea`` action of every editing key (arrows, Home/End, Backspace,
    Delete, Ctrl+Z...), run by :meth:`_on_key` as the key reaches the input.

    As a binding it would run only once the key has bubbled up to the app, after the
    characters typed later in the same burst were inserted (``abc ← ← B`` would give
    ``abcB``). The actions are this class's, so token-aware movement and the two-step
    deletion (:meth:`_validate_selection`, :meth:`action_delete_left`) apply."""

    @dataclass
    class Submitted(Message):
        """The user sent ``text``; handled by ``on_prompt_input_submitted``."""

        input: PromptInput
        """The input it was typed in (already cleared)."""
        text: str
        """The text as typed, never blank; each token in it as ``@path``."""
        nodes: tuple[str | Token, ...] = ()
        """The content as text and token nodes (004 §3.4.6), what is sent."""

    def __init__(
        self,
        text: str = "",
        *,
        placeholder: str = "",
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
        disabled: bool = False,
    ) -> None:
        """Create the input.

        Args:
            text: Initial text.
            placeholder: Shown while the input is empty.
            name: The widget's name.
            id: The widget's id.
            classes: Space-separated CSS classes.
            disabled: Whether it starts disabled.
        """
        self.tokens = TokenTable()
        """Every token this input has made, by its left marker (undo brings one back)."""
        self.marked: Token | None = None
        """The token the first Backspace or Delete marked for deletion, if any."""
        self.ghost: tuple[int, int, Token] | None = None
        """``(row, column, token)`` of a deleted token still shrinking on screen."""
        self.ghost_style = self.MARKED_STYLE
        """The style :attr:`ghost`'s label shrinks in (the token's style when it was deleted)."""
        super().__init__(
            text,
            soft_wrap=True,
            tab_behavior="focus",
            show_line_numbers=False,
            highlight_cursor_line=False,
            placeholder=placeholder,
            name=name,
            id=id,
            classes=classes,
            disabled=disabled,
        )

    def offer_key(self, key: str) -> bool:
        """Offer ``key`` to the widget holding this input before the input acts on it.

        ``True`` when that widget took it (an open popup of the
        :class:`~reference_crs.widgets.composer.Composer`), and the key then goes no further
        (004 §3.2 keyboard rules). The holder is any parent with a ``take_key(key) -> bool``
        method (:class:`KeyTaker`); without one, no key is taken.
        """
        holder = self.parent
        return isinstance(holder, KeyTaker) and holder.take_key(key)

    async def _on_key(self, event: events.Key) -> None:
        if self.offer_key(event.key):
            event.stop()
            event.prevent_default()
        elif event.key == "enter":
            event.stop()
            event.prevent_default()
            self.submit()
        elif event.key in self.NEWLINE_KEYS:
            event.stop()
            event.prevent_default()
            start, end = self.selection
            replace_via_keyboard(self, "\n", start, end)
        elif (action := self.EDITING_KEYS.get(event.key)) is not None:
            event.stop()
            event.prevent_default()
            await self.run_action(action)
        elif typed_invisible(event):
            event.stop()
            event.prevent_default()
            start, end = self.selection
            replace_via_keyboard(self, event.character or "", start, end)
        # other keys: Textual calls TextArea._on_key next (handlers run along the MRO
        # until one prevents the default)

    async def _on_paste(self, event: events.Paste) -> None:
        """Insert pasted text as it is, line breaks included; the paste goes no further.

        ``TextArea`` lets the event bubble, so a paste posted to the input itself (rather
        than to the app, which forwards it here) would be inserted twice.
        """
        event.stop()  # TextArea._on_paste, next in the MRO, inserts the text

    def submit(self) -> None:
        """Send the text unless it is blank (``crs-blank-not-sent``); clear the input at once.

        A blank text (spaces and line breaks only) is neither sent nor cleared.
        """
        nodes = tuple(self.nodes())
        text = self.token_text(self.text)
        if not text.strip():
            return
        self._unmark()
        self.clear()
        self.post_message(self.Submitted(self, text, nodes))

    # --- file-reference tokens (004 §3.4.5) ---

    TOKEN_STYLE = Style(color="#e6f0ff", bgcolor="#1f4a7a")
    """A token's label (``crs-token-background``: a light accent, not the input's colour)."""
    MARKED_STYLE = Style(color="#ffe6e6", bgcolor="#7a1f2a")
    """A token marked for deletion by the first Backspace or Delete (``crs-token-mark``)."""

    def insert_file_token(self, start: Location, end: Location, path: str) -> Token:
        """Replace the text ``start..end`` (the ``@query`` word) with one token for ``path``.

        The cursor is left right after the token (``crs-token-replaces-query``).

        Args:
            start: TextArea location ``(row, column)`` where the replaced text begins.
            end: TextArea location where it ends (exclusive).
            path: The selected candidate's path.

        Returns:
            The new token: a fresh ``ref_id`` (``crs-multiple-tokens``), the path and the
            label drawn.
        """
        token = self.tokens.new(path)
        result = self.replace(token.text, start, end, maintain_selection_offset=False)
        self.history.checkpoint()
        self.move_cursor(result.end_location)
        return token

    def nodes(self) -> list[str | Token]:
        """The input's content as text nodes and token nodes, in order."""
        return parse_nodes(self.text, self.tokens)

    def cursor_offset(self) -> int:
        """The cursor's offset in nodes: a character counts 1, a token counts 1."""
        row, column = self.cursor_location
        lines = self.text.split("\n")
        before = "\n".join([*lines[:row], lines[row][:column] if row < len(lines) else ""])
        return sum(1 if isinstance(node, Token) else len(node) for node in self.nodes_of(before))

    def nodes_of(self, text: str) -> list[str | Token]:
        """``text`` (a prefix of the document) as nodes."""
        return parse_nodes(text, self.tokens)

    def _spans(self, row: int) -> list[tuple[int, int, Token]]:
        try:
            line = self.document.get_line(row)
        except IndexError:
            return []
        return token_spans(line, self.tokens)

    def _span_around(self, location: Location) -> tuple[int, int, Token] | None:
        """The token whose run has ``location`` strictly inside it, if any."""
        row, column = location
        for span in self._spans(row):
            if span[0] < column < span[1]:
                return span
        return None

    def _validate_selection(self, selection: Selection) -> Selection:
        """Keep the cursor out of tokens (``crs-token-atomic-cursor``).

        A cursor that lands inside a token's run goes to the edge in the direction it moved
        (the nearer edge after a jump); a range end inside a token goes to the edge that
        puts the whole token in the range.
        """
        start, end = super()._validate_selection(selection)
        previous = self.selection.end
        if start == end:
            span = self._span_around(end)
            if span is not None:
                row = end[0]
                first, last, _ = span
                if previous[0] == row and previous[1] <= first:
                    end = (row, last)
                elif previous[0] == row and previous[1] >= last:
                    end = (row, first)
                else:
                    end = (row, first if end[1] - first <= last - end[1] else last)
                start = end
            return Selection(start, end)
        forward = start <= end
        start = self._widen(start, backward=forward)
        end = self._widen(end, backward=not forward)
        return Selection(start, end)

    def _widen(self, location: Location, *, backward: bool) -> Location:
        span = self._span_around(location)
        if span is None:
            return location
        return (location[0], span[0] if backward else span[1])

    def token_range(self, start: Location, end: Location) -> tuple[Location, Location]:
        """``start..end`` sorted and widened to whole tokens."""
        top, bottom = sorted((start, end))
        return self._widen(top, backward=True), self._widen(bottom, backward=False)

    def _delete_via_keyboard(self, start: Location, end: Location):  # type: ignore[no-untyped-def]
        """Delete a range from the keyboard; its tokens go whole (``crs-token-range-delete``)."""
        self._unmark()
        top, bottom = self.token_range(start, end)
        removed = [
            (top[0], top[1], node)
            for node in self.nodes_of(self.get_text_range(top, bottom))
            if isinstance(node, Token)
        ]
        result = super()._delete_via_keyboard(top, bottom)
        self.shrink_tokens(removed[:1], self.TOKEN_STYLE)
        return result

    def _replace_via_keyboard(self, insert: str, start: Location, end: Location):  # type: ignore[no-untyped-def]
        """Insert typed or pasted text; it never forges a token nor splits one."""
        self._unmark()
        top, bottom = self.token_range(start, end)
        return super()._replace_via_keyboard(clean_typed(insert), top, bottom)

    def token_before(self) -> tuple[int, int, Token] | None:
        """The token ending at the cursor, as ``(first, last, token)`` columns, or ``None``."""
        row, column = self.cursor_location
        return next((span for span in self._spans(row) if span[1] == column), None)

    def token_after(self) -> tuple[int, int, Token] | None:
        """The token starting at the cursor, as ``(first, last, token)`` columns, or ``None``."""
        row, column = self.cursor_location
        return next((span for span in self._spans(row) if span[0] == column), None)

    def action_delete_left(self) -> None:
        """Backspace: right after a token, mark it, then remove it (two steps, 004 §3.4.5)."""
        if self.selection.is_empty and (span := self.token_before()) is not None:
            self.delete_in_two_steps(span)
            return
        super().action_delete_left()

    def action_delete_right(self) -> None:
        """Delete: right before a token, mark it, then remove it (two steps, 004 §3.4.5)."""
        if self.selection.is_empty and (span := self.token_after()) is not None:
            self.delete_in_two_steps(span)
            return
        super().action_delete_right()

    def delete_in_two_steps(self, span: tuple[int, int, Token]) -> None:
        """Delete the token ``span``: mark it on the first press, remove it on the second.

        (``crs-token-backspace-two-step``, ``crs-token-delete-two-step``; the removed token
        shrinks away, ``crs-token-deletion-animation``.)
        """
        first, last, token = span
        if self.marked is not token:
            self.marked = token
            self._redraw()
            return
        row = self.cursor_location[0]
        self._unmark()
        self.history.checkpoint()
        delete_via_keyboard(self, (row, first), (row, last))
        self.history.checkpoint()
        self.shrink_tokens([(row, first, token)], self.MARKED_STYLE)

    def shrink_tokens(self, removed: list[tuple[int, int, Token]], style: Style) -> None:
        """Draw the first of the ``removed`` tokens narrowing to nothing where it was.

        The token is already out of the document (and of the model); on Textual's animator
        its drawn width goes from its full width to zero in :data:`DELETION_SECONDS`
        (``crs-token-deletion-animation``, ``crs-token-deletion-not-instant``). With
        ``App.animation_level`` ``"none"`` (the user's reduced-motion setting) the animator
        skips to the end and it goes at once (catalogue decision).

        Args:
            removed: ``(row, column, token)`` of each token removed, in document order.
            style: The style it was drawn in when removed.
        """
        if not removed:
            return
        self.ghost = removed[0]
        self.ghost_style = style
        self.set_reactive(PromptInput.ghost_width, float(len(self.ghost[2].label) + 2))
        self._redraw()
        self.animate(
            "ghost_width",
            0.0,
            duration=self.DELETION_SECONDS,
            level="basic",
            on_complete=self.clear_ghost,
        )

    def clear_ghost(self) -> None:
        """Drop a deleted token's shrinking ghost when its animation ends (a seam for variants)."""
        self.ghost = None
        self._redraw()

    def watch_ghost_width(self) -> None:
        """Redraw as the shrinking token narrows."""
        self._redraw()

    def _unmark(self) -> None:
        if self.marked is not None:
            self.marked = None
            self._redraw()

    def _redraw(self) -> None:
        clear_line_cache(self)
        self.refresh()

    def _watch_selection(self, previous_selection: Selection, selection: Selection) -> None:
        super()._watch_selection(previous_selection, selection)
        if previous_selection != selection:
            self._unmark()

    def get_line(self, line_index: int) -> Text:
        """The line as drawn: tokens with caps ``▐ ▌``, controls as pictures.

        Each token's label is on the token colour between its caps; each control character
        is drawn as its picture (:data:`CONTROL_PICTURES`).
        """
        line = visible_line(self.token_line(line_index))
        ghost = self.ghost
        if ghost is not None and ghost[0] == line_index:
            cells = round(self.ghost_width)
            if cells > 0:
                label = ghost[2].label[: max(cells - 2, 0)]
                caps = Style(color=self.ghost_style.bgcolor)
                drawn = Text.assemble(
                    (LEFT_CAP, caps), (label, self.ghost_style), (RIGHT_CAP, caps)
                )[:cells]
                line = line[: ghost[1]] + drawn + line[ghost[1] :]
        return line

    def token_line(self, line_index: int) -> Text:
        """Line ``line_index`` with each token drawn as a capped chip apart from the text.

        (``crs-token-background``, ``crs-token-rounded``; a marked token in :attr:`MARKED_STYLE`.)
        """
        line = super().get_line(line_index)
        spans = self._spans(line_index)
        if not spans:
            return line
        chars = list(line.plain.translate(CAPS))
        for first, _, _ in spans:
            chars[first] = LEFT_CAP
        drawn = Text("".join(chars), end="", no_wrap=True)
        for first, last, token in spans:
            style = self.MARKED_STYLE if token is self.marked else self.TOKEN_STYLE
            cap = Style(color=style.bgcolor)
            drawn.stylize(cap, first, first + 1)
            drawn.stylize(style, first + 1, last - 1)
            drawn.stylize(cap, last - 1, last)
        return drawn

    def token_text(self, text: str) -> str:
        """``text`` with each token as ``@path`` (``crs-token-copy-as-text``)."""
        return "".join(
            "@" + node.path if isinstance(node, Token) else node for node in self.nodes_of(text)
        )

    @property
    def selected_text(self) -> str:
        """The selection, each token in it as ``@path``."""
        return self.token_text(super().selected_text)
