"""Benchmark 5: streaming agent text in the reference RAWP-CRS client against Textual's floor.

* **ours**: :class:`reference_crs.app.CrsApp` wired to the harness's fake agent: a
  ``TurnStarted``, then ``N`` ``TextDelta`` events of a few words each, then ``TurnEnded``,
  one event per turn of the event loop, as a socket would deliver them.
* **floor**: a bare Textual app holding one ``Markdown`` widget, fed the same deltas
  through ``MarkdownStream`` (Textual's own way to stream markdown), at the same pace.

Measured per side: the time from the first delta until the app is idle again with the
whole text received, divided by ``N`` (cost per delta); and the longest gap between two
frames while the deltas arrive (``App._display`` is called once per frame). Reported as
ratios ours / floor at 1,000 and 10,000 deltas. Time is never asserted anywhere else.
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from itertools import pairwise
from time import perf_counter
from typing import Any

from textual.app import App, ComposeResult
from textual.widgets import Markdown

from benchmarks.timing import Row, ms
from rawp_port import ClientSettings, TextDelta, TurnEnded, TurnStarted
from reference_crs.app import CrsApp
from steps.rawp_crs.support.fake_agent import FakeAgent, FakeClock

SIZES = (1_000, 10_000)
"""Numbers of text deltas per sample."""
TERMINAL = (100, 30)
"""Terminal size, in cells."""
WORDS = ("stream ", "the ", "*answer* ", "with `code` ", "and more\n\n")
"""The deltas cycle through these."""


@dataclass
class Frames:
    """Frame times of one app, from its ``_display`` calls (seconds, ``perf_counter``)."""

    times: list[float] = field(default_factory=list)

    def watch(self, app: App[Any]) -> None:
        """Note the time of every frame ``app`` displays from now on."""
        display = app._display

        def noted(*args: Any) -> None:
            self.times.append(perf_counter())
            display(*args)

        app._display = noted  # type: ignore[method-assign,assignment]

    def longest_gap(self, start: float, end: float) -> float:
        """Longest time between two frames (or the ends) within ``start``..``end``."""
        inside = [start, *(t for t in self.times if start <= t <= end), end]
        return max(b - a for a, b in pairwise(inside))


@dataclass(frozen=True)
class Sample:
    """One streamed turn: seconds in all and the longest frame gap."""

    total: float
    gap: float


class FloorApp(App[None]):
    """The floor: one ``Markdown`` widget."""

    def compose(self) -> ComposeResult:
        """The widget the deltas stream into."""
        yield Markdown()


def deltas(count: int) -> list[str]:
    """``count`` deltas cycling through :data:`WORDS`."""
    return [WORDS[index % len(WORDS)] for index in range(count)]


async def timed_stream(
    app: App[Any], feed: Callable[[str, bool], Awaitable[None]], texts: list[str]
) -> Sample:
    """Run ``app`` headless, feed ``texts`` one per loop turn, time it until idle.

    ``feed(text, last)`` delivers one delta; ``last`` is true for the final one.
    """
    frames = Frames()
    async with app.run_test(size=TERMINAL) as pilot:
        await pilot.pause()
        frames.watch(app)
        gc.collect()
        start = perf_counter()
        for index, text in enumerate(texts, start=1):
            await feed(text, index == len(texts))
            await asyncio.sleep(0)
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        end = perf_counter()
    return Sample(end - start, frames.longest_gap(start, end))


async def ours(count: int) -> Sample:
    """Stream ``count`` deltas into the reference client through the fake agent."""
    agent = FakeAgent()
    clock = FakeClock(datetime(2026, 3, 10, 5, 32, tzinfo=UTC))
    app = CrsApp(agent, agent, clock, ClientSettings())
    texts = deltas(count)
    started = False

    async def feed(text: str, last: bool) -> None:
        nonlocal started
        if not started:
            agent.publish(TurnStarted("t1"))
            started = True
        agent.publish(TextDelta("t1", text))
        if last:
            agent.publish(TurnEnded("t1"))

    return await timed_stream(app, feed, texts)


async def floor(count: int) -> Sample:
    """Stream ``count`` deltas into a bare ``Markdown`` through ``MarkdownStream``."""
    app = FloorApp()
    stream: Any = None
    texts = deltas(count)

    async def feed(text: str, last: bool) -> None:
        nonlocal stream
        if stream is None:
            stream = Markdown.get_stream(app.query_one(Markdown))
        await stream.write(text)
        if last:
            await stream.stop()

    return await timed_stream(app, feed, texts)


def run(sizes: tuple[int, ...] = SIZES, repeats: int = 3) -> dict[int, dict[str, list[Sample]]]:
    """Run benchmark 5: ``repeats`` interleaved samples of each side at each size."""
    result: dict[int, dict[str, list[Sample]]] = {}
    for size in sizes:
        sides: dict[str, list[Sample]] = {"ours": [], "floor": []}
        for _ in range(repeats):
            sides["ours"].append(asyncio.run(ours(size)))
            sides["floor"].append(asyncio.run(floor(size)))
        result[size] = sides
    return result


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


def rows(result: dict[int, dict[str, list[Sample]]]) -> list[Row]:
    """The table rows of benchmark 5: per-delta cost and longest frame gap, per size."""
    table = []
    for size, sides in result.items():
        ours_total = _median([s.total for s in sides["ours"]]) / size
        floor_total = _median([s.total for s in sides["floor"]]) / size
        ours_gap = _median([s.gap for s in sides["ours"]])
        floor_gap = _median([s.gap for s in sides["floor"]])
        note = f"median of {len(sides['ours'])}"
        table += [
            Row(
                key=f"5. streaming {size}",
                measure="cost per text delta, to idle",
                ours=f"{ours_total * 1e6:.0f} µs",
                floor=f"{floor_total * 1e6:.0f} µs",
                ratio=ours_total / floor_total,
                target="report",
                met=True,
                note=note,
            ),
            Row(
                key=f"5. frame gap {size}",
                measure="longest gap between frames while streaming",
                ours=ms(ours_gap),
                floor=ms(floor_gap),
                ratio=ours_gap / floor_gap,
                target="report",
                met=True,
                note=note,
            ),
        ]
    return table
