"""Fixtures of profile ``rawp_crs``: its adapter and a :class:`CrsDriver` per scenario."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from steps.adapter import RawpCrsAdapter, ScenarioContext
from steps.rawp_crs.driver import CrsDriver
from steps.verdicts import ImplementationError

PROFILE = "rawp_crs"


@pytest.fixture
def crs_adapter(pytestconfig: pytest.Config) -> RawpCrsAdapter:
    """The adapter that implements profile ``rawp_crs`` in this run."""
    from steps.plugin import adapter_for  # the plugin registers this module

    found = adapter_for(pytestconfig, PROFILE)
    assert isinstance(found, RawpCrsAdapter)
    return found


@pytest.fixture
def crs_driver(
    request: pytest.FixtureRequest,
    crs_adapter: RawpCrsAdapter,
    pytestconfig: pytest.Config,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[CrsDriver]:
    """A driver for this scenario, its fake agent and clock; a Given step starts the client.

    Always stopped afterwards, within a bound; then nothing of the scenario may be left.

    Raises:
        ImplementationError: Something of the scenario outlived it (at teardown).
    """
    from steps.plugin import DRIVER_KEY, driver_settings

    size, bound, name = driver_settings(request)
    context = ScenarioContext(name, tmp_path_factory.mktemp("scenario", numbered=True))
    instance = CrsDriver(
        crs_adapter, size=size, timeout=bound.seconds, timeout_source=bound.source, context=context
    )
    request.node.stash[DRIVER_KEY] = instance
    try:
        yield instance
    finally:
        try:
            instance.stop()
        finally:
            instance.end_scenario()
    leaks = instance.leaks()
    if leaks:
        raise ImplementationError("the scenario left things behind: " + "; ".join(leaks))
