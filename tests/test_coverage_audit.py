"""The coverage audit (docs/coverage-rawp_crs.md) is whole, in step with the suite, and fresh.

Every active clause of an audited profile carries a ``coverage`` entry in its catalogue,
written against the scenarios that cite it now (their names and example rows); the page
generated from the entries, the feature files and the mutant catalogue is the one on disk.
A failure says what to add to the catalogue and which command rewrites the page.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from steps.clauses import CatalogueError, Clause, Coverage, load_catalogue
from steps.coverage_audit import AUDITED, COMMAND, Audited, load, page_path, problems, render
from steps.profiles import PROFILES
from steps.traceability import ScenarioRef

RAWP_CRS = next(profile for profile in PROFILES if profile.name == "rawp_crs")
ENTRY = Coverage(
    inputs="ASCII spaces and U+3000.",
    states="A fresh client.",
    unchecked="Nothing further known.",
    scenarios=(("Blank input is not sent", 2),),
)


# -- the real catalogue ------------------------------------------------------------------


@pytest.mark.parametrize("profile", list(AUDITED))
def test_every_active_clause_has_a_coverage_entry_in_step_with_its_scenarios(
    profile: str,
) -> None:
    found = problems(load(profile))
    assert not found, (
        f"{len(found)} coverage entries to add or revisit:\n\n"
        + "\n\n".join(found)
        + f"\n\nthen run `{COMMAND}`"
    )


@pytest.mark.parametrize("profile", list(AUDITED))
def test_the_generated_page_is_up_to_date(profile: str) -> None:
    page = page_path(profile)
    assert page.read_text(encoding="utf-8") == render(load(profile)), (
        f"{page.name} is stale (a clause, scenario, example row, mutant or coverage entry "
        f"changed): run `{COMMAND}`"
    )


def test_the_page_has_a_table_per_part_and_a_row_per_clause() -> None:
    audited = load("rawp_crs")
    page = render(audited)
    headings = [line for line in page.splitlines() if line.startswith("## Part ")]
    rows = [line for line in page.splitlines() if line.startswith("| `crs-")]
    assert len(headings) == len(RAWP_CRS.parts)
    assert len(rows) == len(audited.clauses)


# -- the sync check, on a small made-up profile --------------------------------------------


def clause(clause_id: str, coverage: Coverage | None = ENTRY, **fields: object) -> Clause:
    return Clause(
        id=clause_id,
        level="MUST",
        text="t",
        source="s",
        area="a",
        profile="rawp_crs",
        part=1,
        coverage=coverage,
        **fields,  # type: ignore[arg-type]
    )


def scenario(name: str, clauses: tuple[str, ...], rows: int = 1) -> ScenarioRef:
    examples = tuple(f"row{n}" for n in range(rows)) if rows > 1 else ()
    return ScenarioRef("rawp_crs/x.feature", name, 7, clauses, frozenset(), examples)


def audited(
    clauses: list[Clause], scenarios: list[ScenarioRef], mutants: dict[str, str] | None = None
) -> Audited:
    return Audited(RAWP_CRS, {c.id: c for c in clauses}, tuple(scenarios), mutants or {})


def test_an_entry_matching_its_scenarios_raises_nothing() -> None:
    sample = audited(
        [clause("crs-blank")], [scenario("Blank input is not sent", ("crs-blank",), 2)]
    )
    assert problems(sample) == []


def test_a_clause_without_entry_gets_a_template_naming_its_scenarios() -> None:
    sample = audited(
        [clause("crs-blank", coverage=None)],
        [scenario("Blank input is not sent", ("crs-blank",), 3)],
    )
    [message] = problems(sample)
    assert "crs-blank has no coverage entry" in message
    assert '"Blank input is not sent": 3' in message
    assert "inputs:" in message and "states:" in message and "unchecked:" in message


def test_a_planned_clause_needs_no_entry() -> None:
    sample = audited([clause("crs-later", coverage=None, status="planned")], [])
    assert problems(sample) == []


def test_a_new_scenario_citing_the_clause_asks_for_the_entry_to_be_revisited() -> None:
    sample = audited(
        [clause("crs-blank")],
        [
            scenario("Blank input is not sent", ("crs-blank",), 2),
            scenario("Blank input after a turn", ("crs-blank",)),
        ],
    )
    [message] = problems(sample)
    assert "'Blank input after a turn' (rawp_crs/x.feature:7, 1 example rows)" in message
    assert 'add under `scenarios:` "Blank input after a turn": 1' in message


def test_new_example_rows_ask_for_the_inputs_to_be_revisited() -> None:
    sample = audited(
        [clause("crs-blank")], [scenario("Blank input is not sent", ("crs-blank",), 4)]
    )
    [message] = problems(sample)
    assert "has 4 example rows, its coverage entry was written for 2" in message
    assert "set its count to 4" in message


def test_a_listed_scenario_that_does_not_cite_the_clause_is_named() -> None:
    sample = audited([clause("crs-blank")], [scenario("Blank input is not sent", ("crs-other",))])
    [message] = problems(sample)
    assert "lists scenario 'Blank input is not sent'" in message
    assert "no scenario of that name cites clause:crs-blank" in message


def test_an_entry_naming_an_unknown_clause_is_named() -> None:
    entry = Coverage("See crs-blank and crs-nowhere.", "s", "u", ENTRY.scenarios)
    sample = audited(
        [clause("crs-blank", coverage=entry)],
        [scenario("Blank input is not sent", ("crs-blank",), 2)],
    )
    assert problems(sample) == [
        "docs/spec/rawp_crs.yaml: crs-blank: coverage names clause 'crs-nowhere', which does "
        "not exist"
    ]


def test_the_page_shows_the_derived_facts_beside_the_entry() -> None:
    sample = audited(
        [clause("crs-blank"), clause("crs-open", coverage=None)],
        [scenario("Blank input is not sent", ("crs-blank",), 2)],
        {"blank_sent": "crs-blank"},
    )
    page = render(sample)
    [blank] = [line for line in page.splitlines() if line.startswith("| `crs-blank`")]
    [open_row] = [line for line in page.splitlines() if line.startswith("| `crs-open`")]
    assert "[Blank input is not sent](../features/rawp_crs/x.feature#L7) (2)" in blank
    assert "`blank_sent`" in blank and "ASCII spaces and U+3000." in blank
    assert open_row.count("**not audited**") == 3 and "| none | none |" in open_row
    assert "1 clause checked by scenario with no mutant breaking it" in page


# -- the catalogue loader accepts the entry and rejects a malformed one --------------------

CLAUSE = """\
title: t
introduction: i
areas:
- title: Area
  clauses:
  - id: a-clause
    level: MUST
    text: Something holds.
    source: "000 ¶1"
    coverage:
{coverage}
"""


def write(tmp_path: Path, coverage: str) -> Path:
    path = tmp_path / "sample.yaml"
    path.write_text(CLAUSE.format(coverage=coverage), encoding="utf-8")
    return path


def test_the_coverage_entries_load_as_texts_and_row_counts() -> None:
    entries = [c.coverage for c in load_catalogue(RAWP_CRS.catalogue_path).clauses.values()]
    loaded = [entry for entry in entries if entry is not None]
    assert loaded and all(isinstance(entry, Coverage) for entry in loaded)
    assert all(
        isinstance(name, str) and isinstance(rows, int)
        for entry in loaded
        for name, rows in entry.scenarios
    )


@pytest.mark.parametrize(
    ("coverage", "error"),
    [
        (
            "      inputs: i\n      states: s\n      unchecked: u\n      seen: yes",
            "unexpected keyword argument 'seen'",
        ),
        ("      inputs: i\n      states: s", "missing 1 required positional argument"),
        ("      inputs: i\n      states: ' '\n      unchecked: u", "states: expected a sentence"),
        (
            "      inputs: i\n      states: s\n      unchecked: u\n      scenarios: [a]",
            "scenarios: expected scenario name: example rows",
        ),
        (
            "      inputs: i\n      states: s\n      unchecked: u\n      scenarios: {a: 0}",
            "scenarios: expected scenario name: example rows",
        ),
        ("      - inputs", "expected a mapping"),
    ],
)
def test_a_malformed_coverage_entry_is_refused(tmp_path: Path, coverage: str, error: str) -> None:
    with pytest.raises(CatalogueError, match=error):
        load_catalogue(write(tmp_path, coverage))
