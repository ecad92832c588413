"""The plot of benchmark 3: cost per submission against conversation size.

Needs matplotlib (``pip install -e ".[bench]"``); imported only when a plot is asked for.
"""

from __future__ import annotations

from pathlib import Path

from benchmarks.scale import ScaleResult, per_submission
from benchmarks.timing import machine


def draw(result: ScaleResult, path: Path) -> None:
    """Write a PNG of the median cost per submission at each size, both sides.

    Args:
        result: What benchmark 3 measured.
        path: Where to write the PNG.
    """
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    medians = per_submission(result)
    figure, axes = pyplot.subplots(figsize=(7, 4.2), dpi=110)
    labels = {
        "ours": "reference app (Input.Submitted -> 2 MessageItems, scroll to end)",
        "floor": "Textual floor (mount_all of 2 bare Labels)",
    }
    for side, style in (("ours", "o-"), ("floor", "s--")):
        values_ms = [value * 1000 for value in medians[side]]
        axes.plot(result.sizes, values_ms, style, label=labels[side])
    axes.set_xlabel("conversation size before the submission (messages)")
    axes.set_ylabel("median time per submission (ms)")
    info = machine()
    axes.set_title(
        f"Cost of one submission (Textual {info['textual']}, {info['nproc']} CPUs, "
        f"load {info['load'].split()[0]})",
        fontsize=10,
    )
    axes.grid(True, alpha=0.3)
    axes.set_ylim(bottom=0)
    axes.legend(fontsize=8)
    figure.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path)
    pyplot.close(figure)
