"""The conformance report: three files, a valid JSON, clause verdicts, failures with pictures."""

from __future__ import annotations

import copy
import json
import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from steps.clauses import catalogue
from steps.profiles import PROFILES
from steps.report import build, render
from steps.report.build import ClauseVerdict, Phase, ScenarioRun, clause_verdict, outcome
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
    assert report["profiles"][0]["spec_version"] == "1.0"
    passing = cited(EXAMPLES_TITLE, EDGES_TITLE, "The input has focus when the app starts")
    assert {c["id"] for c in report["clauses"] if c["verdict"] == "pass"} == passing
    markdown = (run.report_dir / "report.md").read_text("utf-8")
    (must,) = [line for line in markdown.splitlines() if line.startswith("MUST ")]
    assert must.startswith(f"MUST {len(passing)}/{must_total()} (")
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
    assert failed["failed_step"].startswith("Then item 1 is drawn against the left edge")
    svg = (run.report_dir / failed["screenshot"]).read_text("utf-8")
    assert "사용자" in svg and "에이전트" in svg
    assert run.clause("role-alignment")["verdict"] == "fail"
    assert run.clause("structure-not-colour")["verdict"] == "fail"
    assert run.clause("display-format")["verdict"] == "pass"
    assert run.scenario(EXAMPLES_TITLE)["screenshot"] is None
    html = (run.report_dir / "report.html").read_text("utf-8")
    assert html.count("<svg") == 1
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
        "passed": 2,
        "failed": 1,
        "error": 0,
        "timeout": 0,
        "skipped": 0,
        "xfailed": 0,
        "xpassed": 0,
    }
    assert (run.report_dir / run.scenario(EDGES_TITLE)["screenshot"]).is_file()
    cases = list(ElementTree.parse(junit).getroot().iter("testcase"))
    assert len(cases) == 3
    assert [case.get("name") for case in cases if case.find("failure") is not None] == [EDGES]
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
        (["passed", "error"], True, ClauseVerdict.FAIL),
        (["xfailed", "timeout"], True, ClauseVerdict.FAIL),
        (["xfailed", "passed"], True, ClauseVerdict.KNOWN_FAILURE),
        (["xpassed"], True, ClauseVerdict.PASS),
        (["skipped", "passed"], True, ClauseVerdict.PASS),
        (["skipped"], True, ClauseVerdict.UNTESTED),
        ([], True, ClauseVerdict.UNTESTED),
        (["failed"], False, ClauseVerdict.NOT_CLAIMED),
    ],
)
def test_a_clause_verdict_follows_the_first_rule_that_applies(
    outcomes: list[str], claimed: bool, expected: ClauseVerdict
) -> None:
    clause = catalogue(PROFILES[0].name)["display-format"]
    assert clause_verdict(clause, outcomes, claimed=claimed) is expected


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
    record = {
        "feature": "chat_screen/rendering.feature",
        "feature_name": "Rendering",
        "scenario": "S",
        "example": None,
        "title": "S",
        "line": 10,
        "order": 0,
        "profile": "chat_screen",
        "clauses": ["display-format"],
        "message": None,
        "failed_step": None,
        "expectation": None,
    }
    run = ScenarioRun("features/x.py::test_s", record, {"setup": Phase("passed", None, 0.0)})
    run.phases["call"] = Phase("passed", None, 0.1)
    info = build.RunInfo(
        harness_version="0",
        adapter={"name": "a", "implementation_version": "1", "spec": "m:a", "source": "test"},
        started="2026-01-01T00:00:00+00:00",
        finished="2026-01-01T00:00:01+00:00",
        duration_seconds=1.0,
        exit_status=0,
        arguments=[],
        expectations=None,
    )
    info.adapter["profiles"] = ["chat_screen"]
    report, _ = build.build(info, [run])
    render.validate(report)
    broken = copy.deepcopy(report)
    broken["scenarios"][0]["outcome"] = "crashed"
    with pytest.raises(render.ReportError, match=r"\$\.scenarios\[0\]\.outcome"):
        render.validate(broken)
