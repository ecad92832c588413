"""The clause map: every clause has a scenario, every scenario a clause, docs match the YAML."""

from __future__ import annotations

from pathlib import Path

import pytest

from steps.clauses import Clause, load_catalogue, render_markdown
from steps.profiles import PROFILES, ROOT, Profile
from steps.traceability import coverage, lint, lint_profiles, read_scenarios

FEATURE = """\
Feature: A tiny feature
  Background:
    Given the chat app is running

{scenarios}
"""


def clause(clause_id: str, checked_by: str = "scenario") -> Clause:
    return Clause(
        id=clause_id,
        level="MUST",
        text=f"text of {clause_id}",
        source="000 test",
        area="Test",
        profile="tiny",
        checked_by=checked_by,
    )


def write_feature(folder: Path, scenarios: str) -> Path:
    path = folder / "tiny" / "tiny.feature"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(FEATURE.format(scenarios=scenarios), encoding="utf-8")
    return path


def lint_tiny(tmp_path: Path, clauses: list[Clause], scenarios: str) -> list[str]:
    write_feature(tmp_path, scenarios)
    return lint({c.id: c for c in clauses}, read_scenarios(tmp_path / "tiny", root=tmp_path))


def test_every_registered_profile_has_a_whole_clause_map() -> None:
    assert lint_profiles() == []


def test_the_lint_reports_a_clause_that_no_scenario_cites(tmp_path: Path) -> None:
    problems = lint_tiny(
        tmp_path,
        [clause("covered"), clause("forgotten")],
        "  @clause:covered\n  Scenario: One\n    Then the input has focus\n",
    )
    assert problems == ["clause 'forgotten' (MUST) has no scenario citing it"]


def test_the_lint_reports_a_scenario_that_cites_no_clause(tmp_path: Path) -> None:
    problems = lint_tiny(
        tmp_path,
        [clause("covered")],
        "  @clause:covered\n  Scenario: One\n    Then the input has focus\n\n"
        "  @screenshot\n  Scenario: Two\n    Then the input has focus\n",
    )
    assert problems == [
        "tiny/tiny.feature:10: scenario 'Two' cites no clause (add a tag @clause:<id>)"
    ]


def test_the_lint_reports_a_tag_naming_an_unknown_clause(tmp_path: Path) -> None:
    problems = lint_tiny(
        tmp_path,
        [clause("covered")],
        "  @clause:covered @clause:covred\n  Scenario: One\n    Then the input has focus\n",
    )
    assert problems == ["tiny/tiny.feature:6: scenario 'One' cites unknown clause 'covred'"]


def test_the_lint_reports_a_clause_tag_on_an_examples_block(tmp_path: Path) -> None:
    problems = lint_tiny(
        tmp_path,
        [clause("covered")],
        "  @clause:covered\n  Scenario Outline: One <n>\n    Then the input has focus\n\n"
        "    @clause:covered\n    Examples:\n      | n |\n      | 1 |\n",
    )
    assert problems == [
        "tiny/tiny.feature:6: scenario 'One <n>' has @clause:covered on an Examples block; "
        "tag the scenario instead"
    ]


def test_a_clause_checked_by_review_needs_no_scenario(tmp_path: Path) -> None:
    problems = lint_tiny(
        tmp_path,
        [clause("covered"), clause("by-eye", checked_by="review")],
        "  @clause:covered\n  Scenario: One\n    Then the input has focus\n",
    )
    assert problems == []


def test_feature_tags_count_for_every_scenario_of_the_feature(tmp_path: Path) -> None:
    path = write_feature(tmp_path, "  Scenario: One\n    Then the input has focus\n")
    path.write_text("@clause:covered\n" + path.read_text(encoding="utf-8"), encoding="utf-8")
    scenarios = read_scenarios(tmp_path / "tiny", root=tmp_path)
    assert [ref.name for ref in coverage({"covered": clause("covered")}, scenarios)["covered"]] == [
        "One"
    ]


@pytest.mark.parametrize("profile", PROFILES, ids=lambda profile: profile.name)
def test_the_generated_clause_page_matches_its_catalogue(profile: Profile) -> None:
    page = profile.catalogue_path.with_suffix(".md")
    assert page.read_text(encoding="utf-8") == render_markdown(profile.name), (
        f"{page} is out of date: run `python -m steps.clauses`"
    )


@pytest.mark.parametrize(
    "path", sorted((ROOT / "docs" / "spec").glob("*.yaml")), ids=lambda path: path.name
)
def test_every_catalogue_in_docs_spec_loads(path: Path) -> None:
    clauses = load_catalogue(path).clauses
    assert clauses, f"{path} has no clause"
