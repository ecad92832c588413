"""The clause catalogues load, agree with each other and with their generated pages.

Covers every catalogue in docs/spec/: the registered profiles' and the planned ones
(``steps.clauses.PLANNED_CATALOGUES``). Whether each clause of a registered profile has a
scenario is the coverage lint's business, not this module's.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from steps.clauses import (
    LEVELS,
    PLANNED_CATALOGUES,
    TERMINAL,
    CatalogueError,
    Clause,
    catalogue_names,
    catalogue_path,
    find_clause,
    load_catalogue,
    render_markdown,
)
from steps.profiles import PROFILES

NAMES = catalogue_names()
RAWP_CRS = "rawp_crs"
SEED_CITATION = re.compile(r"^(002|004) §[\d.]+ ¶\d+.*\(l\. \d+")
"""A RAWP-CRS source starts with the seed, section, paragraph and seed line number."""

VALID_CLAUSE = """\
  - id: a-clause
    level: MUST
    text: Something holds.
    source: "000 ¶1"
"""


def write_catalogue(tmp_path: Path, clauses: str, tail: str = "") -> Path:
    path = tmp_path / "sample.yaml"
    path.write_text(
        f"title: t\nintroduction: i\nareas:\n- title: Area\n  clauses:\n{clauses}{tail}",
        encoding="utf-8",
    )
    return path


def test_both_profiles_have_a_catalogue() -> None:
    assert "chat_screen" in NAMES
    assert RAWP_CRS in NAMES


@pytest.mark.parametrize("name", NAMES)
def test_catalogue_loads_with_clauses(name: str) -> None:
    loaded = load_catalogue(catalogue_path(name))
    assert loaded.clauses, f"{name}: no clause"
    assert {clause.profile for clause in loaded.clauses.values()} == {name}


@pytest.mark.parametrize("name", NAMES)
def test_levels_are_must_should_or_may(name: str) -> None:
    levels = {clause.level for clause in load_catalogue(catalogue_path(name)).clauses.values()}
    assert levels <= set(LEVELS)


def test_clause_ids_are_unique_across_catalogues() -> None:
    counts = Counter(
        clause_id for name in NAMES for clause_id in load_catalogue(catalogue_path(name)).clauses
    )
    assert [clause_id for clause_id, count in counts.items() if count > 1] == []


def test_planned_catalogues_are_marked_planned_and_not_registered() -> None:
    registered = {profile.name for profile in PROFILES}
    for name in PLANNED_CATALOGUES:
        assert name not in registered, f"{name} is registered: remove it from PLANNED_CATALOGUES"
        assert load_catalogue(catalogue_path(name)).status == "planned"
    for name in registered:
        assert load_catalogue(catalogue_path(name)).status == "registered"


PLANNED_AREA = """\
- title: Later
  status: planned
  planned_for: "issue 99, a later part"
  clauses:
  - id: later-clause
    level: MUST
    text: Something holds later.
    source: "000 ¶2"
"""
"""An area of a later part (every area of RAWP-CRS is active since part 3)."""


def test_a_planned_clause_cannot_be_cited_by_a_tag(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sample = load_catalogue(write_catalogue(tmp_path, VALID_CLAUSE, PLANNED_AREA))
    monkeypatch.setattr("steps.clauses.catalogue", lambda name: sample.clauses)
    with pytest.raises(CatalogueError, match="'later-clause' is planned, not checked"):
        find_clause("later-clause")


def test_an_active_clause_of_the_second_profile_can_be_cited() -> None:
    assert find_clause("crs-enter-sends").profile == RAWP_CRS


def test_a_clause_of_a_planned_area_is_planned_with_the_work_that_will_check_it(
    tmp_path: Path,
) -> None:
    clause = load_catalogue(write_catalogue(tmp_path, VALID_CLAUSE, PLANNED_AREA)).clauses[
        "later-clause"
    ]
    assert clause.status == "planned"
    assert clause.planned_for and "issue 99" in clause.planned_for


def test_a_bad_status_is_rejected(tmp_path: Path) -> None:
    path = tmp_path / "sample.yaml"
    path.write_text(
        "title: t\nversion: '1'\nintroduction: i\nareas:\n  - title: a\n    clauses:\n"
        "      - {id: x, level: MUST, text: t, source: s, status: later}\n",
        encoding="utf-8",
    )
    with pytest.raises(CatalogueError, match="status 'later'"):
        load_catalogue(path)


@pytest.mark.parametrize("name", NAMES)
def test_generated_markdown_is_up_to_date(name: str) -> None:
    page = catalogue_path(name).with_suffix(".md")
    assert page.read_text(encoding="utf-8") == render_markdown(name), (
        f"{page} is stale: run `python -m steps.clauses`"
    )


# -- rawp_crs ------------------------------------------------------------------------


def rawp_crs_clauses() -> list[Clause]:
    return list(load_catalogue(catalogue_path(RAWP_CRS)).clauses.values())


def test_rawp_crs_ids_carry_the_crs_prefix() -> None:
    assert [c.id for c in rawp_crs_clauses() if not c.id.startswith("crs-")] == []


def test_every_rawp_crs_clause_says_whether_it_applies_to_a_terminal() -> None:
    assert [c.id for c in rawp_crs_clauses() if c.terminal not in TERMINAL] == []


def test_adapted_rawp_crs_clauses_give_the_equivalent_and_how_to_observe_it() -> None:
    adapted = [c for c in rawp_crs_clauses() if c.terminal == "adapted"]
    assert adapted
    assert [c.id for c in adapted if not (c.adaptation and c.observe)] == []


def test_not_applicable_rawp_crs_clauses_say_why() -> None:
    not_applicable = [c for c in rawp_crs_clauses() if c.terminal == "not-applicable"]
    assert not_applicable
    assert [c.id for c in not_applicable if not c.adaptation] == []


def test_review_clauses_give_their_reason() -> None:
    assert [c.id for c in rawp_crs_clauses() if c.checked_by == "review" and not c.note] == []


def test_rawp_crs_sources_cite_seed_section_paragraph_and_line() -> None:
    assert [c.id for c in rawp_crs_clauses() if not SEED_CITATION.match(c.source)] == []


def test_rawp_crs_covers_sections_1_4_2_3_and_7() -> None:
    sections = {c.source.split("§")[1].split(".")[0].split(" ")[0] for c in rawp_crs_clauses()}
    assert sections == {"1", "2", "3", "7"}


def test_rawp_crs_lists_its_external_references() -> None:
    references = load_catalogue(catalogue_path(RAWP_CRS)).external_references
    documents = {reference.document for reference in references}
    assert {"RAWP 1.0.3", "RAWP-DPS 1.0.1"} <= documents
    assert any("§4" in reference.section for reference in references)


# -- the loader rejects malformed catalogues -------------------------------------------


def test_a_bad_level_is_rejected(tmp_path: Path) -> None:
    path = write_catalogue(tmp_path, VALID_CLAUSE.replace("MUST", "MUST NOT"))
    with pytest.raises(CatalogueError, match="level 'MUST NOT'"):
        load_catalogue(path)


def test_a_bad_terminal_applicability_is_rejected(tmp_path: Path) -> None:
    path = write_catalogue(tmp_path, VALID_CLAUSE + "    terminal: partly\n")
    with pytest.raises(CatalogueError, match="terminal 'partly'"):
        load_catalogue(path)


def test_an_unknown_clause_field_is_rejected(tmp_path: Path) -> None:
    path = write_catalogue(tmp_path, VALID_CLAUSE + "    colour: blue\n")
    with pytest.raises(CatalogueError, match="colour"):
        load_catalogue(path)


def test_a_duplicate_id_is_rejected(tmp_path: Path) -> None:
    path = write_catalogue(tmp_path, VALID_CLAUSE + VALID_CLAUSE)
    with pytest.raises(CatalogueError, match="'a-clause' twice"):
        load_catalogue(path)


def test_an_external_reference_to_an_unknown_clause_is_rejected(tmp_path: Path) -> None:
    reference = (
        "external_references:\n- id: ext-x\n  document: D\n  section: s\n  subject: x\n"
        "  cited_from: c\n  clauses: [no-such-clause]\n"
    )
    path = write_catalogue(tmp_path, VALID_CLAUSE, reference)
    with pytest.raises(CatalogueError, match="no-such-clause"):
        load_catalogue(path)


def test_a_valid_sample_loads(tmp_path: Path) -> None:
    loaded = load_catalogue(write_catalogue(tmp_path, VALID_CLAUSE + "    terminal: applies\n"))
    assert list(loaded.clauses) == ["a-clause"]
    assert loaded.clauses["a-clause"].terminal == "applies"
    assert loaded.status == "registered"
