"""Steps of ``features/rawp_crs/sending.feature``.

Enter sends the message; a newline key adds a line; blank input is never sent.
"""

from __future__ import annotations

from pytest_bdd import parsers, then, when

from steps.app_driver import key, typed
from steps.checks import check, literal
from steps.rawp_crs.driver import CrsDriver


@when(parsers.parse('the user types "{first}" Enter "{second}" Enter in one burst'))
def types_burst(crs_driver: CrsDriver, first: str, second: str) -> None:
    """Type both prompts, each followed by Enter, in one burst (keys queued at once)."""
    strokes = [*typed(literal(first)), key("enter"), *typed(literal(second)), key("enter")]
    crs_driver.burst(strokes)


@when(
    parsers.parse('the user types "{first}", presses the newline key {which} and types "{second}"')
)
def types_lines(crs_driver: CrsDriver, first: str, which: str, second: str) -> None:
    """Type ``first``, press the adapter's first or second newline key, type ``second``."""
    keys = list(crs_driver.part1.newline_keys)
    index = {"first": 0, "second": 1}[which]
    check(
        len(keys) > index,
        "crs-shift-enter-newline",
        "the adapter's newline_keys",
        "Shift+Enter and a second key every terminal reports",
        repr(keys),
    )
    crs_driver.type_text(literal(first))
    crs_driver.press(keys[index])
    crs_driver.type_text(literal(second))


@then("the input is empty")
def input_empty(crs_driver: CrsDriver) -> None:
    """The input is empty after sending (``crs-enter-sends``)."""
    seen = crs_driver.input_value
    check(seen == "", "crs-enter-sends", "the input", "it to be empty after sending", repr(seen))


@then("the conversation shows no user message")
def no_user_message(crs_driver: CrsDriver) -> None:
    """No item of the user's (``crs-blank-not-sent``)."""
    users = [view for view in crs_driver.items() if view.actor == "user"]
    check(not users, "crs-blank-not-sent", "the conversation", "no user item", f"{len(users)}")
