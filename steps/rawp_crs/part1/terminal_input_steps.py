"""Steps of ``features/rawp_crs/terminal_input.feature``.

What the terminal sends reaches the input as the person typed or pasted it.
"""

from __future__ import annotations

import re

import pytest
from pytest_bdd import given, parsers, then, when

from steps.checks import check, literal, scenario_clause
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.support.turns import PROMPT
from steps.screen import drawn_rows
from steps.terminal_input import key_bytes, typing_bytes

RAW_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")
"""A C0 or C1 control character, or DEL: never drawn raw (it would act on the terminal)."""


ENCODINGS = {
    "Ctrl+J": key_bytes("ctrl+j"),
    "Shift+Enter (kitty keyboard protocol)": key_bytes("shift+enter", 0),
    "Shift+Enter (xterm modifyOtherKeys)": key_bytes("shift+enter", 1),
}
"""The bytes of a line-break key, by the name a feature gives it."""


@given(parsers.parse('the user has typed, as a terminal sends it, "{text}"'))
@when(parsers.parse('the user types, as a terminal sends it, "{text}"'))
def types_as_terminal(crs_driver: CrsDriver, text: str) -> None:
    """Send the UTF-8 bytes of ``text`` through the client's terminal input parser."""
    crs_driver.type_as_terminal(literal(text))


@when(parsers.parse('the user types, as a terminal sends it, "{text}" and presses Enter'))
def types_as_terminal_and_sends(crs_driver: CrsDriver, text: str) -> None:
    """Type ``text`` and a carriage return (Enter), as a terminal sends them."""
    crs_driver.feed_terminal(typing_bytes(literal(text)) + key_bytes("enter"), "typing, Enter")


@when(
    parsers.parse(
        'the user types, as a terminal sends it, "{first}", {name} and "{second}" in one go'
    )
)
def types_lines_as_terminal(crs_driver: CrsDriver, first: str, name: str, second: str) -> None:
    """Type ``first``, the line-break key ``name`` (:data:`ENCODINGS`), ``second``: one read."""
    data = typing_bytes(literal(first)) + ENCODINGS[name] + typing_bytes(literal(second))
    crs_driver.feed_terminal(data, f"typing with {name}")


@when(parsers.parse('the user pastes, as a terminal sends it, "{text}"'))
def pastes_as_terminal(crs_driver: CrsDriver, text: str) -> None:
    """Paste ``text`` as a bracketed paste, escape sequences and control bytes included.

    A paste whose bytes act as keys may quit the client (a Ctrl+Q byte): ``the client has
    not quit`` judges that, so the liveness guard does not turn it into an error.
    """
    crs_driver.exit_expected = True
    crs_driver.paste_as_terminal(literal(text))


@then("the client has not quit")
def not_quit(crs_driver: CrsDriver, request: pytest.FixtureRequest) -> None:
    """The client neither exited nor crashed: nothing typed or pasted quit it."""
    clause = scenario_clause(
        request, "crs-typed-text-kept", "crs-input-plain-text", "crs-enter-sends"
    )
    crash = crs_driver.crash
    check(
        crs_driver.running and crash is None,
        clause,
        "the client",
        "it to keep running",
        f"crashed: {crash!r}" if crash else "it exited",
    )
    crs_driver.exit_expected = False


@then(parsers.parse('the input draws "{shown}" and no raw control character'))
def input_draws(crs_driver: CrsDriver, request: pytest.FixtureRequest, shown: str) -> None:
    """The input's cells show ``shown`` in one row, and no cell holds a control character.

    An escape sequence in the input is drawn visibly (a picture of ``ESC``, ``^[``, or any
    other drawable stand-in the client chooses); ``shown`` is the printable part a reader
    sees whatever the stand-in (``[5~BBB``).
    """
    clause = scenario_clause(request, "crs-typed-text-kept", "crs-input-plain-text")
    rows = drawn_rows(crs_driver.input)
    joined = "".join(row.rstrip() for row in rows)
    check(
        literal(shown) in joined,
        clause,
        "the input's cells",
        f"{literal(shown)!r}, drawn",
        repr(rows),
    )
    raw = sorted({char for row in rows for char in row if RAW_CONTROL.search(char)})
    check(not raw, clause, "the input's cells", "no raw control character", repr(raw))


@then(parsers.parse('the prompt the agent received is "{text}"'))
def prompt_is(crs_driver: CrsDriver, request: pytest.FixtureRequest, text: str) -> None:
    """The one prompt sent carries ``text``, code point for code point."""
    clause = scenario_clause(request, "crs-typed-text-kept", "crs-enter-sends")
    sent = crs_driver.agent.sent_of(PROMPT)
    seen = [getattr(frame, "prompt_text", frame) for frame in sent]
    expected = literal(text)
    check(
        seen == [expected],
        clause,
        "the prompts the agent received",
        f"[{expected!r}] ({' '.join(f'U+{ord(c):04X}' for c in expected if ord(c) > 0x7F)})",
        repr(seen),
    )
