"""The clause catalogues load, agree with each other, with their generated pages and the seeds.

Covers every catalogue in docs/spec/: the registered profiles' and the planned ones
(``steps.clauses.PLANNED_CATALOGUES``). Whether each clause of a registered profile has a
scenario is the coverage lint's business, not this module's. Each MUST and SHOULD clause
quotes the seed sentence it enforces, found verbatim in the seed file its source cites
(``docs/spec/seeds/``, kept unchanged: its files' digests are pinned here).
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from pathlib import Path

import pytest

from steps.clauses import (
    ELISION,
    HARDENING,
    LEVELS,
    PLANNED_CATALOGUES,
    QUOTED_LEVELS,
    SEEDS_DIR,
    TERMINAL,
    CatalogueError,
    Clause,
    catalogue_names,
    catalogue_path,
    cited_seeds,
    find_clause,
    load_catalogue,
    quote_in_seeds,
    render_markdown,
)
from steps.profiles import PROFILES

NAMES = catalogue_names()
RAWP_CRS = "rawp_crs"
SEED_CITATION = re.compile(r"^(002|004) §[\d.]+ ¶\d+.*\(l\. \d+")
"""A RAWP-CRS source starts with the seed, section, paragraph and seed line number."""

SEED_DIGESTS = {
    "000_43b08f24ad9efbd8.txt": "4e9a0cbb07b2ffa9c05fbaa4f6ea3b9971759d7c4ddd858b40f84215e702c948",
    "001_9b36cf5157215fb9.txt": "13ad0418c3f7522de9423937e0b538fe65504b9211aff7c94b5e329b7cbdff1b",
    "002_44adda0ef7a9f8b9.txt": "2b4fac941e3be2eb12dcd1c9fd86fac5ab7ea719c658a87afa1c2cb6610ab6d7",
    "004_bbdfe0f269eaa24b.txt": "1352c342f9d233536bdac6d4f428ce260245a15f865a61237e18cf880813657c",
}
"""SHA-256 of each seed file as received: the line numbers the sources cite count its lines."""
AWAITING_LEVEL: dict[str, str] = {
    "input-focus": (
        "no seed sentence says the input has the focus at start or keeps it: 000 호환성 ¶1 "
        "keeps Enter submission, 001 흐름 1 empties the input; the clause's own audit calls "
        "it implied and doubtful"
    ),
}
"""MUST or SHOULD clauses that no seed sentence demands, with why: they quote nothing until
their level is decided (issue 37, class 4: what no seed sentence demands is HARDENING)."""

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


# -- seed quotes ------------------------------------------------------------------------


def all_clauses() -> list[Clause]:
    return [c for name in NAMES for c in load_catalogue(catalogue_path(name)).clauses.values()]


def test_the_seeds_are_the_files_as_received() -> None:
    held = {path.name: path for path in SEEDS_DIR.glob("*.txt")}
    assert sorted(held) == sorted(SEED_DIGESTS)
    changed = [
        name
        for name, digest in SEED_DIGESTS.items()
        if hashlib.sha256(held[name].read_bytes()).hexdigest() != digest
    ]
    assert not changed, f"seed files changed: {changed}; the seeds are never edited"


def test_every_must_and_should_clause_quotes_the_seed_sentence_it_enforces() -> None:
    unquoted = [
        f"{c.profile}: {c.id} ({c.level})"
        for c in all_clauses()
        if c.level in QUOTED_LEVELS and c.quote is None and c.id not in AWAITING_LEVEL
    ]
    assert not unquoted, (
        f"{unquoted}: add under `source:` a `quote:` copied from the seed file the source "
        "cites (docs/spec/seeds/); a clause no seed sentence demands is HARDENING"
    )


def test_every_quote_is_found_in_the_seed_its_source_cites() -> None:
    quoted = [c for c in all_clauses() if c.quote is not None]
    assert len(quoted) >= 240
    wrong = {}
    for clause in quoted:
        assert clause.quote is not None
        seeds = cited_seeds(clause.source)
        missing = quote_in_seeds(clause.quote, seeds) if seeds else ["(the source cites no seed)"]
        if missing:
            wrong[clause.id] = (clause.source, missing)
    assert not wrong, wrong


def test_a_hardening_clause_quotes_no_seed() -> None:
    assert [c.id for c in all_clauses() if c.level == HARDENING and c.quote is not None] == []


def test_the_clauses_awaiting_a_level_exist_still_at_must_or_should_and_unquoted() -> None:
    found = {c.id: c for c in all_clauses()}
    stale = [
        clause_id
        for clause_id in AWAITING_LEVEL
        if clause_id not in found
        or found[clause_id].level not in QUOTED_LEVELS
        or found[clause_id].quote is not None
    ]
    assert not stale, f"{stale}: no longer awaiting a level; remove from AWAITING_LEVEL"


def test_the_quote_check_refuses_a_changed_word_and_passages_out_of_order() -> None:
    seeds = cited_seeds("002 §2.5.1 ¶3 (l. 61)")
    assert [path.name for path in seeds] == ["002_44adda0ef7a9f8b9.txt"]
    sentence = "Enter로 전송 시 입력창의 내용이 비어 있으면(공백만 포함) 전송하지 않아야 한다"
    first = "Enter\t메시지 전송"
    assert quote_in_seeds(sentence, seeds) == []
    assert quote_in_seeds(sentence.replace(" ", "\n   ", 2), seeds) == []
    assert quote_in_seeds(first + ELISION + sentence, seeds) == []
    changed = sentence.replace("않아야", "않을 수 있다")
    assert quote_in_seeds(changed, seeds) == [changed]
    assert quote_in_seeds(sentence + ELISION + first, seeds) == [first]
    assert quote_in_seeds(sentence, cited_seeds("004 §3.1 ¶1 (l. 85)")) == [sentence]


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


def test_an_empty_quote_is_rejected(tmp_path: Path) -> None:
    path = write_catalogue(tmp_path, VALID_CLAUSE + '    quote: " "\n')
    with pytest.raises(CatalogueError, match="expected seed text"):
        load_catalogue(path)


def test_a_valid_sample_loads(tmp_path: Path) -> None:
    loaded = load_catalogue(write_catalogue(tmp_path, VALID_CLAUSE + "    terminal: applies\n"))
    assert list(loaded.clauses) == ["a-clause"]
    assert loaded.clauses["a-clause"].terminal == "applies"
    assert loaded.status == "registered"
