"""The input's token model: file-reference tokens kept apart from typed text (004 §3.4.5).

A token lives in the ``TextArea`` document as one run of characters that no typed text can
produce: a *left marker* (a Supplementary Private Use Area code point, one per token, that
names it), the label, and the *right marker*. Typed and pasted text has those code points
removed (:func:`clean_typed`), so the document parses back, at any moment, into text nodes
and token nodes (:func:`parse_nodes`), and ``TextArea``'s own undo history restores a
deleted token with its identity: the left marker brings back the same :class:`Token`, its
``ref_id`` and path included (``crs-token-undo``).

On screen the markers are drawn as the token's end caps, ``▐`` and ``▌`` in the token's
colour (``crs-token-rounded``: distinct cap glyphs stand in for the rounded corners a cell
grid cannot draw).
"""

from __future__ import annotations

import itertools
import posixpath
from dataclasses import dataclass

from reference_crs.browser.names import one_line_name

FIRST_MARKER = 0xF0001
"""Code point of the first token's left marker (Supplementary Private Use Area-A)."""
LAST_MARKER = 0xFFFFD
"""The last code point a left marker may take."""
RIGHT_MARKER = "\U000f0000"
"""The right marker ending every token in the document."""
LEFT_CAP = "▐"
"""Glyph drawn for a left marker (its right half in the token's colour)."""
RIGHT_CAP = "▌"
"""Glyph drawn for the right marker (its left half in the token's colour)."""
CAPS = str.maketrans({RIGHT_MARKER: RIGHT_CAP})
LABEL_LIMIT = 32
"""Longest path, in characters, drawn whole; a longer one is drawn as ``…/name``."""


def is_marker(char: str) -> bool:
    """Whether ``char`` is a left or right token marker."""
    return FIRST_MARKER - 1 <= ord(char) <= LAST_MARKER


def clean_typed(text: str) -> str:
    """``text`` without token markers: typed or pasted text never forges a token."""
    if not any(is_marker(char) for char in text):
        return text
    return "".join(char for char in text if not is_marker(char))


def safe_label(text: str) -> str:
    """``text`` drawn on one line, as the popup and the bubble draw it (``one_line_name``).

    The label is drawn inside a single line of the input: line breaks, tabs, bidi overrides
    and markers would break the token's run or reorder its cells.
    """
    return one_line_name(text)


def display_path(path: str) -> str:
    """The path as the token shows and sends it (``crs-token-label``, ``display_path``).

    A path of at most :data:`LABEL_LIMIT` characters is shown whole, a longer one as
    ``…/`` and its file name (004 §3.4.5, "텍스트 내용", MAY).
    """
    if len(path) <= LABEL_LIMIT:
        return path
    name = posixpath.basename(path.rstrip("/")) or path
    return f"…/{name}"


@dataclass(frozen=True)
class Token:
    """One file-reference token (a token node of the input's model).

    Attributes:
        marker: The left marker character naming it in the document.
        ref_id: Its reference id, unique among the input's tokens (``crs-multiple-tokens``).
        path: The selected candidate's path.
        display_path: The path as shown and sent (:func:`display_path`).
    """

    marker: str
    ref_id: str
    path: str
    display_path: str

    @property
    def label(self) -> str:
        """The text drawn between the caps: ``@`` and the display path, made safe."""
        return "@" + safe_label(self.display_path)

    @property
    def text(self) -> str:
        """The token's run in the document: left marker, label, right marker."""
        return self.marker + self.label + RIGHT_MARKER


class TokenTable:
    """The tokens an input has made, by left marker; never forgets one (undo restores it)."""

    def __init__(self) -> None:
        """Create an empty table."""
        self.by_marker: dict[str, Token] = {}
        """Every token made, by its left marker (a character of the private-use range)."""
        self._numbers = itertools.count(FIRST_MARKER)
        self._ids = itertools.count(1)

    def new(self, path: str) -> Token:
        """A new token for ``path``, with a fresh marker and ``ref_id``.

        Raises:
            OverflowError: more tokens than markers (about 65,000) in one input.
        """
        number = next(self._numbers)
        if number > LAST_MARKER:
            raise OverflowError("too many file tokens in one input")
        token = Token(chr(number), f"ref-{next(self._ids)}", path, display_path(path))
        self.by_marker[token.marker] = token
        return token

    def get(self, marker: str) -> Token | None:
        """The token whose left marker is ``marker``, if any."""
        return self.by_marker.get(marker)


def parse_nodes(text: str, table: TokenTable) -> list[str | Token]:
    """Split a document's text into text nodes and token nodes, in order.

    Args:
        text: The whole document.
        table: The input's tokens.

    Returns:
        Non-empty ``str`` runs and :class:`Token` nodes; adjacent text is one run. A stray
        marker (none is expected) is dropped.
    """
    nodes: list[str | Token] = []
    run: list[str] = []
    index = 0
    while index < len(text):
        char = text[index]
        token = table.get(char) if is_marker(char) else None
        if token is not None and text.startswith(token.text, index):
            if run:
                nodes.append("".join(run))
                run = []
            nodes.append(token)
            index += len(token.text)
            continue
        if not is_marker(char):
            run.append(char)
        index += 1
    if run:
        nodes.append("".join(run))
    return nodes


def token_spans(line: str, table: TokenTable) -> list[tuple[int, int, Token]]:
    """The tokens of one document line as ``(start, end, token)`` column ranges."""
    spans = []
    column = 0
    while column < len(line):
        token = table.get(line[column]) if is_marker(line[column]) else None
        if token is not None and line.startswith(token.text, column):
            spans.append((column, column + len(token.text), token))
            column += len(token.text)
        else:
            column += 1
    return spans
