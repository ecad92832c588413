"""Mutants of seed area Harness hardening.

Each is the reference chat_screen app with one defect in that area, caught by a
scenario of ``features/chat_screen/`` citing its clause.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual._xterm_parser import XTermParser
from textual.widget import Widget
from textual.widgets import Input

from reference_app.app import ChatApp
from reference_app.chat_input import ChatInput, typed_invisible
from reference_app.model import Message
from tests.candidates.mutants._registry import mutant
from tests.candidates.mutants._shared import _label


@mutant
class ControlCharactersShownAsGiven(ChatApp):
    """hardening-control-characters: bodies are shown as given, control characters and all."""

    def message_item(self, message: Message) -> Widget:
        return _label(message.display_text, message)


class _DropsTypedInvisible(ChatInput):
    """Textual's ``Input`` as it comes: a typed key ``str.isprintable`` rejects is dropped."""

    async def _on_key(self, event: events.Key) -> None:
        if typed_invisible(event):  # what Input does with it: nothing
            event.stop()
            event.prevent_default()


@mutant
class TypedJoinerDropped(ChatApp):
    """hardening-typed-text-kept: a typed zero-width joiner or bidi mark never reaches the input."""

    def input_field(self) -> Input:
        return _DropsTypedInvisible(placeholder="메시지를 입력하세요", id=self.INPUT_ID)


class _DrawsControlsRaw(ChatInput):
    """Textual's ``Input`` drawing: the value as it is, a pasted ESC included."""

    @property
    def _value(self) -> Text:
        return Text(self.value, no_wrap=True, overflow="ignore", end="")


@mutant
class InputDrawsRawEscape(ChatApp):
    """hardening-control-characters: the input draws a pasted ESC raw, before it is sent."""

    def input_field(self) -> Input:
        return _DrawsControlsRaw(placeholder="메시지를 입력하세요", id=self.INPUT_ID)


@mutant
class PastedEscapesActAsKeys(ChatApp):
    """hardening-control-characters: read with Textual's parser, pasted ESC bytes act as keys."""

    TERMINAL_PARSER = XTermParser
