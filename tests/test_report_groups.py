"""Failures grouped by cause: one group per clause and message shape, sorted, in the schema."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from steps.report import build, render
from steps.report.groups import conformant_at_must, failure_groups, message_shape
from tests.test_conformance_report import run_info, scenario

LEVELS = {"display-format": "MUST", "role-alignment": "MUST", "scroll-to-end": "SHOULD"}


def entry(
    name: str, message: str | None, clause: str | None, outcome: str = "failed", **extra: Any
) -> dict[str, Any]:
    """A scenario of ``report.json`` as far as grouping reads it."""
    return {
        "id": f"features/x.py::test_{name}",
        "outcome": outcome,
        "message": message,
        "failed_clause": clause,
        "clauses": extra.get("clauses", [clause] if clause else []),
        "screenshot": extra.get("screenshot"),
    }


def test_the_shape_replaces_numbers_quoted_text_and_positions_and_keeps_the_clause() -> None:
    first = "[display-format] item 3 (Label): expected '사용자: hi'; seen \"hi\" at (4, 12)\nmore"
    second = "[display-format] item 11 (Label): expected '사용자: 안녕'; seen \"안녕\" at (1, 2)"
    assert message_shape(first) == message_shape(second)
    assert message_shape(first) == (
        "[display-format] item <n> (Label): expected <text>; seen <text> at <n>"
    )
    assert message_shape("the agent's text: expected [`a`, `b`, `c`]") == (
        "the agent's text: expected [<text>, ...]"
    )
    assert message_shape(None) == ""


def test_failures_with_one_clause_and_one_shape_form_one_group_with_every_scenario() -> None:
    scenarios = [
        entry("a", "[display-format] item 1: expected 'x'; seen 'y'", "display-format"),
        entry("ok", None, None, outcome="passed"),
        entry("b", "[display-format] item 7: expected 'p q'; seen 'q'", "display-format",
              screenshot="screenshots/002-b.svg"),
        entry("c", "[display-format] item 2: expected 'z'; seen ''", "display-format",
              screenshot="screenshots/003-c.svg"),
    ]  # fmt: skip
    (group,) = failure_groups(scenarios, LEVELS)
    assert group["count"] == 3
    assert group["scenarios"] == [f"features/x.py::test_{name}" for name in "abc"]
    assert group["clause"] == "display-format"
    assert (group["level"], group["outcome"]) == ("MUST", "failed")
    assert group["screenshot"] == "screenshots/002-b.svg"  # the first one there is
    assert group["message"] == scenarios[0]["message"]


def test_another_clause_another_shape_or_another_outcome_is_another_group() -> None:
    scenarios = [
        entry("a", "[display-format] item 1: expected 'x'; seen 'y'", "display-format"),
        entry("b", "[role-alignment] item 1: expected 'x'; seen 'y'", "role-alignment"),
        entry("c", "[display-format] the area: expected 2 items; seen 3", "display-format"),
        entry("d", "[display-format] item 1: expected 'x'; seen 'y'", "display-format",
              outcome="xfailed"),
        entry("e", "RuntimeError: boom", None, outcome="error", clauses=["display-format"]),
    ]  # fmt: skip
    groups = failure_groups(scenarios, LEVELS)
    assert len(groups) == 5
    assert sorted(member for group in groups for member in group["scenarios"]) == sorted(
        each["id"] for each in scenarios
    )
    (error,) = [group for group in groups if group["outcome"] == "error"]
    assert (error["clause"], error["level"]) == (None, "MUST")  # the level of what it cites


def test_groups_are_sorted_by_level_then_count_known_failures_last_of_their_level() -> None:
    def many(prefix: str, count: int, message: str, clause: str | None, **extra: Any) -> list[Any]:
        return [entry(f"{prefix}{n}", message, clause, **extra) for n in range(count)]

    scenarios = [
        *many("should", 5, "[scroll-to-end] item 1 is not visible", "scroll-to-end"),
        *many("known", 4, "[display-format] x: expected 'a'", "display-format", outcome="xfailed"),
        *many("align", 1, "[role-alignment] item 1: expected left", "role-alignment"),
        *many("format", 2, "[display-format] item 1: expected 'a'", "display-format"),
        *many("none", 9, "Static() is not visible", None, clauses=[]),
    ]
    groups = failure_groups(scenarios, LEVELS)
    order = [(group["level"], group["outcome"], group["count"]) for group in groups]
    assert order == [
        ("MUST", "failed", 2),
        ("MUST", "failed", 1),
        ("MUST", "xfailed", 4),
        ("SHOULD", "failed", 5),
        (None, "failed", 9),
    ]
    assert [group["id"] for group in groups] == ["g1", "g2", "g3", "g4", "g5"]


def test_a_built_report_keeps_every_scenario_adds_the_groups_and_matches_the_schema() -> None:
    alignment = "[role-alignment] item {}: expected left; seen right"
    runs = [
        scenario("a", ["role-alignment"], "failed", alignment.format(1)),
        scenario("b", ["role-alignment"], "failed", alignment.format(2)),
        scenario("c", ["display-format"]),
    ]
    report, _ = build.build(run_info(), runs)
    render.validate(report)
    assert len(report["scenarios"]) == 3  # consumers of the scenario list see them all
    (group,) = report["groups"]
    assert (group["clause"], group["count"]) == ("role-alignment", 2)
    assert "## Failures by cause" in render.markdown(report)
    html = render.html(report, {})
    assert 'id="glance"' in html and 'id="g1"' in html and 'id="top-g1"' in html
    broken = copy.deepcopy(report)
    broken["groups"][0]["count"] = 0
    with pytest.raises(render.ReportError, match=r"\$\.groups\[0\]\.count"):
        render.validate(broken)
    broken["groups"][0] |= {"count": 2, "outcome": "passed"}
    with pytest.raises(render.ReportError, match=r"\$\.groups\[0\]\.outcome"):
        render.validate(broken)


@pytest.mark.parametrize(
    ("verdicts", "expected"),
    [
        (["pass", "pass", "review"], True),
        (["pass", "fail"], False),
        (["pass", "known-failure"], False),
        (["pass", "not-reached"], False),
        (["pass", "untested"], False),
        (["not-claimed"], False),  # nothing applies: nothing shown
    ],
)
def test_conformant_at_must_needs_every_applicable_must_clause_to_pass(
    verdicts: list[str], expected: bool
) -> None:
    clauses = [{"level": "MUST", "verdict": verdict} for verdict in verdicts]
    clauses.append({"level": "SHOULD", "verdict": "fail"})  # not at MUST
    assert conformant_at_must(clauses) is expected


def test_the_summary_rolls_the_groups_of_one_clause_up_into_one_line() -> None:
    scenarios = [
        entry("a", "[display-format] item 1: expected 'x'; seen 'y'", "display-format"),
        entry("b", "[display-format] item 2: expected 'x'; seen 'y'", "display-format"),
        entry("c", "[display-format] the area: expected 2 items; seen 3", "display-format"),
        entry("d", "[role-alignment] item 1: expected left", "role-alignment"),
        entry("e", "RuntimeError: boom", None, outcome="error", clauses=["display-format"]),
    ]
    groups = failure_groups(scenarios, LEVELS)
    assert render.failing_clauses(groups) == [
        {"clause": "display-format", "level": "MUST", "count": 3, "groups": 2}
        | {"blocked": 0, "blocks": []},
        {"clause": "role-alignment", "level": "MUST", "count": 1, "groups": 1}
        | {"blocked": 0, "blocks": []},
    ]


def test_report_md_names_every_scenario_of_a_group_the_rest_in_a_fold() -> None:
    alignment = "[role-alignment] item {}: expected left; seen right"
    runs = [scenario(f"s{n}", ["role-alignment"], "failed", alignment.format(n)) for n in range(7)]
    report, _ = build.build(run_info(), runs)
    markdown = render.markdown(report)
    section = markdown[markdown.index("## Failures by cause") : markdown.index("## Clauses")]
    assert "1 cause for 7 scenarios" in section
    assert "### ❌ g1: `role-alignment` (MUST), 7 failed" in section
    assert f"<details><summary>{7 - render.GROUP_SCENARIOS_SHOWN} more</summary>" in section
    assert all(f"- s{n}\n" in section for n in range(7))
