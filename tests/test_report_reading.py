"""The report as a person reads it (issue 41, points 10 to 12).

Counts that add up, with what blocked the clauses not reached; colours told apart by
colour-blind readers too; screenshots that open full size and mark the failing item;
skipped scenarios folded by reason; a title naming every implementation checked.
"""

from __future__ import annotations

import copy
import dataclasses
import itertools
import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from textual.geometry import Size

from steps.checks import violation
from steps.clauses import catalogue
from steps.profiles import PROFILES
from steps.report import build, capture, render
from tests.reporting_support import SWAPPED, run_features
from tests.test_conformance_report import EDGES, EDGES_TITLE, run_info, scenario

ALIGNMENT = "[role-alignment] item 1 (Static): expected left; seen right"
TEMPLATE = render.TEMPLATES / "report.html"
SVG = "{http://www.w3.org/2000/svg}"
SCREEN = (
    '<svg class="rich-terminal" viewBox="0 0 994 635.6" xmlns="http://www.w3.org/2000/svg">'
    "<style>.terminal-1-matrix { font-size: 20px; line-height: 24.4px; }</style>"
    '<g transform="translate(9, 41)" clip-path="url(#terminal-1-clip-terminal)">'
    '<g class="terminal-1-matrix"><text x="0" y="20" textLength="24.4">hi</text>'
    "</g>\n    </g>\n</svg>\n"
)
"""A Rich SVG export as small as can be: the parts :func:`capture.mark_region` reads."""


def one_failure_blocking_three() -> dict[str, Any]:
    """chat_screen claimed: role-alignment fails, and so blocks three clauses."""
    runs = [
        scenario("a", ["role-alignment", "structure-not-colour"], "failed", ALIGNMENT),
        scenario("b", ["pair-order", "input-focus"], "failed", ALIGNMENT),  # stopped before
        scenario("c", ["scroll-to-end"], "error", "RuntimeError: boom"),
        scenario("d", ["response-from-fixed-list"]),
        scenario("e", ["role-borders"], "skipped", "not claimed: part 9"),
    ]
    report, _ = build.build(run_info(), runs)
    render.validate(report)
    return report


def by_id(report: dict[str, Any], key: str) -> dict[str, Any]:
    return {entry["id"] if key == "clauses" else entry["title"]: entry for entry in report[key]}


# -- point 10: counts that add up, "not-reached" with its cause ----------------------------


def test_the_level_line_counts_the_claimed_clauses_in_parts_that_add_up() -> None:
    report = one_failure_blocking_three()
    musts = sum(c.level == "MUST" for c in catalogue("chat_screen").values())

    must, *_ = render.summary_lines(report)
    # role-alignment fails; the three other clauses of "a" and "b" were blocked by it;
    # scroll-to-end only an error stopped; one passes; every other one did not run.
    untested = musts - 6
    assert must == (
        f"MUST 1/{musts}: 1 pass, 1 fail, 3 blocked by 1 failure, "
        f"1 stopped by an error or a timeout, {untested} untested"
    )
    head, parts = must.split(": ", 1)
    assert sum(int(part.split()[0]) for part in parts.split(", ")) == int(head.split("/")[1])
    assert not any("not-claimed" in line for line in render.summary_lines(report))
    unclaimed = render.unclaimed_line(report)
    assert unclaimed is not None and "profile rawp_crs (not claimed)" in unclaimed
    assert render.conformance_line(report) == (
        f"Not conformant at MUST: 1 fail, 3 blocked by 1 failure, "
        f"1 stopped by an error or a timeout (MUST 1/{musts})."
    )


def test_a_clause_not_reached_names_the_failure_that_blocked_it() -> None:
    report = one_failure_blocking_three()
    clauses = by_id(report, "clauses")
    scenarios = by_id(report, "scenarios")

    for blocked in ("structure-not-colour", "pair-order", "input-focus"):
        assert clauses[blocked]["verdict"] == "not-reached"
        assert clauses[blocked]["blocked_by"] == ["role-alignment"]
    assert clauses["scroll-to-end"]["blocked_by"] == []  # an error blocks with no clause
    assert scenarios["b"]["blocked_by"] == "role-alignment"  # it cites none it failed on
    assert scenarios["a"]["blocked_by"] is None  # it failed on a clause it verifies
    (group,) = report["groups"][:1]
    assert (group["clause"], group["count"]) == ("role-alignment", 2)
    assert group["blocked"] == [scenarios["b"]["id"]]
    assert set(group["blocks"]) == {"structure-not-colour", "pair-order", "input-focus"}
    markdown = render.markdown(report)
    assert "| `pair-order` | MUST | not-reached, blocked by `role-alignment` |" in markdown
    page = render.html(report, {})
    row = page[page.index('id="c-pair-order"') :].split("</tr>", 1)[0]
    assert 'blocked by <a class="chip" href="#c-role-alignment">role-alignment</a>' in row


def test_a_precondition_the_record_names_blocks_even_a_scenario_citing_its_clause() -> None:
    run = scenario("p", ["enter-submits", "input-focus"], "failed", "[input-focus] x: y")
    run.blocked_by = "input-focus"  # as the check of a precondition tells it
    report, _ = build.build(run_info(), [run])
    render.validate(report)

    (entry,) = report["scenarios"]
    assert entry["blocked_by"] == "input-focus"
    assert by_id(report, "clauses")["enter-submits"]["blocked_by"] == ["input-focus"]
    assert report["groups"][0]["blocked"] == [entry["id"]]


def test_each_claimed_profile_has_its_own_totals_and_the_run_adds_them_up() -> None:
    info = dataclasses.replace(
        run_info(),
        adapter={**run_info().adapter, "profiles": ["chat_screen", "rawp_crs"]},
        implementations={"chat_screen": "app 1", "rawp_crs": "client 2"},
    )
    report, _ = build.build(info, [scenario("d", ["response-from-fixed-list"])])
    render.validate(report)

    profiles = {profile["name"]: profile for profile in report["profiles"]}
    for level in ("MUST", "SHOULD"):
        assert report["totals"][level]["applicable"] == sum(
            profiles[name]["totals"][level]["applicable"] for name in profiles
        )
    assert render.unclaimed_line(report) is None
    shown = dict(render.profile_lines(report))
    assert shown["chat_screen (app 1)"][0].startswith("MUST 1/32: 1 pass, 31 untested")
    assert "| Claimed profile | Clauses |" in render.markdown(report)


# -- point 11: colour-blind readers, pictures that enlarge and mark, skipped folded -------

MACHADO = {  # Machado, Oliveira and Fernandes (2009), severity 1.0, on linear RGB
    "deuteranopia": ((0.367, 0.861, -0.228), (0.280, 0.673, 0.047), (-0.012, 0.043, 0.969)),
    "protanopia": ((0.152, 1.053, -0.205), (0.115, 0.786, 0.099), (-0.004, -0.048, 1.052)),
}


def simulate(colour: str, matrix: tuple[tuple[float, ...], ...]) -> tuple[float, float, float]:
    """``colour`` (``#rrggbb``) as a reader with the given colour vision sees it, in CIELAB."""
    srgb = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in srgb]
    r, g, b = (min(1.0, max(0.0, sum(m * c for m, c in zip(row, linear, strict=True))))
               for row in matrix)  # fmt: skip
    x, y, z = (
        (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505,
        0.2126 * r + 0.7152 * g + 0.0722 * b,
        (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089,
    )
    f = [t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in (x, y, z)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def styles() -> dict[str, dict[str, str]]:
    """The custom properties each kind of the report's CSS sets (``--c``, ``--g``, ...)."""
    css = TEMPLATE.read_text("utf-8")
    root = dict(
        re.findall(r"(--[a-z-]+): (#[0-9a-f]{6})", css.split(":root {", 1)[1].split("}")[0])
    )
    kinds: dict[str, dict[str, str]] = {}
    for selectors, body in re.findall(r"^([.][^{\n]+)\{([^}]*)\}", css, re.MULTILINE):
        props = dict(re.findall(r"(--[a-z]+): ([^;]+);", body))
        if "--c" not in props:
            continue
        colour = props["--c"].strip()
        props["colour"] = root.get(colour.removeprefix("var(").removesuffix(")"), colour)
        for selector in re.findall(r"[.]([co]-[a-z-]+)", selectors):
            kinds[selector] = props
    return kinds


MATRIX = ("passed", "failed", "error", "timeout", "skipped", "xfailed", "xpassed", "not-reached")
"""What a square of the clause matrix can say about a clause."""
BARS = ("pass", "fail", "known-failure", "not-reached", "review", "untested")
"""What a part of a level's bar can be."""


def test_no_two_kinds_of_square_or_bar_differ_by_hue_alone() -> None:
    kinds = styles()
    for group, prefix in ((MATRIX, "o-"), (BARS, "c-")):
        glyphs = [kinds[prefix + kind].get("--g") for kind in group]
        assert None not in glyphs, dict(zip(group, glyphs, strict=True))
        assert len(set(glyphs)) == len(group), dict(zip(group, glyphs, strict=True))


def test_the_squares_colours_stay_apart_for_colour_blind_readers() -> None:
    """Small squares are told apart by lightness first: not-reached must not be a green."""
    kinds = styles()
    visions = {"normal": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)), **MACHADO}
    for name, matrix in visions.items():
        seen = {kind: simulate(kinds[f"o-{kind}"]["colour"], matrix) for kind in MATRIX}
        lighter = abs(seen["passed"][0] - seen["not-reached"][0])
        assert lighter >= 20, f"{name}: passed vs not-reached: lightness apart by {lighter:.1f}"
        for one, other in itertools.combinations(MATRIX, 2):
            distance = sum((a - b) ** 2 for a, b in zip(seen[one], seen[other], strict=True))
            assert distance**0.5 >= 20, f"{name}: {one} vs {other}: ΔE {distance**0.5:.1f}"
    assert "--pattern" in kinds["o-not-reached"]  # and hatched, whatever the colours


def failing_report(region: tuple[int, int, int, int] | None) -> tuple[dict[str, Any], Any]:
    run = scenario("a", ["role-alignment"], "failed", ALIGNMENT)
    run.svg, run.region = SCREEN, region
    return build.build(run_info(), [run])


def test_a_screenshot_opens_full_size_on_a_click_without_a_script() -> None:
    report, files = failing_report(None)
    render.validate(report)
    page = render.html(report, files)

    zooms = re.findall(r'<a class="zoom" href="#(zoom-[^"]+)"', page)
    assert len(zooms) == page.count('<figure class="shot"') == page.count("<svg") >= 3
    for target in zooms:  # the figure is its own link's target: no second copy of the SVG
        assert f'<figure class="shot" id="{target}">' in page
    assert ":root figure.shot:target { position: fixed;" in page and "<script" not in page


def test_the_item_the_failure_names_is_outlined_on_its_screenshot() -> None:
    report, files = failing_report((2, 3, 10, 2))
    render.validate(report)
    (entry,) = report["scenarios"]
    assert entry["screenshot_region"] == [2, 3, 10, 2]

    root = ElementTree.fromstring(files[entry["screenshot"]])
    marks = [g for g in root.iter(f"{SVG}g") if g.get("class") == capture.MARK_CLASS]
    (mark,) = marks
    # a cell is 12.2 wide and 24.4 high, rows start 1.5 down (Rich's export)
    boxes = {(r.get("x"), r.get("y"), r.get("width"), r.get("height")) for r in mark.iter()}
    assert ("24.4", "74.7", "122", "48.8") in boxes
    assert "dashed frame outlines the item the failure names" in render.html(report, files)


def test_a_region_the_message_names_is_taken_clipped_to_the_screen() -> None:
    screen = SimpleNamespace(size=Size(80, 24))
    driver = SimpleNamespace(app=SimpleNamespace(screen=screen), items=lambda: ["not a widget"])
    message = "[crs-user-bubble] the bubble: expected x; seen y; item region (70, 20, 30, 8), ..."
    assert capture.failing_region(driver, message) == (70, 20, 10, 4)
    drawn = (
        "[crs-user-right-aligned] x: seen y; item region (1, 15, 76, 3), drawn box (1, 15, 30, 3)"
    )
    assert capture.failing_region(driver, drawn) == (1, 15, 30, 3)  # what the item draws
    assert capture.failing_region(driver, "[crs-user-bubble] item 1: expected x") is None
    assert capture.failing_region(driver, "RuntimeError: boom") is None


def test_a_broken_app_s_screenshot_outlines_the_item_its_failure_names(tmp_path: Path) -> None:
    run = run_features(tmp_path, SWAPPED, [EDGES])
    entry = run.scenario(EDGES_TITLE)
    assert entry["message"].startswith("[role-alignment] item 1 ")

    assert entry["screenshot_region"] is not None
    root = ElementTree.fromstring((run.report_dir / entry["screenshot"]).read_text("utf-8"))
    (mark,) = [g for g in root.iter(f"{SVG}g") if g.get("class") == capture.MARK_CLASS]
    box = next(mark.iter(f"{SVG}rect"))
    left, top = float(box.get("x", "")), float(box.get("y", ""))
    right, bottom = left + float(box.get("width", "")), top + float(box.get("height", ""))
    inside = "".join(
        text.text or ""
        for text in root.iter(f"{SVG}text")
        if text.get("textLength")
        and top < float(text.get("y", "")) < bottom
        and left <= float(text.get("x", "")) < right
    )
    assert "사용자" in inside  # item 1 is the user's message, the one the failure names
    assert "에이전트" not in inside


def test_skipped_scenarios_are_folded_one_line_per_reason_with_its_count() -> None:
    reason = "not claimed: the adapter claims parts 1 of profile rawp_crs; this is part 3"
    runs = [scenario(f"s{n}", ["role-borders"], "skipped", reason) for n in range(3)]
    runs += [
        scenario("t", ["role-classes"], "skipped", "not claimed: profile chat_screen"),
        scenario("d", ["response-from-fixed-list"]),
    ]
    report, _ = build.build(run_info(), runs)
    page = render.html(report, {})

    folds = re.findall(r'<details id="skipped-\d+"><summary>(.*?)</summary>', page, re.DOTALL)
    assert len(folds) == 2
    assert "3 skipped" in folds[0] and reason in folds[0]
    assert "1 skipped" in folds[1]
    table = page[page.index("<thead><tr><th>Outcome</th><th>Scenario</th>") :]
    table = table[: table.index("</table>")]
    assert ">skipped</" not in table and reason not in table  # no row per skipped scenario
    assert "response-from-fixed-list" in table


# -- point 12: the title, and the wording -------------------------------------------------


def test_the_title_names_every_implementation_checked() -> None:
    info = dataclasses.replace(
        run_info(),
        adapter={**run_info().adapter, "profiles": ["chat_screen", "rawp_crs"]},
        implementations={"chat_screen": "reference_app 0.1.0", "rawp_crs": "reference_crs 0.1.0"},
    )
    report, _ = build.build(info, [scenario("d", ["response-from-fixed-list"])])

    both = "reference_app 0.1.0 and reference_crs 0.1.0"
    assert render.markdown(report).startswith(f"# Conformance report: {both}\n")
    page = render.html(report, {})
    assert f"<title>Conformance report: {both}</title>" in page
    assert f"<h1>{both}</h1>" in page


def test_one_clause_left_to_review_is_worded_in_the_singular() -> None:
    report = copy.deepcopy(one_failure_blocking_three())
    report["totals"]["MUST"] |= {"applicable": 2, "pass": 1, "review": 1, "untested": 0}
    report["totals"]["MUST"] |= {"fail": 0, "not-reached": 0, "blocked": 0, "blocking": 0}

    line = render.conformance_line(report)
    assert "1 is left to review" in line and "are left" not in line
    assert render.summary_lines(report)[0] == "MUST 1/2: 1 pass, 1 left to review"


def test_the_default_adapters_are_named_without_nested_brackets() -> None:
    report = copy.deepcopy(one_failure_blocking_three())
    report["adapter"]["source"] = "default (reference implementations)"
    for profile, spec in zip(
        report["profiles"], ("a.conformance:a", "b.conformance:b"), strict=True
    ):
        profile["adapter"] = spec

    label, text = render.adapter_entry(report)
    assert label == "Adapters"
    assert "((" not in text and "))" not in text and "from default" not in text
    assert "reference" in text
    assert len(PROFILES) == 2  # one adapter per profile above


def failing_call(blocked: str | None) -> pytest.CallInfo[None]:
    """A call phase whose check of input-focus failed, as a precondition if ``blocked``."""

    def check() -> None:
        try:
            violation("input-focus", "the input", "the typed text", "nothing: no focus")
        except AssertionError as error:
            if blocked:
                error.blocked_by = blocked  # type: ignore[attr-defined]
            raise

    return pytest.CallInfo.from_call(check, when="call")


@pytest.mark.parametrize("blocked", ["input-focus", None], ids=["precondition", "own-check"])
def test_a_precondition_check_marks_its_scenario_blocked_from_worker_to_report(
    blocked: str | None,
) -> None:
    assert capture.blocked_clause(failing_call(blocked)) == blocked
    record = scenario("p", ["enter-submits", "input-focus"]).record
    record |= {"message": "[input-focus] the input: ...", "failed_clause": "input-focus"}
    collector = build.Collector()
    for when, outcome in (("setup", "passed"), ("call", "failed"), ("teardown", "passed")):
        carried = record | {"blocked_by": blocked if when == "call" else None}
        report = SimpleNamespace(
            nodeid="features/x.py::test_p", when=when, duration=0.0, outcome=outcome,
            user_properties=[("phase_verdict", outcome)], conformance=carried,
        )  # fmt: skip
        collector.add(report)  # type: ignore[arg-type]
    built, _ = build.build(run_info(), collector.runs.values())
    render.validate(built)
    (entry,) = built["scenarios"]
    assert (entry["failed_clause"], entry["blocked_by"]) == ("input-focus", blocked)
    assert built["groups"][0]["blocked"] == ([entry["id"]] if blocked else [])
