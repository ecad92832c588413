"""The clause catalogue: every normative statement of a profile's spec, with a stable id.

One YAML file per profile (``docs/spec/<profile>.yaml``) is the single source; the
Markdown in ``docs/spec/`` is generated from it (``python -m steps.clauses``), and
scenarios cite clauses with tags ``@clause:<id>``.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal, get_args

import yaml

from steps.profiles import PROFILES, Profile

Level = Literal["MUST", "SHOULD", "MAY"]
"""Requirement levels, as RFC 2119 uses them."""
LEVELS: tuple[Level, ...] = get_args(Level)
CLAUSE_TAG = "clause:"
"""Prefix of the Gherkin tag that cites a clause: ``@clause:display-format``."""


class CatalogueError(Exception):
    """A catalogue file is malformed, or a tag cites an unknown clause."""


@dataclass(frozen=True)
class Clause:
    """One normative statement.

    Attributes:
        id: Stable slug, e.g. ``display-format``; never renumbered.
        level: MUST, SHOULD or MAY.
        text: The statement, in English.
        source: Where the seed states it, e.g. ``000 계약 ¶4``.
        area: Behaviour area, groups clauses in the docs.
        profile: The profile the clause belongs to.
        checked_by: ``scenario`` (the default), or ``review`` with a reason when no
            black-box observation can decide it.
    """

    id: str
    level: Level
    text: str
    source: str
    area: str
    profile: str
    checked_by: str = "scenario"


@cache
def catalogue(profile_name: str) -> dict[str, Clause]:
    """Load a profile's clauses by id, in catalogue order.

    Raises:
        CatalogueError: Unknown profile, unreadable file, a duplicate id, a bad level.
    """
    profile = _profile(profile_name)
    return read_catalogue(profile.catalogue_path, profile.name)


def read_catalogue(path: Path, profile_name: str) -> dict[str, Clause]:
    """Load the clauses of the catalogue file ``path`` by id, in catalogue order.

    Args:
        path: A ``docs/spec/<profile>.yaml`` file, registered as a profile or not.
        profile_name: The profile its clauses are attributed to.

    Raises:
        CatalogueError: Unreadable file, a duplicate id, a bad level.
    """
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    clauses: dict[str, Clause] = {}
    for area in data["areas"]:
        for entry in area["clauses"]:
            clause = Clause(area=area["title"], profile=profile_name, **entry)
            if clause.id in clauses:
                raise CatalogueError(f"{path}: clause id {clause.id!r} twice")
            if clause.level not in LEVELS:
                raise CatalogueError(
                    f"{path}: clause {clause.id!r} has level "
                    f"{clause.level!r}, expected one of {LEVELS}"
                )
            clauses[clause.id] = clause
    return clauses


def spec_version(profile_name: str) -> str:
    """Return the ``version`` of a profile's catalogue, the spec version reports name.

    Raises:
        CatalogueError: Unknown profile, or the catalogue has no ``version``.
    """
    path = _profile(profile_name).catalogue_path
    version = yaml.safe_load(path.read_text(encoding="utf-8")).get("version")
    if version is None:
        raise CatalogueError(f"{path}: no 'version' key")
    return str(version)


def find_clause(clause_id: str) -> Clause:
    """Return the clause ``clause_id`` from any profile.

    Raises:
        CatalogueError: No profile has such a clause.
    """
    for profile in PROFILES:
        if clause_id in catalogue(profile.name):
            return catalogue(profile.name)[clause_id]
    raise CatalogueError(
        f"tag @{CLAUSE_TAG}{clause_id} cites an unknown clause; the clauses are listed in "
        "docs/spec/<profile>.yaml"
    )


def _profile(name: str) -> Profile:
    for profile in PROFILES:
        if profile.name == name:
            return profile
    raise CatalogueError(f"unknown profile {name!r}")


def render_markdown(profile_name: str) -> str:
    """Render a profile's catalogue as the Markdown page ``docs/spec/<profile>.md``."""
    profile = _profile(profile_name)
    data = yaml.safe_load(profile.catalogue_path.read_text(encoding="utf-8"))
    lines = [
        f"# {data['title']}",
        "",
        "<!-- Generated from " + profile.catalogue_path.name + " by `python -m steps.clauses`;"
        " edit the YAML, not this page. -->",
        "",
        data["introduction"].strip(),
        "",
        "Requirement levels are used as in RFC 2119. Each clause has a stable id; scenarios",
        "cite it with the tag `@clause:<id>`.",
        "",
    ]
    number = 0
    for area in data["areas"]:
        lines += [f"## {area['title']}", ""]
        for entry in area["clauses"]:
            number += 1
            review = " *(checked by review)*" if entry.get("checked_by") == "review" else ""
            lines.append(
                f"{number}. **{entry['level']}** `{entry['id']}`{review}: {entry['text'].strip()}"
                f"  \n   Source: {entry['source']}"
            )
        lines.append("")
    return "\n".join(lines)


def main() -> None:
    """Write ``docs/spec/<profile>.md`` for every profile (``python -m steps.clauses``)."""
    for profile in PROFILES:
        path = profile.catalogue_path.with_suffix(".md")
        path.write_text(render_markdown(profile.name), encoding="utf-8")
        sys.stdout.write(f"wrote {path}\n")


if __name__ == "__main__":
    main()
