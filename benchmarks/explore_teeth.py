"""The exploration's teeth: run it alone against a sample of the mutant catalogues.

Usage: ``python -m benchmarks.explore_teeth [--every N] [--jobs J] [--out FILE]``.
Each sampled mutant gets one run of ``pytest features/<profile> -k random_sessions``
(the exploration scenario only, the default budget and seed); the script prints one line
per mutant (caught or not, the clause the failure named, seconds) and a summary by
clause area, and writes them as JSON (docs/exploration.md reports a run).
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from steps.clauses import catalogue
from tests.candidates.crs_mutants import MUTANTS as CRS_MUTANTS
from tests.candidates.mutants import MUTANTS as CHAT_MUTANTS

ROOT = Path(__file__).resolve().parents[1]
ALWAYS = {"typed_joiner_dropped", "pasted_escapes_act_as_keys", "input_draws_raw_escape"}
"""Mutants of the terminal path, sampled in every run (the defects the issue names)."""


def sample(every: int) -> list[tuple[str, str, str]]:
    """``(profile, module, name)`` of every ``every``-th mutant of each catalogue."""
    chosen = []
    for profile, module, mutants in (
        ("chat_screen", "tests.candidates.mutants", CHAT_MUTANTS),
        ("rawp_crs", "tests.candidates.crs_mutants", CRS_MUTANTS),
    ):
        for index, name in enumerate(mutants):
            if index % every == 0 or name in ALWAYS:
                chosen.append((profile, module, name))
    return chosen


def run(profile: str, module: str, name: str) -> dict[str, object]:
    """Run the exploration of ``profile`` against one mutant; what it found."""
    started = time.monotonic()
    command = [sys.executable, "-m", "pytest", f"features/{profile}", "-k", "random_sessions"]
    command += ["-p", "no:randomly", "-p", "no:cacheprovider", "-q", f"--adapter={module}:{name}"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    named = re.search(r"^E +(?:AssertionError: )?\[([a-z0-9-]+)\]", done.stdout, re.M)
    verdict = "caught" if done.returncode == 1 else "missed" if done.returncode == 0 else "error"
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
    }


def main() -> None:
    """Run the sample and print and write the results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=int, default=8)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path("explore_teeth.json"))
    options = parser.parse_args()
    with ThreadPoolExecutor(options.jobs) as pool:
        results = list(pool.map(lambda entry: run(*entry), sample(options.every)))
    for result in results:
        print(json.dumps(result, ensure_ascii=False), flush=True)
    options.out.write_text(json.dumps(results, ensure_ascii=False, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
