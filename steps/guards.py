"""Guards: a scenario that could pass without checking anything fails instead.

Called from the pytest-bdd hooks of :mod:`steps.plugin`: a scenario with no steps or no
Then step, an ``async def`` step (pytest-bdd would never await it), and an app that
crashed or stopped during a step that does not quit it.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import pytest

from steps.bdd_private import Feature, Scenario, Step
from steps.stash import DRIVER_KEY
from steps.tracebacks import summarize_exception
from steps.verdicts import ImplementationError


def check_scenario(feature: Feature, scenario: Scenario) -> None:
    """Fail a scenario that has no steps or no Then step: it could never fail."""
    keywords = [step.type for step in scenario.steps]
    if not keywords:
        pytest.fail(
            f"{feature.filename}: scenario {scenario.name!r} has no steps (a keyword typo "
            "turns steps into description text)",
            pytrace=False,
        )
    if "then" not in keywords:
        pytest.fail(
            f"{feature.filename}: scenario {scenario.name!r} has no Then step, so it checks "
            "nothing",
            pytrace=False,
        )


def check_step_function(step: Step, step_func: Callable[..., Any]) -> None:
    """Refuse ``async def`` steps: pytest-bdd would never await them and they would pass."""
    if inspect.iscoroutinefunction(step_func):
        pytest.fail(
            f"step {step.keyword} {step.name!r} is implemented by an async def "
            f"({step_func.__module__}.{step_func.__name__}); pytest-bdd does not await steps. "
            "Make it a def that calls driver.run(...)",
            pytrace=False,
        )


def check_app_alive(request: pytest.FixtureRequest, step: Step) -> None:
    """After each step, the app must still run, unless the step quit it on purpose.

    Raises:
        ImplementationError: The app crashed, or stopped during a step that does not quit it.
    """
    instance = request.node.stash.get(DRIVER_KEY, None)
    if instance is None or not instance.app_made:
        return
    if instance.crash is not None:
        instance.crash_reported = True
        raise ImplementationError(
            f"the app crashed during step '{step.keyword} {step.name}': "
            f"{summarize_exception(instance.crash)}"
        )
    if not instance.running and not instance.exit_expected:
        raise ImplementationError(
            f"the app stopped during step '{step.keyword} {step.name}', which does not quit "
            "it; later steps would act on a dead app"
        )
