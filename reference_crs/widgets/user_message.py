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
from textual.errors import NoWidget
from textual.geometry import Spacing
from textual.widget import Widget
from textual.widgets import Static

from reference_crs.sent_prompt import FileToken, placeholders, read_sent
from reference_crs.textual_private import refresh_layout_now
from reference_crs.user_markdown import _FENCE, render_user_markdown, visible

LAZY_LINES = 400
"""Lines beyond which a bubble is drawn lazily, from its end (issue 25 item 10)."""
SEGMENT_LINES = 100
"""Lines drawn at first, and at least at each step up."""
FIRST_LINES = 60
"""Lines drawn at first: each is a row or more, so over two screens of a 30-row terminal."""
WINDOW = 12
"""Lines either side of a cut rendered to check it."""
SETTLE = 0.3
"""Seconds after mount before the placeholder is first checked: a reopened conversation
has scrolled to its end by then, so the rows above are not drawn for a view at its top."""

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
        self._pending: list[str] = []
        """Lines at the start not drawn yet; blank rows of their estimated height stand for
        them (a long text, drawn from its end: issue 25 item 10)."""
        self._drawn = Content("")
        self._blank = 0
        """Blank rows standing for the pending lines."""
        self._drawing = False
        self._fenced: list[bool] = []
        self._width = 0
        self._padding: Spacing | None = None
        """The bubble's own padding, before the blank rows were added to its top."""

    def compose(self) -> ComposeResult:
        """Compose the bubble; a long text's start is drawn later (:meth:`_draw_more`)."""
        lines = self.text.split("\n")
        self._fenced = _fenced(lines) if len(lines) > LAZY_LINES else []
        at = self._lazy_cut(lines, len(lines) - FIRST_LINES) if self._fenced else None
        if at is None:
            yield Static(self._render_text("\n".join(lines)), classes="bubble")
            return
        self._pending, self._drawn = lines[:at], self._render_text("\n".join(lines[at:]))
        yield Static(self._drawn, classes="bubble")

    def _render_text(self, text: str) -> Content:
        return render_sent(text, self.file_references, self.token_content)

    # a long text, drawn from its end (issue 25 item 10)

    def _lazy_cut(self, lines: Sequence[str], near: int) -> int | None:
        """A line at or a little before ``near`` where the text renders as its two halves do.

        Checked on :data:`WINDOW` lines either side, never in a fenced block; ``None``: none.
        """
        for at in range(near, max(WINDOW - 1, near - WINDOW), -1):
            if self._fenced[at - WINDOW] or self._fenced[at]:
                return None
            before, after = "\n".join(lines[at - WINDOW : at]), "\n".join(lines[at : at + WINDOW])
            whole, joined = (
                self._render_text(f"{before}\n{after}"),
                Content("\n").join([self._render_text(before), self._render_text(after)]),
            )
            if whole.plain == joined.plain and sorted(whole.spans) == sorted(joined.spans):
                return at
        return None

    def on_mount(self) -> None:
        """Size the blank rows, and draw more as the view nears them."""
        if self._pending and isinstance(self.parent, Widget):
            self._show()
            self.watch(self.parent, "scroll_y", self._check_pending, init=False)
            self.set_timer(SETTLE, self._check_pending)  # once the view has moved

    def on_resize(self) -> None:
        """The blank rows' height depends on the width."""
        if self._pending and self.size.width != self._width:
            self._width = self.size.width
            self._show()

    def _show(self) -> None:
        """The bubble: blank rows for the pending lines, then what is drawn."""
        width = max(1, self.bubble.content_region.width or self.app.size.width * 3 // 4 - 4)
        rows = self._blank = sum(-(-len(line) // width) or 1 for line in self._pending)
        bubble = self.bubble
        if self._padding is None:
            self._padding = bubble.styles.padding
        top, right, bottom, left = self._padding
        bubble.styles.padding = (top + rows, right, bottom, left)  # blank rows, not laid out
        bubble.update(self._drawn)

    def _check_pending(self) -> None:
        conversation = self.parent
        if not self._pending or self._drawing or not isinstance(conversation, Widget):
            return
        try:
            top = self.app.screen.find_widget(self).virtual_region.y
        except NoWidget:
            return  # hidden far above: checked again when shown
        if top + self._blank >= conversation.scroll_y - conversation.size.height // 2:
            self._drawing = True
            self.run_worker(self._draw_more(), group="pending-rows")

    async def _draw_more(self) -> None:
        """Draw as many lines up as are drawn (at least a segment); the view stays put."""
        conversation = self.parent
        assert isinstance(conversation, Widget)
        lines = self._pending
        near = len(lines) - max(SEGMENT_LINES, len(self._drawn.plain.split("\n")))
        at = (self._lazy_cut(lines, near) if near > LAZY_LINES // 2 else None) or 0
        chunk = self._render_text("\n".join(lines[at:]))
        self._pending, self._drawn = lines[:at], Content("\n").join([chunk, self._drawn])
        height, y = conversation.virtual_size.height, conversation.scroll_y
        try:
            with self.app.batch_update():
                self._show()
                refresh_layout_now(self.app.screen)
                grown = conversation.virtual_size.height - height
                conversation.scroll_to(y=y + grown, animate=False, immediate=True)
        finally:
            self._drawing = False
        self.call_after_refresh(self._check_pending)

    def token_content(self, token: FileToken) -> Content:
        """Draw one valid file token (a seam: :func:`token_content`)."""
        return token_content(token)

    @property
    def bubble(self) -> Static:
        """The bubble widget."""
        return self.query_one(".bubble", Static)


def _fenced(lines: Sequence[str]) -> list[bool]:
    """For each of ``lines``, whether it is in a fenced block or is a fence (as bubbles read).

    Lines holding no fence character at all are none (a scan of 10,000 lines is skipped).
    """
    if not any("`" in line or "~" in line for line in lines):
        return [False] * len(lines)
    fence, inside = "", []
    for line in lines:
        opening = _FENCE.match(line)
        if not fence:
            fence = opening.group(1) if opening else ""
            inside.append(bool(fence))
            continue
        inside.append(True)
        stripped = line.strip()
        if stripped.startswith(fence[0] * len(fence)) and not stripped.strip(fence[0]):
            fence = ""
    return inside
