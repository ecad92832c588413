"""The exploration (steps/explore): its settings, and a reproducer it prints, run on its own.

The reproducer test runs the exploration of ``rawp_crs`` against a mutant that drops a
typed zero-width joiner, in a subprocess as a user runs it, takes the Pilot script from the
failure, and runs that script alone: it fails with the clause's message on the mutant and
passes on the reference client (the same script with the reference's adapter).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from steps.explore.core import (
    DEFAULT_EXAMPLES,
    DEFAULT_SEED,
    SHRINK_SECONDS,
    Budget,
    ExploreSettingError,
    Harness,
    printable,
    resolve_budget,
)
from steps.loading import AdapterSpec, load_adapter
from steps.rawp_crs.explorer import CrsExplorer
from tests.helpers import ROOT

MUTANT = "tests.candidates.crs_mutants:typed_joiner_dropped"
REFERENCE = "reference_crs.conformance:adapter"


def test_the_budget_comes_from_the_command_line_then_the_environment_then_the_ini() -> None:
    env = {"CHAT_CONFORMANCE_EXPLORE": "7", "CHAT_CONFORMANCE_EXPLORE_SEED": "3"}
    chosen = resolve_budget(("9", "5", None), ("2", "2", None), env)
    assert (chosen.examples, chosen.seed) == (9, 5)
    assert resolve_budget((None, None, None), ("2", "1", None), env).examples == 7
    assert resolve_budget((None, None, None), ("2", "1", None), {}).seed == 1
    default = resolve_budget((None, None, None), (None, None, None), {})
    assert (default.examples, default.seed, default.source) == (
        DEFAULT_EXAMPLES,
        DEFAULT_SEED,
        "default",
    )


@pytest.mark.parametrize(("value", "problem"), [("many", "whole number"), ("-1", ">= 0")])
def test_a_bad_budget_is_a_clear_error_naming_its_source(value: str, problem: str) -> None:
    with pytest.raises(
        ExploreSettingError, match=rf"--explore '{value}' from .*environment.*{problem}"
    ):
        resolve_budget((None, None, None), (None, None, None), {"CHAT_CONFORMANCE_EXPLORE": value})


def test_a_bad_budget_on_the_command_line_stops_the_run_with_a_usage_error() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "features", "--explore=lots", "--collect-only", "-q"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 4, done.stdout + done.stderr
    assert "--explore 'lots' from --explore (command line): expected a whole number" in done.stderr


def test_the_budget_names_itself_for_the_report_header() -> None:
    assert Budget(3, 9, "x").describe() == "3 sessions, seed 9 (x)"
    assert Budget(3, 9, "x", 0).describe() == "3 sessions, seed 9, no shrinking (x)"
    assert Budget(3, 9, "x", 5).describe() == "3 sessions, seed 9, shrinking 5 s (x)"


def test_the_shrink_bound_comes_from_the_command_line_then_the_environment_then_the_ini() -> None:
    env = {"CHAT_CONFORMANCE_EXPLORE_SHRINK": "7"}
    assert resolve_budget((None, None, "0"), (None, None, "2"), env).shrink_seconds == 0
    assert resolve_budget((None, None, None), (None, None, "2"), env).shrink_seconds == 7
    assert resolve_budget((None, None, None), (None, None, "2"), {}).shrink_seconds == 2
    assert (
        resolve_budget((None, None, None), (None, None, None), {}).shrink_seconds == SHRINK_SECONDS
    )
    with pytest.raises(ExploreSettingError, match=r"--explore-shrink '-1' from .*expected >= 0"):
        resolve_budget((None, None, "-1"), (None, None, None), {})


def test_with_no_shrinking_the_failing_session_is_reported_as_generated() -> None:
    """``--explore-shrink 0``: the same verdict and clause, the session unshrunk, named so."""
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "features/rawp_crs", f"--adapter={MUTANT}",
         "-k", "random_sessions", "--explore-shrink=0",
         "-p", "no:randomly", "-p", "no:cacheprovider", "-q"],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 1, done.stdout[-3000:] + done.stderr
    assert "[crs-input-plain-text]" in done.stdout, done.stdout[-3000:]
    assert "no shrinking" in done.stdout and "The failing session, as a standalone" in done.stdout


def test_printable_keeps_format_characters_and_drops_controls() -> None:
    assert printable("a\x1b[2J\u200db\x7f\x9b") == "a[2J\u200db"


def run_script(script: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(script)], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_a_reproducer_fails_on_the_mutant_and_passes_on_the_reference(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "pytest", "features/rawp_crs", "-k", "random_sessions"]
    command += ["-p", "no:randomly", "-p", "no:cacheprovider", f"--adapter={MUTANT}"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 1, done.stdout[-3000:] + done.stderr
    found = re.search(
        r'^E +"""Reproducer generated.*?^E +asyncio\.run\(main\(\)\)$', done.stdout, re.M | re.S
    )
    assert found, done.stdout[-3000:]
    script = textwrap.dedent("\n".join(line[1:] for line in found.group(0).splitlines()))
    assert "typing_bytes(" in script and "[crs-input-plain-text]" in script
    on_mutant = tmp_path / "on_mutant.py"
    on_mutant.write_text(script, encoding="utf-8")
    failed = run_script(on_mutant)
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert "AssertionError: [crs-input-plain-text]" in failed.stderr
    on_reference = tmp_path / "on_reference.py"
    on_reference.write_text(script.replace(repr(MUTANT), repr(REFERENCE)), encoding="utf-8")
    passed = run_script(on_reference)
    assert passed.returncode == 0, passed.stdout + passed.stderr


def test_a_failing_scenario_s_report_entry_carries_a_replay_script_that_runs_alone(
    tmp_path: Path,
) -> None:
    report = tmp_path / "report"
    command = [sys.executable, "-m", "pytest", "features/chat_screen", "-p", "no:randomly"]
    command += ["-p", "no:cacheprovider", "-q", "--clause=input-stripped", "-k", "u3000"]
    command += ["--adapter=tests.candidates.mutants:not_stripped", f"--conformance-report={report}"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 1, done.stdout[-3000:] + done.stderr
    entries = json.loads((report / "report.json").read_text(encoding="utf-8"))["scenarios"]
    failed = [entry for entry in entries if entry["outcome"] == "failed"]
    assert failed and all(entry["replay"] for entry in failed)
    assert not any(entry["replay"] for entry in entries if entry["outcome"] == "passed")
    replay = failed[0]["replay"]
    assert "set_field_value(" in replay and "await pilot.press('enter')" in replay
    assert "# the scenario's check failed here: [body-source]" in replay
    assert "Replay script" in (report / "report.html").read_text(encoding="utf-8")
    script = tmp_path / "replay.py"
    script.write_text(replay, encoding="utf-8")
    ran = run_script(script)
    assert ran.returncode == 0, ran.stdout + ran.stderr


# -- the invariants of the actions added for issue 26's second round ------------------------
# Each session drives CrsExplorer's rules by hand (as Hypothesis would call them) against a
# mutant of the clause the invariant checks, then the same session against the references.

TURN = [("thinking", "생각"), ("tool", "x"), ("result", "내용"), ("text", "답변")]


def token_turn(m: Any) -> None:
    """A message holding a file token, sent; its turn runs to its end."""
    m.start("보기 ", " ")
    m.file_reference("s", 2, 1, "enter")
    m.whole_turn([("text", "답변")], False)


def crs_turn(m: Any) -> None:
    m.start("질문", "x")
    m.enter()
    m.turn_starts()


Step = Callable[[Any], object]


def after_a_turn(m: Any) -> None:
    """A message sent and its turn ended: the input is empty, the popups can open."""
    m.start("질문", "x")
    m.whole_turn([], False)


NEW_CASES: list[tuple[str, list[Step], str]] = [
    (
        "stored_turns_without_tools",
        [lambda m: m.start("질문", "x"), lambda m: m.whole_turn(TURN, True)],
        "crs-initial-turns",
    ),
    (
        "reopened_command_as_text",
        [after_a_turn, lambda m: m.slash("co", 0, "enter"), lambda m: m.whole_turn([], True)],
        "crs-command-bubble-for-slash-input-type",
    ),
    (
        "selection_without_space",
        [after_a_turn, lambda m: m.slash("m", 0, "tab")],
        "crs-slash-select-replaces-input",
    ),
    (
        "escape_clears_input",
        [
            after_a_turn,
            lambda m: m.slash("c", 1, "escape"),
            lambda m: m.input_holds_what_was_typed(),
        ],
        "crs-slash-keys-escape",
    ),
    (
        "escape_drops_the_at_word",
        [lambda m: m.start("보기 ", " "), lambda m: m.file_reference("s", 2, 1, "escape")],
        "crs-at-keys-escape",
    ),
    (
        "escape_in_popup_cancels",
        [
            after_a_turn,
            lambda m: m.type("질문"),
            lambda m: m.enter(),
            lambda m: m.turn_starts(),
            lambda m: m.slash("c", 0, "escape"),
            lambda m: m.nothing_sent_unasked(),
        ],
        "crs-escape-closes-popup",
    ),
    (
        "token_keeps_query",
        [lambda m: m.start("보기 ", " "), lambda m: m.file_reference("s", 1, 0, "enter")],
        "crs-token-replaces-query",
    ),
    ("file_references_missing", [token_turn], "crs-send-file-references"),
    ("tokens_sent_as_text", [token_turn], "crs-send-token-format"),
    ("recall_drops_file_tokens", [token_turn, lambda m: m.recall()], "crs-history-recall"),
    ("yn_ignores_y", [crs_turn, lambda m: m.ask("YN", "y", 0, False)], "crs-interaction-keys-yn"),
    (
        "permission_escape_approves",
        [crs_turn, lambda m: m.ask("PERMISSION", "escape", 0, False)],
        "crs-interaction-keys-permission",
    ),
    (
        "escape_ignores_default",
        [crs_turn, lambda m: m.ask("SELECT", "escape", 1, True)],
        "crs-interaction-escape-default",
    ),
    (
        "escape_cancels_turn_in_interaction",
        [crs_turn, lambda m: m.ask("YN", "escape", 0, False), lambda m: m.nothing_sent_unasked()],
        "crs-escape-closes-interaction",
    ),
    # the third round (issue 38): the model-based invariants of the areas the explorer models
    (
        "unicode_blank_sent",
        [after_a_turn, lambda m: m.blank_enter("\u3000\u00a0")],
        "crs-blank-not-sent",
    ),
    (
        "two_cancels_before_turn_start",
        [
            lambda m: m.start("질문", "x"),
            lambda m: m.enter(),
            lambda m: m.escape(),
            lambda m: m.turn_starts(),
        ],
        "crs-escape-cancels-turn",
    ),
    (
        "cancel_after_turn_ended",
        [
            lambda m: m.start("질문", "x"),
            lambda m: m.cancelled_turn(True, [], False, ""),
            lambda m: m.nothing_sent_unasked(),
        ],
        "crs-escape-idle-does-nothing",
    ),
    (
        "escape_cancels_only_once",
        [
            lambda m: m.start("질문", "x"),
            lambda m: m.cancelled_turn(False, ["text"], False, ""),
            lambda m: m.type("다시"),
            lambda m: m.cancelled_turn(False, ["text"], False, ""),
        ],
        "crs-escape-cancels-turn",
    ),
    (
        "filter_frozen_while_open",
        [after_a_turn, lambda m: m.slash("m", 0, "enter")],
        "crs-slash-keys-typing",
    ),
    (
        "filter_by_first_letter",
        [after_a_turn, lambda m: m.slash("co", 0, "enter")],
        "crs-slash-filter-prefix",
    ),
    ("arrows_do_nothing", [after_a_turn, lambda m: m.slash("", 1, "enter")], "crs-slash-keys-move"),
    (
        "no_match_closes_popup",
        [after_a_turn, lambda m: m.slash("x", 0, "enter")],
        "crs-slash-no-match-stays-open",
    ),
    (
        "two_items_highlighted",
        [after_a_turn, lambda m: m.slash("", 1, "enter")],
        "crs-slash-single-highlight",
    ),
    (
        "items_run_together",
        [after_a_turn, lambda m: m.slash("", 0, "escape")],
        "crs-slash-item-separation",
    ),
    (
        "highlight_on_text_only",
        [after_a_turn, lambda m: m.slash("", 0, "escape")],
        "crs-slash-highlight-full-row",
    ),
]
CRS_REFERENCES = ("reference_crs.conformance:adapter", "examples.crs_alt.adapter:adapter")


def explorer(spec: str, tmp_path: Path) -> Any:
    adapter = load_adapter(AdapterSpec(spec, "test"), ROOT)
    harness = Harness(adapter, spec, (80, 24), 60.0, "test", tmp_path)
    return type("Bound", (CrsExplorer,), {"harness": harness})()


def drive(machine: Any, steps: list[Step]) -> None:
    try:
        for step in steps:
            step(machine)
        for name in ("still_running", "input_holds_what_was_typed", "no_raw_control_drawn"):
            getattr(machine, name)()
    finally:
        machine.teardown()


@pytest.mark.parametrize(("mutant", "steps", "clause"), NEW_CASES, ids=[c[0] for c in NEW_CASES])
def test_each_new_invariant_goes_red_on_a_mutant_of_its_clause(
    mutant: str, steps: list[Step], clause: str, tmp_path: Path
) -> None:
    machine = explorer(f"tests.candidates.crs_mutants:{mutant}", tmp_path)
    with pytest.raises(AssertionError, match=rf"^\[{clause}\] "):
        drive(machine, steps)


@pytest.mark.parametrize("reference", CRS_REFERENCES)
@pytest.mark.parametrize(("mutant", "steps", "clause"), NEW_CASES, ids=[c[0] for c in NEW_CASES])
def test_the_same_sessions_pass_on_both_rawp_crs_references(
    mutant: str, steps: list[Step], clause: str, reference: str, tmp_path: Path
) -> None:
    drive(explorer(reference, tmp_path), steps)
