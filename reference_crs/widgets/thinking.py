"""The agent's thinking: a muted block its deltas are appended to."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from reference_crs.user_markdown import visible


class ThinkingBlock(Static):
    """Dim, italic text under a "thinking" title; no bubble (``crs-agent-no-bubble``)."""

    def __init__(
        self,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
        disabled: bool = False,
    ) -> None:
        """Create an empty block.

        Args:
            name: The widget's name.
            id: The widget's id.
            classes: Space-separated CSS classes.
            disabled: Whether it starts disabled.
        """
        super().__init__("", name=name, id=id, classes=classes, disabled=disabled)
        self.text = ""
        """The thinking received so far."""

    def append(self, delta: str) -> None:
        """Append a thinking delta."""
        self.text += delta
        self.update(Content(visible(self.text)))
