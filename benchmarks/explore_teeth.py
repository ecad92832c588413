"""The exploration's teeth: run it alone against every mutant of both catalogues.

Usage: ``python -m benchmarks.explore_teeth [--every N] [--jobs J] [--explore N]
[--seed S] [--out FILE] [--area TEXT ...]``. ``--jobs`` processes (``--batch SHARE
JOBS``) share the mutants; each runs, per mutant, the profile's explorers (each scenario of its
``exploration.feature`` has one: ``rawp_crs`` explores part 1 alone, then parts 1 to 4)
(:func:`steps.explore.core.explore`, the code the exploration scenarios run, without
pytest and without shrinking: only whether a defect is found counts) with ``--explore``
sessions from ``--seed``, and writes one JSON line per mutant (caught or not, the clause
the failure named, seconds) to ``FILE.part<SHARE>.jsonl`` as it goes (``FILE`` is
``reports/explore_teeth.json`` unless ``--out`` says otherwise: ``reports/`` is ignored by
git). At the end the lines are written together to ``FILE`` and a summary by clause area
is printed (docs/exploration.md reports a run). Each mutant is explored in a temporary
working directory (a mutant of the scope writes its history file there).
``--every 1`` (the default) runs every mutant; ``--every N`` every N-th, and the terminal
path's three in any case. ``--area TEXT`` (repeatable) keeps only the mutants whose clause's
area, written ``profile: area`` (``chat_screen: Rendering``, ``rawp_crs: §2.4 Timestamps``),
contains one of the texts (case-insensitive): ``--area chat_screen --area "§2.5.1"``; by
default every area is run.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from steps.clauses import catalogue
from steps.explore.core import DEFAULT_EXAMPLES, DEFAULT_SEED
from steps.verdicts import ImplementationError
from tests.candidates.crs_mutants import MUTANTS as CRS_MUTANTS
from tests.candidates.mutants import MUTANTS as CHAT_MUTANTS

ROOT = Path(__file__).resolve().parents[1]
ALWAYS = {"typed_joiner_dropped", "pasted_escapes_act_as_keys", "input_draws_raw_escape"}
"""Mutants of the terminal path, sampled in every run (the defects the issue names)."""
BOUND = 600.0
"""Seconds one session may take before it counts as an error (the machine may be loaded)."""
SPREAD = 8
"""The stride of the run's order (:func:`sample`)."""


def sample(every: int, areas: tuple[str, ...] = ()) -> list[tuple[str, str, str]]:
    """``(profile, module, name)`` of every ``every``-th mutant of each catalogue.

    In a spread order (every 8th mutant of both catalogues first, then the next 8th, ...),
    so that a run stopped early has still sampled every clause area. With ``areas``, only
    the mutants whose ``profile: area`` contains one of them (case-insensitive).
    """
    chosen = []
    wanted = tuple(text.casefold() for text in areas)
    for profile, module, mutants in (
        ("chat_screen", "tests.candidates.mutants", CHAT_MUTANTS),
        ("rawp_crs", "tests.candidates.crs_mutants", CRS_MUTANTS),
    ):
        clauses = catalogue(profile)
        for index, name in enumerate(mutants):
            where = f"{profile}: {clauses[mutants[name].clause].area}".casefold()
            if wanted and not any(text in where for text in wanted):
                continue
            if index % every == 0 or name in ALWAYS:
                chosen.append((index % SPREAD, index, profile, module, name))
    return [(profile, module, name) for *_, profile, module, name in sorted(chosen)]


def explore_one(profile: str, spec: str, examples: int, seed: int) -> None:
    """Run ``profile``'s explorer against the adapter ``spec`` (the child process's work).

    Raises:
        AssertionError: ``[clause-id] ...``: the exploration found a defect.
    """
    from steps.chat_screen.explorer import ChatExplorer
    from steps.explore.core import Budget, Explorer, Harness, explore
    from steps.loading import AdapterSpec, load_adapter
    from steps.rawp_crs.explorer import CrsExplorer, CrsPart1Explorer

    # The explorers of the profile's exploration.feature, one per scenario, in its order.
    machines: tuple[type[Explorer], ...] = (
        (ChatExplorer,) if profile == "chat_screen" else (CrsPart1Explorer, CrsExplorer)
    )
    adapter = load_adapter(AdapterSpec(spec, "explore_teeth"), ROOT)
    for machine in machines:
        with tempfile.TemporaryDirectory() as data, contextlib.chdir(data):
            # in a directory of its own: a mutant of the scope writes its history file to
            # the working directory, which must not be the repository
            harness = Harness(adapter, spec, (80, 24), BOUND, "explore_teeth", Path(data))
            explore(machine, harness, Budget(examples, seed, "explore_teeth"), shrink=False)


def run(entry: tuple[str, str, str], examples: int, seed: int) -> dict[str, object]:
    """Run the exploration of ``entry``'s profile against its mutant, here; what it found."""
    profile, module, name = entry
    started = time.monotonic()
    try:
        explore_one(profile, f"{module}:{name}", examples, seed)
        verdict, named, detail = "missed", None, ""
    except AssertionError as error:
        found = re.match(r"\[([a-z0-9-]+)\] ", str(error))
        verdict = "caught" if found else "error"
        named, detail = (found.group(1) if found else None), str(error).splitlines()[0][:300]
    except ImplementationError as error:  # the mutant crashed or hung: the scenario fails
        verdict, named, detail = "caught", "crash", f"{type(error).__name__}: {error}"[:300]
    except Exception as error:  # the harness's own error, reported as such
        verdict, named, detail = "error", None, f"{type(error).__name__}: {error}"[:300]
    mutants = CHAT_MUTANTS if profile == "chat_screen" else CRS_MUTANTS
    clause = mutants[name].clause
    return {
        "profile": profile,
        "mutant": name,
        "clause": clause,
        "area": catalogue(profile)[clause].area,
        "verdict": verdict,
        "named": named,
        "seconds": round(time.monotonic() - started, 1),
        "detail": detail,
    }


def batch(share: int, jobs: int, options: argparse.Namespace) -> None:
    """Run every ``jobs``-th mutant of the sample from ``share`` on, one JSON line each."""
    for entry in sample(options.every, tuple(options.area))[share::jobs]:
        print(json.dumps(run(entry, options.explore, options.seed), ensure_ascii=False), flush=True)


def summary(results: list[dict[str, object]]) -> list[str]:
    """One line per (profile, area): mutants, caught, caught under their own clause."""
    rows: Counter[tuple[str, str, str]] = Counter()
    for result in results:
        key = (str(result["profile"]), str(result["area"]))
        rows[(*key, "all")] += 1
        rows[(*key, "caught")] += result["verdict"] == "caught"
        rows[(*key, "own")] += result["verdict"] == "caught" and result["named"] == result["clause"]
    areas = sorted({(profile, area) for profile, area, _ in rows})
    return [
        f"{profile} | {area} | {rows[(profile, area, 'all')]} | "
        f"{rows[(profile, area, 'caught')]} | {rows[(profile, area, 'own')]}"
        for profile, area in areas
    ]


def main() -> None:
    """Run the mutants in ``--jobs`` processes and print and write the results."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--explore", type=int, default=DEFAULT_EXAMPLES)
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--out", type=Path, default=Path("reports/explore_teeth.json"))
    parser.add_argument("--batch", type=int, nargs=2, metavar=("SHARE", "JOBS"))
    parser.add_argument(
        "--area",
        action="append",
        default=[],
        metavar="TEXT",
        help="only mutants whose 'profile: area' contains TEXT (repeatable; default: all)",
    )
    options = parser.parse_args()
    if options.batch:
        share, jobs = options.batch
        batch(share, jobs, options)
        return
    common = ["--every", str(options.every), "--explore", str(options.explore)]
    common += ["--seed", str(options.seed)]
    common += [option for text in options.area for option in ("--area", text)]
    options.out.parent.mkdir(parents=True, exist_ok=True)  # reports/ is ignored by git
    parts = [options.out.with_suffix(f".part{share}.jsonl") for share in range(options.jobs)]
    children = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "benchmarks.explore_teeth",
                *common,
                "--batch",
                str(share),
                str(options.jobs),
            ],
            cwd=ROOT,
            stdout=part.open("w", encoding="utf-8"),
        )
        for share, part in enumerate(parts)
    ]
    for child in children:
        child.wait()
    results = [
        json.loads(line)
        for part in parts
        for line in part.read_text(encoding="utf-8").splitlines()
        if line.startswith("{")
    ]
    options.out.write_text(json.dumps(results, ensure_ascii=False, indent=1), encoding="utf-8")
    print("profile | area | mutants | caught | under its own clause")
    print("\n".join(summary(results)))


if __name__ == "__main__":
    main()
