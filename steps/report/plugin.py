"""The reporting plugin: ``--conformance-report``, ``--expectations``, ``--living-docs``.

``--conformance-report-format`` chooses which of the report's files are written.

Registered through the ``pytest_plugins`` list of :mod:`steps.plugin`. It works the same
with and without pytest-xdist:

* where scenarios run (the only process, or each worker), ``pytest_runtest_makereport``
  attaches a record to every scenario report (:mod:`steps.report.capture`), with a
  screenshot of the app's screen when the call phase failed, or when it passed and is
  tagged ``@screenshot`` for the living docs;
* where results are gathered (the only process, or the controller), a :class:`Recorder`
  takes every report in ``pytest_runtest_logreport`` and writes the files in
  ``pytest_sessionfinish``; workers write nothing.

Expectations (:mod:`steps.report.expectations`) are loaded in ``pytest_configure`` and
turn into strict ``xfail`` markers at collection.
"""

from __future__ import annotations

import importlib.metadata
from collections.abc import Callable, Generator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from steps.adapter import Adapter
from steps.bdd_private import Feature, Scenario, Step, report_context, restore_report_context
from steps.fail_on import DEFAULT_FAIL_ON, FAIL_ON_KEY, FailOn
from steps.loading import ADAPTER_KEY, ADAPTERS_KEY, SPEC_KEY, adapter_spec
from steps.profiles import PROFILES
from steps.report import build, capture, expectations, living, render
from steps.stash import RECORDING_KEY
from steps.traceability import read_scenarios

SETTINGS_KEY = pytest.StashKey["Settings"]()
"""This run's reporting settings, on ``config.stash``."""
BDD_CONTEXT_ATTR = "bdd_report_context"
"""Report attribute carrying pytest-bdd's scenario data from an xdist worker."""
STEP_SHOT_KEY = pytest.StashKey[tuple[str | None, str | None]]()
"""A ``@screenshot:<n>`` scenario's picture, taken after its step ``n``."""
DISTRIBUTION = "textual-chat-conformance"
"""Distribution name of the harness, whose version the report names."""


@dataclass(frozen=True)
class Settings:
    """Reporting settings of one run.

    Attributes:
        report_dir: Where ``--conformance-report`` writes, or ``None``.
        report_formats: Which report files it writes (``--conformance-report-format``;
            :data:`steps.report.render.FORMATS`, all three by default).
        living_dir: Where ``--living-docs`` writes, or ``None``.
        expectations: The loaded expectations file, or ``None``.
        fail_on: The ``--fail-on`` choice: clause verdicts decide the exit status unless
            it is ``any``.
    """

    report_dir: Path | None
    living_dir: Path | None
    expectations: expectations.Expectations | None
    fail_on: FailOn = DEFAULT_FAIL_ON
    report_formats: tuple[str, ...] = render.FORMATS

    @property
    def judging(self) -> bool:
        """Whether the clause verdicts decide the exit status (``--fail-on must|should``)."""
        return bool(self.fail_on.levels)

    @property
    def recording(self) -> bool:
        """Whether scenario reports need records."""
        return self.report_dir is not None or self.living_dir is not None or self.judging


def pytest_addoption(parser: pytest.Parser) -> None:
    """Register the reporting options (see :func:`add_options`)."""
    add_options(parser)


def add_options(parser: pytest.Parser) -> None:
    """Add ``--conformance-report(-format)``, ``--expectations`` and ``--living-docs``."""
    group = parser.getgroup("chat-conformance", "chat screen conformance")
    group.addoption(
        "--conformance-report",
        metavar="DIR",
        default=None,
        help="write report.json, report.md and report.html (clause verdicts, failures "
        "with screenshots) into DIR",
    )
    group.addoption(
        "--conformance-report-format",
        action="append",
        default=[],
        metavar="FORMAT",
        help="write only these files of --conformance-report: json, md, html (repeatable "
        "or comma-separated; default all three); report.json is checked against its "
        "schema whatever the choice",
    )
    group.addoption(
        "--expectations",
        metavar="FILE",
        default=None,
        help="YAML file of scenarios the implementation is known to fail, run as strict "
        "xfail (default: the adapter's 'expectations' attribute, if any)",
    )
    group.addoption(
        "--living-docs",
        metavar="DIR",
        default=None,
        help="save screenshots of the @screenshot scenarios into DIR/screenshots and "
        "write DIR/features.md (the committed copy is docs/living)",
    )


@pytest.hookimpl(trylast=True)
def pytest_configure(config: pytest.Config) -> None:
    """Configure reporting once ``steps.plugin`` has loaded the adapter (see :func:`configure`)."""
    configure(config)


def configure(config: pytest.Config) -> None:
    """Load the expectations file and, where results are gathered, start a :class:`Recorder`.

    Raises:
        pytest.UsageError: The expectations file is unreadable or names unknown tests, or
            ``--conformance-report-format`` names an unknown format or comes without
            ``--conformance-report``.
    """
    config.addinivalue_line(
        "markers",
        f"{living.SCREENSHOT_TAG}(after_step=None): the living docs show this scenario's "
        "final screen, or the screen after its own step number after_step",
    )
    base = Path(config.invocation_params.dir)
    settings = Settings(
        report_dir=_directory(config.getoption("conformance_report"), base),
        living_dir=_directory(config.getoption("living_docs"), base),
        expectations=_expectations(config, base),
        fail_on=config.stash[FAIL_ON_KEY],
        report_formats=_formats(config.getoption("conformance_report_format"), config),
    )
    config.stash[SETTINGS_KEY] = settings
    config.stash[RECORDING_KEY] = settings.recording
    if settings.recording and not hasattr(config, "workerinput"):
        config.pluginmanager.register(Recorder(config, settings), "conformance-recorder")


def _formats(chosen: list[str], config: pytest.Config) -> tuple[str, ...]:
    """The report formats of ``--conformance-report-format`` (every value, comma-split).

    Raises:
        pytest.UsageError: An unknown or empty format, or no ``--conformance-report``.
    """
    if not chosen:
        return render.FORMATS
    named = [part.strip().lower() for value in chosen for part in value.split(",")]
    unknown = [part for part in named if part not in render.FORMATS]
    if unknown:
        raise pytest.UsageError(
            f"--conformance-report-format: unknown format {', '.join(map(repr, unknown))}; "
            f"choose among {', '.join(render.FORMATS)} (repeatable or comma-separated)"
        )
    if config.getoption("conformance_report") is None:
        raise pytest.UsageError(
            "--conformance-report-format needs --conformance-report=DIR (where to write)"
        )
    return tuple(each for each in render.FORMATS if each in named)


def _directory(option: str | None, base: Path) -> Path | None:
    return None if option is None else base / option


def _expectations(config: pytest.Config, base: Path) -> expectations.Expectations | None:
    located = expectations.locate(config.getoption("expectations"), config.stash[ADAPTER_KEY], base)
    if located is None:
        return None
    known = [ref for profile in PROFILES for ref in read_scenarios(profile.features_dir)]
    try:
        return expectations.load(*located, known)
    except expectations.ExpectationsError as error:
        raise pytest.UsageError(str(error)) from error


def pytest_report_header(config: pytest.Config) -> list[str]:
    """Name the expectations file and the report folder, so a run says what it applied."""
    settings = config.stash[SETTINGS_KEY]
    lines = []
    if settings.expectations is not None:
        found = settings.expectations
        count = f"{len(found.entries)} {'entry' if len(found.entries) == 1 else 'entries'}"
        lines.append(f"expectations: {found.path} ({count}, from {found.source})")
    if settings.report_dir is not None:
        lines.append(f"conformance report: {settings.report_dir}")
    return lines


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every scenario listed in the expectations file as a strict xfail."""
    found = config.stash[SETTINGS_KEY].expectations
    if found is None:
        return
    for item in items:
        name = capture.identity(item)
        if name is None:
            continue
        entry = found.find((name["feature"], name["scenario"], name["example"]))
        if entry is not None:
            item.add_marker(pytest.mark.xfail(reason=entry.reason, strict=True))


def pytest_bdd_step_error(
    request: pytest.FixtureRequest,
    feature: Feature,
    scenario: Scenario,
    step: Step,
    step_func: Callable[..., Any],
    step_func_args: dict[str, Any],
    exception: Exception,
) -> None:
    """Remember which step raised, for the report."""
    request.node.stash[capture.FAILED_STEP_KEY] = f"{step.keyword} {step.name}"


@pytest.hookimpl(tryfirst=True)  # before pytest-bdd's own, whatever the order of loading
def pytest_bdd_apply_tag(tag: str, function: Callable[..., Any]) -> bool | None:
    """Turn ``@screenshot:<n>`` into the ``screenshot(after_step=n)`` marker.

    Raises:
        ValueError: ``n`` is not a whole number from 1.
    """
    shown = living.screenshot_step([tag])
    if shown is False or shown is True:
        return None  # plain @screenshot: pytest-bdd's own marker
    pytest.mark.screenshot(after_step=shown)(function)
    return True


def pytest_bdd_after_step(
    request: pytest.FixtureRequest,
    feature: Feature,
    scenario: Scenario,
    step: Step,
    step_func: Callable[..., Any],
    step_func_args: dict[str, Any],
) -> None:
    """For ``@screenshot:<n>`` in a living-docs run, take the picture after own step ``n``."""
    item = request.node
    marker = item.get_closest_marker(living.SCREENSHOT_TAG)
    if marker is None or item.config.stash[SETTINGS_KEY].living_dir is None:
        return
    wanted = marker.kwargs.get("after_step")
    background = 0 if feature.background is None else len(feature.background.steps)
    index = next((number for number, each in enumerate(scenario.steps, 1) if each is step), 0)
    if wanted is not None and index - background == wanted:
        title = capture.identity(item)
        item.stash[STEP_SHOT_KEY] = capture.screenshot(item, title["title"] if title else "")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Attach the scenario record, and a screenshot while the app still runs."""
    report = yield
    _carry_bdd_context(item, report)
    settings = item.config.stash[SETTINGS_KEY]
    if not settings.recording:
        return report
    tagged = item.get_closest_marker(living.SCREENSHOT_TAG) is not None
    picture = report.when == "call" and (
        (settings.report_dir is not None and capture.is_failure(report, call))
        or (settings.living_dir is not None and tagged and report.passed)
    )
    taken = item.stash.get(STEP_SHOT_KEY, None)
    record = capture.record(item, call, report, picture=picture and taken is None)
    if record is not None and picture and taken is not None:
        record["screenshot"], record["screenshot_note"] = taken
    if record is not None:
        record["living"] = tagged
        setattr(report, capture.RECORD_ATTR, record)
    return report


# -- --cucumberjson under pytest-xdist --------------------------------------------------
# pytest-bdd 9 keeps each report's scenario for --cucumberjson in a weak registry keyed by
# the report object. That object does not travel from an xdist worker, so the controller
# wrote an empty file. The worker copies the data onto the report (an attribute, which
# pytest serialises); the controller puts it back before pytest-bdd's logreport reads it.


def _carry_bdd_context(item: pytest.Item, report: pytest.TestReport) -> None:
    """On an xdist worker running ``--cucumberjson``, copy the scenario data onto ``report``."""
    if not (hasattr(item.config, "workerinput") and item.config.option.cucumber_json_path):
        return
    context = report_context(report)
    if context is not None:
        setattr(report, BDD_CONTEXT_ATTR, context)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Where results are gathered, give pytest-bdd back the scenario data of a worker's report."""
    carried = getattr(report, BDD_CONTEXT_ATTR, None)
    if carried is not None:
        restore_report_context(report, carried)


class Recorder:
    """Gathers scenario reports and writes the report and the living docs at the end.

    Registered only where results are gathered (never on a pytest-xdist worker).
    """

    def __init__(self, config: pytest.Config, settings: Settings) -> None:
        """Start recording; the run's start time is now."""
        self.config = config
        self.settings = settings
        self.collector = build.Collector()
        self.started = datetime.now(UTC)
        self.written: list[Path] = []
        self.summary: list[str] = []
        self.selection: str | None = None
        self.living_error: str | None = None

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        """Take one phase's report (from this process or from a worker)."""
        self.collector.add(report)

    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        """Write the conformance report and the living docs that were asked for.

        Under ``--fail-on must|should``, set the session's exit status from the clause
        verdicts (``steps.fail_on``) before the report records it.
        """
        if self.settings.report_dir is not None or self.settings.judging:
            info = self.run_info(int(exitstatus))
            report, files = build.build(info, self.collector.runs.values())
            status = self.settings.fail_on.exit_status(int(exitstatus), report["clauses"])
            report["run"]["exit_status"] = session.exitstatus = status
            if self.settings.report_dir is not None:
                self.written += render.write(
                    report, files, self.settings.report_dir, self.settings.report_formats
                )
            unclaimed = render.unclaimed_line(report)
            self.summary = [*render.summary_lines(report), render.conformance_line(report)]
            self.summary += [unclaimed] if unclaimed else []
            self.selection = render.selection_note(report)
        if self.settings.living_dir is not None:
            shots = {
                (run.record["feature"], run.record["scenario"], run.record["example"]): run.svg
                for run in self.collector.runs.values()
                if run.record["living"] and run.svg and build.outcome(run.phases)[0] == "passed"
            }
            try:
                self.written.append(living.write(self.settings.living_dir, shots))
            except living.ContrastError as error:
                self.written.append(self.settings.living_dir / living.PAGE)
                self.living_error = f"living docs: a contrast picture is missing: {error}"
                session.exitstatus = pytest.ExitCode.TESTS_FAILED

    def run_info(self, exit_status: int) -> build.RunInfo:
        """Describe this run for :func:`steps.report.build.build`."""
        adapter: Adapter = self.config.stash[ADAPTER_KEY]
        adapters: dict[str, Adapter] = self.config.stash[ADAPTERS_KEY]
        spec = self.config.stash[SPEC_KEY]
        finished = datetime.now(UTC)
        found = self.settings.expectations
        return build.RunInfo(
            harness_version=_harness_version(),
            adapter={
                "name": str(adapter.name),
                "implementation_version": str(adapter.implementation_version),
                "spec": spec.spec,
                "source": spec.source,
                "profiles": [str(name) for name in adapters],
            },
            started=self.started.isoformat(timespec="seconds"),
            finished=finished.isoformat(timespec="seconds"),
            duration_seconds=(finished - self.started).total_seconds(),
            exit_status=exit_status,
            arguments=[str(argument) for argument in self.config.invocation_params.args],
            expectations=None if found is None else str(found.path),
            selected_clauses=tuple(self.config.getoption("clause")),
            implementations={
                name: f"{each.name} {each.implementation_version}"
                for name, each in adapters.items()
            },
            claimed_parts={
                profile.name: frozenset(p.number for p in profile.claimed_parts(adapters[name]))
                for profile in PROFILES
                if (name := profile.name) in adapters and profile.parts
            },
            adapter_specs={name: adapter_spec(self.config, name) for name in adapters},
            fail_on=self.settings.fail_on.choice,
        )

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        """Say where the files are, the summary line per level, and the selection if any."""
        for path in self.written:
            terminalreporter.write_sep("-", f"written: {path}")
        if self.summary:
            terminalreporter.write_line("conformance: " + " · ".join(self.summary))
        if self.selection:
            terminalreporter.write_line(f"conformance selection: {self.selection}")
        if self.living_error:
            terminalreporter.write_line(self.living_error, red=True)


def _harness_version() -> str:
    try:
        return importlib.metadata.version(DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        return "unknown"
