"""A terminal input parser that keeps a bracketed paste whole, whatever bytes it holds.

Textual's ``XTermParser`` reads the bytes between ``ESC [200~`` and ``ESC [201~`` as keys
wherever it meets an ``ESC`` or a control byte, so a pasted log line with colour codes is
reordered, and a pasted Ctrl+Q byte quits. :class:`PasteWholeParser` cuts each paste out of
the byte stream first and hands the rest, and only the rest, to Textual's parser. The seeds
say nothing of pastes (docs/spec/chat_screen.md, ``hardening-typed-text-kept``; for
RAWP-CRS, 004 §3.1 ¶15: the input is plain text typed "as it is").

Use it as the adapter's ``terminal_parser`` and install it with :func:`install` before
``App.run()`` (docs/adapters.md, "Terminal input").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from textual import _time, constants, events
from textual._xterm_parser import XTermParser
from textual.message import Message

PASTE_START: Final = "\x1b[200~"
PASTE_END: Final = "\x1b[201~"


def _partial_marker(text: str, marker: str) -> int:
    """How many characters at the end of ``text`` may begin ``marker`` (0 if none).

    A lone trailing ESC counts: it may be the first byte of a marker cut between two reads
    (a pipe of 1 byte per read), or the Escape key, told apart by the escape delay
    (:meth:`PasteWholeParser.tick`), as Textual's own parser tells them apart.
    """
    for size in range(min(len(marker) - 1, len(text)), 0, -1):
        if marker.startswith(text[-size:]):
            return size
    return 0


class PasteWholeParser(XTermParser):
    """Textual's terminal parser with bracketed pastes taken out whole, as ``Paste`` events.

    A subclass of ``textual._xterm_parser.XTermParser``: :meth:`feed` a read, ``tick`` for
    the timeout of a lone ``ESC``; both yield Textual messages.
    """

    def __init__(self, debug: bool = False) -> None:
        super().__init__(debug)
        self._held = ""
        self._paste: list[str] | None = None

    def tick(self) -> Iterable[Message]:
        """Report what the escape delay resolves: a held lone ESC is the Escape key."""
        if self._paste is None and self._held == "\x1b" and self._timeout_time is not None:
            if _time.get_time() < self._timeout_time:
                return []
            self._held = ""
            keys = self._keys_of("\x1b")  # Textual's parser now waits for more, ...
            self._timeout_time = _time.get_time()  # ... but the delay is already over
            return keys + list(super().tick())
        return super().tick()

    def _keys_of(self, data: str) -> list[Message]:
        # Textual's parser takes an empty read for the end of input: never feed one.
        return list(super().feed(data)) if data else []

    def feed(self, data: str) -> Iterable[Message]:
        """Parse one read of the terminal.

        Args:
            data: The characters read (decoded).

        Returns:
            The keys, mouse events and pastes the read completes, in order.
        """
        out: list[Message] = []
        buffer, self._held = self._held + data, ""
        while buffer:
            if self._paste is None:
                start = buffer.find(PASTE_START)
                if start < 0:
                    keep = _partial_marker(buffer, PASTE_START)
                    out += self._keys_of(buffer[: len(buffer) - keep])
                    self._held = buffer[len(buffer) - keep :]
                    if self._held == "\x1b":  # the Escape key unless more comes in time
                        self._timeout_time = _time.get_time() + constants.ESCAPE_DELAY
                    break
                out += self._keys_of(buffer[:start])
                self._paste = []
                buffer = buffer[start + len(PASTE_START) :]
            else:
                end = buffer.find(PASTE_END)
                if end < 0:
                    keep = _partial_marker(buffer, PASTE_END)
                    self._paste.append(buffer[: len(buffer) - keep])
                    self._held = buffer[len(buffer) - keep :]
                    break
                self._paste.append(buffer[:end])
                out.append(events.Paste("".join(self._paste)))
                self._paste = None
                buffer = buffer[end + len(PASTE_END) :]
        return out


def install() -> None:
    """Make Textual's Linux driver read the terminal with :class:`PasteWholeParser`."""
    from textual.drivers import linux_driver

    setattr(linux_driver, "XTermParser", PasteWholeParser)  # noqa: B010 (no attribute stub)
