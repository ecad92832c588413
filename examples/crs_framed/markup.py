"""A small markdown reader: the subset of 004 §3.1 for user bubbles, and agent text.

Rendered: ``**bold**``/``__bold__``, ``*italic*``/``_italic_``, ``***both***``,
``~~struck~~``, `` `code` `` on a background of its own, ``[text](url)`` links, bare URLs
(a scheme or ``www.``), bullet lists (``-``, ``*``, ``+``) and numbered lists (counted in
order), line breaks. Never rendered, shown as typed (004 §3.1 ¶14 and §1.4 ¶2): headings,
fences, tables, images, quotes, rules, math, HTML, and any syntax not listed.

File tokens (004 §3.1 ¶16) and literal runs that must not be read as markdown (forged token
patterns, ¶17) enter as *placeholders*: one private-use character each, replaced when the
text is drawn.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final

from rich.style import Style
from rich.text import Text

from examples.crs_framed.text import visible

PLACEHOLDER_BASE: Final = 0xF0000
"""First private-use code point used for placeholders (Supplementary Private Use Area-A)."""

BULLET = re.compile(r"^( {0,3})[-*+] (?=\S)")
NUMBERED = re.compile(r"^( {0,3})(\d{1,9})[.)] (?=\S)")
LINK = re.compile(r"\[([^\[\]\n]+)\]\(([^()\s]+)\)")
URL = re.compile(r"(?:https?://|www\.)[^\s<>\"'`]+")
TRAILING = ".,;:!?)]}'\""
SPECIAL = re.compile(r"[`\[*_~]|(?<![^\W_])(?:https?://|www\.)")
"""Where an inline construct may start: the reader skips the plain text before it."""


def placeholder(index: int) -> str:
    """The placeholder character for entry ``index`` of a placeholder map."""
    return chr(PLACEHOLDER_BASE + index)


@dataclass(frozen=True)
class Palette:
    """The styles the reader applies, taken from the theme by the widget that draws."""

    code: Style
    link: Style
    bullet: Style


Drawer = Callable[[Text, Style], None]
"""Appends one placeholder's cells to a ``Text`` under the given surrounding style."""

EMPHASIS: Final = (
    ("***", Style(bold=True, italic=True)),
    ("___", Style(bold=True, italic=True)),
    ("**", Style(bold=True)),
    ("__", Style(bold=True)),
    ("~~", Style(strike=True)),
    ("*", Style(italic=True)),
    ("_", Style(italic=True)),
)


class _Reader:
    """Renders one document into a ``Text``."""

    def __init__(self, palette: Palette, drawers: Mapping[str, Drawer]) -> None:
        self.palette = palette
        self.drawers = drawers
        self.out = Text(end="")

    def emit(self, text: str, style: Style) -> None:
        """Append ``text``; placeholders are drawn by their drawer."""
        if not self.drawers or not any(mark in text for mark in self.drawers):
            self.out.append(text, style)
            return
        start = 0
        for index, char in enumerate(text):
            drawer = self.drawers.get(char)
            if drawer is not None:
                if index > start:
                    self.out.append(text[start:index], style)
                drawer(self.out, style)
                start = index + 1
        if start < len(text):
            self.out.append(text[start:], style)

    def document(self, source: str) -> Text:
        """Render ``source`` line by line."""
        number: int | None = None
        for row, line in enumerate(visible(source, keep_newlines=True).split("\n")):
            if row:
                self.out.append("\n")
            bullet = BULLET.match(line)
            numbered = NUMBERED.match(line)
            if bullet:
                number = None
                self.out.append(bullet.group(1) + "• ", self.palette.bullet)
                self.inline(line[bullet.end() :], Style())
            elif numbered:
                number = int(numbered.group(2)) if number is None else number + 1
                self.out.append(f"{numbered.group(1)}{number}. ", self.palette.bullet)
                self.inline(line[numbered.end() :], Style())
            else:
                number = None
                self.inline(line, Style())
        return self.out

    def inline(self, text: str, style: Style) -> None:
        """Render the inline constructs of one line (or of an emphasised run)."""
        plain: list[str] = []

        def flush() -> None:
            if plain:
                self.emit("".join(plain), style)
                plain.clear()

        i, size = 0, len(text)
        while i < size:
            special = SPECIAL.search(text, i)
            if special is None:
                plain.append(text[i:])
                break
            if special.start() > i:
                plain.append(text[i : special.start()])
                i = special.start()
            char = text[i]
            if char == "`":
                run = _run_length(text, i, "`")
                close = _closing_ticks(text, i + run, run)
                if close >= 0:
                    flush()
                    self.emit(text[i + run : close], style + self.palette.code)
                    i = close + run
                else:
                    plain.append("`" * run)
                    i += run
                continue
            if char == "[" and (i == 0 or text[i - 1] != "!"):
                link = LINK.match(text, i)
                if link:
                    flush()
                    linked = Style(link=link.group(2))
                    self.inline(link.group(1), style + self.palette.link + linked)
                    i = link.end()
                    continue
            if char in "hw" and (i == 0 or not text[i - 1].isalnum()):
                url = URL.match(text, i)
                if url:
                    address = url.group(0).rstrip(TRAILING)
                    target = address if "://" in address else f"https://{address}"
                    flush()
                    self.emit(address, style + self.palette.link + Style(link=target))
                    i += len(address)
                    continue
            if char in "*_~":
                found = self.emphasis(text, i, style, flush)
                if found:
                    i = found
                    continue
            plain.append(char)
            i += 1
        flush()

    def emphasis(self, text: str, i: int, style: Style, flush: Callable[[], None]) -> int:
        """Render an emphasis run starting at ``i``; return where it ends, or 0 if none."""
        for marker, extra in EMPHASIS:
            if not text.startswith(marker, i):
                continue
            start = i + len(marker)
            if start >= len(text) or text[start].isspace() or text[start] == marker[0]:
                continue
            if marker[0] == "_" and i > 0 and text[i - 1].isalnum():
                continue
            close = _closing_marker(text, start, marker)
            if close < 0:
                continue
            flush()
            self.inline(text[start:close], style + extra)
            return close + len(marker)
        return 0


def _run_length(text: str, start: int, char: str) -> int:
    """How many ``char`` follow one another from ``start``."""
    end = start
    while end < len(text) and text[end] == char:
        end += 1
    return end - start


def _closing_ticks(text: str, start: int, run: int) -> int:
    """Where a run of exactly ``run`` backticks starts at or after ``start``, or -1."""
    i = text.find("`", start)
    while i >= 0:
        length = _run_length(text, i, "`")
        if length == run and i > start:
            return i
        i = text.find("`", i + length)
    return -1


def _closing_marker(text: str, start: int, marker: str) -> int:
    """Where ``marker`` closes an emphasis opened before ``start``, or -1."""
    i = start + 1
    size = len(marker)
    while True:
        i = text.find(marker, i)
        if i < 0:
            return -1
        before = text[i - 1]
        after = text[i + size] if i + size < len(text) else ""
        same_run = after == marker[0] or before == marker[0]
        word_after = marker[0] == "_" and after.isalnum()
        if not before.isspace() and not same_run and not word_after:
            return i
        i += 1


def render(source: str, palette: Palette, drawers: Mapping[str, Drawer] | None = None) -> Text:
    """Render ``source`` (markdown of the 004 §3.1 subset) to a Rich ``Text``.

    Args:
        source: The text, with placeholders where ``drawers`` has them.
        palette: The styles of code spans, links and list markers.
        drawers: For each placeholder character, what draws it.

    Returns:
        The rendered text; control characters drawn as visible marks.
    """
    return _Reader(palette, drawers or {}).document(source)
