"""The hostile-input scenarios fail implementations that mishandle hostile input.

Each broken variant of ``tests/candidates/hostile.py`` gets a FAILED verdict (not ERROR
or TIMEOUT) in the scenarios written for its mistake; the reference app passes them all
(``pytest features``). Runs are subprocesses with a hard timeout, as in
``test_hostile_candidates.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.runs import run_features

CLICKS = "test_clicking_the_text_of_an_actionlike_body_text_does_nothing"
CONTROLS = "test_control_characters_kind_never_reach_the_terminal"
WHITESPACE = "test_unicode_whitespace_kind_is_blank_as_strstrip_sees_it"
INVISIBLE = "test_an_invisible_character_that_is_not_whitespace_kind_is_a_body"
LONG = "test_a_20000character_input_is_accepted_kept_intact_and_wrapped"
RAPID = "test_submissions_in_quick_succession_keep_their_exact_order"
SMALL = "test_every_rule_holds_in_a_30x10_terminal"
RESIZE = "test_a_resize_in_the_middle_of_a_conversation_keeps_every_rule"


@pytest.mark.parametrize(
    ("candidate", "selected", "failing"),
    [
        ("markup_bodies", "clicking", {CLICKS}),
        ("raw_control_characters", "control_characters", {CONTROLS}),
        ("ansi_interpreted", "control_characters", {CONTROLS}),
        ("strips_only_ascii_whitespace", "unicode_whitespace", {WHITESPACE}),
        ("strips_invisible_characters", "invisible_character", {INVISIBLE}),
        ("truncates_long_bodies", "20000character", {LONG}),
        ("no_wrap", "20000character or 30x10", {LONG, SMALL}),
        ("fixed_width_items", "30x10 or resize", {SMALL, RESIZE}),
        ("deferred_responses", "quick_succession", {RAPID}),
    ],
)
def test_a_variant_that_mishandles_hostile_input_fails_every_example_of_its_scenarios(
    tmp_path: Path, candidate: str, selected: str, failing: set[str]
) -> None:
    run = run_features(tmp_path, candidate, "-k", selected)

    seen = {name.partition("[")[0] for name in run.verdicts}
    assert seen == failing
    for name, phases in run.verdicts.items():
        assert phases["call"] == "failed", f"{name}: {run.messages.get(name)}"
    assert run.returncode == 1
