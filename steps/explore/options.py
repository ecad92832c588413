"""The exploration's settings: ``--explore N``, ``--explore-seed S``, ``--explore-shrink SECONDS``.

Registered and resolved like every setting of the harness (:mod:`steps.settings`); the
budget is read by :func:`steps.explore.core.resolve_budget` and kept in
:data:`steps.explore.runner.BUDGET_KEY`.
"""

from __future__ import annotations

import pytest

from steps.explore.core import (
    DEFAULT_EXAMPLES,
    DEFAULT_SEED,
    EXAMPLES,
    SEED,
    SETTINGS,
    SHRINK,
    SHRINK_SECONDS,
    resolve_budget,
)
from steps.explore.runner import BUDGET_KEY
from steps.settings import environ


def add_options(parser: pytest.Parser) -> None:
    """Register ``--explore``, ``--explore-seed``, ``--explore-shrink`` and their ini keys."""
    EXAMPLES.add_to(
        parser,
        metavar="N",
        help="sessions the exploration runs per profile (exploration.feature; falls back to "
        f"${EXAMPLES.env_var}, then the {EXAMPLES.ini_key} ini key, then "
        f"{DEFAULT_EXAMPLES}; 0 turns it off)",
        ini_help="exploration sessions per profile",
    )
    SEED.add_to(
        parser,
        metavar="S",
        help="the exploration's seed (falls back to "
        f"${SEED.env_var}, then the {SEED.ini_key} ini key, then {DEFAULT_SEED})",
        ini_help="the exploration's seed",
    )
    SHRINK.add_to(
        parser,
        metavar="SECONDS",
        help="seconds Hypothesis may spend shrinking a failing exploration session to the "
        f"shortest that still fails (falls back to ${SHRINK.env_var}, then the "
        f"{SHRINK.ini_key} ini key, then {SHRINK_SECONDS}; 0 reports the failing session "
        "as generated: the same verdict, sooner, with a longer reproducer)",
        ini_help="seconds to shrink a failing exploration session",
    )


def configure(config: pytest.Config) -> None:
    """Resolve the run's exploration budget into :data:`~steps.explore.runner.BUDGET_KEY`.

    Raises:
        steps.explore.core.ExploreSettingError: A value is not a whole number; names its
            source.
    """
    (examples, examples_ini), (seed, seed_ini), (shrink, shrink_ini) = (
        setting.given(config) for setting in SETTINGS
    )
    config.stash[BUDGET_KEY] = resolve_budget(
        (examples, seed, shrink), (examples_ini, seed_ini, shrink_ini), environ()
    )
