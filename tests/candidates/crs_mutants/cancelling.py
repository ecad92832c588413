"""Mutants of seed area §2.5.2 Cancelling a turn with Escape.

Each is the reference RAWP-CRS client with one defect in that area, caught by a
scenario of ``features/rawp_crs/`` citing its clause.
"""

from __future__ import annotations

from textual.widgets import TextArea

from rawp_port import (
    InteractionRequested,
    PromptCancel,
    TurnEnded,
    TurnStarted,
)
from reference_crs.app import CrsApp
from reference_crs.slash_control import SlashControl
from reference_crs.widgets.interaction import InteractionPanel
from tests.candidates.crs_mutants._registry import mutant
from tests.candidates.crs_mutants._shared import _SlashApp


@mutant
class EscapeCancelsWhileIdle(CrsApp):
    """crs-escape-idle-does-nothing: Escape sends a cancel while the agent is idle."""

    def action_cancel_turn(self) -> None:
        running = list(self.turns)
        self.port.send(PromptCancel(running[-1] if running else None))


@mutant
class NoCancelDuringTool(CrsApp):
    """crs-escape-cancel-states: Escape sends no cancel while a tool call runs."""

    def action_cancel_turn(self) -> None:
        views = list(self.turns.values())
        if views and views[-1].tools and views[-1].text is None and views[-1].thinking is None:
            return
        super().action_cancel_turn()


class _EscapeAlsoCancels(SlashControl):
    def key(self, key: str) -> bool:
        taken = super().key(key)
        return False if key == "escape" else taken


@mutant
class EscapeInPopupCancels(_SlashApp):
    """crs-escape-closes-popup: Escape closes the popup and also cancels the running turn."""

    CONTROL = _EscapeAlsoCancels


class _EscapeAlsoCancels2(InteractionPanel):
    """A panel whose Escape closes it and cancels the running turn too."""

    def action_escape(self) -> None:
        app = self.app
        assert isinstance(app, CrsApp)
        running = list(app.turns)
        app.port.send(PromptCancel(running[-1] if running else None))
        super().action_escape()


@mutant
class EscapeCancelsTurnInInteraction(CrsApp):
    """crs-escape-closes-interaction: Escape closes the interaction UI and cancels the turn."""

    def interaction_panel(self, request: InteractionRequested) -> InteractionPanel:
        return _EscapeAlsoCancels2(request, id=self.INTERACTION_ID)


@mutant
class EscapeOffPanelCancels(CrsApp):
    """crs-escape-closes-interaction: with the focus off the interaction UI, Escape cancels."""

    def action_cancel_turn(self) -> None:
        if self.busy:
            running = list(self.turns)
            self.port.send(PromptCancel(running[-1] if running else None))


@mutant
class EscapeInInputCancels(CrsApp):
    """crs-escape-closes-interaction: with the focus in the input, Escape cancels the turn."""

    def action_cancel_turn(self) -> None:
        if self.interaction is not None and not isinstance(self.focused, TextArea):
            self.interaction.action_escape()
        elif self.busy:
            running = list(self.turns)
            self.port.send(PromptCancel(running[-1] if running else None))


@mutant
class TwoCancelsBeforeTurnStart(CrsApp):
    """crs-escape-cancels-turn: Escape before the turn starts cancels at once and at its start."""

    deferred = False

    def action_cancel_turn(self) -> None:
        self.deferred = self.busy and not self.turns
        super().action_cancel_turn()

    async def handle_turn_started(self, event: TurnStarted) -> None:
        await super().handle_turn_started(event)
        if self.deferred:
            self.deferred = False
            self.port.send(PromptCancel(event.turn_id))


@mutant
class CancelAfterTurnEnded(CrsApp):
    """crs-escape-idle-does-nothing: Escape before the turn starts cancels once it has ended."""

    deferred = False

    def action_cancel_turn(self) -> None:
        if self.busy and not self.turns:
            self.deferred = True
        else:
            super().action_cancel_turn()

    async def handle_turn_ended(self, event: TurnEnded) -> None:
        await super().handle_turn_ended(event)
        if self.deferred:
            self.deferred = False
            self.port.send(PromptCancel(event.turn_id))


@mutant
class EscapeCancelsOnlyOnce(CrsApp):
    """crs-escape-cancels-turn: Escape cancels the first turn only (a sent flag never reset)."""

    _cancelled_once = False

    def action_cancel_turn(self) -> None:
        if self.interaction is None and self.busy:
            if self._cancelled_once:
                return
            self._cancelled_once = True
        super().action_cancel_turn()


@mutant
class EscapeCancelsOnlyFromInput(CrsApp):
    """crs-escape-cancels-turn: Escape cancels only while the input has the focus."""

    def action_cancel_turn(self) -> None:
        if self.interaction is None and self.focused is not self.query_one(f"#{self.INPUT_ID}"):
            return
        super().action_cancel_turn()


@mutant
class IdleAtAnyTurnEnd(CrsApp):
    """crs-escape-cancels-turn: any turn's end marks the client idle, a queued turn included."""

    async def handle_turn_ended(self, event: TurnEnded) -> None:
        await super().handle_turn_ended(event)
        self.outstanding = 0
