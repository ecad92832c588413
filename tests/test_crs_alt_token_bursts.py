"""crs_alt's tokens driven as a terminal drives them: bursts and pastes (issue 15, by hand).

A terminal delivers keys read in one go as one burst, so an editing key (a Textual binding)
and the characters typed after it reach the app together; the input must apply them in the
order they were typed: Backspace, Backspace, ``Z`` deletes the token and then types ``Z``.
The token is made through the input's public API (the popup's own path is covered by the
popup's tests and scenarios).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from textual import events

from examples.crs_alt.adapter import adapter
from examples.crs_alt.token_input import TokenComposer
from steps.adapter import ScenarioContext
from steps.app_driver import key, typed
from steps.rawp_crs.contract import TokenView
from steps.rawp_crs.driver import CrsDriver


@pytest.fixture
def driver(tmp_path: Path) -> Iterator[CrsDriver]:
    """A running crs_alt client, 60x20 cells, stopped afterwards."""
    instance = CrsDriver(
        adapter,
        size=(60, 20),
        timeout=30,
        timeout_source="test",
        context=ScenarioContext("token bursts", tmp_path),
    )
    instance.start()
    try:
        yield instance
    finally:
        instance.stop()
        instance.end_scenario()


def token(driver: CrsDriver, path: str) -> None:
    """Put a token for ``path`` at the cursor, as a selection in the popup does."""
    composer = driver.app.screen.query_one(TokenComposer)
    driver.app.call_later(
        lambda: composer.insert_file_token(composer.cursor_location, composer.cursor_location, path)
    )
    driver.settle()


def shape(driver: CrsDriver) -> list[object]:
    """The input as ``str`` runs and ``[path]`` for each token."""
    return [
        f"[{part.path}]" if isinstance(part, TokenView) else part
        for part in adapter.input_tokens(driver.app)
    ]


def test_backspace_twice_then_a_letter_in_one_burst(driver: CrsDriver) -> None:
    driver.type_text("see ")
    token(driver, "a.py")
    driver.burst([key("backspace"), key("backspace"), *typed("Z")])
    assert shape(driver) == ["see Z"]
    driver.burst([key("ctrl+z"), key("ctrl+z")])  # the typing, then the deletion
    assert shape(driver) == ["see ", "[a.py]"]


def test_arrows_and_letters_in_one_burst_land_in_order(driver: CrsDriver) -> None:
    token(driver, "a.py")
    driver.burst([*typed("xy"), key("left"), key("left"), key("left"), *typed("B")])
    assert shape(driver) == ["B", "[a.py]", "xy"]
    assert adapter.cursor(driver.app) == 1


def test_a_paste_with_line_breaks_between_tokens_is_sent_escaped(driver: CrsDriver) -> None:
    token(driver, "a.py")
    driver.burst([events.Paste("\n<@x \\ \n"), *typed("now")])
    token(driver, "a.py")
    refs = [part.ref_id for part in adapter.input_tokens(driver.app) if isinstance(part, TokenView)]
    driver.press("enter")
    (sent,) = driver.agent.sent_of("control.prompt.request")
    assert sent.prompt_text == f"<@file:{refs[0]}|a.py>\n\\<@x \\\\ \nnow<@file:{refs[1]}|a.py>"
    assert [ref.ref_id for ref in sent.file_references] == refs
    assert len(set(refs)) == 2
