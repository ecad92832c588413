"""A failure names the clause the implementation broke, not one derived from it.

Many checks derive their expectation from the message list (the label of role ``user``,
the side of an ``agent`` item). A message list whose role values are wrong would make
each of them fail under its own clause (``display-format``: expected ``'USER: 한 줄'``)
while ``role-values`` failed once. The role values are checked wherever the message list
is read (``steps/chat_screen/observe.py`` ``messages``), so every scenario such a mutant
fails names ``role-values``. These tests run the whole suite against the mutants and
read the clause each failure names from ``--conformance-report``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.candidates.mutants import MUTANTS
from tests.test_mutants import run_suite

NAMED = ("upper_case_roles", "assistant_role")
"""Mutants whose every failing scenario must name the clause the mutant breaks."""


@pytest.mark.parametrize("name", NAMED)
def test_every_scenario_the_mutant_fails_names_the_clause_it_breaks(
    name: str, tmp_path: Path
) -> None:
    clause = MUTANTS[name].clause
    run = run_suite(f"tests.candidates.mutants:{name}", (), tmp_path, "chat_screen")
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    failed = [entry for entry in report["scenarios"] if entry["outcome"] != "passed"]
    assert failed, f"{name} failed no scenario:\n{run.output}"
    misnamed = [
        f"{entry['title']}: {entry['outcome']} naming {entry['failed_clause']}"
        for entry in failed
        if entry["outcome"] != "failed" or entry["failed_clause"] != clause
    ]
    assert not misnamed, f"{name} breaks {clause}, but these scenarios name another:\n" + (
        "\n".join(misnamed)
    )
