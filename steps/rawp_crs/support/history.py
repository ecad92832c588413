"""The stored conversation of part 4 (lazy loading of the history) and its visible rows."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from datetime import timedelta

from rawp_port import (
    PromptRequest,
    TextDelta,
    Thinking,
    ToolCall,
    ToolResult,
    Turn,
)
from steps.rawp_crs.driver import START_TIME, CrsDriver
from steps.screen import screen_rows

CONVERSATION = "stored-conversation"
"""The id of the stored conversation the scenarios reopen."""


def prompt_of(number: int) -> str:
    """The prompt of stored turn ``number`` (1 = the oldest)."""
    return f"질문 {number}"


def stored_turn(number: int, answer: str | None = None) -> Turn:
    """Stored turn ``number``: a prompt and a whole answer (thinking, a tool, text).

    Turns are a minute apart, the newest a minute before the clock's start.
    """
    turn_id = f"stored-{number}"
    sent = START_TIME - timedelta(minutes=100_000 - number)
    events_ = (
        Thinking(turn_id, f"생각 {number}"),
        ToolCall(turn_id, f"{turn_id}-call", "read_file", {"path": f"f{number}.py"}),
        ToolResult(turn_id, f"{turn_id}-call", "text", f"내용 {number}"),
        TextDelta(turn_id, answer if answer is not None else f"답변 {number}"),
    )
    return Turn(
        turn_id,
        PromptRequest(prompt_text=prompt_of(number), input_type="text"),
        sent,
        events_,
        sent + timedelta(seconds=20),
    )


def store(crs_driver: CrsDriver, turns: Sequence[Turn]) -> None:
    """Make ``turns`` the stored conversation the client will reopen (part 4's lazy loading)."""
    crs_driver.uses(4)
    crs_driver.agent.history = list(turns)
    crs_driver.settings = dataclasses.replace(crs_driver.settings, conversation_id=CONVERSATION)


def visible_rows(crs_driver: CrsDriver) -> list[str]:
    """The conversation's rows as drawn, stripped."""
    area = crs_driver.conversation.content_region
    rows = screen_rows(crs_driver.app)
    return ["".join(row[area.x : area.right]).strip() for row in rows[area.y : area.bottom]]
