"""The report quotes the seed: a failing MUST or SHOULD clause with the sentence it enforces.

``report.json`` gives each clause its ``quote`` (the catalogue's, verbatim); ``report.md``
shows it under the failure group of a MUST or SHOULD clause, ``report.html`` in the clause
table. A HARDENING clause has none: no seed sentence demands it.
"""

from __future__ import annotations

from typing import Any

from steps.clauses import catalogue, quote_text
from steps.report import build, render
from tests.test_conformance_report import run_info, scenario

ALIGNMENT = "[role-alignment] item 1 (Static): expected left; seen right"
CONTROLS = "[hardening-control-characters] item 2: expected no ESC; seen '\\x1b[2J'"


def report_of(*runs: Any) -> dict[str, Any]:
    report, _ = build.build(run_info(), list(runs))
    render.validate(report)
    return report


def two_failures() -> dict[str, Any]:
    """A MUST clause and a HARDENING clause fail, a third scenario errs."""
    return report_of(
        scenario("a", ["role-alignment"], "failed", ALIGNMENT),
        scenario("b", ["hardening-control-characters"], "failed", CONTROLS),
        scenario("c", ["scroll-to-end"], "error", "RuntimeError: boom"),
    )


def test_each_clause_of_report_json_carries_its_catalogue_quote() -> None:
    report = two_failures()
    clauses = {entry["id"]: entry for entry in report["clauses"]}
    expected = catalogue("chat_screen")
    assert clauses["role-alignment"]["quote"] == expected["role-alignment"].quote
    assert clauses["role-alignment"]["quote"].startswith("사용자 메시지와 에이전트 응답은")
    assert clauses["hardening-control-characters"]["quote"] is None
    assert all(
        entry["quote"] == catalogue(entry["profile"])[entry["id"]].quote
        for entry in report["clauses"]
    )


def test_report_md_quotes_the_seed_under_a_must_failure_group_only() -> None:
    markdown = render.markdown(two_failures())
    groups = markdown.split("## Failures by cause", 1)[1].split("## Clauses", 1)[0]
    quote = catalogue("chat_screen")["role-alignment"].quote
    assert quote is not None
    alignment, controls, error = groups.split("\n### ")[1:]
    assert "g1: `role-alignment` (MUST)" in alignment.splitlines()[0]
    assert f"> Seed: “{quote}”" in alignment
    assert "Seed:" not in controls  # HARDENING: no seed sentence demands it
    assert "Seed:" not in error  # an error names no clause


def test_report_html_shows_the_quote_in_the_clause_table() -> None:
    page = render.html(two_failures(), {})
    row = page[page.index('id="c-role-alignment"') :].split("</tr>", 1)[0]
    quote = catalogue("chat_screen")["role-alignment"].quote
    assert quote is not None
    assert f'<div class="quote" lang="ko">Seed: “{quote}”</div>' in row
    hardening = page[page.index('id="c-hardening-control-characters"') :].split("</tr>", 1)[0]
    assert 'class="quote"' not in hardening


def test_a_seed_table_row_is_shown_with_its_cells_apart() -> None:
    quote = catalogue("rawp_crs")["crs-agent-no-bubble"].quote
    assert quote == "Agent\t좌측 정렬\t채팅 버블 미사용 (MUST NOT)"
    assert quote_text(quote) == "Agent | 좌측 정렬 | 채팅 버블 미사용 (MUST NOT)"
