"""The plot of benchmark 3: cost per submission against conversation size.

Needs matplotlib (``pip install -e ".[bench]"``); imported only when a plot is asked for.
"""

from __future__ import annotations

from pathlib import Path

from benchmarks.scale import TIME_TARGET, ScaleResult, per_submission
from benchmarks.timing import machine


def draw(result: ScaleResult, path: Path) -> None:
    """Write a PNG: median cost per submission at each size, and the ratio to the floor.

    Args:
        result: What benchmark 3 measured.
        path: Where to write the PNG.
    """
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    medians = per_submission(result)
    figure, (costs, ratios) = pyplot.subplots(
        2, 1, figsize=(7, 6), dpi=110, sharex=True, gridspec_kw={"height_ratios": [2, 1]}
    )
    for side, style, label in (
        ("ours", "o-", "reference app (Input.Submitted: 2 MessageItems, scroll to end)"),
        ("floor", "s--", "Textual floor (one mount_all of 2 bare Labels)"),
        ("scrolled", "^:", "floor in an anchored container (shows the new Labels)"),
    ):
        costs.plot(result.sizes, [value * 1000 for value in medians[side]], style, label=label)
    costs.set_ylabel("median time per submission (ms)")
    costs.set_ylim(bottom=0)
    costs.legend(fontsize=8)
    info = machine()
    costs.set_title(
        f"Cost of one submission against conversation size\n(Textual {info['textual']}, "
        f"{info['nproc']} CPUs, load {info['load'].split()[0]} at plot time)",
        fontsize=10,
    )
    cpu = {
        side: [result.time[size].median(f"{side} cpu") for size in result.sizes]
        for side in ("ours", "floor")
    }
    lines = {
        "wall: reference app / floor": ("o-", "tab:green", medians["ours"], medians["floor"]),
        "CPU: reference app / floor": ("d--", "tab:purple", cpu["ours"], cpu["floor"]),
        "wall: reference app / anchored floor": (
            "^:",
            "tab:olive",
            medians["ours"],
            medians["scrolled"],
        ),
    }
    highest = TIME_TARGET
    for label, (style, colour, ours, floor) in lines.items():
        ratio = [a / b for a, b in zip(ours, floor, strict=True)]
        highest = max(highest, *ratio)
        ratios.plot(result.sizes, ratio, style, color=colour, label=label)
    ratios.axhline(TIME_TARGET, color="tab:red", linestyle=":", label=f"target {TIME_TARGET}")
    ratios.set_ylim(0, highest * 1.25)
    ratios.set_ylabel("ratio")
    ratios.set_xlabel("conversation size before the submission (messages)")
    ratios.legend(fontsize=8, loc="lower right")
    for axes in (costs, ratios):
        axes.grid(True, alpha=0.3)
    figure.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path)
    pyplot.close(figure)
