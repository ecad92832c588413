"""Adapter of the alternative RAWP-CRS client: how the harness reaches :class:`AltCrsApp`.

Run the profile's features on it with
``pytest features/rawp_crs --adapter examples.crs_alt.adapter:adapter``. It satisfies
``steps.adapter.RawpCrsAdapter`` structurally and imports nothing from the harness; the
port's types are imported for typing only.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from textual.app import App
from textual.widget import Widget

import examples.crs_alt
from examples.crs_alt.app import AltCrsApp
from examples.crs_alt.command_bubble import CommandRow
from examples.crs_alt.widgets import (
    AgentProse,
    Composer,
    DaySeparator,
    NoticeRow,
    Stamp,
    ThoughtBlock,
    ToolGroup,
    ToolHeader,
    ToolOutput,
    UserRow,
)

if TYPE_CHECKING:
    from rawp_port import AgentPort, ClientSettings, Clock, ControlPlane


class Item(NamedTuple):
    """One conversation item: whose, what, and the widget that draws it (``ItemView``)."""

    actor: str
    kind: str
    widget: Widget


def _views(widget: Widget) -> Iterator[Item]:
    """The items one child of the conversation holds (a row or group holds several)."""
    if isinstance(widget, UserRow):
        yield Item("user", "text", widget.bubble)
    elif isinstance(widget, CommandRow):
        yield Item("user", "command", widget.bubble)
    elif isinstance(widget, NoticeRow):
        yield Item("system", "system", widget.notice)
    elif isinstance(widget, Stamp):
        yield Item(widget.owner, "timestamp", widget)
    elif isinstance(widget, DaySeparator):
        yield Item("system", "date_separator", widget)
    elif isinstance(widget, AgentProse):
        yield Item("agent", "text", widget)
    elif isinstance(widget, ThoughtBlock):
        yield Item("agent", "thinking", widget)
    elif isinstance(widget, ToolGroup):
        for part in widget.children:
            if isinstance(part, ToolHeader):
                yield Item("agent", "tool_call", part)
            elif isinstance(part, ToolOutput):
                yield Item("agent", "tool_result", part)
    else:
        yield Item("system", "other", widget)


class CrsAltAdapter:
    """Adapter of ``examples.crs_alt`` for profile ``rawp_crs``."""

    name = "crs_alt"
    implementation_version = examples.crs_alt.__version__
    protocol_version = 2
    profiles = ("rawp_crs",)
    conversation_selector = f"#{AltCrsApp.CONVERSATION_ID}"
    input_selector = f"#{AltCrsApp.INPUT_ID}"
    newline_keys: Sequence[str] = Composer.NEWLINE_KEYS
    """Shift+Enter where the terminal reports it; Ctrl+J everywhere (tmux included)."""
    interaction_selector = ".ask-card"
    """The question card docked above the input while a request waits (part 4)."""
    timestamp_reveal = "inline"
    """Timestamps are drawn all the time, dim (design §9, decision 6)."""
    slash_popup_selector = "#commands"
    """Part 2: the command menu, a line-API list that draws its rows itself (no row widgets)."""

    def create_client(
        self, port: AgentPort, control: ControlPlane, clock: Clock, settings: ClientSettings
    ) -> App[Any]:
        """Return a fresh client wired to the harness's fake agent."""
        return AltCrsApp(port, control, clock, settings)

    def items(self, app: App[Any]) -> Sequence[Item]:
        """The conversation's items, top to bottom, each with its actor and kind."""
        assert isinstance(app, AltCrsApp)
        return [item for child in app.conversation.children for item in _views(child)]


adapter = CrsAltAdapter()
"""The instance ``--adapter examples.crs_alt.adapter:adapter`` names."""
