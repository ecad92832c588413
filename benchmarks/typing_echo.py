"""Benchmark 13: keystroke echo while a long reply streams, against echo on an idle client.

A person pastes a 2,000-line log into the reference RAWP-CRS client, sends it, and types the
next message while the agent echoes it back (issue 41 point 2). What they feel is the time
from a key to its character on the screen. Two sides, side by side in one run, each round
on one fresh client:

* **streaming**: keys typed while the reply streams: the demo agent's echo of the paste (a
  block quote of every line), cut as the demo agent cuts it (about
  :data:`~reference_crs.demo.agent.MAX_DELTAS` deltas), one delta every
  :data:`DELTA_SECONDS` (the demo's pacing), a key every :data:`KEY_SECONDS`;
* **idle**: the same client once the reply has ended (the same conversation drawn, nothing
  streaming), a key every :data:`KEY_SECONDS`; and, for the note, before the paste was sent
  (an empty conversation).

A key is posted to the app as a terminal's driver posts it (``App.post_message`` of a
``Key`` event, nothing waited for); its echo is the first frame Textual displays
(``App._display``) after the input's document holds the key's character. The ratio is the
95th percentile of the streaming side over the 95th percentile of the idle side; target
≤ 2. Time is measured here, never asserted in tests (``tests/test_benchmarks.py`` runs it
tiny, to see that it runs and reports its row).
"""

from __future__ import annotations

import asyncio
import gc
import string
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from statistics import median, quantiles
from time import perf_counter
from typing import Any

from textual import events
from textual.app import App

from benchmarks.long_message import long_text
from benchmarks.timing import Row, ms
from rawp_port import ClientSettings, PromptRequest, TextDelta, TurnEnded, TurnStarted
from reference_crs.app import CrsApp
from reference_crs.demo import heap
from reference_crs.demo.agent import MAX_DELTAS
from reference_crs.widgets import PromptInput
from steps.rawp_crs.support.fake_agent import FakeAgent, FakeClock

LINES = 2_000
"""Lines of the pasted log (the issue's 2,000-line message)."""
DELTA_SECONDS = 0.04
"""Seconds between two deltas of the reply (the demo agent's pacing)."""
KEY_SECONDS = 0.097
"""Seconds between two keys (a fast typist; not a multiple of the deltas' pacing)."""
IDLE_KEYS = 40
"""Keys typed on the idle client, before the paste and after the reply."""
TERMINAL = (100, 30)
"""Terminal size, in cells."""
TIMEOUT = 60.0
"""Seconds after which a key never echoed fails the benchmark."""
START = datetime(2026, 3, 10, 5, 32, tzinfo=UTC)


def reply_deltas(lines: int) -> list[str]:
    """The demo agent's echo of a pasted ``lines``-line log, cut into its deltas."""
    pasted = long_text(lines)
    quoted = "\n".join(f"> {line}" for line in pasted.splitlines())
    reply = f"You said:\n\n{quoted}\n\nI am a **demo agent**: I only echo.\n"
    size = max(12, -(-len(reply) // MAX_DELTAS))
    return [reply[start : start + size] for start in range(0, len(reply), size)]


@dataclass
class Round:
    """One client's latencies, seconds from a key to the frame echoing it, by side."""

    idle_before: list[float] = field(default_factory=list)
    streaming: list[float] = field(default_factory=list)
    idle_after: list[float] = field(default_factory=list)
    stream_seconds: float = 0.0


class Echoes:
    """Stamps the first frame after the input holds what was typed (``App._display``)."""

    def __init__(self, app: App[Any], field_: PromptInput) -> None:
        """Watch every frame ``app`` displays from now on."""
        self.field = field_
        self.waiting: list[tuple[int, float]] = []
        """``(length the input must reach, time the key was posted)``, oldest first."""
        self.latencies: list[float] = []
        self.base = len(field_.text)
        self.typed = 0
        display = app._display

        def noted(*args: Any) -> None:
            display(*args)
            now = perf_counter()
            length = len(self.field.text)
            while self.waiting and self.waiting[0][0] <= length:
                self.latencies.append(now - self.waiting.pop(0)[1])

        app._display = noted  # type: ignore[method-assign,assignment]

    def restart(self) -> None:
        """Count from the input's text now (after it was cleared or sent)."""
        self.base, self.typed = len(self.field.text), 0

    def type(self, app: App[Any], char: str) -> None:
        """Post ``char`` as a terminal's key; its echo is awaited by :meth:`drain`."""
        self.typed += 1
        self.waiting.append((self.base + self.typed, perf_counter()))
        app.post_message(events.Key(char, char))

    async def drain(self) -> list[float]:
        """Wait until every key typed was echoed; return their latencies and start afresh.

        Raises:
            TimeoutError: A key was not echoed within :data:`TIMEOUT` seconds.
        """
        start = perf_counter()
        while self.waiting:
            if perf_counter() - start > TIMEOUT:
                raise TimeoutError(f"{len(self.waiting)} keys never echoed in {TIMEOUT:.0f} s")
            await asyncio.sleep(0.005)
        found, self.latencies = self.latencies, []
        return found


async def _type(echoes: Echoes, app: App[Any], keys: int, until: Callable[[], bool]) -> None:
    """Type up to ``keys`` letters, one every :data:`KEY_SECONDS`, stopping when ``until()``."""
    for index in range(keys):
        if until():
            return
        echoes.type(app, string.ascii_lowercase[index % 26])
        await asyncio.sleep(KEY_SECONDS)


class DemoHeapCrsApp(CrsApp):
    """The reference client as ``python -m reference_crs`` runs it: its garbage collection."""

    def turn_finished(self) -> None:
        """As the demo program's apps do (``reference_crs.demo.heap``)."""
        heap.collect_fully()


async def one_round(
    lines: int, idle_keys: int = IDLE_KEYS, delta_seconds: float = DELTA_SECONDS
) -> Round:
    """One fresh client: idle keys, the paste sent, keys while it streams, idle keys."""
    agent = FakeAgent()
    app = DemoHeapCrsApp(agent, agent, FakeClock(START), ClientSettings())
    heap.install(lambda: not app.pacing.drawing)
    deltas = reply_deltas(lines)
    result = Round()
    async with app.run_test(size=TERMINAL) as pilot:
        await pilot.pause()
        field_ = app.query_one(PromptInput)
        echoes = Echoes(app, field_)
        gc.collect()
        await _type(echoes, app, idle_keys, lambda: False)
        result.idle_before = await echoes.drain()
        field_.clear()
        field_.insert(long_text(lines))  # the paste, sent
        await pilot.press("enter")
        await pilot.pause()
        echoes.restart()
        done = asyncio.Event()

        async def stream() -> None:
            agent.publish(TurnStarted("t1"))
            for delta in deltas:
                agent.publish(TextDelta("t1", delta))
                await asyncio.sleep(delta_seconds)
            agent.publish(TurnEnded("t1"))
            done.set()

        began = perf_counter()
        streaming = asyncio.create_task(stream())
        await _type(echoes, app, 10_000, done.is_set)
        await streaming
        result.streaming = await echoes.drain()
        await app.workers.wait_for_complete()
        await pilot.pause()
        result.stream_seconds = perf_counter() - began
        field_.clear()
        await pilot.pause()
        echoes.restart()
        gc.collect()
        await _type(echoes, app, idle_keys, lambda: False)
        result.idle_after = await echoes.drain()
        assert [p.prompt_text for p in agent.sent_of(PromptRequest)], "the paste was not sent"
    return result


def run(
    lines: int = LINES,
    repeats: int = 3,
    idle_keys: int = IDLE_KEYS,
    delta_seconds: float = DELTA_SECONDS,
) -> list[Round]:
    """Run benchmark 13: ``repeats`` rounds, each on a fresh client.

    The demo program's garbage collection is installed for each client (``demo.heap``), as
    ``python -m reference_crs`` installs it.
    """
    try:
        return [asyncio.run(one_round(lines, idle_keys, delta_seconds)) for _ in range(repeats)]
    finally:
        heap.uninstall()


def p95(values: list[float]) -> float:
    """The 95th percentile (``statistics.quantiles``, exclusive method) of ``values``."""
    if len(values) < 2:
        return values[0]
    return quantiles(values, n=20)[-1]


def rows(rounds: list[Round], lines: int = LINES) -> list[Row]:
    """The table row of benchmark 13."""
    streaming = [x for r in rounds for x in r.streaming]
    idle = [x for r in rounds for x in r.idle_after]
    before = [x for r in rounds for x in r.idle_before]
    ratio = p95(streaming) / p95(idle)
    note = (
        f"{len(rounds)} rounds, {len(streaming)} keys streaming, {len(idle)} idle; medians "
        f"{ms(median(streaming))} / {ms(median(idle))}; max {ms(max(streaming))}; idle on an "
        f"empty conversation p95 {ms(p95(before))}; stream "
        f"{median(r.stream_seconds for r in rounds):.1f} s for {lines:,} lines"
    )
    return [
        Row("13. echo while streaming", "key to its frame, p95, streaming / idle",
            ms(p95(streaming)), ms(p95(idle)), ratio, "<= 2", ratio <= 2, note),
    ]  # fmt: skip
