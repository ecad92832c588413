"""The registry of the reference RAWP-CRS client's mutants and their adapter."""

from __future__ import annotations

from typing import Any

from textual.app import App

from rawp_port import (
    AgentPort,
    ClientSettings,
    Clock,
    ControlPlane,
)
from reference_crs.app import CrsApp
from reference_crs.conformance import ReferenceCrsAdapter
from tests.candidates.mutants import Mutant, register

MUTANTS: dict[str, Mutant] = {}
"""Every mutant of the reference RAWP-CRS client by name, in catalogue order."""


def mutant(app: type[CrsApp]) -> type[CrsApp]:
    """Register ``app`` as a mutant of the reference RAWP-CRS client."""
    return register(MUTANTS, app)


class CrsMutantAdapter(ReferenceCrsAdapter):
    """The reference client's adapter, creating a mutant's client instead."""

    def __init__(self, entry: Mutant) -> None:
        """Adapt ``entry``'s client."""
        self.mutant = entry
        self.name = f"mutant {entry.name}"
        self.terminal_parser = getattr(entry.app, "TERMINAL_PARSER", self.terminal_parser)

    def create_client(
        self, port: AgentPort, control: ControlPlane, clock: Clock, settings: ClientSettings
    ) -> App[Any]:
        """Return a fresh client of the mutant, wired as the reference client is."""
        app: Any = self.mutant.app  # a CrsApp subclass: the catalogue registers only those
        return app(port, control, clock, settings)  # type: ignore[no-any-return]
