"""Fixtures of profile ``rawp_crs``: its adapter, and per scenario a driver and a state.

The driver (:class:`CrsDriver`) runs the client; the state (:class:`CrsState`) is what the
steps hand on to later steps.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from steps.loading import adapter_for
from steps.rawp_crs.contract import RawpCrsAdapter
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.state import CrsState
from steps.rawp_crs.support.held_timers import HeldTimers
from steps.scenario_driver import scenario_driver

PROFILE = "rawp_crs"


@pytest.fixture
def crs_adapter(pytestconfig: pytest.Config) -> RawpCrsAdapter:
    """The adapter that implements profile ``rawp_crs`` in this run."""
    found = adapter_for(pytestconfig, PROFILE)
    assert isinstance(found, RawpCrsAdapter)
    return found


@pytest.fixture
def crs_driver(
    request: pytest.FixtureRequest,
    crs_adapter: RawpCrsAdapter,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[CrsDriver]:
    """A driver for this scenario, its fake agent and clock; a Given step starts the client.

    Built, audited and torn down by :func:`steps.scenario_driver.scenario_driver`, as
    every profile's driver is.

    Raises:
        ImplementationError: Something of the scenario outlived it (at teardown).
    """
    yield from scenario_driver(request, CrsDriver, crs_adapter, tmp_path, monkeypatch)


@pytest.fixture
def crs_state(monkeypatch: pytest.MonkeyPatch) -> Iterator[CrsState]:
    """What this scenario's steps hand on to later ones (:class:`CrsState`), fresh.

    At teardown its held timers are released (each timer still waiting wakes) before
    ``monkeypatch`` gives Textual's timers their clock back.
    """
    state = CrsState(timers=HeldTimers(monkeypatch))
    yield state
    state.timers.release()
