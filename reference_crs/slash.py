"""What the slash-command popup shows, decided from the input's text and the cached list.

Pure functions, no Textual: where a `/` trigger is (``crs-slash-trigger-position``,
``crs-slash-no-trigger-mid-word``), which commands a prefix matches and in which order
(``crs-slash-filter-prefix``, ``crs-slash-sort-order``), what selecting one makes of the
input (``crs-slash-select-replaces-input``, design §9 decision on §6.2 item 9), and
whether a sent text is a slash command (``crs-command-bubble-for-slash-input-type``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

NO_MATCH = "일치하는 명령어가 없습니다"
"""The popup's message when no command matches (``crs-slash-no-match-message``)."""


@dataclass(frozen=True)
class Trigger:
    """An open `/` token in the input: the popup's filter.

    Attributes:
        row: The line of the input holding the `/` (0-based).
        column: The `/`'s column in that line (0-based, in characters).
        prefix: What follows the `/` up to the cursor: the filter.
    """

    row: int
    column: int
    prefix: str


def find_trigger(line: str, row: int, column: int) -> Trigger | None:
    """Return the `/` token that ends at the cursor, or ``None`` when the popup stays shut.

    The token is the text between the last whitespace before the cursor (or the line's
    start) and the cursor. It triggers when it starts with `/`: a `/` at the start of a
    line or after whitespace opens the popup, one inside a word (``https://x``,
    ``path/to``) never does. A later `/` in a token that opened it (``/co/x``) is part of
    the filter: nothing matches, and the popup stays open (``crs-slash-no-match-stays-open``).

    Args:
        line: The input's line holding the cursor.
        row: That line's index.
        column: The cursor's column in it (characters).
    """
    start, token = word_before(line, column)
    if not token.startswith("/"):
        return None
    return Trigger(row, start, token[1:])


def word_before(line: str, column: int) -> tuple[int, str]:
    """The word that ends at ``column``: its start column and its text.

    The word runs from the last whitespace before ``column`` (or the line's start) to
    ``column``; the `/` and `@` popups open on the word under the cursor.
    """
    before = line[:column]
    start = max((i + 1 for i, char in enumerate(before) if char.isspace()), default=0)
    return start, before[start:]


def attribute(command: object, name: str, default: Any = None) -> Any:
    """A command's field by name (the port's ``Command`` or any object with its fields)."""
    return getattr(command, name, default)


def matching(
    commands: Sequence[object], prefix: str, usage: Mapping[str, int] | None = None
) -> list[object]:
    """The commands whose name starts with ``prefix``, in the popup's order.

    The order (``crs-slash-sort-order``): most used first (``usage`` counts the commands
    sent in this session), then by category (commands without one last), then by name.
    """
    used = usage or {}
    found = [c for c in commands if str(attribute(c, "name", "")).startswith(prefix)]
    return sorted(
        found,
        key=lambda c: (
            -used.get(str(attribute(c, "name", "")), 0),
            attribute(c, "category") is None,
            str(attribute(c, "category") or ""),
            str(attribute(c, "name", "")),
        ),
    )


def printable(text: str) -> str:
    """``text`` with each control character drawn as its control picture (U+2400 block).

    Names and descriptions come from the agent: a line break, tab or escape in them must
    not move the cursor or reach the terminal raw.
    """
    out = []
    for char in text:
        if unicodedata.category(char) == "Cc":
            code = ord(char)
            out.append(chr(0x2400 + code) if code < 0x20 else "\u2421" if code == 0x7F else "?")
        else:
            out.append(char)
    return "".join(out)


def inserted_name(name: str) -> str:
    """The name as selecting it writes it into the input: control characters dropped."""
    return "".join(c for c in name if unicodedata.category(c) != "Cc")


def select(text_before: str, text_after: str, name: str) -> tuple[str, int]:
    """The input after selecting ``name``, and the cursor's offset in it.

    ``text_before`` is the input's text before the trigger's `/`, ``text_after`` what
    follows the cursor. Design §9 (on §6.2 item 9): the `/` token is replaced by
    ``/{name} `` and the text around it is kept; in an input holding only the token this is
    the spec's "replace the input text with ``/{name} ``".
    """
    token = f"/{inserted_name(name)} "
    rest = text_after.lstrip(" ") if text_after.startswith(" ") else text_after
    return text_before + token + rest, len(text_before) + len(token)


def required_hint(command: object) -> str | None:
    """The hint of the command's first required parameter, or ``None``."""
    for parameter in attribute(command, "parameters", ()) or ():
        if attribute(parameter, "required", False):
            return str(attribute(parameter, "hint", "") or attribute(parameter, "name", ""))
    return None


def command_of(text: str, commands: Sequence[object]) -> str | None:
    """The published command a sent text runs, or ``None`` when it is ordinary text.

    A text is a slash command when it starts with ``/{name}`` for a published name,
    followed by whitespace or nothing; ``/unknown``, ``https://x`` and text with a command
    further on are sent as text.
    """
    if not text.startswith("/"):
        return None
    head = text[1:].split(maxsplit=1)
    word = head[0] if head else ""
    names = {inserted_name(str(attribute(c, "name", ""))) for c in commands}
    return word if word and word in names else None
