"""The conversation's scroll position, read and awaited (the view's rows, not pixels)."""

from __future__ import annotations

import contextlib

from steps.app_driver import WaitTimeout
from steps.rawp_crs.driver import CrsDriver


def scroll_state(crs_driver: CrsDriver) -> tuple[float, float, int]:
    """``(scroll_y, max_scroll_y, visible height)`` of the conversation, in rows."""
    area = crs_driver.conversation
    return float(area.scroll_y), float(area.max_scroll_y), area.scrollable_content_region.height


def wait_scroll(crs_driver: CrsDriver, low: float, high: float) -> float:
    """Let the client scroll (bounded, for a condition) until ``low <= scroll_y <= high``."""
    with contextlib.suppress(WaitTimeout):  # the caller's check reports the clause
        crs_driver.wait_until(
            lambda: low <= scroll_state(crs_driver)[0] <= high, f"scroll_y in [{low}, {high}]"
        )
    return scroll_state(crs_driver)[0]
