"""The guards of ``steps/plugin.py``: scenarios that could pass without checking anything fail."""

from __future__ import annotations

import pytest

from tests.helpers import write_feature

TRIVIAL_STEPS = """
@given("a precondition")
def precondition():
    pass

@then("a check holds")
def check_holds():
    pass  # stands in for a real check: each guard under test must fail the scenario anyway
"""


def test_an_async_def_step_fails_its_scenario(project: pytest.Pytester) -> None:
    write_feature(
        project,
        """
        Feature: Async step
          Scenario: A step written as a coroutine
            Given an async precondition
            Then a check holds
        """,
        TRIVIAL_STEPS,
        """
        @given("an async precondition")
        async def async_precondition():
            raise AssertionError("never awaited, so never raised")
        """,
    )
    result = project.runpytest()
    result.assert_outcomes(errors=1)  # verdict ERROR: no check failed
    result.stdout.fnmatch_lines(["*Given 'an async precondition' is implemented by an async def*"])


def test_the_same_scenario_passes_when_the_step_is_a_plain_def(project: pytest.Pytester) -> None:
    write_feature(
        project,
        """
        Feature: Plain step
          Scenario: A step written as a function
            Given a precondition
            Then a check holds
        """,
        TRIVIAL_STEPS,
    )
    project.runpytest().assert_outcomes(passed=1)


def test_a_scenario_with_no_steps_fails(project: pytest.Pytester) -> None:
    write_feature(
        project,
        """
        Feature: Keyword typo
          Scenario: Every keyword misspelt
            Gvien a precondition
            Thne a check holds
        """,
        TRIVIAL_STEPS,
    )
    result = project.runpytest()
    result.assert_outcomes(errors=1)  # verdict ERROR: no check failed
    result.stdout.fnmatch_lines(["*scenario 'Every keyword misspelt' has no steps*"])


def test_a_scenario_without_a_then_step_fails(project: pytest.Pytester) -> None:
    write_feature(
        project,
        """
        Feature: No check
          Scenario: Only a precondition
            Given a precondition
        """,
        TRIVIAL_STEPS,
    )
    result = project.runpytest()
    result.assert_outcomes(errors=1)  # verdict ERROR: no check failed
    result.stdout.fnmatch_lines(["*scenario 'Only a precondition' has no Then step*"])


SUBMIT_AND_CHECK = """
Feature: A submission
  Scenario: The user submits a message
    Given the chat app is running
    When the user submits "안녕"
    Then the input is empty
"""


def test_an_app_that_exits_during_a_step_that_does_not_quit_fails_clearly(
    project: pytest.Pytester,
) -> None:
    write_feature(project, SUBMIT_AND_CHECK)
    result = project.runpytest("--adapter=tests.miniatures:quits_on_submit")
    result.assert_outcomes(errors=1)  # verdict ERROR: no check failed
    result.stdout.fnmatch_lines(
        [
            "*the app stopped during step 'When the user submits \"안녕\"', "
            "which does not quit it; later steps would act on a dead app*"
        ]
    )


def test_an_app_that_crashes_during_a_step_fails_with_the_exception_and_its_place(
    project: pytest.Pytester,
) -> None:
    write_feature(project, SUBMIT_AND_CHECK)
    result = project.runpytest("--adapter=tests.miniatures:crashes_on_submit")
    result.assert_outcomes(errors=1)  # verdict ERROR: no check failed
    result.stdout.fnmatch_lines(
        [
            "*the app crashed during step 'When the user submits \"안녕\"': "
            "RuntimeError: miniature crash on submit "
            "(in CrashesOnSubmitApp.on_input_submitted, *miniatures.py:*: raise RuntimeError(*"
        ]
    )


def test_the_same_scenario_passes_on_the_reference_app(project: pytest.Pytester) -> None:
    write_feature(project, SUBMIT_AND_CHECK)
    project.runpytest().assert_outcomes(passed=1)


def test_a_step_that_quits_on_purpose_is_not_reported_as_a_stopped_app(
    project: pytest.Pytester,
) -> None:
    write_feature(
        project,
        """
        Feature: Quitting
          Scenario: Escape quits
            Given the chat app is running
            When the user presses Escape to quit
            Then the app has exited
        """,
    )
    project.runpytest().assert_outcomes(passed=1)
