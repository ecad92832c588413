"""Mutants of the reference RAWP-CRS client: each breaks one clause of profile ``rawp_crs``.

Like ``tests/candidates/mutants.py`` for profile ``chat_screen``: each mutant is the
reference client (:class:`reference_crs.app.CrsApp`) with one realistic defect, and its
one-line docstring reads ``<clause id>: <defect>``. ``tests/test_mutants.py`` runs the
scenarios citing that clause against it and requires one of them to fail, in every run.

Run one with ``pytest features --adapter tests.candidates.crs_mutants:<name>``.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from textual.app import App
from textual.widget import Widget

from rawp_port import AgentPort, ClientSettings, Clock, ControlPlane, PromptCancel
from reference_crs.app import CrsApp
from reference_crs.conformance import ReferenceCrsAdapter
from reference_crs.widgets import (
    AgentText,
    PromptInput,
    SystemNoticeItem,
    ThinkingBlock,
    TimeStamp,
    ToolBlock,
)
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

    def create_client(
        self, port: AgentPort, control: ControlPlane, clock: Clock, settings: ClientSettings
    ) -> App[Any]:
        """Return a fresh client of the mutant, wired as the reference client is."""
        return self.mutant.app(port, control, clock, settings)  # type: ignore[call-arg]


def __getattr__(name: str) -> CrsMutantAdapter:
    """``crs_mutants.<name>``: the adapter of mutant ``name`` (what ``--adapter`` loads)."""
    if name in MUTANTS:
        return CrsMutantAdapter(MUTANTS[name])
    raise AttributeError(f"module {__name__!r} has no mutant {name!r} (see MUTANTS)")


# -- §2.5.1 sending --------------------------------------------------------------------


class _SendsBlank(PromptInput):
    """An input that sends whatever it holds, blank or not."""

    def submit(self) -> None:
        text = self.text
        self.clear()
        self.post_message(self.Submitted(self, text))


@mutant
class BlankSent(CrsApp):
    """crs-blank-not-sent: a whitespace-only input is sent as a prompt."""

    def prompt_input(self) -> PromptInput:
        return _SendsBlank(id=self.INPUT_ID)


# --- branch crs-flow ---------------------------------------------------------------------
# §2.5.1 sending, §2.5.2 cancelling, §2.4 timestamps.


class _NoNewline(PromptInput):
    """An input whose newline keys send the message, as Enter does."""

    async def _on_key(self, event: Any) -> None:
        if event.key in self.NEWLINE_KEYS:
            event.stop()
            event.prevent_default()
            self.submit()
            return
        await super()._on_key(event)


@mutant
class ShiftEnterSends(CrsApp):
    """crs-shift-enter-newline: Shift+Enter (and the second newline key) sends the message."""

    def prompt_input(self) -> PromptInput:
        return _NoNewline(id=self.INPUT_ID)


class _SendsFirstLine(PromptInput):
    """An input that sends only the first line of what it holds."""

    def submit(self) -> None:
        text = self.text
        if not text.strip():
            return
        self.clear()
        self.post_message(self.Submitted(self, text.split("\n")[0].rstrip() + " "))


@mutant
class SendsMangled(CrsApp):
    """crs-enter-sends: Enter sends the first line with a trailing space, not the typed text."""

    def prompt_input(self) -> PromptInput:
        return _SendsFirstLine(id=self.INPUT_ID)


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


@mutant
class NoCancelBeforeTurnStarted(CrsApp):
    """crs-escape-cancels-turn: Escape sends no cancel before the agent's session.turn.start."""

    def action_cancel_turn(self) -> None:
        if self.turns:
            super().action_cancel_turn()


@mutant
class StampsIntermediateBlocks(CrsApp):
    """crs-no-timestamp-on-intermediate-blocks: every thinking, tool and text block gets a time."""

    async def _add(self, *widgets: Widget) -> None:
        await super()._add(*widgets)
        if any(isinstance(widget, (AgentText, ThinkingBlock, ToolBlock)) for widget in widgets):
            moment = self.clock()
            await super()._add(TimeStamp(moment, self.stamp_text(moment), classes="-agent"))


@mutant
class UtcTimes(CrsApp):
    """crs-timestamp-local-time: timestamps show UTC instead of the local time."""

    def stamp_text(self, moment: datetime) -> str:
        return f"{moment.astimezone(UTC):%H:%M}"


@mutant
class NoTurnEndStamp(CrsApp):
    """crs-timestamp-turn-end: the end of a turn carries no timestamp."""

    async def _add(self, *widgets: Widget) -> None:
        kept = [w for w in widgets if not (isinstance(w, TimeStamp) and w.has_class("-agent"))]
        await super()._add(*kept)


@mutant
class NoUserStamp(CrsApp):
    """crs-timestamp-turn-start: the user message carries no timestamp."""

    async def _add(self, *widgets: Widget) -> None:
        kept = [w for w in widgets if not (isinstance(w, TimeStamp) and w.has_class("-user"))]
        await super()._add(*kept)


@mutant
class NoStampsAtAll(CrsApp):
    """crs-timestamp-available: no message shows when it happened."""

    def stamp_text(self, moment: datetime) -> str:
        return ""


@mutant
class NoticeWithoutTime(CrsApp):
    """crs-timestamp-system: a system notice shows no time."""

    async def _add(self, *widgets: Widget) -> None:
        kept = [
            SystemNoticeItem(w.text, "") if isinstance(w, SystemNoticeItem) else w for w in widgets
        ]
        await super()._add(*kept)


@mutant
class StampsTurnStart(CrsApp):
    """crs-timestamp-only-at-boundaries: session.turn.start gets a timestamp of its own."""

    async def _turn_started(self, event: Any) -> None:
        await super()._turn_started(event)
        moment = self.clock()
        await self._add(TimeStamp(moment, self.stamp_text(moment), classes="-agent"))
