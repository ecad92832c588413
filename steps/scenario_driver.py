"""One driver per scenario, for any profile: settings, data directory, teardown, leaks.

Each profile's ``driver`` fixture (``steps/<profile>/fixtures.py``) calls
:func:`scenario_driver` with its own :class:`~steps.app_driver.AppDriver` subclass and
adapter; everything around the driver is the same for every profile and lives here: the
run's terminal size and scenario bound, a fresh data directory in ``tmp_path``, the audit
of network, processes and writes (:mod:`steps.audit`), the item's
:data:`~steps.stash.DRIVER_KEY`, the
bounded stop and the leak check at teardown.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest

from steps import audit, terminal, watchdog
from steps.adapter import Adapter, ScenarioContext
from steps.app_driver import AppDriver
from steps.bdd_private import example_context, template_of
from steps.stash import DRIVER_KEY, PART_RULE_KEY, PARTS_KEY
from steps.verdicts import ImplementationError

D = TypeVar("D", bound=AppDriver)


def scenario_data_dir(tmp_path: Path) -> Path:
    """A fresh, empty ``data`` directory inside the scenario's ``tmp_path``."""
    data = tmp_path / "data"
    data.mkdir()
    return data


def driver_settings(
    request: pytest.FixtureRequest,
) -> tuple[tuple[int, int], watchdog.TimeoutSetting, str]:
    """What every profile's driver fixture needs: terminal size, bound and scenario name."""
    config = request.config
    marker = request.node.get_closest_marker("scenario_timeout")
    bound = watchdog.for_scenario(config.stash[watchdog.TIMEOUT_KEY], marker and marker.args[0])
    return config.stash[terminal.SIZE_KEY].cells, bound, _scenario_name(request.node)


def scenario_driver(
    request: pytest.FixtureRequest,
    make: Callable[..., D],
    adapter: Adapter,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[D]:
    """Yield a driver for this scenario; a Given step starts its app.

    The driver is ``make(adapter, size=..., timeout=..., timeout_source=..., context=...)``;
    its :class:`~steps.adapter.ScenarioContext` holds a fresh directory inside ``tmp_path``.
    While the driver runs the app, network calls, processes and file writes outside
    ``tmp_path`` are refused and recorded (:mod:`steps.audit`). Always stopped afterwards,
    within a bound, and the adapter's ``end_scenario`` called; then nothing of the scenario
    may be left (choice spy, event loop, task, thread).

    Raises:
        ImplementationError: Something of the scenario outlived it, or the adapter's
            ``end_scenario`` raised (at teardown).
    """
    size, bound, name = driver_settings(request)
    context = ScenarioContext(name, scenario_data_dir(tmp_path))
    instance = make(
        adapter, size=size, timeout=bound.seconds, timeout_source=bound.source, context=context
    )
    instance.audit = audit.watch(tmp_path, monkeypatch)
    instance.part_rule = request.node.stash.get(PART_RULE_KEY, None)
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


def disarm(item: pytest.Item) -> None:
    """Disarm the watchdog of ``item``'s driver, if it has one: teardown has its own bounds."""
    instance = item.stash.get(DRIVER_KEY, None)
    if instance is not None:
        instance.watchdog.disarm()


def parts_used(item: pytest.Item) -> list[int]:
    """The parts of its profile the scenario ``item`` used so far, sorted.

    What its driver recorded (:attr:`~steps.app_driver.AppDriver.parts_used`) and, for a
    scenario that runs drivers of its own (an exploration's sessions), what they recorded
    (:data:`~steps.stash.PARTS_KEY`); empty for a profile not claimed in parts.
    """
    sessions: set[int] = item.stash.get(PARTS_KEY, set())
    found = set(sessions)
    driver = item.stash.get(DRIVER_KEY, None)
    if driver is not None:
        found |= driver.parts_used
    return sorted(found)


def mark_parts(item: pytest.Item, report: pytest.TestReport) -> None:
    """Give ``report`` the user property ``parts_used``: :func:`parts_used`, when any."""
    used = parts_used(item)
    if used:
        report.user_properties.append(("parts_used", used))


def release(item: pytest.Item) -> None:
    """Drop ``item``'s driver once the scenario is reported (``pytest_runtest_protocol``).

    The item lives until the session ends; kept on its stash, every scenario's driver and
    stopped app would stay in memory, and each full collection of Python's garbage
    collector would walk them all again (a third of a long run's CPU before this).
    """
    if DRIVER_KEY in item.stash:
        del item.stash[DRIVER_KEY]


def _scenario_name(item: pytest.Item) -> str:
    """The scenario's name, an outline's example values filled in; else the test's name."""
    template = template_of(item)
    if template is None:
        return item.name
    context = example_context(item)
    return template.render(context).name if context else template.name
