"""Benchmark 10: the demo agent's file search, query to candidates (004 §3.4.3, issue 15).

A tree of ``N`` files (100,000 by default) is generated in a temporary directory, with
deterministic names (:func:`tree`): 10 top directories, 50 packages each (fewer below
100,000 files), 10 modules each, 20 files per module, named from a fixed word list; root and nested
``.gitignore`` files ignore a further 2 % of ``.log`` files and a ``build/`` directory,
which the index must leave out. Measured, in one process, sides interleaved (A B, then
B A, ...):

* **index**: one walk of the tree by :class:`reference_crs.demo.file_search.FileIndex` (the
  one-time cost, paid at connect and after a change), against the floor ``os.walk`` of the
  same tree collecting relative paths (no ``.gitignore``, no ``stat``);
* **search**: ``FileIndex.search(query)`` on the built index, for each query of
  :data:`QUERIES` (short, long, no match, path-like, abbreviation), rechecks switched off;
* **agent**: the same query through :class:`reference_crs.demo.agent.DemoAgent` (delay
  ``0``), from ``send(FileSearch)`` to the ``FileCandidates`` event on the event loop: the
  worker-thread hop and the agent's recheck for changes (every 2 s: one ``stat`` per
  directory) are in it;
* **floor**: a plain substring scan of the same path list the index holds, lower-cased beforehand,
  ``[p for p in paths if query in p]``.

Reported per query (median and worst), then over every query; plus the cost of one
recheck (the ``stat`` of every watched directory). Time is never asserted anywhere else.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from statistics import median
from time import perf_counter
from typing import Any

from benchmarks.timing import Row, ms, rounds
from rawp_port import FileCandidates, FileSearch, type_name
from reference_crs.demo.file_search import FileIndex

SIZE = 100_000
"""Files kept in the generated tree."""
TIMEOUT = 60.0
"""Seconds after which an answer that never comes fails the benchmark."""
QUERIES = {
    "short": "ma",
    "long": "service_parser_00095",
    "no match": "zqxjv",
    "path-like": "src/ma",
    "abbreviation": "hndlrtst",
}
"""The fixed set of queries, by kind."""
WORDS = (
    "main", "manager", "model", "parser", "handler", "service", "client", "server",
    "config", "utils", "router", "view", "store", "cache", "event", "widget",
    "render", "schema", "token", "session", "query", "index", "loader", "writer",
    "reader", "test", "mock", "api", "core", "auth",
)  # fmt: skip
"""Words that names are made of."""
TOPS = ("src", "tests", "docs", "lib", "tools", "app", "web", "cli", "pkg", "examples")
"""The top directories."""
EXTENSIONS = (".py", ".md", ".ts", ".json", ".txt")
"""File extensions, in turn."""


def tree(root: Path, size: int = SIZE) -> list[str]:
    """Write a tree of ``size`` kept files (and some ignored ones) under ``root``.

    Returns:
        The kept files' relative POSIX paths (not the ``.gitignore`` files).
    """
    packages = min(50, max(1, size // 2000))
    per_module = -(-size // (len(TOPS) * packages * 10))
    kept: list[str] = []
    (root / ".gitignore").write_text("*.log\nbuild/\n")
    build = root / "build"
    build.mkdir()
    for i in range(max(1, size // 100)):
        (build / f"out{i:05d}.py").touch()
    number = 0
    for top in TOPS:
        (root / top).mkdir()
        (root / top / ".gitignore").write_text("*.tmp\n!keep.tmp\n")
        for p in range(packages):
            package = f"{WORDS[p % len(WORDS)]}{p // len(WORDS) or ''}"
            for m in range(10):
                directory = root / top / package / f"{WORDS[(p + m * 7) % len(WORDS)]}_{m}"
                directory.mkdir(parents=True)
                for _ in range(per_module):
                    if len(kept) >= size:
                        break
                    first = WORDS[number % len(WORDS)]
                    second = WORDS[number // len(WORDS) % len(WORDS)]
                    name = f"{first}_{second}_{number:05d}{EXTENSIONS[number % 5]}"
                    (directory / name).touch()
                    kept.append(f"{top}/{package}/{directory.name}/{name}")
                    if number % 50 == 0:
                        (directory / f"{first}_{number:05d}.log").touch()
                    number += 1
    return kept


def floor_walk(root: Path) -> list[str]:
    """The index floor: every file's relative path by ``os.walk`` (no rules, no stat)."""
    base = len(os.fspath(root)) + 1
    found: list[str] = []
    for directory, _, files in os.walk(root):
        prefix = directory[base:]
        found += [f"{prefix}/{name}" if prefix else name for name in files]
    return found


@dataclass
class Result:
    """Every sample, in seconds.

    Attributes:
        size: Files kept in the tree.
        index: Samples of ``"ours"`` (a :class:`FileIndex` walk) and ``"floor"`` (os.walk).
        queries: Per query kind, samples of ``"search"``, ``"agent"`` and ``"floor"``.
        recheck: Samples of one recheck of the watched directories.
        candidates: Per query kind, how many candidates the search answered.
        indexed: How many paths the index holds.
    """

    size: int
    index: dict[str, list[float]] = field(default_factory=dict)
    queries: dict[str, dict[str, list[float]]] = field(default_factory=dict)
    recheck: list[float] = field(default_factory=list)
    candidates: dict[str, int] = field(default_factory=dict)
    indexed: int = 0


def _time(action: Callable[[], object]) -> float:
    start = perf_counter()
    action()
    return perf_counter() - start


def run(size: int = SIZE, repeats: int = 11, index_repeats: int = 3) -> Result:
    """Run benchmark 10 on a generated tree of ``size`` files; the tree is removed after."""
    root = Path(tempfile.mkdtemp(prefix="bench-file-search-"))
    try:
        tree(root, size)
        return _measure(root, size, repeats, index_repeats)
    finally:
        shutil.rmtree(root, ignore_errors=True)


def _measure(root: Path, size: int, repeats: int, index_repeats: int) -> Result:
    result = Result(size)
    index = FileIndex(root, recheck=float("inf"))
    sides: dict[str, Callable[[], object]] = {
        "ours": index.refresh,
        "floor": lambda: floor_walk(root),
    }
    for order in rounds(list(sides), index_repeats):
        for side in order:
            result.index.setdefault(side, []).append(_time(sides[side]))
    lower = tuple(path.lower() for path in index.paths)
    result.indexed = len(lower)
    result.recheck = [_time(index.changed) for _ in range(index_repeats)]
    asyncio.run(_queries(root, index, lower, repeats, result))
    return result


async def _queries(
    root: Path, index: FileIndex, lower: tuple[str, ...], repeats: int, result: Result
) -> None:
    from reference_crs.demo.agent import DemoAgent

    agent = DemoAgent(root=root, delay=0)
    answered: dict[str, asyncio.Future[float]] = {}

    def on_event(event: Any) -> None:
        if type_name(event) == FileCandidates.type and event.query_id in answered:
            answered[event.query_id].set_result(perf_counter())

    agent.connect(on_event)
    assert agent.files.paths  # waits for the walk started at connect
    serial = 0

    async def through_agent(query: str) -> float:
        nonlocal serial
        serial += 1
        query_id = f"q{serial}"
        answer = answered[query_id] = asyncio.get_running_loop().create_future()
        start = perf_counter()
        agent.send(FileSearch(query_id, query))
        try:
            answered_at: float = await asyncio.wait_for(answer, TIMEOUT)
            return answered_at - start
        finally:
            del answered[query_id]

    for kind, query in QUERIES.items():
        needle = query.lower()
        samples: dict[str, list[float]] = {"search": [], "agent": [], "floor": []}
        for order in rounds(list(samples), repeats):
            for side in order:
                if side == "agent":
                    samples[side].append(await through_agent(query))
                elif side == "search":
                    samples[side].append(_time(lambda: index.search(query)))  # noqa: B023
                else:
                    samples[side].append(_time(lambda: [p for p in lower if needle in p]))  # noqa: B023
        result.queries[kind] = samples
        result.candidates[kind] = len(index.search(query))
    await agent.aclose()


def rows(result: Result) -> list[Row]:
    """The index row, one row per query kind, and the row over every query."""
    ours, floor = median(result.index["ours"]), median(result.index["floor"])
    table = [
        Row(
            key=f"10. index {result.size}",
            measure="one walk of the tree into the index (once, and after a change)",
            ours=ms(ours),
            floor=ms(floor),
            ratio=ours / floor,
            target="report",
            met=True,
            note=(
                f"{result.indexed} paths indexed; median of {len(result.index['ours'])}; "
                f"one recheck {ms(median(result.recheck))}"
            ),
        )
    ]
    every: dict[str, list[float]] = {"search": [], "agent": [], "floor": []}
    for kind, samples in result.queries.items():
        for side, values in samples.items():
            every[side] += values
        table.append(_row(f"10. {kind} `{QUERIES[kind]}`", samples, result.candidates[kind]))
    table.append(_row("10. every query", every, None))
    return table


def _row(key: str, samples: dict[str, list[float]], found: int | None) -> Row:
    search, agent, floor = (median(samples[side]) for side in ("search", "agent", "floor"))
    worst = {side: max(values) for side, values in samples.items()}
    answered = f"{found} candidates; " if found is not None else ""
    return Row(
        key=key,
        measure="query to candidates (search; via the agent in the note)",
        ours=ms(search),
        floor=ms(floor),
        ratio=search / floor,
        target="report",
        met=True,
        note=(
            f"{answered}worst {ms(worst['search'])} (floor {ms(worst['floor'])}); "
            f"agent median {ms(agent)}, worst {ms(worst['agent'])}; "
            f"{len(samples['search'])} samples"
        ),
    )
