"""What a terminal sends: the bytes of typing, pasting and keys, and the parser that reads them.

Profile-independent. In a real terminal, Textual's driver reads the terminal's bytes in a
thread, decodes them as UTF-8 and feeds them to a terminal input parser (Textual's
``XTermParser``), which turns them into ``Key`` and ``Paste`` events for the app. Pilot
never goes this way: ``Pilot.press`` makes key events from key names, and a paste posted
as an ``events.Paste`` skips the parser. :meth:`steps.app_driver.AppDriver.feed_terminal`
takes this path with the bytes built here.

Which parser: the adapter's optional ``terminal_parser`` (a callable returning a fresh
parser, as the app's driver makes one; ``reference_app`` names the parser its entry point
installs), else Textual's own ``XTermParser``, the class Textual's Linux driver makes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol

from textual.message import Message

from steps.textual_private import XTermParser

PASTE_START = b"\x1b[200~"
"""What a terminal sends before a paste when bracketed paste is on (Textual turns it on)."""
PASTE_END = b"\x1b[201~"
"""What a terminal sends after a paste."""
READ_SIZE = 4096
"""Bytes Textual's Linux driver reads from the terminal at most at once."""

KEY_BYTES: dict[str, tuple[bytes, ...]] = {
    "enter": (b"\r",),
    "tab": (b"\t",),
    "escape": (b"\x1b",),
    "backspace": (b"\x7f",),
    "up": (b"\x1b[A",),
    "down": (b"\x1b[B",),
    "right": (b"\x1b[C",),
    "left": (b"\x1b[D",),
    "pageup": (b"\x1b[5~",),
    "pagedown": (b"\x1b[6~",),
    "ctrl+j": (b"\n",),
    "ctrl+q": (b"\x11",),
    "shift+enter": (b"\x1b[13;2u", b"\x1b[27;2;13~"),
}
"""Key name -> the encodings terminals send for it, the most common first.

Shift+Enter has no byte of its own in a plain terminal (it sends ``\\r``, as Enter does);
terminals that report it use the kitty keyboard protocol (``CSI 13;2 u``: kitty, foot,
WezTerm, Ghostty) or xterm's ``modifyOtherKeys`` (``CSI 27;2;13 ~``: xterm, tmux with
``extended-keys``). Ctrl+J is a line feed in every terminal."""


class TerminalParser(Protocol):
    """What the harness needs of a terminal input parser (Textual's ``XTermParser`` API).

    The harness also reads ``_timeout_time`` when the parser has one (Textual's ``Parser``
    sets it while a read waits for its timeout, a lone ``ESC``) and calls :meth:`tick` once
    that time has passed, as the driver's input thread does; a parser without it gets no
    timeout, so a lone ``ESC`` at the end of the bytes stays pending.
    """

    def feed(self, data: str) -> Iterable[Message]:
        """Parse ``data`` (``""`` at the end of input); return the events it completes."""
        ...  # pragma: no cover - a protocol

    def tick(self) -> Iterable[Message]:
        """Return what a pending read's timeout completes (a lone ``ESC``: the Escape key)."""
        ...  # pragma: no cover - a protocol


def typing_bytes(text: str) -> bytes:
    r"""The bytes a terminal sends when ``text`` is typed: its UTF-8 encoding.

    Every code point of a multi-code-point sequence (a ZWJ emoji, a combining mark, a bidi
    control) is sent as it is; the parser reports each as a key.

    Args:
        text: The characters typed, in order (``"\r"`` is Enter, ``"\n"`` is Ctrl+J).
    """
    return text.encode("utf-8", "surrogatepass")


def paste_bytes(text: str) -> bytes:
    r"""The bytes a terminal sends when ``text`` is pasted with bracketed paste on.

    The text goes as it is between ``ESC [200~`` and ``ESC [201~``: escape sequences and
    control bytes inside it included (terminals do not filter a paste; tmux's
    ``paste-buffer -p`` does not either). Line breaks are kept as given: many terminals turn
    ``\n`` into ``\r`` in a paste, so a step that means that writes ``\r``.

    Args:
        text: The pasted characters.
    """
    return PASTE_START + typing_bytes(text) + PASTE_END


def key_bytes(name: str, encoding: int = 0) -> bytes:
    """The bytes a terminal sends for the key ``name`` (``"enter"``, ``"shift+enter"``).

    Args:
        name: A key of :data:`KEY_BYTES`, or one character (sent as its UTF-8 bytes).
        encoding: Which of the key's encodings, 0 being the most common.

    Raises:
        KeyError: The key, or that encoding of it, is not known.
    """
    if len(name) == 1:
        return typing_bytes(name)
    encodings = KEY_BYTES[name]
    if encoding >= len(encodings):
        raise KeyError(f"{name!r} has {len(encodings)} known encoding(s), not {encoding + 1}")
    return encodings[encoding]


def parser_factory(adapter: object) -> Callable[[], TerminalParser]:
    """The callable that makes the parser the app reads its terminal with.

    Args:
        adapter: The adapter; its optional ``terminal_parser`` member names the parser the
            app installs (a class or factory taking no argument).

    Returns:
        The adapter's ``terminal_parser``, else Textual's ``XTermParser``.
    """
    factory = getattr(adapter, "terminal_parser", None)
    return factory if callable(factory) else XTermParser


def reads(data: bytes, size: int = READ_SIZE) -> list[bytes]:
    """Cut ``data`` into reads of at most ``size`` bytes, as the driver's ``os.read`` does."""
    return [data[start : start + size] for start in range(0, len(data), size)] or [b""]
