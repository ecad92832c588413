r"""Text helpers: what may reach the terminal, file tokens, the escaping of 004 §3.4.6.

A token is written ``<@file:ref_id|display_path>`` in a prompt (004 §3.4.6 ¶2, RAWP-DPS
§16.2.1); every other character the user typed is escaped, ``\`` as ``\\`` and ``<@`` as
``\<@`` (¶3, RAWP-DPS §16.2.2).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final, Protocol

BIDI_CONTROLS: Final = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
"""Characters that reorder the text around them in a terminal."""

_IDS = itertools.count(1)


def _marks(keep_newlines: bool) -> dict[int, str]:
    table = {code: "·" for code in [*range(0x20), *range(0x7F, 0xA0)]}
    table.update({0x1B: "⎋", 0x09: "⇥", 0x0A: "⏎"})
    table.update({ord(char): "⇄" for char in BIDI_CONTROLS})
    if keep_newlines:
        del table[0x0A]
    return table


_MARKS: Final = {keep: _marks(keep) for keep in (False, True)}


def visible(text: str, *, keep_newlines: bool = False) -> str:
    """``text`` as it may be drawn: one visible mark of one cell per control character.

    ESC becomes ``⎋``, a tab ``⇥``, a bidi control ``⇄``, a line break ``⏎`` (unless
    ``keep_newlines``) and any other C0, DEL or C1 control ``·``; nothing else changes, so
    the result has as many characters as ``text``.

    Args:
        text: Any text.
        keep_newlines: Keep line feeds as line breaks.

    Returns:
        The drawable text.
    """
    return text.translate(_MARKS[keep_newlines])


def escaped(text: str) -> str:
    r"""Typed text escaped for a prompt: ``\`` → ``\\``, then ``<@`` → ``\<@``."""
    return text.replace("\\", "\\\\").replace("<@", "\\<@")


def label_of(path: str) -> str:
    """The label a token draws: the whole path when short, else ``…/`` and the file name.

    004 §3.4.5 ¶6: the file name only, or the whole relative path when it is short; a long
    path may be shortened with ``…/``. A file name longer than 40 characters keeps its end.
    """
    name = path.rstrip("/").rsplit("/", 1)[-1] or path
    if len(name) > 40:
        name = "…" + name[-39:]
    shown = path if len(path) <= 24 else f"…/{name}"
    return visible(shown)


@dataclass(frozen=True)
class FileToken:
    """A file reference put in the input through the ``@`` popup (004 §3.4.5).

    Attributes:
        path: The candidate's path.
        ref_id: Unique per token, even for the same file twice (¶19).
    """

    path: str
    ref_id: str = field(default_factory=lambda: f"ref-{next(_IDS)}")

    @property
    def label(self) -> str:
        """The text drawn between the token's caps."""
        return label_of(self.path)


class Reference(Protocol):
    """A ``file_references`` entry as a stored prompt carries it (``rawp_port.FileReference``)."""

    @property
    def ref_id(self) -> str:
        """The reference's id, as in the token pattern."""
        ...

    @property
    def path(self) -> str:
        """The file's path."""
        ...


def prompt_parts(prompt_text: str, references: Sequence[Reference]) -> list[str | FileToken]:
    """Split a sent prompt into literal text and the tokens that map to its references.

    004 §3.1 ¶17: a token pattern is a token only when it maps to an entry of
    ``file_references`` (its ``ref_id`` and its path); any other pattern is unescaped and
    shown as the characters it is.

    Args:
        prompt_text: The ``prompt_text`` of a ``control.prompt.request``.
        references: Its ``file_references``.

    Returns:
        Unescaped text runs and tokens, in order.
    """
    parts: list[str | FileToken] = []
    run: list[str] = []
    i, size = 0, len(prompt_text)
    while i < size:
        char = prompt_text[i]
        if char == "\\" and i + 1 < size:
            if prompt_text[i + 1] == "\\":
                run.append("\\")
                i += 2
                continue
            if prompt_text.startswith("<@", i + 1):
                run.append("<@")
                i += 3
                continue
        if prompt_text.startswith("<@file:", i):
            for reference in references:
                shown_as = {reference.path, getattr(reference, "display_path", reference.path)}
                patterns = [f"<@file:{reference.ref_id}|{path}>" for path in shown_as]
                pattern = next((p for p in patterns if prompt_text.startswith(p, i)), "")
                if pattern:
                    if run:
                        parts.append("".join(run))
                        run = []
                    parts.append(FileToken(reference.path, reference.ref_id))
                    i += len(pattern)
                    break
            else:
                run.append(char)
                i += 1
            continue
        run.append(char)
        i += 1
    if run:
        parts.append("".join(run))
    return parts
