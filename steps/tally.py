"""One count per scenario in pytest's terminal, under its verdict (:mod:`steps.verdicts`).

Called from the reporting hooks of :mod:`steps.plugin`: each phase's report gets the
verdict of its phase and, for a scenario, the verdict it is counted under (or none), so
pytest's summary line ("1 failed, 2 timeout") counts what ``report.json`` counts.
"""

from __future__ import annotations

import pytest

from steps.bdd_private import function_template
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

PHASES_KEY = pytest.StashKey[dict[str, Verdict]]()
"""Verdict of each phase (setup, call, teardown) of the item run so far."""
COUNTED_ATTR = "counted_as"
"""Report attribute of a scenario's phase: the verdict it is counted under, or ``""``."""
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
OWN_ERRORS = (ImplementationError, ImplementationTimeout, TimeoutInterrupt, HarnessError)
"""Errors reported as their message alone (it names the implementation's own frame)."""


def mark_report(item: pytest.Item, call: pytest.CallInfo[None], report: pytest.TestReport) -> None:
    """Attach each phase's verdict, and at teardown the scenario's (``steps.verdicts``).

    An ERROR or TIMEOUT of the implementation is reported as its message, which names the
    implementation's own frame, not as a traceback through Textual and the harness.
    An unattributed check of a scenario (``steps.verdicts.unattributed``) is reported under
    ``UNATTRIBUTED_PREFIX``, with its traceback: the harness line to fix. Other tests (the
    harness's own, in tests/) keep pytest's report.
    """
    phases = item.stash.setdefault(PHASES_KEY, {})
    phases[report.when] = classify(report, call)
    report.user_properties.append(("phase_verdict", phases[report.when].value))
    if report.when == "teardown":
        report.user_properties.append(("verdict", combine(phases).value))
    if is_scenario(item):
        _tally(item, report, phases)
    excinfo = call.excinfo
    if excinfo is not None and excinfo.errisinstance(OWN_ERRORS) and not report.passed:
        report.longrepr = excinfo.getrepr(style="value", chain=False)
    elif (
        excinfo is not None and report.failed and is_scenario(item) and unattributed(excinfo.value)
    ):
        report.longrepr = f"{UNATTRIBUTED_PREFIX}: {report.longreprtext}"


def _tally(item: pytest.Item, report: pytest.TestReport, phases: dict[str, Verdict]) -> None:
    """Mark ``report`` with the verdict it is counted under (``""``: not counted)."""
    tally = counted(phases, report.when)
    setattr(report, COUNTED_ATTR, "" if tally is None else tally.value)
    if report.when == "call" and phases["call"] is Verdict.XPASSED:
        strict = str(report.longrepr) if report.failed else ""
        item.stash[XPASS_KEY] = strict or str(getattr(report, "wasxfail", ""))
    if tally is Verdict.XPASSED:
        setattr(report, XPASS_ATTR, item.stash.get(XPASS_KEY, ""))


def is_scenario(item: pytest.Item) -> bool:
    """Whether ``item`` runs a pytest-bdd scenario."""
    function = getattr(item, "function", None)
    return function is not None and function_template(function) is not None


def teststatus(report: pytest.CollectReport | pytest.TestReport) -> tuple[str, str, str] | None:
    """Count a scenario's report under its verdict, or not at all; ``None`` for pytest's own.

    Each scenario shows one progress letter: a passing call shows nothing, since the
    teardown that follows may still fail and decide the verdict.
    """
    tally = getattr(report, COUNTED_ATTR, None)
    if tally is None or not isinstance(report, pytest.TestReport):
        return None
    if not tally:
        return "", "", ""
    return (tally, *STATUS[Verdict(tally)])


def give_xpass_reason(report: pytest.TestReport) -> None:
    """Give the report counting an XPASS its reason as ``wasxfail``.

    pytest's short summary reads ``wasxfail`` of every report counted as ``xpassed``
    (for a strict XPASS, ``[XPASS(strict)] <reason>``); set once every plugin read the
    report, it changes no outcome, exit status or ``--junitxml`` entry.
    """
    reason = getattr(report, XPASS_ATTR, None)
    if reason is not None and not hasattr(report, "wasxfail"):
        report.wasxfail = reason


def terminal_summary(reporter: pytest.TerminalReporter) -> None:
    """Show what pytest's own sections leave out: TIMEOUT scenarios, folded teardowns.

    A TIMEOUT is not one of pytest's outcomes, so its message is written here, and so
    is a teardown that failed after the scenario's verdict was decided (its message is
    also in the scenario's, in the conformance report).
    """
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
