"""Running an explorer from its profile's exploration scenario (exploration.feature).

The scenario's When step calls :func:`run_profile`: it builds the :class:`Harness` from the
run's settings (adapter, terminal size, scenario bound, ``--explore``, ``--explore-seed``)
and the scenario's ``tmp_path``, then runs the sessions (:func:`steps.explore.core.explore`).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from steps import audit
from steps.adapter import Adapter
from steps.explore.core import Budget, Explorer, Harness, explore
from steps.loading import adapter_spec
from steps.scenario_driver import driver_settings
from steps.stash import PARTS_KEY, PICTURE_KEY, RECORDING_KEY

BUDGET_KEY = pytest.StashKey[Budget]()
"""The run's exploration budget, resolved at configure time (steps.plugin)."""


def run_profile(
    request: pytest.FixtureRequest, machine: type[Explorer], adapter: Adapter, profile: str
) -> Harness:
    """Run ``machine``'s sessions against ``adapter`` within the run's budget.

    Raises:
        AssertionError: ``[clause-id] ...`` and the shrunk session's Pilot script.
        pytest.skip.Exception: The budget is 0 sessions (``--explore 0``).
    """
    __tracebackhide__ = True
    budget = request.config.stash[BUDGET_KEY]
    if budget.examples == 0:
        pytest.skip(f"exploration turned off: {budget.describe()}")
    size, bound, _ = driver_settings(request)
    tmp_path: Path = request.getfixturevalue("tmp_path")
    monkeypatch: pytest.MonkeyPatch = request.getfixturevalue("monkeypatch")
    data = tmp_path / "sessions"
    data.mkdir()
    harness = Harness(
        adapter=adapter,
        adapter_spec=adapter_spec(request.config, profile),
        size=size,
        timeout=bound.seconds,
        timeout_source=bound.source,
        data_dir=data,
        recorder=audit.watch(tmp_path, monkeypatch),
        pictures=request.config.stash.get(RECORDING_KEY, False),
    )
    try:
        explore(machine, harness, budget)
    finally:
        request.node.stash[PICTURE_KEY] = harness.picture
        request.node.stash[PARTS_KEY] = set(harness.parts_used)
    return harness


def check_ran(harness: Harness, request: pytest.FixtureRequest) -> None:
    """The sessions ran and took actions: an exploration that did nothing proves nothing."""
    budget = request.config.stash[BUDGET_KEY]
    assert harness.sessions >= 1 and harness.actions >= harness.sessions, (
        f"the exploration ran {harness.sessions} sessions and {harness.actions} actions; "
        f"expected at least one session with actions ({budget.describe()})"
    )
