"""Keys before the stream (``reference_crs.pacing``): when streamed text waits for typing.

The pacing must never engage when keys are echoed at once (so a client driven step by step,
as the harness drives it, draws every delta as it comes), must engage when a key's echo was
kept waiting by streamed text, must let the text through when typing stops, and must never
lose or reorder text. Its effect on what a person feels is benchmark 13
(``benchmarks/typing_echo.py``), never a timed assertion here.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest

from reference_crs.pacing import LATE, QUIET, PacedStream, StreamPacing


class Clock:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def at_once(callback: Callable[[], Any]) -> None:
    """A ``call_after_refresh`` whose frame is drawn at once."""
    callback()


def typed(pacing: StreamPacing, clock: Clock, echo_after: float) -> None:
    """A key sent now, handled at once, its echo drawn ``echo_after`` seconds later."""
    sent = clock.now
    pacing.key_handled(sent)
    clock.now += echo_after
    pacing.input_changed(at_once)


@pytest.mark.asyncio
async def test_keys_echoed_at_once_never_pace_the_stream() -> None:
    clock = Clock()
    pacing = StreamPacing(clock)
    pacing.drawing_started()
    for _ in range(5):
        typed(pacing, clock, echo_after=LATE / 3)
    assert not pacing.pacing
    await asyncio.wait_for(pacing.turn(), timeout=5)  # returns at once: nothing waits


@pytest.mark.asyncio
async def test_a_late_echo_while_nothing_streams_does_not_pace() -> None:
    clock = Clock()
    pacing = StreamPacing(clock)
    typed(pacing, clock, echo_after=LATE * 10)  # kept waiting by something else
    assert not pacing.pacing


@pytest.mark.asyncio
async def test_a_key_kept_waiting_by_streamed_text_paces_until_typing_stops() -> None:
    clock = Clock()
    pacing = StreamPacing(clock)
    pacing.drawing_started()
    typed(pacing, clock, echo_after=LATE * 2)
    pacing.drawing_ended()
    assert pacing.pacing, "a key echoed late while streamed text was drawn"
    pacing.last_draw = clock.now  # text was just let through: the next waits
    waiting = asyncio.create_task(pacing.turn())
    await asyncio.sleep(0)
    assert not waiting.done(), "while the user types, the stream waits"
    clock.now += QUIET * 2  # no key since: typing has stopped
    await asyncio.wait_for(waiting, timeout=10)
    assert not pacing.pacing


@pytest.mark.asyncio
async def test_while_typing_the_stream_is_let_through_right_after_an_echo() -> None:
    clock = Clock()
    pacing = StreamPacing(clock)
    pacing.drawing_started()
    typed(pacing, clock, echo_after=LATE * 2)
    pacing.drawing_ended()
    waiting = asyncio.create_task(pacing.turn())
    await asyncio.sleep(0)
    assert not waiting.done()
    typed(pacing, clock, echo_after=0.001)  # the next key's echo: the slot
    await asyncio.wait_for(waiting, timeout=10)
    assert pacing.pacing and pacing.last_draw == clock.now


@pytest.mark.asyncio
async def test_a_paced_stream_draws_every_fragment_once_in_order() -> None:
    clock = Clock()
    pacing = StreamPacing(clock)
    pacing.drawing_started()
    typed(pacing, clock, echo_after=LATE * 2)
    pacing.drawing_ended()
    pacing.last_draw = clock.now
    drawn: list[str] = []

    async def append(text: str) -> None:
        drawn.append(text)

    stream = PacedStream(append, pacing)
    stream.start(at_once)
    for fragment in ("one ", "two ", "three"):
        await stream.write(fragment)
    assert drawn == [], "held while the user types"
    await stream.stop()  # the turn ends: everything at once
    assert "".join(drawn) == "one two three"
    assert not pacing.drawing


@pytest.mark.asyncio
async def test_an_unpaced_stream_draws_as_it_is_written() -> None:
    drawn: list[str] = []

    async def append(text: str) -> None:
        drawn.append(text)

    stream = PacedStream(append, StreamPacing(Clock()))
    stream.start(at_once)
    await stream.write("a")
    for _ in range(10):
        await asyncio.sleep(0)
    assert drawn == ["a"]
    await stream.write("b")
    await stream.stop()
    assert "".join(drawn) == "ab"
