"""Benchmark 11: the debounce window of the ``@`` file search (004 §3.4.3).

``crs-at-search-debounce`` (SHOULD) asks that searches be debounced by 150-300 ms instead
of being sent on every keystroke; its scenario only checks that a burst of keys yields
fewer searches than keys (design §6.2), and the window is measured here. Two clients,
each through the harness's fake agent, which answers every ``control.file.search`` at
once with ten candidates:

* **reference**: :class:`reference_crs.app.CrsApp`;
* **crs_alt**: :class:`examples.crs_alt.app.AltCrsApp`.

Per sample, a fresh app: ``@`` is typed and its first search answered, then ``N``
letters are posted to the app as key events, either all at once (**burst**: what a
terminal delivers when keys arrive faster than the app reads them, as the driver's
``burst`` does) or one every ``pace`` seconds of real time (**typed**: 30 ms is a fast
typist or a held key's repeat, 120 ms a steady 100 words a minute). Measured: how many
``control.file.search`` frames the ``N`` keys caused (sent after the first key), and the
time from posting the last key to the search carrying the whole query (stamped in the
fake agent's ``send``). The spec's window is one search per pause in typing, 150-300 ms
after the last key. Nothing here is asserted; time is never asserted anywhere else.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import UTC, datetime
from statistics import median
from time import perf_counter
from typing import Any

from textual.app import App

from benchmarks.timing import Row, ms, rounds
from rawp_port import ClientSettings, FileCandidate, FileCandidates
from steps.app_driver import typed
from steps.rawp_crs.support.fake_agent import FakeAgent, FakeClock

KEYS = (5, 20)
"""Letters typed after ``@``."""
PACES = (0, 30, 120)
"""Milliseconds between two keys; ``0`` posts them all at once (a burst)."""
CLIENTS = ("reference", "crs_alt")
"""The apps measured, in the order of the first round."""
TERMINAL = (100, 30)
"""Terminal size, in cells."""
TIMEOUT = 10.0
"""Seconds after which a query never searched fails the benchmark."""
LETTERS = "srcmainparserhandlertests"
"""What is typed after ``@`` (its first ``N`` letters)."""


class Stamping(FakeAgent):
    """The fake agent: answers every file search at once, stamping when each was sent."""

    def __init__(self) -> None:
        """Start with no search."""
        super().__init__()
        self.searches: list[tuple[float, str]] = []
        """``(perf_counter(), query)`` of each search, in order."""

    def send(self, frame: Any) -> None:
        """Record ``frame``; a file search is stamped and answered on the loop's next turn."""
        super().send(frame)
        if getattr(frame, "type", "") == "control.file.search":
            self.searches.append((perf_counter(), frame.query))
            found = [FileCandidate(f"src/f{i}.py", f"f{i}.py", "src", ()) for i in range(10)]
            reply = FileCandidates(frame.query_id, found)
            asyncio.get_running_loop().call_soon(self.publish, reply)


@dataclass
class Sample:
    """One run of ``N`` keys: searches they caused, and last key to the whole query's search.

    Attributes:
        searches: ``control.file.search`` frames sent after the first of the ``N`` keys.
        delay: Seconds from posting the last key to the search of the whole query.
    """

    searches: int
    delay: float


def _app(client: str, agent: Stamping) -> App[Any]:
    if client == "reference":
        from reference_crs.conformance import adapter
    else:
        from examples.crs_alt.adapter import adapter  # type: ignore[assignment]
    clock = FakeClock(datetime(2026, 3, 10, 5, 32, tzinfo=UTC))
    app: App[Any] = adapter.create_client(agent, agent, clock, ClientSettings())
    return app


async def _until(condition: Any, what: str) -> None:
    start = perf_counter()
    while not condition():
        if perf_counter() - start > TIMEOUT:
            raise TimeoutError(f"{what} within {TIMEOUT:.0f} s")
        await asyncio.sleep(0.001)


async def sample(client: str, keys: int, pace: int) -> Sample:
    """Type ``@`` then ``keys`` letters, one every ``pace`` ms, into a fresh ``client`` app."""
    agent = Stamping()
    app = _app(client, agent)
    query = LETTERS[:keys]
    async with app.run_test(size=TERMINAL) as pilot:
        await pilot.pause()
        await pilot.press("@")
        await _until(lambda: agent.searches, "no search after @")
        await pilot.pause()
        before = len(agent.searches)
        last = perf_counter()
        for at, stroke in enumerate(typed(query)):
            if pace and at:
                await asyncio.sleep(pace / 1000)
            app.post_message(stroke)
            last = perf_counter()
        await _until(
            lambda: any(q == query for _, q in agent.searches[before:]), f"no search of {query!r}"
        )
        sent = next(t for t, q in agent.searches[before:] if q == query)
        await pilot.pause()
        return Sample(len(agent.searches) - before, sent - last)


Result = dict[int, dict[int, dict[str, list[Sample]]]]
"""Samples by keys typed, then by pace (ms), then by client."""


def run(keys: tuple[int, ...] = KEYS, paces: tuple[int, ...] = PACES, repeats: int = 3) -> Result:
    """Run benchmark 11: ``repeats`` interleaved rounds of both clients per case."""
    result: Result = {}
    for count in keys:
        for pace in paces:
            samples: dict[str, list[Sample]] = {client: [] for client in CLIENTS}
            for order in rounds(CLIENTS, repeats):
                for client in order:
                    samples[client].append(asyncio.run(sample(client, count, pace)))
            result.setdefault(count, {})[pace] = samples
    return result


def rows(result: Result) -> list[Row]:
    """Per case and client: the last-key delay against the window, and searches per keys."""
    table = []
    cases = ((count, pace, clients) for count, by in result.items() for pace, clients in by.items())
    for count, pace, clients in cases:
        how = "burst" if not pace else f"every {pace} ms"
        for client, samples in clients.items():
            delay = median(s.delay for s in samples)
            searches = median(s.searches for s in samples)
            table.append(
                Row(
                    key=f"11. debounce {count} keys {how} {client}",
                    measure="last key to the search of the whole query; searches per keys",
                    ours=ms(delay),
                    floor="150 ms (spec)",
                    ratio=delay / 0.15,
                    target="150-300 ms, 1 search",
                    met=0.15 <= delay <= 0.3 and searches <= 1,
                    note=(
                        f"{searches:g} searches for {count} keys "
                        f"({min(s.searches for s in samples)}-{max(s.searches for s in samples)}); "
                        f"delay {min(s.delay for s in samples) * 1000:.0f}-"
                        f"{max(s.delay for s in samples) * 1000:.0f} ms; median of {len(samples)}"
                    ),
                )
            )
    return table
