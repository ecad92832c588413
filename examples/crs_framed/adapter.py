"""Adapter of ``examples.crs_framed`` for the conformance harness (docs/adapters.md).

It claims parts 1 to 3 of profile ``rawp_crs`` (docs/profiles.md, "Profiles claimed in
parts"). Items are reported with a value type of its own that has the contract's fields
(``actor, kind, widget``). Tokens too in :data:`adapter_structural` (``ref_id, path,
label``); the harness takes such a token for a text run today, so :data:`adapter` builds the
harness's own ``steps.rawp_crs.contract.TokenView`` instead (FALSE_VERDICTS.md, the token entry).

Times are revealed by a key (F2), which the contract cannot declare
(``timestamp_reveal`` is ``"inline"`` or ``"hover"``): :data:`adapter` declares ``"hover"``,
the nearer of the two (hidden until the user asks). :data:`adapter_hover` runs the same
client with a turn's times also revealed under the pointer, so that what the harness reads
of times can be judged apart from how they are revealed (FALSE_VERDICTS.md).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from textual.app import App
from textual.widget import Widget

from examples.crs_framed.app import FramedClient
from examples.crs_framed.composer import NEWLINE_KEYS, Composer
from examples.crs_framed.text import FileToken
from examples.framed_chat.terminal import PasteWholeParser
from rawp_port import AgentPort, ClientSettings, Clock, ControlPlane


@dataclass(frozen=True)
class Shown:
    """One item of the conversation as the harness reads it."""

    actor: str
    kind: str
    widget: Widget


@dataclass(frozen=True)
class TokenShown:
    """One file token of the input as the harness reads it."""

    ref_id: str
    path: str
    label: str


class FramedCrsAdapter:
    """How the harness reaches :class:`FramedClient`."""

    name = "crs_framed"
    implementation_version = "0.1.0"
    protocol_version = 2
    profiles = ("rawp_crs",)
    rawp_crs_parts = (1, 2, 3)
    conversation_selector = "#log"
    input_selector = "#prompt"
    slash_popup_selector = "#commands"
    file_popup_selector = "#files"
    newline_keys: Sequence[str] = NEWLINE_KEYS
    terminal_parser = PasteWholeParser  # what ``python -m examples.crs_framed`` installs

    def __init__(self, *, times_on_hover: bool = False, harness_tokens: bool = True) -> None:
        self.times_on_hover = times_on_hover
        self.harness_tokens = harness_tokens
        # F2 shows every time and hides them again; the pointer also shows an item's own
        self.timestamp_reveal: str = "hover" if times_on_hover else "key:f2"

    def create_client(
        self, port: AgentPort, control: ControlPlane, clock: Clock, settings: ClientSettings
    ) -> App[Any]:
        """A new client wired to ``port`` and ``control``, reading time from ``clock``."""
        return FramedClient(port, control, clock, settings, times_on_hover=self.times_on_hover)

    def items(self, app: App[Any]) -> Sequence[Shown]:
        """The conversation's items, top to bottom."""
        assert isinstance(app, FramedClient)
        return [Shown(w.actor, w.kind, w) for w in app.items()]  # type: ignore[attr-defined]

    def input_tokens(self, app: App[Any]) -> Sequence[object]:
        """The input's text runs and tokens, in order."""
        token: Callable[[str, str, str], object] = TokenShown
        if self.harness_tokens:
            from steps.rawp_crs.contract import TokenView

            token = TokenView
        return [
            part if isinstance(part, str) else token(part.ref_id, part.path, part.label)
            for part in _composer(app).runs()
        ]

    def cursor(self, app: App[Any]) -> int:
        """The cursor's offset in units: a character counts 1, a token 1."""
        return _composer(app).cursor


def _composer(app: App[Any]) -> Composer:
    return app.query_one("#prompt", Composer)


adapter = FramedCrsAdapter()
adapter_hover = FramedCrsAdapter(times_on_hover=True)
adapter_structural = FramedCrsAdapter(harness_tokens=False)

__all__ = ["FileToken", "adapter", "adapter_hover", "adapter_structural"]
