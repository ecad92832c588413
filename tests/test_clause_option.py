"""Selecting scenarios by clause: ``--clause <id>`` (repeatable) and its error."""

from __future__ import annotations

import pytest

from tests.helpers import PROBE_STEPS, write_feature

CASES = """
Feature: Cases
  @clause:role-labels
  Scenario: Labels
    Given a probe step
    Then nothing more happens

  @clause:role-borders @clause:role-alignment
  Scenario: Borders and alignment
    Given a probe step
    Then nothing more happens

  @clause:quit-keys
  Scenario: Quitting
    Given a probe step
    Then nothing more happens
"""


@pytest.fixture
def cases(project: pytest.Pytester) -> pytest.Pytester:
    """The harness project (``tests/conftest.py``) with three scenarios citing clauses."""
    write_feature(project, CASES, PROBE_STEPS)
    return project


def test_only_the_scenarios_citing_the_clause_run(cases: pytest.Pytester) -> None:
    result = cases.runpytest("features", "--clause", "role-alignment", "-v")

    result.assert_outcomes(passed=1, deselected=2)
    result.stdout.fnmatch_lines(["*test_borders_and_alignment PASSED*"])


def test_the_option_repeats_and_selects_the_union(cases: pytest.Pytester) -> None:
    result = cases.runpytest("features", "--clause", "role-labels", "--clause", "quit-keys")

    result.assert_outcomes(passed=2, deselected=1)


def test_an_unknown_clause_is_a_usage_error_with_suggestions(cases: pytest.Pytester) -> None:
    result = cases.runpytest("features", "--clause", "role-border")

    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        ["*--clause role-border: unknown clause 'role-border' (did you mean role-borders*"]
    )
    assert "scenario" not in result.stdout.str()
