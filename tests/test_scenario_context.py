"""The per-scenario lifecycle of protocol version 2 (issue 11, point 8).

A version-2 adapter's ``create_app`` gets one :class:`~steps.adapter.ScenarioContext` per
scenario: a fresh, empty directory, the same for a restart within the scenario, never
the same for two scenarios; ``end_scenario`` is called once, after the last app stopped.
"""

from __future__ import annotations

import json

import pytest

from tests.helpers import MINIATURES, write_feature

TWO_SCENARIOS = """
Feature: Lifecycle
  Scenario: First, restarted once
    Given the chat app is running
    When a new app is started
    Then the input is empty

  Scenario: Second
    Given the chat app is running
    Then the input is empty
"""


def run(project: pytest.Pytester, adapter: str, monkeypatch: pytest.MonkeyPatch) -> list[dict]:
    log = project.path / "lifecycle.jsonl"
    monkeypatch.setenv("LIFECYCLE_LOG", str(log))
    write_feature(project, TWO_SCENARIOS)
    result = project.runpytest("features", f"--adapter={MINIATURES}:{adapter}")
    result.assert_outcomes(passed=2)
    return [json.loads(line) for line in log.read_text().splitlines()]


def test_a_restart_within_a_scenario_finds_what_the_app_before_it_left(
    project: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = [
        c
        for c in run(project, "records_lifecycle", monkeypatch)
        if c["scenario"] == "First, restarted once"
    ]
    starts = [c for c in calls if c["call"] == "create_app"]
    assert len(starts) == 2
    assert starts[0]["found"] == [] and starts[1]["found"] == ["started-0"]
    assert starts[0]["dir"] == starts[1]["dir"]
    assert calls[-1] == {
        "call": "end_scenario",
        "scenario": "First, restarted once",
        "dir": starts[0]["dir"],
    }


def test_each_scenario_gets_its_own_empty_directory_and_one_end_call(
    project: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = run(project, "records_lifecycle", monkeypatch)
    by_scenario: dict[str, list[dict]] = {}
    for call in calls:
        by_scenario.setdefault(call["scenario"], []).append(call)
    first, second = by_scenario["First, restarted once"], by_scenario["Second"]
    assert first[0]["dir"] != second[0]["dir"]
    assert second[0]["found"] == []
    assert [c["call"] for c in second] == ["create_app", "end_scenario"]


def test_an_end_scenario_that_raises_is_an_error_not_a_failure(
    project: pytest.Pytester,
) -> None:
    write_feature(project, TWO_SCENARIOS)
    result = project.runpytest("features", f"--adapter={MINIATURES}:end_scenario_raises")
    result.assert_outcomes(errors=2)  # one verdict per scenario: ERROR at teardown
    result.stdout.fnmatch_lines(
        ["*end_scenario() raised RuntimeError: teardown failed on purpose*"]
    )
