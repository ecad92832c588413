"""The pytest plugin of the harness: options, the adapter, fixtures, clause tags, guards.

Registered from the root ``conftest.py``. Resolved settings live in ``config.stash``
under :data:`ADAPTER_KEY`; nothing is kept in module globals.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any

import pytest
from pytest_bdd.parser import Feature, Scenario, Step

from steps import loading, terminal, watchdog
from steps.adapter import Adapter, ChatScreenAdapter, ScenarioContext
from steps.checks import cited_clauses
from steps.clauses import CLAUSE_TAG, LEVELS, CatalogueError, find_clause
from steps.driver import Driver
from steps.profiles import PROFILES, profile_of
from steps.smoke import smoke_check
from steps.tracebacks import summarize_exception as summarize_exception  # re-exported
from steps.verdicts import (
    ImplementationError,
    ImplementationTimeout,
    TimeoutInterrupt,
    Verdict,
    classify,
    combine,
)

ADAPTER_KEY = pytest.StashKey[Adapter]()
"""The loaded adapter of this run."""
SPEC_KEY = pytest.StashKey[loading.AdapterSpec]()
"""Where the adapter came from (for the report header)."""
PHASES_KEY = pytest.StashKey[dict[str, Verdict]]()
"""Verdict of each phase (setup, call, teardown) of the item run so far."""
DRIVER_KEY = pytest.StashKey[Driver]()
"""The scenario's driver, on the item's stash, once the ``driver`` fixture made it."""
TIMEOUT_KEY = pytest.StashKey[watchdog.TimeoutSetting]()
"""The per-scenario time bound of this run."""
SIZE_KEY = pytest.StashKey[terminal.TerminalSize]()
"""The terminal size of this run's scenarios."""
SMOKE_KEY = pytest.StashKey[str]()
"""Why the smoke check was inconclusive, when it was (for the report header)."""

pytest_plugins = ["steps.report.plugin", *(m for profile in PROFILES for m in profile.step_modules)]


def pytest_addoption(parser: pytest.Parser) -> None:
    """Register ``--adapter``, ``--scenario-timeout``, ``--terminal-size``, ``--clause``."""
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
    group.addoption(
        watchdog.OPTION,
        default=None,
        metavar="SECONDS",
        help="bound of each scenario, blocking code included; past it the verdict is TIMEOUT "
        f"(falls back to ${watchdog.ENV_VAR}, then the {watchdog.INI_KEY} ini key, then "
        f"{watchdog.DEFAULT_TIMEOUT:g}; 0 means no bound)",
    )
    parser.addini(
        watchdog.INI_KEY, f"scenario bound when {watchdog.OPTION} is not given", default=""
    )
    group.addoption(
        terminal.SETTING.option,
        default=None,
        metavar="COLSxROWS",
        help="terminal size of every scenario that names none, e.g. 120x40 (falls back to "
        f"${terminal.SETTING.env_var}, then the {terminal.SETTING.ini_key} ini key, then "
        f"{terminal.DEFAULT_SIZE[0]}x{terminal.DEFAULT_SIZE[1]})",
    )
    parser.addini(
        terminal.SETTING.ini_key,
        f"terminal size when {terminal.SETTING.option} is not given",
        default="",
    )
    group.addoption(
        "--clause",
        action="append",
        default=[],
        metavar="ID",
        help="run only the scenarios citing this clause (repeatable; ids as in "
        "docs/spec/<profile>.md)",
    )


def pytest_configure(config: pytest.Config) -> None:
    """Register markers and load the adapter.

    Raises:
        pytest.UsageError: The adapter cannot be loaded or does not fit the contract;
            the message names the setting it came from.
    """
    config.addinivalue_line("markers", "clause(id): the scenario verifies this spec clause")
    config.addinivalue_line(
        "markers", "scenario_timeout(seconds): this scenario's own bound (steps.watchdog)"
    )
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
    try:
        config.stash[TIMEOUT_KEY] = watchdog.resolve_timeout(
            config.getoption("scenario_timeout"),
            config.getini(watchdog.INI_KEY),
            loading.environ(),
        )
    except watchdog.TimeoutSettingError as error:
        raise pytest.UsageError(str(error)) from error
    try:
        config.stash[SIZE_KEY] = terminal.resolve_size(
            config.getoption("terminal_size"),
            config.getini(terminal.SETTING.ini_key),
            loading.environ(),
        )
    except terminal.TerminalSizeError as error:
        raise pytest.UsageError(str(error)) from error
    for clause_id in config.getoption("clause"):
        try:
            find_clause(clause_id)
        except CatalogueError as error:
            raise pytest.UsageError(f"--clause {clause_id}: {error}") from error


def pytest_report_header(config: pytest.Config) -> list[str]:
    """Echo the implementation under test and the bound, so every run says what it checked."""
    adapter = config.stash[ADAPTER_KEY]
    spec = config.stash[SPEC_KEY]
    lines = [
        f"adapter: {adapter.name} {adapter.implementation_version} "
        f"({spec.spec}, from {spec.source}); profiles: {', '.join(adapter.profiles)}",
        f"scenario timeout: {config.stash[TIMEOUT_KEY].describe()}; "
        f"terminal size: {config.stash[SIZE_KEY].describe()}",
    ]
    if SMOKE_KEY in config.stash:
        lines.append(f"smoke check inconclusive: {config.stash[SMOKE_KEY]}")
    return lines


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session: pytest.Session) -> None:
    """Run the smoke check (``steps.smoke``) once, before any scenario.

    Skipped in xdist workers (the controller runs it), with ``--collect-only``, and when
    no argument of the run reaches the features of a profile the adapter claims.

    Raises:
        pytest.UsageError: The adapter is miswired; the message lists each problem.
    """
    config = session.config
    adapter = config.stash[ADAPTER_KEY]
    if hasattr(config, "workerinput") or config.option.collectonly:
        return
    if not isinstance(adapter, ChatScreenAdapter) or not _runs_features(config, adapter):
        return
    result = smoke_check(adapter, config.stash[TIMEOUT_KEY])
    if result.note is not None:
        config.stash[SMOKE_KEY] = result.note
    if result.problems:
        spec = config.stash[SPEC_KEY]
        listed = "".join(f"\n  - {problem}" for problem in result.problems)
        raise pytest.UsageError(
            f"adapter {adapter.name!r} ({spec.spec}, from {spec.source}) failed the smoke "
            f"check, so no scenario was run:{listed}\n"
            "Fix these members of the adapter (steps/adapter.py documents each one) and run "
            "again."
        )


def _runs_features(config: pytest.Config, adapter: Adapter) -> bool:
    """Whether an argument of the run is, holds or lies in a claimed profile's features."""
    root = Path(config.invocation_params.dir)
    folders = [profile.features_dir for profile in PROFILES if profile.name in adapter.profiles]
    for arg in config.args:
        path = (root / arg.split("::", 1)[0]).resolve()
        if any(path.is_relative_to(folder) or folder.is_relative_to(path) for folder in folders):
            return True
    return False


def pytest_bdd_apply_tag(tag: str, function: Callable[..., Any]) -> bool | None:
    """Turn ``@clause:<id>`` into ``clause(<id>)`` plus the clause's level marker.

    ``@scenario_timeout:<seconds>`` becomes the ``scenario_timeout(seconds)`` marker.

    Raises:
        steps.clauses.CatalogueError: The tag cites a clause no catalogue has.
        steps.watchdog.TimeoutSettingError: A scenario_timeout tag is not a number.
    """
    if tag.startswith(watchdog.TAG):
        pytest.mark.scenario_timeout(watchdog.tag_seconds(tag))(function)
        return True
    if not tag.startswith(CLAUSE_TAG):
        return None
    try:
        clause = find_clause(tag.removeprefix(CLAUSE_TAG))
    except CatalogueError as error:
        raise CatalogueError(f"tag @{tag}: {error}") from error
    pytest.mark.clause(clause.id)(function)
    getattr(pytest.mark, clause.level.lower())(function)
    return True


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark each scenario with its profile; skip profiles the adapter does not claim.

    With ``--clause``, deselect every scenario citing none of the given clauses.
    """
    wanted = set(config.getoption("clause"))
    if wanted:
        citing = {item.nodeid for item in items if wanted & set(cited_clauses(item))}
        dropped = [item for item in items if item.nodeid not in citing]
        if dropped:
            config.hook.pytest_deselected(items=dropped)
            items[:] = [item for item in items if item.nodeid in citing]
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
def driver(
    request: pytest.FixtureRequest,
    adapter: ChatScreenAdapter,
    pytestconfig: pytest.Config,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Driver]:
    """A driver for this scenario; a Given step starts its app.

    The scenario's :class:`~steps.adapter.ScenarioContext` holds a fresh directory from
    pytest's temporary directories. Always stopped afterwards, within a bound, and the
    adapter's ``end_scenario`` called; then nothing of the scenario may be left (choice
    spy, event loop, task, thread).

    Raises:
        ImplementationError: Something of the scenario outlived it, or the adapter's
            ``end_scenario`` raised (at teardown).
    """
    marker = request.node.get_closest_marker("scenario_timeout")
    bound = watchdog.for_scenario(pytestconfig.stash[TIMEOUT_KEY], marker and marker.args[0])
    context = ScenarioContext(
        _scenario_name(request.node), tmp_path_factory.mktemp("scenario", numbered=True)
    )
    instance = Driver(
        adapter,
        size=pytestconfig.stash[SIZE_KEY].cells,
        timeout=bound.seconds,
        timeout_source=bound.source,
        context=context,
    )
    request.node.stash[DRIVER_KEY] = instance
    try:
        yield instance
    finally:
        try:
            instance.stop()
        finally:
            instance.end_scenario()
    leaks = instance.leaks()
    if leaks:
        raise ImplementationError("the scenario left things behind: " + "; ".join(leaks))


def _scenario_name(item: pytest.Item) -> str:
    """The scenario's name, an outline's example values filled in; else the test's name."""
    from steps.report.capture import example_context, template_of  # it imports this module

    template = template_of(item)
    if template is None:
        return item.name
    context = example_context(item)
    return template.render(context).name if context else template.name


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    """Disarm the scenario's watchdog when its steps end: teardown has its own bounds."""
    try:
        return (yield)
    finally:
        instance = item.stash.get(DRIVER_KEY, None)
        if instance is not None:
            instance.watchdog.disarm()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Attach each phase's verdict, and at teardown the scenario's (``steps.verdicts``).

    An ERROR or TIMEOUT of the implementation is reported as its message, which names the
    implementation's own frame, not as a traceback through Textual and the harness.
    """
    report: pytest.TestReport = yield
    phases = item.stash.setdefault(PHASES_KEY, {})
    phases[report.when] = classify(report, call)
    report.user_properties.append(("phase_verdict", phases[report.when].value))
    if report.when == "teardown":
        report.user_properties.append(("verdict", combine(phases).value))
    excinfo = call.excinfo
    own = (ImplementationError, ImplementationTimeout, TimeoutInterrupt)
    if excinfo is not None and excinfo.errisinstance(own) and not report.passed:
        report.longrepr = excinfo.getrepr(style="value", chain=False)
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
