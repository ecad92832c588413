"""Adapter of the alternative RAWP-CRS client: how the harness reaches :class:`AltCrsApp`.

Run the profile's features on it with
``pytest features/rawp_crs --adapter examples.crs_alt.adapter:adapter``. It satisfies
``steps.rawp_crs.contract.RawpCrsAdapter`` structurally and imports nothing from the
harness but the part-3 value type ``steps.rawp_crs.contract.TokenView`` (when asked for the
input's tokens); the port's types are imported for typing only.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from textual.app import App
from textual.widget import Widget

import examples.crs_alt
from examples.crs_alt.app import AltCrsApp
from examples.crs_alt.browser import BrowserDialog, SessionScreen
from examples.crs_alt.command_bubble import CommandRow
from examples.crs_alt.older import OlderRow, bounded_turns
from examples.crs_alt.terminal import PasteFirstParser
from examples.crs_alt.token_input import TokenComposer
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


@dataclass(frozen=True)
class Settings:
    """This client's settings: what ``ClientSettings`` holds, read by field name."""

    initial_turns: int = 10
    conversation_id: str | None = None


def settings_from_environment(environ: Mapping[str, str]) -> Settings:
    """The client's settings from the environment: ``CRS_ALT_TURNS`` is N (1..100).

    Raises:
        ValueError: ``CRS_ALT_TURNS`` is not a whole number between 1 and 100.
    """
    if "CRS_ALT_TURNS" not in environ:
        return Settings()
    return Settings(initial_turns=bounded_turns(environ["CRS_ALT_TURNS"]))


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
    elif isinstance(widget, OlderRow):
        yield Item("system", "load_older", widget)
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
    terminal_parser = PasteFirstParser
    """The terminal input parser ``python -m examples.crs_alt`` installs."""
    interaction_selector = ".ask-card"
    """The question card docked above the input while a request waits (part 4)."""
    timestamp_reveal = "inline"
    """Timestamps are drawn all the time, dim (design §9, decision 6)."""
    slash_popup_selector = "#commands"
    """Part 2: the command menu, a line-API list that draws its rows itself (no row widgets)."""

    load_older_forms: Sequence[str] = ("scroll",)
    """Scrolling to the top loads older turns, with a glyph spinner (part 4)."""

    def initial_turns_setting(self, value: int) -> Settings:
        """The settings a user gets by setting ``CRS_ALT_TURNS=value`` (part 4).

        Raises:
            ValueError: ``value`` is outside 1..100.
        """
        return settings_from_environment({"CRS_ALT_TURNS": str(value)})

    def create_client(
        self, port: AgentPort, control: ControlPlane, clock: Clock, settings: ClientSettings
    ) -> App[Any]:
        """Return a fresh client wired to the harness's fake agent."""
        return AltCrsApp(port, control, clock, settings)

    # part 3, the @ file popup (004 §3.4)

    file_popup_selector = "#files"
    """The file popup's frame: a line-drawn candidate list over a status row (spinner, prompt,
    no-match message), in the layout right above the input."""

    # part 5, the file browser (004 §7)

    file_browser_selector = f"#{BrowserDialog.DIALOG_ID}"
    """The dialog's frame inside its modal screen: breadcrumb, rows, manual field, buttons."""
    file_tree_selector = f"#{BrowserDialog.AREA_ID}"
    """The tree area: the list of rows, or the spinner, offline or empty panel in its place."""
    workspace_button_selector: str | None = f"#{SessionScreen.BUTTON_ID}"
    """On the session screen ``start_session_creation`` pushes."""
    manual_path_selector = "#fs-path"
    select_button_selector = "#fs-select"

    def start_session_creation(self, app: App[Any], node_id: str, agent_id: str) -> None:
        """Open the session form with the node and agent chosen (its button opens the dialog)."""
        assert isinstance(app, AltCrsApp)
        app.start_session(node_id, agent_id)

    def workspace_path(self, app: App[Any]) -> str | None:
        """The session's ``workspace_path``; ``None`` before one is chosen."""
        assert isinstance(app, AltCrsApp)
        return app.workspace_path

    # part 3, tokens in the input (004 §3.4.5)

    def input_tokens(self, app: App[Any]) -> Sequence[object]:
        """The input as ``str`` runs and ``steps.rawp_crs.contract.TokenView`` tokens, in order."""
        from steps.rawp_crs.contract import (
            TokenView,
        )  # the contract's value type (docs/adapters.md)

        return [
            part if isinstance(part, str) else TokenView(part.ref_id, part.path, part.label)
            for part in self._composer(app).parts()
        ]

    def cursor(self, app: App[Any]) -> int:
        """The cursor's offset in ``input_tokens`` units (a token counts 1)."""
        return self._composer(app).cursor_units

    def _composer(self, app: App[Any]) -> TokenComposer:
        assert isinstance(app, AltCrsApp)
        return app.screen.query_one(TokenComposer)

    def items(self, app: App[Any]) -> Sequence[Item]:
        """The conversation's items, top to bottom, each with its actor and kind."""
        assert isinstance(app, AltCrsApp)
        return [item for child in app.conversation.children for item in _views(child)]


adapter = CrsAltAdapter()
"""The instance ``--adapter examples.crs_alt.adapter:adapter`` names."""
