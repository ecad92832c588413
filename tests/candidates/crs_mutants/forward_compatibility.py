"""Mutants of seed area §1.4 Forward compatibility.

Each is the reference RAWP-CRS client with one defect in that area, caught by a
scenario of ``features/rawp_crs/`` citing its clause.
"""

from __future__ import annotations

from typing import Any

from textual.widgets import Static

from rawp_port import (
    KNOWN_EVENT_TYPES,
    KNOWN_OUTPUT_TYPES,
    ToolResult,
    type_name,
)
from reference_crs.app import CrsApp
from reference_crs.widgets import (
    AgentText,
)
from tests.candidates.crs_mutants._registry import mutant


@mutant
class UnknownEventRaises(CrsApp):
    """crs-ignore-unknown-events: an event of an unknown type raises."""

    async def on_crs_app_events_received(self, message: CrsApp.EventsReceived) -> None:
        for event in self.inbox:
            if type_name(event) not in KNOWN_EVENT_TYPES:
                raise ValueError(f"unknown event type {type_name(event)!r}")
        await super().on_crs_app_events_received(message)


@mutant
class UnknownEventShown(CrsApp):
    """crs-ignore-unknown-events: an unknown event is shown as a notice."""

    async def on_crs_app_events_received(self, message: CrsApp.EventsReceived) -> None:
        for event in list(self.inbox):
            if type_name(event) not in KNOWN_EVENT_TYPES:
                await self.conversation.mount(Static(f"unsupported event {type_name(event)}"))
        await super().on_crs_app_events_received(message)


@mutant
class UnknownOutputDropped(CrsApp):
    """crs-unknown-output-type-monospace: a result of an unknown output type is dropped."""

    async def handle_tool_result(self, event: ToolResult) -> None:
        if event.output_type in KNOWN_OUTPUT_TYPES:
            await super().handle_tool_result(event)


@mutant
class UnknownOutputAsMarkdown(CrsApp):
    """crs-unknown-output-type-monospace: a result of an unknown type is rendered as markdown."""

    async def handle_tool_result(self, event: ToolResult) -> None:
        known = event.output_type in KNOWN_OUTPUT_TYPES
        await super().handle_tool_result(
            event if known else ToolResult(event.turn_id, event.call_id, "markdown", event.output)
        )


class _DefaultParserText(AgentText):
    """Agent text parsed by Textual's default parser, which drops raw HTML."""

    def __init__(self) -> None:
        super().__init__()
        self._parser_factory = None


@mutant
class HtmlHidden(CrsApp):
    """crs-markdown-html-not-hidden: raw HTML in agent text is hidden."""

    def agent_text(self) -> AgentText:
        return _DefaultParserText()


class _MarkStripped(AgentText):
    """Agent text that drops the `==` of `==mark==`, as if its renderer knew the syntax."""

    async def write(self, delta: str) -> None:
        await super().write(delta.replace("==", ""))


@mutant
class MarkSyntaxStripped(CrsApp):
    """crs-markdown-unknown-literal: `==marked==` loses its `==` markers, not shown as written."""

    def agent_text(self) -> AgentText:
        return _MarkStripped()


@mutant
class UnknownOutputAsMarkup(CrsApp):
    """crs-unknown-output-type-monospace: a result of unknown type is parsed as console markup."""

    async def handle_tool_result(self, event: Any) -> None:
        turn = self.turn_for(event.turn_id)
        block = turn.tools.get(event.call_id) if turn is not None else None
        if block is None or event.output_type in ("markdown", "diff"):
            await super().handle_tool_result(event)
            return
        await block.mount(Static(event.output, classes="tool-output verbatim"))  # markup on


@mutant
class UnknownEventSplitsText(CrsApp):
    """crs-ignore-unknown-events: an unknown event ends the text block; the rest starts anew."""

    async def on_crs_app_events_received(self, message: Any) -> None:
        while self.inbox:
            event = self.next_event()
            handler = self.handlers.get(type_name(event) or "")
            if handler is not None:
                await handler(event)
            else:
                for turn in self.turns.values():
                    turn.text = None
