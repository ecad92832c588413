"""The mutation machinery (``mutation/``, ``make mutation``) reports what mutmut finds, cheaply.

One real mutmut run through the machinery, on two mutants of ``reference_app/app.py``
picked by their diff (not by mutmut's numbers, which shift when the code changes), with
the scenarios of two feature files: the mutant that inverts the blank check (blank
submissions shown, valid ones dropped) is caught by a clause check of a scenario that
cites the clause, and the report counts it as caught in that clause's area; the mutant
that only drops the type argument of ``query_one`` (the same widget is found, and the
type was only checked) survives. Around that run: the
seeded sample, what a resumed run hands to mutmut, and the checked-in triage file (its
shape, its clauses, its gap scenarios, and an entry going stale when its mutant changes).
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from mutation import mutmut_private, report, stage, triage
from mutation.run import Plan, draw, pending
from mutation.stage import Target
from steps.clauses import catalogue

APP = "reference_app/app.py"
SELECTION = ("features/chat_screen/blank_input.feature", "features/chat_screen/messages.feature")
BLANK_INVERTED = ("if not text:", "if text:")
"""``ChatApp.submit``'s blank check inverted: blank submissions shown, valid ones dropped."""
TYPE_DROPPED = ("VerticalScroll)", '", None)')
"""``ChatApp.show`` asking ``query_one`` for the id with no type: equivalent."""


def picked(diffs: dict[str, str], removed: str, added: str) -> str:
    """The one mutant whose diff removes a line holding ``removed`` and adds one with ``added``."""
    found = [
        name
        for name, diff in diffs.items()
        if any(line.startswith("-") and removed in line for line in diff.splitlines())
        and any(line.startswith("+") and added in line for line in diff.splitlines())
    ]
    assert len(found) == 1, f"expected one mutant removing {removed!r}, adding {added!r}: {found}"
    return found[0]


@pytest.fixture(scope="module")
def small_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Target, str, str, int]:
    """mutmut run by the machinery on the two mutants; ``(target, caught, equivalent, status)``."""
    where = tmp_path_factory.mktemp("mutation") / "chat_screen"
    t = replace(stage.target("chat_screen", where), only=(APP,), selection=SELECTION)
    stage.prepare(t)
    stage.private(t, "generate")
    names = [n for n in mutmut_private.exit_codes(t.stage) if "xǁChatAppǁs" in n]
    diffs = json.loads(stage.private(t, "diffs", "\n".join(names)))
    caught, equivalent = picked(diffs, *BLANK_INVERTED), picked(diffs, *TYPE_DROPPED)
    status = stage.mutmut(t, [caught, equivalent], 2)
    return t, caught, equivalent, status


def test_mutmut_catches_the_inverted_blank_check_under_a_clause_of_its_scenario(
    small_run: tuple[Target, str, str, int],
) -> None:
    t, caught, _, status = small_run
    assert status == 0
    assert mutmut_private.status(mutmut_private.exit_codes(t.stage)[caught]) == "killed"
    kill = json.loads((t.records / "kills" / f"{caught}.json").read_text(encoding="utf-8"))
    scenarios = json.loads((t.records / "scenarios.json").read_text(encoding="utf-8"))
    assert f"features/{scenarios[kill['test']]['feature']}" in SELECTION, kill
    assert kill["clause"] in scenarios[kill["test"]]["clauses"], kill  # a clause check caught it


def test_an_equivalent_mutant_survives_and_leaves_no_kill_record(
    small_run: tuple[Target, str, str, int],
) -> None:
    t, _, equivalent, _ = small_run
    assert mutmut_private.status(mutmut_private.exit_codes(t.stage)[equivalent]) == "survived"
    assert not (t.records / "kills" / f"{equivalent}.json").exists()


def test_the_report_scores_the_run_and_names_the_survivor_untriaged(
    small_run: tuple[Target, str, str, int],
) -> None:
    t, caught, equivalent, _ = small_run
    plan = Plan("chat_screen", 1, 2, 2, sorted([caught, equivalent]))
    found = {each.name: each for each in report.outcomes(t, plan, {}, entries=[])}
    areas = {c.id: c.area for c in catalogue("chat_screen").values()}
    assert found[caught].verdict == "caught"
    assert found[caught].area == areas[found[caught].clause]
    assert found[equivalent].verdict == "untriaged"
    assert "chat_screen/messages.feature" in found[equivalent].note  # what executes it
    assert report.rows(list(found.values()), "module")[-1].score == 0.5


def test_a_seeded_sample_is_the_same_every_time_and_another_seed_draws_another() -> None:
    population = [f"m.x_f__mutmut_{n}" for n in range(50)]
    first = draw(population, 10, seed=1)
    assert first == draw(list(reversed(population)), 10, seed=1)
    assert len(set(first)) == 10 and set(first) <= set(population)
    assert draw(population, 10, seed=2) != first
    assert draw(population, 0, seed=1) == sorted(population) == draw(population, 99, seed=1)


def test_a_resumed_run_hands_mutmut_only_the_sampled_mutants_without_a_result() -> None:
    plan = Plan("p", 1, 4, 6, ["a", "b", "c", "d"])
    codes: dict[str, int | None] = {"a": 1, "b": 0, "c": None, "d": None, "e": None, "f": 0}
    assert pending(plan, codes, retest=False) == ["c", "d"]
    assert pending(plan, codes, retest=True) == ["b", "c", "d"]
    assert pending(plan, codes, retest=True, timed_out=frozenset({"a"})) == ["a", "b", "c", "d"]


def test_the_checked_in_triage_file_names_real_clauses_and_scenarios() -> None:
    root = stage.ROOT / "features"
    features = {p: p.read_text(encoding="utf-8") for p in root.rglob("*.feature")}
    for profile, entries in triage.load().items():
        clauses = catalogue(profile)
        for entry in entries:
            assert entry.clause is None or entry.clause in clauses, entry
            if entry.scenario:
                file, _, name = entry.scenario.partition(": ")
                text = features.get(root / profile / file, "")
                assert f"Scenario: {name}" in text or f"Scenario Outline: {name}" in text, entry


def test_a_triage_entry_whose_mutant_changed_is_reported_stale_not_trusted(
    tmp_path: Path,
) -> None:
    entry = triage.Entry("m.x_f__mutmut_1", "equivalent", "why", diff="-    a = 1\n+    a = 2")
    areas = report.Areas(stage.target("chat_screen", tmp_path))
    current = "--- x\n+++ x\n-    a = 1\n+    a = 2"
    same = report.classify(entry.mutant, "survived", {}, entry, current, areas)
    changed = report.classify(entry.mutant, "survived", {}, entry, "-    a = 1\n+    a = 3", areas)
    assert (same.verdict, same.stale) == ("equivalent", False)
    assert (changed.verdict, changed.stale) == ("untriaged", True)


def test_a_triage_file_of_another_shape_is_refused_with_where(tmp_path: Path) -> None:
    bad = tmp_path / "survivors.yaml"
    bad.write_text(
        "chat_screen:\n  - {mutant: m.x_f__mutmut_1, kind: boring, why: x, diff: '-a'}\n"
    )
    with pytest.raises(triage.TriageError, match=r"chat_screen\[0\].*boring"):
        triage.load(bad)
