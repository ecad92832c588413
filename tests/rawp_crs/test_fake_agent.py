"""The fake agent: publishes on the app's loop, records frames, holds and fails calls."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, ClassVar

import pytest

from rawp_port import (
    BrowseError,
    BrowseResult,
    Entry,
    Event,
    FileSearch,
    PromptCancel,
    PromptRequest,
    TextDelta,
    Turn,
    TurnEnded,
)
from steps.rawp_crs.support.fake_agent import FakeAgent, FakeClock

T0 = datetime(2026, 3, 11, 14, 32, tzinfo=UTC)


def _turn(index: int) -> Turn:
    sent = T0 + timedelta(minutes=index)
    return Turn(f"t{index}", PromptRequest(f"p{index}"), sent, (), sent + timedelta(seconds=5))


def test_publish_delivers_every_event_in_order_at_once() -> None:
    fake, seen = FakeAgent(), []
    fake.connect(seen.append)
    fake.publish(TextDelta("t1", "a"), TextDelta("t1", "b"), TurnEnded("t1"))
    assert seen == [TextDelta("t1", "a"), TextDelta("t1", "b"), TurnEnded("t1")]


def test_publish_before_connect_is_a_harness_error() -> None:
    with pytest.raises(RuntimeError, match="connect"):
        FakeAgent().publish(TurnEnded("t1"))


def test_a_second_connect_is_refused() -> None:
    fake = FakeAgent()
    fake.connect(lambda event: None)
    with pytest.raises(RuntimeError, match="twice"):
        fake.connect(lambda event: None)


def test_sent_of_matches_by_type_name_whatever_the_class() -> None:
    @dataclass(frozen=True)
    class ClientCancel:
        type: ClassVar[str] = "control.prompt.cancel"
        turn_id: str | None = None

    fake = FakeAgent()
    fake.send(PromptRequest("hi"))
    fake.send(ClientCancel("t1"))  # type: ignore[arg-type]  # a client's own copy
    fake.send(PromptCancel(None))
    assert fake.sent_of(PromptCancel) == [ClientCancel("t1"), PromptCancel(None)]
    assert fake.sent_of("control.prompt.request") == [PromptRequest("hi")]
    assert fake.sent_matching(PromptCancel("t1")) == [ClientCancel("t1")]
    assert fake.sent_of(FileSearch) == []


def test_sent_of_refuses_a_class_without_a_type_name() -> None:
    with pytest.raises(TypeError):
        FakeAgent().sent_of(int)


def test_the_fake_never_answers_a_file_search_on_its_own() -> None:
    fake, seen = FakeAgent(), []
    fake.connect(seen.append)
    fake.send(FileSearch("q1", "ab"))
    assert seen == []


ROOT = BrowseResult("", "unix", (Entry("home", "/home", "directory"),))


@pytest.mark.asyncio
async def test_browse_answers_from_the_scripted_file_system() -> None:
    fake = FakeAgent(file_system={None: ROOT})
    assert await fake.browse("n1", None) == ROOT
    with pytest.raises(BrowseError) as failure:
        await fake.browse("n1", "/nowhere")
    assert failure.value.kind == "server_error"
    assert fake.browse_calls == [("n1", None), ("n1", "/nowhere")]


@pytest.mark.asyncio
async def test_a_held_browse_waits_for_release() -> None:
    fake = FakeAgent(file_system={None: ROOT})
    fake.hold("browse")
    call = asyncio.ensure_future(fake.browse("n1", None))
    for _ in range(5):
        await asyncio.sleep(0)
    assert not call.done() and fake.parked("browse") == 1
    fake.release("browse")
    assert await call == ROOT
    assert fake.parked("browse") == 0


@pytest.mark.asyncio
async def test_fail_makes_calls_raise_until_cleared() -> None:
    fake = FakeAgent(file_system={None: ROOT})
    fake.fail("browse", BrowseError("node_offline"))
    with pytest.raises(BrowseError):
        await fake.browse("n1", None)
    fake.fail("browse", None)
    assert await fake.browse("n1", None) == ROOT


@pytest.mark.asyncio
async def test_a_parked_call_fails_on_release_when_made_to_fail() -> None:
    fake = FakeAgent(history=[_turn(1)])
    fake.hold("history")
    call = asyncio.ensure_future(fake.load_turns("c1", None, 10))
    await asyncio.sleep(0)
    fake.fail("history", OSError("down"))
    fake.release("history")
    with pytest.raises(OSError, match="down"):
        await call


@pytest.mark.asyncio
async def test_load_turns_pages_backwards_from_the_latest() -> None:
    fake = FakeAgent(history=[_turn(i) for i in range(25)])
    page = await fake.load_turns("c1", None, 10)
    assert [t.turn_id for t in page.turns] == [f"t{i}" for i in range(15, 25)]
    assert page.remaining == 15
    page = await fake.load_turns("c1", "t15", 10)
    assert [t.turn_id for t in page.turns] == [f"t{i}" for i in range(5, 15)]
    page = await fake.load_turns("c1", "t5", 10)
    assert [t.turn_id for t in page.turns] == [f"t{i}" for i in range(5)]
    assert page.remaining == 0
    assert fake.history_calls == [("c1", None, 10), ("c1", "t15", 10), ("c1", "t5", 10)]
    with pytest.raises(KeyError):
        await fake.load_turns("c1", "nope", 10)


@pytest.mark.asyncio
async def test_allowed_directories_are_scripted() -> None:
    assert await FakeAgent().allowed_directories("a1") is None
    assert await FakeAgent(allowed=["/srv"]).allowed_directories("a1") == ["/srv"]


def test_the_clock_moves_only_when_told() -> None:
    clock = FakeClock(T0)
    assert clock() == clock() == T0
    clock.advance(90)
    assert clock() == T0 + timedelta(seconds=90)
    clock.set(T0)
    assert clock() == T0
    with pytest.raises(ValueError, match="aware"):
        clock.set(datetime(2026, 3, 11, 14, 32))


def test_publishing_does_not_move_the_clock() -> None:
    clock, fake = FakeClock(T0), FakeAgent()
    readings: list[datetime] = []
    fake.connect(lambda event: readings.append(clock()))
    events: list[Event | Any] = [TextDelta("t1", "x"), TurnEnded("t1")]
    fake.publish(*events)
    assert readings == [T0, T0]
