"""Each invariant of the exploration goes red on a mutant that breaks its clause.

An invariant that cannot fail is a defect. Each case drives one session of an explorer by
hand (its rules called in a fixed order, as Hypothesis would) against a mutant of the
catalogues, and expects the ``[clause-id]`` of the invariant; the same session passes on the
reference (``test_the_same_sessions_pass_on_the_reference``).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from steps.chat_screen.explorer import ChatExplorer
from steps.explore.core import Explorer, Harness
from steps.loading import AdapterSpec, load_adapter
from steps.rawp_crs.explorer import CrsExplorer
from tests.helpers import ROOT

Session = Callable[[Any], None]


def chat(machine: Any) -> None:
    machine.start("a", "b")


def crs_turn(machine: Any) -> None:
    machine.start("질문", "x")
    machine.enter()
    machine.turn_starts()


CASES: list[tuple[str, type[Explorer], Session, str]] = [
    (
        "mutants:typed_joiner_dropped",
        ChatExplorer,
        lambda m: m.start("👩\u200d💻", "x"),
        "hardening-typed-text-kept",
    ),
    (
        "mutants:pasted_escapes_act_as_keys",
        ChatExplorer,
        lambda m: (m.start("a", "ls \x1b[0m\x11 rest\x07 \x1b\x1b끝"), m.still_running()),
        "hardening-control-characters",
    ),
    (
        "mutants:control_characters_shown_as_given",
        ChatExplorer,
        lambda m: (m.start("a", "\x1b[31m"), m.enter(), m.no_raw_control_drawn()),
        "hardening-control-characters",
    ),
    (
        "mutants:blank_checked_before_stripping",
        ChatExplorer,
        lambda m: (m.start("\u3000", " "), m.enter()),
        "blank-input-no-change",
    ),
    (
        "mutants:not_stripped",
        ChatExplorer,
        lambda m: (m.start(" 본문", " "), m.enter()),
        "input-stripped",
    ),
    ("mutants:agent_message_first", ChatExplorer, lambda m: (chat(m), m.enter()), "pair-order"),
    (
        "mutants:not_scrolled",
        ChatExplorer,
        lambda m: (chat(m), m.resize((24, 8)), m.burst(["하나", "둘", "셋"])),
        "scroll-to-end",
    ),
    # the model of the conversation (issue 38): each clause of the areas it models
    (
        "mutants:pairs_prepended",
        ChatExplorer,
        lambda m: (chat(m), m.burst(["둘", "셋"])),
        "submission-order",
    ),
    ("mutants:agent_item_first", ChatExplorer, lambda m: (chat(m), m.enter()), "pair-order"),
    (
        "mutants:previous_reply_rewritten",
        ChatExplorer,
        lambda m: (chat(m), m.enter(), m.type("둘"), m.enter()),
        "messages-immutable",
    ),
    (
        "mutants:reused_user_message",
        ChatExplorer,
        lambda m: (chat(m), m.enter(), m.type("둘"), m.enter()),
        "messages-immutable",
    ),
    (
        "mutants:choice_twice",
        ChatExplorer,
        lambda m: (chat(m), m.enter()),
        "one-choice-per-submission",
    ),
    (
        "mutants:choice_before_blank_check",
        ChatExplorer,
        lambda m: (chat(m), m.enter(), m.blank_enter(" ")),
        "blank-input-no-choice",
    ),
    (
        "mutants:secrets_choice",
        ChatExplorer,
        lambda m: (chat(m), m.enter()),
        "standard-random-choice",
    ),
    (
        "mutants:stale_response_list",
        ChatExplorer,
        lambda m: (chat(m), m.enter()),
        "response-from-fixed-list",
    ),
    (
        "mutants:records_not_updated",
        ChatExplorer,
        lambda m: (chat(m), m.enter()),
        "session-records",
    ),
    (
        "mutants:input_recorded_before_validation",
        ChatExplorer,
        lambda m: (chat(m), m.enter(), m.blank_enter(" ")),
        "validate-before-choice",
    ),
    (
        "mutants:not_cleared_on_blank",
        ChatExplorer,
        lambda m: (chat(m), m.enter(), m.blank_enter(" ")),
        "input-cleared",
    ),
    (
        "mutants:focus_moves_to_conversation",
        ChatExplorer,
        lambda m: (chat(m), m.enter()),
        "input-focus",
    ),
    ("mutants:alignment_swapped", ChatExplorer, lambda m: (chat(m), m.enter()), "role-alignment"),
    ("mutants:border_on_wrong_side", ChatExplorer, lambda m: (chat(m), m.enter()), "role-borders"),
    (
        "mutants:class_missing_from_pair_seven",
        ChatExplorer,
        lambda m: (chat(m), m.burst(["1", "2", "3", "4", "5", "6", "7"])),
        "role-classes",
    ),
    (
        "crs_mutants:typed_joiner_dropped",
        CrsExplorer,
        lambda m: m.start("👩\u200d💻", "x"),
        "crs-input-plain-text",
    ),
    (
        "crs_mutants:pasted_escapes_act_as_keys",
        CrsExplorer,
        lambda m: (crs_turn(m), m.paste("\x1b"), m.nothing_sent_unasked()),
        "crs-escape-cancels-turn",
    ),
    (
        "crs_mutants:input_draws_raw_escape",
        CrsExplorer,
        lambda m: (m.start("a", "\x1b[2J"), m.no_raw_control_drawn()),
        "crs-input-plain-text",
    ),
    (
        "crs_mutants:blank_sent",
        CrsExplorer,
        lambda m: (m.start(" ", " "), m.enter()),
        "crs-blank-not-sent",
    ),
    (
        "crs_mutants:sends_mangled",
        CrsExplorer,
        lambda m: (m.start("hello", "x"), m.enter()),
        "crs-enter-sends",
    ),
    (
        "crs_mutants:escape_cancels_only_from_input",
        CrsExplorer,
        lambda m: (crs_turn(m), m.escape(off_input=True)),
        "crs-escape-cancels-turn",
    ),
    (
        "crs_mutants:escape_cancels_while_idle",
        CrsExplorer,
        lambda m: (m.start("a", "b"), m.escape()),
        "crs-escape-idle-does-nothing",
    ),
    (
        "crs_mutants:no_cancel_during_tool",
        CrsExplorer,
        lambda m: (crs_turn(m), m.agent_works("tool", "x"), m.escape()),
        "crs-escape-cancels-turn",
    ),
    (
        "crs_mutants:unknown_event_shown",
        CrsExplorer,
        lambda m: (m.start("a", "b"), m.unknown_event()),
        "crs-ignore-unknown-events",
    ),
]
REFERENCES = {
    ChatExplorer: "reference_app.conformance:adapter",
    CrsExplorer: "reference_crs.conformance:adapter",
}


def session(machine: type[Explorer], spec: str, tmp_path: Path) -> Explorer:
    adapter = load_adapter(AdapterSpec(spec, "test"), ROOT)
    harness = Harness(adapter, spec, (80, 24), 60.0, "test", tmp_path)
    bound = type(machine.__name__, (machine,), {"harness": harness})
    return bound()  # type: ignore[no-any-return]


def run(machine: Explorer, steps: Session) -> None:
    try:
        steps(machine)
        for name in ("still_running", "input_holds_what_was_typed", "no_raw_control_drawn"):
            getattr(machine, name)()
    finally:
        machine.teardown()


@pytest.mark.parametrize(
    ("mutant", "machine", "steps", "clause"), CASES, ids=[case[0] for case in CASES]
)
def test_each_invariant_goes_red_on_a_mutant(
    mutant: str, machine: type[Explorer], steps: Session, clause: str, tmp_path: Path
) -> None:
    explorer = session(machine, f"tests.candidates.{mutant}", tmp_path)
    with pytest.raises(AssertionError, match=rf"^\[{clause}\] "):
        run(explorer, steps)


@pytest.mark.parametrize(
    ("mutant", "machine", "steps", "clause"), CASES, ids=[case[0] for case in CASES]
)
def test_the_same_sessions_pass_on_the_reference(
    mutant: str, machine: type[Explorer], steps: Session, clause: str, tmp_path: Path
) -> None:
    run(session(machine, REFERENCES[machine], tmp_path), steps)


def test_a_missing_time_is_charged_to_the_side_that_has_it() -> None:
    from steps.rawp_crs.explorer import reopen_clause

    user = ("user", "message", "refactor the parser")
    answer = ("agent", "text", "done")
    end = ("agent", "timestamp", "14:35")
    start = ("user", "timestamp", "14:32")
    second = ("user", "message", "and the lexer")
    # live lost the first turn's end time; the next item live is the user's second message
    assert reopen_clause([user, answer, second], [user, answer, end, second]) == (
        "crs-timestamp-turn-end"
    )
    assert reopen_clause([user, answer, end, second], [user, answer, second]) == (
        "crs-timestamp-turn-end"
    )
    assert reopen_clause([user, answer], [user, start, answer]) == "crs-timestamp-turn-start"


def failing_script(mutant: str, machine: type[Explorer], steps: Session, tmp_path: Path) -> str:
    explorer = session(machine, f"tests.candidates.{mutant}", tmp_path)
    with pytest.raises(AssertionError):
        run(explorer, steps)
    (script,) = explorer.harness.failure_script
    return script


@pytest.mark.parametrize(
    ("mutant", "machine", "steps", "clause"), CASES, ids=[case[0] for case in CASES]
)
def test_every_reproducer_ends_with_a_check_that_can_fail(
    mutant: str, machine: type[Explorer], steps: Session, clause: str, tmp_path: Path
) -> None:
    script = failing_script(mutant, machine, steps, tmp_path)
    tree = ast.parse(script)  # a script that does not compile is no reproducer
    asserts = [node for node in ast.walk(tree) if isinstance(node, ast.Assert)]
    assert all(not isinstance(node.test, ast.Constant) for node in asserts), script[-600:]
    checks = [node for node in asserts if f"[{clause}]" in ast.unparse(node.msg or node)]
    harness_only = f"the harness judged (this script does not): [{clause}]"
    assert checks or (harness_only in script and "sys.exit(2)" in script), script[-600:]


CHAT_REFERENCE = "reference_app.conformance:adapter"


@pytest.mark.parametrize(
    ("mutant", "ending"),
    [
        ("mutants:reused_user_message", "assert"),  # messages-immutable
        ("mutants:stale_response_list", "assert"),  # response-from-fixed-list
        ("mutants:choice_twice", "unchecked"),  # one-choice-per-submission
    ],
)
def test_a_reproducer_fails_on_its_mutant_and_passes_on_the_reference_or_says_it_cannot_judge(
    mutant: str, ending: str, tmp_path: Path
) -> None:
    (case,) = [case for case in CASES if case[0] == mutant]
    _, machine, steps, clause = case
    script = failing_script(mutant, machine, steps, tmp_path)
    spec = f"tests.candidates.{mutant}"
    on_mutant = tmp_path / "on_mutant.py"
    on_mutant.write_text(script, encoding="utf-8")
    failed = run_script(on_mutant)
    on_reference = tmp_path / "on_reference.py"
    on_reference.write_text(script.replace(repr(spec), repr(CHAT_REFERENCE)), encoding="utf-8")
    passed = run_script(on_reference)
    if ending == "assert":
        assert failed.returncode == 1, failed.stdout + failed.stderr
        assert f"AssertionError: [{clause}]" in failed.stderr
        assert passed.returncode == 0, passed.stdout + passed.stderr
    else:  # the script replays the session and says the harness judged it, either way
        assert failed.returncode == passed.returncode == 2, failed.stderr + passed.stderr
        assert f"the harness judged (this script does not): [{clause}]" in failed.stderr


def run_script(script: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(script)], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_a_hardening_failure_does_not_hide_a_must_defect_of_the_same_client(
    tmp_path: Path,
) -> None:
    """Textual's stock Input drops a typed ZWJ (HARDENING); the MUST defect behind it shows.

    The client below is two mutants at once: its input drops the ZWJ every session opens
    with, and it mounts each agent item before its user item, which every valid
    submission shows. Without the second search every session ends at the HARDENING
    failure, and the MUST invariants never judge that client.
    """
    from steps.explore.core import Budget, explore, hardening
    from tests.candidates.mutants import MUTANTS, Mutant, MutantAdapter
    from tests.candidates.mutants.hardening import TypedJoinerDropped
    from tests.candidates.mutants.submission_flow import AgentItemFirst

    class StockInputAgentItemFirst(TypedJoinerDropped, AgentItemFirst):
        """Both defects: a typed joiner dropped, the agent item mounted first."""

    entry = MUTANTS["agent_item_first"]
    adapter = MutantAdapter(Mutant(entry.name, entry.clause, StockInputAgentItemFirst))
    spec = "tests.candidates.mutants:agent_item_first"
    harness = Harness(adapter, spec, (80, 24), 60.0, "test", tmp_path)
    with pytest.raises(AssertionError) as failed:
        explore(ChatExplorer, harness, Budget(examples=8, seed=0, shrink_seconds=0))
    first, _, rest = str(failed.value).partition("\n")
    clause = first[1 : first.index("]")]
    assert clause in ("pair-order", "submission-order") and not hardening(clause), first
    assert "after the first search failed on one: [hardening-typed-text-kept]" in rest
