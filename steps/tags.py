"""Gherkin tags of the harness, turned into pytest markers.

``@clause:<id>`` becomes ``clause(<id>)`` plus the clause's level marker (``must``,
``should``, ...), ``@guard:<id>`` the same plus ``guard(<id>)`` (:data:`GUARD_TAG`),
``@scenario_timeout:<seconds>`` the ``scenario_timeout(seconds)`` marker
(:mod:`steps.watchdog`), ``@part:<n>`` the ``needs_part(n)`` marker (a part the scenario
needs beyond its clauses', :mod:`steps.selection`). Each profile's name is a marker too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from steps import watchdog
from steps.clauses import CLAUSE_TAG, GUARD_TAG, LEVELS, CatalogueError, find_clause
from steps.profiles import PROFILES

PART_TAG = "part:"
"""Prefix of the Gherkin tag naming a part a scenario needs beyond its clauses': ``@part:4``."""


def register_markers(config: pytest.Config) -> None:
    """Register the markers the tags become, and one marker per profile."""
    config.addinivalue_line("markers", "clause(id): the scenario verifies this spec clause")
    config.addinivalue_line(
        "markers", "scenario_timeout(seconds): this scenario's own bound (steps.watchdog)"
    )
    config.addinivalue_line(
        "markers", "needs_part(n): the scenario needs part n of its profile (tag @part:n)"
    )
    config.addinivalue_line(
        "markers", "guard(id): the scenario only guards this clause (tag @guard:<id>)"
    )
    for level in LEVELS:
        config.addinivalue_line(
            "markers", f"{level.lower()}: the scenario verifies a {level}-level clause"
        )
    for profile in PROFILES:
        config.addinivalue_line("markers", f"{profile.name}: scenario of profile {profile.title}")


def apply_tag(tag: str, function: Callable[..., Any]) -> bool | None:
    """Mark ``function`` for ``tag``; ``None`` for a tag that is not the harness's.

    Raises:
        steps.clauses.CatalogueError: The tag cites a clause no catalogue has, or a part
            tag has no number.
        steps.watchdog.TimeoutSettingError: A scenario_timeout tag is not a number.
    """
    if tag.startswith(watchdog.TAG):
        pytest.mark.scenario_timeout(watchdog.tag_seconds(tag))(function)
        return True
    if tag.startswith(PART_TAG):
        number = tag.removeprefix(PART_TAG)
        if not number.isdigit():
            raise CatalogueError(f"tag @{tag}: expected @{PART_TAG}<part number>, e.g. @part:4")
        pytest.mark.needs_part(int(number))(function)
        return True
    guard = tag.startswith(GUARD_TAG)
    if not tag.startswith(CLAUSE_TAG) and not guard:
        return None
    try:
        clause = find_clause(tag.removeprefix(GUARD_TAG if guard else CLAUSE_TAG))
    except CatalogueError as error:
        raise CatalogueError(f"tag @{tag}: {error}") from error
    pytest.mark.clause(clause.id)(function)
    if guard:
        pytest.mark.guard(clause.id)(function)
    getattr(pytest.mark, clause.level.lower())(function)
    return True
