"""pytest's terminal summary and ``report.json`` count every outcome alike, once per scenario.

Each run puts one hostile candidate (``tests/candidates/hostile.py``) through a few
scenarios with ``--conformance-report``; the counts of pytest's last line ("1 failed,
2 timeout in 3.1s") must equal the non-zero ``outcomes`` of ``report.json``, and no test
may be listed under two outcomes in the short summary (``-ra``).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from tests.reporting_support import SWAPPED, Run, run_features

HOSTILE = "tests/candidates/hostile.py"
SUBMITS = "test_the_input_is_cleared_after_every_submission"
STARTS = "test_the_input_has_focus_when_the_app_starts"
RAPID = "test_submissions_in_quick_succession_keep_their_exact_order"
DRAWN = "test_items_are_drawn_against_their_roles_edge_of_the_conversation_area"
SUMMARY_LINE = re.compile(r"^=+ (?P<counts>\d+ [^=]*?) in [\d.]+s.*=+$", re.MULTILINE)
SHORT_LINE = re.compile(r"^(?P<word>[A-Z]+) (?P<test>\S+)", re.MULTILINE)


def summary_counts(run: Run) -> dict[str, int]:
    """Outcome -> count from pytest's final summary line ("2 failed, 1 timeout in 3.0s")."""
    (counts,) = SUMMARY_LINE.findall(run.output)
    found = {}
    for part in counts.split(", "):
        number, _, outcome = part.partition(" ")
        found[{"errors": "error", "warnings": "warning"}.get(outcome, outcome)] = int(number)
    found.pop("warning", None)
    found.pop("deselected", None)
    return found


def short_summary_tests(run: Run) -> Counter[str]:
    """How many lines of the short test summary name each test."""
    _, _, section = run.output.partition("short test summary info")
    return Counter(match["test"] for match in SHORT_LINE.finditer(section))


@pytest.mark.parametrize(
    ("candidate", "tests", "expected"),
    [
        ("crash_on_submit", [SUBMITS, STARTS], {"error": 1, "passed": 1}),
        ("hang_awaiting_submit", [SUBMITS, STARTS], {"timeout": 1, "passed": 1}),
        ("breaks_after_smoke", [SUBMITS, RAPID], {"error": 2}),
        ("swapped_crash_on_unmount", [DRAWN, STARTS], {"failed": 1, "error": 1}),
    ],
)
def test_pytests_summary_counts_each_scenario_once_under_the_reports_outcome(
    tmp_path: Path, candidate: str, tests: list[str], expected: dict[str, int]
) -> None:
    run = run_features(tmp_path, f"{HOSTILE}:{candidate}", tests, "-ra", "--scenario-timeout=2")

    reported = {name: count for name, count in run.report()["outcomes"].items() if count}
    assert reported == expected, run.output
    assert summary_counts(run) == reported, run.output
    twice = [test for test, lines in short_summary_tests(run).items() if lines > 1]
    assert twice == [], f"listed under two outcomes: {twice}\n{run.output}"


def test_an_adapter_broken_after_the_smoke_check_is_a_harness_error_under_no_clause(
    tmp_path: Path,
) -> None:
    run = run_features(tmp_path, f"{HOSTILE}:breaks_after_smoke", [RAPID], "-ra")

    (entry,) = run.report()["scenarios"]
    assert entry["outcome"] == "error", entry
    assert entry["failed_clause"] is None
    assert not entry["message"].startswith("["), entry["message"]
    assert "the harness cannot drive the app (adapter 'breaks-after-smoke')" in entry["message"]
    assert "input_selector '#chat-log' names a Conversation with no str" in entry["message"]
    assert "[input-cleared]" not in run.output


def test_a_teardown_crash_after_a_failed_check_is_folded_into_the_failure(
    tmp_path: Path,
) -> None:
    run = run_features(tmp_path, f"{HOSTILE}:swapped_crash_on_unmount", [DRAWN], "-ra")

    (entry,) = run.report()["scenarios"]
    assert entry["outcome"] == "failed"
    assert entry["failed_clause"] == "role-alignment"
    assert "while stopping the app" in entry["message"]
    assert "unmount failed on purpose" in run.output, "the teardown's crash must stay visible"
    assert summary_counts(run) == {"failed": 1}, run.output


def test_known_failures_and_unexpected_passes_are_counted_alike(tmp_path: Path) -> None:
    listed = tmp_path / "expectations.yaml"
    listed.write_text(
        "expectations:\n"
        "  - feature: chat_screen/layout.feature\n"
        "    scenario: Items are drawn against their role's edge of the conversation area\n"
        "    reason: swapped on purpose\n"
        "  - feature: chat_screen/input.feature\n"
        "    scenario: The input has focus when the app starts\n"
        "    reason: listed although it passes\n",
        encoding="utf-8",
    )
    run = run_features(tmp_path, SWAPPED, [DRAWN, STARTS], "-ra", f"--expectations={listed}")

    reported = {name: count for name, count in run.report()["outcomes"].items() if count}
    assert reported == {"xfailed": 1, "xpassed": 1}, run.output
    assert summary_counts(run) == reported, run.output
    assert "XPASS features/chat_screen/test_chat_screen.py::" in run.output
    assert run.status == 1, "a strict XPASS still fails the run"


def test_an_input_that_stops_taking_submissions_fails_the_clause_it_breaks(
    tmp_path: Path,
) -> None:
    mutant = "tests.candidates.mutants:focus_moves_to_conversation"
    run = run_features(tmp_path, mutant, [RAPID], "-ra")

    (entry,) = run.report()["scenarios"]
    assert entry["outcome"] == "failed"
    assert entry["failed_clause"] == "input-focus", entry["message"]
    assert "focus is on Conversation#chat-log" in entry["message"]
    assert summary_counts(run) == {"failed": 1}, run.output
