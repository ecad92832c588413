"""pytest plugin of the mutation runs: what caught each mutant, and each scenario's clauses.

mutmut runs pytest with ``-p mutation.plugin`` (:func:`mutation.stage.settings`) and names
the active mutant in ``MUTANT_UNDER_TEST``; :data:`mutation.stage.KILLS_ENV` names the
folder this plugin writes to. Outside such a run (the variable unset) it does nothing.

* In a mutant's run, the exploration scenarios are deselected (see
  :func:`pytest_collection_modifyitems`).
* In mutmut's statistics run (``MUTANT_UNDER_TEST=stats``), every collected scenario's
  feature file and cited clauses go to ``scenarios.json`` (node id -> ``{"feature",
  "clauses"}``), for the report's spec areas.
* In a mutant's run, the first scenario that does not pass is written to
  ``kills/<mutant>.json``: its node id, the phase, its verdict (``failed``, ``error``,
  ``timeout``: :mod:`steps.verdicts`) and the first line of its message, whose
  ``[clause-id]`` prefix names the clause whose check caught the mutant.
* In mutmut's clean and statistics runs (no mutant active), which must pass, each failing
  scenario is appended to ``clean-failures.jsonl`` (mutmut shows none of their output).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from steps.report.capture import identity

CLEAN_FAILURES = "clean-failures.jsonl"
"""Where a scenario that failed in mutmut's clean run (no mutant active) is written."""
MUST_PASS = frozenset({"", "stats"})
"""mutmut's runs with no mutant active (its clean run, its statistics run): they must pass."""
NOT_A_MUTANT = frozenset({"", "stats", "fail", "list_all_tests", "mutant_generation"})
"""Values of ``MUTANT_UNDER_TEST`` that are mutmut's own runs, not a mutant's."""
CLAUSE = re.compile(r"\[([a-z][a-z0-9]*(?:-[a-z0-9]+)+)\]")
"""A ``[clause-id]`` prefix of a check's failure message (:mod:`steps.checks`); every clause
id is a slug with at least one hyphen, which ``[bold]`` or an escape's ``[31m`` is not."""


def records() -> Path | None:
    """The records folder, or ``None`` outside a mutation run."""
    folder = os.environ.get("MUTATION_RECORDS")
    return Path(folder) if folder else None


def mutant() -> str:
    """The active mutant's name (``""``, or one of :data:`NOT_A_MUTANT`, outside one)."""
    return os.environ.get("MUTANT_UNDER_TEST", "")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """In a mutant's run, leave the exploration out; in the statistics run, record scenarios.

    The exploration (``exploration.feature``: Hypothesis's random sessions) is left out of
    every mutant's run: in a process that ran other scenarios before it, the chat_screen
    exploration failed its scroll-to-end invariant on mutants known to be equivalent, so a
    failure there would count as a catch that is not one. The hand-written scenarios alone
    judge a mutant, and the score is a lower bound (docs/mutation.md).
    """
    folder = records()
    if folder is None:
        return
    if mutant() not in NOT_A_MUTANT:
        left_out = exploring(items)
        explorations = [item for item in items if item.nodeid in left_out]
        if explorations:
            config.hook.pytest_deselected(items=explorations)
            items[:] = [item for item in items if item not in explorations]
        return
    if mutant() != "stats":
        return
    path = folder / "scenarios.json"
    known: dict[str, Any] = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    for item in items:
        scenario = identity(item)
        if scenario is not None:
            known[item.nodeid] = {"feature": scenario["feature"], "clauses": scenario["clauses"]}
    path.write_text(json.dumps(known, ensure_ascii=False, indent=1), encoding="utf-8")


def exploring(items: list[pytest.Item]) -> set[str]:
    """Node ids of the exploration scenarios among ``items``."""
    found = set()
    for item in items:
        scenario = identity(item)
        if scenario is not None and scenario["feature"].endswith("/exploration.feature"):
            found.add(item.nodeid)
    return found


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Write a mutant's first scenario that did not pass to ``kills/``, or a clean run's."""
    folder, name = records(), mutant()
    if folder is None or not report.failed or name in NOT_A_MUTANT - MUST_PASS:
        return
    if name in MUST_PASS:  # mutmut prints none of these runs' output
        with (folder / CLEAN_FAILURES).open("a", encoding="utf-8") as failures:
            failures.write(json.dumps(record(report), ensure_ascii=False) + "\n")
        return
    path = folder / "kills" / f"{name}.json"
    if not path.exists():
        path.write_text(json.dumps(record(report), ensure_ascii=False, indent=1), encoding="utf-8")


def record(report: pytest.TestReport) -> dict[str, Any]:
    """What a failing phase's report says: node id, phase, verdict, clause, message line."""
    text = report.longreprtext
    line = next((each for each in text.splitlines() if CLAUSE.search(each)), "")
    found = CLAUSE.search(line)
    return {
        "test": report.nodeid,
        "when": report.when,
        "verdict": dict(report.user_properties).get("phase_verdict", report.outcome),
        "clause": found.group(1) if found else None,
        "message": (line or (text.strip().splitlines() or [""])[-1]).strip()[:300],
    }
