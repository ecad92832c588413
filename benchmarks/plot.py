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
        ("scrolled", "^:", "floor + scroll_end (shows the new Labels)"),
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
    ratio = [ours / floor for ours, floor in zip(medians["ours"], medians["floor"], strict=True)]
    scrolled = [
        ours / floor for ours, floor in zip(medians["ours"], medians["scrolled"], strict=True)
    ]
    ratios.plot(result.sizes, ratio, "o-", color="tab:green", label="reference app / floor")
    ratios.plot(
        result.sizes, scrolled, "^:", color="tab:olive", label="reference app / floor + scroll_end"
    )
    ratios.axhline(TIME_TARGET, color="tab:red", linestyle=":", label=f"target {TIME_TARGET}")
    ratios.set_ylim(0, max([*ratio, *scrolled, TIME_TARGET]) * 1.2)
    ratios.set_ylabel("ratio")
    ratios.set_xlabel("conversation size before the submission (messages)")
    ratios.legend(fontsize=8, loc="lower right")
    for axes in (costs, ratios):
        axes.grid(True, alpha=0.3)
    figure.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path)
    pyplot.close(figure)
