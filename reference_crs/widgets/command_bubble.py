"""A sent slash command: a compact bubble on the right, the name bold and coloured (004 §3.3)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Static

from reference_crs.user_markdown import visible


class CommandBubble(Horizontal):
    """A full-width row whose compact bubble sits against the right edge.

    The bubble shows the command without its `/` (``crs-command-bubble-strips-slash``), the
    name bold in the accent colour and the parameters in normal weight, in one line of
    text with no badge or frame inside (``crs-command-name-inline-style``,
    ``crs-command-bubble-no-nesting``), on a background of its own that differs from a
    text bubble's (``crs-command-bubble-style-differs``), as wide as its text
    (``crs-command-bubble-compact``). A `▶` precedes the name (``crs-command-bubble-icon``).
    """

    def __init__(self, text: str, *, classes: str | None = None) -> None:
        """Create the bubble of the sent ``text`` (``/name params``)."""
        super().__init__(classes=classes)
        self.text = text
        """The text as sent, slash included."""

    def compose(self) -> ComposeResult:
        """Compose the bubble."""
        name, _, rest = visible(self.text[1:]).partition(" ")  # no control drawn raw
        parts: list[str | tuple[str, str]] = ["▶ ", (name, "bold $accent")]
        if rest:
            parts += [" ", rest]
        yield Static(Content.assemble(*parts), classes="bubble")

    @property
    def bubble(self) -> Static:
        """The bubble widget."""
        return self.query_one(".bubble", Static)
