"""Steps of profile ``chat_screen`` that type and paste as a terminal sends it.

The bytes go through the terminal input parser the app reads a real terminal with
(:meth:`steps.app_driver.AppDriver.feed_terminal`): a bracketed paste holding escape
sequences and control bytes, and typed characters Textual does not count as printable (a
zero-width joiner, a bidi mark).
"""

from __future__ import annotations

from pytest_bdd import parsers, then, when

from steps.chat_screen.driver import Driver
from steps.chat_screen.observe import Snapshot, messages, snapshot
from steps.checks import check, literal
from steps.terminal_input import key_bytes, paste_bytes, typing_bytes


@when(parsers.parse('the user pastes, as a terminal sends it, "{text}" and presses Enter'))
def pastes_as_terminal_and_enters(driver: Driver, submissions: list[Snapshot], text: str) -> None:
    """Send ``text`` as a bracketed paste, then Enter, through the app's terminal parser.

    A paste holding control bytes may quit an app whose parser lets them act as keys (a
    Ctrl+Q byte): ``the paste acted as no key`` judges that, so the liveness guard does not
    turn it into an error.
    """
    submissions.append(snapshot(driver))
    text = literal(text)
    if any(ord(char) < 0x20 or ord(char) == 0x7F for char in text):
        driver.exit_expected = True  # judged by "the paste acted as no key"
    driver.feed_terminal(paste_bytes(text) + key_bytes("enter"), "pasting, Enter")


def maybe_empty(text: str) -> str:
    """A quoted step value that may be empty (``parse``'s ``{}`` needs a character)."""
    return text


maybe_empty.pattern = r'[^"]*'  # type: ignore[attr-defined]  # parse's custom-type protocol
OPTIONAL = {"MaybeEmpty": maybe_empty}
"""The ``parse`` types of the steps below."""


@when(
    parsers.parse(
        'the user types "{before:MaybeEmpty}" and pastes "{text}", as a terminal sends them in '
        "reads of {size:d} bytes, then presses Enter",
        extra_types=OPTIONAL,
    )
)
def pastes_in_reads_and_enters(
    driver: Driver, submissions: list[Snapshot], before: str, size: int, text: str
) -> None:
    """Send ``before`` typed, ``text`` pasted and Enter in one burst, in reads of ``size`` bytes.

    A terminal's bytes reach the app in reads of whatever size the pipe hands over (a slow
    link, ssh): a paste's start or end marker may be cut between two reads, after text
    typed in the same read or not, and must still open and close the paste
    (``hardening-typed-text-kept``).
    """
    submissions.append(snapshot(driver))
    text = literal(text)
    if any(ord(char) < 0x20 or ord(char) == 0x7F for char in text):
        driver.exit_expected = True  # judged by "the paste acted as no key"
    data = typing_bytes(literal(before)) + paste_bytes(text) + key_bytes("enter")
    driver.feed_terminal(data, f"typing, pasting in reads of {size} bytes, Enter", read_size=size)


@then(
    parsers.parse(
        'the user\'s message is the typed "{before:MaybeEmpty}" then the pasted "{text}"',
        extra_types=OPTIONAL,
    )
)
def typed_then_pasted_is_body(driver: Driver, before: str, text: str) -> None:
    """One user message: what was typed, then the paste, whole and in order."""
    seen = [body for role, body in messages(driver) if role == "user"]
    expected = (literal(before) + literal(text)).strip()
    check(
        seen == [expected],
        "hardening-typed-text-kept",
        "the user's messages",
        repr([expected]),
        repr(seen),
    )


@then("the paste acted as no key: the app is still running")
def paste_no_key(driver: Driver) -> None:
    """The app did not quit on a pasted Escape or Ctrl+Q byte (``hardening-control-characters``)."""
    check(
        driver.running,
        "hardening-control-characters",
        "the app",
        "it to keep running: a pasted byte is text, not a key",
        "it exited",
    )
    driver.exit_expected = False


@then(parsers.parse('the user\'s message holds the pasted "{text}", whole and in order'))
def paste_is_body(driver: Driver, text: str) -> None:
    """One user message, whose body is the paste as sent (``hardening-control-characters``)."""
    seen = [body for role, body in messages(driver) if role == "user"]
    expected = literal(text).strip()
    check(
        seen == [expected],
        "hardening-control-characters",
        "the user's messages",
        f"[{expected!r}]",
        repr(seen),
    )


@when(parsers.parse('the user types, as a terminal sends it, "{text}" and presses Enter'))
def types_as_terminal_and_enters(driver: Driver, submissions: list[Snapshot], text: str) -> None:
    """Send the UTF-8 bytes of ``text``, then Enter, through the app's terminal parser."""
    submissions.append(snapshot(driver))
    driver.feed_terminal(typing_bytes(literal(text)) + key_bytes("enter"), "typing, Enter")


@then(parsers.parse('the user\'s message holds the typed "{text}", every character kept'))
def typed_is_body(driver: Driver, text: str) -> None:
    """One user message, whose body is what was typed (``hardening-typed-text-kept``)."""
    seen = [body for role, body in messages(driver) if role == "user"]
    expected = literal(text).strip()
    check(
        seen == [expected],
        "hardening-typed-text-kept",
        "the user's messages",
        f"[{expected!r}] ({' '.join(f'U+{ord(c):04X}' for c in expected if ord(c) > 0x7F)})",
        repr(seen),
    )


@when(parsers.parse('the user pastes, as a terminal sends it, "{text}"'))
def pastes_as_terminal(driver: Driver, text: str) -> None:
    """Send ``text`` as a bracketed paste through the app's terminal parser; no Enter."""
    driver.paste_as_terminal(literal(text))
