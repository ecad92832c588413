"""The coverage audit: per clause, what its scenarios cover and what remains unchecked.

``docs/coverage-<profile>.md`` has one table per part of the profile, a row per clause. It
joins two sources:

* what is derived, never written by hand: the scenarios citing the clause (their
  ``@clause:<id>`` tags, :mod:`steps.traceability`) with their example rows counted, and
  the mutants breaking it (each mutant's docstring names its clause,
  ``tests/candidates/``);
* what is written once, next to the clause in ``docs/spec/<profile>.yaml``: its
  ``coverage`` entry (:class:`steps.clauses.Coverage`), the kinds of input and state the
  scenarios use and what remains unchecked, with the scenarios it was written against.

:func:`problems` lists where the catalogue is out of step with the scenarios (what to add,
in words); ``tests/test_coverage_audit.py`` fails on any, and on a stale page.
``python -m steps.coverage_audit`` writes the pages.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from steps.clauses import CLAUSE_TAG, Clause, catalogue, catalogue_path
from steps.profiles import PROFILES, ROOT, Profile
from steps.traceability import ScenarioRef, coverage, read_scenarios

AUDITED: dict[str, str] = {"rawp_crs": "tests.candidates.crs_mutants"}
"""Profiles whose catalogue carries a coverage audit, with the module of their mutants."""
COMMAND = "python -m steps.coverage_audit"
"""The command that writes the pages, as messages name it."""
CLAUSE_ID = re.compile(r"\bcrs-[a-z0-9]+(?:-[a-z0-9]+)*\b")
"""A clause id named in a coverage text (the ``rawp_crs`` prefix)."""


@dataclass(frozen=True)
class Audited:
    """One profile's clauses, scenarios and mutants, as the audit reads them.

    Attributes:
        profile: The registered profile.
        clauses: Its catalogue, by id, in catalogue order.
        scenarios: Its scenarios, in file order.
        mutants: ``mutant name -> clause id`` of its mutant catalogue.
    """

    profile: Profile
    clauses: Mapping[str, Clause]
    scenarios: tuple[ScenarioRef, ...]
    mutants: Mapping[str, str]

    @property
    def citing(self) -> dict[str, list[ScenarioRef]]:
        """Clause id -> the scenarios citing it, in file order."""
        return coverage(self.clauses, self.scenarios)


def load(profile_name: str) -> Audited:
    """Read ``profile_name``'s catalogue, feature files and mutant catalogue.

    Raises:
        KeyError: The profile has no audit (not in :data:`AUDITED`).
        steps.clauses.CatalogueError: The catalogue is malformed.
    """
    module = importlib.import_module(AUDITED[profile_name])
    profile = next(profile for profile in PROFILES if profile.name == profile_name)
    return Audited(
        profile=profile,
        clauses=catalogue(profile_name),
        scenarios=tuple(read_scenarios(profile.features_dir)),
        mutants={name: entry.clause for name, entry in module.MUTANTS.items()},
    )


def rows(scenario: ScenarioRef) -> int:
    """Example rows of ``scenario``: 1 for a plain scenario."""
    return max(1, len(scenario.examples))


def page_path(profile_name: str) -> Path:
    """``docs/coverage-<profile>.md``."""
    return ROOT / "docs" / f"coverage-{profile_name}.md"


# -- the sync check ---------------------------------------------------------------------


def problems(audited: Audited) -> list[str]:
    """Where the coverage entries are out of step with the scenarios, one sentence each.

    Each sentence says what to add or change in the catalogue: an active clause without
    a ``coverage`` entry; a scenario citing the clause that the entry does not list, or
    lists with another number of example rows; a listed scenario that does not cite it;
    a clause id named in its texts that does not exist.
    """
    found: list[str] = []
    citing = audited.citing
    yaml = catalogue_path(audited.profile.name).relative_to(ROOT)
    for clause in audited.clauses.values():
        if clause.status != "active":
            continue
        if clause.coverage is None:
            found.append(_missing(clause, citing[clause.id], yaml))
            continue
        found += _stale_scenarios(clause, citing[clause.id], yaml)
        texts = (clause.coverage.inputs, clause.coverage.states, clause.coverage.unchecked)
        found += [
            f"{yaml}: {clause.id}: coverage names clause {name!r}, which does not exist"
            for name in sorted({name for text in texts for name in CLAUSE_ID.findall(text)})
            if name not in audited.clauses
        ]
    return found


def _missing(clause: Clause, citing: list[ScenarioRef], yaml: Path) -> str:
    """The message for an active clause without a coverage entry, with a template."""
    listed = "".join(f'\n        "{ref.name}": {rows(ref)}' for ref in citing) or " {}"
    return (
        f"{yaml}: active clause {clause.id} has no coverage entry; add under it (after "
        f"`source:`), from reading its scenarios:\n"
        f"    coverage:\n"
        f"      inputs: <the kinds of input its scenarios use>\n"
        f"      states: <the states they run in: occurrence, focus, clock...>\n"
        f"      unchecked: <what remains unchecked, and why>\n"
        f"      scenarios:{listed}"
    )


def _stale_scenarios(clause: Clause, citing: list[ScenarioRef], yaml: Path) -> list[str]:
    """Messages for the scenarios the clause's entry lists wrongly or leaves out."""
    assert clause.coverage is not None
    listed = dict(clause.coverage.scenarios)
    found = []
    for ref in citing:
        if ref.name not in listed:
            found.append(
                f"{yaml}: {clause.id}: scenario {ref.name!r} ({ref.where}, {rows(ref)} "
                f"example rows) cites it, and its coverage entry does not list it: say in "
                f"`inputs`/`states`/`unchecked` what it adds, then add under `scenarios:` "
                f'"{ref.name}": {rows(ref)}'
            )
        elif listed[ref.name] != rows(ref):
            found.append(
                f"{yaml}: {clause.id}: scenario {ref.name!r} ({ref.where}) has {rows(ref)} "
                f"example rows, its coverage entry was written for {listed[ref.name]}: say in "
                f"`inputs`/`states` what the rows cover now, then set its count to {rows(ref)}"
            )
    names = {ref.name for ref in citing}
    found += [
        f"{yaml}: {clause.id}: coverage lists scenario {name!r}, but no scenario of that "
        f"name cites {CLAUSE_TAG}{clause.id}: remove it (and what the texts say of it), or "
        f"fix the name"
        for name in listed
        if name not in names
    ]
    return found


# -- the page ---------------------------------------------------------------------------


def render(audited: Audited) -> str:
    """The Markdown page ``docs/coverage-<profile>.md``: one table per part."""
    name = audited.profile.name
    lines = [
        f"# Coverage audit of profile {name}",
        "",
        f"<!-- Generated by `{COMMAND}` from docs/spec/{name}.yaml (the `coverage` entries),",
        f"     features/{name}/ and {AUDITED[name].replace('.', '/')}/; do not edit. -->",
        "",
        "For each clause: the scenarios citing it (each with its example rows), the mutants",
        "breaking it (docs/mutants-" + name + ".md says which scenario caught each), the kinds",
        "of input and state those scenarios use, and what remains unchecked and why. The",
        "scenarios and mutants are derived from the feature files and the mutant catalogue;",
        "the last three columns are written once per clause, as its `coverage` entry in",
        f"`docs/spec/{name}.yaml`. `tests/test_coverage_audit.py` fails when a clause has no",
        "entry, when an entry is out of step with the scenarios citing the clause, or when this",
        f"page is stale (`{COMMAND}` rewrites it).",
        "",
        'In the last column, a case said to be "not run" or "not checked" with no other',
        "reason is a gap: no scenario exercises it yet. Other reasons are given in words (a",
        "MAY, review only, not visible in a terminal's cells, a reading the seeds leave open).",
        "",
    ]
    parts = {part.number: part.title for part in audited.profile.parts}
    citing = audited.citing
    for number in sorted({clause.part or 0 for clause in audited.clauses.values()}):
        clauses = [c for c in audited.clauses.values() if (c.part or 0) == number]
        title = f"Part {number}: {parts[number]}" if number in parts else "Clauses"
        lines += [f"## {title}", "", *_summary(clauses, citing, audited.mutants), ""]
        lines += _table(clauses, citing, audited.mutants, audited.profile.features_dir)
        lines.append("")
    return "\n".join(lines)


def _summary(
    clauses: list[Clause], citing: Mapping[str, list[ScenarioRef]], mutants: Mapping[str, str]
) -> list[str]:
    """One sentence of counts for a part's table."""
    scenarios = {ref.where: ref for clause in clauses for ref in citing[clause.id]}
    broken = set(mutants.values())
    unbroken = [c for c in clauses if c.checked_by == "scenario" and c.id not in broken]
    return [
        f"{_count(len(clauses), 'clause')}, cited by {_count(len(scenarios), 'scenario')} "
        f"({_count(sum(rows(ref) for ref in scenarios.values()), 'example row')}); "
        f"{_count(len(unbroken), 'clause')} checked by scenario with no mutant breaking it."
    ]


def _count(number: int, noun: str) -> str:
    """``1 clause``, ``2 clauses``."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _table(
    clauses: Iterable[Clause],
    citing: Mapping[str, list[ScenarioRef]],
    mutants: Mapping[str, str],
    features_dir: Path,
) -> list[str]:
    """The Markdown table of ``clauses``: one row each."""
    lines = [
        "| clause | scenarios (example rows) | mutants | inputs covered | states covered "
        "| unchecked, and why |",
        "|---|---|---|---|---|---|",
    ]
    for clause in clauses:
        audit = clause.coverage
        scenarios = "<br>".join(_scenario_link(ref, features_dir) for ref in citing[clause.id])
        breaking = ", ".join(f"`{name}`" for name, broken in mutants.items() if broken == clause.id)
        review = " (by review)" if clause.checked_by == "review" else ""
        cells = [
            f"`{clause.id}` {clause.level}{review}",
            scenarios or "none",
            breaking or "none",
            *(
                (audit.inputs, audit.states, audit.unchecked)
                if audit is not None
                else ("**not audited**",) * 3
            ),
        ]
        lines.append("| " + " | ".join(_cell(cell) for cell in cells) + " |")
    return lines


def _scenario_link(ref: ScenarioRef, features_dir: Path) -> str:
    """``[name](../features/<profile>/<file>#L<line>) (n)``: a link from ``docs/``."""
    target = (features_dir.parent / ref.feature).relative_to(ROOT).as_posix()
    return f"[{ref.name}](../{target}#L{ref.line}) ({rows(ref)})"


def _cell(text: str) -> str:
    """``text`` as one Markdown table cell: one line, pipes escaped."""
    return " ".join(text.split()).replace("|", "\\|")


def main() -> None:
    """Write ``docs/coverage-<profile>.md`` for every audited profile."""
    for name in AUDITED:
        path = page_path(name)
        path.write_text(render(load(name)), encoding="utf-8")
        sys.stdout.write(f"wrote {path.relative_to(ROOT)}\n")


if __name__ == "__main__":
    main()
