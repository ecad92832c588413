"""The names outside pytest-bdd's public API that ``steps/bdd_private.py`` fences are still there.

When an upgrade of pytest-bdd removes or renames one, this test names it, instead of a
report, a guard or a ``path.feature:LINE`` run failing somewhere far from the cause.
"""

from __future__ import annotations

import dataclasses
import importlib
import importlib.metadata
import inspect

import pytest
import pytest_bdd.reporting

from steps.bdd_private import CHECKED_AGAINST, EXAMPLE_PARAM, PRIVATE_NAMES, python_name

INSTALLED = importlib.metadata.version("pytest-bdd")
"""The installed pytest-bdd's version, for the messages."""


def upgrade(what: str) -> str:
    """The message naming what an upgrade of pytest-bdd removed."""
    return (
        f"{what} is gone in pytest-bdd {INSTALLED} (the harness was checked against "
        f"{CHECKED_AGAINST}): update steps/bdd_private.py"
    )


@pytest.mark.parametrize(("module", "name"), PRIVATE_NAMES)
def test_each_private_name_the_harness_uses_exists(module: str, name: str) -> None:
    assert hasattr(importlib.import_module(module), name), upgrade(f"{module}.{name}")


def test_an_outline_row_still_reaches_its_test_through_the_example_parameter() -> None:
    """pytest-bdd parametrizes an outline's test by this name (``pytest_bdd.scenario``)."""
    source = inspect.getsource(importlib.import_module("pytest_bdd.scenario"))
    assert f'"{EXAMPLE_PARAM}"' in source, upgrade(
        f"the parameter {EXAMPLE_PARAM!r} of an outline's test"
    )


def test_a_report_context_still_holds_the_scenario_and_its_name() -> None:
    fields = {field.name for field in dataclasses.fields(pytest_bdd.reporting.ReportContext)}
    assert {"scenario", "name"} <= fields, upgrade("ReportContext(scenario, name)")


def test_a_scenario_name_becomes_the_test_name_pytest_bdd_gives_it() -> None:
    assert python_name("Enter sends the typed text!") == "enter_sends_the_typed_text"


STEPS_FEATURE = """\
Feature: Overlapping steps
  Scenario: A thing
    When I have a specific thing
    Then the value should be {expected}

  Scenario: Another thing
    When I have a generic thing
    Then the value should be generic
"""


def test_remembered_step_lookups_keep_pytest_bdd_s_scoping(pytester: pytest.Pytester) -> None:
    """The lookups ``remember_step_lookups`` keeps are kept per module: a step a module
    overrides wins there and nowhere else; a more specific step wins over a generic one;
    each scenario of a module finds its own steps (pytest-bdd's issue 542, and scoping)."""
    pytester.makeconftest(
        """
        import pytest
        import pytest_bdd as bdd
        from steps.bdd_private import remember_step_lookups

        remember_step_lookups()

        @pytest.fixture
        def value():
            return []

        @bdd.when(bdd.parsers.parse("I have a {thing} thing"))
        def generic(thing, value):
            value.append(thing)

        @bdd.then(bdd.parsers.parse("the value should be {thing}"))
        def check(thing, value):
            assert value == [thing]
        """
    )
    pytester.makeini("[pytest]\nasyncio_default_fixture_loop_scope = function\n")
    pytester.makefile(".feature", overriding=STEPS_FEATURE.format(expected="42"))
    pytester.makefile(".feature", plain=STEPS_FEATURE.format(expected="specific"))
    pytester.makepyfile(
        test_overriding="""
        import pytest_bdd as bdd

        @bdd.when("I have a specific thing")
        def specific(value):
            value.append("42")

        bdd.scenarios("overriding.feature")
        """,
        test_plain="""
        import pytest_bdd as bdd

        bdd.scenarios("plain.feature")
        """,
    )

    result = pytester.runpytest("-p", "no:randomly", "-p", "no:cacheprovider")

    result.assert_outcomes(passed=4)
