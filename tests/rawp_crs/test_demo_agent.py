"""The demo agent: streams a reply, publishes commands, searches files, honours cancels."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path

import pytest

from rawp_port import (
    CommandsPublished,
    Event,
    FileCandidates,
    FileSearch,
    PromptCancel,
    PromptRequest,
    SystemNotice,
    TextDelta,
    Thinking,
    ToolCall,
    ToolResult,
    TurnEnded,
    TurnStarted,
    type_name,
)
from reference_crs.demo.agent import DemoAgent

NOW = datetime(2026, 3, 11, 14, 32, tzinfo=UTC)


def _agent(root: Path) -> tuple[DemoAgent, list[Event]]:
    agent, seen = DemoAgent(clock=lambda: NOW, delay=0, root=root), []
    agent.connect(seen.append)
    return agent, seen


async def _until(condition: object, rounds: int = 2000) -> None:
    for _ in range(rounds):
        if callable(condition) and condition():
            return
        await asyncio.sleep(0)
    raise AssertionError("condition not met")


@pytest.fixture
def root(tmp_path: Path) -> Path:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "parser.py").write_text("x")
    (tmp_path / "src" / "printer.py").write_text("x")
    (tmp_path / "README.md").write_text("x")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "parser.py").write_text("x")
    return tmp_path


@pytest.mark.asyncio
async def test_commands_are_published_right_after_connect(root: Path) -> None:
    _, seen = _agent(root)
    assert seen == []
    await asyncio.sleep(0)
    assert isinstance(seen[0], CommandsPublished)
    assert {c.name for c in seen[0].commands} >= {"help", "compact"}


@pytest.mark.asyncio
async def test_a_prompt_streams_thinking_a_tool_call_with_its_result_then_text(root: Path) -> None:
    agent, seen = _agent(root)
    agent.send(PromptRequest("hello **there**"))
    await _until(lambda: any(isinstance(e, TurnEnded) for e in seen))
    kinds = [type(e) for e in seen if not isinstance(e, CommandsPublished)]
    assert kinds[0] is TurnStarted and kinds[-1] is TurnEnded
    body = kinds[1:-1]
    first_tool = body.index(ToolCall)
    assert set(body[:first_tool]) == {Thinking}
    assert body[first_tool + 1] is ToolResult
    assert set(body[first_tool + 2 :]) == {TextDelta}
    text = "".join(e.text for e in seen if isinstance(e, TextDelta))
    assert "> hello **there**" in text and "```python" in text
    thinking = "".join(e.text for e in seen if isinstance(e, Thinking))
    assert NOW.astimezone().strftime("%H:%M") in thinking  # read from the injected clock
    assert not agent.busy


@pytest.mark.asyncio
async def test_a_cancel_stops_the_stream_ends_the_turn_and_says_so(root: Path) -> None:
    agent, seen = _agent(root)
    agent.send(PromptRequest("long"))
    await _until(lambda: any(isinstance(e, Thinking) for e in seen))
    started = next(e for e in seen if isinstance(e, TurnStarted))
    agent.send(PromptCancel(started.turn_id))
    await _until(lambda: any(isinstance(e, TurnEnded) for e in seen))
    after_cancel = seen[[type_name(e) for e in seen].index(SystemNotice.type) :]
    assert [type(e) for e in after_cancel] == [SystemNotice, TurnEnded]
    assert not any(isinstance(e, TextDelta) for e in seen)
    await asyncio.sleep(0)
    assert not agent.busy


@pytest.mark.asyncio
async def test_a_cancel_right_after_the_prompt_still_ends_the_turn(root: Path) -> None:
    agent, seen = _agent(root)
    agent.send(PromptRequest("one"))
    agent.send(PromptCancel(None))
    await _until(lambda: any(isinstance(e, TurnEnded) for e in seen))
    assert [type(e) for e in seen if not isinstance(e, CommandsPublished)] == [
        TurnStarted,
        SystemNotice,
        TurnEnded,
    ]


@pytest.mark.asyncio
async def test_prompts_sent_during_a_turn_are_answered_in_order(root: Path) -> None:
    agent, seen = _agent(root)
    agent.send(PromptRequest("one"))
    agent.send(PromptRequest("two"))
    await _until(lambda: sum(isinstance(e, TurnEnded) for e in seen) == 2)
    ids = [e.turn_id for e in seen if isinstance(e, TurnStarted | TurnEnded)]
    assert ids == ["demo-1", "demo-1", "demo-2", "demo-2"]


@pytest.mark.asyncio
async def test_a_file_search_answers_with_its_query_id(root: Path) -> None:
    agent, seen = _agent(root)
    agent.send(FileSearch("q7", "pars"))
    while agent._tasks:  # the index is walked and searched in worker threads
        await asyncio.wait(set(agent._tasks))
    await _until(lambda: any(isinstance(e, FileCandidates) for e in seen))
    answer = next(e for e in seen if isinstance(e, FileCandidates))
    assert answer.query_id == "q7"
    assert [c.path for c in answer.candidates] == ["src/parser.py"]
    assert answer.candidates[0].match_ranges == ((0, 4),)


@pytest.mark.asyncio
async def test_aclose_stops_a_running_turn_silently(root: Path) -> None:
    agent, seen = _agent(root)
    agent.send(PromptRequest("one"))
    await asyncio.sleep(0)
    count = len(seen)
    await agent.aclose()
    await asyncio.sleep(0)
    assert len(seen) == count and not agent.busy


@pytest.mark.asyncio
async def test_browse_lists_directories_first(root: Path) -> None:
    agent, _ = _agent(root)
    result = await agent.browse("local", None)  # root mode: the root, its children loaded
    (top,) = result.entries
    assert top.path == str(root) and top.children is not None
    assert [e.name for e in top.children][:2] == [".git", "src"]
    assert top.children[1].type == "directory"
    again = await agent.browse("local", str(root))
    assert [e.name for e in again.entries][:2] == [".git", "src"]


class _OwnPrompt:
    """A client's own copy of the prompt frame: same RAWP type name and fields, other class."""

    type = "control.prompt.request"

    def __init__(self, prompt_text: str) -> None:
        self.prompt_text = prompt_text
        self.input_type = "text"
        self.file_references = ()


@pytest.mark.asyncio
async def test_a_frame_of_a_clients_own_class_is_served_by_type_name_and_fields(
    root: Path,
) -> None:
    agent, seen = _agent(root)
    agent.send(_OwnPrompt("from my own class"))  # type: ignore[arg-type]
    await _until(lambda: any(isinstance(e, TurnEnded) for e in seen))
    text = "".join(e.text for e in seen if isinstance(e, TextDelta))
    assert "> from my own class" in text
