"""Steps that start the app and act on it as a person would: type, submit, press, quit."""

from __future__ import annotations

import re

from pytest_bdd import given, parsers, then, when

from steps import audit
from steps.chat_screen.driver import Driver, WaitTimeout, key, typed
from steps.chat_screen.geometry import text_regions
from steps.chat_screen.observe import Snapshot, item_widget, snapshot
from steps.checks import check, literal, violation
from steps.screen import BLANK, describe_widget, screen_rows
from steps.verdicts import HARNESS_PREFIX, HarnessError

KEYS = {"Escape": "escape", "Ctrl+Q": "ctrl+q", "Enter": "enter"}
"""Key names as features write them -> Pilot key names."""


# -- Given ---------------------------------------------------------------------------


@given("the chat app is running")
def app_running(driver: Driver) -> None:
    """Start the implementation under test in the run's terminal (``--terminal-size``)."""
    driver.start()


@given(parsers.parse("the chat app is running in a terminal of {columns:d}x{rows:d} cells"))
def app_running_sized(driver: Driver, columns: int, rows: int) -> None:
    """Start the implementation under test in a terminal of the given size."""
    driver.size = (columns, rows)
    driver.start()


@given(parsers.parse('the standard choice will return "{response}"'))
def fix_choice(driver: Driver, response: str) -> None:
    """Fix the standard choice: every call from now on returns ``response``."""
    driver.fix_choice(literal(response))


@given("the standard choice will return each fixed response in turn")
def cycle_choice(driver: Driver) -> None:
    """Fix the standard choice so that consecutive submissions get different responses.

    Call ``n`` returns item ``n`` of the list the app passes, round the list, so a check
    that earlier items stay unchanged cannot pass because two responses happen to match.
    """
    driver.cycle_choice()


@given(parsers.parse('the user has submitted "{text}"'))
def has_submitted(driver: Driver, submissions: list[Snapshot], text: str) -> None:
    """Submit ``text`` (pasted, then Enter) as an earlier step of the conversation."""
    submit(driver, submissions, literal(text))


@given(parsers.parse("the terminal is resized to {columns:d}x{rows:d} cells"))
@when(parsers.parse("the terminal is resized to {columns:d}x{rows:d} cells"))
def resize(driver: Driver, columns: int, rows: int) -> None:
    """Resize the terminal and wait for the new layout."""
    driver.resize(columns, rows)


# -- When ----------------------------------------------------------------------------


def submit(driver: Driver, submissions: list[Snapshot], text: str) -> None:
    """Paste ``text`` into the focused input and press Enter (clause ``enter-submits``)."""
    submissions.append(snapshot(driver))
    if text:
        driver.paste_text(text)
    driver.press("enter")


@when(parsers.parse('the user submits "{text}"'))
def submits(driver: Driver, submissions: list[Snapshot], text: str) -> None:
    """Submit ``text``: one paste event into the focused input, then Enter."""
    submit(driver, submissions, literal(text))


@when(parsers.re(r'the user submits the raw value "(?P<value>.*)"', flags=re.DOTALL))
def submits_raw(driver: Driver, submissions: list[Snapshot], value: str) -> None:
    """Place ``value`` (escapes decoded, newlines allowed) in the input and press Enter."""
    submissions.append(snapshot(driver))
    driver.set_input_value(literal(value))
    driver.press("enter")


@when("the user submits these inputs in order:")
def submits_table(driver: Driver, submissions: list[Snapshot], datatable: list[list[str]]) -> None:
    """Submit each row of the one-column table ``| input |``, in order."""
    for row in datatable[1:]:
        submit(driver, submissions, literal(row[0]))


@when(parsers.parse("the user submits {count:d} numbered inputs"))
def submits_numbered(driver: Driver, submissions: list[Snapshot], count: int) -> None:
    """Submit ``입력 1`` ... ``입력 <count>``."""
    for number in range(1, count + 1):
        submit(driver, submissions, f"입력 {number}")


@when(parsers.parse('the user types "{text}" and presses Enter'))
def types_and_enters(driver: Driver, submissions: list[Snapshot], text: str) -> None:
    """Type ``text`` key by key, then press Enter."""
    submissions.append(snapshot(driver))
    driver.type_text(literal(text))
    driver.press("enter")


@when(
    "the user types these inputs in one burst, each followed by Enter:",
    target_fixture="rapid_inputs",
)
def types_burst(driver: Driver, datatable: list[list[str]]) -> list[str]:
    """Type each row of ``| input |`` key by key, then Enter, all in one burst.

    Every key is posted before the app handles the first, as a terminal delivers keys
    sent in one go (tmux ``send-keys -l one``, ``send-keys Enter``, ... chained).
    """
    texts = [literal(row[0]) for row in datatable[1:]]
    driver.burst([stroke for text in texts for stroke in (*typed(text), key("enter"))])
    return texts


@when(parsers.parse('the user types "{first}", Enter and "{second}" in one burst'))
def types_after_enter(driver: Driver, submissions: list[Snapshot], first: str, second: str) -> None:
    """Type ``first``, Enter and ``second`` in one burst.

    ``second`` arrives while the app handles the submission of ``first``; an input that
    empties itself at once keeps it (clause ``input-cleared``).
    """
    submissions.append(snapshot(driver))
    driver.burst([*typed(literal(first)), key("enter"), *typed(literal(second))])


@when(parsers.parse('the user pastes "{text}"'))
def pastes(driver: Driver, text: str) -> None:
    """Paste ``text`` into the focused input (one paste event) without submitting it."""
    driver.paste_text(literal(text))


@when("the user presses Enter")
def presses_enter(driver: Driver, submissions: list[Snapshot]) -> None:
    """Press Enter (a submission of whatever the input holds)."""
    submissions.append(snapshot(driver))
    driver.press("enter")


@when(parsers.parse("the user presses {key} to quit"))
def presses_to_quit(driver: Driver, key: str) -> None:
    """Press a quit key and wait, bounded, until the app has exited (clause ``quit-keys``)."""
    try:
        driver.quit_and_wait(KEYS[key])
    except WaitTimeout as error:
        violation("quit-keys", "the app", f"it to exit after {key}", str(error))


@when(parsers.parse("the user clicks item {number:d}"))
def clicks_item(driver: Driver, number: int) -> None:
    """Click the last character drawn for item ``number``: the end of its body.

    The body ends every item's text, so an implementation that turned the body into a
    link or an action is clicked right on it (the item's top-left cell is its border).
    """
    widget = item_widget(driver, number)
    rows = screen_rows(driver.app)
    area = driver.conversation.scrollable_content_region.intersection(driver.app.screen.region)
    region = widget.content_region.intersection(area)
    texts = text_regions(widget)  # not a marker glyph beside a composite item's body
    for y in reversed(range(region.y, region.bottom)):
        row = rows[y]
        drawn = [
            x
            for x in range(region.x, min(region.right, len(row)))
            if row[x] not in BLANK and any(text.contains(x, y) for text in texts)
        ]
        if drawn:
            driver.click(drawn[-1], y)
            return
    violation(
        "display-format",
        f"item {number} ({describe_widget(widget)})",
        "its text drawn in its visible rows, to be clicked",
        f"no glyph of its text in {region}",
    )


@when("the app is quit and a new app is started")
def restart(driver: Driver) -> None:
    """Shut the app down, then start a fresh app of the same implementation.

    The harness ends the app as the Pilot does at the end of a run (``App.exit``), not
    with a quit key: whether Escape quits is clause ``quit-keys``, not this scenario's.
    """
    driver.stop()
    driver.exit_expected = False
    driver.start()


@when("a new app is started")
def new_app(driver: Driver) -> None:
    """Start a fresh app of the same implementation, the previous one shut down first."""
    driver.stop()
    driver.exit_expected = False
    driver.start()


# -- Then ----------------------------------------------------------------------------


@then("the app has exited")
def has_exited(driver: Driver) -> None:
    """The app is no longer running (clause ``quit-keys``)."""
    check(not driver.running, "quit-keys", "the app", "it to have exited", "it still runs")


@then("the app is still running")
def still_running(driver: Driver) -> None:
    """The app has not exited (clause ``body-source``: bodies are never actions)."""
    check(driver.running, "body-source", "the app", "it to keep running", "it exited")


@then("the input is empty")
def input_empty(driver: Driver) -> None:
    """The input's value is ``""`` (clause ``input-cleared``)."""
    value = driver.input_value
    check(value == "", "input-cleared", "the input", "it to be empty", repr(value))


@then(parsers.parse('the input holds "{text}"'))
def input_holds(driver: Driver, text: str) -> None:
    """The input's value is ``text``: keys typed after Enter stay (``input-cleared``)."""
    value = driver.input_value
    expected = literal(text)
    check(value == expected, "input-cleared", "the input", f"it to hold {expected!r}", repr(value))


@then("the input has focus")
def input_focused(driver: Driver) -> None:
    """The declared input is the focused widget (clause ``input-focus``)."""
    focused = driver.app.focused
    check(
        focused is driver.input,
        "input-focus",
        "the input",
        f"it to have focus ({driver.adapter.input_selector})",
        f"focus on {focused!r}",
    )


@then("no network call was made and no process was started")
def no_external_calls(driver: Driver) -> None:
    """No network call and no process while the app ran (clause ``no-external-calls``).

    Every scenario's driver watches them through audit hooks (:mod:`steps.audit`).
    """
    outbound = watched(driver)
    check(
        not outbound.calls,
        "no-external-calls",
        "the app",
        "no network call and no process started",
        f"{len(outbound.calls)} refused: {outbound.calls[:5]}",
    )


@then("no file was written outside the scenario's temporary directory")
def no_files_written(driver: Driver) -> None:
    """Nothing was written to a file that outlives the run (clause ``no-persistence``)."""
    outbound = watched(driver)
    check(
        not outbound.writes,
        "no-persistence",
        "the app",
        f"no file written outside {outbound.scratch}",
        f"{len(outbound.writes)} refused: {outbound.writes[:5]}",
    )


def watched(driver: Driver) -> audit.Recorder:
    """The scenario's recorder of network calls, processes and file writes."""
    if driver.audit is None:
        raise HarnessError(f"{HARNESS_PREFIX}: the scenario was not watched (no driver.audit)")
    return driver.audit
