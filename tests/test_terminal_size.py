"""``--terminal-size``: its precedence, its errors, and the size the scenarios get."""

from __future__ import annotations

import pytest

from steps.terminal import DEFAULT_SIZE, SETTING, TerminalSizeError, resolve_size
from tests.helpers import write_feature

SIZED = """
Feature: Probe
  Scenario: Probe
    Given the chat app is running
    Then the app's screen is the run's size
"""
SIZE_STEP = """
@then("the app's screen is the run's size")
def sized(driver):
    assert tuple(driver.app.size) == (120, 40), driver.app.size
"""


def test_the_option_wins_over_the_environment_and_the_ini_key() -> None:
    size = resolve_size("120x40", "30x12", {SETTING.env_var: "40x20"})
    assert (size.columns, size.rows, size.source) == (120, 40, "--terminal-size (command line)")


def test_the_environment_wins_over_the_ini_key_and_the_default_comes_last() -> None:
    assert resolve_size(None, "30x12", {SETTING.env_var: "40x20"}).cells == (40, 20)
    assert resolve_size(None, "30x12", {}).cells == (30, 12)
    assert resolve_size(None, "", {}).cells == DEFAULT_SIZE


@pytest.mark.parametrize("value", ["120", "120x", "axb", "120x40x2", "-3x4"])
def test_a_value_that_is_not_cols_x_rows_names_its_source(value: str) -> None:
    with pytest.raises(TerminalSizeError, match=r"\$CHAT_CONFORMANCE_TERMINAL_SIZE"):
        resolve_size(None, None, {SETTING.env_var: value})


def test_a_size_too_small_for_an_item_is_refused() -> None:
    with pytest.raises(TerminalSizeError, match="too small"):
        resolve_size("10x3", None, {})


def test_every_scenario_runs_at_the_size_and_the_header_says_so(
    project: pytest.Pytester,
) -> None:
    write_feature(project, SIZED, SIZE_STEP)
    result = project.runpytest("features", "--terminal-size=120x40")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["*terminal size: 120x40 (--terminal-size (command line))*"])


def test_a_bad_size_is_a_usage_error_before_any_scenario(project: pytest.Pytester) -> None:
    write_feature(project, SIZED, SIZE_STEP)
    result = project.runpytest("features", "--terminal-size=big")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--terminal-size (command line): 'big' is not a terminal size*"])
