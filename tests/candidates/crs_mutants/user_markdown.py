"""Mutants of seed area §3.1 User message bubble and markdown.

Each is the reference RAWP-CRS client with one defect in that area, caught by a
scenario of ``features/rawp_crs/`` citing its clause.
"""

from __future__ import annotations

import re
from typing import Any

from rich.text import Text
from textual._xterm_parser import XTermParser
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.style import Style as _LinkStyle
from textual.widget import Widget
from textual.widgets import Static, TextArea

from rawp_port import (
    FileReference,
)
from rawp_port import FileReference as _FileReference
from reference_crs.app import CrsApp
from reference_crs.sent_prompt import FileToken
from reference_crs.user_markdown import render_user_markdown
from reference_crs.widgets import (
    PromptInput,
    UserMessage,
)
from reference_crs.widgets.user_message import CAPS, TOKEN_STYLE
from reference_crs.widgets.user_message import UserMessage as _UserMessage
from tests.candidates.crs_mutants._registry import mutant
from tests.candidates.crs_mutants._shared import _bubble_app, _styled_app

BubbleFullWidth = mutant(
    _styled_app(
        "BubbleFullWidth",
        "crs-user-bubble-max-width: a long user bubble spans the whole area.",
        "UserMessage > .bubble { max-width: 100%; }",
    )
)


BubbleTruncated = mutant(
    _styled_app(
        "BubbleTruncated",
        "crs-user-text-in-bubble: the bubble cuts the text at 14 cells with an ellipsis.",
        "UserMessage > .bubble { max-width: 16; text-wrap: nowrap; text-overflow: ellipsis; }",
    )
)


class _CardMessage(UserMessage):
    """A bubble that puts its text on a framed card inside it."""

    DEFAULT_CSS = "_CardMessage .card { border: round $secondary; width: auto; height: auto; }"

    def compose(self) -> ComposeResult:
        with Vertical(classes="bubble"):
            yield Static(render_user_markdown(self.text), classes="card")


@mutant
class NestedCard(CrsApp):
    """crs-user-bubble-no-nested-container: the bubble holds a framed card."""

    def user_message(self, text: str, *_: object) -> Widget:
        return _CardMessage(text)


class _FormattingInput(PromptInput):
    """An input that drops ``**`` markers as soon as they are typed."""

    def on_text_area_changed(self, event: TextArea.Changed) -> None:
        if "**" in self.text:
            self.text = self.text.replace("**", "")
            self.move_cursor(self.document.end)


@mutant
class InputDropsMarkers(CrsApp):
    """crs-input-plain-text: the input drops the ** markers the user types."""

    def prompt_input(self) -> PromptInput:
        return _FormattingInput(id=self.INPUT_ID)


@mutant
class RichPreview(CrsApp):
    """crs-input-no-rich-preview: a formatted preview of the input is shown while typing."""

    def compose(self) -> ComposeResult:
        parts = list(super().compose())
        yield parts[0]
        yield Static(id="preview")
        yield from parts[1:]

    def on_text_area_changed(self, event: TextArea.Changed) -> None:
        self.query_one("#preview", Static).update(render_user_markdown(event.text_area.text))


_ANY_PATTERN = re.compile(r"<@file:([^|\n]*)\|([^>\n]*)>")


@mutant
class ForgedTokenDrawn(CrsApp):
    """crs-history-token-validated: every token pattern is drawn as a token, mapped or not."""

    def user_message(self, prompt_text: str, file_references: Any = ()) -> Widget:
        forged = [FileReference(a, b, b) for a, b in _ANY_PATTERN.findall(prompt_text)]
        return _UserMessage(prompt_text, [*forged, *file_references])


@mutant
class HistoryNotUnescaped(CrsApp):
    """crs-history-forged-token-literal: the sent text is shown escaped (`\\\\`, `\\<@` kept)."""

    def user_message(self, prompt_text: str, file_references: Any = ()) -> Widget:
        return _UserMessage(prompt_text.replace("\\", "\\\\"), file_references)


class _PlainToken2(_UserMessage):
    def token_content(self, token: FileToken) -> Content:
        return Content(f" {token.label} ")


@mutant
class HistoryTokenUnstyled(CrsApp):
    """crs-history-token-style: a valid token is drawn as its plain label, no token style."""

    def user_message(self, prompt_text: str, file_references: Any = ()) -> Widget:
        return _PlainToken2(prompt_text, file_references)


class _FaintToken(_UserMessage):
    def token_content(self, token: FileToken) -> Content:
        faint = "on $primary 6%"
        edge = "$primary 6%"
        return Content.assemble((CAPS[0], edge), (token.label, faint), (CAPS[1], edge))


@mutant
class TokenFaintInBubble(CrsApp):
    """crs-token-contrast-in-bubble: the token's background is barely off the bubble's."""

    def user_message(self, prompt_text: str, file_references: Any = ()) -> Widget:
        return _FaintToken(prompt_text, file_references)


class _BoxedToken(_UserMessage):
    def token_content(self, token: FileToken) -> Content:
        bar = "─" * len(token.label)
        return Content.assemble(f"\n╭{bar}╮\n│", (token.label, TOKEN_STYLE), f"│\n╰{bar}╯\n")


@mutant
class TokenInNestedBox(CrsApp):
    """crs-user-bubble-no-nested-container: each token is drawn in a box of its own."""

    def user_message(self, prompt_text: str, file_references: Any = ()) -> Widget:
        return _BoxedToken(prompt_text, file_references)


class _FixedWidthMessage(UserMessage):
    def on_mount(self) -> None:
        width = self.app.query_one("#conversation").scrollable_content_region.width
        self.bubble.styles.max_width = max(1, width * 3 // 4)  # cells, as wide as now


@mutant
class BubbleWidthFixedAtMount(CrsApp):
    """crs-user-bubble-max-width: the bubble is limited to 75 % of the width it was sent at."""

    def user_message(self, prompt_text: str, file_references: Any = ()) -> Widget:
        return _FixedWidthMessage(prompt_text, file_references)


@mutant
class PastedEscapesActAsKeys(CrsApp):
    """crs-typed-text-kept: read with Textual's own parser, a pasted ESC sequence acts as keys."""

    TERMINAL_PARSER = XTermParser


class _DrawsControlsRaw(PromptInput):
    """Draws the input's control characters as they are: a pasted ESC goes to the terminal."""

    def get_line(self, line_index: int) -> Text:
        return self.token_line(line_index)


@mutant
class InputDrawsRawEscape(CrsApp):
    """crs-typed-text-kept: the input draws a pasted ESC raw instead of visibly."""

    def prompt_input(self) -> PromptInput:
        return _DrawsControlsRaw(id=self.INPUT_ID)


def _file_names_linked(text: str) -> Content:
    """The bubble as the reference draws it, each ``name.py``/``.sh``/``.md`` made a link."""
    content = render_user_markdown(text)
    for found in re.finditer(r"\b[\w-]+\.(?:py|sh|md)\b", content.plain):
        link = _LinkStyle(link=f"http://{found.group(0)}", underline=True)
        content = content.stylize(link, found.start(), found.end())
    return content


FileNamesAutolinked = mutant(
    _bubble_app(
        "FileNamesAutolinked",
        "crs-md-autolink: a file name such as main.py is made a web link (linkify's fuzzy TLDs).",
        _file_names_linked,
    )
)


def _tilde_fence_as_code(text: str) -> Content:
    """Backtick fences stay as typed; a ``~~~`` fence becomes an inline code span."""
    return render_user_markdown(re.sub(r"~~~\w*\n(.*?)\n~~~", r"`\1`", text, flags=re.S))


TildeFenceRendered = mutant(
    _bubble_app(
        "TildeFenceRendered",
        "crs-md-blocks-not-rendered: a ~~~ fenced block becomes an inline code span.",
        _tilde_fence_as_code,
    )
)


_PATTERN_LABEL = re.compile(r"<@file:([^|>]*)\|([^>]*)>")


@mutant
class HistoryTokenPathNotChecked(CrsApp):
    """crs-history-token-validated: a real ref_id with a made-up path is drawn as that path."""

    def user_message(self, prompt_text: str, file_references: Any = ()) -> Widget:
        labels = dict(_PATTERN_LABEL.findall(prompt_text))  # ref_id -> the pattern's label
        trusted = [
            _FileReference(ref.ref_id, ref.path, labels.get(ref.ref_id, ref.display_path))
            for ref in file_references
        ]
        return super().user_message(prompt_text, trusted)
