"""Expectations files: known failures run as strict xfail, so the file cannot go stale."""

from __future__ import annotations

from pathlib import Path

import pytest

from steps.profiles import PROFILES
from steps.report.expectations import ExpectationsError, load
from steps.traceability import read_scenarios
from tests.reporting_support import REFERENCE, SWAPPED, run_features

EXAMPLES = "test_the_contracts_examples_are_shown_with_their_role_labels"
EDGES = "test_items_are_drawn_against_their_roles_edge_of_the_conversation_area"
FOCUS = "test_the_input_has_focus_when_the_app_starts"
OUTLINE = "test_the_layout_holds_in_a_columnsxrows_terminal"
EXAMPLES_ENTRY = """\
  - feature: chat_screen/rendering.feature
    scenario: The contract's examples are shown with their role labels
    reason: {reason}
"""
EDGES_ENTRY = """\
  - feature: chat_screen/layout.feature
    scenario: Items are drawn against their role's edge of the conversation area
    reason: {reason}
"""


def expectations_file(folder: Path, *entries: str) -> Path:
    path = folder / "expectations.yaml"
    path.write_text("expectations:\n" + "".join(entries), encoding="utf-8")
    return path


def test_an_expected_failure_that_passes_fails_the_run(tmp_path: Path) -> None:
    path = expectations_file(tmp_path, EXAMPLES_ENTRY.format(reason="labels not done yet"))
    run = run_features(tmp_path, REFERENCE, [EXAMPLES], f"--expectations={path}")
    assert run.status == 1, run.output
    assert "[XPASS(strict)] labels not done yet" in run.output
    entry = run.scenario("The contract's examples are shown with their role labels")
    assert entry["outcome"] == "xpassed"
    assert entry["expectation"] == "labels not done yet"


def test_an_expected_failure_that_fails_is_xfailed_and_the_run_passes(tmp_path: Path) -> None:
    path = expectations_file(tmp_path, EDGES_ENTRY.format(reason="items are swapped (#1)"))
    run = run_features(tmp_path, SWAPPED, [EDGES, FOCUS], f"--expectations={path}")
    assert run.status == 0, run.output
    entry = run.scenario("Items are drawn against their role's edge of the conversation area")
    assert entry["outcome"] == "xfailed"
    assert entry["message"].startswith("expected failure: items are swapped (#1)\n[role-alignment]")
    assert run.clause("role-alignment")["verdict"] == "known-failure"
    assert run.clause("input-focus")["verdict"] == "pass"


def test_an_adapter_names_its_own_expectations_file_and_rows_of_an_outline(
    tmp_path: Path,
) -> None:
    (tmp_path / "known.yaml").write_text(
        "expectations:\n"
        "  - feature: chat_screen/layout.feature\n"
        "    scenario: The layout holds in a <columns>x<rows> terminal\n"
        '    examples: ["40-20"]\n'
        "    reason: small terminals are not handled\n",
        encoding="utf-8",
    )
    module = tmp_path / "candidate.py"
    module.write_text(
        "import sys\n"
        f"sys.path.insert(0, {str(Path(__file__).parent.parent)!r})\n"
        "from tests.reporting_support import SwappedAdapter\n\n"
        "class Candidate(SwappedAdapter):\n"
        '    expectations = "known.yaml"\n\n'
        "adapter = Candidate()\n",
        encoding="utf-8",
    )
    run = run_features(tmp_path, f"{module}:adapter", [OUTLINE])
    assert run.status == 1, run.output
    assert f"expectations: {tmp_path / 'known.yaml'} (1 entry, from adapter attribute" in run.output
    assert run.scenario("The layout holds in a 40x20 terminal")["outcome"] == "xfailed"
    assert run.scenario("The layout holds in a 120x30 terminal")["outcome"] == "failed"


def test_an_unknown_scenario_name_stops_the_run_before_any_scenario(tmp_path: Path) -> None:
    path = expectations_file(
        tmp_path,
        "  - feature: chat_screen/rendering.feature\n"
        "    scenario: The contracts examples are shown with their role labels\n"
        "    reason: typo in the name\n",
    )
    run = run_features(tmp_path, REFERENCE, [EXAMPLES], f"--expectations={path}")
    assert run.status == pytest.ExitCode.USAGE_ERROR, run.output
    assert "unknown scenario 'The contracts examples are shown" in run.output
    assert "did you mean \"The contract's examples" in run.output
    assert not (tmp_path / "report").exists()


@pytest.mark.parametrize(
    ("entry", "problem"),
    [
        (
            "  - feature: chat_screen/nope.feature\n    scenario: x\n    reason: r\n",
            "unknown feature 'chat_screen/nope.feature'",
        ),
        (
            "  - feature: chat_screen/layout.feature\n"
            "    scenario: The layout holds in a <columns>x<rows> terminal\n"
            '    examples: ["80-24"]\n    reason: r\n',
            "has no example row '80-24' (rows: '120-30', '40-20')",
        ),
        (
            "  - feature: chat_screen/layout.feature\n    scenario: x\n",
            "'reason' is a required property",
        ),
        (
            EDGES_ENTRY.format(reason="one") + EDGES_ENTRY.format(reason="two"),
            "is listed 2 times",
        ),
    ],
    ids=["feature", "example row", "reason", "twice"],
)
def test_a_bad_expectations_file_is_refused_with_the_problem(
    tmp_path: Path, entry: str, problem: str
) -> None:
    known = read_scenarios(PROFILES[0].features_dir)
    with pytest.raises(ExpectationsError, match="from --expectations") as raised:
        load(expectations_file(tmp_path, entry), "--expectations", known)
    assert problem in str(raised.value)
