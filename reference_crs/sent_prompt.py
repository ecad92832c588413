r"""A sent prompt read back for the history: its text, its valid file tokens, its forgeries.

A prompt is sent as RAWP-DPS §16.2 writes it (004 §3.4.6): typed text escaped (``\\`` for
``\``, ``\<@`` for ``<@``), tokens as ``<@file:ref_id|display_path>`` and unescaped, and
the files in ``file_references``. Reading it back (004 §3.1 ¶17):

- a pattern whose ``ref_id`` is an entry of ``file_references`` and whose text after ``|``
  is that entry's ``display_path`` followed by ``>`` is a :class:`FileToken`
  (``crs-history-token-validated``); matching the entry's own ``display_path`` lets a path
  hold ``|`` and ``>``;
- any other token pattern, escaped or not, is a :class:`Literal`: its characters, unescaped,
  to be drawn as plain text and never as markdown (``crs-history-forged-token-literal``);
- everything else is text, unescaped.

Only ``\\`` and ``\<@`` are escapes; any other backslash is the user's own (markdown's).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from rich.cells import cell_len

from reference_crs.browser.names import one_line_name

PATTERN = re.compile(r"file:[^|\n]*\|[^>\n]*>")
"""What follows ``<@`` in a token pattern (up to its first ``>``)."""
_SPECIAL = re.compile(r"\\\\|\\<@|<@")
"""Where reading stops to look: an escaped backslash, an escaped ``<@``, a ``<@``."""
LABEL_CELLS = 40
"""The widest a token's label is drawn, in cells; a longer one is elided with ``…``."""
SHORT_PATH = 24
"""A display path up to this many cells is the label whole (``crs-token-label``)."""


@dataclass(frozen=True)
class FileToken:
    """A valid file token of a sent prompt.

    Attributes:
        ref_id: Its entry's ``ref_id``.
        path: The file's path (the entry's ``path``).
        display_path: The path as the prompt shows it.
    """

    ref_id: str
    path: str
    display_path: str

    @property
    def label(self) -> str:
        """What the token shows: the path when short, else the file name, elided to fit.

        At most :data:`LABEL_CELLS` cells; control and bidirectional characters are drawn as
        the popup and the input draw them (``one_line_name``, ``crs-token-label``).
        """
        shown = one_line_name(self.display_path)
        if cell_len(shown) > SHORT_PATH:
            name = shown.rstrip("/").rsplit("/", 1)[-1] or shown
            shown = f"…/{name}" if name != shown else name
        while cell_len(shown) > LABEL_CELLS:
            shown = "…" + shown[2:]
        return shown


@dataclass(frozen=True)
class Literal:
    """An unmapped token pattern, unescaped: drawn as these characters, unstyled."""

    text: str


Piece = str | FileToken | Literal
"""One run of a sent prompt, in order."""


def _unescape(text: str) -> str:
    return text.replace("\\\\", "\\")


def read_sent(prompt_text: str, file_references: Iterable[object] = ()) -> list[Piece]:
    """Split a prompt as sent into text, valid tokens and literal patterns.

    Args:
        prompt_text: The ``prompt_text`` as sent (escaped, with token patterns).
        file_references: Its ``file_references``: objects with ``ref_id``, ``path`` and
            ``display_path`` (``rawp_port.FileReference``); others are ignored.

    Returns:
        The pieces in order; adjacent text is merged into one ``str``.
    """
    entries = {
        str(getattr(ref, "ref_id", "")): ref
        for ref in file_references
        if all(hasattr(ref, name) for name in ("ref_id", "path", "display_path"))
    }
    pieces: list[Piece] = []
    text: list[str] = []

    def flush() -> None:
        joined = "".join(text)
        if joined:
            pieces.append(joined)
        text.clear()

    i = 0
    while True:
        found = _SPECIAL.search(prompt_text, i)
        if found is None:
            text.append(prompt_text[i:])
            break
        text.append(prompt_text[i : found.start()])
        if found.group() == "\\\\":
            text.append("\\")
            i = found.end()
            continue
        escaped = found.group() == "\\<@"
        start = found.end()
        token = None if escaped else _token(prompt_text, start, entries)
        if token is not None:
            flush()
            pieces.append(token)
            i = start + len("file:") + len(token.ref_id) + 1 + len(token.display_path) + 1
            continue
        pattern = PATTERN.match(prompt_text, start)
        if pattern is None:
            text.append("<@")
            i = start
            continue
        flush()
        pieces.append(Literal("<@" + _unescape(pattern.group(0))))
        i = pattern.end()
    flush()
    return pieces


def _token(text: str, start: int, entries: dict[str, object]) -> FileToken | None:
    """The valid token whose ``file:`` starts at ``start``, ``None`` if it is no valid one."""
    if not text.startswith("file:", start):
        return None
    bar = text.find("|", start + 5)
    entry = entries.get(text[start + 5 : bar]) if bar >= 0 else None
    if entry is None:
        return None
    display = str(getattr(entry, "display_path", ""))
    if not text.startswith(display + ">", bar + 1):
        return None
    return FileToken(text[start + 5 : bar], str(getattr(entry, "path", "")), display)


def placeholders(pieces: Sequence[Piece]) -> tuple[str, dict[str, FileToken | Literal]]:
    """The prompt's text with one private-use character standing for each token or literal.

    Markdown is then rendered over the text alone (a token inside ``**…**`` keeps its place),
    and each stand-in is replaced by what it stands for.

    Returns:
        ``(text, by_char)``: the text, and what each stand-in character stands for.
    """
    used = {char for piece in pieces if isinstance(piece, str) for char in piece}
    free = (chr(code) for code in range(0xF0000, 0xFFFFE) if chr(code) not in used)
    by_char: dict[str, FileToken | Literal] = {}
    out: list[str] = []
    for piece in pieces:
        if isinstance(piece, str):
            out.append(piece)
        else:
            char = next(free)
            by_char[char] = piece
            out.append(char)
    return "".join(out), by_char


def as_typed(
    prompt_text: str,
    file_references: Iterable[object] = (),
    token: Callable[[FileToken], str] | None = None,
) -> str:
    """A sent prompt as text: escapes undone, each valid token as ``token`` writes it.

    The live command bubble draws the input's text, a token as ``@path``
    (``crs-token-copy-as-text``, the default); a stored ``slash_command`` prompt is drawn
    from this on reopening, so it reads as it did live, never in the wire form
    (``crs-command-bubble-strips-slash``, 004 §3.3). A forged pattern is its characters.

    Args:
        prompt_text: The ``prompt_text`` as sent (:func:`read_sent`).
        file_references: Its ``file_references``.
        token: The text of one valid token; ``None``: ``@`` and its path.
    """
    write = token or (lambda piece: f"@{piece.path}")
    return "".join(
        write(piece) if isinstance(piece, FileToken) else piece.text
        if isinstance(piece, Literal) else piece
        for piece in read_sent(prompt_text, file_references)
    )  # fmt: skip
