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

import sys
import weakref
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from pytest_bdd.compat import get_fixture_names, getfixturedefs
from pytest_bdd.parser import Feature, FeatureParser, Scenario, ScenarioTemplate, Step
from pytest_bdd.reporting import ReportContext, test_report_context_registry
from pytest_bdd.scenario import make_python_name, scenario_wrapper_template_registry
from pytest_bdd.steps import step_function_context_registry

CHECKED_AGAINST = "9.0.1"
"""The pytest-bdd version every wrapper below was checked against."""

PRIVATE_NAMES = (
    ("pytest_bdd.compat", "get_fixture_names"),
    ("pytest_bdd.compat", "getfixturedefs"),
    ("pytest_bdd.parser", "Feature"),
    ("pytest_bdd.parser", "FeatureParser"),
    ("pytest_bdd.parser", "Scenario"),
    ("pytest_bdd.parser", "ScenarioTemplate"),
    ("pytest_bdd.parser", "Step"),
    ("pytest_bdd.reporting", "ReportContext"),
    ("pytest_bdd.reporting", "test_report_context_registry"),
    ("pytest_bdd.scenario", "find_fixturedefs_for_step"),
    ("pytest_bdd.scenario", "make_python_name"),
    ("pytest_bdd.scenario", "scenario_wrapper_template_registry"),
    ("pytest_bdd.steps", "step_function_context_registry"),
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


_VISIBLE: weakref.WeakKeyDictionary[Any, dict[str, list[tuple[Any, Any]]]] = (
    weakref.WeakKeyDictionary()
)
"""Per pytest ``FixtureManager`` (one a session), per parent node id: the step definitions
its tests see, with their pytest-bdd step contexts, in pytest-bdd's order."""


def remember_step_lookups() -> None:
    """Make pytest-bdd list the step definitions a test sees once per test module, not per step.

    ``pytest_bdd.scenario.find_fixturedefs_for_step`` (9.0.1) runs before every step of
    every scenario: it asks pytest, for each of the session's fixture names (about 560
    here: every step definition is a fixture), which definitions the test sees, then keeps
    those that are step definitions of the step's type whose parser matches its text:
    about 20 ms a step, a tenth of a scenario's time. The first part depends only on where
    the test sits: a step definition is a fixture of a module, a ``conftest.py`` or a
    plugin, so every test of one module sees the same ones. It is done once per parent node
    id and kept for the session; the second part (type and parser) runs for every step,
    in the same order as pytest-bdd's, and pytest-bdd still sorts and injects what it
    yields, as before. Idempotent.

    Source: pytest-bdd's ``inject_fixturedefs_for_step`` calls the module-level function by
    name; the replacement reads ``pytest_bdd.compat.get_fixture_names`` and
    ``getfixturedefs`` and ``pytest_bdd.steps.step_function_context_registry`` as the
    original does (9.0.1). :data:`PRIVATE_NAMES` lists them, so an upgrade that drops one
    is named by ``tests/test_bdd_private.py``.
    """
    module = sys.modules["pytest_bdd.scenario"]  # the package exports a function of that name
    if getattr(module.find_fixturedefs_for_step, "remembers_lookups", False):
        return

    def visible_step_definitions(fixturemanager: Any, node: Any) -> list[tuple[Any, Any]]:
        parent = node.parent if node.parent is not None else node
        known = _VISIBLE.setdefault(fixturemanager, {})
        if parent.nodeid not in known:
            found: dict[int, tuple[Any, Any]] = {}
            for name in get_fixture_names(fixturemanager):
                for fixturedef in getfixturedefs(fixturemanager, name, node) or []:
                    context = step_function_context_registry.get(fixturedef.func)
                    if context is not None:
                        found.setdefault(id(fixturedef), (fixturedef, context))
            known[parent.nodeid] = list(found.values())
        return known[parent.nodeid]

    def remembered(step: Step, fixturemanager: Any, node: Any) -> Iterator[Any]:
        for fixturedef, context in visible_step_definitions(fixturemanager, node):
            if context.type is not None and context.type != step.type:
                continue
            if context.parser.is_matching(step.name):
                yield fixturedef

    remembered.remembers_lookups = True  # type: ignore[attr-defined]
    setattr(module, "find_fixturedefs_for_step", remembered)  # noqa: B010 - a private name
