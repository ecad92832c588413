"""Fixtures of profile ``rawp_crs``: its adapter and a :class:`CrsDriver` per scenario."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from steps.loading import adapter_for
from steps.rawp_crs.contract import RawpCrsAdapter
from steps.rawp_crs.driver import CrsDriver
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
