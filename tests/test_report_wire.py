"""A report holding a lone surrogate crosses to the pytest-xdist controller (``steps.wire``).

An undecodable file name (``'\\udcff'``, as ``os.fsdecode`` gives it) in a failure message
made execnet's UTF-8 encoding fail on the worker: ``INTERNALERROR ... assert not
crashitem``, and the run's verdicts were lost. The failure must be reported as a failure.
"""

from __future__ import annotations

import pytest

from steps.wire import encodable

FAILING = """
def test_undecodable_name():
    assert False, "no row shows bad\\udcffbyte"


def test_other():
    pass
"""


def test_a_failure_message_with_a_lone_surrogate_is_a_failure_under_xdist(
    project: pytest.Pytester,
) -> None:
    """Under ``-n 2`` the failure is counted and its message shows the escape, visibly."""
    project.makepyfile(test_wire=FAILING)
    result = project.runpytest_subprocess("-n", "2", "-rf")
    text = result.stdout.str() + result.stderr.str()
    assert "INTERNALERROR" not in text
    result.assert_outcomes(passed=1, failed=1)
    assert "bad\\udcffbyte" in text


def test_encodable_escapes_only_lone_surrogates() -> None:
    """Every string of a nested report is encodable; other text and values are kept."""
    data = {"a\udcff": ["ok é 한", ("x\ud800", 3, None)], "n": 1.5}
    assert encodable(data) == {"a\\udcff": ["ok é 한", ("x\\ud800", 3, None)], "n": 1.5}
