"""A workaround for Textual's terminal parser, which reorders pastes holding ``ESC``.

Textual 8's ``XTermParser`` collects a bracketed paste (``ESC [200~`` ... ``ESC [201~``)
character by character, but when an ``ESC`` comes inside the paste it starts reading an
escape sequence and never adds what it reads there to the paste: those characters come
out as key events first, and the rest of the paste after them. Pasting
``before ESC [2J after`` gives the keys ``^ [ 2 J a f t e r`` and then the paste
``before``: the input holds ``^[2Jafterbefore``. The minimal reproduction is in
``docs/reliability.md`` ("Pastes holding an escape sequence").

:class:`PasteSafeParser` hides every ``ESC`` inside a paste from the parser (as a
private-use stand-in) and puts it back into the paste event, so the paste reaches the
input whole and in order, escape sequence included; the app then shows control
characters as pictures (``reference_app.widgets.visible``).
"""

from __future__ import annotations

from collections.abc import Iterable

from textual import events
from textual.message import Message

try:  # a private module of Textual: without it the workaround is simply not installed
    from textual._xterm_parser import XTermParser
except ImportError:  # pragma: no cover - depends on the Textual release
    XTermParser = None  # type: ignore[assignment,misc]  # checked by install()

ESC = "\x1b"
PASTE_START = "\x1b[200~"
PASTE_END = "\x1b[201~"
STAND_IN = "\ue01b"
"""Private-use character that carries an ``ESC`` of a paste through the parser."""


def protect(data: str, in_paste: bool, tail: str = "") -> tuple[str, str, bool, str]:
    """Replace each ``ESC`` inside a paste in ``data`` by :data:`STAND_IN`.

    Args:
        data: Characters read from the terminal, in order.
        in_paste: Whether a paste had started and not ended before ``data``.
        tail: The last characters already parsed before ``data`` (outside a paste), where
            a paste's start marker cut by the read may have begun (over several reads,
            when they are shorter than the marker).

    Returns:
        ``(protected, held, in_paste, tail)``: the text to parse now; a trailing part that
        may be the start of the paste's end marker, to put before the next ``data``;
        whether a paste is still open after ``protected``; and the ``tail`` to pass with
        the next ``data``.
    """
    out: list[str] = []
    index = 0
    if not in_paste and tail:
        joined = tail + data
        for begin in range(len(tail)):
            if joined.startswith(PASTE_START, begin) and begin + len(PASTE_START) > len(tail):
                index = begin + len(PASTE_START) - len(tail)
                out.append(data[:index])
                in_paste = True
                break
    while index < len(data):
        marker = PASTE_END if in_paste else PASTE_START
        if data.startswith(marker, index):
            out.append(marker)
            index += len(marker)
            in_paste = not in_paste
        elif in_paste and data[index] == ESC:
            if marker.startswith(data[index:]):  # maybe the end marker, cut by the read
                return "".join(out), data[index:], in_paste, ""
            out.append(STAND_IN)
            index += 1
        else:
            out.append(data[index])
            index += 1
    protected = "".join(out)
    tail = "" if in_paste else (tail + protected)[-(len(PASTE_START) - 1) :]  # across short reads
    return protected, "", in_paste, tail


if XTermParser is not None:

    class PasteSafeParser(XTermParser):
        """Textual's parser, with every ``ESC`` of a bracketed paste kept in the paste."""

        def __init__(self, debug: bool = False) -> None:
            super().__init__(debug)
            self._in_paste = False
            self._held = ""
            self._tail = ""

        def feed(self, data: str) -> Iterable[Message]:
            """Parse ``data`` (``""`` at the end of input) and return its events in order."""
            if data:
                data, self._held, self._in_paste, self._tail = protect(
                    self._held + data, self._in_paste, self._tail
                )
                if not data:  # all held (a cut end marker): "" would tell the parser EOF
                    return
            else:
                data, self._held = self._held, ""
            for event in super().feed(data):
                if isinstance(event, events.Paste) and STAND_IN in event.text:
                    event = events.Paste(event.text.replace(STAND_IN, ESC))
                yield event


def install() -> bool:
    """Make Textual's Linux driver parse terminal input with :class:`PasteSafeParser`.

    Called by ``python -m reference_app`` before the app runs in a real terminal; the
    harness's headless runs never read a terminal and are not affected.

    Returns:
        Whether the workaround is installed (``False`` where Textual's private parser
        module or its Linux driver is not there).
    """
    try:
        from textual.drivers import linux_driver
    except ImportError:  # pragma: no cover - Windows has another driver
        return False
    if XTermParser is None or getattr(linux_driver, "XTermParser", None) is not XTermParser:
        return False
    setattr(linux_driver, "XTermParser", PasteSafeParser)  # noqa: B010 - a private name of Textual
    return True
