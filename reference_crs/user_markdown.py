"""The markdown subset of a user bubble (004 §3.1): rendered inline, the rest kept as typed.

Rendered: bold, italic, bold-italic, strikethrough, inline code, line breaks, links,
autolinks, bullet and numbered lists (``crs-md-*``). Never rendered, shown as their source
(``crs-md-blocks-not-rendered``): headings, fenced code blocks, tables, images, quotes, rules
and math. Two traps are handled on purpose: markdown-it's ``backticks`` rule would turn a
fence into an inline code span, so fenced blocks are cut out before parsing and kept
literal; its ``link`` rule would turn ``![alt](x.png)`` into ``!`` plus a link, so a rule
ahead of it consumes the whole image construct as text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from markdown_it import MarkdownIt
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token
from textual.content import Content
from textual.style import Style

CODE_STYLE = "$text-accent on $surface"
"""Inline code: its own background inside the bubble (``crs-md-inline-code``)."""
LINK_COLOR = "$text-primary"
"""Links and autolinks, underlined too (``crs-md-link``, ``crs-md-autolink``)."""

_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_CONTROL = {code: chr(0x2400 + code) for code in range(0x20) if code not in (0x09, 0x0A)}
_CONTROL[0x7F] = "\u2421"


def visible(text: str) -> str:
    """Replace control characters other than tab and newline by their visible symbols."""
    return text.translate(_CONTROL)


def _image_literal(state: StateInline, silent: bool) -> bool:
    """Consume ``![label](target)`` (or a lone ``![``) as a token shown as plain text."""
    if not state.src.startswith("![", state.pos):
        return False
    end = state.pos + 2
    label_end = state.md.helpers.parseLinkLabel(state, state.pos + 1, True)
    if label_end >= 0:
        end = label_end + 1
        if state.src.startswith("(", end):
            close = state.src.find(")", end)
            end = close + 1 if close >= 0 else end
    if not silent:
        state.push("image_literal", "", 0).content = state.src[state.pos : end]
    state.pos = end
    return True


def _parser() -> MarkdownIt:
    parser = MarkdownIt("zero", {"breaks": True, "linkify": True}).enable(
        ["emphasis", "strikethrough", "backticks", "link", "linkify", "list", "newline"]
    )
    parser.inline.ruler.before("link", "image_literal", _image_literal)
    return parser


_PARSER = _parser()


def render_user_markdown(text: str) -> Content:
    """Render a user message's text as the bubble shows it.

    Args:
        text: The text as sent.

    Returns:
        Styled content: the rendered subset, everything else verbatim.
    """
    parts = [
        Content(visible(chunk)) if fenced else _render_chunk(chunk)
        for fenced, chunk in _split_fences(text)
    ]
    return Content("\n").join(part for part in parts if part.plain or len(parts) == 1)


def _split_fences(text: str) -> Iterator[tuple[bool, str]]:
    """Yield ``(is_fenced_block, text)`` chunks; a fence runs to its closing line or the end."""
    lines, fence = text.split("\n"), ""
    chunk: list[str] = []
    for line in lines:
        opening = _FENCE.match(line)
        if not fence and opening:
            if chunk:
                yield False, "\n".join(chunk)
            chunk, fence = [line], opening.group(1)
        elif fence:
            chunk.append(line)
            if line.strip().startswith(fence[0] * len(fence)) and not line.strip().strip(fence[0]):
                yield True, "\n".join(chunk)
                chunk, fence = [], ""
        else:
            chunk.append(line)
    if chunk:
        yield bool(fence), "\n".join(chunk)


def _render_chunk(text: str) -> Content:
    """Render markdown outside fenced blocks: paragraphs and lists."""
    lines: list[Content] = []
    lists: list[list[int]] = []  # per open list: [next number] or [-1] for bullets
    prefix = ""
    for token in _PARSER.parse(text):
        if token.type in ("bullet_list_open", "ordered_list_open"):
            start = token.attrGet("start")  # 0 is a start too (CommonMark §5.3)
            lists.append([(1 if start is None else int(start)) if token.type[0] == "o" else -1])
        elif token.type in ("bullet_list_close", "ordered_list_close"):
            lists.pop()
        elif token.type == "list_item_open":
            counter = lists[-1]
            marker = "• " if counter[0] < 0 else f"{counter[0]}. "
            if counter[0] >= 0:
                counter[0] += 1
            prefix = "  " * (len(lists) - 1) + marker
        elif token.type == "paragraph_open" and not lists and lines:
            lines.append(Content(""))
        elif token.type == "inline":
            indent = " " * len(prefix) if prefix else "  " * len(lists)
            lines += _inline_lines(token, prefix or indent, indent)
            prefix = ""
    return Content("\n").join(lines)


def _inline_lines(token: Token, first: str, rest: str) -> list[Content]:
    """Render one inline token into lines, the first after ``first``, the others after ``rest``."""
    lines: list[list[Content]] = [[Content(first)] if first else []]
    styles: list[str | Style] = []
    for child_at, child in enumerate(token.children or ()):
        kind = child.type
        if kind in ("softbreak", "hardbreak"):
            lines.append([Content(rest)] if rest else [])
        elif kind in ("text", "image_literal"):  # linkify leaves image_literal alone
            lines[-1].append(_styled(child.content, styles))
        elif kind == "code_inline":
            lines[-1].append(_styled(child.content, [*styles, CODE_STYLE]))
        elif kind == "link_open" and not _is_url_link(child, token.children or [], child_at):
            styles.append("")  # a bare name such as main.py is not a URL (design §9)
        elif kind.endswith("_open"):
            styles.append(_open_style(child))
        elif kind.endswith("_close") and styles:
            styles.pop()
    return [Content("").join(parts) for parts in lines]


URL_START = re.compile(r"(?:[a-zA-Z][a-zA-Z0-9+.-]*:|www\.)")
"""How a text autolinked as a URL begins: a scheme (``https:``, ``mailto:``) or ``www.``."""


def _is_url_link(link_open: Token, children: list[Token], at: int) -> bool:
    """Whether ``link_open`` opens a link 004 §3.1's autolink makes (design §9, decision 13).

    Written links (``[text](url)``) always are. An autolink is one when its text is a URL:
    it starts with a scheme or ``www.``, as GFM's autolink extension reads "URL", or it is an
    e-mail address. A bare ``name.ext`` (``main.py``, ``setup.sh``: linkify-it takes
    ``.py``, ``.sh``, ``.md`` for top-level domains) is not.
    """
    if link_open.markup != "linkify":
        return True
    text = children[at + 1].content if at + 1 < len(children) else ""
    return bool(URL_START.match(text)) or "@" in text


def _open_style(token: Token) -> str | Style:
    if token.type == "strong_open":
        return "bold"
    if token.type == "em_open":
        return "italic"
    if token.type == "s_open":
        return "strike"
    if token.type == "link_open":
        return Style(link=str(token.attrGet("href") or ""), underline=True)
    return ""


def _styled(text: str, styles: list[str | Style]) -> Content:
    content = Content(visible(text))
    for style in styles:
        if style:
            content = content.stylize(style)
    if any(isinstance(style, Style) for style in styles):
        content = content.stylize(LINK_COLOR)
    return content
