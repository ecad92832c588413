"""Shared pieces: interleaved sampling, medians, result rows and the machine description."""

from __future__ import annotations

import os
import platform
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib.metadata import version
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
"""Root of the repository (the benchmarks run pytest and the apps from here)."""


@dataclass
class Row:
    """One line of the results table: a ratio, its target and what it compares.

    Attributes:
        key: Short id, e.g. ``"3. scale 1000"``.
        measure: What is measured, in words.
        ours: Median of our side, already formatted with its unit.
        floor: Median of the floor side, formatted the same way.
        ratio: ``ours / floor`` (for a speed-up, ``serial / parallel``).
        target: The target as text, e.g. ``"<= 1.15"``.
        met: Whether the ratio meets the target.
        note: Anything the reader needs to read the row (sample counts, spread).
    """

    key: str
    measure: str
    ours: str
    floor: str
    ratio: float
    target: str
    met: bool
    note: str = ""


@dataclass
class Samples:
    """Timings of several sides, collected in interleaved rounds.

    Attributes:
        values: For each side, its samples in the order taken (seconds, or bytes).
    """

    values: dict[str, list[float]] = field(default_factory=dict)

    def add(self, side: str, value: float) -> None:
        """Record one sample of ``side``."""
        self.values.setdefault(side, []).append(value)

    def median(self, side: str) -> float:
        """Median of ``side``'s samples."""
        return statistics.median(self.values[side])

    def spread(self, side: str) -> str:
        """``min-max`` of ``side``'s samples, in milliseconds, for notes."""
        data = self.values[side]
        return f"{min(data) * 1000:.0f}-{max(data) * 1000:.0f} ms"


def rounds(sides: Sequence[str], repeats: int) -> list[list[str]]:
    """The order of the sides in each round: forwards in even rounds, backwards in odd.

    Alternating which side goes first cancels the advantage of going first (a warm
    cache) or second (a machine that has settled).

    Args:
        sides: Names of the sides.
        repeats: Number of rounds.

    Returns:
        One list of side names per round.
    """
    return [list(sides) if r % 2 == 0 else list(reversed(sides)) for r in range(repeats)]


def interleave(sides: dict[str, Callable[[], float]], repeats: int) -> Samples:
    """Take ``repeats`` samples of each side, interleaved (see :func:`rounds`).

    Args:
        sides: For each side, a function that performs one run and returns its cost.
        repeats: Samples per side.

    Returns:
        The samples.
    """
    samples = Samples()
    for order in rounds(list(sides), repeats):
        for side in order:
            samples.add(side, sides[side]())
    return samples


def ms(seconds: float) -> str:
    """Format seconds as milliseconds."""
    return f"{seconds * 1000:.1f} ms"


def load_average() -> str:
    """The 1, 5 and 15 minute load averages, e.g. ``"0.52 0.80 0.91"``."""
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def cpu_model() -> str:
    """The CPU model name from ``/proc/cpuinfo``, or the platform's processor string."""
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return platform.processor() or "unknown"


def machine() -> dict[str, str]:
    """What the figures were measured on: CPUs, CPU model, Python, Textual, load."""
    return {
        "nproc": str(os.cpu_count()),
        "cpu": cpu_model(),
        "python": platform.python_version(),
        "textual": version("textual"),
        "pytest-bdd": version("pytest-bdd"),
        "pytest-xdist": version("pytest-xdist"),
        "load": load_average(),
    }
