"""What-if plugin for benchmark 1: the driver without its extra settles (not used by tests).

``Driver.press`` waits for the app to be idle again after ``Pilot.press``, which already
waits for the screen to process the keys, and ``Driver.set_input_value`` waits after a
synchronous assignment. Loaded with ``-p benchmarks.lean_driver`` (``python -m benchmarks
--what-if-lean-driver``), this plugin replaces both with versions that do not, so that the
cost of those waits can be measured. It changes nothing unless loaded.
"""

from __future__ import annotations

from steps.driver import Driver


def lean_press(self: Driver, *keys: str) -> None:
    """Press keys; ``Pilot.press`` returns once the screen has processed them."""
    self.run(self.pilot.press(*keys))


def lean_set_input_value(self: Driver, value: str) -> None:
    """Assign the input's value (synchronous; the following Enter is queued after it)."""
    self.input.value = value


Driver.press = lean_press  # type: ignore[method-assign]
Driver.set_input_value = lean_set_input_value  # type: ignore[method-assign]
