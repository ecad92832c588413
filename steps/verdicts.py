"""Scenario verdicts: PASS, FAIL, ERROR, TIMEOUT, SKIP, XFAIL, XPASS (as WPT keeps them apart).

A failed check is FAIL: the implementation does something the spec forbids. ERROR is
the implementation under test crashing (or its adapter breaking), TIMEOUT is it not
answering within the bound. Every phase's report carries that phase's verdict in
``report.user_properties`` as ``("phase_verdict", <value>)``; the teardown report also
carries the scenario's verdict over all phases as ``("verdict", <value>)`` (see
:func:`combine`), which is what ``--junitxml`` writes as a property of the test case.
"""

from __future__ import annotations

from enum import Enum

import pytest


class Verdict(Enum):
    """Outcome of one scenario."""

    PASSED = "passed"
    FAILED = "failed"
    ERROR = "error"
    TIMEOUT = "timeout"
    SKIPPED = "skipped"
    XFAILED = "xfailed"
    XPASSED = "xpassed"


class ImplementationError(AssertionError):
    """The implementation under test crashed or its adapter broke: verdict ERROR."""


class ImplementationTimeout(AssertionError):
    """The implementation under test did not answer within the bound: verdict TIMEOUT."""


class TimeoutInterrupt(BaseException):
    """Raised by the watchdog's alarm inside blocking code: verdict TIMEOUT.

    A ``BaseException``, so that the implementation's ``except Exception`` (and Textual's
    message loop) cannot swallow it; ``steps.watchdog`` explains the mechanism.
    """


def classify(report: pytest.TestReport, call: pytest.CallInfo[None]) -> Verdict:
    """Return the verdict of one test phase's report.

    Args:
        report: The report pytest made for ``call``.
        call: The phase (setup, call, teardown) with its exception, if any.
    """
    if hasattr(report, "wasxfail"):
        return Verdict.XFAILED if report.skipped else Verdict.XPASSED
    if report.failed and str(report.longrepr).startswith("[XPASS(strict)]"):
        return Verdict.XPASSED  # a strict xfail that passed: pytest fails the run, we keep XPASS
    if report.skipped:
        return Verdict.SKIPPED
    if report.passed:
        return Verdict.PASSED
    excinfo = call.excinfo
    if excinfo is not None and (
        excinfo.errisinstance((ImplementationTimeout, TimeoutInterrupt)) or _timed_out(excinfo)
    ):
        return Verdict.TIMEOUT
    if excinfo is not None and excinfo.errisinstance(ImplementationError):
        return Verdict.ERROR
    if report.when != "call":
        return Verdict.ERROR
    if excinfo is not None and not excinfo.errisinstance(AssertionError):
        return Verdict.ERROR
    return Verdict.FAILED


def combine(phases: dict[str, Verdict]) -> Verdict:
    """Return a scenario's verdict from its phases' verdicts (``setup``, ``call``, ``teardown``).

    A setup that did not pass decides; otherwise the call decides, unless the call
    passed and the teardown (stopping the app) did not.
    """
    setup = phases.get("setup", Verdict.ERROR)
    call = phases.get("call")
    if setup is not Verdict.PASSED or call is None:
        return setup
    teardown = phases.get("teardown", Verdict.PASSED)
    if call in (Verdict.PASSED, Verdict.XPASSED) and teardown is not Verdict.PASSED:
        return teardown
    return call


def _timed_out(excinfo: pytest.ExceptionInfo[BaseException]) -> bool:
    """Whether pytest-timeout's signal method ended the test: ``pytest.fail("Timeout (>…")``."""
    return excinfo.errisinstance(pytest.fail.Exception) and str(excinfo.value).startswith(
        "Timeout (>"
    )
