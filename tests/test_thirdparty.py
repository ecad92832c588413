"""A real third-party app, nonechat, runs through the whole suite to a verdict per scenario.

The run happens once, in a subprocess with a hard timeout (``examples/thirdparty_report``),
against ``examples/adapters/nonechat_adapter.py``. nonechat was never written to the
spec, so many scenarios fail; what must hold is that each one passes or fails on a
clause, and that the harness itself never breaks.
"""

from __future__ import annotations

import re
import subprocess

import pytest

pytest.importorskip(
    "nonechat", reason="install the thirdparty extra: pip install -e '.[thirdparty]'"
)

from examples.thirdparty_report import (
    ADAPTER,
    ScenarioResult,
    cited,
    load_results,
    run_suite,
)
from steps.clauses import catalogue

RUN_TIMEOUT = 900.0
"""Seconds the subprocess may run (about 2 minutes on 2 cores) before it is killed."""
OUTCOME = re.compile(r"(\d+) (passed|failed|errors?|skipped|xfailed|xpassed)")
"""Counts in pytest's closing summary line."""

PASS_OR_FAIL = ("passed", "failed")
"""The only verdicts allowed: ERROR or TIMEOUT would be the harness (or adapter) breaking."""

Run = tuple[subprocess.CompletedProcess[str], list[ScenarioResult]]


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Run:
    log = tmp_path_factory.mktemp("thirdparty") / "verdicts.json"
    finished = run_suite(ADAPTER, log, timeout=RUN_TIMEOUT)
    return finished, load_results(log) if log.exists() else []


def output(finished: subprocess.CompletedProcess[str]) -> str:
    return f"exit code {finished.returncode}\n{finished.stdout[-4000:]}\n{finished.stderr[-4000:]}"


def test_the_run_completes_with_only_passes_and_failures(run: Run) -> None:
    finished, _ = run
    # 0: all passed, 1: some failed; 2 interrupted, 3 internal error, 4 usage error.
    assert finished.returncode in (0, 1), output(finished)


def test_every_collected_scenario_has_a_logged_verdict(run: Run) -> None:
    finished, results = run
    last = finished.stdout.strip().splitlines()[-1] if finished.stdout.strip() else ""
    counted = sum(int(count) for count, _ in OUTCOME.findall(last))
    assert results, output(finished)
    assert len(results) == counted, f"{len(results)} logged, pytest counted {counted}: {last}"


def test_every_scenario_passes_or_fails_none_errors_or_times_out(run: Run) -> None:
    _, results = run
    others = [(r.name, r.verdict, r.message) for r in results if r.verdict not in PASS_OR_FAIL]
    assert not others


def test_every_failure_names_a_catalogued_clause(run: Run) -> None:
    _, results = run
    known = set(catalogue("chat_screen"))
    unnamed = [
        (r.name, r.message)
        for r in results
        if r.verdict == "failed" and cited(r.message) not in known
    ]
    assert not unnamed


def test_the_run_catches_what_nonechat_does_differently(run: Run) -> None:
    # Read from nonechat 0.7.0's source: no 사용자/에이전트 label, the user's bubble on
    # the right, Escape only blurs the input, whitespace-only input is posted.
    _, results = run
    failed_on = {cited(r.message) for r in results}
    assert {"display-format", "role-alignment", "quit-keys", "blank-input-no-choice"} <= failed_on


def test_the_adapter_reads_nonechat_s_message_list(run: Run) -> None:
    _, results = run
    [one_pair] = [r for r in results if r.name.startswith("One valid input adds")]
    assert one_pair.verdict == "passed", one_pair.message
