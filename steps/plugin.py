"""The pytest plugin of the harness: options, the adapter, fixtures, clause tags, guards.

Registered from the root ``conftest.py``. Resolved settings live in ``config.stash``
under :data:`ADAPTER_KEY`; nothing is kept in module globals.
"""

from __future__ import annotations

import inspect
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from pytest_bdd.parser import Feature, Scenario, Step

from steps import loading
from steps.adapter import Adapter, ChatScreenAdapter
from steps.clauses import CLAUSE_TAG, LEVELS, find_clause
from steps.driver import Driver
from steps.profiles import PROFILES, profile_of
from steps.verdicts import ImplementationError, Verdict, classify, combine

ADAPTER_KEY = pytest.StashKey[Adapter]()
"""The loaded adapter of this run."""
SPEC_KEY = pytest.StashKey[loading.AdapterSpec]()
"""Where the adapter came from (for the report header)."""
PHASES_KEY = pytest.StashKey[dict[str, Verdict]]()
"""Verdict of each phase (setup, call, teardown) of the item run so far."""
DRIVER_KEY = pytest.StashKey[Driver]()
"""The scenario's driver, on the item's stash, once the ``driver`` fixture made it."""

pytest_plugins = ["steps.report.plugin", *(m for profile in PROFILES for m in profile.step_modules)]


def pytest_addoption(parser: pytest.Parser) -> None:
    """Register ``--adapter`` and the ``chat_adapter`` ini key."""
    group = parser.getgroup("chat-conformance", "chat screen conformance")
    group.addoption(
        "--adapter",
        default=None,
        metavar="SPEC",
        help="implementation under test: 'package.module:attr' or 'path/to/file.py:attr' "
        f"(falls back to ${loading.ENV_VAR}, then the {loading.INI_KEY} ini key, "
        "then the reference app)",
    )
    parser.addini(loading.INI_KEY, "adapter spec used when --adapter is not given", default="")


def pytest_configure(config: pytest.Config) -> None:
    """Register markers and load the adapter.

    Raises:
        pytest.UsageError: The adapter cannot be loaded or does not fit the contract;
            the message names the setting it came from.
    """
    config.addinivalue_line("markers", "clause(id): the scenario verifies this spec clause")
    for level in LEVELS:
        config.addinivalue_line(
            "markers", f"{level.lower()}: the scenario verifies a {level}-level clause"
        )
    for profile in PROFILES:
        config.addinivalue_line("markers", f"{profile.name}: scenario of profile {profile.title}")
    spec = loading.resolve_spec(
        config.getoption("adapter"), config.getini(loading.INI_KEY), loading.environ()
    )
    try:
        config.stash[ADAPTER_KEY] = loading.load_adapter(spec, Path(config.invocation_params.dir))
    except loading.AdapterError as error:
        raise pytest.UsageError(str(error)) from error
    config.stash[SPEC_KEY] = spec


def pytest_report_header(config: pytest.Config) -> str:
    """Echo the implementation under test, so every run says what it checked."""
    adapter = config.stash[ADAPTER_KEY]
    spec = config.stash[SPEC_KEY]
    return (
        f"adapter: {adapter.name} {adapter.implementation_version} "
        f"({spec.spec}, from {spec.source}); profiles: {', '.join(adapter.profiles)}"
    )


def pytest_bdd_apply_tag(tag: str, function: Callable[..., Any]) -> bool | None:
    """Turn ``@clause:<id>`` into ``clause(<id>)`` plus the clause's level marker.

    Raises:
        steps.clauses.CatalogueError: The tag cites a clause no catalogue has.
    """
    if not tag.startswith(CLAUSE_TAG):
        return None
    clause = find_clause(tag.removeprefix(CLAUSE_TAG))
    pytest.mark.clause(clause.id)(function)
    getattr(pytest.mark, clause.level.lower())(function)
    return True


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark each scenario with its profile; skip profiles the adapter does not claim."""
    adapter = config.stash[ADAPTER_KEY]
    for item in items:
        profile = profile_of(Path(item.path))
        if profile is None:
            continue
        item.add_marker(getattr(pytest.mark, profile.name))
        if profile.name not in adapter.profiles:
            item.add_marker(
                pytest.mark.skip(
                    reason=f"not claimed: adapter {adapter.name!r} does not claim "
                    f"profile {profile.name!r}"
                )
            )


@pytest.fixture(scope="session")
def adapter(pytestconfig: pytest.Config) -> Adapter:
    """The adapter of the implementation under test."""
    return pytestconfig.stash[ADAPTER_KEY]


@pytest.fixture
def driver(request: pytest.FixtureRequest, adapter: ChatScreenAdapter) -> Iterator[Driver]:
    """A driver for this scenario; a Given step starts its app. Always stopped afterwards."""
    instance = Driver(adapter)
    request.node.stash[DRIVER_KEY] = instance
    try:
        yield instance
    finally:
        instance.stop()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Iterator[None]:
    """Attach each phase's verdict, and at teardown the scenario's (``steps.verdicts``)."""
    report: pytest.TestReport = yield
    phases = item.stash.setdefault(PHASES_KEY, {})
    phases[report.when] = classify(report, call)
    report.user_properties.append(("phase_verdict", phases[report.when].value))
    if report.when == "teardown":
        report.user_properties.append(("verdict", combine(phases).value))
    return report


# -- guards ---------------------------------------------------------------------------


def pytest_bdd_before_scenario(
    request: pytest.FixtureRequest, feature: Feature, scenario: Scenario
) -> None:
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


def pytest_bdd_before_step_call(
    request: pytest.FixtureRequest,
    feature: Feature,
    scenario: Scenario,
    step: Step,
    step_func: Callable[..., Any],
    step_func_args: dict[str, Any],
) -> None:
    """Refuse ``async def`` steps: pytest-bdd would never await them and they would pass."""
    if inspect.iscoroutinefunction(step_func):
        pytest.fail(
            f"step {step.keyword} {step.name!r} is implemented by an async def "
            f"({step_func.__module__}.{step_func.__name__}); pytest-bdd does not await steps. "
            "Make it a def that calls driver.run(...)",
            pytrace=False,
        )


def pytest_bdd_after_step(
    request: pytest.FixtureRequest,
    feature: Feature,
    scenario: Scenario,
    step: Step,
    step_func: Callable[..., Any],
    step_func_args: dict[str, Any],
) -> None:
    """After each step, the app must still run, unless the step quit it on purpose."""
    instance = request.node.stash.get(DRIVER_KEY, None)
    if instance is None or instance._app is None:
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


def summarize_exception(error: BaseException) -> str:
    """``Type: message (at file:line in function)``, pointing at the innermost app frame.

    Frames of Textual, Rich, asyncio and the harness are skipped, so the location names
    the implementation's own code whenever it is on the stack.
    """
    frames = traceback.extract_tb(error.__traceback__)
    own = [frame for frame in frames if not _is_library_frame(frame.filename)]
    where = ""
    if own or frames:
        frame = (own or frames)[-1]
        where = f" (at {frame.filename}:{frame.lineno} in {frame.name})"
    return f"{type(error).__name__}: {error}{where}"


def _is_library_frame(filename: str) -> bool:
    parts = Path(filename).parts
    return any(part in parts for part in ("textual", "rich", "asyncio", "steps", "pytest_bdd"))
