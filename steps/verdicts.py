"""Scenario verdicts: PASS, FAIL, ERROR, TIMEOUT, SKIP, XFAIL, XPASS (as WPT keeps them apart).

A failed check is FAIL: the implementation does something the spec forbids, and the
message starts with ``[<clause-id>]``. ERROR is the implementation under test crashing
(:class:`ImplementationError`), or the harness being unable to drive it
(:class:`HarnessError`: the adapter names the wrong widget, a harness bug), whose message
says so and names no clause. TIMEOUT is the implementation not answering within the
bound. Only a plain ``AssertionError`` (a check) can be FAIL: none of the classes here
is one, so a step's ``except AssertionError`` never turns a crash or a harness error
into a clause failure. A failed assertion whose message does not start with the id of a
catalogued clause (an *unattributed check*: a bare ``assert`` of the harness, a check
that forgot its clause) is a defect of the harness, not of the implementation: its
verdict is ERROR (:func:`unattributed`), never FAIL, so no clause is charged with it.

Every phase's report carries that phase's verdict in ``report.user_properties`` as
``("phase_verdict", <value>)``; the teardown report also carries the scenario's verdict
over all phases as ``("verdict", <value>)`` (see :func:`combine`), which is what
``--junitxml`` writes as a property of the test case.

**One count per scenario.** pytest's terminal summary counts each scenario once, under
its verdict, exactly as ``report.json`` counts ``outcomes`` (:func:`counted`): a
scenario whose call failed is not also counted as an error of its teardown (the
teardown's message is folded into the scenario's, and the terminal lists it apart).
"""

from __future__ import annotations

from enum import Enum

import pytest

from steps.checks import named_clause
from steps.clauses import CatalogueError, find_clause


class Verdict(Enum):
    """Outcome of one scenario."""

    PASSED = "passed"
    FAILED = "failed"
    ERROR = "error"
    TIMEOUT = "timeout"
    SKIPPED = "skipped"
    XFAILED = "xfailed"
    XPASSED = "xpassed"


PASSING = (Verdict.PASSED, Verdict.XPASSED)
"""Call verdicts that a failing teardown still overrides (:func:`combine`)."""


class ImplementationError(Exception):
    """The implementation under test crashed or its adapter broke: verdict ERROR."""


class ImplementationTimeout(Exception):
    """The implementation under test did not answer within the bound: verdict TIMEOUT."""


class HarnessError(Exception):
    """The harness cannot drive the app (verdict ERROR, under no clause).

    The adapter names a widget the driver cannot use (no widget, several, the wrong
    type), or a step misuses the driver. The message starts with
    :data:`HARNESS_PREFIX`, so no reader takes it for the implementation's fault.
    """


HARNESS_PREFIX = "the harness cannot drive the app"
"""Start of every :class:`HarnessError` message."""


UNATTRIBUTED_PREFIX = "unattributed check (a harness defect: the failed assertion names no clause)"
"""Start of the message of an ERROR that is an :func:`unattributed` check."""


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
    if excinfo is not None and excinfo.errisinstance((ImplementationError, HarnessError)):
        return Verdict.ERROR
    if report.when != "call":
        return Verdict.ERROR
    if excinfo is not None and not excinfo.errisinstance(AssertionError):
        return Verdict.ERROR
    if excinfo is not None and unattributed(excinfo.value):
        return Verdict.ERROR
    return Verdict.FAILED


def unattributed(error: BaseException) -> bool:
    """Whether ``error`` is an assertion that names no catalogued clause (a harness defect).

    A check fails with ``[<clause-id>] ...`` (:func:`steps.checks.violation`); an
    ``AssertionError`` whose message starts with no id, or with an id no catalogue has,
    is an unattributed check.
    """
    if not isinstance(error, AssertionError):
        return False
    named = named_clause(str(error))
    if named is None:
        return True
    try:
        find_clause(named)
    except CatalogueError:
        return True
    return False


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
    if call in PASSING and teardown is not Verdict.PASSED:
        return teardown
    return call


def counted(phases: dict[str, Verdict], when: str) -> Verdict | None:
    """Return the verdict the report of phase ``when`` is counted under, or ``None``.

    Each scenario is counted once, by the report of the phase that decides
    :func:`combine`: a setup that did not pass; else a call that did not pass; else the
    teardown (which turns a passing call into its own verdict when it fails). So a
    failed call followed by a failing teardown counts once, as the call's verdict.

    Args:
        phases: The verdicts of the phases run so far, ``when`` included.
        when: ``"setup"``, ``"call"`` or ``"teardown"``.
    """
    setup = phases.get("setup")
    call = phases.get("call")
    if when == "setup":
        return None if setup is Verdict.PASSED else setup
    if when == "call":
        return None if call in PASSING else call
    if setup is Verdict.PASSED and call in PASSING:
        return combine(phases)
    return None


def _timed_out(excinfo: pytest.ExceptionInfo[BaseException]) -> bool:
    """Whether pytest-timeout's signal method ended the test: ``pytest.fail("Timeout (>…")``."""
    return excinfo.errisinstance(pytest.fail.Exception) and str(excinfo.value).startswith(
        "Timeout (>"
    )
