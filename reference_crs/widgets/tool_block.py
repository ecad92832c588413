"""A tool call and, right below it, its result (our reading of 002 §2.1's tool output)."""

from __future__ import annotations

import json
from collections.abc import Mapping

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Markdown, Static

from reference_crs.user_markdown import visible
from reference_crs.widgets.agent_text import agent_parser


class ToolBlock(Vertical):
    """A header naming the tool and its arguments; the result is mounted under it."""

    def __init__(
        self,
        name_of_tool: str,
        arguments: Mapping[str, object],
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
        disabled: bool = False,
    ) -> None:
        """Create the block of one call.

        Args:
            name_of_tool: The tool's name.
            arguments: Its arguments.
            name: The widget's name.
            id: The widget's id.
            classes: Space-separated CSS classes.
            disabled: Whether it starts disabled.
        """
        super().__init__(name=name, id=id, classes=classes, disabled=disabled)
        self.tool = name_of_tool
        """The tool's name."""
        self.arguments = dict(arguments)
        """Its arguments."""

    def compose(self) -> ComposeResult:
        """Compose the header."""
        arguments = json.dumps(self.arguments, ensure_ascii=False, default=str)
        yield Static(Content(visible(f"⚙ {self.tool} {arguments}")), classes="tool-header")

    async def show_result(self, output_type: str, output: str) -> None:
        """Mount the result under the call."""
        await self.mount(render_output(output_type, output))


def render_output(output_type: str, output: str) -> Widget:
    """Return the widget for a tool result.

    ``markdown`` is rendered, ``diff`` coloured by line; every other type, known or not, is a
    verbatim block: no markup, spaces and line breaks kept (``crs-unknown-output-type-monospace``).
    """
    if output_type == "markdown":
        return Markdown(visible(output), parser_factory=agent_parser, classes="tool-output")
    if output_type == "diff":
        lines = [Content(visible(line)).stylize(_diff_style(line)) for line in output.split("\n")]
        return Static(Content("\n").join(lines), classes="tool-output verbatim")
    return Static(Content(visible(output)), classes="tool-output verbatim")


def _diff_style(line: str) -> str:
    if line.startswith("+") and not line.startswith("+++"):
        return "$text-success"
    if line.startswith("-") and not line.startswith("---"):
        return "$text-error"
    return ""
