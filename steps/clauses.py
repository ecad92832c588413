"""The clause catalogue: every normative statement of a profile's spec, with a stable id.

One YAML file per profile (``docs/spec/<profile>.yaml``) is the single source; the
Markdown in ``docs/spec/`` is generated from it (``python -m steps.clauses``), and
scenarios cite clauses with tags ``@clause:<id>``. A catalogue can exist before its
profile is registered in :mod:`steps.profiles`: such a *planned* catalogue is listed in
:data:`PLANNED_CATALOGUES`, loads and renders like the others, and no tag can cite it.
"""

from __future__ import annotations

import difflib
import re
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal, TypeVar, get_args

import yaml

from steps.profiles import PROFILES, ROOT

Level = Literal["MUST", "SHOULD", "MAY", "HARDENING"]
"""Requirement levels: MUST, SHOULD and MAY as RFC 2119 uses them, for what the spec says;
HARDENING for a rule the harness adds against a real hazard the spec does not mention. A
HARDENING clause's ``source`` says so; failing it never makes an implementation
non-conformant (reports count it on its own line, apart from MUST)."""
HARDENING: Level = "HARDENING"
"""The level of the harness's own rules (:data:`Level`)."""
LEVELS: tuple[Level, ...] = get_args(Level)
QUOTED_LEVELS: tuple[Level, ...] = ("MUST", "SHOULD")
"""The levels whose clauses quote the seed sentence they enforce (``Clause.quote``)."""
Terminal = Literal["applies", "adapted", "not-applicable"]
"""Whether a clause applies to a terminal (Textual) client: as written, adapted, or not."""
TERMINAL: tuple[Terminal, ...] = get_args(Terminal)
Status = Literal["active", "planned"]
"""Whether a clause is checked now, or planned for a later part of its profile."""
STATUSES: tuple[Status, ...] = get_args(Status)
T = TypeVar("T")
CLAUSE_TAG = "clause:"
"""Prefix of the Gherkin tag that cites a clause: ``@clause:display-format``."""
GUARD_TAG = "guard:"
"""Prefix of the Gherkin tag citing a clause a scenario only guards: ``@guard:<id>``.

The scenario checks the clause where it must hold back (Up with a draft recalls nothing; a
file name is not a link): its failure fails the clause, but its pass alone never earns the
clause a pass, since a client that does nothing at all passes it too (issue 37, class 6).
"""
SPEC_DIR = ROOT / "docs" / "spec"
"""Folder of the catalogues (``<name>.yaml``) and of their generated pages (``<name>.md``)."""
SEEDS_DIR = SPEC_DIR / "seeds"
"""The seed files, verbatim (``000_*.txt`` ... ``004_*.txt``): the text the catalogues restate."""
SEED_NUMBER = re.compile(r"\b(00\d)\b")
"""A seed's number as a ``source`` cites it (``002 §2.2 ¶3``)."""
ELISION = " [...] "
"""What joins two passages of a seed quoted in one ``quote`` (text left out between them)."""
PLANNED_CATALOGUES: tuple[str, ...] = ()
"""Catalogues in :data:`SPEC_DIR` whose profile is not registered yet (``status: planned``)."""


class CatalogueError(Exception):
    """A catalogue file is malformed, or a tag cites an unknown clause."""


@dataclass(frozen=True)
class Coverage:
    """What the scenarios citing a clause cover, and what they leave unchecked.

    Written by hand next to the clause (key ``coverage``), for what no program can derive.
    What can be derived (the scenarios citing the clause, their example rows, the mutants
    breaking it) is not written here: :mod:`steps.coverage_audit` adds it when it generates
    ``docs/coverage-<profile>.md``, and its test fails when this entry is missing or out of
    step with the scenarios.

    Attributes:
        inputs: The kinds of input the scenarios use (which whitespace, which characters,
            which fence styles, which path spellings...).
        states: The states they run in (first or later occurrence, after which other
            features, where the focus is, which clock...).
        unchecked: What remains unchecked, and why.
        scenarios: ``(name, example rows)`` of each scenario the entry was written against
            (1 row for a plain scenario): a scenario added, removed or given more rows
            makes the audit test ask for the text to be revisited.
    """

    inputs: str
    states: str
    unchecked: str
    scenarios: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class Clause:
    """One normative statement.

    Attributes:
        id: Stable slug, e.g. ``display-format``; never renumbered.
        level: MUST, SHOULD or MAY (MUST NOT is MUST with a negative text), or HARDENING
            for a rule of the harness that is not in the spec.
        text: The statement, in English.
        source: Where the seed states it, e.g. ``000 계약 ¶4``.
        quote: The seed sentence the clause enforces, copied verbatim from the seed file
            its ``source`` cites (``docs/spec/seeds/``): a sentence, a table row or the
            shortest run of sentences; passages apart are joined by :data:`ELISION`. Every
            MUST and SHOULD clause has one; ``None`` for a HARDENING clause (no seed
            sentence demands it) and for most MAY clauses.
        area: Behaviour area, groups clauses in the docs.
        profile: The profile the clause belongs to.
        checked_by: ``scenario`` (the default), or ``review`` with a reason when no
            black-box observation can decide it.
        terminal: For specs not written for terminals: ``applies``, ``adapted`` or
            ``not-applicable`` to a terminal (Textual) client; ``None`` when not stated.
        adaptation: The terminal equivalent of an adapted clause, or why a clause does
            not apply.
        observe: How a harness could observe the clause in a terminal client.
        note: How the level or the reading was decided, when the seed leaves it open.
        decision: A question the seed leaves open, decided when the clause was built
            (e.g. how a terminal client treats raw HTML), and where it is argued.
        status: ``active`` (checked now), or ``planned``: part of a profile being built in
            steps, not checked yet; ``planned_for`` names the work that will check it. A
            planned clause needs no scenario and no tag may cite it; an area's status is
            its clauses' default.
        planned_for: The issue or part that will check a planned clause.
        audit: The result of checking the clause against the seed sentences it cites:
            ``ok``, or what was changed and why.
        part: For a profile built and claimed in parts (``steps.profiles.Part``): the part
            the clause belongs to (an area's part is its clauses' default); ``None`` for a
            profile without parts.
        coverage: What its scenarios cover and leave unchecked (:class:`Coverage`), for
            the coverage audit; ``None`` when not written yet.
    """

    id: str
    level: Level
    text: str
    source: str
    area: str
    profile: str
    quote: str | None = None
    checked_by: str = "scenario"
    terminal: Terminal | None = None
    adaptation: str | None = None
    observe: str | None = None
    note: str | None = None
    decision: str | None = None
    status: Status = "active"
    planned_for: str | None = None
    audit: str | None = None
    part: int | None = None
    coverage: Coverage | None = None


@dataclass(frozen=True)
class ExternalReference:
    """A part of another document the catalogue depends on but does not restate.

    Attributes:
        id: Stable slug, e.g. ``ext-dps-6-1-2-prompt-cancel``.
        document: The document, e.g. ``RAWP-DPS 1.0.1``.
        section: Its section, as the seed names it.
        subject: What it defines, as far as the seed tells.
        cited_from: Where the seed refers to it.
        clauses: Ids of the clauses that depend on it.
    """

    id: str
    document: str
    section: str
    subject: str
    cited_from: str
    clauses: tuple[str, ...] = ()


@dataclass(frozen=True)
class Catalogue:
    """A whole catalogue file.

    Attributes:
        name: Profile name, the file's stem.
        path: The YAML file.
        status: ``registered`` (the default) or ``planned``.
        clauses: Clauses by id, in catalogue order.
        external_references: Parts of other documents the clauses depend on.
        informative: ``{"source": ..., "note": ...}`` for each seed passage deliberately
            left without a clause.
    """

    name: str
    path: Path
    status: str
    clauses: dict[str, Clause]
    external_references: tuple[ExternalReference, ...] = ()
    informative: tuple[dict[str, str], ...] = ()


def catalogue_path(name: str) -> Path:
    """Return the YAML file of the registered profile or planned catalogue ``name``.

    Raises:
        CatalogueError: No registered profile and no planned catalogue has that name.
    """
    for profile in PROFILES:
        if profile.name == name:
            return profile.catalogue_path
    if name in PLANNED_CATALOGUES:
        return SPEC_DIR / f"{name}.yaml"
    raise CatalogueError(f"unknown profile {name!r}")


def catalogue_names() -> tuple[str, ...]:
    """Names of every catalogue: the registered profiles', then the planned ones."""
    return tuple(profile.name for profile in PROFILES) + PLANNED_CATALOGUES


YAML_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""PyYAML's safe loader, the libyaml one when PyYAML was built with it: the same
documents, about ten times faster (0.03 s instead of 0.26 s for rawp_crs's 171 KB)."""


def read_yaml(path: Path) -> Any:
    """The parsed YAML document at ``path``, parsed once while the file is unchanged.

    Callers must not change what it returns (it is shared).

    Raises:
        OSError: The file cannot be read.
        yaml.YAMLError: It is not YAML.
    """
    stat = path.stat()
    return _parse_yaml(path, stat.st_mtime_ns, stat.st_size)


@cache
def _parse_yaml(path: Path, mtime_ns: int, size: int) -> Any:
    """:func:`read_yaml` for one version of the file (``mtime_ns`` and ``size`` key it)."""
    return yaml.load(path.read_text(encoding="utf-8"), Loader=YAML_LOADER)


@cache
def load_catalogue(path: Path) -> Catalogue:
    """Load and check one catalogue file.

    Args:
        path: A ``docs/spec/<name>.yaml`` file; ``<name>`` becomes the clauses' profile.

    Raises:
        CatalogueError: Unreadable file, an unknown key, a duplicate id, a bad level or
            terminal applicability, a malformed ``coverage`` entry, or a reference to an
            unknown clause.
    """
    data = read_yaml(path)
    clauses: dict[str, Clause] = {}
    for area in data["areas"]:
        inherited = {key: area[key] for key in ("status", "planned_for", "part") if key in area}
        for entry in area["clauses"]:
            entry = {**inherited, **entry}
            if "coverage" in entry:
                entry["coverage"] = _coverage(path, entry)
            clause = _build(Clause, path, entry, area=area["title"], profile=path.stem)
            if clause.id in clauses:
                raise CatalogueError(f"{path}: clause id {clause.id!r} twice")
            _check_values(path, clause)
            clauses[clause.id] = clause
    references = tuple(
        _build(ExternalReference, path, {**entry, "clauses": tuple(entry.get("clauses", ()))})
        for entry in data.get("external_references", ())
    )
    for reference in references:
        unknown = [clause_id for clause_id in reference.clauses if clause_id not in clauses]
        if unknown:
            raise CatalogueError(f"{path}: {reference.id} names unknown clauses {unknown}")
    return Catalogue(
        name=path.stem,
        path=path,
        status=data.get("status", "registered"),
        clauses=clauses,
        external_references=references,
        informative=tuple(data.get("informative", ())),
    )


def _build(kind: type[T], path: Path, entry: dict[str, Any], **extra: str) -> T:
    """Instantiate ``kind`` from a YAML mapping, turning a bad key into a CatalogueError."""
    try:
        return kind(**entry, **extra)
    except TypeError as error:
        raise CatalogueError(f"{path}: entry {entry.get('id')!r}: {error}") from error


def _coverage(path: Path, entry: dict[str, Any]) -> Coverage:
    """Build a clause's :class:`Coverage` from its ``coverage`` mapping.

    Raises:
        CatalogueError: Not a mapping, an unknown or missing key, an empty text, or
            ``scenarios`` not a mapping of scenario names to row counts from 1.
    """
    where = f"{path}: clause {entry.get('id')!r}: coverage"
    raw = entry["coverage"]
    if not isinstance(raw, dict):
        raise CatalogueError(f"{where}: expected a mapping (inputs, states, unchecked, scenarios)")
    scenarios = raw.get("scenarios") or {}
    if not isinstance(scenarios, dict) or not all(
        isinstance(name, str) and isinstance(rows, int) and rows >= 1
        for name, rows in scenarios.items()
    ):
        raise CatalogueError(f"{where}: scenarios: expected scenario name: example rows (from 1)")
    try:
        coverage = Coverage(**{**raw, "scenarios": tuple(scenarios.items())})
    except TypeError as error:
        raise CatalogueError(f"{where}: {error}") from error
    empty = [key for key in ("inputs", "states", "unchecked") if not _text(getattr(coverage, key))]
    if empty:
        raise CatalogueError(f"{where}: {', '.join(empty)}: expected a sentence, not empty")
    return coverage


def _text(value: object) -> bool:
    """Whether ``value`` is a string holding more than whitespace."""
    return isinstance(value, str) and bool(value.strip())


def _check_values(path: Path, clause: Clause) -> None:
    """Raise CatalogueError on a level, status, part, terminal or quote not allowed."""
    if clause.level not in LEVELS:
        raise CatalogueError(
            f"{path}: clause {clause.id!r} has level {clause.level!r}, expected one of {LEVELS}"
        )
    if clause.status not in STATUSES:
        raise CatalogueError(
            f"{path}: clause {clause.id!r} has status {clause.status!r}, expected one of {STATUSES}"
        )
    if clause.quote is not None and not _text(clause.quote):
        raise CatalogueError(
            f"{path}: clause {clause.id!r} has quote {clause.quote!r}, expected seed text"
        )
    if clause.part is not None and (not isinstance(clause.part, int) or clause.part < 1):
        raise CatalogueError(
            f"{path}: clause {clause.id!r} has part {clause.part!r}, expected a number from 1"
        )
    if clause.terminal is not None and clause.terminal not in TERMINAL:
        raise CatalogueError(
            f"{path}: clause {clause.id!r} has terminal {clause.terminal!r}, "
            f"expected one of {TERMINAL}"
        )


def cited_seeds(source: str) -> tuple[Path, ...]:
    """The seed files a clause's ``source`` cites, in the order first cited.

    Args:
        source: A clause's ``source``, e.g. ``002 §2.2 ¶3 (l. 20); 004 §3.1 ¶1 (l. 85)``.

    Returns:
        Paths in :data:`SEEDS_DIR` (``002_*.txt``); a number with no file there is left out.
    """
    numbers = dict.fromkeys(SEED_NUMBER.findall(source))
    return tuple(path for number in numbers for path in sorted(SEEDS_DIR.glob(f"{number}_*.txt")))


def quote_in_seeds(quote: str, seeds: tuple[Path, ...]) -> list[str]:
    """The passages of ``quote`` not found in ``seeds``, compared with whitespace collapsed.

    Each passage (``quote`` split at :data:`ELISION`) must occur in one of the seed files,
    after the passage before it when both are in the same file.

    Returns:
        The passages not found, in quote order; empty when the whole quote is the seeds'.
    """
    texts = {seed: " ".join(seed.read_text(encoding="utf-8").split()) for seed in seeds}
    after = dict.fromkeys(texts, 0)
    missing = []
    for passage in quote.split(ELISION):
        wanted = " ".join(passage.split())
        found = [(seed, texts[seed].find(wanted, after[seed])) for seed in texts]
        found = [(seed, at) for seed, at in found if at >= 0]
        if not found or not wanted:
            missing.append(passage)
        for seed, at in found:
            after[seed] = at + len(wanted)
    return missing


def quote_text(quote: str) -> str:
    """``quote`` as a page shows it: a seed table's tab-separated cells joined by `` | ``."""
    return re.sub(r"\s*\t\s*", " | ", quote)


def catalogue(profile_name: str) -> dict[str, Clause]:
    """Load a profile's clauses by id, in catalogue order.

    Raises:
        CatalogueError: Unknown profile, unreadable file, a duplicate id, a bad level.
    """
    return load_catalogue(catalogue_path(profile_name)).clauses


def spec_version(profile_name: str) -> str:
    """Return the ``version`` of a profile's catalogue, the spec version reports name.

    Raises:
        CatalogueError: Unknown profile, or the catalogue has no ``version``.
    """
    path = catalogue_path(profile_name)
    version = read_yaml(path).get("version")
    if version is None:
        raise CatalogueError(f"{path}: no 'version' key")
    return str(version)


def find_clause(clause_id: str) -> Clause:
    """Return the clause ``clause_id`` from any registered profile.

    Raises:
        CatalogueError: No registered profile has such a clause.
    """
    known: list[str] = []
    for profile in PROFILES:
        clauses = catalogue(profile.name)
        if clause_id in clauses and clauses[clause_id].status == "planned":
            raise CatalogueError(
                f"clause {clause_id!r} is planned, not checked yet "
                f"({clauses[clause_id].planned_for or 'a later part of its profile'})"
            )
        if clause_id in clauses:
            return clauses[clause_id]
        known += [key for key, clause in clauses.items() if clause.status == "active"]
    close = difflib.get_close_matches(clause_id, known, n=3)
    hint = f" (did you mean {', '.join(close)}?)" if close else ""
    raise CatalogueError(
        f"unknown clause {clause_id!r}{hint}; the clauses are listed in docs/spec/<profile>.md"
    )


def render_markdown(profile_name: str) -> str:
    """Render a catalogue as the Markdown page ``docs/spec/<profile>.md``."""
    path = catalogue_path(profile_name)
    data = read_yaml(path)
    lines = [
        f"# {data['title']}",
        "",
        "<!-- Generated from " + path.name + " by `python -m steps.clauses`;"
        " edit the YAML, not this page. -->",
        "",
        data["introduction"].strip(),
        "",
        "Requirement levels are used as in RFC 2119. Each clause has a stable id; scenarios",
        "cite it with the tag `@clause:<id>`.",
        "",
    ]
    if any(c.get("level") == HARDENING for area in data["areas"] for c in area["clauses"]):
        lines[-2:-1] = [
            "cite it with the tag `@clause:<id>`. A **HARDENING** clause is not in the source",
            "documents: it is a rule of the harness against a real hazard they do not mention;",
            "reports count it apart from MUST, and failing it never makes an implementation",
            "non-conformant.",
        ]
    number = 0
    for area in data["areas"]:
        lines += [f"## {area['title']}", ""]
        if "part" in area:
            lines += [f"*Part {area['part']} of the profile.*", ""]
        if area.get("status") == "planned":
            lines += [
                f"*Planned: not checked yet ({area.get('planned_for', 'a later part')}).*",
                "",
            ]
        for entry in area["clauses"]:
            number += 1
            lines.append(_clause_item(number, entry))
        lines.append("")
    return "\n".join(lines + _references_section(data) + _informative_section(data))


def _clause_item(number: int, entry: dict[str, Any]) -> str:
    """One numbered clause: level, id, text, source, then the optional fields."""
    review = " *(checked by review)*" if entry.get("checked_by") == "review" else ""
    if "part" in entry:
        review += f" *(part {entry['part']})*"
    if entry.get("status") == "planned":
        review += f" *(planned: {entry.get('planned_for', 'a later part')})*"
    item = (
        f"{number}. **{entry['level']}** `{entry['id']}`{review}: {entry['text'].strip()}"
        f"  \n   Source: {entry['source']}"
    )
    if "quote" in entry:
        item += f"  \n   Seed: “{quote_text(entry['quote'])}”"
    if "terminal" in entry:
        adaptation = entry.get("adaptation")
        item += f"  \n   Terminal: {entry['terminal']}" + (f". {adaptation}" if adaptation else "")
    labels = (
        ("observe", "Observe"),
        ("note", "Note"),
        ("decision", "Decision"),
        ("audit", "Audit"),
    )
    for key, label in labels:
        if key in entry:
            item += f"  \n   {label}: {entry[key]}"
    return item


def _references_section(data: dict[str, Any]) -> list[str]:
    """The "External references" section, or nothing when the catalogue has none."""
    if not data.get("external_references"):
        return []
    lines = ["## External references", "", "Parts of other documents, not held here.", ""]
    for entry in data["external_references"]:
        clauses = ", ".join(f"`{clause_id}`" for clause_id in entry.get("clauses", ()))
        lines.append(
            f"- `{entry['id']}`: **{entry['document']}** {entry['section']}: "
            f"{entry['subject'].strip()}  \n  Cited from: {entry['cited_from']}"
            + (f"  \n  Clauses: {clauses}" if clauses else "")
        )
    return [*lines, ""]


def _informative_section(data: dict[str, Any]) -> list[str]:
    """The "Informative passages" section, or nothing when the catalogue has none."""
    if not data.get("informative"):
        return []
    lines = ["## Informative passages", "", "Seed text deliberately left without a clause.", ""]
    lines += [f"- {entry['source']}: {entry['note']}" for entry in data["informative"]]
    return [*lines, ""]


def main() -> None:
    """Write ``docs/spec/<name>.md`` for every catalogue (``python -m steps.clauses``)."""
    for name in catalogue_names():
        path = catalogue_path(name).with_suffix(".md")
        path.write_text(render_markdown(name), encoding="utf-8")
        sys.stdout.write(f"wrote {path}\n")


if __name__ == "__main__":
    main()
