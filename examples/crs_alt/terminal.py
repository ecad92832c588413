"""Terminal input for the alternative client: bracketed pastes are cut out before parsing.

Textual's ``XTermParser`` reads a paste character by character and, at an ``ESC`` inside
it, starts reading an escape sequence whose characters it then reports as keys: a pasted
``ESC [0m`` or ``Ctrl+Q`` byte acts as keys, and the paste comes out reordered.
:class:`PasteFirstParser` never lets the keys parser see a paste: it finds the paste
markers itself, reports everything between ``ESC [200~`` and ``ESC [201~`` as one
``events.Paste`` (escape sequences and control bytes included), and hands only what lies
outside pastes to Textual's parser. (The reference client does it the other way round:
it hides each ``ESC`` of a paste from Textual's parser, ``reference_app/paste.py``.)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from textual import events
from textual._xterm_parser import XTermParser
from textual.message import Message

START = "\x1b[200~"
END = "\x1b[201~"


def _cut_marker(text: str, marker: str) -> int:
    """How many trailing characters of ``text`` may begin ``marker`` (cut by the read)."""
    for keep in range(min(len(marker) - 1, len(text)), 0, -1):
        if marker.startswith(text[-keep:]):
            return keep
    return 0


class PasteFirstParser:
    """Textual's parser for keys, with bracketed pastes taken out first and kept whole."""

    def __init__(self, debug: bool = False) -> None:
        """Create the parser (``debug`` is passed to Textual's)."""
        self._keys = XTermParser(debug)
        self._paste: list[str] | None = None
        self._held = ""

    @property
    def _timeout_time(self) -> float | None:
        """When a pending read times out (held marker start: now), as Textual's parser says."""
        return 0.0 if self._held and self._paste is None else self._keys._timeout_time

    def feed(self, data: str) -> Iterable[Message]:
        """Parse ``data`` (``""`` at the end of input); return its events in order."""
        if not data:
            return list(self._end())
        return list(self._parse(self._held + data))

    def tick(self) -> Iterable[Message]:
        """Report what a timeout completes: a held ``ESC`` that began no paste is a key."""
        found: list[Message] = []
        if self._held and self._paste is None:
            held, self._held = self._held, ""
            found += self._keys.feed(held)
        return [*found, *self._keys.tick()]

    def _parse(self, text: str) -> Iterator[Message]:
        self._held = ""
        while text:
            if self._paste is None:
                at = text.find(START)
                if at < 0:
                    keep = _cut_marker(text, START)
                    if len(text) > keep:  # "" would be the end of input to Textual's parser
                        yield from self._keys.feed(text[: len(text) - keep])
                    self._held = text[len(text) - keep :]
                    return
                if at:
                    yield from self._keys.feed(text[:at])
                self._paste, text = [], text[at + len(START) :]
            else:
                at = text.find(END)
                if at < 0:
                    keep = _cut_marker(text, END)
                    self._paste.append(text[: len(text) - keep])
                    self._held = text[len(text) - keep :]
                    return
                pasted = "".join([*self._paste, text[:at]])
                self._paste, text = None, text[at + len(END) :]
                yield events.Paste(pasted)

    def _end(self) -> Iterator[Message]:
        if self._paste is not None:
            yield events.Paste("".join([*self._paste, self._held]))
        elif self._held:
            yield from self._keys.feed(self._held)
        self._paste, self._held = None, ""
        yield from self._keys.feed("")


def install() -> bool:
    """Make Textual's Linux driver read the terminal with :class:`PasteFirstParser`.

    Returns:
        Whether it is installed (not on Windows, whose driver reads keys another way).
    """
    try:
        from textual.drivers import linux_driver
    except ImportError:  # pragma: no cover - Windows
        return False
    setattr(linux_driver, "XTermParser", PasteFirstParser)  # noqa: B010 - Textual's module name
    return True
