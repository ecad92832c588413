"""Entry names made safe to draw: one line, no control or direction-changing characters."""

from __future__ import annotations

BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
"""Characters that reorder the text around them (an RTL override hides a name's extension)."""
REPLACEMENT = "\ufffd"
"""Drawn for a character that cannot be drawn as itself."""


def display_name(name: str) -> str:
    """Return ``name`` as the browser draws it (``crs-fb-hostile-names``).

    C0 controls and DEL become their visible symbols (U+2400 block), C1 controls, bidi
    controls and undecodable bytes (lone surrogates from ``surrogateescape``) become
    U+FFFD. Markup is not interpreted by the callers, so ``[b]`` stays ``[b]``.
    """
    return "".join(_visible(char) for char in name)


def _visible(char: str) -> str:
    code = ord(char)
    if code < 0x20:
        return chr(0x2400 + code)
    if code == 0x7F:
        return "\u2421"
    if 0x80 <= code < 0xA0 or char in BIDI_CONTROLS or 0xD800 <= code < 0xE000:
        return REPLACEMENT
    return char


LINE_BREAKING = frozenset("\u2028\u2029\x85")
"""Characters a text widget may take for a line break (besides the C0 ones)."""


def one_line_name(text: str) -> str:
    """Return a file name or path as every place draws it in one run: popup, token, bubble.

    :func:`display_name`, plus U+FFFD for line and paragraph separators and private-use
    characters (the input's token markers are private-use), so the name keeps one row and
    one run, and is drawn the same in the `@` popup, the input's token and a sent bubble.
    """
    return "".join(
        REPLACEMENT if char in LINE_BREAKING or 0xE000 <= ord(char) < 0xF900 else _visible(char)
        for char in text
    )
