"""Every mutmut internal this package relies on, in one place (checked against mutmut 3.8.1).

mutmut's command line has no command that only generates the mutants, nor one that prints
a mutant's diff as data; its ``run`` re-runs every mutant it is given by name. So this
module calls the functions ``mutmut run`` and ``mutmut show`` call, and reads the files
mutmut keeps in ``mutants/`` (one ``<source>.meta`` JSON per source file, and
``mutmut-stats.json``). mutmut reads its settings from the working folder at import time,
so these functions run in a process of their own started in the stage folder
(``python -m mutation.mutmut_private <command>``, from :mod:`mutation.stage`); reading the
files needs no import of mutmut and works from anywhere.

The pin in ``pyproject.toml`` (``mutmut==3.8.1``) keeps these names what they are; a new
mutmut is checked here first (``tests/test_mutation.py`` runs every function below).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

MUTANTS = "mutants"
"""The folder mutmut keeps its copy of the project and its results in (fixed by mutmut)."""
STATS = "mutmut-stats.json"
"""mutmut's record of which tests executed each function (in :data:`MUTANTS`)."""


def meta_files(stage: Path) -> Iterator[Path]:
    """Each ``<source>.meta`` file of ``stage``'s mutants, in path order."""
    yield from sorted((stage / MUTANTS).rglob("*.py.meta"))


def exit_codes(stage: Path) -> dict[str, int | None]:
    """Every mutant's name -> the exit code of its last run (``None``: not run yet).

    Read from the ``.meta`` files mutmut writes at generation and after each mutant's run.
    """
    codes: dict[str, int | None] = {}
    for path in meta_files(stage):
        codes.update(json.loads(path.read_text(encoding="utf-8"))["exit_code_by_key"])
    return codes


def durations(stage: Path) -> dict[str, float]:
    """Wall seconds of each mutant's last run, by name (mutants not run are absent)."""
    seconds: dict[str, float] = {}
    for path in meta_files(stage):
        seconds.update(json.loads(path.read_text(encoding="utf-8"))["durations_by_key"])
    return seconds


def tests_by_function(stage: Path) -> dict[str, list[str]]:
    """Mangled function name -> node ids of the tests that executed it (mutmut's stats)."""
    path = stage / MUTANTS / STATS
    if not path.is_file():
        return {}
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return {name: list(tests) for name, tests in data["tests_by_mangled_function_name"].items()}


def function_of(mutant: str) -> str:
    """The mangled name of the function ``mutant`` changes (``x_f__mutmut_3`` -> ``x_f``)."""
    from mutmut.utils.format_utils import mangled_name_from_mutant_name

    return mangled_name_from_mutant_name(mutant)


def status(exit_code: int | None) -> str:
    """The status mutmut gives an exit code: ``killed``, ``survived``, ``no tests``, ..."""
    from mutmut.stats import status_by_exit_code

    return str(status_by_exit_code[exit_code])


# -- run inside the stage folder (mutmut reads its settings from the working folder) -------


def generate() -> None:
    """Copy the sources into ``mutants/`` and write every mutant, as ``mutmut run`` first does.

    Idempotent: a source file older than its mutated copy is left as it is; a changed
    function's mutants get their results reset by mutmut (its per-function hashes).
    """
    from mutmut.__main__ import create_mutants
    from mutmut.utils.file_utils import copy_also_copy_files, copy_src_dir, setup_source_paths

    copy_src_dir()
    copy_also_copy_files()
    setup_source_paths()
    create_mutants(1)


def diffs(names: list[str]) -> dict[str, str]:
    """Each mutant's unified diff against the original function, as ``mutmut show`` prints it."""
    from mutmut.mutation.diff_apply import get_diff_for_mutant

    return {name: get_diff_for_mutant(name) for name in names}


def main() -> None:
    """``python -m mutation.mutmut_private generate``, or ``diffs`` (names in, JSON out)."""
    command = sys.argv[1]
    if command == "generate":
        generate()
    elif command == "diffs":
        names = [line for line in sys.stdin.read().splitlines() if line]
        sys.stdout.write(json.dumps(diffs(names), ensure_ascii=False))
    else:
        raise SystemExit(f"unknown command {command!r}: expected generate or diffs")


if __name__ == "__main__":
    main()
