"""Mutants of seed area §3.4.5 File reference tokens.

Each is the reference RAWP-CRS client with one defect in that area, caught by a
scenario of ``features/rawp_crs/`` citing its clause.
"""

from __future__ import annotations

import dataclasses as _dc
import itertools as _it
import unicodedata
from typing import Any

from rich.style import Style as _Style
from rich.text import Text as _Text
from textual.widgets import TextArea as _TextArea
from textual.widgets.text_area import Location as _Location
from textual.widgets.text_area import Selection as _Selection

from reference_crs.app import CrsApp
from reference_crs.widgets import (
    PromptInput,
)
from reference_crs.widgets import tokens as _tokens
from reference_crs.widgets.tokens import Token as _Token
from reference_crs.widgets.tokens import TokenTable as _TokenTable
from tests.candidates.crs_mutants._registry import mutant
from tests.candidates.crs_mutants._shared import _EditingKeysAsBindings


def _input_app(name: str, doc: str, field: type[PromptInput]) -> type[CrsApp]:
    """A reference client whose input is ``field``."""

    def prompt_input(self: CrsApp) -> PromptInput:
        return field(placeholder="메시지를 입력하세요", id=self.INPUT_ID)

    return type(
        name, (CrsApp,), {"__doc__": doc, "prompt_input": prompt_input, "__module__": __name__}
    )


class _KeepsQuery(PromptInput):
    def insert_file_token(self, start: _Location, end: _Location, path: str) -> _tokens.Token:
        return super().insert_file_token(end, end, path)


mutant(
    _input_app(
        "TokenKeepsQuery",
        "crs-token-replaces-query: the token is inserted after the @query, which stays.",
        _KeepsQuery,
    )
)


class _PlainToken(PromptInput):
    TOKEN_STYLE = _Style(color="#e6f0ff")


mutant(
    _input_app(
        "TokenOnInputBackground",
        "crs-token-background: the token is drawn on the input's own background.",
        _PlainToken,
    )
)


class _SpaceCaps(PromptInput):
    def get_line(self, line_index: int) -> _Text:
        line = super().get_line(line_index)
        drawn = line.copy()
        drawn.plain = line.plain.replace(_tokens.LEFT_CAP, " ").replace(_tokens.RIGHT_CAP, " ")
        for index, char in enumerate(line.plain):
            if char in (_tokens.LEFT_CAP, _tokens.RIGHT_CAP):
                drawn.stylize(_Style(bgcolor=self.TOKEN_STYLE.bgcolor), index, index + 1)
        return drawn


mutant(
    _input_app(
        "TokenCapsAreSpaces",
        "crs-token-rounded: the token's ends are padding spaces, no distinct cap glyphs.",
        _SpaceCaps,
    )
)


class _WholePathTable(_tokens.TokenTable):
    def new(self, path: str) -> _tokens.Token:
        token = _dc.replace(super().new(path), display_path=path)
        self.by_marker[token.marker] = token
        return token


class _WholePath(PromptInput):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tokens = _WholePathTable()


mutant(
    _input_app(
        "TokenShowsWholeLongPath",
        "crs-token-label: a long path is shown whole in the token.",
        _WholePath,
    )
)


class _EnterableToken(PromptInput):
    def _validate_selection(self, selection: _Selection) -> _Selection:
        return _TextArea._validate_selection(self, selection)


mutant(
    _input_app(
        "CursorEntersToken",
        "crs-token-atomic-cursor: the arrow keys walk into the token's characters.",
        _EnterableToken,
    )
)


class _OneStepBackspace(PromptInput):
    def action_delete_left(self) -> None:
        if self.selection.is_empty and (span := self.token_before()) is not None:
            self.delete_in_two_steps(span)
            self.delete_in_two_steps(span)
            return
        super().action_delete_left()


mutant(
    _input_app(
        "BackspaceDeletesTokenAtOnce",
        "crs-token-backspace-two-step: one Backspace after a token deletes it.",
        _OneStepBackspace,
    )
)


class _OneStepDelete(PromptInput):
    def action_delete_right(self) -> None:
        if self.selection.is_empty and (span := self.token_after()) is not None:
            self.delete_in_two_steps(span)
            self.delete_in_two_steps(span)
            return
        super().action_delete_right()


mutant(
    _input_app(
        "DeleteDeletesTokenAtOnce",
        "crs-token-delete-two-step: one Delete before a token deletes it.",
        _OneStepDelete,
    )
)


class _Instant(PromptInput):
    def shrink_tokens(self, removed: list[tuple[int, int, _tokens.Token]], style: _Style) -> None:
        return None


mutant(
    _input_app(
        "TokenRemovedInstantly",
        "crs-token-deletion-not-instant: a deleted token disappears at once.",
        _Instant,
    )
)


class _NoShrink(PromptInput):
    hold = 0.0

    def shrink_tokens(self, removed: list[tuple[int, int, _tokens.Token]], style: _Style) -> None:
        if not removed:
            return
        self.ghost, self.ghost_style = removed[0], style
        self.set_reactive(PromptInput.ghost_width, float(len(removed[0][2].label) + 2))
        self.hold = 0.0
        self.animate("hold", 1.0, duration=self.DELETION_SECONDS, on_complete=self.clear_ghost)


mutant(
    _input_app(
        "TokenVanishesWithoutShrinking",
        "crs-token-deletion-animation: the deleted token stays whole, then vanishes.",
        _NoShrink,
    )
)


class _Jumps(PromptInput):
    def shrink_tokens(self, removed: list[tuple[int, int, _tokens.Token]], style: _Style) -> None:
        super().shrink_tokens(removed, style)
        self.styles.min_height = self.outer_size.height + 2

    def clear_ghost(self) -> None:
        super().clear_ghost()
        self.styles.min_height = None


mutant(
    _input_app(
        "DeletionMakesInputJump",
        "crs-token-deletion-no-jump: the input grows by two rows while a token shrinks.",
        _Jumps,
    )
)


class _RangeKeepsTokens(PromptInput):
    def _delete_via_keyboard(self, start: _Location, end: _Location):  # type: ignore[no-untyped-def]
        top, bottom = self.token_range(start, end)
        kept = "".join(
            node.text
            for node in self.nodes_of(self.get_text_range(top, bottom))
            if isinstance(node, _tokens.Token)
        )
        result = super()._delete_via_keyboard(top, bottom)
        if kept:
            self.insert(kept, top)
        return result


mutant(
    _input_app(
        "RangeDeletionKeepsTokens",
        "crs-token-range-delete: deleting a selected range leaves its tokens in place.",
        _RangeKeepsTokens,
    )
)


class _UndoNewIds(PromptInput):
    _fresh = _it.count(1)

    def undo(self) -> None:
        super().undo()
        for node in self.nodes():
            if isinstance(node, _tokens.Token):
                self.tokens.by_marker[node.marker] = _dc.replace(
                    node, ref_id=f"undone-{next(self._fresh)}"
                )


mutant(
    _input_app(
        "UndoLosesRefId",
        "crs-token-undo: Ctrl+Z restores the token's text with a new ref_id.",
        _UndoNewIds,
    )
)


class _SharedIdTable(_tokens.TokenTable):
    def new(self, path: str) -> _tokens.Token:
        token = super().new(path)
        first = next((t for t in self.by_marker.values() if t.path == path), token)
        token = _dc.replace(token, ref_id=first.ref_id)
        self.by_marker[token.marker] = token
        return token


class _SharedIds(PromptInput):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tokens = _SharedIdTable()


mutant(
    _input_app(
        "SameFileSharesRefId",
        "crs-token-multiple: two tokens of the same file share one ref_id.",
        _SharedIds,
    )
)


@mutant
class EditingKeysAfterBurst(CrsApp):
    """crs-token-atomic-cursor: a burst's ←/→ and Backspace run after the characters typed later."""

    def prompt_input(self) -> PromptInput:
        return _EditingKeysAsBindings(placeholder="메시지를 입력하세요", id=self.INPUT_ID)


class _QuestionMarkToken(_Token):
    """A token whose label draws control characters as ``?`` (the popup draws ``␊``)."""

    @property
    def label(self) -> str:
        return "@" + "".join(
            "?" if unicodedata.category(char) in ("Cc", "Cf") else char
            for char in self.display_path
        )


class _QuestionMarkTable(_TokenTable):
    def new(self, path: str) -> _Token:
        made = super().new(path)
        token = _QuestionMarkToken(made.marker, made.ref_id, made.path, made.display_path)
        self.by_marker[token.marker] = token
        return token


class _QuestionMarkInput(PromptInput):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tokens = _QuestionMarkTable()


@mutant
class TokenNameDrawnTwoWays(CrsApp):
    """crs-file-names-harmless: the input's token draws a line break in a name as ?, the popup ␊."""

    def prompt_input(self) -> PromptInput:
        return _QuestionMarkInput(id=self.INPUT_ID)
