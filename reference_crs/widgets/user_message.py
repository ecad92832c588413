"""A user message: a bubble on the right holding the text's markdown subset (004 §3.1)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static

from reference_crs.user_markdown import render_user_markdown


class UserMessage(Horizontal):
    """A full-width row whose bubble sits against the right edge (``crs-user-right-aligned``).

    The bubble (``.bubble``) has its own background and a rounded frame (``crs-user-bubble``)
    and is at most 75 % of the conversation's width (``crs-user-bubble-max-width``).
    """

    def __init__(
        self,
        text: str,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
        disabled: bool = False,
    ) -> None:
        """Create the message.

        Args:
            text: The prompt text as sent.
            name: The widget's name.
            id: The widget's id.
            classes: Space-separated CSS classes.
            disabled: Whether it starts disabled.
        """
        super().__init__(name=name, id=id, classes=classes, disabled=disabled)
        self.text = text
        """The text as sent."""

    def compose(self) -> ComposeResult:
        """Compose the bubble."""
        yield Static(render_user_markdown(self.text), classes="bubble")

    @property
    def bubble(self) -> Static:
        """The bubble widget."""
        return self.query_one(".bubble", Static)
