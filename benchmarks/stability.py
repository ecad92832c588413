"""Zero flakes: run the whole features suite many times, in random order, under CPU load.

Each run is ``pytest features`` in a subprocess with its own pytest-randomly seed (so the
order of the scenarios and the seed of ``random`` change every run) while other
processes keep the CPU busy. Every phase of every scenario is read from
``--report-log``; a scenario that failed, errored or timed out even once is reported,
with the seeds that reproduce it (``pytest features -p randomly --randomly-seed=<seed>``).

A long measurement, not a test::

    .venv/bin/python benchmarks/stability.py                  # 50 runs, 1 load process
    .venv/bin/python benchmarks/stability.py --runs 5 --load 2 --json stability.json
    .venv/bin/python benchmarks/stability.py -- -k layout      # extra pytest arguments

Exit status: 0 when no scenario failed, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RUN_LIMIT = 1800
"""Seconds one run of the suite may take before it counts as hung."""
SPIN = "while True:\n    pass\n"
"""The load: one busy Python process per CPU to load."""


@dataclass
class Tally:
    """What all runs saw.

    Attributes:
        runs: Number of completed runs.
        seeds: The pytest-randomly seed of each run.
        exit_codes: pytest's exit status of each run.
        scenarios: Node ids seen, with the number of runs each was in.
        failures: Node id -> one ``(seed, phase, verdict, message)`` per failure.
        slowest: Node id -> longest call phase seen, in seconds.
        durations: Wall-clock seconds of each run.
    """

    runs: int = 0
    seeds: list[int] = field(default_factory=list)
    exit_codes: list[int] = field(default_factory=list)
    scenarios: Counter[str] = field(default_factory=Counter)
    failures: dict[str, list[tuple[int, str, str, str]]] = field(
        default_factory=lambda: defaultdict(list)
    )
    slowest: dict[str, float] = field(default_factory=dict)
    durations: list[float] = field(default_factory=list)

    def add(self, seed: int, code: int, seconds: float, log: Path) -> None:
        """Count one run from its report log."""
        self.runs += 1
        self.seeds.append(seed)
        self.exit_codes.append(code)
        self.durations.append(seconds)
        for line in log.read_text(encoding="utf-8").splitlines() if log.exists() else []:
            report = json.loads(line)
            if report.get("$report_type") != "TestReport":
                continue
            self._add_report(seed, report)

    def _add_report(self, seed: int, report: dict[str, Any]) -> None:
        nodeid, when = str(report["nodeid"]), str(report["when"])
        if when == "call":
            self.scenarios[nodeid] += 1
            duration = float(report["duration"])
            self.slowest[nodeid] = max(self.slowest.get(nodeid, 0.0), duration)
        if report["outcome"] == "failed":
            verdict = dict(report.get("user_properties") or []).get("phase_verdict", "?")
            longrepr = report.get("longrepr") or {}
            crash = longrepr.get("reprcrash") if isinstance(longrepr, dict) else None
            message = crash["message"] if crash else str(longrepr)[:300]
            self.failures[nodeid].append((seed, when, str(verdict), message))

    def summary(self) -> dict[str, object]:
        """A JSON-ready summary (what ``docs/reliability.md`` records)."""
        slowest = sorted(self.slowest.items(), key=lambda item: -item[1])[:5]
        return {
            "runs": self.runs,
            "scenarios": len(self.scenarios),
            "scenario_runs": sum(self.scenarios.values()),
            "flaky_scenarios": len(self.failures),
            "failures": {nodeid: failures for nodeid, failures in self.failures.items()},
            "exit_codes": dict(Counter(self.exit_codes)),
            "seeds": self.seeds,
            "run_seconds": {
                "min": round(min(self.durations, default=0), 1),
                "max": round(max(self.durations, default=0), 1),
                "total": round(sum(self.durations), 1),
            },
            "slowest_call_seconds": {nodeid: round(seconds, 2) for nodeid, seconds in slowest},
        }


def start_load(processes: int) -> list[subprocess.Popen[bytes]]:
    """Start ``processes`` busy processes; the caller stops them (:func:`stop_load`)."""
    return [subprocess.Popen([sys.executable, "-c", SPIN]) for _ in range(processes)]


def stop_load(load: list[subprocess.Popen[bytes]]) -> None:
    """Stop the load processes this script started, by their own handles."""
    for process in load:
        process.terminate()
    for process in load:
        process.wait(timeout=10)


def run_suite(seed: int, log: Path, extra: list[str]) -> tuple[int, float]:
    """Run the features once with ``seed``; return (exit status, seconds)."""
    command = [
        sys.executable,
        "-m",
        "pytest",
        "features",
        "-p",
        "randomly",
        f"--randomly-seed={seed}",
        "-p",
        "no:cacheprovider",
        "-q",
        f"--report-log={log}",
        *extra,
    ]
    started = time.perf_counter()
    try:
        done = subprocess.run(
            command, cwd=ROOT, capture_output=True, timeout=RUN_LIMIT, check=False
        )
        code = done.returncode
    except subprocess.TimeoutExpired:
        code = -1
    return code, time.perf_counter() - started


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=50, help="runs of the suite (50)")
    parser.add_argument(
        "--load", type=int, default=1, help="busy processes loading the CPU meanwhile (1)"
    )
    parser.add_argument("--seed", type=int, default=None, help="seed of the first run")
    parser.add_argument("--json", type=Path, default=None, help="write the summary here")
    parser.add_argument("pytest_args", nargs="*", help="extra pytest arguments, after --")
    return parser.parse_args(argv)


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    first = args.seed if args.seed is not None else random.randrange(1, 2**31)
    tally = Tally()
    load = start_load(args.load)
    print(
        f"{args.runs} runs from seed {first}, {args.load} load process(es), {os.cpu_count()} CPUs",
        flush=True,
    )
    try:
        with tempfile.TemporaryDirectory() as folder:
            for number in range(args.runs):
                seed = first + number
                log = Path(folder) / f"run-{number}.jsonl"
                code, seconds = run_suite(seed, log, args.pytest_args)
                tally.add(seed, code, seconds, log)
                flaky = len(tally.failures)
                print(
                    f"run {number + 1}/{args.runs}: seed {seed}, exit {code}, "
                    f"{seconds:.0f} s, flaky so far: {flaky}",
                    flush=True,
                )
    finally:
        stop_load(load)
    summary = tally.summary()
    print(json.dumps(summary, indent=2, ensure_ascii=False))
    if args.json is not None:
        args.json.write_text(json.dumps(summary, indent=2, ensure_ascii=False) + "\n")
    return 1 if tally.failures or any(code != 0 for code in tally.exit_codes) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
