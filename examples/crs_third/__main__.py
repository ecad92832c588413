"""Run the third client against a small echoing agent: ``python -m examples.crs_third``."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable, Sequence
from itertools import count

from examples.crs_third.app import ThirdClient
from examples.crs_third.settings import settings_from_args
from rawp_port import (
    BrowseResult,
    Command,
    CommandsPublished,
    ControlFrame,
    Event,
    HistoryPage,
    Parameter,
    PromptRequest,
    TextDelta,
    ToolCall,
    ToolResult,
    TurnEnded,
    TurnStarted,
    system_clock,
)
from reference_app import paste


class EchoAgent:
    """An agent that publishes three commands and echoes each prompt in three pieces."""

    def __init__(self) -> None:
        """Create the agent, not yet connected."""
        self._emit: Callable[[Event], None] = lambda event: None
        self._turns = count(1)

    def connect(self, on_event: Callable[[Event], None]) -> None:
        """Publish the commands."""
        self._emit = on_event
        hint = Parameter(name="focus", hint="focus", required=True)
        on_event(
            CommandsPublished(
                [
                    Command("compact", "Compact the conversation", "session", (hint,)),
                    Command("clear", "Clear the screen", "display"),
                    Command("config", "Show the settings", "config"),
                ]
            )
        )

    def send(self, frame: ControlFrame) -> None:
        """Answer a prompt with an echo, a tool call and its result."""
        if isinstance(frame, PromptRequest):
            asyncio.get_running_loop().create_task(self._answer(frame.prompt_text))

    async def _answer(self, text: str) -> None:
        turn = f"t{next(self._turns)}"
        self._emit(TurnStarted(turn))
        for piece in ("You said: ", text[: len(text) // 2], text[len(text) // 2 :]):
            await asyncio.sleep(0.3)
            self._emit(TextDelta(turn, piece))
        self._emit(ToolCall(turn, "c1", "grep", {"pattern": "[a-z]+"}))
        await asyncio.sleep(0.3)
        self._emit(ToolResult(turn, "c1", "x.hologram", "list[int] a [/ b"))
        self._emit(TurnEnded(turn))


class NoControl:
    """A control plane that has nothing to offer."""

    async def browse(self, node_id: str, path: str | None) -> BrowseResult:
        """No file system."""
        raise NotImplementedError

    async def load_turns(self, conversation_id: str, before: str | None, limit: int) -> HistoryPage:
        """No stored turns."""
        return HistoryPage((), 0)

    async def allowed_directories(self, agent_id: str) -> Sequence[str] | None:
        """Unrestricted."""
        return None


if __name__ == "__main__":
    paste.install()  # a paste holding ESC stays one paste, whole and in order
    settings = settings_from_args(sys.argv[1:])
    ThirdClient(EchoAgent(), NoControl(), system_clock, settings).run()
