"""Steps of ``features/rawp_crs/popup_exclusion.feature``.

The command popup and the file popup never open together.
"""

from __future__ import annotations

import pytest
from pytest_bdd import parsers, then, when

from steps.checks import check, literal, scenario_clause
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.part2.popup import (
    popup_widget,
)
from steps.rawp_crs.part3.file_popup import (
    file_opened,
    file_popup_widget,
)
from steps.rawp_crs.state import CrsState


def command_popup_open(driver: CrsDriver) -> bool:
    """Whether the slash-command popup is drawn (named by part 3's ``slash_popup_selector``)."""
    return popup_widget(driver, driver.part3) is not None


@when(parsers.parse('the user types "{text}" key by key, watching both popups'))
def types_watching(crs_driver: CrsDriver, crs_state: CrsState, text: str) -> None:
    """Type ``text`` key by key, noting after each key which popups are drawn."""
    seen = []
    for char in literal(text):
        crs_driver.type_text(char)
        seen.append(
            (
                crs_driver.input_value,
                command_popup_open(crs_driver),
                file_popup_widget(crs_driver) is not None,
            )
        )
    crs_state.files.watched = seen


@then("the two popups were never drawn together, and each was drawn on its own")
def never_both(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """At most one popup after every key (``crs-popups-exclusive``); both did open."""
    clause = "crs-popups-exclusive"
    seen = crs_state.files.watched
    both = [text for text, slash, file in seen if slash and file]
    check(not both, clause, "the screen", "at most one popup drawn", f"both after {both!r}")
    check(
        any(slash for _, slash, _ in seen) and any(file for _, _, file in seen),
        clause,
        "the screen while typing",
        "each popup drawn at some point (the text has a `/` word and an `@` word)",
        repr(seen),
    )


@then("the command popup is open and the file popup is closed")
def only_commands(crs_driver: CrsDriver, request: pytest.FixtureRequest) -> None:
    """Only the slash popup is drawn."""
    clause = scenario_clause(
        request,
        "crs-at-no-trigger-in-slash-popup",
        "crs-slash-at-is-argument",
        "crs-popups-exclusive",
    )
    check(command_popup_open(crs_driver), clause, "the screen", "the command popup", "none")
    check(
        file_popup_widget(crs_driver) is None, clause, "the screen", "no file popup", "a file popup"
    )


@then("the file popup is open and the command popup is closed")
def only_files(crs_driver: CrsDriver, crs_state: CrsState, request: pytest.FixtureRequest) -> None:
    """Only the file popup is drawn (``crs-at-slash-is-path``)."""
    clause = scenario_clause(request, "crs-at-slash-is-path", "crs-popups-exclusive")
    file_opened(crs_driver, crs_state.files, clause)
    check(
        not command_popup_open(crs_driver),
        clause,
        "the screen",
        "no command popup",
        "a command popup",
    )
