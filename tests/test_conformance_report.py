"""The conformance report: three files, a valid JSON, clause verdicts, failures with pictures."""

from __future__ import annotations

import copy
import json
import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from types import SimpleNamespace

import pytest

from steps.checks import named_clause
from steps.clauses import catalogue, spec_version
from steps.profiles import PROFILES
from steps.report import build, capture, render
from steps.report.build import (
    ClauseVerdict,
    Phase,
    ScenarioRun,
    clause_verdict,
    outcome,
    slug,
)
from steps.screenshot import SCREENSHOT_BOUND
from steps.stash import DRIVER_KEY
from steps.traceability import read_scenarios
from tests.reporting_support import CRASHING, REFERENCE, SWAPPED, run_features

EXAMPLES = "test_the_contracts_examples_are_shown_with_their_role_labels"
EDGES = "test_items_are_drawn_against_their_roles_edge_of_the_conversation_area"
FOCUS = "test_the_input_has_focus_when_the_app_starts"
EXAMPLES_TITLE = "The contract's examples are shown with their role labels"
EDGES_TITLE = "Items are drawn against their role's edge of the conversation area"
NETWORK = re.compile(r"""(src|href)\s*=\s*["']?(https?:)?//|url\(\s*["']?https?:|<script|<link""")


def cited(*titles: str) -> set[str]:
    """Clauses the feature files cite for the scenarios titled ``titles``."""
    refs = read_scenarios(PROFILES[0].features_dir)
    return {clause for ref in refs if ref.name in titles for clause in ref.clauses}


def must_total() -> int:
    return sum(clause.level == "MUST" for clause in catalogue(PROFILES[0].name).values())


def test_a_run_against_the_reference_app_writes_three_files_and_a_valid_json(
    tmp_path: Path,
) -> None:
    run = run_features(tmp_path, REFERENCE, [EXAMPLES, EDGES, FOCUS])
    assert run.status == 0, run.output
    report = run.report()
    render.validate(report)
    assert report["outcomes"]["passed"] == 3
    assert report["adapter"]["name"] == "reference_app"
    assert report["profiles"][0]["spec_version"] == spec_version("chat_screen")
    passing = cited(EXAMPLES_TITLE, EDGES_TITLE, "The input has focus when the app starts")
    assert {c["id"] for c in report["clauses"] if c["verdict"] == "pass"} == passing
    markdown = (run.report_dir / "report.md").read_text("utf-8")
    (must,) = [line for line in markdown.splitlines() if line.startswith("MUST ")]
    untested = must_total() - len(passing)  # the other scenarios did not run
    assert must == f"MUST {len(passing)}/{must_total()}: {len(passing)} pass, {untested} untested  "
    html = (run.report_dir / "report.html").read_text("utf-8")
    assert all(f'id="c-{clause_id}"' in html for clause_id in catalogue(PROFILES[0].name))
    assert not NETWORK.search(html)


def test_a_broken_implementation_shows_its_failing_clauses_with_a_screenshot(
    tmp_path: Path,
) -> None:
    run = run_features(tmp_path, SWAPPED, [EXAMPLES, EDGES])
    assert run.status == 1, run.output
    failed = run.scenario(EDGES_TITLE)
    assert failed["outcome"] == "failed"
    assert failed["message"].startswith("[role-alignment] item 1")
    assert {"role-alignment", "structure-not-colour"} <= set(failed["clauses"])
    assert failed["failed_clause"] == "role-alignment"
    assert failed["failed_step"].startswith("Then item 1 is drawn against the left edge")
    svg = (run.report_dir / failed["screenshot"]).read_text("utf-8")
    assert "사용자" in svg and "에이전트" in svg
    # The scenario cites both clauses but stopped at its role-alignment check.
    assert run.clause("role-alignment")["verdict"] == "fail"
    assert run.clause("structure-not-colour")["verdict"] == "not-reached"
    assert run.clause("structure-not-colour")["results"] == {failed["id"]: "not-reached"}
    # The examples scenario shows the labels right, then finds the items swapped.
    examples = run.scenario(EXAMPLES_TITLE)
    assert (examples["outcome"], examples["failed_clause"]) == ("failed", "role-alignment")
    assert run.clause("display-format")["verdict"] == "not-reached"
    markdown = (run.report_dir / "report.md").read_text("utf-8")
    row = "| `structure-not-colour` | MUST | not-reached, blocked by `role-alignment` |"
    assert f"{row} 1 not-reached |" in markdown
    assert "failed on `role-alignment`" in markdown
    html = (run.report_dir / "report.html").read_text("utf-8")
    assert 'id="c-structure-not-colour" class="c-not-reached"' in html
    # each failure's own screen, and each group's first one, at the top and in its section
    groups = run.report()["groups"]
    shown = [group for group in groups if group["screenshot"]]
    assert html.count("<svg") == 2 + len(shown) + len(shown[: render.TOP_GROUPS])
    assert sum(group["count"] for group in groups) == 2
    assert 'id="failures"' in html and "[role-alignment] item 1" in html
    assert not NETWORK.search(html), NETWORK.search(html)


def test_a_crashed_app_is_an_error_with_a_note_instead_of_a_picture(tmp_path: Path) -> None:
    run = run_features(tmp_path, CRASHING, [EXAMPLES])
    assert run.status == 1, run.output
    crashed = run.scenario(EXAMPLES_TITLE)
    assert crashed["outcome"] == "error"
    assert "RuntimeError: deliberate crash in the submit handler" in crashed["message"]
    assert crashed["screenshot"] is None
    assert crashed["screenshot_note"].startswith("no screenshot: the app crashed (RuntimeError")
    html = (run.report_dir / "report.html").read_text("utf-8")
    assert "no screenshot: the app crashed" in html and "<svg" not in html


def test_xdist_workers_junitxml_and_cucumberjson_work_alongside_the_report(
    tmp_path: Path,
) -> None:
    junit, cucumber = tmp_path / "junit.xml", tmp_path / "cucumber.json"
    run = run_features(
        tmp_path,
        SWAPPED,
        [EXAMPLES, EDGES, FOCUS],
        "-n",
        "2",
        f"--junitxml={junit}",
        f"--cucumberjson={cucumber}",
    )
    assert run.status == 1, run.output
    assert run.report()["outcomes"] == {
        "passed": 1,
        "failed": 2,
        "error": 0,
        "timeout": 0,
        "skipped": 0,
        "xfailed": 0,
        "xpassed": 0,
    }
    assert (run.report_dir / run.scenario(EDGES_TITLE)["screenshot"]).is_file()
    assert run.scenario(EDGES_TITLE)["failed_clause"] == "role-alignment"
    assert run.clause("structure-not-colour")["verdict"] == "not-reached"
    cases = list(ElementTree.parse(junit).getroot().iter("testcase"))
    assert len(cases) == 3
    failing = {case.get("name") for case in cases if case.find("failure") is not None}
    assert failing == {EDGES, EXAMPLES}
    verdicts = {
        case.get("name"): {p.get("name"): p.get("value") for p in case.iter("property")}
        for case in cases
    }
    assert verdicts[EDGES]["verdict"] == "failed"
    assert verdicts[FOCUS]["verdict"] == "passed"
    features = json.loads(cucumber.read_text("utf-8"))
    assert sum(len(feature["elements"]) for feature in features) == 3


# -- the rules, without running the features -----------------------------------------


@pytest.mark.parametrize(
    ("outcomes", "claimed", "expected"),
    [
        (["passed", "failed"], True, ClauseVerdict.FAIL),
        (["passed", "error"], True, ClauseVerdict.NOT_REACHED),  # no pass beside an error
        (["xfailed", "timeout"], True, ClauseVerdict.KNOWN_FAILURE),
        (["error", "timeout"], True, ClauseVerdict.NOT_REACHED),
        (["xfailed", "passed"], True, ClauseVerdict.KNOWN_FAILURE),
        (["xpassed"], True, ClauseVerdict.PASS),
        (["skipped", "passed"], True, ClauseVerdict.PASS),
        (["skipped"], True, ClauseVerdict.UNTESTED),
        (["not-reached"], True, ClauseVerdict.NOT_REACHED),
        (["passed", "not-reached"], True, ClauseVerdict.PASS),
        (["passed"] * 80 + ["not-reached"] * 8, True, ClauseVerdict.PASS),
        (["not-reached", "failed"], True, ClauseVerdict.FAIL),
        (["not-reached", "xfailed"], True, ClauseVerdict.KNOWN_FAILURE),
        (["not-reached"], False, ClauseVerdict.NOT_CLAIMED),
        ([], True, ClauseVerdict.UNTESTED),
        (["failed"], False, ClauseVerdict.NOT_CLAIMED),
    ],
)
def test_a_clause_verdict_follows_the_first_rule_that_applies(
    outcomes: list[str], claimed: bool, expected: ClauseVerdict
) -> None:
    clause = catalogue(PROFILES[0].name)["display-format"]
    assert clause_verdict(clause, outcomes, claimed=claimed) is expected


def scenario(
    name: str, clauses: list[str], verdict: str = "passed", text: str | None = None
) -> ScenarioRun:
    """A scenario run as the collector would hold it, with a call phase of ``verdict``."""
    record = {
        "feature": "chat_screen/x.feature",
        "feature_name": "X",
        "scenario": name,
        "example": None,
        "title": name,
        "line": 1 + sum(map(ord, name)),
        "order": 0,
        "profile": "chat_screen",
        "clauses": clauses,
        "message": text,
        "failed_step": None,
        "expectation": None,
        "parts_used": [],
    }
    phases = {
        "setup": Phase("passed", None, 0.0),
        "call": Phase(verdict, text, 0.1, named_clause(text)),
        "teardown": Phase("passed", None, 0.0),
    }
    return ScenarioRun(f"features/x.py::test_{slug(name)}", record, phases)


def run_info() -> build.RunInfo:
    return build.RunInfo(
        harness_version="0",
        adapter={
            "name": "a",
            "implementation_version": "1",
            "spec": "m:a",
            "source": "test",
            "profiles": ["chat_screen"],
        },
        started="2026-01-01T00:00:00+00:00",
        finished="2026-01-01T00:00:01+00:00",
        duration_seconds=1.0,
        exit_status=1,
        arguments=[],
        expectations=None,
    )


def test_a_failure_counts_against_the_clause_it_names_and_no_other() -> None:
    alignment = "[role-alignment] item 1 (Static): expected left; seen right"
    runs = [
        scenario("a", ["role-alignment", "structure-not-colour"], "failed", alignment),
        scenario("b", ["structure-not-colour"]),  # passes: the clause is still not cleared
        scenario("c", ["role-borders", "role-classes"], "xfailed", "[role-borders] x: ..."),
        scenario("d", ["pair-order"], "failed", "[display-format] the area: expected ..."),
        scenario("e", ["scroll-to-end"], "failed", "Static() is not visible in the area"),
        scenario("f", ["widget-ids"], "failed", "[no-such-clause] x: expected y; seen z"),
        scenario("g", ["input-focus", "enter-submits"], "error", "RuntimeError: boom"),
        scenario("h", ["response-from-fixed-list"]),
    ]
    report, _ = build.build(run_info(), runs)
    render.validate(report)
    verdicts = {clause["id"]: clause["verdict"] for clause in report["clauses"]}
    assert {clause: verdicts[clause] for clause in SIMULATED} == SIMULATED
    named = {entry["title"]: entry["failed_clause"] for entry in report["scenarios"]}
    assert named == {
        "a": "role-alignment",
        "b": None,
        "c": "role-borders",
        "d": "display-format",
        "e": None,
        "f": None,
        "g": None,
        "h": None,
    }
    (display,) = [clause for clause in report["clauses"] if clause["id"] == "display-format"]
    assert display["scenarios"] == [] and list(display["results"].values()) == ["failed"]
    assert report["totals"]["MUST"]["not-reached"] == 6
    assert render.summary_lines(report)[0].startswith("MUST 2/")


SIMULATED = {
    "role-alignment": "fail",  # failed naming it
    "structure-not-colour": "pass",  # one scenario stopped before it, one passed it
    "role-borders": "known-failure",
    "role-classes": "not-reached",  # the xfailed scenario stopped on role-borders
    "display-format": "fail",  # named by a failure of a scenario that does not cite it
    "pair-order": "not-reached",
    "scroll-to-end": "not-reached",  # a failure naming no clause is charged to none
    "widget-ids": "not-reached",  # an id that is not in the catalogue names no clause
    "input-focus": "not-reached",  # an error is charged to none of its clauses
    "enter-submits": "not-reached",
    "response-from-fixed-list": "pass",
    "input-cleared": "untested",
}
"""Verdicts of :func:`test_a_failure_counts_against_the_clause_it_names...`'s clauses."""


def test_a_teardown_error_after_a_passing_call_makes_the_scenario_an_error() -> None:
    phases = {
        "setup": Phase("passed", None, 0.1),
        "call": Phase("passed", None, 0.2),
        "teardown": Phase("error", "RuntimeError: boom", 0.1),
    }
    assert outcome(phases) == ("error", "while stopping the app: RuntimeError: boom")


def test_a_skipped_setup_gives_the_outcome_and_its_reason() -> None:
    phases = {"setup": Phase("skipped", "not claimed: ...", 0.0)}
    assert outcome(phases) == ("skipped", "not claimed: ...")


def test_the_schema_rejects_a_report_with_an_unknown_outcome() -> None:
    report, _ = build.build(run_info(), [scenario("S", ["display-format"])])
    render.validate(report)
    broken = copy.deepcopy(report)
    broken["scenarios"][0]["outcome"] = "crashed"
    with pytest.raises(render.ReportError, match=r"\$\.scenarios\[0\]\.outcome"):
        render.validate(broken)


@pytest.mark.timeout(30)  # without the bound, the screenshot would block for ever
def test_a_screenshot_whose_drawing_blocks_is_given_up_with_a_note() -> None:
    class BlockingApp:
        def export_screenshot(self, title: str) -> str:
            while True:
                pass

    driver = SimpleNamespace(app=BlockingApp(), crash=None, running=True)
    item = SimpleNamespace(stash=pytest.Stash())
    item.stash[DRIVER_KEY] = driver

    svg, note = capture.screenshot(item, "a scenario")  # type: ignore[arg-type]

    assert svg is None
    assert note is not None
    assert f"drawing it did not finish within {SCREENSHOT_BOUND:g} s" in note
