"""A user message: a bubble on the right holding the text's markdown subset (004 §3.1).

The bubble receives the prompt as sent (``prompt_text`` and ``file_references``): valid file
tokens are drawn inline as tokens, read-only; any other token pattern is drawn as literal
text (:mod:`reference_crs.sent_prompt`); the rest is the markdown subset.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Static

from reference_crs.sent_prompt import FileToken, placeholders, read_sent
from reference_crs.user_markdown import render_user_markdown, visible

TOKEN_COLOR = "$primary-darken-1"
"""A file token's background in a bubble, distinct from the bubble's
(``crs-history-token-style``, ``crs-token-contrast-in-bubble``)."""
TOKEN_STYLE = f"$text on {TOKEN_COLOR}"
"""The token's label."""
CAPS = ("▐", "▌")
"""Half blocks in the token's colour at its ends (``crs-token-rounded``): not whitespace,
so a wrap never parts a cap from its label."""


def render_sent(
    prompt_text: str,
    file_references: Sequence[object] = (),
    token: Callable[[FileToken], Content] | None = None,
) -> Content:
    """Render a sent prompt as its bubble shows it.

    Args:
        prompt_text: The text as sent (escaped, with token patterns).
        file_references: The prompt's ``file_references``.
        token: Draws one valid token; :func:`token_content` when ``None``.

    Returns:
        The markdown subset of the text, each valid token drawn by
        :func:`token_content`, each other pattern as its plain characters.
    """
    text, by_char = placeholders(read_sent(prompt_text, file_references))
    rendered = render_user_markdown(text)
    if not by_char:
        return rendered
    parts: list[Content] = []
    start = 0
    for offset, char in enumerate(rendered.plain):
        piece = by_char.get(char)
        if piece is None:
            continue
        parts.append(rendered[start:offset])
        if isinstance(piece, FileToken):
            parts.append((token or token_content)(piece))
        else:
            parts.append(Content(visible(piece.text)))
        start = offset + 1
    parts.append(rendered[start:])
    return Content("").join(parts)


def token_content(token: FileToken) -> Content:
    """A token as drawn: ``▐label▌``, the label on :data:`TOKEN_STYLE`."""
    return Content.assemble(
        (CAPS[0], TOKEN_COLOR),
        (visible(token.label), TOKEN_STYLE),
        (CAPS[1], TOKEN_COLOR),
    )


class UserMessage(Horizontal):
    """A full-width row whose bubble sits against the right edge (``crs-user-right-aligned``).

    The bubble (``.bubble``) has its own background and a rounded frame (``crs-user-bubble``)
    and is at most 75 % of the conversation's width (``crs-user-bubble-max-width``).
    """

    def __init__(
        self,
        text: str,
        file_references: Sequence[object] = (),
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
        disabled: bool = False,
    ) -> None:
        """Create the message.

        Args:
            text: The prompt text as sent.
            file_references: The prompt's ``file_references`` (``rawp_port.FileReference``).
            name: The widget's name.
            id: The widget's id.
            classes: Space-separated CSS classes.
            disabled: Whether it starts disabled.
        """
        super().__init__(name=name, id=id, classes=classes, disabled=disabled)
        self.text = text
        """The text as sent."""
        self.file_references = tuple(file_references)
        """The files its tokens refer to."""

    def compose(self) -> ComposeResult:
        """Compose the bubble."""
        rendered = render_sent(self.text, self.file_references, self.token_content)
        yield Static(rendered, classes="bubble")

    def token_content(self, token: FileToken) -> Content:
        """Draw one valid file token (a seam: :func:`token_content`)."""
        return token_content(token)

    @property
    def bubble(self) -> Static:
        """The bubble widget."""
        return self.query_one(".bubble", Static)
