"""Where a test runs (a pytest-xdist worker, or the only process): what its reports carry.

Each test report of a scenario gets a :data:`RECORD_ATTR` attribute: a dict of plain
values naming the scenario, its clauses, the outcome's message, the clause a failed check
names (:func:`steps.checks.named_clause`) and, when asked for, an SVG screenshot of the
app's screen. pytest serialises every attribute of a report for pytest-xdist (as
pytest-html does with ``report.extras``), so the controller receives it unchanged; unlike
a user property, it stays out of ``--junitxml`` files and the terminal.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from steps.bdd_private import example_context, template_of
from steps.checks import cited_clauses, named_clause
from steps.loading import adapter_spec
from steps.profiles import profile_of
from steps.replay import script
from steps.scenario_driver import parts_used
from steps.screenshot import driver_screenshot
from steps.stash import DRIVER_KEY, PICTURE_KEY
from steps.traceability import FEATURES_ROOT, example_ids
from steps.verdicts import UNATTRIBUTED_PREFIX, unattributed

RECORD_ATTR = "conformance"
"""Name of the report attribute holding the scenario record."""
FAILED_STEP_KEY = pytest.StashKey[str]()
"""The step that raised, on the item's stash (``Then item 2 is drawn ...``)."""


def identity(item: pytest.Item) -> dict[str, Any] | None:
    """Name the scenario of ``item`` the way reports and expectations files do.

    Returns:
        ``feature`` (path below ``features/``), ``feature_name``, ``scenario`` (the name
        as written), ``example`` (the outline row's id or ``None``), ``title`` (the
        name with the row's values filled in, or the row's id appended when the name
        has no placeholder), ``line``, ``order`` (row index),
        ``profile`` and ``clauses``; ``None`` when ``item`` is not a scenario.
    """
    template = template_of(item)
    if template is None:
        return None
    context = example_context(item)
    example = None if context is None else "-".join(context.values())
    title = template.render(context).name if context else template.name
    if example is not None and title == template.name:
        title = f"{title} [{example}]"  # an outline whose name has no <placeholder>
    profile = profile_of(Path(template.feature.filename))
    return {
        "feature": Path(template.feature.filename).relative_to(FEATURES_ROOT).as_posix(),
        "feature_name": template.feature.name,
        "scenario": template.name,
        "example": example,
        "title": title,
        "line": template.line_number,
        "order": example_ids(template).index(example) if example is not None else 0,
        "profile": None if profile is None else profile.name,
        "clauses": cited_clauses(item),
    }


def message(report: pytest.TestReport, call: pytest.CallInfo[None]) -> str | None:
    """Return what a person should read about this phase's outcome, or ``None`` if it passed."""
    if hasattr(report, "wasxfail"):
        if report.skipped:
            detail = exception_text(call)
            return f"expected failure: {report.wasxfail}" + (f"\n{detail}" if detail else "")
        return f"unexpected pass of an expected failure: {report.wasxfail}"
    if report.passed:
        return None
    if report.skipped and isinstance(report.longrepr, tuple):
        return str(report.longrepr[2]).removeprefix("Skipped: ")
    if isinstance(report.longrepr, str) and report.longrepr.startswith("[XPASS(strict)]"):
        return (
            f"{report.longrepr}: the scenario passed although the expectations file lists it; "
            "remove its entry"
        )
    return exception_text(call) or str(report.longrepr)


def exception_text(call: pytest.CallInfo[None]) -> str | None:
    """``Type: message`` of the phase's exception; bare message for failed checks.

    An unattributed check (:func:`steps.verdicts.unattributed`) is prefixed with
    :data:`steps.verdicts.UNATTRIBUTED_PREFIX`.
    """
    if call.excinfo is None:
        return None
    error = call.excinfo.value
    if unattributed(error):
        return f"{UNATTRIBUTED_PREFIX}: {error}"
    if type(error) is AssertionError or isinstance(error, pytest.fail.Exception):
        return str(error)
    return f"{type(error).__name__}: {error}"


def screenshot(item: pytest.Item, title: str) -> tuple[str | None, str | None]:
    """Take an SVG screenshot of the scenario's app, if it is still running.

    Call it while the app runs: in ``pytest_runtest_makereport`` for the call phase, the
    ``driver`` fixture has not been torn down yet. Drawing runs the implementation's
    render code outside the scenario's bound (the step that failed has ended), so it has
    its own: blocking code is interrupted :data:`steps.screenshot.SCREENSHOT_BOUND` seconds
    (plus the watchdog's grace) after the start, and the report goes on without the picture.

    Args:
        item: The scenario's test item (its stash holds the driver).
        title: Title written in the screenshot's window bar.

    Returns:
        ``(svg, None)``, or ``(None, note)`` saying why there is no picture.
    """
    driver = item.stash.get(DRIVER_KEY, None)
    if driver is None:
        return item.stash.get(PICTURE_KEY, (None, "no screenshot: the scenario started no app"))
    return driver_screenshot(driver, title)


def is_failure(report: pytest.TestReport, call: pytest.CallInfo[None]) -> bool:
    """Whether the phase ended in an exception of the scenario (failed, error, xfailed)."""
    return call.excinfo is not None and (report.failed or hasattr(report, "wasxfail"))


def record(
    item: pytest.Item,
    call: pytest.CallInfo[None],
    report: pytest.TestReport,
    *,
    picture: bool,
) -> dict[str, Any] | None:
    """Build the record a report carries (see the module docstring).

    Args:
        item: The test item.
        call: The phase.
        report: The phase's report.
        picture: Whether to attach a screenshot (``screenshot`` and
            ``screenshot_note`` keys).

    Returns:
        The record, or ``None`` when ``item`` is not a scenario.
    """
    found = identity(item)
    if found is None:
        return None
    found["message"] = message(report, call)
    found["failed_clause"] = named_clause(exception_text(call))
    found["failed_step"] = (
        item.stash.get(FAILED_STEP_KEY, None) if call.excinfo is not None else None
    )
    found["expectation"] = next(
        (mark.kwargs.get("reason") for mark in item.iter_markers("xfail")), None
    )
    found["parts_used"] = parts_used(item)
    if picture:
        found["screenshot"], found["screenshot_note"] = screenshot(item, found["title"])
    failed = is_failure(report, call)
    found["replay"] = replay_script(item, found["message"], found["profile"]) if failed else None
    return found


def replay_script(item: pytest.Item, text: str | None, profile: str | None) -> str | None:
    """The Pilot script replaying what the scenario's driver did (:mod:`steps.replay`)."""
    driver = item.stash.get(DRIVER_KEY, None)
    if driver is None or profile is None:
        return None
    return script(driver, adapter_spec(item.config, profile), text, profile)
