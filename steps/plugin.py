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
from pytest_bdd.scenario import scenario_wrapper_template_registry

from steps import audit, fail_on, loading, terminal, watchdog
from steps.adapter import Adapter, ChatScreenAdapter, ScenarioContext
from steps.app_driver import AppDriver
from steps.chat_screen.driver import Driver
from steps.chat_screen.smoke import smoke_check
from steps.checks import cited_clauses
from steps.clauses import CLAUSE_TAG, LEVELS, CatalogueError, find_clause
from steps.explore import core as explore
from steps.explore.runner import BUDGET_KEY
from steps.profiles import PROFILES, Profile, profile_of
from steps.tracebacks import summarize_exception as summarize_exception  # re-exported
from steps.verdicts import (
    UNATTRIBUTED_PREFIX,
    HarnessError,
    ImplementationError,
    ImplementationTimeout,
    TimeoutInterrupt,
    Verdict,
    classify,
    combine,
    counted,
    unattributed,
)

ADAPTER_KEY = pytest.StashKey[Adapter]()
"""The adapter the setting names; with no setting, profile ``chat_screen``'s reference."""
ADAPTERS_KEY = pytest.StashKey[dict[str, Adapter]]()
"""The adapter of each profile this run checks, by profile name."""
SPEC_KEY = pytest.StashKey[loading.AdapterSpec]()
"""Where the adapter came from (for the report header)."""
PHASES_KEY = pytest.StashKey[dict[str, Verdict]]()
"""Verdict of each phase (setup, call, teardown) of the item run so far."""
DRIVER_KEY = pytest.StashKey[AppDriver]()
"""The scenario's driver, on the item's stash, once the ``driver`` fixture made it."""
TIMEOUT_KEY = pytest.StashKey[watchdog.TimeoutSetting]()
"""The per-scenario time bound of this run."""
SIZE_KEY = pytest.StashKey[terminal.TerminalSize]()
"""The terminal size of this run's scenarios."""
FAIL_ON_KEY = pytest.StashKey[fail_on.FailOn]()
"""This run's ``--fail-on`` choice (``steps.fail_on``)."""
SMOKE_KEY = pytest.StashKey[str]()
"""Why the smoke check was inconclusive, when it was (for the report header)."""
COUNTED_ATTR = "counted_as"
"""Report attribute of a scenario's phase: the verdict it is counted under, or ``""``."""
PART_TAG = "part:"
"""Prefix of the Gherkin tag naming a part a scenario needs beyond its clauses': ``@part:4``."""
XPASS_KEY = pytest.StashKey[str]()
"""Why a scenario's call was an XPASS (its xfail reason), for the report that counts it."""
XPASS_ATTR = "xpass_reason"
"""Report attribute carrying :data:`XPASS_KEY` to the report counted as ``xpassed``."""
STATUS = {
    Verdict.PASSED: (".", "PASSED"),
    Verdict.FAILED: ("F", "FAILED"),
    Verdict.ERROR: ("E", "ERROR"),
    Verdict.TIMEOUT: ("T", "TIMEOUT"),
    Verdict.SKIPPED: ("s", "SKIPPED"),
    Verdict.XFAILED: ("x", "XFAIL"),
    Verdict.XPASSED: ("X", "XPASS"),
}
"""Progress letter and verbose word of each verdict in pytest's terminal output."""

pytest_plugins = [
    "steps.report.plugin",
    "steps.feature_files",
    "steps.wire",
    *(m for profile in PROFILES for m in profile.step_modules),
]


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
        fail_on.SETTING.option,
        default=None,
        metavar="must|should|any",
        help="which results fail the run: 'must' exits 0 when no MUST clause of a claimed "
        "profile fails or goes unreached, whatever SHOULD, MAY and HARDENING do; 'should' "
        "likewise for MUST and SHOULD; 'any' (default) is pytest's status (falls back to "
        f"${fail_on.SETTING.env_var}, then the {fail_on.SETTING.ini_key} ini key)",
    )
    parser.addini(
        fail_on.SETTING.ini_key,
        f"--fail-on choice when {fail_on.SETTING.option} is not given",
        default="",
    )
    group.addoption(
        explore.EXAMPLES.option,
        default=None,
        metavar="N",
        help="sessions the exploration runs per profile (exploration.feature; falls back to "
        f"${explore.EXAMPLES.env_var}, then the {explore.EXAMPLES.ini_key} ini key, then "
        f"{explore.DEFAULT_EXAMPLES}; 0 turns it off)",
    )
    parser.addini(explore.EXAMPLES.ini_key, "exploration sessions per profile", default="")
    group.addoption(
        explore.SEED.option,
        default=None,
        metavar="S",
        help="the exploration's seed (falls back to "
        f"${explore.SEED.env_var}, then the {explore.SEED.ini_key} ini key, then "
        f"{explore.DEFAULT_SEED})",
    )
    parser.addini(explore.SEED.ini_key, "the exploration's seed", default="")
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
    config.addinivalue_line(
        "markers", "needs_part(n): the scenario needs part n of its profile (tag @part:n)"
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
    root = Path(config.invocation_params.dir)
    try:
        if spec.is_default:  # every profile against its own reference implementation
            adapters = {
                profile.name: loading.load_adapter(
                    loading.AdapterSpec(profile.reference_adapter, spec.source), root
                )
                for profile in PROFILES
            }
            config.stash[ADAPTER_KEY] = next(iter(adapters.values()))
        else:
            adapter = loading.load_adapter(spec, root)
            adapters = {name: adapter for name in adapter.profiles}
            config.stash[ADAPTER_KEY] = adapter
    except loading.AdapterError as error:
        raise pytest.UsageError(str(error)) from error
    config.stash[ADAPTERS_KEY] = adapters
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
    try:
        config.stash[FAIL_ON_KEY] = fail_on.resolve_fail_on(
            config.getoption("fail_on"), config.getini(fail_on.SETTING.ini_key), loading.environ()
        )
    except fail_on.FailOnError as error:
        raise pytest.UsageError(str(error)) from error
    try:
        config.stash[BUDGET_KEY] = explore.resolve_budget(
            (config.getoption("explore"), config.getoption("explore_seed")),
            (config.getini(explore.EXAMPLES.ini_key), config.getini(explore.SEED.ini_key)),
            loading.environ(),
        )
    except explore.ExploreSettingError as error:
        raise pytest.UsageError(str(error)) from error
    for clause_id in config.getoption("clause"):
        try:
            find_clause(clause_id)
        except CatalogueError as error:
            raise pytest.UsageError(f"--clause {clause_id}: {error}") from error


def pytest_report_header(config: pytest.Config) -> list[str]:
    """Echo the implementations under test and the bounds, so every run says what it checked.

    One ``adapter:`` line per implementation, naming the profiles it is checked for.
    """
    spec = config.stash[SPEC_KEY]
    lines = []
    for name, adapter in config.stash[ADAPTERS_KEY].items():
        where = adapter_spec(config, name)
        profiles = [p for p, a in config.stash[ADAPTERS_KEY].items() if a is adapter]
        if profiles[0] == name:
            lines.append(
                f"adapter: {adapter.name} {adapter.implementation_version} "
                f"({where}, from {spec.source}); profiles: {', '.join(profiles)}"
            )
    lines += [
        f"scenario timeout: {config.stash[TIMEOUT_KEY].describe()}; "
        f"terminal size: {config.stash[SIZE_KEY].describe()}; "
        f"fail on: {config.stash[FAIL_ON_KEY].describe()}; "
        f"exploration: {config.stash[BUDGET_KEY].describe()}",
    ]
    if SMOKE_KEY in config.stash:
        lines.append(f"smoke check inconclusive: {config.stash[SMOKE_KEY]}")
    selected = config.getoption("clause")
    if selected:
        lines.append(f"selection: only the scenarios citing --clause {', '.join(selected)}")
    return lines


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session: pytest.Session) -> None:
    """Run the smoke check (``steps.chat_screen.smoke``) once, before any scenario.

    Skipped in xdist workers (the controller runs it), with ``--collect-only``, and when
    no argument of the run reaches the features of a profile the adapter claims.

    Raises:
        pytest.UsageError: The adapter is miswired; the message lists each problem.
    """
    config = session.config
    adapter = config.stash[ADAPTERS_KEY].get("chat_screen", config.stash[ADAPTER_KEY])
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

    ``@scenario_timeout:<seconds>`` becomes the ``scenario_timeout(seconds)`` marker;
    ``@part:<n>`` the ``needs_part(n)`` marker (a part the scenario needs beyond its clauses').

    Raises:
        steps.clauses.CatalogueError: The tag cites a clause no catalogue has.
        steps.watchdog.TimeoutSettingError: A scenario_timeout tag is not a number.
    """
    if tag.startswith(watchdog.TAG):
        pytest.mark.scenario_timeout(watchdog.tag_seconds(tag))(function)
        return True
    if tag.startswith(PART_TAG):
        number = tag.removeprefix(PART_TAG)
        if not number.isdigit():
            raise CatalogueError(f"tag @{tag}: expected @{PART_TAG}<part number>, e.g. @part:4")
        pytest.mark.needs_part(int(number))(function)
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
    adapters = config.stash[ADAPTERS_KEY]
    for item in items:
        profile = profile_of(Path(item.path))
        if profile is None:
            continue
        item.add_marker(getattr(pytest.mark, profile.name))
        if profile.name not in adapters:
            item.add_marker(
                pytest.mark.skip(
                    reason=f"not claimed: adapter {adapter.name!r} does not claim "
                    f"profile {profile.name!r}"
                )
            )
        elif profile.parts:
            _skip_unclaimed_parts(item, profile, adapters[profile.name])


def _skip_unclaimed_parts(item: pytest.Item, profile: Profile, adapter: Adapter) -> None:
    """Skip ``item`` as "not claimed" when a clause it cites is of a part not claimed.

    A scenario needs the part of every clause it cites (the catalogue's ``part``), and each
    part its ``@part:<n>`` tags name: what it uses beyond its clauses (a stored
    conversation is part 4's lazy loading, a token part 3's).
    """
    claimed = {part.number for part in profile.claimed_parts(adapter)}
    needed = {find_clause(clause_id).part for clause_id in cited_clauses(item)}
    needed |= {int(mark.args[0]) for mark in item.iter_markers("needs_part")}
    unclaimed = [part for part in profile.parts if part.number in needed - claimed]
    if unclaimed:
        item.add_marker(
            pytest.mark.skip(
                reason=f"not claimed: adapter {adapter.name!r} claims parts "
                f"{', '.join(map(str, sorted(claimed)))} of profile {profile.name!r}; this "
                f"scenario needs {'; '.join(part.describe(profile.name) for part in unclaimed)}"
            )
        )


def adapter_for(config: pytest.Config, profile: str) -> Adapter:
    """The adapter checked for ``profile`` in this run.

    Raises:
        KeyError: No adapter of the run claims ``profile`` (its scenarios are skipped).
    """
    return config.stash[ADAPTERS_KEY][profile]


def adapter_spec(config: pytest.Config, profile: str) -> str:
    """The adapter spec ``profile``'s scenarios run through (its reference's, by default)."""
    spec = config.stash[SPEC_KEY]
    return spec.spec if not spec.is_default else _profile(profile).reference_adapter


def _profile(name: str) -> Any:
    return next(profile for profile in PROFILES if profile.name == name)


def scenario_data_dir(tmp_path: Path) -> Path:
    """A fresh, empty ``data`` directory inside the scenario's ``tmp_path``."""
    data = tmp_path / "data"
    data.mkdir()
    return data


def driver_settings(
    request: pytest.FixtureRequest,
) -> tuple[tuple[int, int], watchdog.TimeoutSetting, str]:
    """What every profile's driver fixture needs: terminal size, bound and scenario name."""
    config = request.config
    marker = request.node.get_closest_marker("scenario_timeout")
    bound = watchdog.for_scenario(config.stash[TIMEOUT_KEY], marker and marker.args[0])
    return config.stash[SIZE_KEY].cells, bound, _scenario_name(request.node)


@pytest.fixture(scope="session")
def adapter(pytestconfig: pytest.Config) -> Adapter:
    """The adapter of profile ``chat_screen``'s implementation under test."""
    return pytestconfig.stash[ADAPTERS_KEY].get("chat_screen", pytestconfig.stash[ADAPTER_KEY])


@pytest.fixture
def driver(
    request: pytest.FixtureRequest,
    adapter: ChatScreenAdapter,
    pytestconfig: pytest.Config,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[Driver]:
    """A driver for this scenario; a Given step starts its app.

    The scenario's :class:`~steps.adapter.ScenarioContext` holds a fresh directory inside
    ``tmp_path``. While the driver runs the app, network calls, processes and file writes
    outside ``tmp_path`` are refused and recorded (:mod:`steps.audit`). Always stopped
    afterwards, within a bound, and the adapter's ``end_scenario`` called; then nothing of
    the scenario may be left (choice spy, event loop, task, thread).

    Raises:
        ImplementationError: Something of the scenario outlived it, or the adapter's
            ``end_scenario`` raised (at teardown).
    """
    size, bound, name = driver_settings(request)
    instance = Driver(
        adapter,
        size=size,
        timeout=bound.seconds,
        timeout_source=bound.source,
        context=ScenarioContext(name, scenario_data_dir(tmp_path)),
    )
    instance.audit = audit.watch(tmp_path, monkeypatch)
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
    An unattributed check of a scenario (``steps.verdicts.unattributed``) is reported under
    ``UNATTRIBUTED_PREFIX``, with its traceback: the harness line to fix. Other tests (the
    harness's own, in tests/) keep pytest's report.
    """
    report: pytest.TestReport = yield
    phases = item.stash.setdefault(PHASES_KEY, {})
    phases[report.when] = classify(report, call)
    report.user_properties.append(("phase_verdict", phases[report.when].value))
    if report.when == "teardown":
        report.user_properties.append(("verdict", combine(phases).value))
    if _is_scenario(item):
        _tally(item, report, phases)
    excinfo = call.excinfo
    own = (ImplementationError, ImplementationTimeout, TimeoutInterrupt, HarnessError)
    if excinfo is not None and excinfo.errisinstance(own) and not report.passed:
        report.longrepr = excinfo.getrepr(style="value", chain=False)
    elif (
        excinfo is not None and report.failed and _is_scenario(item) and unattributed(excinfo.value)
    ):
        report.longrepr = f"{UNATTRIBUTED_PREFIX}: {report.longreprtext}"
    return report


def _tally(item: pytest.Item, report: pytest.TestReport, phases: dict[str, Verdict]) -> None:
    """Mark ``report`` with the verdict it is counted under (``""``: not counted)."""
    tally = counted(phases, report.when)
    setattr(report, COUNTED_ATTR, "" if tally is None else tally.value)
    if report.when == "call" and phases["call"] is Verdict.XPASSED:
        strict = str(report.longrepr) if report.failed else ""
        item.stash[XPASS_KEY] = strict or str(getattr(report, "wasxfail", ""))
    if tally is Verdict.XPASSED:
        setattr(report, XPASS_ATTR, item.stash.get(XPASS_KEY, ""))


def _is_scenario(item: pytest.Item) -> bool:
    """Whether ``item`` runs a pytest-bdd scenario."""
    function = getattr(item, "function", None)
    return function is not None and function in scenario_wrapper_template_registry


# -- one count per scenario in pytest's terminal (steps.verdicts.counted) --------------


@pytest.hookimpl(tryfirst=True)
def pytest_report_teststatus(
    report: pytest.CollectReport | pytest.TestReport, config: pytest.Config
) -> tuple[str, str, str] | None:
    """Count a scenario's report under its verdict, or not at all (``steps.verdicts``).

    So pytest's summary line ("1 failed, 2 timeout") counts what ``report.json`` counts,
    and each scenario shows one progress letter: a passing call shows nothing, since
    the teardown that follows may still fail and decide the verdict.
    """
    tally = getattr(report, COUNTED_ATTR, None)
    if tally is None or not isinstance(report, pytest.TestReport):
        return None
    if not tally:
        return "", "", ""
    return (tally, *STATUS[Verdict(tally)])


@pytest.hookimpl(trylast=True)
def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Give the report counting an XPASS its reason as ``wasxfail``, once every plugin read it.

    pytest's short summary reads ``wasxfail`` of every report counted as ``xpassed``
    (for a strict XPASS, ``[XPASS(strict)] <reason>``); set last, it changes no
    outcome, exit status or ``--junitxml`` entry.
    """
    reason = getattr(report, XPASS_ATTR, None)
    if reason is not None and not hasattr(report, "wasxfail"):
        report.wasxfail = reason


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Show what pytest's own sections leave out: TIMEOUT scenarios, folded teardowns.

    A TIMEOUT is not one of pytest's outcomes, so its message is written here, and so
    is a teardown that failed after the scenario's verdict was decided (its message is
    also in the scenario's, in the conformance report).
    """
    reporter = terminalreporter
    timeouts = reporter.stats.get(Verdict.TIMEOUT.value, [])
    if timeouts:
        reporter.write_sep("=", "TIMEOUTS")
        for report in timeouts:
            reporter.write_sep("_", report.head_line or report.nodeid, yellow=True)
            for line in report.longreprtext.splitlines():
                reporter.write_line(line)
    folded = [
        report
        for report in reporter.stats.get("", [])
        if getattr(report, COUNTED_ATTR, None) == "" and report.failed and report.when == "teardown"
    ]
    if folded:
        reporter.write_sep("=", "failing teardowns, counted in their scenario's verdict")
        for report in folded:
            text = report.longreprtext.strip()
            crash = getattr(report.longrepr, "reprcrash", None)
            detail = crash.message if "\n" in text and crash is not None else text
            reporter.write_line(f"{report.nodeid}: while stopping the app: {detail}")


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
