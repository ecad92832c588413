"""Steps of ``features/rawp_crs/workspace_selection.feature``.

Choosing the working directory.
"""

from __future__ import annotations

import re

import pytest
from pytest_bdd import given, parsers, then, when

from steps.app_driver import key, typed
from steps.checks import check, literal
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.part5.browser import browser_clause, click_widget
from steps.rawp_crs.part5.browser_view import (
    area_text,
    box_text,
    select_button_selector,
)


@given("the agent allows no directory")
def allows_none(crs_driver: CrsDriver) -> None:
    """``allowed_directories`` is an empty list (``crs-fb-empty-state``)."""
    crs_driver.agent.allowed = []


@given("the agent sets no directory restriction")
def unrestricted(crs_driver: CrsDriver) -> None:
    """``allowed_directories`` is not set (``crs-fb-unrestricted-root``)."""
    crs_driver.agent.allowed = None


@given("the agent holds back its allowed directories")
@when("the agent holds back its allowed directories")
def hold_allowed(crs_driver: CrsDriver) -> None:
    """Park ``allowed_directories`` calls: the agent answers late (``crs-fb-manual-prevalidate``).

    The scenario, not a wall clock, says how late: the answer arrives at the release step.
    """
    crs_driver.agent.hold("allowed")


@when("the agent releases its allowed directories")
def release_allowed(crs_driver: CrsDriver) -> None:
    """Answer the parked ``allowed_directories`` calls now."""

    async def answer() -> None:
        crs_driver.agent.release("allowed")

    crs_driver.run(answer(), "releasing the allowed directories")
    crs_driver.settle()


@when("the user clicks the select button")
def click_select(crs_driver: CrsDriver) -> None:
    """Click `선택` (``crs-fb-click-select-confirm``)."""
    click_widget(crs_driver, select_button_selector(crs_driver))


@then(parsers.parse('the tree area shows "{message}" and a hint besides it'))
def area_hint(crs_driver: CrsDriver, message: str) -> None:
    """The empty-state message and a hint towards the manual field (``crs-fb-empty-state``)."""
    seen = area_text(crs_driver)
    rest = seen.replace(literal(message), "")
    check(
        literal(message) in seen and re.search(r"\w", rest) is not None,
        "crs-fb-empty-state",
        "the tree area",
        f"{message!r} and a hint to the manual field",
        repr(seen),
    )


@then(parsers.parse('the dialog shows the warning "{text}"'))
def dialog_warning(crs_driver: CrsDriver, text: str) -> None:
    """The manual field's inline warning (``crs-fb-manual-out-of-range``)."""
    seen = box_text(crs_driver)
    check(
        literal(text) in seen,
        "crs-fb-manual-out-of-range",
        "the dialog",
        repr(literal(text)),
        repr(seen),
    )


@then(parsers.parse('the dialog does not show "{text}"'))
def no_warning(crs_driver: CrsDriver, request: pytest.FixtureRequest, text: str) -> None:
    """``text`` is not drawn in the dialog."""
    seen = box_text(crs_driver)
    check(
        literal(text) not in seen, browser_clause(request), "the dialog", f"no {text!r}", repr(seen)
    )


@then("the select button is disabled")
def select_disabled(crs_driver: CrsDriver) -> None:
    """`선택` is disabled (``crs-fb-manual-out-of-range``)."""
    button = crs_driver.query_one(select_button_selector(crs_driver))
    check(button.disabled, "crs-fb-manual-out-of-range", "the select button", "disabled", "enabled")


@when(parsers.parse('the user presses Tab and types "{text}" in one burst'))
def tab_then_type_burst(crs_driver: CrsDriver, text: str) -> None:
    """Deliver Tab and the keys of ``text`` at once, as a fast hand's terminal sends them."""
    crs_driver.burst([key("tab"), *typed(literal(text))], f"Tab and {text!r} in one burst")
