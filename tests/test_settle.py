"""``Driver.settle``: after it returns, the work an action started is done and drawn.

The settle waits for message rounds, not for a CPU-idle slice; it then makes the screen
do the layout it still owes at once. Without that, an action that no ``Pilot.press``
follows (a burst of submissions) leaves the new items mounted but not laid out until
Textual's next refresh tick.
"""

from __future__ import annotations

from reference_app.conformance import adapter
from steps.chat_screen.driver import Driver


def test_after_a_burst_of_submissions_the_new_items_are_laid_out_and_shown() -> None:
    driver = Driver(adapter)
    driver.start()
    try:
        driver.submit_rapidly(["하나", "둘"])  # ends with a settle, and no Pilot call after it

        items = driver.items()
        assert len(items) == 4
        assert all(item.region.height > 0 for item in items), [i.region for i in items]
        area = driver.conversation
        assert items[-1].region.bottom <= area.content_region.bottom
    finally:
        driver.stop()
