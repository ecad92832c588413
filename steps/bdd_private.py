"""Every name of pytest-bdd outside its public API the harness relies on, fenced in one module.

pytest-bdd's public API is what its package exports (``given``, ``when``, ``then``,
``step``, ``scenario``, ``scenarios``), its step parsers (``pytest_bdd.parsers``) and its
hooks. The harness also reads what pytest-bdd keeps to itself: the parsed feature, scenario
and step objects its hooks pass (their classes live in ``pytest_bdd.parser``), the scenario
a collected test function runs (a registry in ``pytest_bdd.scenario``), the parameter that
carries an outline's example row, the test name it makes of a scenario's name, and the
scenario data it keeps per report for ``--cucumberjson`` (``pytest_bdd.reporting``). Each
wrapper below names the private name it reads and the pytest-bdd version it was checked
against (:data:`CHECKED_AGAINST`); ``tests/test_bdd_private.py`` fails, naming the name,
when an installed pytest-bdd no longer has one. When pytest-bdd changes, this is the one
module to fix, as :mod:`steps.textual_private` is for Textual.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest
from pytest_bdd.parser import Feature, FeatureParser, Scenario, ScenarioTemplate, Step
from pytest_bdd.reporting import ReportContext, test_report_context_registry
from pytest_bdd.scenario import make_python_name, scenario_wrapper_template_registry

CHECKED_AGAINST = "9.0.1"
"""The pytest-bdd version every wrapper below was checked against."""

PRIVATE_NAMES = (
    ("pytest_bdd.parser", "Feature"),
    ("pytest_bdd.parser", "FeatureParser"),
    ("pytest_bdd.parser", "Scenario"),
    ("pytest_bdd.parser", "ScenarioTemplate"),
    ("pytest_bdd.parser", "Step"),
    ("pytest_bdd.reporting", "ReportContext"),
    ("pytest_bdd.reporting", "test_report_context_registry"),
    ("pytest_bdd.scenario", "make_python_name"),
    ("pytest_bdd.scenario", "scenario_wrapper_template_registry"),
)
"""``(module, name)`` of each name outside pytest-bdd's public API used here."""
EXAMPLE_PARAM = "_pytest_bdd_example"
"""The parameter through which pytest-bdd passes an outline's example row (9.0.1)."""

__all__ = ["Feature", "Scenario", "ScenarioTemplate", "Step"]
"""The parsed objects pytest-bdd's hooks pass (``pytest_bdd.parser``; 9.0.1)."""


def parse_feature(path: Path) -> Feature:
    """Parse the feature file ``path`` as pytest-bdd does (``FeatureParser``; 9.0.1).

    Raises:
        pytest_bdd.exceptions.FeatureError: The file is not valid Gherkin.
    """
    return FeatureParser(str(path.parent), path.name).parse()


def function_template(function: Callable[..., Any]) -> ScenarioTemplate | None:
    """The scenario the test function ``function`` runs, or ``None`` for any other function.

    ``pytest_bdd.scenario.scenario_wrapper_template_registry`` (9.0.1): pytest-bdd's map
    from each test function ``scenarios(...)`` made to its scenario.
    """
    return scenario_wrapper_template_registry.get(function)


def template_of(item: pytest.Item | pytest.Collector) -> ScenarioTemplate | None:
    """The scenario the test ``item`` runs, or ``None`` for any other test or collector."""
    function = getattr(item, "function", None)
    return None if function is None else function_template(function)


def example_context(item: pytest.Item) -> dict[str, str] | None:
    """The example row ``item`` runs (column -> value), or ``None`` (:data:`EXAMPLE_PARAM`)."""
    callspec = getattr(item, "callspec", None)
    context = None if callspec is None else callspec.params.get(EXAMPLE_PARAM)
    return dict(context) if context else None


def python_name(name: str) -> str:
    """The name pytest-bdd gives the test of scenario ``name``, without ``test_`` (9.0.1)."""
    return make_python_name(name)


def report_context(report: pytest.TestReport) -> dict[str, Any] | None:
    """The scenario data pytest-bdd keeps for ``report`` (``--cucumberjson``), or ``None``.

    ``pytest_bdd.reporting.test_report_context_registry`` (9.0.1), a weak map keyed by the
    report object.
    """
    context = test_report_context_registry.get(report)
    return None if context is None else {"scenario": context.scenario, "name": context.name}


def restore_report_context(report: pytest.TestReport, carried: Mapping[str, Any]) -> None:
    """Give pytest-bdd back the scenario data :func:`report_context` took (``ReportContext``)."""
    if report not in test_report_context_registry:
        test_report_context_registry[report] = ReportContext(**carried)
