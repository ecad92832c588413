"""The reference RAWP-CRS client's adapter: how the harness reaches :class:`CrsApp`.

The default adapter of profile ``rawp_crs`` in ``pytest features``; ``docs/adapters.md``
explains each member. It satisfies ``steps.rawp_crs.contract.RawpCrsAdapter`` structurally.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.app import App
from textual.widget import Widget

import reference_crs
from rawp_port import AgentPort, ClientSettings, Clock, ControlPlane
from reference_app.paste import PasteSafeParser
from reference_crs.app import CrsApp
from reference_crs.demo.cli import settings_from_args
from reference_crs.history import LoadOlder
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
from reference_crs.widgets.prompt_input import PromptInput
from steps.rawp_crs.contract import Actor, ItemKind, ItemView, TokenView

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
    file_popup_selector = f"#{CrsApp.FILE_POPUP_ID}"
    """Part 3: the list of the `@` file popup (an ``OptionList``), when shown."""
    newline_keys: Sequence[str] = ("shift+enter", "ctrl+j")
    terminal_parser = PasteSafeParser
    """The terminal input parser ``python -m reference_crs`` installs (``reference_app.paste``):
    a bracketed paste holding ``ESC`` stays one paste."""
    load_older_forms: Sequence[str] = ("button", "scroll")
    """Both forms of §2.6.2: the button, and a wheel turned up at the top (part 4)."""

    def initial_turns_setting(self, value: int) -> ClientSettings:
        """The settings a user gets with ``--initial-turns value`` (part 4).

        Raises:
            ValueError: ``value`` is outside 1..100 (the option refuses it).
        """
        return settings_from_args(["--initial-turns", str(value)])

    # part 5, the file browser (docs/adapters.md, "Part 5: file browser")
    file_browser_selector = "#file-browser"
    file_tree_selector = "#file-tree-area"
    workspace_button_selector: str | None = "#workspace-button"
    manual_path_selector = "#manual-path"
    select_button_selector = "#select-workspace"
    interaction_selector = f"#{CrsApp.INTERACTION_ID}"
    """The panel docked above the input while a request waits (part 4)."""
    timestamp_reveal = "hover"
    """Timestamps are drawn while the pointer is over what they stamp (design §9, decision 6;
    ``reference_crs/widgets/conversation.py``)."""

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
            if app.offscreen.is_spacer(widget):
                continue  # blank rows standing for hidden items, not an item (design §9)
            if isinstance(widget, LoadOlder):
                shown = widget.control()
                if shown is not None:
                    views.append(ItemView("system", "load_older", shown))
                continue
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

    # part 3, file references (docs/adapters.md, "Part 3")

    def input_tokens(self, app: App[Any]) -> Sequence[str | TokenView]:
        """The input's content: ``str`` runs and a :class:`TokenView` per token, in order."""
        assert isinstance(app, CrsApp)
        field = app.query_one(self.input_selector, PromptInput)
        return [
            node if isinstance(node, str) else TokenView(node.ref_id, node.path, node.label)
            for node in field.nodes()
        ]

    def cursor(self, app: App[Any]) -> int:
        """The cursor's offset in ``input_tokens`` units (a token counts 1)."""
        assert isinstance(app, CrsApp)
        return app.query_one(self.input_selector, PromptInput).cursor_offset()

    def workspace_path(self, app: App[Any]) -> str | None:
        """The session form's ``workspace_path``; ``None`` until one is confirmed."""
        assert isinstance(app, CrsApp)
        return app.workspace_path

    def start_session_creation(self, app: App[Any], node_id: str, agent_id: str) -> None:
        """Show the session form with node ``node_id`` and agent ``agent_id`` chosen."""
        assert isinstance(app, CrsApp)
        app.start_session_creation(node_id, agent_id)


adapter = ReferenceCrsAdapter()
"""The instance ``--adapter reference_crs.conformance:adapter`` names (profile 2's default)."""
