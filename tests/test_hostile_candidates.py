"""Hostile candidates end each scenario with the right verdict, and the run always finishes.

Each test runs the features against one candidate of ``tests/candidates/hostile.py`` in a
subprocess with a hard ``timeout=``, so a regression that hangs fails the test instead of
hanging CI, and reads the verdict of every phase from ``--report-log`` (pytest-reportlog).
Only a few scenarios run per candidate (``-k``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.runs import run_features

BOUND = "2"
"""--scenario-timeout of the runs (seconds): short, yet far above a passing scenario."""
SUBMITS = "test_the_input_is_cleared_after_every_submission"
"""A scenario that submits text."""
STARTS = "test_the_input_has_focus_when_the_app_starts"
"""A scenario that only starts the app."""
TWO_SCENARIOS = f"{SUBMITS} or {STARTS}"


@pytest.mark.parametrize(
    ("candidate", "where"),
    [
        ("hang_awaiting_submit", "awaiting in HangAwaitingSubmit.on_input_submitted"),
        ("hang_blocking_submit", "interrupted in HangBlockingSubmit.on_input_submitted"),
        ("hang_swallowing_submit", "interrupted in HangSwallowingSubmit.on_input_submitted"),
    ],
)
def test_a_hanging_submit_handler_times_out_and_the_next_scenario_still_passes(
    tmp_path: Path, candidate: str, where: str
) -> None:
    run = run_features(tmp_path, candidate, "-k", TWO_SCENARIOS, f"--scenario-timeout={BOUND}")

    assert run.verdicts[SUBMITS] == {"setup": "passed", "call": "timeout", "teardown": "passed"}
    assert run.verdicts[STARTS] == {"setup": "passed", "call": "passed", "teardown": "passed"}
    assert f"did not finish within {BOUND} s (--scenario-timeout" in run.messages[SUBMITS]
    assert where in run.messages[SUBMITS]
    assert "tests/candidates/hostile.py:" in run.messages[SUBMITS]
    assert "Exception ignored" not in run.output, "the abandoned app left noise behind"
    assert run.returncode == 1


@pytest.mark.parametrize(
    ("candidate", "where"),
    [
        ("spin_in_compose", "interrupted in SpinInCompose.compose"),
        ("hang_awaiting_mount", "awaiting in HangAwaitingMount.on_mount"),
    ],
)
def test_an_app_that_never_finishes_starting_times_out_in_every_scenario(
    tmp_path: Path, candidate: str, where: str
) -> None:
    run = run_features(tmp_path, candidate, "-k", TWO_SCENARIOS, f"--scenario-timeout={BOUND}")

    for scenario in (SUBMITS, STARTS):
        assert run.verdicts[scenario]["call"] == "timeout"
        assert run.verdicts[scenario]["teardown"] == "passed"
        assert "while starting the app" in run.messages[scenario]
        assert where in run.messages[scenario]
    assert "smoke check inconclusive: the app did not start" in run.output
    assert run.returncode == 1


@pytest.mark.parametrize(
    ("candidate", "summary"),
    [
        (
            "crash_in_compose",
            "ValueError: compose failed on purpose (in CrashInCompose.compose, "
            "tests/candidates/hostile.py:",
        ),
        (
            "crash_on_mount",
            "LookupError: mount failed on purpose (in CrashOnMount.on_mount, "
            "tests/candidates/hostile.py:",
        ),
    ],
)
def test_a_crash_while_starting_is_an_error_naming_the_candidates_frame(
    tmp_path: Path, candidate: str, summary: str
) -> None:
    run = run_features(tmp_path, candidate, "-k", TWO_SCENARIOS)

    for scenario in (SUBMITS, STARTS):
        assert run.verdicts[scenario] == {"setup": "passed", "call": "error", "teardown": "passed"}
        assert "the app crashed while starting" in run.messages[scenario]
        assert summary in run.messages[scenario]
    assert "Traceback" not in run.output, "Textual's crash dump leaked into the run's output"
    assert run.returncode == 1


def test_a_crash_in_the_submit_handler_is_an_error_and_affects_no_other_scenario(
    tmp_path: Path,
) -> None:
    run = run_features(tmp_path, "crash_on_submit", "-k", TWO_SCENARIOS)

    assert run.verdicts[SUBMITS] == {"setup": "passed", "call": "error", "teardown": "passed"}
    assert run.verdicts[STARTS] == {"setup": "passed", "call": "passed", "teardown": "passed"}
    assert "the app crashed during step 'When the user submits" in run.messages[SUBMITS]
    assert (
        "RuntimeError: submit failed on purpose for '하나' "
        "(in CrashOnSubmit.on_input_submitted, tests/candidates/hostile.py:"
    ) in run.messages[SUBMITS]
    assert "Traceback" not in run.output
    assert run.returncode == 1


@pytest.mark.parametrize(
    ("adapter", "problem"),
    [
        ("WrongConversationSelector", "conversation_selector '#messages' matched 0 widgets"),
        ("InputSelectorNotInput", "input_selector '#chat-log' names a Conversation with no str"),
        ("InvalidItemSelector", "item_selector 'Static[[' is not a valid CSS selector"),
        ("AccessorReadsMissingAttribute", "messages(app) raised AttributeError"),
        ("FactoryRaises", "create_app() raised RuntimeError: the factory failed on purpose"),
        ("FactoryReturnsClass", "create_app() returned the class ChatApp itself"),
        ("FactoryReturnsNotApp", "create_app() returned Input"),
        ("WrongChoiceSite", "choice_site (random, 'sample') holds"),
    ],
)
def test_a_miswired_adapter_stops_the_run_with_one_message_before_any_scenario(
    tmp_path: Path, adapter: str, problem: str
) -> None:
    run = run_features(tmp_path, adapter)

    assert run.returncode == pytest.ExitCode.USAGE_ERROR
    assert run.verdicts == {}, "no scenario may run"
    assert run.output.count("failed the smoke check, so no scenario was run") == 1
    assert problem in run.output
    assert "Fix these members of the adapter" in run.output


def test_an_adapter_missing_a_member_stops_the_run_with_one_message(tmp_path: Path) -> None:
    run = run_features(tmp_path, "MissingAccessor")

    assert run.returncode == pytest.ExitCode.USAGE_ERROR
    assert run.verdicts == {}
    assert run.output.count("does not fit the adapter contract") == 1
    assert "messages: missing (ChatScreenAdapter)" in run.output


def test_timeouts_interrupt_blocking_code_in_xdist_workers(tmp_path: Path) -> None:
    bound = f"--scenario-timeout={BOUND}"
    run = run_features(tmp_path, "hang_blocking_submit", "-n", "2", "-k", TWO_SCENARIOS, bound)

    assert run.verdicts[SUBMITS]["call"] == "timeout"
    assert run.verdicts[STARTS]["call"] == "passed"
    assert run.returncode == 1


def test_items_whose_drawing_spins_time_out_and_the_report_is_still_written(
    tmp_path: Path,
) -> None:
    report = tmp_path / "report"
    run = run_features(
        tmp_path,
        "spin_in_render",
        "-k",
        TWO_SCENARIOS,
        f"--scenario-timeout={BOUND}",
        f"--conformance-report={report}",
    )

    assert run.verdicts[SUBMITS]["call"] == "timeout"
    assert "interrupted in _SpinningItem.render" in run.messages[SUBMITS]
    assert run.verdicts[STARTS]["call"] == "passed"
    outcomes = {
        entry["title"]: entry["outcome"]
        for entry in json.loads((report / "report.json").read_text())["scenarios"]
    }
    assert outcomes["The input is cleared after every submission"] == "timeout"
    assert run.returncode == 1
