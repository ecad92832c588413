"""The exploration's teeth: run it alone against every mutant of both catalogues.

Usage: ``python -m benchmarks.explore_teeth [--every N] [--jobs J] [--explore N]
[--seed S] [--out FILE]``. Each mutant gets a process of its own
(``python -m benchmarks.explore_teeth --one PROFILE MODULE NAME``) that runs the profile's
explorer (:func:`steps.explore.core.explore`, the code the exploration scenario runs, without
pytest and without shrinking: only whether a defect is found counts) with ``--explore``
sessions (default: the suite's default budget) from ``--seed``. The script prints one line per
mutant (caught or not, the clause the failure named, seconds), a summary by clause area, and
writes the lines as JSON (docs/exploration.md reports a run). ``--every 1`` (the default) runs
every mutant; ``--every N`` every N-th, and the terminal path's three in any case.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from steps.clauses import catalogue
from steps.explore.core import DEFAULT_EXAMPLES, DEFAULT_SEED
from tests.candidates.crs_mutants import MUTANTS as CRS_MUTANTS
from tests.candidates.mutants import MUTANTS as CHAT_MUTANTS

ROOT = Path(__file__).resolve().parents[1]
ALWAYS = {"typed_joiner_dropped", "pasted_escapes_act_as_keys", "input_draws_raw_escape"}
"""Mutants of the terminal path, sampled in every run (the defects the issue names)."""
BOUND = 600
"""Seconds one mutant's exploration may take before it counts as an error."""
SPREAD = 8
"""The stride of the run's order (:func:`sample`)."""


def sample(every: int) -> list[tuple[str, str, str]]:
    """``(profile, module, name)`` of every ``every``-th mutant of each catalogue.

    In a spread order (every 8th mutant of both catalogues first, then the next 8th, ...),
    so that a run stopped early has still sampled every clause area.
    """
    chosen = []
    for profile, module, mutants in (
        ("chat_screen", "tests.candidates.mutants", CHAT_MUTANTS),
        ("rawp_crs", "tests.candidates.crs_mutants", CRS_MUTANTS),
    ):
        for index, name in enumerate(mutants):
            if index % every == 0 or name in ALWAYS:
                chosen.append((index % SPREAD, index, profile, module, name))
    return [(profile, module, name) for *_, profile, module, name in sorted(chosen)]


def explore_one(profile: str, spec: str, examples: int, seed: int) -> None:
    """Run ``profile``'s explorer against the adapter ``spec`` (the child process's work).

    Raises:
        AssertionError: ``[clause-id] ...``: the exploration found a defect.
    """
    from steps.explore.chat_screen import ChatExplorer
    from steps.explore.core import Budget, Explorer, Harness, explore
    from steps.explore.rawp_crs import CrsExplorer
    from steps.loading import AdapterSpec, load_adapter

    machine: type[Explorer] = ChatExplorer if profile == "chat_screen" else CrsExplorer
    adapter = load_adapter(AdapterSpec(spec, "explore_teeth"), ROOT)
    with tempfile.TemporaryDirectory() as data:
        harness = Harness(adapter, spec, (80, 24), 120.0, "explore_teeth", Path(data))
        explore(machine, harness, Budget(examples, seed, "explore_teeth"), shrink=False)


def run(entry: tuple[str, str, str], examples: int, seed: int) -> dict[str, object]:
    """Run the exploration of ``profile`` against one mutant in a child; what it found."""
    profile, module, name = entry
    started = time.monotonic()
    command = [sys.executable, "-m", "benchmarks.explore_teeth", "--one", profile, module, name]
    command += ["--explore", str(examples), "--seed", str(seed)]
    try:
        done = subprocess.run(
            command, cwd=ROOT, capture_output=True, text=True, check=False, timeout=BOUND
        )
        code, output = done.returncode, done.stdout + done.stderr
    except subprocess.TimeoutExpired:
        code, output = -1, f"no verdict within {BOUND} s"
    named = re.search(r"^(?:AssertionError: )?\[([a-z0-9-]+)\] ", output, re.M)
    verdict = "caught" if code == 1 and named else "missed" if code == 0 else "error"
    mutants = CHAT_MUTANTS if profile == "chat_screen" else CRS_MUTANTS
    clause = mutants[name].clause
    return {
        "profile": profile,
        "mutant": name,
        "clause": clause,
        "area": catalogue(profile)[clause].area,
        "verdict": verdict,
        "named": named.group(1) if named else None,
        "seconds": round(time.monotonic() - started, 1),
        "detail": "" if verdict != "error" else output.strip().splitlines()[-1:],
    }


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
    """Run the mutants (or, with ``--one``, one mutant) and print and write the results."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--explore", type=int, default=DEFAULT_EXAMPLES)
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--out", type=Path, default=Path("explore_teeth.json"))
    parser.add_argument("--one", nargs=3, metavar=("PROFILE", "MODULE", "NAME"))
    options = parser.parse_args()
    if options.one:
        profile, module, name = options.one
        explore_one(profile, f"{module}:{name}", options.explore, options.seed)
        return
    chosen = sample(options.every)
    results = []
    with ThreadPoolExecutor(options.jobs) as pool:
        for result in pool.map(lambda entry: run(entry, options.explore, options.seed), chosen):
            print(json.dumps(result, ensure_ascii=False), flush=True)
            results.append(result)
    options.out.write_text(json.dumps(results, ensure_ascii=False, indent=1), encoding="utf-8")
    print("profile | area | mutants | caught | under its own clause")
    print("\n".join(summary(results)))


if __name__ == "__main__":
    main()
