"""Fixtures of profile ``chat_screen``: its adapter, its driver, the smoke check, snapshots.

The snapshots are those taken before each submission of a scenario (``submissions``).
Registered by the profile's plugin (``steps/chat_screen/plugin.py``). The driver is built
by the core's :func:`steps.scenario_driver.scenario_driver`, as every profile's is.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from steps import watchdog
from steps.adapter import Adapter
from steps.chat_screen.contract import ChatScreenAdapter
from steps.chat_screen.driver import Driver
from steps.chat_screen.observe import Snapshot
from steps.chat_screen.smoke import smoke_check
from steps.loading import ADAPTER_KEY, ADAPTERS_KEY, SPEC_KEY
from steps.profiles import PROFILES
from steps.scenario_driver import scenario_driver

PROFILE = "chat_screen"
SMOKE_KEY = pytest.StashKey[str]()
"""Why the smoke check was inconclusive, when it was (for the report header)."""


@pytest.fixture(scope="session")
def adapter(pytestconfig: pytest.Config) -> Adapter:
    """The adapter of profile ``chat_screen``'s implementation under test."""
    return pytestconfig.stash[ADAPTERS_KEY].get(PROFILE, pytestconfig.stash[ADAPTER_KEY])


@pytest.fixture
def driver(
    request: pytest.FixtureRequest,
    adapter: ChatScreenAdapter,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[Driver]:
    """A driver for this scenario; a Given step starts its app.

    Built, audited and torn down by :func:`steps.scenario_driver.scenario_driver`.

    Raises:
        ImplementationError: Something of the scenario outlived it, or the adapter's
            ``end_scenario`` raised (at teardown).
    """
    yield from scenario_driver(request, Driver, adapter, tmp_path, monkeypatch)


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session: pytest.Session) -> None:
    """Run the smoke check (``steps.chat_screen.smoke``) once, before any scenario.

    Skipped in xdist workers (the controller runs it), with ``--collect-only``, and when
    no argument of the run reaches the features of a profile the adapter claims.

    Raises:
        pytest.UsageError: The adapter is miswired; the message lists each problem.
    """
    config = session.config
    adapter = config.stash[ADAPTERS_KEY].get(PROFILE, config.stash[ADAPTER_KEY])
    if hasattr(config, "workerinput") or config.option.collectonly:
        return
    if not isinstance(adapter, ChatScreenAdapter) or not _runs_features(config, adapter):
        return
    result = smoke_check(adapter, config.stash[watchdog.TIMEOUT_KEY])
    if result.note is not None:
        config.stash[SMOKE_KEY] = result.note
    if result.problems:
        spec = config.stash[SPEC_KEY]
        listed = "".join(f"\n  - {problem}" for problem in result.problems)
        raise pytest.UsageError(
            f"adapter {adapter.name!r} ({spec.spec}, from {spec.source}) failed the smoke "
            f"check, so no scenario was run:{listed}\n"
            "Fix these members of the adapter (steps/chat_screen/contract.py documents each "
            "one) and run again."
        )


def pytest_report_header(config: pytest.Config) -> list[str]:
    """Say when the smoke check was inconclusive (the app did not start, ...)."""
    if SMOKE_KEY in config.stash:
        return [f"smoke check inconclusive: {config.stash[SMOKE_KEY]}"]
    return []


def _runs_features(config: pytest.Config, adapter: Adapter) -> bool:
    """Whether an argument of the run is, holds or lies in a claimed profile's features."""
    root = Path(config.invocation_params.dir)
    folders = [profile.features_dir for profile in PROFILES if profile.name in adapter.profiles]
    for arg in config.args:
        path = (root / arg.split("::", 1)[0]).resolve()
        if any(path.is_relative_to(folder) or folder.is_relative_to(path) for folder in folders):
            return True
    return False


@pytest.fixture
def submissions() -> list[Snapshot]:
    """Snapshots taken just before each submission of the scenario, in order."""
    return []
