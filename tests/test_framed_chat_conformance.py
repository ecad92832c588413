"""``examples/framed_chat`` (issue 37): an independent chat_screen client drawn in framed cards.

Written from seeds 000 and 001 and the public docs only, it draws each message as a label in
a padded card framed with a rounded line open towards the other role, nested in a row, in a
framed conversation box, with a light theme. It passes every scenario of the profile, and
every clause of the profile, named in :data:`PASSED_CLAUSES`, passes: the one false verdict
it once got (``examples/framed_chat/FALSE_VERDICTS.md``, entry 1) is fixed in the harness.
"""

from __future__ import annotations

import json
from pathlib import Path

from textual import events

from examples.framed_chat.terminal import PasteWholeParser
from tests.test_alt_chat_conformance import run_features

ADAPTER = "examples.framed_chat.adapter:adapter"


PASSED_CLAUSES = (
    "message-role-and-body", "role-values", "role-in-message-data", "body-source",
    "messages-immutable", "role-labels", "display-format", "single-label-widget",
    "role-classes", "label-and-classes-from-role", "role-alignment", "role-borders",
    "structure-not-colour", "enter-submits", "input-focus", "input-stripped", "input-cleared",
    "blank-input-no-choice", "blank-input-no-change", "validate-before-choice",
    "response-from-fixed-list", "standard-random-choice", "one-choice-per-submission",
    "pair-order", "submission-order", "session-records", "scroll-to-end", "widget-ids",
    "quit-keys", "quit-creates-no-state", "no-external-calls", "no-persistence",
    "hardening-control-characters", "hardening-typed-text-kept",
)  # fmt: skip
"""The clauses the client passes, every scenario citing them passed."""


def test_every_scenario_passes(tmp_path: Path) -> None:
    """The profile on framed_chat: all passed, every named clause ``pass`` in the report."""
    done = run_features(f"--adapter={ADAPTER}", f"--conformance-report={tmp_path}")
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    outcomes = {scenario["id"]: scenario["outcome"] for scenario in report["scenarios"]}
    broken = {key: value for key, value in outcomes.items() if value != "passed"}
    assert outcomes and not broken, done.stdout[-6000:]
    verdicts = {entry["id"]: entry["verdict"] for entry in report["clauses"]}
    assert {clause: verdicts[clause] for clause in PASSED_CLAUSES} == dict.fromkeys(
        PASSED_CLAUSES, "pass"
    )
    assert done.returncode == 0, done.stdout[-3000:]


def test_the_parser_keeps_a_paste_whole_across_reads_and_passes_keys_on() -> None:
    """A paste split over three reads arrives whole, its ESC and Ctrl+Q bytes as text."""
    parser = PasteWholeParser()
    reads = ("a\x1b[20", "0~log \x1b[31mred\x1b[0m\x11 end\x1b[2", "01~b")
    parsed = [message for data in reads for message in parser.feed(data)]
    assert [type(message) for message in parsed] == [events.Key, events.Paste, events.Key]
    first, paste, last = parsed
    assert isinstance(first, events.Key) and first.key == "a"
    assert isinstance(paste, events.Paste) and paste.text == "log \x1b[31mred\x1b[0m\x11 end"
    assert isinstance(last, events.Key) and last.key == "b"


def test_a_paste_read_one_byte_at_a_time_is_whole_and_a_lone_esc_is_the_escape_key() -> None:
    """Markers cut after their ESC stay markers; an ESC nothing follows is Escape, once ticked."""
    parser = PasteWholeParser()
    parsed = [m for byte in "\x1b[200~AAA\x1b[5~BBB\x1b[201~" for m in parser.feed(byte)]
    assert [(type(m), getattr(m, "text", None)) for m in parsed] == [
        (events.Paste, "AAA\x1b[5~BBB")
    ]
    assert list(parser.feed("\x1b")) == []
    parser._timeout_time = 0.0  # the escape delay is over
    keys = list(parser.tick())
    assert [getattr(key, "key", None) for key in keys] == ["escape"]
