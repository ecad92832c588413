"""Adapter of the part-1 client: claims part 1 of profile ``rawp_crs`` and nothing more.

Run the profile's features on it with
``pytest features/rawp_crs --adapter examples.crs_part1.adapter:adapter``: part 1's
scenarios run, the others are reported "not claimed". It has part 1's members only
(``steps.rawp_crs.contract.RawpCrsPart1``); the items it names are nested in the conversation's
``ListView`` > ``ListItem`` rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from textual.app import App

import examples.crs_part1
from examples.crs_alt.adapter import Item, _views
from examples.crs_alt.app import AltCrsApp
from examples.crs_alt.terminal import PasteFirstParser
from examples.crs_alt.widgets import Composer
from examples.crs_part1.app import Part1App

if TYPE_CHECKING:
    from rawp_port import AgentPort, ClientSettings, Clock, ControlPlane


class CrsPart1Adapter:
    """Adapter of ``examples.crs_part1`` for part 1 of profile ``rawp_crs``."""

    name = "crs_part1"
    implementation_version = examples.crs_part1.__version__
    protocol_version = 2
    profiles = ("rawp_crs",)
    rawp_crs_parts = (1,)
    """The parts of the profile this client claims (docs/adapters.md, "Claiming parts")."""
    conversation_selector = f"#{AltCrsApp.CONVERSATION_ID}"
    input_selector = f"#{AltCrsApp.INPUT_ID}"
    newline_keys: Sequence[str] = Composer.NEWLINE_KEYS
    """Shift+Enter where the terminal reports it; Ctrl+J everywhere (tmux included)."""
    terminal_parser = PasteFirstParser
    """The terminal input parser crs_alt installs (pastes cut out before Textual's parser)."""
    timestamp_reveal = "hover"
    """Times are drawn while the pointer is over what they stamp (design §9, decision 6)."""

    def create_client(
        self, port: AgentPort, control: ControlPlane, clock: Clock, settings: ClientSettings
    ) -> App[Any]:
        """Return a fresh client wired to the harness's fake agent."""
        return Part1App(port, control, clock, settings)

    def items(self, app: App[Any]) -> Sequence[Item]:
        """The conversation's items, top to bottom: the widgets inside its rows."""
        assert isinstance(app, Part1App)
        return [item for row in app.rows for child in row.children for item in _views(child)]


adapter = CrsPart1Adapter()
"""The instance ``--adapter examples.crs_part1.adapter:adapter`` names."""
