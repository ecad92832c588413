"""Benchmark 1: harness overhead, each scenario through pytest-bdd against a hand-written script.

* **ours**: one scenario as ``pytest features`` runs it: the item's whole run protocol
  (fixtures, pytest-bdd step matching, the step library, the driver with its
  ``asyncio.Runner``, the checks, the reports), timed by :mod:`benchmarks.overhead_plugin`.
  Interpreter start, collection and session set-up are outside it; they are shown
  separately, as the suite's fixed cost.
* **floor**: the same interactions and checks on the same app, written by hand as one
  Pilot script (:mod:`benchmarks.handwritten`), run in the same pytest process right
  before or right after the scenario (alternating).

Each round is one ``pytest features`` subprocess; per scenario, the ratio of the medians
over the rounds; the table reports the median of those ratios over all scenarios.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from time import perf_counter

from benchmarks.timing import REPO, Row, ms

TARGET = 1.15
"""Target: median over scenarios of (pytest-bdd scenario / hand-written script)."""
PYTEST_ARGS = ("-q", "-p", "no:randomly", "-p", "no:cacheprovider")
"""Fixed arguments: a stable order, no cache writes."""


@dataclass
class ScenarioTimes:
    """Samples of one scenario (one test item).

    Attributes:
        nodeid: The pytest node id.
        bdd: Seconds per round through pytest-bdd.
        hand: Seconds per round of the hand-written script.
        problems: Rounds left out, with the reason (a failure on either side).
    """

    nodeid: str
    bdd: list[float] = field(default_factory=list)
    hand: list[float] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def ratio(self) -> float:
        """Median through pytest-bdd / median by hand."""
        return statistics.median(self.bdd) / statistics.median(self.hand)


@dataclass
class OverheadResult:
    """Everything benchmark 1 measured.

    Attributes:
        scenarios: Per test item, in collection order.
        unpaired: Node ids of items with no hand-written script.
        walls: Wall time of each ``pytest`` subprocess (seconds).
    """

    scenarios: dict[str, ScenarioTimes]
    unpaired: list[str]
    walls: list[float]

    @property
    def paired(self) -> list[ScenarioTimes]:
        """Scenarios with at least one good pair of samples."""
        return [s for s in self.scenarios.values() if s.bdd and s.hand]


def run_round(number: int, out: Path, extra: Sequence[str]) -> float:
    """Run ``pytest features`` once with the timing plugin; return its wall time.

    Raises:
        RuntimeError: pytest could not run (usage error or internal error).
    """
    command = [
        sys.executable, "-m", "pytest", "features", *PYTEST_ARGS,
        "-p", "benchmarks.overhead_plugin",
        f"--bench-overhead-out={out}", f"--bench-round={number}", *extra,
    ]  # fmt: skip
    start = perf_counter()
    done = subprocess.run(command, cwd=REPO, capture_output=True, text=True, check=False)
    wall = perf_counter() - start
    if done.returncode not in (0, 1):
        raise RuntimeError(f"pytest exited with {done.returncode}:\n{done.stdout}\n{done.stderr}")
    return wall


def run(repeats: int = 5, extra: Sequence[str] = ()) -> OverheadResult:
    """Run benchmark 1: ``repeats`` rounds of the features suite, each scenario paired.

    Args:
        repeats: Rounds (pytest subprocesses).
        extra: More pytest arguments, e.g. ``["-k", "focus"]``.
    """
    scenarios: dict[str, ScenarioTimes] = {}
    unpaired: set[str] = set()
    walls = []
    with tempfile.TemporaryDirectory() as tmp:
        for number in range(repeats):
            out = Path(tmp) / f"round{number}.jsonl"
            walls.append(run_round(number, out, extra))
            for line in out.read_text(encoding="utf-8").splitlines():
                _add(scenarios, unpaired, json.loads(line))
    return OverheadResult(scenarios, sorted(unpaired), walls)


def _add(
    scenarios: dict[str, ScenarioTimes], unpaired: set[str], record: dict[str, object]
) -> None:
    nodeid = str(record["nodeid"])
    times = scenarios.setdefault(nodeid, ScenarioTimes(nodeid))
    if "hand" not in record:
        unpaired.add(nodeid)
    elif record["bdd_outcome"] != "passed" or record["hand_outcome"] != "passed":
        times.problems.append(f"bdd {record['bdd_outcome']}, hand {record['hand_outcome']}")
    else:
        times.bdd.append(float(record["bdd"]))  # type: ignore[arg-type]
        times.hand.append(float(record["hand"]))  # type: ignore[arg-type]


def rows(result: OverheadResult) -> list[Row]:
    """The table row of benchmark 1."""
    paired = result.paired
    ratios = sorted(s.ratio for s in paired)
    if not ratios:
        return [Row("1. harness", "no scenario could be paired", "-", "-", 0.0, "-", False)]
    bdd = sum(statistics.median(s.bdd) for s in paired)
    hand = sum(statistics.median(s.hand) for s in paired)
    ratio = statistics.median(ratios)
    rounds = min(len(s.bdd) for s in paired)
    fixed = statistics.median(result.walls) - bdd - hand
    return [
        Row(
            key="1. harness",
            measure=f"scenario via pytest-bdd vs hand-written Pilot ({len(paired)} scenarios)",
            ours=ms(_median_of(paired, "bdd")),
            floor=ms(_median_of(paired, "hand")),
            ratio=ratio,
            target=f"<= {TARGET}",
            met=ratio <= TARGET,
            note=f"median of per-scenario ratios ({ratios[0]:.2f}-{ratios[-1]:.2f}), "
            f">= {rounds} rounds; suite sums {bdd:.1f} s vs {hand:.1f} s "
            f"(x{bdd / hand:.2f}); rest of each run (start-up, collection, exit, unpaired "
            f"scenarios) {fixed:.1f} s; "
            f"{len(result.unpaired)} unpaired",
        )
    ]


def _median_of(paired: list[ScenarioTimes], side: str) -> float:
    """Median over scenarios of each scenario's median on ``side``."""
    values: list[list[float]] = [getattr(s, side) for s in paired]
    return statistics.median(statistics.median(times) for times in values)


def details(result: OverheadResult) -> list[tuple[str, float, float, float]]:
    """Per scenario: (node id, median via pytest-bdd, median by hand, ratio), by ratio."""
    table = [
        (s.nodeid, statistics.median(s.bdd), statistics.median(s.hand), s.ratio)
        for s in result.paired
    ]
    return sorted(table, key=lambda entry: entry[3], reverse=True)
