"""Which scenarios run: ``--clause`` selection and the profiles (and parts) claimed.

Each scenario is marked with its profile. A scenario of a profile the adapter does not
claim, or citing a clause of a part it does not claim, is skipped as "not claimed"
(:mod:`steps.profiles`). With ``--clause``, every scenario citing none of the given
clauses is deselected.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from steps.adapter import Adapter
from steps.app_driver import PartRule
from steps.checks import cited_clauses
from steps.clauses import CatalogueError, find_clause
from steps.loading import ADAPTER_KEY, ADAPTERS_KEY
from steps.profiles import Profile, profile_of
from steps.settings import GROUP
from steps.stash import PART_RULE_KEY


def add_options(parser: pytest.Parser) -> None:
    """Register ``--clause`` (repeatable)."""
    parser.getgroup(*GROUP).addoption(
        "--clause",
        action="append",
        default=[],
        metavar="ID",
        help="run only the scenarios citing this clause (repeatable; ids as in "
        "docs/spec/<profile>.md)",
    )


def configure(config: pytest.Config) -> None:
    """Check every ``--clause`` id against the catalogues.

    Raises:
        steps.clauses.CatalogueError: An id no catalogue has, prefixed ``--clause <id>:``.
    """
    for clause_id in config.getoption("clause"):
        try:
            find_clause(clause_id)
        except CatalogueError as error:
            raise CatalogueError(f"--clause {clause_id}: {error}") from error


def header_lines(config: pytest.Config) -> list[str]:
    """The selection line of the report header, when ``--clause`` was given."""
    selected = config.getoption("clause")
    if not selected:
        return []
    return [f"selection: only the scenarios citing --clause {', '.join(selected)}"]


def select(config: pytest.Config, items: list[pytest.Item]) -> None:
    """With ``--clause``, deselect every scenario citing none of the given clauses."""
    wanted = set(config.getoption("clause"))
    if not wanted:
        return
    citing = {item.nodeid for item in items if wanted & set(cited_clauses(item))}
    dropped = [item for item in items if item.nodeid not in citing]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = [item for item in items if item.nodeid in citing]


def mark_profiles(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark each scenario with its profile; skip profiles and parts the adapter does not claim."""
    adapter = config.stash[ADAPTER_KEY]
    adapters = config.stash[ADAPTERS_KEY]
    profiles: dict[Path, Profile | None] = {}  # one lookup per test module, not per scenario
    parts: dict[str, int | None] = {}  # the part of each clause cited, looked up once
    for item in items:
        path = Path(item.path)
        if path not in profiles:
            profiles[path] = profile_of(path)
        profile = profiles[path]
        if profile is None:
            continue
        item.add_marker(getattr(pytest.mark, profile.name))
        if profile.name not in adapters:
            item.add_marker(
                pytest.mark.skip(
                    reason=f"not claimed: adapter {adapter.name!r} does not claim "
                    f"profile {profile.name!r}"
                )
            )
        elif profile.parts:
            _skip_unclaimed_parts(item, profile, adapters[profile.name], parts)


def _skip_unclaimed_parts(
    item: pytest.Item, profile: Profile, adapter: Adapter, parts: dict[str, int | None]
) -> None:
    """Skip ``item`` as "not claimed" when a clause it cites is of a part not claimed.

    A scenario needs the part of every clause it cites (the catalogue's ``part``), and each
    part its ``@part:<n>`` tags name: what it uses beyond its clauses (a stored
    conversation is part 4's lazy loading, a token part 3's). ``parts`` caches the part
    of each clause id across the items of one collection.
    """
    claimed = {part.number for part in profile.claimed_parts(adapter)}
    cited = cited_clauses(item)
    for clause_id in cited:
        if clause_id not in parts:
            parts[clause_id] = find_clause(clause_id).part
    needed = {parts[clause_id] for clause_id in cited}
    needed |= {int(mark.args[0]) for mark in item.iter_markers("needs_part")}
    used = {part for part in needed if part is not None} | {profile.parts[0].number}
    item.stash[PART_RULE_KEY] = PartRule(  # the first part, the core, every claim includes
        profile.name,
        adapter.name,
        frozenset(used),
        frozenset(claimed),
        {part.number: part.title for part in profile.parts},
    )
    unclaimed = [part for part in profile.parts if part.number in needed - claimed]
    if unclaimed:
        item.add_marker(
            pytest.mark.skip(
                reason=f"not claimed: adapter {adapter.name!r} claims parts "
                f"{', '.join(map(str, sorted(claimed)))} of profile {profile.name!r}; this "
                f"scenario needs {'; '.join(part.describe(profile.name) for part in unclaimed)}"
            )
        )
