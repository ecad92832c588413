"""No scenario's app outlives its scenario in a run (``steps.scenario_driver.release``).

Kept alive, every stopped app of a long run stays in memory, and each full collection of
Python's garbage collector walks all of them again: a third of a long run's CPU before
the driver was let go (docs/performance.md, fifth pass).
"""

from __future__ import annotations

import json

import pytest

from tests.helpers import MINIATURES, write_feature

TWO_SCENARIOS = """
Feature: Memory
  Scenario: First
    Given the chat app is running
    When the user submits "하나"
    Then the input is empty

  Scenario: Second
    Given the chat app is running
    Then the input is empty
"""

COUNT_APPS = """
import gc, json, pathlib

from textual.app import App


def pytest_sessionfinish(session):
    gc.collect()
    alive = [type(o).__name__ for o in gc.get_objects() if isinstance(o, App)]
    pathlib.Path("alive.json").write_text(json.dumps(alive))
"""
"""A plugin that writes, once the run's scenarios are done, the apps still in memory."""


def test_no_scenarios_app_is_left_in_memory_once_the_run_is_done(project: pytest.Pytester) -> None:
    write_feature(project, TWO_SCENARIOS)
    project.makepyfile(count_apps=COUNT_APPS)

    # A subprocess: pytester's in-process runs record every hook call, step arguments
    # (the driver) included, and would keep the apps alive themselves.
    result = project.runpytest_subprocess(
        "features", f"--adapter={MINIATURES}:from_option", "-p", "count_apps"
    )
    result.assert_outcomes(passed=2)

    assert json.loads((project.path / "alive.json").read_text()) == []
