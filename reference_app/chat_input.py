"""The input of the chat screen (clauses ``enter-submits``, ``input-cleared``).

Textual's ``Input`` submits from its Enter *binding*, and a widget's bindings run only
after the key has bubbled up to the app. Keys a terminal delivers in one burst
(``one`` Enter ``two`` Enter) are by then already inserted: the stock input submits
``onetwo`` twice. :class:`ChatInput` takes Enter in its own key handler instead, where
keys are handled one by one in the order they arrived, and empties itself there.
"""

from __future__ import annotations

import unicodedata

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.expand_tabs import expand_tabs_inline
from textual.widgets import Input

from reference_app.widgets import visible


def typed_invisible(event: events.Key) -> bool:
    """Whether ``event`` types a character Textual does not count as printable, yet text.

    A zero-width joiner (inside an emoji), a bidi mark, a no-break space: ``str.isprintable``
    is false for them, so Textual's ``Input`` and ``TextArea`` drop them as keys, though a
    person typed them (``hardening-typed-text-kept``). Control characters (category ``Cc``:
    Tab, Escape...) are keys, not text; a lone surrogate is not a character.
    """
    char = event.character
    return (
        char is not None
        and len(char) == 1
        and not event.is_printable
        and unicodedata.category(char) not in ("Cc", "Cs")
    )


class ChatInput(Input):
    """A one-line input that submits and empties itself at the Enter key, in key order.

    A paste keeps every line: line breaks become single spaces (a one-line field cannot
    show them), so a multi-line paste is submitted whole, never cut to its first line.
    Control characters the value holds (a pasted ``ESC``) are drawn as pictures, as in
    the conversation: Textual's ``Input`` would send them to the terminal, where they act.
    """

    async def _on_key(self, event: events.Key) -> None:
        """Submit on Enter before the next key is handled; other keys as ``Input`` does."""
        if event.key == "enter":
            event.stop()
            event.prevent_default()  # Input's own handler and the Enter binding do not run
            self.submit_now()
        elif typed_invisible(event):
            event.stop()
            event.prevent_default()  # Input's own handler would drop it
            self._insert(event.character or "")

    def submit_now(self) -> None:
        """Post :class:`Input.Submitted` with the current value and empty the input at once.

        Seed 001 흐름 1: the input is cleared at once, valid or blank; the app strips and
        judges the value it receives in the message.
        """
        value = self.value
        self.clear()
        self.post_message(self.Submitted(self, value))

    def _on_paste(self, event: events.Paste) -> None:
        """Insert the whole paste, its line breaks as spaces, at the cursor or selection."""
        event.stop()
        event.prevent_default()  # Input's own handler would keep the first line only
        self._insert(" ".join(event.text.splitlines()))

    def _insert(self, text: str) -> None:
        """Insert ``text`` at the cursor, or in place of the selection."""
        if self.selection.is_empty:
            self.insert_text_at_cursor(text)
        else:
            self.replace(text, *self.selection)

    @property
    def _value(self) -> Text:
        """The value as drawn: control characters as pictures (same length, one cell)."""
        return Text(visible(self.value), no_wrap=True, overflow="ignore", end="")

    def _position_to_cell(self, position: int) -> int:
        """Cell offset of index ``position`` of the value, as :attr:`_value` draws it."""
        return cell_len(expand_tabs_inline(visible(self.value[:position]), 4))
