"""Steps of ``features/rawp_crs/exploration.feature``: run the explorers, check they ran.

The explorers (the Hypothesis state machines, their rules and invariants) are in
:mod:`steps.rawp_crs.explorer`; the engine is the core's :mod:`steps.explore`.
"""

from __future__ import annotations

import pytest
from pytest_bdd import parsers, then, when

from steps.explore.core import Harness
from steps.explore.runner import check_ran, run_profile
from steps.rawp_crs.contract import RawpCrsAdapter
from steps.rawp_crs.explorer import CrsExplorer, CrsPart1Explorer


@when("the explorer runs its sessions against the RAWP-CRS client", target_fixture="explored")
def explore_crs(request: pytest.FixtureRequest, crs_adapter: RawpCrsAdapter) -> Harness:
    """Run the part-1 exploration (``--explore``, ``--explore-seed``); fail on a broken one."""
    __tracebackhide__ = True
    return run_profile(request, CrsPart1Explorer, crs_adapter, "rawp_crs")


@when(
    "the explorer runs its sessions with popups, interaction requests and reopening "
    "against the RAWP-CRS client",
    target_fixture="explored",
)
def explore_crs_parts(request: pytest.FixtureRequest, crs_adapter: RawpCrsAdapter) -> Harness:
    """Run the exploration of parts 1 to 4; fail on a broken invariant."""
    __tracebackhide__ = True
    return run_profile(request, CrsExplorer, crs_adapter, "rawp_crs")


@then(parsers.parse("every invariant held after every action of every session"))
def explored_ok(explored: Harness, request: pytest.FixtureRequest) -> None:
    """The sessions ran (the budget is not zero) and no invariant broke (the When step)."""
    check_ran(explored, request)
