"""The command bubble of the alternative client (004 §3.3).

A sent slash command shows on the user's side as one compact bubble of its own background:
the command without its ``/``, the name bold in the accent colour, the parameters after it
in normal weight, all in one ``Text`` (no nested box, chip or badge).
"""

from __future__ import annotations

from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Static

from examples.crs_alt.bubble_markdown import visible


def split_command(text: str) -> tuple[str, str]:
    """Split a sent command into its name and the rest, the leading ``/`` removed.

    Args:
        text: The prompt as typed, starting with ``/``.

    Returns:
        ``(name, rest)``; ``rest`` keeps its leading whitespace (``"/compact x"`` gives
        ``("compact", " x")``).
    """
    body = text[1:] if text.startswith("/") else text
    end = next((i for i, char in enumerate(body) if char.isspace()), len(body))
    return body[:end], body[end:]


class CommandBubble(Widget):
    """The bubble: only as wide as the command (``crs-command-bubble-compact``)."""

    DEFAULT_CSS = """
    CommandBubble {
        width: auto;
        max-width: 75%;
        height: auto;
        padding: 0 1;
        background: $secondary;
        color: $text;
    }
    CommandBubble > .command-bubble--name {
        text-style: bold;
        color: $text-warning;
    }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"command-bubble--name"}
    """The style of the command's name."""

    def __init__(self, text: str) -> None:
        """Create the bubble of the command ``text`` as typed."""
        super().__init__()
        self.text = text
        """The command as typed, with its ``/``."""

    def render(self) -> RenderableType:
        """The name in its style, then the parameters in the bubble's."""
        name, rest = split_command(visible(self.text))
        style = self.get_component_rich_style("command-bubble--name", partial=True)
        return Text.assemble((name, style), rest.rstrip())


class CommandRow(Horizontal):
    """A row: a spacer taking the free width, then the command bubble on the right."""

    DEFAULT_CSS = """
    CommandRow { height: auto; }
    CommandRow > .spacer { width: 1fr; height: 1; }
    """

    def __init__(self, text: str) -> None:
        """Create the row of one sent command."""
        super().__init__()
        self.bubble = CommandBubble(text)
        """The bubble."""

    def compose(self) -> ComposeResult:
        """The spacer, then the bubble."""
        yield Static(classes="spacer")
        yield self.bubble
