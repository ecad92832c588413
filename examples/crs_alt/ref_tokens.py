"""Tokens of a sent prompt, as crs_alt reads them back for its bubbles (004 §3.1 ¶16-¶17).

Built apart from the reference: one regular expression finds every escape and every
``<@file:`` opening; a pattern is a token when some entry of ``file_references`` has its
``ref_id`` and its ``display_path`` follows the ``|`` up to a ``>``; any other pattern, and
an escaped one, is kept as literal characters (never parsed as markdown). The bubble's
parser gets the text with one private-use character in place of each token or literal, and
puts the styled runs back after parsing (``bubble_markdown.parse(inserts=...)``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

from examples.crs_alt.bubble_markdown import visible
from examples.crs_alt.token_spans import name_as_drawn

_SCAN = re.compile(r"\\\\|\\<@|<@")
_SHAPE = re.compile(r"file:[^|\n]*\|[^>\n]*>")
_HEAD = re.compile(r"file:([^|\n]*)\|")
_PAD = "\u2800"
"""A blank cell that is not whitespace: the token's padding never wraps off its label."""
_FIRST_STAND_IN = 0x100000


@dataclass(frozen=True)
class Ref:
    """A valid token: its entry's ``ref_id``, ``path`` and ``display_path``."""

    ref_id: str
    path: str
    shown: str

    def label(self) -> str:
        """The path when short, else the file name, its middle elided past 40 cells."""
        text = self.shown
        if len(text) > 32:
            text = text.rsplit("/", 1)[-1] or text
        if len(text) > 40:
            text = text[:8] + "…" + text[-31:]
        return name_as_drawn(text)  # as the popup and the input draw it


def split(prompt: str, references: Iterable[object]) -> list[str | Ref]:
    """The prompt as text runs (unescaped, literals included) and valid :class:`Ref` tokens.

    A literal pattern comes as its own run, so that :func:`stand_ins` keeps it verbatim.
    """
    table = {
        getattr(ref, "ref_id", None): ref
        for ref in references
        if getattr(ref, "ref_id", None) is not None
    }
    out: list[str | Ref] = []
    run = ""
    at = 0
    for found in _SCAN.finditer(prompt):
        if found.start() < at:
            continue
        run += prompt[at : found.start()]
        at = found.end()
        if found.group() == "\\\\":
            run += "\\"
            continue
        head = _HEAD.match(prompt, at)  # the entry's display_path may hold any character
        entry = table.get(head.group(1)) if head and found.group() == "<@" else None
        display = str(getattr(entry, "display_path", "")) if entry is not None else None
        whole = f"{head.group(1) if head else ''}|{display}>"
        if head and display is not None and prompt.startswith(whole, at + 5):
            out += [run, Ref(head.group(1), str(getattr(entry, "path", "")), display)]
            at += 5 + len(whole)
            run = ""
            continue
        shape = _SHAPE.match(prompt, at)
        if shape is None:
            run += "<@"
            continue
        out += [run, Ref("", "", "<@" + shape.group().replace("\\\\", "\\"))]
        at = shape.end()
        run = ""
    out.append(run + prompt[at:])
    return [piece for piece in out if piece != ""]


def typed_form(prompt: str, references: Iterable[object]) -> str:
    """The prompt as the user typed it: escapes undone, a valid token as ``@path``.

    What a command bubble shows (004 §3.3): the command the user ran, never the token
    format the agent parses; a literal pattern keeps its characters.
    """
    return "".join(
        piece if isinstance(piece, str) else f"@{piece.path}" if piece.ref_id else piece.shown
        for piece in split(prompt, references)
    )


def stand_ins(pieces: list[str | Ref], token: Style) -> tuple[str, dict[str, Text]]:
    """The text for the markdown parser, and the styled run each stand-in character becomes.

    A token is ``⠀label⠀`` in ``token``; a literal (a :class:`Ref` with no ``ref_id``) is its
    characters, unstyled.
    """
    taken = set("".join(p for p in pieces if isinstance(p, str)))
    code = _FIRST_STAND_IN
    source: list[str] = []
    inserts: dict[str, Text] = {}
    for piece in pieces:
        if isinstance(piece, str):
            source.append(piece)
            continue
        while chr(code) in taken:
            code += 1
        char = chr(code)
        code += 1
        if piece.ref_id:
            inserts[char] = Text(f"{_PAD}{piece.label()}{_PAD}", style=token)
        else:
            inserts[char] = Text(visible(piece.shown))
        source.append(char)
    return "".join(source), inserts
