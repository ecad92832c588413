"""Mutants of seed area §2.5.1 Sending a message.

Each is the reference RAWP-CRS client with one defect in that area, caught by a
scenario of ``features/rawp_crs/`` citing its clause.
"""

from __future__ import annotations

import unicodedata
from typing import Any, ClassVar

from textual import events
from textual.binding import Binding, BindingType

from reference_crs.app import CrsApp
from reference_crs.widgets import (
    PromptInput,
)
from reference_crs.widgets.prompt_input import PromptInput as _PromptInput
from tests.candidates.crs_mutants._registry import mutant
from tests.candidates.crs_mutants._shared import _EditingKeysAsBindings


class _SendsBlank(PromptInput):
    """An input that sends whatever it holds, blank or not."""

    def submit(self) -> None:
        text = self.text
        self.clear()
        self.post_message(self.Submitted(self, text))


@mutant
class BlankSent(CrsApp):
    """crs-blank-not-sent: a whitespace-only input is sent as a prompt."""

    def prompt_input(self) -> PromptInput:
        return _SendsBlank(id=self.INPUT_ID)


class _NoNewline(PromptInput):
    """An input whose newline keys send the message, as Enter does."""

    async def _on_key(self, event: Any) -> None:
        if event.key in self.NEWLINE_KEYS:
            event.stop()
            event.prevent_default()
            self.submit()
            return
        await super()._on_key(event)


@mutant
class ShiftEnterSends(CrsApp):
    """crs-shift-enter-newline: Shift+Enter (and the second newline key) sends the message."""

    def prompt_input(self) -> PromptInput:
        return _NoNewline(id=self.INPUT_ID)


class _SendsFirstLine(PromptInput):
    """An input that sends only the first line of what it holds."""

    def submit(self) -> None:
        text = self.text
        if not text.strip():
            return
        self.clear()
        self.post_message(self.Submitted(self, text.split("\n")[0].rstrip() + " "))


@mutant
class SendsMangled(CrsApp):
    """crs-enter-sends: Enter sends the first line with a trailing space, not the typed text."""

    def prompt_input(self) -> PromptInput:
        return _SendsFirstLine(id=self.INPUT_ID)


class _DropsTypedInvisible(PromptInput):
    """Drops a typed character Python does not count as printable (ZWJ, bidi controls)."""

    async def _on_key(self, event: events.Key) -> None:
        char = event.character
        if (
            char
            and len(char) == 1
            and not char.isprintable()
            and unicodedata.category(char) != "Cc"
        ):
            event.stop()
            event.prevent_default()


@mutant
class TypedJoinerDropped(CrsApp):
    """crs-typed-text-kept: a typed zero-width joiner or bidi control never reaches the prompt."""

    def prompt_input(self) -> PromptInput:
        return _DropsTypedInvisible(id=self.INPUT_ID)


@mutant
class BurstEditsAfterTyping(CrsApp):
    """crs-typed-keys-in-order: a burst's ←/→, Home and Backspace act after the later characters."""

    def prompt_input(self) -> PromptInput:
        return _EditingKeysAsBindings(placeholder="메시지를 입력하세요", id=self.INPUT_ID)


class _SendsUnicodeBlank(PromptInput):
    """An input whose blank check knows only ASCII spaces, tabs and line breaks."""

    def submit(self) -> None:
        nodes = tuple(self.nodes())
        text = self.token_text(self.text)
        if not text.strip(" \t\r\n"):
            return
        self.clear()
        self.post_message(self.Submitted(self, text, nodes))


@mutant
class UnicodeBlankSent(CrsApp):
    """crs-blank-not-sent: an input of U+3000, no-break or em spaces only is sent."""

    def prompt_input(self) -> PromptInput:
        return _SendsUnicodeBlank(id=self.INPUT_ID)


@mutant
class EnterOffInputDropsDraft(CrsApp):
    """crs-enter-sends: Enter with the focus off the input clears the draft, sending nothing."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "drop_draft", show=False)]

    def action_drop_draft(self) -> None:
        self.query_one(f"#{self.INPUT_ID}", _PromptInput).clear()


@mutant
class NewlineKeyOffInputSends(CrsApp):
    """crs-shift-enter-newline: Shift+Enter with the focus off the input sends the draft."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("shift+enter", "send_draft", show=False)]

    def action_send_draft(self) -> None:
        self.query_one(f"#{self.INPUT_ID}", _PromptInput).submit()
