"""The reference RAWP-CRS client's adapter: how the harness reaches :class:`CrsApp`.

The default adapter of profile ``rawp_crs`` in ``pytest features``; ``docs/adapters.md``
explains each member. It satisfies ``steps.adapter.RawpCrsAdapter`` structurally.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.app import App
from textual.widget import Widget

import reference_crs
from rawp_port import AgentPort, ClientSettings, Clock, ControlPlane
from reference_crs.app import CrsApp
from reference_crs.widgets import (
    AgentText,
    CommandBubble,
    DateSeparator,
    SystemNoticeItem,
    ThinkingBlock,
    TimeStamp,
    ToolBlock,
    UserMessage,
)
from steps.adapter import Actor, ItemKind, ItemView

KINDS: dict[type[Widget], tuple[Actor, ItemKind]] = {
    UserMessage: ("user", "text"),
    CommandBubble: ("user", "command"),
    AgentText: ("agent", "text"),
    ThinkingBlock: ("agent", "thinking"),
    ToolBlock: ("agent", "tool_call"),
    SystemNoticeItem: ("system", "system"),
    DateSeparator: ("system", "date_separator"),
}
"""Widget class -> (actor, kind) of the items the conversation holds."""
OTHER: tuple[Actor, ItemKind] = ("system", "other")


class ReferenceCrsAdapter:
    """Adapter of the reference RAWP-CRS client for profile ``rawp_crs``."""

    name = "reference_crs"
    implementation_version = reference_crs.__version__
    protocol_version = 2
    profiles = ("rawp_crs",)
    conversation_selector = f"#{CrsApp.CONVERSATION_ID}"
    input_selector = f"#{CrsApp.INPUT_ID}"
    slash_popup_selector = "#slash-popup"
    """Part 2: the list of the slash-command popup (an ``OptionList``), when shown."""
    newline_keys: Sequence[str] = ("shift+enter", "ctrl+j")
    interaction_selector = f"#{CrsApp.INTERACTION_ID}"
    """The panel docked above the input while a request waits (part 4)."""
    timestamp_reveal = "inline"
    """Timestamps are drawn all the time, muted (design §9, decision 6)."""

    def create_client(
        self, port: AgentPort, control: ControlPlane, clock: Clock, settings: ClientSettings
    ) -> App[Any]:
        """Return a fresh :class:`CrsApp` wired to the harness's fake agent."""
        return CrsApp(port, control, clock, settings)

    def items(self, app: App[Any]) -> Sequence[ItemView]:
        """The conversation's children in order, each with its actor and kind."""
        assert isinstance(app, CrsApp)
        views = []
        for widget in app.conversation.children:
            if isinstance(widget, TimeStamp):
                views.append(
                    ItemView("user" if widget.has_class("-user") else "agent", "timestamp", widget)
                )
                continue
            actor, kind = next(
                (found for cls, found in KINDS.items() if isinstance(widget, cls)),
                OTHER,
            )
            views.append(ItemView(actor, kind, widget))
        return views


adapter = ReferenceCrsAdapter()
"""The instance ``--adapter reference_crs.conformance:adapter`` names (profile 2's default)."""
