"""The stash keys several layers of the harness share, below all of them.

A key set by one layer and read by another lives here, so neither imports the other: the
scenario's driver (set by :mod:`steps.scenario_driver`, read by the guards and the
report), the exploration's last picture (set by :mod:`steps.explore.runner`, read by the
report), the parts an exploration's sessions used (likewise) and whether the report wants
records (set by :mod:`steps.report.plugin`, read by the exploration). A key one module both
sets and reads stays in that module.
"""

from __future__ import annotations

import pytest

from steps.app_driver import AppDriver, PartRule

DRIVER_KEY = pytest.StashKey[AppDriver]()
"""The scenario's driver, on the item's stash, once its profile's fixture made it."""
PICTURE_KEY = pytest.StashKey[tuple[str | None, str | None]]()
"""A picture a scenario without a driver of its own took (the exploration's last session,
``steps.explore.runner``): ``(svg, None)`` or ``(None, note)``, as
``steps.screenshot.driver_screenshot`` returns it."""
PARTS_KEY = pytest.StashKey[set[int]]()
"""The parts of its profile a scenario used through drivers of its own, on the item's stash
(an exploration's sessions, set by ``steps.explore.runner``); its driver's own are on the
driver (``steps.app_driver.AppDriver.parts_used``)."""
PART_RULE_KEY = pytest.StashKey[PartRule]()
"""The parts a scenario of a profile claimed in parts declares and its adapter claims, on
the item's stash (set by ``steps.selection`` at collection, handed to the scenario's driver
by ``steps.scenario_driver``)."""
RECORDING_KEY = pytest.StashKey[bool]()
"""Whether this run's scenario reports need records and pictures, on ``config.stash``
(``steps.report.plugin.Settings.recording``, set when the report plugin is configured)."""
