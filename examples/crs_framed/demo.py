"""A small in-process agent for trying the client by hand (``python -m examples.crs_framed``).

It publishes a few slash commands, answers every prompt with a turn that thinks, runs a
pretend tool and streams a markdown answer word by word, ends a cancelled turn with a
notice, and answers file searches from the names under the current directory (the first 50
whose path contains the query's characters in order). It implements ``rawp_port.AgentPort``
and the part of ``rawp_port.ControlPlane`` the client uses; it is not part of what the
conformance harness checks.
"""

from __future__ import annotations

import asyncio
import itertools
import os
from collections.abc import Callable, Sequence
from pathlib import Path

from rawp_port import (
    BrowseResult,
    Command,
    CommandsPublished,
    Event,
    FileCandidate,
    FileCandidates,
    HistoryPage,
    Parameter,
    SystemNotice,
    TextDelta,
    Thinking,
    ToolCall,
    ToolResult,
    TurnEnded,
    TurnStarted,
)

COMMANDS = (
    Command("compact", "Compact the context", "session"),
    Command("clear", "Clear the screen", "display"),
    Command("config", "Show the settings", "config"),
    Command("deploy", "Deploy the build", "session", (Parameter("env", "environment", True),)),
    Command("help", "Show the help"),
)

ANSWER = (
    "Here is **what I found** about `{prompt}`:\n\n"
    "* the parser reads one line at a time\n"
    "* the lexer keeps its state between calls\n\n"
    "See https://example.com/docs for more."
)


class DemoAgent:
    """An ``AgentPort`` and a ``ControlPlane`` answering on the client's event loop."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = root or Path.cwd()
        self.on_event: Callable[[Event], None] | None = None
        self.turns = itertools.count(1)
        self.running: asyncio.Task[None] | None = None
        self.pending: list[str] = []
        self.files: list[str] | None = None

    def connect(self, on_event: Callable[[Event], None]) -> None:
        """Remember the client's callback and publish the commands."""
        self.on_event = on_event
        on_event(CommandsPublished(COMMANDS))

    def send(self, frame: object) -> None:
        """Act on one control frame, by its RAWP type name."""
        kind = getattr(frame, "type", "")
        if kind == "control.prompt.request":
            prompt = str(getattr(frame, "prompt_text", ""))
            self.running = asyncio.get_running_loop().create_task(self._turn(prompt))
        elif kind == "control.prompt.cancel" and self.running is not None:
            self.running.cancel()
        elif kind == "control.file.search":
            self._search(str(getattr(frame, "query_id", "")), str(getattr(frame, "query", "")))

    def _emit(self, event: Event) -> None:
        if self.on_event is not None:
            self.on_event(event)

    async def _turn(self, prompt: str) -> None:
        turn = f"t{next(self.turns)}"
        self._emit(TurnStarted(turn))
        try:
            await asyncio.sleep(0.3)
            self._emit(Thinking(turn, "Looking at the question… "))
            await asyncio.sleep(0.4)
            self._emit(ToolCall(turn, f"{turn}-c1", "grep", {"pattern": prompt[:20]}))
            await asyncio.sleep(0.4)
            self._emit(ToolResult(turn, f"{turn}-c1", "terminal", "src/parser.py:12: def parse"))
            for word in ANSWER.format(prompt=prompt[:40]).split(" "):
                await asyncio.sleep(0.05)
                self._emit(TextDelta(turn, word + " "))
        except asyncio.CancelledError:
            self._emit(SystemNotice("cancelled", "응답이 중지되었습니다"))
        self._emit(TurnEnded(turn))

    def _search(self, query_id: str, query: str) -> None:
        if self.files is None:
            found = []
            for folder, dirs, names in os.walk(self.root):
                dirs[:] = [d for d in dirs if not d.startswith(".")]
                for name in names:
                    found.append(os.path.relpath(os.path.join(folder, name), self.root))
                if len(found) > 5000:
                    break
            self.files = found
        hits = [path for path in self.files if _in_order(query.lower(), path.lower())][:50]
        candidates = [
            FileCandidate(path, os.path.basename(path), os.path.dirname(path) + "/", ())
            for path in hits
        ]
        self._emit(FileCandidates(query_id, candidates))

    async def browse(self, node_id: str, path: str | None) -> BrowseResult:
        """Not offered: the client does not claim the file browser (part 5)."""
        return BrowseResult("", "unix", ())

    async def load_turns(self, conversation_id: str, before: str | None, limit: int) -> HistoryPage:
        """No stored conversations."""
        return HistoryPage((), 0)

    async def allowed_directories(self, agent_id: str) -> Sequence[str] | None:
        """Unrestricted."""
        return None


def _in_order(query: str, text: str) -> bool:
    """Whether the characters of ``query`` appear in ``text`` in order."""
    position = 0
    for char in query:
        position = text.find(char, position) + 1
        if not position:
            return False
    return True
