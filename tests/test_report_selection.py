"""The report after ``--clause``: totals of the selected clauses only, the selection named.

And the screenshots: fonts with Hangul, and one double-width cell per wide character.
"""

from __future__ import annotations

import dataclasses
import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path

from steps.clauses import catalogue
from steps.profiles import PROFILES
from steps.report import build, render
from steps.screenshot import offline_svg
from tests.reporting_support import SWAPPED, run_features
from tests.test_conformance_report import EDGES, EDGES_TITLE, run_info, scenario

ALIGNMENT = "[role-alignment] item 1 (Static): expected left; seen right"
SVG = "{http://www.w3.org/2000/svg}"


def selected_report(*clauses: str) -> dict[str, object]:
    info = dataclasses.replace(run_info(), selected_clauses=clauses)
    runs = [
        scenario("a", ["role-alignment", "structure-not-colour"], "failed", ALIGNMENT),
        scenario("b", ["role-borders", "structure-not-colour"]),
    ]
    report, _ = build.build(info, runs)
    render.validate(report)
    return report


def test_with_a_selection_the_totals_count_the_selected_clauses_only() -> None:
    report = selected_report("role-alignment", "role-borders")

    must = report["totals"]["MUST"]  # type: ignore[index]
    assert (must["applicable"], must["pass"], must["fail"], must["untested"]) == (2, 1, 1, 0)
    assert render.summary_lines(report) == ["MUST 1/2: 1 pass, 1 fail"]
    assert report["run"]["selection"] == {"clauses": ["role-alignment", "role-borders"]}  # type: ignore[index]
    chosen = {c["id"] for c in report["clauses"] if c["selected"]}  # type: ignore[attr-defined]
    assert chosen == {"role-alignment", "role-borders"}


def test_without_a_selection_every_clause_of_the_claimed_profiles_counts() -> None:
    report = selected_report()

    must = report["totals"]["MUST"]  # type: ignore[index]
    levels = [clause.level for clause in catalogue(PROFILES[0].name).values()]
    assert must["applicable"] == levels.count("MUST")
    assert report["run"]["selection"] is None  # type: ignore[index]
    assert render.selection_note(report) is None
    # structure-not-colour passes: "b" passed its checks; "a" stopped before reaching them.
    musts = levels.count("MUST")
    expected = f"MUST 2/{musts}: 2 pass, 1 fail, {musts - 3} untested"
    assert render.summary_lines(report)[0] == expected


def test_the_markdown_and_the_page_say_a_selection_was_made() -> None:
    report = selected_report("role-alignment")

    markdown = render.markdown(report)
    assert "**Selection**: --clause role-alignment: only the scenarios citing this" in markdown
    assert "MUST 0/1: 1 fail" in markdown
    assert "| `role-borders` | MUST | pass (not selected) |" in markdown
    page = render.html(report, {})
    assert "1 of 1 selected MUST clauses fail." in page
    assert "Selection: --clause role-alignment" in page


def test_a_run_with_clause_reports_and_prints_the_selected_totals(tmp_path: Path) -> None:
    run = run_features(tmp_path, SWAPPED, [EDGES], "--clause", "role-alignment")

    report = run.report()
    assert report["totals"]["MUST"]["applicable"] == 1
    assert report["totals"]["MUST"]["fail"] == 1
    assert "conformance: MUST 0/1: 1 fail" in run.output
    assert "conformance selection: --clause role-alignment" in run.output
    assert "selection: only the scenarios citing --clause role-alignment" in run.output


def runs(svg: str) -> list[tuple[str, float, float, str | None]]:
    """``(text, x, textLength, lengthAdjust)`` of each text element of ``svg``."""
    return [
        (text.text or "", float(text.get("x", "")), float(text.get("textLength", "")),
         text.get("lengthAdjust"))
        for text in ElementTree.fromstring(svg).iter(f"{SVG}text")
        if text.get("textLength")  # not the window title
    ]  # fmt: skip


def test_wide_characters_fill_their_double_width_cells() -> None:
    rich = (
        '<svg xmlns="http://www.w3.org/2000/svg"><style>.m { font-family: Fira Code, monospace; }'
        '</style><text class="r2" x="12.2" y="20" textLength="85.4" clip-path="url(#c)">'
        '사용자:&#160;왼쪽</text><text class="r2" x="0" y="44" textLength="24.4">ok</text></svg>'
    )
    svg = offline_svg(rich)

    stretched = "spacingAndGlyphs"
    assert runs(svg) == [
        ("사용자", 12.2, 73.2, stretched),  # 3 wide characters: 6 cells of 12.2
        (":\xa0", 85.4, 24.4, None),
        ("왼쪽", 109.8, 48.8, stretched),
        ("ok", 0.0, 24.4, None),  # no wide character: as Rich drew it
    ]
    assert 'clip-path="url(#c)"' in svg.split("왼쪽")[0].rsplit("<text", 1)[1]
    assert '"Noto Sans Mono CJK KR"' in svg and "font-family: Fira Code, monospace" not in svg


def test_the_screenshot_of_a_failure_draws_hangul_cell_by_cell(tmp_path: Path) -> None:
    run = run_features(tmp_path, SWAPPED, [EDGES])

    svg = (run.report_dir / run.scenario(EDGES_TITLE)["screenshot"]).read_text("utf-8")
    drawn = runs(svg)
    labels = [run for run in drawn if run[0] in ("사용자", "에이전트")]
    assert {label[0] for label in labels} == {"사용자", "에이전트"}
    for text, _, width, adjust in labels:
        assert (round(width / len(text), 1), adjust) == (24.4, "spacingAndGlyphs")
    assert re.search(r"font-family: [^;]*Noto Sans Mono CJK KR", svg)
