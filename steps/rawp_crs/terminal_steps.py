"""Steps of profile ``rawp_crs`` that type and paste as a terminal sends it, and their checks.

The bytes go through the terminal input parser the client reads a real terminal with
(:meth:`steps.app_driver.AppDriver.feed_terminal`), not as events posted to the app: a
paste holding escape sequences or control bytes, typed zero-width joiners and bidi
controls, and the encodings terminals send for Shift+Enter and Ctrl+J.
"""

from __future__ import annotations

import re

import pytest
from pytest_bdd import given, parsers, then, when

from steps.checks import check, literal, scenario_clause
from steps.rawp_crs.driver import CrsDriver
from steps.screen import drawn_rows, screen_rows
from steps.terminal_input import key_bytes, paste_bytes, typing_bytes

PROMPT = "control.prompt.request"
"""RAWP type name of the frame a sent message is."""
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
    clause = scenario_clause(request, "crs-input-plain-text", "crs-enter-sends")
    crash = crs_driver.crash
    check(
        crs_driver.running and crash is None,
        clause,
        "the client",
        "it to keep running",
        f"crashed: {crash!r}" if crash else "it exited",
    )
    crs_driver.exit_expected = False


@then(parsers.parse('the input holds exactly "{text}"'))
def input_holds_exactly(crs_driver: CrsDriver, request: pytest.FixtureRequest, text: str) -> None:
    """The input's text is ``text``, every character in its place (``crs-input-plain-text``)."""
    clause = scenario_clause(request, "crs-input-plain-text", "crs-shift-enter-newline")
    expected, seen = literal(text), crs_driver.input_value
    check(seen == expected, clause, "the input", repr(expected), repr(seen))


@then(parsers.parse('the input draws "{shown}" and no raw control character'))
def input_draws(crs_driver: CrsDriver, request: pytest.FixtureRequest, shown: str) -> None:
    """The input's cells show ``shown`` in one row, and no cell holds a control character.

    An escape sequence in the input is drawn visibly (a picture of ``ESC``, ``^[``, or any
    other drawable stand-in the client chooses); ``shown`` is the printable part a reader
    sees whatever the stand-in (``[5~BBB``).
    """
    clause = scenario_clause(request, "crs-input-plain-text")
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
    clause = scenario_clause(request, "crs-enter-sends")
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


@then(parsers.parse('the user bubble shows "{text}" as plain text, not a link'))
def bubble_not_linked(crs_driver: CrsDriver, text: str) -> None:
    """No cell of ``text`` links anywhere or is underlined (``crs-md-autolink``, design §9).

    004 §3.1 autolinks "URL patterns"; a file name such as ``main.py`` is not a URL
    (no scheme, no ``www.``), whatever top-level domain its extension spells.
    """
    from steps.rawp_crs.support.drawn import bubble, cells_of

    clause = "crs-md-autolink"
    cells = cells_of(bubble(crs_driver, clause), literal(text), clause)
    linked = sorted({f"{cell.char}:{cell.link}" for cell in cells if cell.link or cell.underline})
    check(not linked, clause, f"the cells of {text!r}", "plain text: no link, no underline", linked)


# -- a file name holding a control character, drawn one way --------------------------------

NAME_PARTS = re.compile(r"odd(?P<between>\S{1,2}?)name\.txt")
"""The file name ``odd<control>name.txt`` as drawn on one row: what stands for the control."""


@pytest.fixture
def drawn_names() -> dict[str, str]:
    """How each place (popup, input, bubble) drew the file name, by place."""
    return {}


def drawn_name(crs_driver: CrsDriver) -> list[str]:
    """Every drawing of ``odd…name.txt`` on one screen row, as drawn."""
    rows = ["".join(row) for row in screen_rows(crs_driver.app)]
    return [found.group(0) for row in rows for found in NAME_PARTS.finditer(row)]


def record_drawn(crs_driver: CrsDriver, drawn_names: dict[str, str], place: str) -> None:
    """Check the name is drawn exactly once, on one row, as it was drawn before."""
    clause = "crs-token-label"
    seen = drawn_name(crs_driver)
    check(
        len(seen) == 1,
        clause,
        f"the screen, with the file name in the {place}",
        "'odd', one drawable stand-in for the line break, 'name.txt', on one row, once",
        repr(seen) + " in\n" + "\n".join("".join(r) for r in screen_rows(crs_driver.app)),
    )
    first = next(iter(drawn_names.values()), seen[0])
    check(
        seen[0] == first,
        clause,
        f"the file name in the {place}",
        f"drawn as in the {next(iter(drawn_names), place)}: {first!r}",
        repr(seen[0]),
    )
    drawn_names[place] = seen[0]


@when(parsers.parse('the user types "@" and the agent offers the file "{path}"'))
def offered(crs_driver: CrsDriver, path: str) -> None:
    """Open the `@` popup and answer its search with ``path`` alone."""
    from steps.rawp_crs.support.file_popup import offer_files

    crs_driver.type_text("@")
    offer_files(crs_driver, [literal(path)])


@then("the popup draws the file name on one row")
def popup_draws(crs_driver: CrsDriver, drawn_names: dict[str, str]) -> None:
    """The popup's row shows the name with a drawable stand-in for its line break."""
    record_drawn(crs_driver, drawn_names, "popup")


@then("the input draws the token's name on one row, as the popup did")
def input_draws_name(crs_driver: CrsDriver, drawn_names: dict[str, str]) -> None:
    """The token in the input shows the name as the popup did."""
    record_drawn(crs_driver, drawn_names, "input")


@then("the bubble draws the token's name on one row, as the popup did")
def bubble_draws_name(crs_driver: CrsDriver, drawn_names: dict[str, str]) -> None:
    """The sent bubble's token shows the name as the popup did."""
    record_drawn(crs_driver, drawn_names, "bubble")


@when(parsers.parse('the user types, as a terminal sends it, "{text}" in the input'))
def types_in_input_as_terminal(crs_driver: CrsDriver, text: str) -> None:
    """Send the UTF-8 bytes of ``text`` in one read, through the client's terminal parser."""
    crs_driver.type_as_terminal(literal(text))


@when(parsers.parse('the user pastes, as a terminal sends it, "{text}" and presses Enter'))
def pastes_as_terminal_and_sends(crs_driver: CrsDriver, text: str) -> None:
    """A bracketed paste of ``text``, then Enter, as a terminal sends them."""
    crs_driver.feed_terminal(
        paste_bytes(literal(text)) + key_bytes("enter"), f"pasting {text[:40]!r}, Enter"
    )
