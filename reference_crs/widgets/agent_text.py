"""A block of the agent's markdown text, streamed through ``MarkdownStream``."""

from __future__ import annotations

from markdown_it import MarkdownIt
from textual.widgets import Markdown
from textual.widgets.markdown import MarkdownStream

from reference_crs.user_markdown import visible


def agent_parser() -> MarkdownIt:
    """Return the agent text parser: GitHub-like markdown with raw HTML kept as text.

    Textual's ``Markdown`` drops HTML tokens; with ``html`` off they stay text and are shown
    as their source, as 004 §1.4 ¶2 asks of syntax the renderer does not support
    (``crs-markdown-unknown-literal``).
    """
    return MarkdownIt("gfm-like", {"html": False})


class AgentText(Markdown):
    """Agent markdown at the conversation's full width, with no bubble (``crs-agent-*``)."""

    def __init__(
        self,
        markdown: str = "",
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
        disabled: bool = False,
    ) -> None:
        """Create the block.

        Args:
            markdown: Initial markdown.
            name: The widget's name.
            id: The widget's id.
            classes: Space-separated CSS classes.
            disabled: Whether it starts disabled.
        """
        super().__init__(
            visible(markdown),
            name=name,
            id=id,
            classes=classes,
            parser_factory=agent_parser,
        )
        self.disabled = disabled
        self._stream: MarkdownStream | None = None
        self.received = markdown
        """The markdown received so far."""

    async def write(self, delta: str) -> None:
        """Append a text delta."""
        self.received += delta
        if self._stream is None:
            self._stream = self.get_stream(self)
        await self._stream.write(visible(delta))

    async def finish(self) -> None:
        """Stop streaming: every delta written is drawn."""
        if self._stream is not None:
            stream, self._stream = self._stream, None
            await stream.stop()
