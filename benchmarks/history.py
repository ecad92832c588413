"""Benchmark 8: a stored conversation in the reference RAWP-CRS client (002 §2.6).

* **open**: the reference client reopens a stored conversation of 10, 1,000 or 10,000
  turns held by the harness's fake agent (default N = 10). Measured: the time from starting
  the app until the first frame drawn after the first page is in the conversation, as a
  ratio against the 10-turn case (goal: at most 1.2 at 10,000); and the cost of loading one
  older page (the trigger's request until the app is idle with the page drawn).
* **grow**: a live session with 10, 100 or 1,000 turns in the conversation (loaded from the
  history 100 at a time). Measured: the cost of one more turn, a user message and an agent
  answer of several blocks (thinking, a tool call and its result, text in a few deltas),
  from the submission until its last frame, as a ratio against 10 turns (goal: at most 1.5
  at 1,000).

Each turn is the harness's stored turn (``steps.rawp_crs.support.history.stored_turn``).
Time is never asserted anywhere else.
"""

from __future__ import annotations

import asyncio
import gc
from dataclasses import dataclass
from time import perf_counter
from typing import Any

from benchmarks.streaming import Frames
from benchmarks.timing import Row, ms
from rawp_port import (
    ClientSettings,
    TextDelta,
    Thinking,
    ToolCall,
    ToolResult,
    TurnEnded,
    TurnStarted,
)
from reference_crs.app import CrsApp
from reference_crs.offscreen import OffscreenTurns
from reference_crs.widgets import PromptInput
from steps.rawp_crs.driver import START_TIME
from steps.rawp_crs.support.fake_agent import FakeAgent, FakeClock
from steps.rawp_crs.support.history import CONVERSATION, stored_turn

OPEN_SIZES = (10, 1_000, 10_000)
"""Stored turns of the opening samples."""
GROW_SIZES = (10, 100, 1_000)
"""Turns in the conversation of the growing samples."""
TERMINAL = (100, 30)
"""Terminal size, in cells."""
OPEN_GOAL = 1.2
"""Time to the first frame at 10,000 stored turns / at 10."""
GROW_GOAL = 1.5
"""Cost of one more turn at 1,000 turns / at 10."""


@dataclass(frozen=True)
class OpenSample:
    """One opening: seconds to the first frame with the page, and to load one older page."""

    first_frame: float
    older_page: float


async def _idle(app: CrsApp, pilot: Any) -> None:
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()


async def opening(count: int) -> OpenSample:
    """Reopen a stored conversation of ``count`` turns; time the first frame and one page."""
    agent = FakeAgent(history=[stored_turn(number) for number in range(1, count + 1)])
    app = CrsApp(agent, agent, FakeClock(START_TIME), ClientSettings(conversation_id=CONVERSATION))
    frames = Frames()
    frames.watch(app)
    gc.collect()
    start = perf_counter()
    async with app.run_test(size=TERMINAL) as pilot:
        while not app.history.started or app.history.loading:
            await pilot.pause()
        drawn = perf_counter()
        await _idle(app, pilot)
        after = [moment for moment in frames.times if moment >= drawn]
        first = (after[0] if after else perf_counter()) - start
        older = 0.0
        if app.history.remaining:
            begin = perf_counter()
            app.history.load_older()
            while app.history.loading:
                await pilot.pause()
            await _idle(app, pilot)
            older = perf_counter() - begin
    return OpenSample(first, older)


def _quiet(app: CrsApp) -> bool:
    """Whether ``app`` has nothing left to handle or draw (its inbox, queues and screen)."""
    screen = app.screen
    return not (
        app.inbox
        or app._message_queue.qsize()
        or screen._message_queue.qsize()
        or screen._layout_required
        or screen._scroll_required
        or screen._repaint_required
        or screen._recompose_required
        or screen._dirty_widgets
        or screen._callbacks
        or app.offscreen._scheduled
        or any(worker.is_running for worker in app.workers)
    )


async def _handled(app: CrsApp) -> None:
    """Wait until ``app`` has handled what it was sent and drawn it, as a socket would let it.

    Unlike ``Pilot.pause``, this does not post a message to every widget of the screen and
    wait for each (a cost of the harness that grows with the widgets: about 1 s per pause at
    1,000 turns, hidden items included); it waits until the app's inbox, its and its
    screen's queues and the screen's pending refresh are empty on three consecutive turns
    of the event loop.
    """
    quiet = 0
    while quiet < 3:
        await asyncio.sleep(0)
        quiet = quiet + 1 if _quiet(app) else 0
        if not quiet:
            await asyncio.sleep(0.001)  # let the refresh timer fire


async def growing(count: int, *, offscreen: bool = True) -> float:
    """With ``count`` turns in the conversation, time one more turn to its last frame.

    ``offscreen=False`` draws every item (no item is hidden far above the viewport).
    """
    OffscreenTurns.enabled = offscreen
    agent = FakeAgent(history=[stored_turn(number) for number in range(1, count + 1)])
    settings = ClientSettings(initial_turns=min(100, count), conversation_id=CONVERSATION)
    app = CrsApp(agent, agent, FakeClock(START_TIME), settings)
    frames = Frames()
    async with app.run_test(size=TERMINAL) as pilot:
        await _idle(app, pilot)
        while app.history.remaining:
            app.history.load_older()
            await _idle(app, pilot)
        app.conversation.scroll_end(animate=False, immediate=True)
        await _idle(app, pilot)
        frames.watch(app)
        gc.collect()
        start = perf_counter()
        prompt = app.query_one(PromptInput)
        app.post_message(PromptInput.Submitted(prompt, "one more question"))
        await _handled(app)
        turn = "live-1"
        agent.publish(TurnStarted(turn), Thinking(turn, "thinking it over"))
        await _handled(app)
        agent.publish(ToolCall(turn, "c1", "read_file", {"path": "a.py"}))
        agent.publish(ToolResult(turn, "c1", "text", "line one\nline two"))
        await _handled(app)
        for piece in ("The answer ", "is **here**", ", with `code`.\n\n- and a list\n"):
            agent.publish(TextDelta(turn, piece))
            await _handled(app)
        agent.publish(TurnEnded(turn))
        await _handled(app)
        end = frames.times[-1] if frames.times else perf_counter()
        await _idle(app, pilot)
    OffscreenTurns.enabled = True
    return end - start


def run(
    open_sizes: tuple[int, ...] = OPEN_SIZES,
    grow_sizes: tuple[int, ...] = GROW_SIZES,
    repeats: int = 3,
) -> dict[str, dict[int, list[Any]]]:
    """Run benchmark 8: ``repeats`` samples of each size, sizes interleaved."""
    result: dict[str, dict[int, list[Any]]] = {
        "open": {size: [] for size in open_sizes},
        "grow": {size: [] for size in grow_sizes},
        "grow_all": {size: [] for size in grow_sizes},
    }
    asyncio.run(opening(min(open_sizes)))  # warm-up, not counted: imports, first app
    for _ in range(repeats):
        for size in open_sizes:
            result["open"][size].append(asyncio.run(opening(size)))
        for size in grow_sizes:
            result["grow"][size].append(asyncio.run(growing(size)))
            result["grow_all"][size].append(asyncio.run(growing(size, offscreen=False)))
    return result


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


def rows(result: dict[str, dict[int, list[Any]]]) -> list[Row]:
    """The table rows: time to first frame and one older page per size; one more turn."""
    table: list[Row] = []
    opens = result["open"]
    base_size = min(opens) if opens else 0
    base = _median([s.first_frame for s in opens[base_size]]) if opens else 0.0
    for size, samples in opens.items():
        first = _median([s.first_frame for s in samples])
        older = _median([s.older_page for s in samples])
        largest = size == max(opens)
        table.append(
            Row(
                key=f"8. open {size}",
                measure=f"time to first frame, {size} stored turns",
                ours=ms(first),
                floor=ms(base),
                ratio=first / base,
                target=f"<= {OPEN_GOAL}" if largest else "report",
                met=first / base <= OPEN_GOAL if largest else True,
                note=f"floor: {base_size} turns; one older page {ms(older)}; "
                f"median of {len(samples)}",
            )
        )
    grows = result["grow"]
    base_size = min(grows) if grows else 0
    base = _median(grows[base_size]) if grows else 0.0
    for size, costs in grows.items():
        cost = _median(costs)
        largest = size == max(grows)
        table.append(
            Row(
                key=f"8. grow {size}",
                measure=f"one more turn to its last frame, {size} turns shown",
                ours=ms(cost),
                floor=ms(base),
                ratio=cost / base,
                target=f"<= {GROW_GOAL}" if largest else "report",
                met=cost / base <= GROW_GOAL if largest else True,
                note=f"floor: {base_size} turns; median of {len(costs)}",
            )
        )
    alls = result.get("grow_all", {})
    for size, costs in alls.items():
        cost = _median(costs)
        table.append(
            Row(
                key=f"8. grow {size}, all drawn",
                measure=f"the same, every item drawn (nothing hidden), {size} turns",
                ours=ms(cost),
                floor=ms(base),
                ratio=cost / base,
                target="report",
                met=True,
                note=f"before design §9 decision 12; median of {len(costs)}",
            )
        )
    return table
