"""Adapter of the third RAWP-CRS client for the conformance harness (docs/adapters.md).

It claims parts 1 to 4 of profile ``rawp_crs``: the conversation, timestamps, sending and
cancelling, the user-bubble markdown (part 1); the slash-command popup and command bubble
(part 2); the ``@`` file popup, file tokens and their sending (part 3); interaction requests,
history keys and reopened conversations (part 4); the working-directory dialog (part 5).
It imports nothing from the harness but its value types, and the shared paste-safe terminal
parser of ``reference_app.paste`` (a workaround for Textual's parser, not spec logic).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.app import App

from examples.crs_third.app import ThirdClient, items_of
from examples.crs_third.composer import NEWLINE_KEYS, Token
from examples.crs_third.settings import settings_from_args
from rawp_port import AgentPort, ClientSettings, Clock, ControlPlane
from reference_app.paste import PasteSafeParser
from steps.rawp_crs.contract import ItemView, TokenView


class ThirdAdapter:
    """How the harness reaches the third client."""

    name = "crs_third"
    implementation_version = "0.1.0"
    protocol_version = 2
    profiles = ("rawp_crs",)
    rawp_crs_parts = (1, 2, 3, 4, 5)
    conversation_selector = "#conversation"
    input_selector = "#composer"
    newline_keys: Sequence[str] = NEWLINE_KEYS
    timestamp_reveal = "inline"
    slash_popup_selector = "#command-popup"
    terminal_parser = PasteSafeParser
    """What ``python -m examples.crs_third`` installs: a paste holding ``ESC`` stays whole."""
    file_popup_selector = "#file-popup"
    interaction_selector = "#interaction"
    load_older_forms: Sequence[str] = ("button",)
    workspace_button_selector = "#pick-workspace"
    file_browser_selector = "#browser"
    file_tree_selector = "#tree"
    manual_path_selector = "#manual-path"
    select_button_selector = "#select-dir"

    def start_session_creation(self, app: App[Any], node_id: str, agent_id: str) -> None:
        """Put the client in the session-creation step with node and agent chosen."""
        assert isinstance(app, ThirdClient)
        app.begin_session(node_id, agent_id)

    def workspace_path(self, app: App[Any]) -> str | None:
        """The confirmed ``workspace_path``, ``None`` before one is confirmed."""
        assert isinstance(app, ThirdClient)
        return app.workspace_path

    def create_client(
        self, port: AgentPort, control: ControlPlane, clock: Clock, settings: ClientSettings
    ) -> App[Any]:
        """A new client wired to the harness's fake agent."""
        return ThirdClient(port, control, clock, settings)

    def initial_turns_setting(self, value: int) -> ClientSettings:
        """What a user who starts the client with ``--turns value`` gets (002 §2.6.1).

        Raises:
            ValueError: ``value`` is outside 1..100.
        """
        return settings_from_args(["--turns", str(value)])

    def input_tokens(self, app: App[Any]) -> Sequence[str | TokenView]:
        """The composer's content: runs of text and tokens, in order (004 §3.4.5)."""
        assert isinstance(app, ThirdClient)
        out: list[str | TokenView] = []
        for unit in app.composer.units:
            if isinstance(unit, Token):
                out.append(TokenView(unit.ref_id, unit.path, unit.label))
            elif out and isinstance(out[-1], str):
                out[-1] += unit
            else:
                out.append(unit)
        return out

    def cursor(self, app: App[Any]) -> int:
        """The cursor's offset in units: a character or a token counts 1."""
        assert isinstance(app, ThirdClient)
        return app.composer.cursor

    def items(self, app: App[Any]) -> Sequence[ItemView]:
        """The conversation's items, in display order."""
        assert isinstance(app, ThirdClient)
        return [ItemView(item.actor, item.kind, item.widget) for item in items_of(app)]  # type: ignore[arg-type]  # kind is a str here, one of ItemKind


adapter = ThirdAdapter()
