"""Benchmark 2: the features suite serial against ``-n 2`` (pytest-xdist).

Each sample is the wall time of one ``python -m pytest features`` subprocess, from start
to exit (interpreter start, collection, workers and all), with pytest-randomly off so both
runs have the same order. Serial and parallel runs alternate; the speed-up is the ratio of
the medians, serial / parallel.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Sequence
from time import perf_counter

from benchmarks.timing import REPO, Row, Samples, interleave

TARGET = 1.6
"""Target: serial / parallel wall time, at least."""
WORKERS = 2
"""pytest-xdist workers of the parallel side."""
PYTEST_ARGS = ("-q", "-p", "no:randomly", "-p", "no:cacheprovider")
"""Arguments of both sides."""


def wall(args: Sequence[str]) -> float:
    """Run ``pytest features`` with ``args``; return its wall time in seconds.

    Raises:
        RuntimeError: pytest did not pass (a failing suite is not a fair sample).
    """
    command = [sys.executable, "-m", "pytest", "features", *PYTEST_ARGS, *args]
    start = perf_counter()
    done = subprocess.run(command, cwd=REPO, capture_output=True, text=True, check=False)
    elapsed = perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} exited with {done.returncode}:\n{done.stdout}")
    return elapsed


def run(repeats: int = 3, extra: Sequence[str] = ()) -> Samples:
    """Run benchmark 2: ``repeats`` interleaved runs of each side.

    Args:
        repeats: Runs per side.
        extra: More pytest arguments for both sides, e.g. ``["-k", "focus"]``.
    """
    return interleave(
        {
            "serial": lambda: wall(extra),
            "parallel": lambda: wall([*extra, "-n", str(WORKERS)]),
        },
        repeats,
    )


def rows(samples: Samples) -> list[Row]:
    """The table row of benchmark 2 (the ratio is a speed-up: higher is better)."""
    serial, parallel = samples.median("serial"), samples.median("parallel")
    return [
        Row(
            key="2. parallel",
            measure=f"features suite, serial vs -n {WORKERS} (wall, whole run)",
            ours=f"-n {WORKERS}: {parallel:.2f} s",
            floor=f"serial: {serial:.2f} s",
            ratio=serial / parallel,
            target=f">= {TARGET} (speed-up)",
            met=serial / parallel >= TARGET,
            note=f"median of {len(samples.values['serial'])}; serial "
            f"{min(samples.values['serial']):.1f}-{max(samples.values['serial']):.1f} s, "
            f"-n {WORKERS} {min(samples.values['parallel']):.1f}-"
            f"{max(samples.values['parallel']):.1f} s",
        )
    ]
