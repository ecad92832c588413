"""The pytest plugin of the harness: wiring only.

Registered from the root ``conftest.py``. Each hook below is one to three lines calling
the module that owns the concern, as pytest-bdd's own ``plugin.py`` does: settings
(``add_options``/``configure`` of :mod:`steps.loading`, :mod:`steps.watchdog`,
:mod:`steps.terminal`, :mod:`steps.fail_on`, :mod:`steps.explore.options`,
:mod:`steps.selection`), tags (:mod:`steps.tags`), which scenarios run
(:mod:`steps.selection`), the scenario's driver (:mod:`steps.scenario_driver`), verdict
counting (:mod:`steps.tally`) and guards (:mod:`steps.guards`). Each profile's fixtures
and steps come from its own plugin, ``steps/<profile>/plugin.py``, which its
:class:`~steps.profiles.Profile` entry names. Resolved
settings live in ``config.stash``; nothing is kept in module globals.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

import pytest

from steps import (
    bdd_private,
    fail_on,
    guards,
    loading,
    memory,
    scenario_driver,
    selection,
    tags,
    tally,
    terminal,
    watchdog,
)
from steps.bdd_private import Feature, Scenario, Step
from steps.clauses import CatalogueError
from steps.explore import options as explore_options
from steps.explore.core import ExploreSettingError
from steps.explore.runner import BUDGET_KEY
from steps.profiles import PROFILES

pytest_plugins = [
    "steps.report.plugin",
    "steps.feature_files",
    "steps.wire",
    *(profile.plugin for profile in PROFILES),
]

SETTINGS = (loading, watchdog, terminal, fail_on, explore_options, selection)
"""Modules owning a setting, each with ``add_options(parser)`` and ``configure(config)``."""
SETTING_ERRORS = (
    loading.AdapterError,
    watchdog.TimeoutSettingError,
    terminal.TerminalSizeError,
    fail_on.FailOnError,
    ExploreSettingError,
    CatalogueError,
)
"""What a ``configure`` raises for a bad value; each message names the value's source."""


def pytest_addoption(parser: pytest.Parser) -> None:
    """Register every setting's option and ini key (``--adapter``, ``--clause``, ...)."""
    for owner in SETTINGS:
        owner.add_options(parser)


def pytest_configure(config: pytest.Config) -> None:
    """Register markers, load the adapter and resolve every setting.

    Raises:
        pytest.UsageError: A setting is bad (the adapter cannot be loaded or does not fit
            the contract, a bound is not a number, ...); the message names its source.
    """
    tags.register_markers(config)
    bdd_private.remember_step_lookups()
    try:
        for owner in SETTINGS:
            owner.configure(config)
    except SETTING_ERRORS as error:
        raise pytest.UsageError(str(error)) from error


def pytest_report_header(config: pytest.Config) -> list[str]:
    """Echo the implementations under test and the bounds, so every run says what it checked."""
    settings = (
        f"scenario timeout: {config.stash[watchdog.TIMEOUT_KEY].describe()}; "
        f"terminal size: {config.stash[terminal.SIZE_KEY].describe()}; "
        f"fail on: {config.stash[fail_on.FAIL_ON_KEY].describe()}; "
        f"exploration: {config.stash[BUDGET_KEY].describe()}"
    )
    return [*loading.header_lines(config), settings, *selection.header_lines(config)]


@pytest.hookimpl(tryfirst=True)
def pytest_bdd_apply_tag(tag: str, function: Callable[..., Any]) -> bool | None:
    """Turn the harness's tags into markers (``steps.tags``), before pytest-bdd's own hook.

    ``tryfirst``: pytest-bdd's implementation (a marker named as the tag) ends this
    first-result hook, and it runs first when it was registered last, as it is when the
    harness is loaded by ``-p`` or its ``pytest11`` entry point, not a ``conftest.py``.
    """
    return tags.apply_tag(tag, function)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Apply ``--clause``; mark each scenario with its profile, skip what is not claimed."""
    selection.select(config, items)
    selection.mark_profiles(config, items)


def pytest_collection_finish() -> None:
    """Keep Python's collector off what start-up and collection built (``steps.memory``)."""
    memory.freeze_start_up()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, None, object]:
    """Once the scenario is reported, let its driver and app go (``steps.scenario_driver``)."""
    try:
        return (yield)
    finally:
        scenario_driver.release(item)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    """Disarm the scenario's watchdog when its steps end: teardown has its own bounds."""
    try:
        return (yield)
    finally:
        scenario_driver.disarm(item)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Attach each phase's verdict (``steps.tally``) and the parts the scenario used."""
    report: pytest.TestReport = yield
    tally.mark_report(item, call, report)
    scenario_driver.mark_parts(item, report)
    return report


@pytest.hookimpl(tryfirst=True)
def pytest_report_teststatus(
    report: pytest.CollectReport | pytest.TestReport, config: pytest.Config
) -> tuple[str, str, str] | None:
    """Count a scenario's report under its verdict, or not at all (``steps.tally``)."""
    return tally.teststatus(report)


@pytest.hookimpl(trylast=True)
def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Give the report counting an XPASS its reason, once every plugin read it."""
    tally.give_xpass_reason(report)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Show what pytest's own sections leave out: TIMEOUT scenarios, folded teardowns."""
    tally.terminal_summary(terminalreporter)


def pytest_bdd_before_scenario(
    request: pytest.FixtureRequest, feature: Feature, scenario: Scenario
) -> None:
    """Fail a scenario that has no steps or no Then step (``steps.guards``)."""
    guards.check_scenario(feature, scenario)


def pytest_bdd_before_step_call(
    request: pytest.FixtureRequest,
    feature: Feature,
    scenario: Scenario,
    step: Step,
    step_func: Callable[..., Any],
    step_func_args: dict[str, Any],
) -> None:
    """Refuse ``async def`` steps (``steps.guards``)."""
    guards.check_step_function(step, step_func)


def pytest_bdd_after_step(
    request: pytest.FixtureRequest,
    feature: Feature,
    scenario: Scenario,
    step: Step,
    step_func: Callable[..., Any],
    step_func_args: dict[str, Any],
) -> None:
    """After each step, the app must still run, unless the step quit it (``steps.guards``)."""
    guards.check_app_alive(request, step)
