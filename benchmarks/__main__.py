"""``python -m benchmarks``: run the six benchmarks and print one table of ratios.

Run from the repository root, in the project's virtual environment (``.[test,bench]``)::

    python -m benchmarks                      # everything, default sizes and repeats
    python -m benchmarks --quick              # tiny sizes, one repeat (a smoke run)
    python -m benchmarks --only scale,startup --plot docs/performance.png
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import shlex
from collections.abc import Callable, Sequence
from dataclasses import asdict, is_dataclass
from pathlib import Path
from time import perf_counter

from benchmarks import (
    browser,
    file_popup,
    history,
    overhead,
    parallel,
    scale,
    slash_popup,
    startup,
    streaming,
)
from benchmarks.timing import Row, machine

BENCHMARKS = (
    "overhead", "parallel", "scale", "startup", "streaming", "slash", "browser", "history",
    "at", "search", "debounce", "long", "echo",
)  # fmt: skip
"""Names accepted by ``--only``, in the order they run."""


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """Parse the command line."""
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--only", default=",".join(BENCHMARKS), help="comma-separated subset")
    parser.add_argument("--quick", action="store_true", help="tiny sizes, one repeat each")
    parser.add_argument("--repeats", type=int, default=None, help="override every repeat count")
    parser.add_argument("--sizes", default=None, help="conversation sizes, e.g. 100,1000,5000")
    parser.add_argument("--pytest-args", default="", help="extra pytest args for 1 and 2")
    parser.add_argument("--plot", type=Path, default=None, help="write the scale plot (PNG)")
    parser.add_argument("--json", type=Path, default=None, help="write all results as JSON")
    parser.add_argument("--details", action="store_true", help="print per-scenario ratios")
    return parser.parse_args(argv)


def plan(args: argparse.Namespace) -> dict[str, Callable[[], tuple[list[Row], object]]]:
    """One function per selected benchmark: runs it, returns (rows, raw result)."""
    quick, repeats, extra = args.quick, args.repeats, shlex.split(args.pytest_args)
    sizes = [int(size) for size in args.sizes.split(",")] if args.sizes else None

    def count(default: int) -> int:
        return repeats if repeats is not None else (1 if quick else default)

    def run_overhead() -> tuple[list[Row], object]:
        result = overhead.run(count(5), extra)
        return overhead.rows(result), result

    def run_parallel() -> tuple[list[Row], object]:
        samples = parallel.run(count(3), extra)
        return parallel.rows(samples), samples

    def run_scale() -> tuple[list[Row], object]:
        chosen = sizes or ([10, 40] if quick else list(scale.SIZES))
        result = scale.run(chosen, count(11), 4 if quick else 50, count(3))
        return scale.rows(result), result

    def run_startup() -> tuple[list[Row], object]:
        samples = startup.run(count(21))
        return startup.rows(samples), samples

    def run_streaming() -> tuple[list[Row], object]:
        chosen = tuple(sizes) if sizes else ((50,) if quick else streaming.SIZES)
        result = streaming.run(chosen, count(3))
        return streaming.rows(result), result

    def run_slash() -> tuple[list[Row], object]:
        chosen = tuple(sizes) if sizes else ((10,) if quick else slash_popup.SIZES)
        result = slash_popup.run(chosen, count(5))
        return slash_popup.rows(result), result

    def run_browser() -> tuple[list[Row], object]:
        chosen = tuple(sizes) if sizes else ((10,) if quick else browser.SIZES)
        result = browser.run(chosen, count(3))
        return browser.rows(result), result

    def run_history() -> tuple[list[Row], object]:
        sized = {"open_sizes": (10, 100), "grow_sizes": (10, 30)} if quick else {}
        result = history.run(**sized, repeats=count(3))
        return history.rows(result), result

    def run_at() -> tuple[list[Row], object]:
        chosen = tuple(sizes) if sizes else ((10,) if quick else file_popup.SIZES)
        result = file_popup.run(chosen, count(5))
        return file_popup.rows(result), result

    def run_search() -> tuple[list[Row], object]:
        from benchmarks import file_search  # imported here: the import line is shared

        size = sizes[0] if sizes else (500 if quick else file_search.SIZE)
        result = file_search.run(size, count(11), count(3))
        return file_search.rows(result), result

    def run_debounce() -> tuple[list[Row], object]:
        from benchmarks import debounce  # imported here: the import line is shared

        shape = {"keys": (5,), "paces": (0, 30)} if quick else {}
        result = debounce.run(**shape, repeats=count(3))
        return debounce.rows(result), result

    def run_echo() -> tuple[list[Row], object]:
        from benchmarks import typing_echo  # imported here: the import line is shared

        lines = sizes[0] if sizes else (40 if quick else typing_echo.LINES)
        rounds = typing_echo.run(lines, count(3), idle_keys=5 if quick else typing_echo.IDLE_KEYS)
        return typing_echo.rows(rounds, lines), rounds

    def run_long() -> tuple[list[Row], object]:
        from benchmarks import long_message  # imported here: the import line is shared

        lines = sizes[0] if sizes else (200 if quick else long_message.LINES)
        result = long_message.run(lines, count(3))
        return long_message.rows(result), result

    every = {
        "long": run_long,
        "echo": run_echo,
        "debounce": run_debounce,
        "search": run_search,
        "history": run_history,
        "overhead": run_overhead,
        "parallel": run_parallel,
        "scale": run_scale,
        "startup": run_startup,
        "streaming": run_streaming,
        "slash": run_slash,
        "browser": run_browser,
        "at": run_at,
    }
    chosen_names = [name.strip() for name in args.only.split(",") if name.strip()]
    unknown = set(chosen_names) - set(every)
    if unknown:
        raise SystemExit(
            f"--only: unknown benchmark(s) {sorted(unknown)}; choose from {BENCHMARKS}"
        )
    return {name: every[name] for name in BENCHMARKS if name in chosen_names}


def markdown(rows: list[Row]) -> str:
    """The results as a Markdown table."""
    lines = [
        "| # | what | ours | floor | ratio | target | met | note |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        met = "yes" if row.met else "**no**"
        lines.append(
            f"| {row.key} | {row.measure} | {row.ours} | {row.floor} | {row.ratio:.2f} | "
            f"{row.target} | {met} | {row.note} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the selected benchmarks; print the machine, the table and where files went."""
    args = parse_args(argv)
    if args.plot and importlib.util.find_spec("matplotlib") is None:
        raise SystemExit("--plot needs matplotlib: pip install -e '.[bench]'")
    before = machine()
    print("machine:", ", ".join(f"{key} {value}" for key, value in before.items()), flush=True)
    rows: list[Row] = []
    raw: dict[str, object] = {}
    failed: list[str] = []
    for name, function in plan(args).items():
        start = perf_counter()
        print(f"running {name} ...", flush=True)
        try:
            new_rows, raw[name] = function()
        except Exception as error:  # one failed benchmark must not lose the others
            print(f"  {name} FAILED: {type(error).__name__}: {error}", flush=True)
            failed.append(name)
            continue
        rows.extend(new_rows)
        print(f"  {name} took {perf_counter() - start:.0f} s", flush=True)
    after = machine()
    print(f"load average before: {before['load']}; after: {after['load']}")
    print(markdown(rows))
    if args.details and isinstance(raw.get("overhead"), overhead.OverheadResult):
        print(details_table(raw["overhead"]))  # type: ignore[arg-type]
    if args.json:
        write_json(args.json, before, after, rows, raw)
        print(f"json: {args.json}")
    if args.plot and isinstance(raw.get("scale"), scale.ScaleResult):
        from benchmarks.plot import draw

        draw(raw["scale"], args.plot)  # type: ignore[arg-type]
        print(f"plot: {args.plot}")
    if failed:
        print(f"failed: {', '.join(failed)}")
    return 1 if failed else 0


def details_table(result: overhead.OverheadResult) -> str:
    """Per-scenario medians and ratios of benchmark 1, highest ratio first."""
    lines = ["| scenario | pytest-bdd | hand-written | ratio |", "|---|---|---|---|"]
    for nodeid, bdd, hand, ratio in overhead.details(result):
        name = nodeid.split("::", 1)[-1]
        lines.append(f"| `{name}` | {bdd * 1000:.0f} ms | {hand * 1000:.0f} ms | {ratio:.2f} |")
    return "\n".join(lines)


def write_json(
    path: Path,
    before: dict[str, str],
    after: dict[str, str],
    rows: list[Row],
    raw: dict[str, object],
) -> None:
    """Write the machine, the rows and every raw sample to ``path``."""
    data = {
        "machine": before,
        "load_after": after["load"],
        "rows": [asdict(row) for row in rows],
        "raw": {name: _plain(result) for name, result in raw.items()},
    }
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False), encoding="utf-8")


def _plain(result: object) -> object:
    """A JSON-friendly form of a raw result (dataclasses as dicts, int keys as strings)."""

    def plain(value: object) -> object:
        if is_dataclass(value) and not isinstance(value, type):
            return asdict(value)
        return str(value)

    return json.loads(json.dumps(result, default=plain))


if __name__ == "__main__":
    raise SystemExit(main())
