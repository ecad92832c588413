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

BUDGET_KEY = pytest.StashKey[Budget]()
"""The run's exploration budget, resolved at configure time (steps.plugin)."""


def adapter_spec(config: pytest.Config, profile: str) -> str:
    """How a reproducer imports the adapter of ``profile`` (``package.module:attr``)."""
    from steps.loading import SPEC_KEY
    from steps.profiles import profile_named as _profile

    spec = config.stash[SPEC_KEY]
    return _profile(profile).reference_adapter if spec.is_default else spec.spec


def run_profile(
    request: pytest.FixtureRequest, machine: type[Explorer], adapter: Adapter, profile: str
) -> Harness:
    """Run ``machine``'s sessions against ``adapter`` within the run's budget.

    Raises:
        AssertionError: ``[clause-id] ...`` and the shrunk session's Pilot script.
        pytest.skip.Exception: The budget is 0 sessions (``--explore 0``).
    """
    __tracebackhide__ = True
    from steps.report.capture import PICTURE_KEY
    from steps.report.plugin import SETTINGS_KEY
    from steps.scenario_driver import driver_settings

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
        pictures=request.config.stash[SETTINGS_KEY].recording,
    )
    try:
        explore(machine, harness, budget)
    finally:
        request.node.stash[PICTURE_KEY] = harness.picture
    return harness


def check_ran(harness: Harness, request: pytest.FixtureRequest) -> None:
    """The sessions ran and took actions: an exploration that did nothing proves nothing."""
    budget = request.config.stash[BUDGET_KEY]
    assert harness.sessions >= 1 and harness.actions >= harness.sessions, (
        f"the exploration ran {harness.sessions} sessions and {harness.actions} actions; "
        f"expected at least one session with actions ({budget.describe()})"
    )
