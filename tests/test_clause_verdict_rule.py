"""The clause-verdict rule (docs/reports.md, issue 23 §3), through real runs.

* A clause checked and passed by some scenarios is ``pass`` although other scenarios
  citing it failed first on another clause.
* A failed assertion that names no catalogued clause is an ERROR ("unattributed check"),
  charged to no clause; a check naming its clause is FAIL.

The HARDENING case (a HARDENING failure leaves every MUST verdict as it was) runs the
whole chat_screen suite and lives in ``tests/test_fail_on.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from steps.clauses import catalogue
from steps.report.build import ClauseVerdict, clause_verdict, result_for
from tests.helpers import write_feature
from tests.reporting_support import run_features

NOT_STRIPPED = "tests.candidates.mutants:not_stripped"
"""Keeps the input's edge whitespace in the body: breaks input-stripped only."""
STRIPPED = "test_leading_and_trailing_whitespace_is_stripped_from_the_body"
CLEARED = "test_the_input_is_cleared_after_every_submission"
ENTER = "test_typing_and_pressing_enter_submits_clears_the_input_and_keeps_focus"


def test_a_clause_passed_by_some_scenarios_passes_while_another_failed_elsewhere(
    tmp_path: Path,
) -> None:
    run = run_features(tmp_path, NOT_STRIPPED, [STRIPPED, CLEARED, ENTER])

    rows = [
        entry
        for entry in run.report()["scenarios"]
        if entry["scenario"] == "Leading and trailing whitespace is stripped from the body"
    ]
    assert len(rows) == 4, run.output
    for entry in rows:  # each row stops on the mutant's clause, before display-format
        assert entry["outcome"] == "failed", run.output
        assert entry["failed_clause"] not in (None, "display-format")
        assert "display-format" in entry["clauses"]
    display = run.clause("display-format")
    assert sorted(display["results"].values()) == ["not-reached"] * 4 + ["passed"] * 2
    assert display["verdict"] == "pass"
    assert run.clause(rows[0]["failed_clause"])["verdict"] == "fail"
    assert run.clause("input-cleared")["verdict"] == "pass"


def test_eighty_passes_and_eight_stops_elsewhere_are_a_pass() -> None:
    clause = catalogue("chat_screen")["display-format"]
    results = ["passed"] * 80 + ["not-reached"] * 8
    assert clause_verdict(clause, results, claimed=True) is ClauseVerdict.PASS
    assert clause_verdict(clause, ["not-reached"] * 8, claimed=True) is ClauseVerdict.NOT_REACHED
    assert clause_verdict(clause, ["error", "timeout"], claimed=True) is ClauseVerdict.NOT_REACHED
    assert clause_verdict(clause, ["passed", "failed"], claimed=True) is ClauseVerdict.FAIL


CHECK_STEPS = """
from steps.checks import violation

@given("a precondition")
def precondition():
    pass

@then("a bare assertion of the harness fails")
def bare():
    measured = None
    assert measured is not None

@then("a check names an id no catalogue has")
def unknown():
    violation("no-such-clause", "the area", "x", "y")

@then("a check of display-format fails")
def named():
    violation("display-format", "item 1", "'사용자: a'", "'a'")
"""


@pytest.mark.parametrize(
    ("then", "outcome", "shown"),
    [
        ("a bare assertion of the harness fails", "errors", "E*assert None is not None"),
        ("a check names an id no catalogue has", "errors", "E*[[]no-such-clause] the area*"),
        ("a check of display-format fails", "failed", "E*[[]display-format] item 1: expected*"),
    ],
    ids=["bare-assert", "unknown-id", "named"],
)
def test_a_check_that_names_no_clause_is_an_error_not_a_failure(
    project: pytest.Pytester, then: str, outcome: str, shown: str
) -> None:
    write_feature(
        project,
        f"""
        Feature: Attribution
          Scenario: One check
            Given a precondition
            Then {then}
        """,
        CHECK_STEPS,
    )
    result = project.runpytest("-rfE")
    result.assert_outcomes(**{outcome: 1})
    result.stdout.fnmatch_lines([shown])
    unattributed = "*unattributed check (a harness defect: the failed assertion names no clause)*"
    if outcome == "errors":
        result.stdout.fnmatch_lines([unattributed])
    else:
        result.stdout.no_fnmatch_line(unattributed)


def test_a_pass_is_earned_only_by_a_scenario_exercising_the_clause_and_none_stopped() -> None:
    clause = catalogue("rawp_crs")["crs-history-recall"]
    # its positive scenario errored, only the one guarding it (Up with a draft) passed
    assert clause_verdict(clause, ["error", "guarded"], claimed=True) is ClauseVerdict.NOT_REACHED
    # the positive scenario skipped (a part not claimed): the guard alone earns nothing
    assert clause_verdict(clause, ["skipped", "guarded"], claimed=True) is ClauseVerdict.UNTESTED
    # a pass beside a timeout is no pass either
    assert clause_verdict(clause, ["passed", "timeout"], claimed=True) is ClauseVerdict.NOT_REACHED
    # a guard that fails fails the clause; a guard and a positive pass pass it
    assert clause_verdict(clause, ["passed", "failed"], claimed=True) is ClauseVerdict.FAIL
    assert clause_verdict(clause, ["passed", "guarded"], claimed=True) is ClauseVerdict.PASS


def test_a_passed_guard_scenario_is_read_as_guarded() -> None:
    entry = {"outcome": "passed", "failed_clause": None, "guards": ["crs-history-recall"]}
    assert result_for(entry, "crs-history-recall") == "guarded"
    assert result_for(entry, "crs-enter-sends") == "passed"
    failed = {**entry, "outcome": "failed", "failed_clause": "crs-history-recall"}
    assert result_for(failed, "crs-history-recall") == "failed"
