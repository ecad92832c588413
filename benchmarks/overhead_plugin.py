"""pytest plugin of benchmark 1: times each scenario and its hand-written script, in pairs.

Loaded by :mod:`benchmarks.overhead` with ``-p benchmarks.overhead_plugin``; inert unless
``--bench-overhead-out`` is given. Around each item's whole run protocol (setup, call,
teardown and their reports: everything pytest, pytest-bdd, the step library and the
driver do for one scenario), it takes the time of the item and, right before or right
after it (alternating by item and by round), the time of the scenario's hand-written
script from :mod:`benchmarks.handwritten`. One JSON line per item goes to the output
file.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Generator, Iterator
from pathlib import Path
from time import perf_counter
from typing import Any

import pytest

from benchmarks.handwritten import SCRIPTS, Example

OUTCOME_KEY = pytest.StashKey[list[str]]()
"""Outcomes of the item's reports (setup, call, teardown)."""


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--bench-overhead-out FILE`` and ``--bench-round N``."""
    group = parser.getgroup("benchmarks")
    group.addoption("--bench-overhead-out", default=None, help="JSON-lines output file")
    group.addoption("--bench-round", type=int, default=0, help="round number (order)")


def example_of(item: pytest.Item) -> Example:
    """The scenario's Examples row, ``{}`` for a plain scenario."""
    callspec = getattr(item, "callspec", None)
    params: dict[str, Any] = callspec.params if callspec else {}
    return dict(params.get("_pytest_bdd_example", {}))


def run_script(name: str, example: Example) -> tuple[float, str]:
    """Run the hand-written script of scenario ``name``: (seconds, ``"passed"`` or error)."""
    start = perf_counter()
    try:
        asyncio.run(SCRIPTS[name](example))
    except Exception as error:  # reported; the pair is left out
        return perf_counter() - start, f"{type(error).__name__}: {error}"
    return perf_counter() - start, "passed"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """Time the item, and its hand-written script before or after it."""
    out = item.config.getoption("bench_overhead_out")
    if not out:
        return (yield)
    name = getattr(item, "originalname", item.name)
    example = example_of(item)
    index = item.session.items.index(item)
    script_first = (index + item.config.getoption("bench_round")) % 2 == 0
    record: dict[str, Any] = {"nodeid": item.nodeid, "scenario": name, "example": example}
    if name in SCRIPTS and script_first:
        record["hand"], record["hand_outcome"] = run_script(name, example)
    outcomes: list[str] = []
    item.stash[OUTCOME_KEY] = outcomes
    start = perf_counter()
    result = yield
    record["bdd"] = perf_counter() - start
    record["bdd_outcome"] = "passed" if set(outcomes) == {"passed"} else "failed"
    if name in SCRIPTS and not script_first:
        record["hand"], record["hand_outcome"] = run_script(name, example)
    with Path(out).open("a", encoding="utf-8") as stream:
        stream.write(json.dumps(record, ensure_ascii=False) + "\n")
    return result


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Note each phase's outcome, so a failing scenario's pair can be left out."""
    report = yield
    if OUTCOME_KEY in item.stash:
        item.stash[OUTCOME_KEY].append(report.outcome)
    return report
