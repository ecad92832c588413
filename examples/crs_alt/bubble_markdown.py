"""The markdown subset of a user bubble (004 §3.1), by a small parser of its own.

Rendered: bold, italic, bold-italic, strikethrough, inline code, links, autolinks, line
breaks, bullet and numbered lists (``crs-md-*``). Every other construct (headings, fenced
blocks, tables, images, quotes, rules, math, HTML) stays as typed, because no rule of this
parser knows it (``crs-md-blocks-not-rendered``). The text is parsed line by line into
:class:`BubbleLine` rows of ``rich.text.Text``; :class:`BubbleBody` draws them with a
hanging indent under list markers and measures itself for a ``width: auto`` bubble.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import NamedTuple

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.style import Style
from rich.text import Text

_CONTROL = {code: chr(0x2400 + code) for code in range(0x20) if code not in (0x09, 0x0A)}
_CONTROL[0x7F] = "\u2421"
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_BULLET = re.compile(r"^( *)([-*+]) +(.*)$")
_NUMBERED = re.compile(r"^( *)(\d{1,9})([.)]) +(.*)$")
_URL = re.compile(r"(?:https?://|www\.)[^\s<>]+")
_ANGLE_URL = re.compile(r"<(https?://[^\s<>]+)>")
_IMAGE = re.compile(r"!\[[^\]\n]*\](?:\([^)\n]*\))?")
_LINK = re.compile(r"\[([^\]\n]+)\]\(([^)\s]+)\)")
_PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
_TRAILING = ".,:;!?'\""


def visible(text: str) -> str:
    """Replace control characters other than tab and newline by their visible symbols."""
    return text.translate(_CONTROL)


class InlineStyles(NamedTuple):
    """The Rich styles of the inline spans (taken from the theme by the bubble widget)."""

    bold: Style = Style(bold=True)
    italic: Style = Style(italic=True)
    strike: Style = Style(strike=True)
    code: Style = Style(reverse=True)
    link: Style = Style(underline=True)


@dataclass(frozen=True)
class BubbleLine:
    """One source line of the bubble.

    Attributes:
        text: The line's text with its inline styles.
        marker: ``"•"`` or ``"3."`` for a list item, ``""`` otherwise.
        indent: Cells before the marker (the item's nesting, as typed).
    """

    text: Text
    marker: str = ""
    indent: int = 0

    @property
    def prefix(self) -> str:
        """What comes before the text on the item's first row."""
        return " " * self.indent + (f"{self.marker} " if self.marker else "")


def parse(
    source: str, styles: InlineStyles | None = None, inserts: dict[str, Text] | None = None
) -> list[BubbleLine]:
    r"""Parse a user message into rows: list items, plain lines, fenced lines kept verbatim.

    Args:
        source: The message as typed (``\n`` separates lines).
        styles: The inline styles; plain attributes when ``None``.
        inserts: Stand-in characters of ``source`` and the styled runs (file tokens, literal
            token patterns) drawn in their place, after parsing.
    """
    styles = styles or InlineStyles()
    rows: list[BubbleLine] = []
    fence: str | None = None
    number: dict[int, int] = {}
    for line in visible(source).split("\n"):
        marker = _FENCE.match(line)
        run = marker.group(1) if marker else ""
        if fence is not None or run:
            if fence is None:
                fence = run  # a fence opens: its lines stay as typed, fences included
            elif run[:1] == fence[0] and len(run) >= len(fence):
                fence = None
            rows.append(BubbleLine(Text(line)))
            number.clear()
            continue
        rows.append(_block_line(line, styles, number))
    if inserts:
        rows = [BubbleLine(_put_back(row.text, inserts), row.marker, row.indent) for row in rows]
    return rows


def _put_back(text: Text, inserts: dict[str, Text]) -> Text:
    """``text`` with each stand-in character replaced by its run."""
    cuts = [i for i, char in enumerate(text.plain) if char in inserts]
    if not cuts:
        return text
    out = Text()
    start = 0
    for cut in cuts:
        out.append_text(text[start:cut])
        out.append_text(inserts[text.plain[cut]].copy())
        start = cut + 1
    out.append_text(text[start:])
    return out


def _block_line(line: str, styles: InlineStyles, number: dict[int, int]) -> BubbleLine:
    """One line outside a fence: a list item (numbered from its first number) or text."""
    if bullet := _BULLET.match(line):
        number.clear()
        return BubbleLine(inline(bullet.group(3), styles), "•", len(bullet.group(1)))
    if numbered := _NUMBERED.match(line):
        indent = len(numbered.group(1))
        value = number[indent] + 1 if indent in number else int(numbered.group(2))
        number[indent] = value
        for deeper in [key for key in number if key > indent]:
            del number[deeper]
        return BubbleLine(inline(numbered.group(4), styles), f"{value}.", indent)
    number.clear()
    return BubbleLine(inline(line, styles))


def inline(source: str, styles: InlineStyles) -> Text:
    """Parse the inline spans of one line into styled text (markers removed)."""
    out = Text()
    for piece, style in _spans(source, styles):
        if isinstance(piece, Text):
            if style is not None:
                piece.stylize_before(style)
            out.append_text(piece)
        else:
            out.append(piece, style)
    return out


def _spans(src: str, styles: InlineStyles) -> Iterator[tuple[str | Text, Style | None]]:
    """Yield ``(text, style)`` pieces of ``src``; nested spans come as styled ``Text``."""
    plain: list[str] = []
    i = 0
    while i < len(src):
        found = _construct(src, i, styles)
        if found is None:
            plain.append(src[i])
            i += 1
            continue
        end, piece, style = found
        if plain:
            yield "".join(plain), None
            plain = []
        yield piece, style
        i = end
    if plain:
        yield "".join(plain), None


def _construct(
    src: str, i: int, styles: InlineStyles
) -> tuple[int, str | Text, Style | None] | None:
    """Recognise the construct starting at ``src[i]``: ``(end, piece, style)``, or ``None``."""
    char = src[i]
    if char == "\\" and i + 1 < len(src) and src[i + 1] in _PUNCTUATION:
        return i + 2, src[i + 1], None
    if char == "`":
        return _code(src, i, styles)
    if char == "!" and (image := _IMAGE.match(src, i)):
        return image.end(), image.group(0), None  # an image stays its source
    if char == "[" and (link := _LINK.match(src, i)):
        return link.end(), inline(link.group(1), styles), styles.link + Style(link=link.group(2))
    if char == "<" and (angle := _ANGLE_URL.match(src, i)):
        url = angle.group(1)
        return angle.end(), url, styles.link + Style(link=url)
    if char in "hw" and (i == 0 or not src[i - 1].isalnum()) and (url := _URL.match(src, i)):
        return _autolink(url.group(0), i, styles)
    if char in "*_~":
        return _emphasis(src, i, styles)
    return None


def _code(src: str, i: int, styles: InlineStyles) -> tuple[int, str, Style | None]:
    """A code span closed by a backtick run of the same length, or the run as text."""
    run = next(k for k in range(i, len(src) + 1) if k == len(src) or src[k] != "`") - i
    ticks = "`" * run
    j = i + run
    while (close := src.find(ticks, j)) >= 0:
        after = close + run
        if after == len(src) or src[after] != "`":
            body = src[i + run : close]
            if len(body) > 2 and body[0] == body[-1] == " " and body.strip():
                body = body[1:-1]
            return after, body, styles.code
        j = after + 1
    return i + run, ticks, None


def _autolink(url: str, i: int, styles: InlineStyles) -> tuple[int, str, Style]:
    """A bare URL, trailing punctuation and an unbalanced ``)`` left out."""
    while url and (url[-1] in _TRAILING or (url[-1] == ")" and url.count("(") < url.count(")"))):
        url = url[:-1]
    target = url if "://" in url else f"http://{url}"
    return i + len(url), url, styles.link + Style(link=target)


def _emphasis(src: str, i: int, styles: InlineStyles) -> tuple[int, str | Text, Style | None]:
    """``***x***``, ``**x**``, ``__x__``, ``*x*``, ``_x_``, ``~~x~~``, or the run as text."""
    char = src[i]
    run = next(k for k in range(i, len(src) + 1) if k == len(src) or src[k] != char) - i
    opens = i + run < len(src) and not src[i + run].isspace()
    if char == "_" and i > 0 and src[i - 1].isalnum():
        opens = False  # intraword underscores (snake_case) are text
    widths = (2,) if char == "~" else (3, 2, 1)
    for width in widths if opens else ():
        if width > run:
            continue
        close = _closer(src, i + width, char, width)
        if close is not None:
            inner = inline(src[i + width : close], styles)
            return close + width, inner, _style_of(char, width, styles)
    return i + run, char * run, None


def _closer(src: str, start: int, char: str, width: int) -> int | None:
    """Where a run of exactly ``width`` ``char``s closes the span opened before ``start``."""
    j = start
    while j < len(src):
        if src[j] == "`":  # skip code spans
            end, _, style = _code(src, j, InlineStyles())
            j = end if style is not None else j + 1
            continue
        if src[j] != char:
            j += 1
            continue
        run = next(k for k in range(j, len(src) + 1) if k == len(src) or src[k] != char) - j
        after = j + run
        flanking = j > start and not src[j - 1].isspace()
        if char == "_" and after < len(src) and src[after].isalnum():
            flanking = False
        if run == width and flanking:
            return j
        j = after
    return None


def _style_of(char: str, width: int, styles: InlineStyles) -> Style:
    if char == "~":
        return styles.strike
    return {1: styles.italic, 2: styles.bold, 3: styles.bold + styles.italic}[width]


class BubbleBody:
    """A Rich renderable of bubble rows: each list item wraps under its own text.

    Measured for ``width: auto``: its widest row, and at least its longest word.
    """

    def __init__(self, rows: list[BubbleLine]) -> None:
        """Keep the rows to draw."""
        self.rows = rows

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        """The narrowest and widest this body can be drawn, in cells."""
        least, most = 1, 1
        for row in self.rows:
            pad = cell_len(row.prefix)
            words = [cell_len(word) for word in row.text.plain.split()] or [0]
            least = max(least, pad + max(words))
            most = max(most, pad + row.text.cell_len)
        return Measurement(least, most).clamp(max_width=options.max_width)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        """Draw each row wrapped at the width, list continuation rows under the text."""
        width = options.max_width
        for row in self.rows:
            pad = cell_len(row.prefix)
            wrapped = row.text.wrap(console, max(1, width - pad), overflow="fold")
            for number, part in enumerate(wrapped or [Text()]):
                if pad:
                    yield Segment(row.prefix if number == 0 else " " * pad)
                yield from part.render(console, end="")
                yield Segment.line()
