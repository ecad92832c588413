"""oterm, a real third-party Textual agent client, run against profile rawp_crs.

``examples/adapters/oterm_adapter.py`` bridges the fake agent's port into oterm's own way of
receiving agent output (a pydantic-ai model); docs/thirdparty.md ("An agent client: oterm
0.26.1") says what the bridge does and judges a sample of the verdicts. This module runs the
profile's features once, in a subprocess, with ``--conformance-report``, and checks in its
``report.json`` that the run ends with a verdict for every scenario, none of them a harness
error, and that the verdicts show what oterm does and what the bridge carries.

oterm takes 2 to 15 s a scenario, so ``make test`` runs the scenarios of the clauses the
bridged scenarios and oterm's departures cite (:data:`SAMPLE` and :data:`SAMPLE_CLAUSES`,
about a minute on 2 cores); ``make thirdparty`` (environment
``CHAT_CONFORMANCE_THIRDPARTY=full``) runs the whole profile (about 6 minutes), with at
least :data:`FULL_CLAIMED` scenarios of part 1 claimed.
"""

from __future__ import annotations

import os
import re
from typing import Any

import pytest

pytest.importorskip("oterm", reason="install the thirdparty extra: pip install -e '.[thirdparty]'")

from steps.clauses import catalogue
from steps.traceability import FEATURES_ROOT, read_scenarios
from tests.thirdparty_report import (
    Run,
    check_every_scenario_reported,
    check_run_completed,
    known_timeout,
    load_report,
    output,
    run_suite,
)

ADAPTER = "examples/adapters/oterm_adapter.py:adapter"
"""The adapter the run loads."""
FEATURES = "features/rawp_crs"
"""The profile's features."""
SAMPLE = tuple(
    f"{FEATURES}/{name}.feature"
    for name in ("sending", "cancelling", "actor_layout", "user_markdown", "timestamps")
)
"""The feature files ``make test`` runs (of them, the scenarios of :data:`SAMPLE_CLAUSES`)."""
FULL = os.environ.get("CHAT_CONFORMANCE_THIRDPARTY") == "full"
"""Whether to run the whole profile (``make thirdparty``)."""
FULL_CLAIMED = 140
"""Scenarios of part 1 the whole profile holds at least."""
SAMPLE_CLAIMED = 25
"""Scenarios of part 1 the sample holds at least (a floor: most of its 41 scenarios are)."""
RUN_TIMEOUT = 1500.0
"""Seconds the subprocess may run (about 8 minutes on 2 loaded cores) before it is killed."""
SCENARIO_TIMEOUT = 60.0
"""Seconds each scenario may take. oterm's scenarios take 2 to 15 s on 2 loaded cores (its
start, pydantic-ai's run per turn, a 1 MB delta drawn in 15 s); the default 10 s bound would
turn its slowness under load into TIMEOUTs that hide the verdicts."""
VERDICTS = {"passed", "failed"}
"""What a scenario of a claimed part ends with: a pass, or a failure naming a clause."""
NOT_CLAIMED = "not claimed: adapter 'oterm' claims parts 1 of profile 'rawp_crs'"
"""The start of the reason every scenario of parts 2 to 5 is skipped with."""
SLOW_IN_OTERM = {
    "Escape after a tool turn ended does nothing": (
        ("ImplementationTimeout", "the scenario did not finish"),
    ),
}
"""Scenarios oterm itself may not finish within their bound under load, and what the TIMEOUT
says: seen once in a loaded full run, oterm's pydantic-ai run outlasting the 60 s bound, its
event loop threads still alive at the end. A clear verdict on the app, named as the
implementation's, not the harness breaking (as ``SLOW_IN_NONECHAT`` is for nonechat)."""
HARNESS_FAULTS = {
    "the screen read while oterm still redraws": ("NoActiveAppError",),
}
"""ERROR verdicts that are the harness's, listed in docs/thirdparty.md ("Harness faults", H5)
for the integrator to fix; each may or may not occur in a run (they depend on timing).

The steps read the composed screen outside the app's context when ``settle`` found every
message pump at rest while oterm's turn task still ran (pydantic-ai's run ending, the answer's
Markdown re-parsed, its SQLite writes on aiosqlite threads): a widget oterm removed meanwhile
is rendered by the compositor and asks for the active app (``steps/textual_private.py``,
``screen_strips``). Remove an entry once the harness is fixed: a later one is then red."""
OTERM_DEPARTURES = {
    "crs-user-right-aligned",
    "crs-user-bubble",
    "crs-md-bold",
    "crs-timestamp-turn-start",
    "crs-date-separator",
}
"""Read from oterm 0.26.1's source and screen: the user's prompt sits on the left behind a
``❯`` marker with no background, its text is a ``Static`` without markup (no markdown), and
oterm draws no time of day and no date line."""
BRIDGED = (
    "Enter sends the typed text as one prompt request",
    "Escape cancels the turn while the agent is streaming text",
    "Escape cancels the turn while the agent is thinking",
    "Escape cancels the turn while the agent is calling a tool",
    "Escape before any prompt does nothing",
    "A long agent answer uses the full width",
)
"""Scenarios that pass only if the bridge carries prompts, deltas and cancels both ways."""


def titled(name: str, title: str) -> bool:
    """Whether a scenario written as ``name`` (an outline's with ``<placeholders>``) is
    reported as ``title``."""
    parts = re.split(r"<[^<>]+>", name)
    return re.fullmatch(".+".join(map(re.escape, parts)), title) is not None


SAMPLE_CLAUSES = tuple(
    sorted(
        {
            clause
            for scenario in read_scenarios(FEATURES_ROOT / "rawp_crs")
            if any(titled(scenario.name, title) for title in BRIDGED)
            for clause in scenario.clauses
        }
        | OTERM_DEPARTURES
    )
)
"""``--clause`` of the sample: the clauses the :data:`BRIDGED` scenarios cite (read from the
feature files) and oterm's departures, so that every scenario citing them in :data:`SAMPLE`
runs, and no other."""


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Run:
    report_dir = tmp_path_factory.mktemp("thirdparty_agent") / "report"
    finished = run_suite(
        ADAPTER,
        report_dir,
        timeout=RUN_TIMEOUT,
        workers=2,
        features=FEATURES if FULL else SAMPLE,
        scenario_timeout=SCENARIO_TIMEOUT,
        extra=() if FULL else tuple(f"--clause={clause}" for clause in SAMPLE_CLAUSES),
    )
    assert (report_dir / "report.json").is_file(), output(finished)
    return finished, load_report(report_dir)


def claimed(report: dict[str, Any]) -> list[dict[str, Any]]:
    return [entry for entry in report["scenarios"] if entry["outcome"] != "skipped"]


def test_the_run_completes(run: Run) -> None:
    check_run_completed(run, ADAPTER)


def test_every_collected_scenario_is_in_the_report(run: Run) -> None:
    check_every_scenario_reported(run)


def test_only_the_parts_not_claimed_are_skipped(run: Run) -> None:
    _, report = run
    skipped = [entry for entry in report["scenarios"] if entry["outcome"] == "skipped"]
    assert skipped
    assert not [
        (entry["title"], entry["message"])
        for entry in skipped
        if not (entry["message"] or "").startswith(NOT_CLAIMED)
    ]
    assert len(claimed(report)) >= (FULL_CLAIMED if FULL else SAMPLE_CLAIMED)


def test_every_claimed_scenario_passes_or_fails_none_is_a_harness_error(run: Run) -> None:
    _, report = run
    others = [
        (entry["title"], entry["outcome"], entry["message"])
        for entry in claimed(report)
        if entry["outcome"] not in VERDICTS
        and not _harness_fault(entry)
        and not known_timeout(entry, SLOW_IN_OTERM)
    ]
    assert not others


def _harness_fault(entry: dict[str, Any]) -> bool:
    """An ERROR of a known harness fault (:data:`HARNESS_FAULTS`), reported, not yet fixed."""
    message = entry["message"] or ""
    return entry["outcome"] == "error" and any(
        message.startswith(words[0]) and all(word in message for word in words)
        for words in HARNESS_FAULTS.values()
    )


def test_every_failure_names_a_catalogued_clause(run: Run) -> None:
    _, report = run
    known = set(catalogue("rawp_crs"))
    unnamed = [
        (entry["title"], entry["message"])
        for entry in claimed(report)
        if entry["outcome"] == "failed" and entry["failed_clause"] not in known
    ]
    assert not unnamed


def test_the_run_catches_what_oterm_does_differently(run: Run) -> None:
    _, report = run
    failed_on = {entry["failed_clause"] for entry in report["scenarios"]}
    failing = {clause["id"] for clause in report["clauses"] if clause["verdict"] == "fail"}
    assert failed_on >= OTERM_DEPARTURES
    assert failing >= OTERM_DEPARTURES


def test_the_bridge_carries_prompts_deltas_and_cancels(run: Run) -> None:
    _, report = run
    outcomes = {
        entry["title"]: (entry["outcome"], entry["message"]) for entry in report["scenarios"]
    }
    assert {title: outcomes.get(title) for title in BRIDGED} == {
        title: ("passed", None) for title in BRIDGED
    }
