"""Steps that change what a person sees without submitting: scrolling, focus, filling the view."""

from __future__ import annotations

from pytest_bdd import when
from rich.cells import cell_len

from steps.chat_screen.driver import Driver
from steps.chat_screen.geometry import item_geometry
from steps.chat_screen.observe import LABELS
from steps.checks import violation
from steps.verdicts import HARNESS_PREFIX, HarnessError

ROW_FILL_BOUND = 80
"""Submissions :func:`fills_to_overflow` makes at most before giving up."""


@when("the user scrolls the conversation area to its top")
def scrolls_to_top(driver: Driver) -> None:
    """Scroll the conversation area to its first row, as the mouse wheel or Home would."""
    driver.conversation.scroll_home(animate=False, immediate=True)
    driver.settle()


@when("the user moves the focus away from the input")
def focus_away(driver: Driver) -> None:
    """Focus the conversation area, or nothing when it cannot take focus.

    Textual sends keys to the focused widget first, then up its ancestors to the app;
    with the focus off the input, a key bound only on the input never fires.
    """
    area = driver.conversation
    driver.app.set_focus(area if area.focusable else None)
    driver.settle()
    if driver.app.focused is driver.input:
        driver.app.set_focus(None)
        driver.settle()


@when("the user submits inputs that each fill one row of their item until the area overflows")
def fills_to_overflow(driver: Driver) -> None:
    """Submit inputs until the conversation first overflows; each later one fills one row.

    A first input as long as the area is wide wraps, and its widest drawn row gives
    the item's row width in cells; every later input is as long as makes its item's
    text (label included) exactly that wide. Submissions stop at the first one after
    which the content is taller than the area, so that submission is the last: the first
    itself, where a client's items (a frame, padding) already overflow the area. A
    scrollbar that only appears then narrows the rows: each later item wraps onto two.

    Raises:
        AssertionError: The area did not overflow within :data:`ROW_FILL_BOUND` inputs.
    """
    area = driver.conversation
    driver.paste_text("x" * area.scrollable_content_region.width)
    driver.press("enter")
    if area.max_scroll_y > 0:  # items taller than one row: the first submission overflows
        return
    try:
        geometry = item_geometry(driver.app, driver.items()[-2], area)
    except AssertionError as error:  # the item of the submission just made is not drawn
        violation(
            "scroll-to-end",
            "the conversation area",
            "the first submission's items drawn in it (the area does not overflow yet)",
            str(error),
        )
    width = max(right - left + 1 for left, right in geometry.spans)
    for number in range(1, ROW_FILL_BOUND + 1):
        if area.max_scroll_y > 0:
            return
        head = f"{number:02d} "
        driver.paste_text(head + "=" * (width - cell_len(f"{LABELS['user']}: {head}")))
        driver.press("enter")
    raise HarnessError(
        f"{HARNESS_PREFIX}: precondition not met, the conversation did not overflow after "
        f"{ROW_FILL_BOUND} inputs, so scrolling cannot be checked"
    )
