"""Steps of profile ``rawp_crs`` that start the client, type and send, and read the prompts."""

from __future__ import annotations

import pytest
from pytest_bdd import given, parsers, then, when

from steps.app_driver import key, typed
from steps.checks import check, cited_clauses, literal
from steps.rawp_crs.driver import CrsDriver

PROMPT = "control.prompt.request"
"""RAWP type name of the frame a sent message is."""


@given("the RAWP-CRS client is running")
def client_running(crs_driver: CrsDriver) -> None:
    """Start the client under test, wired to a fresh fake agent and a fixed clock."""
    crs_driver.start()


@when(parsers.parse('the user types "{text}" and presses Enter'))
def types_and_sends(crs_driver: CrsDriver, text: str) -> None:
    """Type ``text`` key by key, then press Enter."""
    crs_driver.type_text(literal(text))
    crs_driver.press("enter")


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
    keys = list(crs_driver.adapter.newline_keys)
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


@when(parsers.parse('the user pastes "{text}" and presses Enter'))
def pastes_and_sends(crs_driver: CrsDriver, text: str) -> None:
    """Paste ``text`` (one paste event), then press Enter."""
    crs_driver.paste_text(literal(text))
    crs_driver.press("enter")


@when("the user presses Enter")
def presses_enter(crs_driver: CrsDriver) -> None:
    """Press Enter."""
    crs_driver.press("enter")


@then(parsers.re(r"the client sent (?P<count>\d+) prompts?"), converters={"count": int})
def sent_prompts(crs_driver: CrsDriver, count: int) -> None:
    """The fake agent received ``count`` prompt requests (``crs-enter-sends``)."""
    sent = crs_driver.agent.sent_of(PROMPT)
    check(
        len(sent) == count,
        "crs-enter-sends" if count else "crs-blank-not-sent",
        "the prompts the agent received",
        f"{count} prompt request(s)",
        f"{len(sent)}: {[getattr(frame, 'prompt_text', frame) for frame in sent]}",
    )


@then(parsers.parse('prompt {number:d} has the text "{text}"'))
def prompt_text(
    crs_driver: CrsDriver, request: pytest.FixtureRequest, number: int, text: str
) -> None:
    """Prompt ``number`` carries exactly ``text``.

    Checks ``crs-enter-sends``; in a scenario of ``crs-typed-keys-in-order`` (editing keys
    in a burst), that clause: Enter sent what the input held, the keys built it wrong.
    """
    sent = crs_driver.agent.sent_of(PROMPT)
    seen = getattr(sent[number - 1], "prompt_text", None) if len(sent) >= number else None
    expected = literal(text)
    ordered = "crs-typed-keys-in-order" in cited_clauses(request.node)
    clause = "crs-typed-keys-in-order" if ordered else "crs-enter-sends"
    check(seen == expected, clause, f"prompt {number}", repr(expected), repr(seen))


@then(parsers.parse('the input holds "{text}"'))
def input_holds(crs_driver: CrsDriver, text: str) -> None:
    """The input's text is ``text`` (``crs-shift-enter-newline``)."""
    expected, seen = literal(text), crs_driver.input_value
    check(seen == expected, "crs-shift-enter-newline", "the input", repr(expected), repr(seen))


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
