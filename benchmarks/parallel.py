"""Benchmark 2: the features suite serial against ``-n 2`` (pytest-xdist).

Each sample is the wall time of one ``python -m pytest features`` subprocess, from start
to exit (interpreter start, collection, workers and all), with pytest-randomly off so both
runs have the same order. Serial and parallel runs alternate; the speed-up is the ratio of
the medians, serial / parallel.

For the explanation, the same two commands also run on the shortest scenario alone: that
is their fixed cost, and with it :func:`best_speedup` gives the most two workers could
reach on this suite.
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


FIXED_COST_SCENARIO = (
    "features/chat_screen/test_chat_screen.py::test_the_input_has_focus_when_the_app_starts"
)
"""The shortest scenario (~40 ms): a run of it alone is all fixed cost."""


def wall(args: Sequence[str], paths: Sequence[str] = ("features",)) -> float:
    """Run pytest on ``paths`` with ``args``; return its wall time in seconds.

    Raises:
        RuntimeError: pytest did not pass (a failing suite is not a fair sample).
    """
    command = [sys.executable, "-m", "pytest", *paths, *PYTEST_ARGS, *args]
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
    one = [FIXED_COST_SCENARIO]
    return interleave(
        {
            "serial": lambda: wall(extra),
            "parallel": lambda: wall([*extra, "-n", str(WORKERS)]),
            "serial fixed": lambda: wall([], one),
            "parallel fixed": lambda: wall(["-n", str(WORKERS)], one),
        },
        repeats,
    )


def best_speedup(samples: Samples) -> float:
    """The speed-up two perfect workers could reach, given the measured fixed costs.

    Fixed cost: the wall time of a run of one ~40 ms scenario (interpreter, plugins,
    collection, and for ``-n``, starting the workers). The rest of the serial run is
    test time, which two workers at best halve (Amdahl's law).
    """
    serial, fixed = samples.median("serial"), samples.median("serial fixed")
    return serial / (samples.median("parallel fixed") + (serial - fixed) / WORKERS)


def rows(samples: Samples) -> list[Row]:
    """The table row of benchmark 2 (the ratio is a speed-up: higher is better)."""
    serial, parallel = samples.median("serial"), samples.median("parallel")
    fixed, fixed_n = samples.median("serial fixed"), samples.median("parallel fixed")
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
            f"{max(samples.values['parallel']):.1f} s; fixed cost (one 40 ms scenario) "
            f"serial {fixed:.1f} s, -n {WORKERS} {fixed_n:.1f} s, so at best "
            f"x{best_speedup(samples):.2f}",
        )
    ]
