"""The widgets of the composite chat screen: a message item, its literal body, the composer.

``Turn`` is what real clients mount per message: a row container with a marker glyph
beside a ``Markdown`` body. ``Composer`` is a ``TextArea`` on which Enter submits.
"""

from __future__ import annotations

import string
from dataclasses import dataclass
from typing import ClassVar

from markdown_it.token import Token
from rich.text import Text
from textual import events
from textual.containers import HorizontalGroup
from textual.content import Content
from textual.message import Message
from textual.widgets import Markdown, Static, TextArea
from textual.widgets._markdown import MarkdownParagraph  # not re-exported by textual.widgets
from textual.widgets.markdown import MarkdownBlock

from reference_app.chat_input import typed_invisible
from reference_app.widgets import visible

CONTROL_PICTURES = {
    **{code: 0x2400 + code for code in range(0x20) if code not in (0x09, 0x0A)},
    0x7F: 0x2421,
    **dict.fromkeys(range(0x80, 0xA0), 0xFFFD),
}
"""Control characters drawn as visible stand-ins (``\x1b`` as ``␛``; C1 as ``�``), so no
escape sequence reaches the terminal (clause ``body-source``); TAB and LF stay."""
MARKDOWN_PUNCTUATION = frozenset(string.punctuation)
"""The characters CommonMark lets a backslash escape: every ASCII punctuation character."""


def markdown_literal(text: str) -> str:
    """Return Markdown source that shows ``text`` as typed, never as Markdown.

    Every ASCII punctuation character is backslash-escaped (``**x**`` stays ``**x**``,
    ``# x`` is no heading, ``&amp;`` no entity), every newline is a hard line break, and
    the spaces and tabs that start a line are character references, which Markdown does
    not strip as it strips a line's indentation.
    """
    escaped = "".join(f"\\{char}" if char in MARKDOWN_PUNCTUATION else char for char in text)
    lines = escaped.split("\n")
    for number, line in enumerate(lines[1:], start=1):
        body = line.lstrip(" \t")
        indent = "".join(f"&#{ord(char)};" for char in line[: len(line) - len(body)])
        lines[number] = indent + body
    return "\\\n".join(lines)


class LiteralParagraph(MarkdownParagraph):
    """A paragraph that keeps every character of its text, runs of spaces and tabs included.

    Textual's paragraph collapses whitespace as HTML does (``a  b`` shows as ``a b``); a
    literal body must show what was typed (clause ``body-source``).
    """

    def _token_to_content(self, token: Token) -> Content:
        # Overrides a private hook of MarkdownBlock: the only place the text is collapsed.
        breaks = ("hardbreak", "softbreak")
        parts = ["\n" if child.type in breaks else child.content for child in token.children or ()]
        return Content("".join(parts))


class LiteralMarkdown(Markdown):
    """A ``Markdown`` body showing literal text: its paragraphs keep their whitespace."""

    def __init__(self, text: str, *, classes: str | None = None) -> None:
        """Show ``text`` as typed, control characters as pictures."""
        super().__init__(markdown_literal(text.translate(CONTROL_PICTURES)), classes=classes)

    def get_block_class(self, block_name: str) -> type[MarkdownBlock]:
        """Paragraphs are :class:`LiteralParagraph`; every other block is Textual's."""
        if block_name == "paragraph_open":
            return LiteralParagraph
        return super().get_block_class(block_name)


class Turn(HorizontalGroup):
    """One message on screen: the role's marker glyph beside its ``label: body`` body.

    The container carries the role classes and the side border; the marker is content,
    before the body for the user and after it for the agent.
    """

    DEFAULT_CSS = """
    Turn { padding: 0 1; margin-bottom: 1; }
    Turn > .marker { width: 2; }
    Turn > .agent-marker { padding-left: 1; }
    Turn > LiteralMarkdown { width: 1fr; margin: 0; padding: 0; }
    Turn MarkdownParagraph { margin: 0; }
    Turn.user-role { border-left: thick $primary; }
    Turn.agent-role { border-right: thick $success; }
    Turn.agent-role MarkdownParagraph { text-align: right; }
    """

    MARKERS: ClassVar[dict[str, str]] = {"user": "❯", "agent": "❮"}
    """The marker glyph of each role."""

    def __init__(self, role: str, text: str, *, classes: str) -> None:
        """Show ``text`` (already ``label: body``) for ``role``, with ``classes``."""
        marker = Static(self.MARKERS[role], classes=f"marker {role}-marker")
        body = LiteralMarkdown(text)
        children = (marker, body) if role == "user" else (body, marker)
        super().__init__(*children, classes=classes)


class Composer(TextArea):
    """The input field: a ``TextArea`` on which Enter submits and empties it at once.

    Enter is handled in the widget's own key handler, before the queued keys that follow
    it: the text is taken and cleared there, so keys typed in a burst after Enter go to
    the next message, never into the submitted one.
    """

    DEFAULT_CSS = "Composer { height: 3; }"

    @dataclass
    class Submitted(Message):
        """The composer's text was submitted; handled by ``on_composer_submitted``."""

        value: str
        """The text as it was when Enter was pressed."""

    async def _on_key(self, event: events.Key) -> None:
        if typed_invisible(event):  # TextArea drops a typed joiner or bidi mark
            event.stop()
            event.prevent_default()
            self.replace(event.character or "", *self.selection)
            return
        if event.key != "enter":
            await super()._on_key(event)
            return
        event.stop()
        event.prevent_default()
        value = self.text
        self.clear()
        self.post_message(self.Submitted(value))

    def get_line(self, line_index: int) -> Text:
        """The line as drawn: control characters (a pasted ESC) as pictures, never raw."""
        line = super().get_line(line_index)
        pictured = visible(line.plain)
        if pictured == line.plain:
            return line
        drawn = Text(pictured, style=line.style, end=line.end, no_wrap=line.no_wrap)
        drawn.spans = list(line.spans)
        return drawn
