"""Scenario timings per feature file, from a conformance report's ``report.json``.

Run after a conformance run that wrote a report::

    make conformance PYTEST_ARGS="--conformance-report=/tmp/report"
    python -m benchmarks.feature_timings /tmp/report/report.json

It prints one Markdown table (the one in docs/performance.md, "Scenario timings per
feature"): for each feature file its scenarios, their summed and mean duration and its
slowest scenario, the largest sums first, and a last row with the whole run. A scenario's
``duration_seconds`` is pytest's (setup, call and teardown of its test item), so the sum
over a run on two xdist workers is about twice the run's wall time.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class FeatureTiming:
    """The scenarios of one feature file in one run.

    Attributes:
        feature: The feature file, relative to ``features/`` (``chat_screen/sending.feature``).
        scenarios: How many scenarios (one per outline example) it ran.
        total: Their summed durations, seconds.
        slowest: The slowest scenario's title (with its example id, if any).
        slowest_seconds: That scenario's duration, seconds.
    """

    feature: str
    scenarios: int
    total: float
    slowest: str
    slowest_seconds: float

    @property
    def mean(self) -> float:
        """Mean duration of its scenarios, seconds."""
        return self.total / self.scenarios


def per_feature(scenarios: Iterable[Mapping[str, Any]]) -> list[FeatureTiming]:
    """Group a report's ``scenarios`` by ``feature``, the largest summed durations first.

    Args:
        scenarios: The ``scenarios`` array of ``report.json`` (docs/reports.md); each item
            needs ``feature``, ``scenario``, ``example`` and ``duration_seconds``.

    Returns:
        One :class:`FeatureTiming` per feature file, sorted by ``total``, descending
        (ties by file name).

    Raises:
        KeyError: If an item lacks one of those keys.
    """
    grouped: dict[str, list[Mapping[str, Any]]] = {}
    for item in scenarios:
        grouped.setdefault(item["feature"], []).append(item)
    timings = [_timing(feature, items) for feature, items in grouped.items()]
    return sorted(timings, key=lambda timing: (-timing.total, timing.feature))


def _timing(feature: str, items: Sequence[Mapping[str, Any]]) -> FeatureTiming:
    """One feature file's :class:`FeatureTiming`."""
    slowest = max(items, key=lambda item: float(item["duration_seconds"]))
    title = slowest["scenario"] + (f" [{slowest['example']}]" if slowest["example"] else "")
    return FeatureTiming(
        feature=feature,
        scenarios=len(items),
        total=sum(float(item["duration_seconds"]) for item in items),
        slowest=title,
        slowest_seconds=float(slowest["duration_seconds"]),
    )


def table(timings: Sequence[FeatureTiming], wall_seconds: float | None = None) -> str:
    """The Markdown table of ``timings``, with a last row for the whole run.

    Args:
        timings: From :func:`per_feature`.
        wall_seconds: The run's wall time (``run.duration_seconds``), shown in the last
            row when given.

    Returns:
        The table's lines joined by newlines, durations in seconds.
    """
    lines = [
        "| Feature | Scenarios | Sum (s) | Mean (s) | Slowest scenario (s) |",
        "|---|---:|---:|---:|---|",
    ]
    for timing in timings:
        slowest = f"{timing.slowest.replace('|', '/')} ({timing.slowest_seconds:.2f})"
        lines.append(
            f"| `{timing.feature}` | {timing.scenarios} | {timing.total:.1f} "
            f"| {timing.mean:.2f} | {slowest} |"
        )
    count = sum(timing.scenarios for timing in timings)
    total = sum(timing.total for timing in timings)
    wall = f"; run's wall time {wall_seconds:.1f} s" if wall_seconds is not None else ""
    lines.append(f"| all{wall} | {count} | {total:.1f} | {total / max(count, 1):.2f} | |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Print the table for one ``report.json``; returns the exit status (0)."""
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.feature_timings", description=__doc__.split("\n")[0]
    )
    parser.add_argument("report", type=Path, help="a report.json written by --conformance-report")
    args = parser.parse_args(argv)
    report = json.loads(args.report.read_text(encoding="utf-8"))
    print(table(per_feature(report["scenarios"]), report["run"]["duration_seconds"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
