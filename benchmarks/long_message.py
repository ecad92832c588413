"""Benchmark 12: a 10,000-line message, echoed back and reopened (issue 25 item 10).

A person pastes a 10,000-line log into the reference RAWP-CRS client and the agent echoes it
back as one text stream. Four ratios, ours / floor, side by side in one run:

* **flat**: the client's cost per delta over the last :data:`WINDOW` deltas of the stream
  divided by its cost over the first :data:`WINDOW` (ours / ours: the floor is a cost that
  does not grow with what is already drawn). Target ≤ 2.
* **total**: the whole stream, first delta to idle, against a bare Textual app whose one
  ``Markdown`` widget is fed the same deltas through ``MarkdownStream``. Target ≤ 2.
* **memory**: peak memory allocated while streaming (``tracemalloc``), same floor. Target
  ≤ 1.5.
* **reopen**: opening a stored conversation whose last turn holds the message (the prompt
  and its echo), until idle, against opening one whose turn holds one line. Target ≤ 1.5.

Each delta is :data:`LINES_PER_DELTA` lines, delivered one per loop turn and waited for
until the app is idle, as a socket delivers them to a client that keeps up. Time is
measured here, never asserted in tests.
"""

from __future__ import annotations

import asyncio
import gc
import tracemalloc
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from time import perf_counter
from typing import Any

from textual.app import App, ComposeResult
from textual.widgets import Markdown

from benchmarks.timing import Row, ms
from rawp_port import ClientSettings, PromptRequest, TextDelta, Turn, TurnEnded, TurnStarted
from reference_crs.app import CrsApp
from steps.rawp_crs.support.fake_agent import FakeAgent, FakeClock

LINES = 10_000
"""Lines of the long message."""
LINES_PER_DELTA = 50
"""Lines per text delta of the echo (200 deltas for 10,000 lines)."""
WINDOW = 10
"""Deltas averaged at the start and at the end of the stream."""
TERMINAL = (100, 30)
"""Terminal size, in cells."""
START = datetime(2026, 3, 10, 5, 32, tzinfo=UTC)


def long_text(lines: int = LINES) -> str:
    """``lines`` lines of a log, each numbered (what a person pastes)."""
    return "".join(
        f"{n:05d} INFO worker[{n % 7}] handled request {n} in {n % 97} ms\n" for n in range(lines)
    )


def chunks(text: str, lines: int = LINES_PER_DELTA) -> list[str]:
    """``text`` cut into deltas of ``lines`` lines each."""
    rows = text.splitlines(keepends=True)
    return ["".join(rows[i : i + lines]) for i in range(0, len(rows), lines)]


@dataclass(frozen=True)
class Stream:
    """One streamed echo: seconds per delta (in order), in all, and peak bytes allocated."""

    per_delta: list[float]
    total: float
    peak: int


class FloorApp(App[None]):
    """The floor: one ``Markdown`` widget."""

    def compose(self) -> ComposeResult:
        """The widget the deltas stream into."""
        yield Markdown()


async def _stream(
    app: App[Any], feed: Callable[[str, bool], Awaitable[None]], texts: list[str], trace: bool
) -> Stream:
    """Run ``app`` headless; feed ``texts``, each waited for until idle; time it.

    With ``trace``, memory is traced too (``peak``; the times are then slower, not used).
    """
    per_delta: list[float] = []
    async with app.run_test(size=TERMINAL) as pilot:
        await pilot.pause()
        gc.collect()
        if trace:
            tracemalloc.start()
        start = perf_counter()
        for index, text in enumerate(texts, start=1):
            began = perf_counter()
            await feed(text, index == len(texts))
            await pilot.pause()
            per_delta.append(perf_counter() - began)
        await app.workers.wait_for_complete()
        await pilot.pause()
        total = perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1] if trace else 0
        tracemalloc.stop()
    return Stream(per_delta, total, peak)


async def ours(texts: list[str], trace: bool = False) -> Stream:
    """Stream ``texts`` into the reference client as one turn's text deltas."""
    agent = FakeAgent()
    app = CrsApp(agent, agent, FakeClock(START), ClientSettings())

    async def feed(text: str, last: bool) -> None:
        if text is texts[0]:
            agent.publish(TurnStarted("t1"))
        agent.publish(TextDelta("t1", text))
        if last:
            agent.publish(TurnEnded("t1"))

    return await _stream(app, feed, texts, trace)


async def floor(texts: list[str], trace: bool = False) -> Stream:
    """Stream ``texts`` into a bare ``Markdown`` through ``MarkdownStream``."""
    app = FloorApp()
    stream: Any = None

    async def feed(text: str, last: bool) -> None:
        nonlocal stream
        if stream is None:
            stream = Markdown.get_stream(app.query_one(Markdown))
        await stream.write(text)
        if last:
            await stream.stop()

    return await _stream(app, feed, texts, trace)


async def reopen(text: str) -> float:
    """Seconds to open a stored conversation whose one turn is ``text`` and its echo."""
    agent = FakeAgent()
    sent = START - timedelta(minutes=5)
    agent.history = [Turn("t1", PromptRequest(text, "text"), sent, (TextDelta("t1", text),), sent)]
    settings = ClientSettings(conversation_id="c1")
    app = CrsApp(agent, agent, FakeClock(START), settings)
    gc.collect()
    start = perf_counter()
    async with app.run_test(size=TERMINAL) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        took = perf_counter() - start
    return took


def run(lines: int = LINES, repeats: int = 3) -> dict[str, list[Any]]:
    """Run benchmark 12: ``repeats`` interleaved samples of every side."""
    text = long_text(lines)
    texts = chunks(text)
    result: dict[str, list[Any]] = {
        "ours": [], "floor": [], "reopen": [], "reopen_floor": [], "memory": []
    }  # fmt: skip
    for _ in range(repeats):
        result["ours"].append(asyncio.run(ours(texts)))
        result["floor"].append(asyncio.run(floor(texts)))
        result["reopen"].append(asyncio.run(reopen(text)))
        result["reopen_floor"].append(asyncio.run(reopen(long_text(1))))
    traced = (asyncio.run(ours(texts, trace=True)), asyncio.run(floor(texts, trace=True)))
    result["memory"].append(traced)
    return result


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def rows(result: dict[str, list[Any]]) -> list[Row]:
    """The table rows of benchmark 12."""
    ours_runs: list[Stream] = result["ours"]
    floor_runs: list[Stream] = result["floor"]
    window = min(WINDOW, max(1, len(ours_runs[0].per_delta) // 4))
    first = _median([_mean(s.per_delta[:window]) for s in ours_runs])
    last = _median([_mean(s.per_delta[-window:]) for s in ours_runs])
    total, floor_total = (_median([s.total for s in runs]) for runs in (ours_runs, floor_runs))
    peak, floor_peak = (float(s.peak) for s in result["memory"][0])
    opened, opened_floor = _median(result["reopen"]), _median(result["reopen_floor"])
    note = f"median of {len(ours_runs)}; {len(ours_runs[0].per_delta)} deltas"
    mb = 1024 * 1024
    return [
        Row("12. long message flat", f"cost per delta, last {window} / first {window}",
            ms(last), ms(first), last / first, "<= 2", last / first <= 2, note),
        Row("12. long message total", "whole echo to idle / bare MarkdownStream",
            ms(total), ms(floor_total), total / floor_total, "<= 2", total / floor_total <= 2,
            note),
        Row("12. long message memory", "peak allocated while streaming / bare MarkdownStream",
            f"{peak / mb:.1f} MB", f"{floor_peak / mb:.1f} MB", peak / floor_peak, "<= 1.5",
            peak / floor_peak <= 1.5, "one traced run each"),
        Row("12. long message reopen", "open a conversation holding it / holding one line",
            ms(opened), ms(opened_floor), opened / opened_floor, "<= 1.5",
            opened / opened_floor <= 1.5, f"median of {len(result['reopen'])}"),
    ]  # fmt: skip
