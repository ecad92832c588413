"""The user-bubble markdown subset of RAWP-CRS 004 §3.1, rendered to Rich ``Text``.

Recognised (§3.1 table): ``**b**``/``__b__``, ``*i*``/``_i_``, ``***bi***``, ``~~s~~``,
`` `code` ``, newlines, ``[text](url)``, bare URLs, ``- item``/``* item`` and ``1. item``.
Everything else (headers, fences, tables, images, quotes, rules, math, and any syntax this
module does not know) is kept as the characters typed (§3.1 MUST NOT list, §1.4 fallback).
No markup language is parsed: every character is appended to a ``Text`` as data, so
brackets and backslashes are drawn as typed.
"""

from __future__ import annotations

import re

from rich.style import Style
from rich.text import Text

CODE_STYLE = Style(bgcolor="grey30", color="bright_white")
"""Inline code: another background than the bubble's (monospace is the terminal's own)."""

LINK_COLOR = "bright_cyan"
"""Links and bare URLs are drawn underlined in this colour, with a terminal hyperlink."""

_INLINE = re.compile(
    r"(?P<code>`(?P<code_body>[^`\n]+)`)"
    r"|(?P<image>!\[[^\]\n]*\]\([^)\n]*\))"
    r"|(?P<bi>\*\*\*(?=\S)(?P<bi_body>.+?)(?<=\S)\*\*\*)"
    r"|(?P<b1>\*\*(?=\S)(?P<b1_body>.+?)(?<=\S)\*\*)"
    r"|(?P<b2>(?<!\w)__(?=\S)(?P<b2_body>.+?)(?<=\S)__(?!\w))"
    r"|(?P<i1>(?<!\*)\*(?=[^\s*])(?P<i1_body>.+?)(?<=[^\s*])\*(?!\*))"
    r"|(?P<i2>(?<!\w)_(?=[^\s_])(?P<i2_body>.+?)(?<=[^\s_])_(?!\w))"
    r"|(?P<s>~~(?=\S)(?P<s_body>.+?)(?<=\S)~~)"
    r"|(?P<link>\[(?P<link_text>[^\]\n]+)\]\((?P<link_url>[^)\s]+)\))"
    r"|(?P<url>(?:https?|ftp)://[^\s<>()\[\]]+|www\.[^\s<>()\[\]]+)"
)

_EMPHASIS: dict[str, Style] = {
    "bi": Style(bold=True, italic=True),
    "b1": Style(bold=True),
    "b2": Style(bold=True),
    "i1": Style(italic=True),
    "i2": Style(italic=True),
    "s": Style(strike=True),
}

_BULLET = re.compile(r"^(?P<indent>[ \t]*)[-*][ \t]+(?P<body>.*)$")
_NUMBERED = re.compile(r"^(?P<indent>[ \t]*)(?P<number>\d{1,9})\.[ \t]+(?P<body>.*)$")
_URL_TAIL = ".,;:!?'\""


def render_inline(source: str) -> Text:
    """Render one line's inline marks.

    Args:
        source: The line, without its newline.

    Returns:
        The styled text; its plain text is the source minus the mark characters.
    """
    out = Text()
    pos = 0
    while pos < len(source):
        match = _INLINE.search(source, pos)
        if match is None:
            break
        out.append(visible(source[pos : match.start()]))
        pos = _render_match(match, out)
    out.append(visible(source[pos:]))
    return out


def _render_match(match: re.Match[str], out: Text) -> int:
    """Append one recognised mark to ``out``; return where the scan goes on."""
    kind = match.lastgroup or ""
    if kind == "code":
        out.append(visible(match["code_body"]), CODE_STYLE)
    elif kind == "image":
        out.append(visible(match.group(0)))
    elif kind == "link":
        inner = render_inline(match["link_text"])
        inner.stylize(_link_style(match["link_url"]))
        out.append_text(inner)
    elif kind == "url":
        url = match.group(0).rstrip(_URL_TAIL)
        target = url if "://" in url else f"https://{url}"
        out.append(visible(url), _link_style(target))
        return match.start() + len(url)
    else:
        inner = render_inline(match[f"{kind}_body"])
        inner.stylize(_EMPHASIS[kind])
        out.append_text(inner)
    return match.end()


def _link_style(url: str) -> Style:
    """The style of a clickable link to ``url``."""
    return Style(color=LINK_COLOR, underline=True, link=url)


def render_markdown(source: str) -> Text:
    """Render a message of the §3.1 subset, line by line.

    Args:
        source: The message as typed (newlines kept).

    Returns:
        One ``Text`` with a line per source line; list items drawn with ``•`` or their
        number (an ordered list counts from its first number), fenced blocks and other
        block syntax as typed.
    """
    lines: list[Text | str] = []
    fence: str | None = None
    number: int | None = None
    for line in source.split("\n"):
        if fence is None and _SPECIAL.search(line) is None:
            lines.append(visible(line))
            number = None
            continue
        marker = _FENCE.match(line)
        if fence is not None or marker is not None:
            lines.append(Text(visible(line)))
            if marker is not None and (fence is None or marker["fence"][0] == fence):
                fence = None if fence is not None else marker["fence"][0]
            number = None
            continue
        numbered = _NUMBERED.match(line)
        if numbered is not None:
            number = int(numbered["number"]) if number is None else number + 1
            head = f"{numbered['indent']}{number}. "
            lines.append(Text(head).append_text(render_inline(numbered["body"])))
            continue
        number = None
        lines.append(_render_line(line))
    return _join(lines)


def _join(lines: list[Text | str]) -> Text:
    """One ``Text`` of ``lines``; runs of plain lines are appended as one string."""
    out = Text()
    plain: list[str] = []
    for index, line in enumerate(lines):
        ending = "\n" if index < len(lines) - 1 else ""
        if isinstance(line, str):
            plain.append(line + ending)
            continue
        if plain:
            out.append("".join(plain))
            plain = []
        out.append_text(line)
        out.append(ending)
    if plain:
        out.append("".join(plain))
    return out


_SPECIAL = re.compile(r"[*_~`\[!<>$|#:\d-]|www\.")
"""A line without any of these characters has no mark, list or block syntax to look at."""


def _render_line(line: str) -> Text:
    """Render one line: a bullet item, or inline marks only."""
    bullet = _BULLET.match(line)
    if bullet is not None:
        return Text(bullet["indent"] + "• ").append_text(render_inline(bullet["body"]))
    return render_inline(line)


_FENCE = re.compile(r"^[ ]{0,3}(?P<fence>`{3,}|~{3,})")

_PICTURES = {code: chr(0x2400 + code) for code in range(0x20) if code != 0x09} | {0x7F: "\u2421"}
"""Control characters drawn as their Unicode control pictures (␛, ␊, ...)."""

_BIDI = set(range(0x202A, 0x202F)) | set(range(0x2066, 0x206A)) | {0x200E, 0x200F, 0x061C}
"""Bidirectional controls: drawn as ``⟨U+202E⟩`` so they cannot reorder the screen."""


def visible(text: str, *, lines: bool = False) -> str:
    """``text`` with control and bidi characters replaced by visible stand-ins.

    Nothing is dropped: each such character becomes one visible glyph (a control picture)
    or its code point, so what was sent can still be read. Tabs are kept; newlines too
    when ``lines`` is true (multi-line text), else drawn as ``␊``.
    """
    if _HIDDEN.search(text) is None:
        return text
    out: list[str] = []
    for char in text:
        code = ord(char)
        if lines and char == "\n":
            out.append(char)
        elif code in _PICTURES:
            out.append(_PICTURES[code])
        elif 0xD800 <= code < 0xE000:
            out.append("\ufffd")  # an undecodable byte (a lone surrogate): drawn as �
        elif code in _BIDI or 0x80 <= code < 0xA0:
            out.append(f"⟨U+{code:04X}⟩")
        else:
            out.append(char)
    return "".join(out)


_HIDDEN = re.compile(
    "[\x00-\x08\x0a-\x1f\x7f-\x9f\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)
"""Any character :func:`visible` replaces."""
