"""Steps that several feature files of ``features/rawp_crs/`` use.

Starting the client, typing, sending, keys, turns of the agent, the stored conversation and
what the input holds.

A step used by one feature file only lives in that file's module
(``features/rawp_crs/<name>.feature`` -> ``steps/rawp_crs/<name>_steps.py``); the popups'
and the file browser's shared steps are in :mod:`.popup_shared_steps` and
:mod:`.file_browser_shared_steps`.
"""

from __future__ import annotations

import dataclasses
import os
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from pytest_bdd import given, parsers, then, when

from rawp_port import (
    Command,
    InteractionRequested,
    Parameter,
    SystemNotice,
    TextDelta,
    Thinking,
    ToolCall,
    TurnEnded,
    TurnStarted,
)
from steps.app_driver import key, typed
from steps.checks import check, cited_clauses, literal, precondition, scenario_clause
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.part1.drawn import (
    absent,
    bubble,
    bubble_text,
    cells_of,
    drawn_item,
    drawn_of,
    shown,
)
from steps.rawp_crs.part1.timestamps import DAY_FORMS, join_in_sight, one_time, rows_between_turns
from steps.rawp_crs.part2.popup import (
    publish_commands,
)
from steps.rawp_crs.part3.tokens import (
    add_token,
    clause_of,
    prompts,
    send_closing_popups,
)
from steps.rawp_crs.part4.interaction import (
    split_options,
    ui_region,
    ui_text,
)
from steps.rawp_crs.state import CrsState
from steps.rawp_crs.support.history import (
    store,
    stored_turn,
)
from steps.rawp_crs.support.layout import (
    publish_answer,
)
from steps.rawp_crs.support.scroll import scroll_state, wait_scroll
from steps.rawp_crs.support.turns import ANSWER, CANCEL, PROMPT, send, sent_or_queued
from steps.screen import (
    Cell,
    screen_cells,
)


@when(parsers.parse('the user sends the command text "{text}"'))
def sends_command_text(crs_driver: CrsDriver, text: str) -> None:
    """Type ``text`` fast (one burst), close any popup the way a user would, and press Enter.

    The burst puts the whole text in before the client handles it; the popup opened by the
    leading ``/`` has closed at the first space, so Enter sends.
    """
    crs_driver.burst(typed(literal(text)))
    crs_driver.press("enter")

    def holds(frames: list[Any]) -> bool:
        return any(getattr(f, "prompt_text", None) == literal(text) for f in frames)

    sent = sent_or_queued(crs_driver, holds)
    precondition(
        holds(sent),
        "crs-enter-sends",
        "the prompts the agent received",
        f"one with the text {literal(text)!r}, sent at once or when the running turn ended",
        [getattr(f, "prompt_text", f) for f in sent],
    )


@then(parsers.parse("the last user item is a {kind} bubble"))
def last_kind(crs_driver: CrsDriver, kind: str) -> None:
    """The last user item's kind: ``command`` or ``text`` (the command bubble of part 2)."""
    crs_driver.uses(2)
    expected = {"command": "command", "text": "text"}[kind]
    clause = (
        "crs-command-bubble-for-slash-input-type"
        if expected == "command"
        else "crs-text-bubble-for-other-input-types"
    )
    users = [v for v in crs_driver.items() if v.actor == "user" and v.kind != "timestamp"]
    seen = users[-1].kind if users else None
    check(seen == expected, clause, "the last user item", f"kind {expected!r}", repr(seen))


@then(parsers.parse('the command bubble reads "{text}"'))
def bubble_reads(crs_driver: CrsDriver, text: str) -> None:
    """The bubble's words, without the leading ``/`` (``crs-command-bubble-strips-slash``).

    A leading icon glyph (``crs-command-bubble-icon``) is allowed before the name.
    """
    crs_driver.uses(2)
    clause = "crs-command-bubble-strips-slash"
    item = drawn_of(crs_driver, "command", clause)
    seen = bubble_text(item)
    name = literal(text).split()[0]
    at = seen.find(literal(text))
    check(
        at >= 0 and "/" not in seen[: at + len(name)],
        clause,
        "the command bubble",
        f"{literal(text)!r}, no '/' before the name",
        repr(seen),
    )


@given("the RAWP-CRS client is running")
def client_running(crs_driver: CrsDriver) -> None:
    """Start the client under test, wired to a fresh fake agent and a fixed clock."""
    crs_driver.start()


def into_input(crs_driver: CrsDriver, text: str, paste: bool = False) -> None:
    """Type (or paste) ``text`` for the input, as a person does: a precondition of a step.

    A text with a letter or digit must change the input. Where it does not (the focus is
    elsewhere and typing did not move it there), the scenario cannot reach its own checks:
    it is blocked by ``crs-typing-focuses-input`` (002 §2.5.5 ¶1, l. 106), charged once,
    instead of failing every clause it cites (issue 37, class 5).
    """
    before = crs_driver.input_value
    if paste:
        crs_driver.paste_text(text)
    else:
        crs_driver.type_text(text)
    if any(char.isalnum() for char in text):
        focused = crs_driver.app.focused
        precondition(
            crs_driver.input_value != before,
            "crs-typing-focuses-input",
            "the input after the user typed" + (" (pasted)" if paste else ""),
            f"{text[:40]!r} in it",
            f"{crs_driver.input_value[:60]!r}, unchanged; the focus on "
            f"{type(focused).__name__ if focused else 'nothing'}",
        )


@when(parsers.parse('the user types "{text}" and presses Enter'))
def types_and_sends(crs_driver: CrsDriver, text: str) -> None:
    """Type ``text`` key by key, then press Enter."""
    into_input(crs_driver, literal(text))
    crs_driver.press("enter")


@when(parsers.parse('the user pastes "{text}" and presses Enter'))
def pastes_and_sends(crs_driver: CrsDriver, text: str) -> None:
    """Paste ``text`` (one paste event), then press Enter."""
    into_input(crs_driver, literal(text), paste=True)
    crs_driver.press("enter")


@when("the user presses Enter")
def presses_enter(crs_driver: CrsDriver) -> None:
    """Press Enter."""
    crs_driver.press("enter")


@then(parsers.re(r"the client sent (?P<count>\d+) prompts?"), converters={"count": int})
def sent_prompts(crs_driver: CrsDriver, request: pytest.FixtureRequest, count: int) -> None:
    """The fake agent received ``count`` prompt requests (``crs-enter-sends``).

    Those sent while a turn ran may come when it ends (:func:`sent_or_queued`).
    """
    sent = sent_or_queued(crs_driver, lambda frames: len(frames) >= count)
    check(
        len(sent) == count,
        scenario_clause(
            request, "crs-enter-sends" if count else "crs-blank-not-sent", "crs-typed-text-kept"
        ),
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


@when("the user clicks the conversation")
def click_conversation(crs_driver: CrsDriver) -> None:
    """Click the conversation area's first content cell (the focus leaves the input)."""
    area = crs_driver.conversation
    region = area.scrollable_content_region
    crs_driver.click(region.x + 1, region.y + 1, doing="clicking the conversation")


@then(parsers.parse("the conversation is scrolled to its {end}"))
def scrolled_to(crs_driver: CrsDriver, request: pytest.FixtureRequest, end: str) -> None:
    """``top``: the offset is 0; ``bottom``: it is the largest (the latest message shown)."""
    clause = scenario_clause(
        request,
        "crs-home-scrolls-to-top" if end == "top" else "crs-end-scrolls-to-bottom",
    )
    _y, bottom, _height = scroll_state(crs_driver)
    target = 0.0 if end == "top" else bottom
    seen = wait_scroll(crs_driver, target - 0.5, target + 0.5)
    check(
        abs(seen - target) <= 0.5,
        clause,
        "the conversation's scroll offset",
        f"{target:g} (its {end})",
        f"{seen:g}",
    )


@then(parsers.re(r'the input\'s text is exactly "(?P<text>[^"]*)"$'))
def input_exactly(crs_driver: CrsDriver, request: pytest.FixtureRequest, text: str) -> None:
    """The input's whole value is ``text`` (escapes decoded; ``""`` for empty)."""
    clause = scenario_clause(request, "crs-history-recall", "crs-typing-focuses-input")
    expected, seen = literal(text), crs_driver.input_value
    check(seen == expected, clause, "the input's value", repr(expected), repr(seen))


@then("the input has the keyboard focus")
def input_focused(crs_driver: CrsDriver, request: pytest.FixtureRequest) -> None:
    """The widget with the focus is the input, or inside it."""
    clause = scenario_clause(request, "crs-typing-focuses-input")
    field, focused = crs_driver.input, crs_driver.app.focused
    inside = focused is not None and (focused is field or field in focused.ancestors)
    check(inside, clause, "the keyboard focus", "on the input", repr(focused))


@given(parsers.parse("a stored conversation of {count:d} turns"))
def stored(crs_driver: CrsDriver, count: int) -> None:
    """The agent holds a conversation of ``count`` turns, which the client is set to reopen."""
    store(crs_driver, [stored_turn(number) for number in range(1, count + 1)])


@given(parsers.parse("the user has set the number of turns to {value:d} in the client's settings"))
def user_sets_n(crs_driver: CrsDriver, value: int) -> None:
    """Set N the way a user does, through the adapter's ``initial_turns_setting``.

    Its answer is read by field name (``initial_turns``), like every port object.
    """
    chosen = crs_driver.part4.initial_turns_setting(value)
    check(
        getattr(chosen, "initial_turns", None) == value,
        "crs-initial-turns-configurable",
        f"the client's setting of N to {value}",
        f"settings with initial_turns={value}",
        repr(chosen),
    )
    crs_driver.settings = dataclasses.replace(crs_driver.settings, initial_turns=value)


@given("the RAWP-CRS client opens the stored conversation")
@when("the RAWP-CRS client opens the stored conversation")
def opens(crs_driver: CrsDriver) -> None:
    """Start the client with the settings of the scenario and let it load what it loads."""
    crs_driver.start()
    crs_driver.settle()


@given(parsers.parse('a stored conversation of two turns sent at "{first}" and "{second}"'))
def stored_on_days(crs_driver: CrsDriver, first: str, second: str) -> None:
    """Two stored turns sent at local ``YYYY-MM-DD HH:MM`` moments (``crs-date-separator``).

    Local means the zone the scenario set (``TZ``); each turn ends 3 minutes after it was
    sent, so a time on screen tells which turn and which end of it it stamps.
    """
    zone = ZoneInfo(os.environ.get("TZ", "UTC"))
    turns = []
    for number, moment in enumerate((first, second), start=1):
        sent = datetime.strptime(moment, "%Y-%m-%d %H:%M").replace(tzinfo=zone).astimezone(UTC)
        turn = stored_turn(number)
        turns.append(dataclasses.replace(turn, sent_at=sent, ended_at=sent + timedelta(minutes=3)))
    store(crs_driver, turns)


KEY_NAMES = {"Space": "space", "Enter": "enter", "Escape": "escape", "Up": "up", "Down": "down"}
HISTORY_KEYS = frozenset({"Up", "Down", "pageup", "pagedown", "home", "end"})
"""The keys part 4 gives the input and the conversation (002 §2.6: recall, scrolling)."""
"""Key names as the features write them -> Textual's key names."""


@given(
    parsers.re(
        r'the agent asks "(?P<request_id>[^"]+)", an? (?P<kind>[A-Z_]+) request '
        r'"(?P<prompt>[^"]*)"(?: with the options "(?P<options>[^"]*)")?'
        r'(?: and the default "(?P<default>[^"]*)")?(?: in turn "(?P<turn>[^"]+)")?$'
    )
)
@when(
    parsers.re(
        r'the agent asks "(?P<request_id>[^"]+)", an? (?P<kind>[A-Z_]+) request '
        r'"(?P<prompt>[^"]*)"(?: with the options "(?P<options>[^"]*)")?'
        r'(?: and the default "(?P<default>[^"]*)")?(?: in turn "(?P<turn>[^"]+)")?$'
    )
)
def agent_asks(
    crs_driver: CrsDriver,
    request_id: str,
    kind: str,
    prompt: str,
    options: str | None,
    default: str | None,
    turn: str | None,
) -> None:
    """Publish one ``agent.interaction.request`` (options comma-separated, escapes decoded)."""
    crs_driver.publish(
        InteractionRequested(
            request_id,
            kind,  # type: ignore[arg-type]
            literal(prompt),
            split_options(options),
            None if default is None else literal(default),
            turn,
        )
    )


@when(parsers.parse('the user presses the key "{name}" {count:d} times in one burst'))
def presses_burst(crs_driver: CrsDriver, name: str, count: int) -> None:
    """Deliver ``count`` presses of the key ``name`` at once, as a held key's repeats.

    Pressing keys uses no part of its own: the part is what the keys act on (the
    history's page keys, part 4; a popup's arrows, part 2), which the scenario's clauses
    declare.
    """
    crs_driver.burst([key(name) for _ in range(count)], f"{count} presses of {name}")


@when(parsers.parse('the user presses the key "{key}"'))
def presses_key(crs_driver: CrsDriver, key: str) -> None:
    """Press one key (``y``, ``Space``, ``Enter``, ``Escape``, ``Down``, ...).

    One of :data:`HISTORY_KEYS` uses part 4 (in an interaction UI, Up and Down are part 4's too).
    """
    if key in HISTORY_KEYS:
        crs_driver.uses(4)
    crs_driver.press(KEY_NAMES.get(key, key))


@then(parsers.parse('the interaction UI is shown with the prompt "{prompt}"'))
def ui_shown(crs_driver: CrsDriver, request: pytest.FixtureRequest, prompt: str) -> None:
    """The UI is shown and its region draws the prompt literally (markup not interpreted)."""
    clause = scenario_clause(
        request,
        "crs-interaction-keys-yn",
        "crs-interaction-keys-permission",
        "crs-interaction-keys-select",
        "crs-interaction-keys-multi-select",
        "crs-interaction-keys-text-input",
        "crs-interaction-escape-default",
        "crs-escape-closes-interaction",
    )
    region = ui_region(crs_driver, clause)
    rows = ui_text(crs_driver, region)
    text = literal(prompt)
    check(
        any(text in row for row in rows),
        clause,
        "the interaction UI",
        f"the prompt {text!r} drawn as sent",
        " / ".join(row.strip() for row in rows if row.strip()),
    )


@when(parsers.parse('the agent answers "{text}"'))
def agent_answers(crs_driver: CrsDriver, crs_state: CrsState, text: str) -> None:
    """Publish one turn whose text is ``text``: start, one delta, end."""
    publish_answer(crs_driver, crs_state.traffic, literal(text))


@when(parsers.parse("the terminal is resized to {columns:d} columns"))
def terminal_resized(crs_driver: CrsDriver, columns: int) -> None:
    """Resize the terminal to ``columns`` cells wide, as many rows as before, as a user does.

    Items drawn before the resize must follow the new width (a width fixed in cells when an
    item was mounted does not).
    """
    crs_driver.resize(columns, crs_driver.app.size.height)


@when(parsers.parse('the agent reports the {kind} notice "{text}"'))
def agent_reports_kind(crs_driver: CrsDriver, crs_state: CrsState, kind: str, text: str) -> None:
    """Publish a system notice of ``kind`` (``error``, ``cancelled``, ``reconnected``).

    002 §2.1 names the system messages: stop notices, errors, session events; each is
    drawn as a system message (our port's kinds, :class:`rawp_port.events.SystemNotice`).
    """
    crs_state.traffic.notice = literal(text)
    crs_driver.publish(SystemNotice(kind, crs_state.traffic.notice))


@then("the whole text of the system notice is on the screen")
def system_complete(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """Every character of the notice is drawn, in order (``crs-system-content-complete``)."""
    clause = "crs-system-content-complete"
    item = drawn_item(crs_driver, "system", clause)
    seen = "".join("".join(item.row_text(y) for y in item.rows()).split())
    expected = "".join(crs_state.traffic.notice.split())
    check(expected in seen, clause, "the system notice", repr(crs_state.traffic.notice), repr(seen))


STYLES: dict[str, Callable[[Cell], bool]] = {
    "in bold": lambda cell: cell.bold and not cell.italic,
    "in italic": lambda cell: cell.italic and not cell.bold,
    "in bold italic": lambda cell: cell.bold and cell.italic,
    "struck through": lambda cell: cell.strike,
}
"""The inline styles a step can ask of the cells of a text."""


STYLE_CLAUSES = {
    "in bold": "crs-md-bold",
    "in italic": "crs-md-italic",
    "in bold italic": "crs-md-bold-italic",
    "struck through": "crs-md-strikethrough",
}
"""The clause each inline style checks."""


@when(parsers.parse('the user types "{text}" without sending it'))
def types_only(crs_driver: CrsDriver, text: str) -> None:
    """Type ``text`` key by key and press nothing else."""
    into_input(crs_driver, literal(text))


@then(parsers.re(r'the user bubble shows "(?P<text>[^"]*)"$'))
def bubble_shows(crs_driver: CrsDriver, request: pytest.FixtureRequest, text: str) -> None:
    """``text`` is drawn inside the bubble's box (``crs-user-text-in-bubble``).

    Also read after hostile agent text, under the scenario's clause of §1.4: there the
    screen must still show the user's text (the agent's text cleared nothing), and whether
    that text sits in a bubble is not what the scenario checks (``crs-user-bubble``'s own
    scenarios do).
    """
    clause = scenario_clause(request, "crs-user-text-in-bubble", "crs-markdown-unknown-literal")
    item = bubble(crs_driver, clause)
    wanted = literal(text)
    found = item.find(wanted)
    check(found is not None, clause, "the user's item", f"{wanted!r} drawn", shown(item))
    assert found is not None and item.box is not None
    if clause != "crs-user-text-in-bubble":
        return
    check(
        item.box.contains(found[1], found[0]) and item.own_background() != item.area_background,
        clause,
        "the user's text",
        f"inside a box with a background of its own (the bubble's {item.own_background()}, "
        f"not the area's {item.area_background})",
        item.describe(),
    )


@then(
    parsers.re(
        r'the user bubble shows "(?P<text>[^"]+)" '
        r"(?P<style>in bold italic|in bold|in italic|struck through), "
        r'without "(?P<marker>[^"]+)"'
    )
)
def bubble_styled(crs_driver: CrsDriver, text: str, style: str, marker: str) -> None:
    """Every cell of ``text`` has ``style``; ``marker`` is not drawn (``crs-md-*``)."""
    clause = STYLE_CLAUSES[style]
    item = bubble(crs_driver, clause)
    cells = cells_of(item, literal(text), clause)
    wrong = [cell.char for cell in cells if not STYLES[style](cell)]
    check(
        not wrong, clause, f"the cells of {text!r}", f"drawn {style}", f"not so: {''.join(wrong)!r}"
    )
    absent(item, literal(marker), clause)


@then(
    parsers.parse('the user bubble shows "{text}" on a background of its own, without "{marker}"')
)
def bubble_code(crs_driver: CrsDriver, text: str, marker: str) -> None:
    """The code span's background differs from the bubble's (``crs-md-inline-code``)."""
    clause = "crs-md-inline-code"
    item = bubble(crs_driver, clause)
    cells = cells_of(item, literal(text), clause)
    own = item.own_background()
    same = [cell.char for cell in cells if cell.background == own]
    check(
        not same,
        clause,
        f"the cells of {text!r}",
        f"a background other than the bubble's {own}",
        f"same: {''.join(same)!r}",
    )
    absent(item, literal(marker), clause)


@given("the agent publishes these commands:")
@when("the agent publishes these commands:")
def publishes_table(crs_driver: CrsDriver, crs_state: CrsState, datatable: list[list[str]]) -> None:
    """Publish ``agent.commands.publish`` with the table's commands.

    Columns: name, description, category, and optionally a required parameter's hint.
    """
    header, *rows = datatable
    commands = []
    for row in rows:
        cells = dict(zip(header, row, strict=True))
        hint = cells.get("required hint", "")
        parameters = (Parameter("arg", hint, True),) if hint else ()
        commands.append(
            Command(
                literal(cells["name"]),
                literal(cells["description"]),
                cells.get("category") or None,
                parameters,
            )
        )
    publish_commands(crs_driver, crs_state.published, commands)


@when(parsers.parse('the user types "{text}" in the input'))
def types(crs_driver: CrsDriver, text: str) -> None:
    """Type ``text`` key by key, waiting for the app after each key."""
    into_input(crs_driver, literal(text))


@when(parsers.parse('the user types "{text}" in one burst'))
def types_burst(crs_driver: CrsDriver, text: str) -> None:
    """Type ``text`` as one burst: every key queued before the app handles the first."""
    crs_driver.burst(typed(literal(text)))


@when(parsers.parse('the user pastes "{text}" in the input'))
def pastes(crs_driver: CrsDriver, text: str) -> None:
    """Paste ``text`` as one paste event."""
    into_input(crs_driver, literal(text), paste=True)


@when(
    parsers.re(r"the user presses (?P<name>Up|Down|Tab|Enter|Backspace)(?: (?P<times>\d+) times)?")
)
def presses(crs_driver: CrsDriver, name: str, times: str | None) -> None:
    """Press a key once, or ``times`` times."""
    crs_driver.press(*[name.lower()] * int(times or 1))


@then(parsers.parse('the input holds exactly "{text}"'))
def input_holds_exactly(crs_driver: CrsDriver, request: pytest.FixtureRequest, text: str) -> None:
    """The input's text is ``text``, every character in its place.

    Reported under the clause the scenario cites: ``crs-input-plain-text``,
    ``crs-shift-enter-newline``, or one of the slash popup's (what the input holds after a
    command is chosen, Escape, a click, a refresh of the list).
    """
    clause = scenario_clause(
        request,
        "crs-input-plain-text",
        "crs-shift-enter-newline",
        "crs-slash-select-replaces-input",
        "crs-slash-keys-select",
        "crs-slash-keys-escape",
        "crs-slash-pointer-select",
        "crs-commands-refresh-keeps-state",
        "crs-escape-closes-popup",
        "crs-typed-text-kept",
    )
    expected, seen = literal(text), crs_driver.input_value
    check(seen == expected, clause, "the input", repr(expected), repr(seen))


@when(parsers.parse('the user types, as a terminal sends it, "{text}" in the input'))
def types_in_input_as_terminal(crs_driver: CrsDriver, text: str) -> None:
    """Send the UTF-8 bytes of ``text`` in one read, through the client's terminal parser."""
    crs_driver.type_as_terminal(literal(text))


@given(parsers.parse('the local time zone is "{zone}"'))
def local_zone(request: pytest.FixtureRequest, zone: str) -> None:
    """Run the scenario with ``TZ=zone`` (``time.tzset``); restored after the scenario."""
    previous = os.environ.get("TZ")

    def restore() -> None:
        if previous is None:
            os.environ.pop("TZ", None)
        else:
            os.environ["TZ"] = previous
        time.tzset()

    request.addfinalizer(restore)
    os.environ["TZ"] = zone
    time.tzset()


def _zone() -> ZoneInfo:
    """The zone the scenario set with ``the local time zone is``."""
    return ZoneInfo(os.environ.get("TZ", "UTC"))


@given(parsers.parse('the clock reads "{moment}"'))
@when(parsers.parse('the clock reads "{moment}"'))
def clock_reads(crs_driver: CrsDriver, moment: str) -> None:
    """Set the client's clock to local ``moment``: ``YYYY-MM-DD HH:MM`` or ``HH:MM`` that day.

    The fake clock holds the instant as an aware UTC datetime; the client must convert it.
    """
    if " " not in moment:
        day = crs_driver.clock().astimezone(_zone()).date()
        moment = f"{day.isoformat()} {moment}"
    local = datetime.strptime(moment, "%Y-%m-%d %H:%M").replace(tzinfo=_zone())
    crs_driver.clock.set(local.astimezone(UTC))


@then(parsers.parse('a centred line with the date "{day}" is drawn between the two turns'))
def date_separator(crs_driver: CrsDriver, request: pytest.FixtureRequest, day: str) -> None:
    """Between the first turn's last row and the second user message, a centred date line.

    Centred: the gaps from its glyphs to the conversation's content edges differ by at most
    two cells (``crs-date-separator``).
    """
    clause = scenario_clause(request, "crs-date-separator")
    date = datetime.strptime(day, "%Y-%m-%d").date()
    fields = {"year": date.year, "month": date.month, "day": date.day, "mon": f"{date:%b}"}
    forms = [form.format(**fields) for form in DAY_FORMS]
    with join_in_sight(crs_driver):
        _date_line_centred(crs_driver, clause, day, forms)


def _date_line_centred(crs_driver: CrsDriver, clause: str, day: str, forms: list[str]) -> None:
    """:func:`date_separator`'s checks, the join of the two turns in sight."""
    between = rows_between_turns(crs_driver, clause)
    dated = [(row, text) for row, text in between if any(form in text for form in forms)]
    check(
        bool(dated),
        clause,
        "the rows between the two turns",
        f"a line with the date {day} (as {forms[0]!r}, {forms[3]!r}, ...)",
        " / ".join(text.strip() for _row, text in between) or "nothing drawn",
    )
    row, _text = dated[0]
    content = crs_driver.conversation.scrollable_content_region
    line = [cell.char for cell in screen_cells(crs_driver.app)[row][content.x : content.right]]
    glyphs = [index for index, char in enumerate(line) if char.strip()]
    left, right = glyphs[0], len(line) - 1 - glyphs[-1]
    check(
        abs(left - right) <= 2,
        clause,
        f"the date line on row {row}",
        "centred (gaps to both edges within 2 cells)",
        f"{left} cells left, {right} right",
    )


STAMP_DAY_FORMS = (*DAY_FORMS, "{month:02d}/{day:02d}", "{month:02d}-{day:02d}", "{month}.{day}")
"""Ways a timestamp may write the date of an earlier day (as separators do, and padded)."""


@then(parsers.parse('the time "{hhmm}" is shown with the date "{day}"'))
def with_date(crs_driver: CrsDriver, request: pytest.FixtureRequest, hhmm: str, day: str) -> None:
    """The row that shows ``hhmm`` of an earlier day holds its date (``crs-timestamp-format``).

    002 §2.4 ¶11: a message of an earlier day shows the date and the time, in any locale's
    form of the date (``3/8``, ``3월 8일``, ``03-08``, ``Mar 8``, ...).
    """
    clause = scenario_clause(request, "crs-timestamp-format")
    date = datetime.strptime(day, "%Y-%m-%d").date()
    fields = {"year": date.year, "month": date.month, "day": date.day, "mon": f"{date:%b}"}
    forms = [form.format(**fields) for form in STAMP_DAY_FORMS]
    shown = one_time(crs_driver, clause, hhmm)
    check(
        any(form in shown.line for form in forms),
        clause,
        f"the row of the time {hhmm} of {day}",
        f"the date and the time (as {forms[3]!r}, {forms[1]!r}, ...)",
        repr(shown.line.strip()),
    )


@given(parsers.parse('the user has typed "{text}" and added a token for "{path}"'))
@when(parsers.parse('the user types "{text}" and adds a token for "{path}"'))
def types_and_adds(crs_driver: CrsDriver, crs_state: CrsState, text: str, path: str) -> None:
    """Type ``text`` key by key, then make a token for ``path`` through the `@` popup."""
    into_input(crs_driver, literal(text))
    add_token(crs_driver, crs_state.tokens, literal(path))


@when(parsers.parse('the user adds a token for "{path}"'))
def adds(crs_driver: CrsDriver, crs_state: CrsState, path: str) -> None:
    """Type ``@`` and choose ``path`` from the popup."""
    add_token(crs_driver, crs_state.tokens, literal(path))


@when(parsers.parse('the user presses the keys "{keys}"'))
def presses_keys(crs_driver: CrsDriver, keys: str) -> None:
    """Press the space-separated Textual key names ``keys``, one after the other."""
    for name in keys.split():
        crs_driver.press(name)


@when(parsers.parse('the user types "{text}", presses {keys} and types "{more}" in one burst'))
def types_keys_types_burst(crs_driver: CrsDriver, text: str, keys: str, more: str) -> None:
    """Type ``text``, press ``keys`` (``+``-separated Textual key names), type ``more``.

    All in one burst, every key queued before the client handles the first, as a fast
    typist's terminal delivers them: the editing keys must act in the order typed, before
    the characters that follow them (``crs-enter-sends``, ``crs-token-atomic-cursor``).
    """
    keyed = [key(name) for name in keys.split("+")]
    strokes = [*typed(literal(text)), *keyed, *typed(literal(more))]
    crs_driver.burst(strokes, f"typing {text!r}, {keys}, {more!r}")


@when(parsers.parse('the user types "{text}" and presses Enter, closing any popup first'))
def token_types_and_sends(crs_driver: CrsDriver, text: str) -> None:
    """Type ``text`` key by key, close an open popup with Escape, press Enter.

    Typing ``<@`` may open the file popup (``@`` after ``<`` is allowed to, A24), and with
    a popup open Enter chooses instead of sending (§2.5.1): the Escape makes the scenario
    judge the escaping alone (catalogue decision on ``crs-send-text-escaped``).
    """
    crs_driver.type_text(literal(text))
    send_closing_popups(crs_driver)


@then(parsers.parse('prompt {number:d} is "{template}", token n standing for <n>'))
def sent_as(
    crs_driver: CrsDriver,
    crs_state: CrsState,
    request: pytest.FixtureRequest,
    number: int,
    template: str,
) -> None:
    """Prompt ``number``'s ``prompt_text`` is ``template``, ``<n>`` the n-th token made.

    ``<n>`` stands for ``<@file:ref_id|display_path>`` with that token's ``ref_id`` and the
    ``display_path`` of its ``file_references`` entry (``crs-send-token-format``), the text
    around it escaped (``crs-send-text-escaped``); ``file_references`` has one entry per
    token, in order (``crs-send-file-references``).
    """
    sent = prompts(crs_driver)
    check(
        len(sent) >= number,
        "crs-send-token-format",
        "the prompts sent",
        f"at least {number}",
        len(sent),
    )
    frame = sent[number - 1]
    refs = list(getattr(frame, "file_references", ()) or ())
    made = crs_state.tokens.made
    check(
        [(r.ref_id, r.path) for r in refs] == [(t.ref_id, t.path) for t in made],
        "crs-send-file-references",
        f"file_references of prompt {number}",
        str([(t.ref_id, t.path) for t in made]),
        str([(r.ref_id, r.path) for r in refs]),
    )
    wanted = literal(template)
    for index, ref in enumerate(refs, start=1):
        wanted = wanted.replace(f"<{index}>", f"<@file:{ref.ref_id}|{ref.display_path}>")
    text = frame.prompt_text
    clause = clause_of(request, "crs-send-token-format")
    check(text == wanted, clause, f"prompt_text of prompt {number}", repr(wanted), repr(text))


@then(parsers.parse('prompt {number:d} is "{text}" with no file reference'))
def sent_plain(
    crs_driver: CrsDriver, request: pytest.FixtureRequest, number: int, text: str
) -> None:
    """Prompt ``number`` is ``text`` exactly (typed text escaped) and refers to no file."""
    sent = prompts(crs_driver)
    clause = clause_of(request, "crs-send-text-escaped")
    check(len(sent) >= number, clause, "the prompts sent", f"at least {number}", len(sent))
    frame = sent[number - 1]
    refs: Sequence[Any] = getattr(frame, "file_references", ()) or ()
    check(
        frame.prompt_text == literal(text) and not refs,
        clause,
        f"prompt {number}",
        f"{literal(text)!r}, no file_references",
        f"{frame.prompt_text!r}, {list(refs)}",
    )


@given(parsers.parse('the user has sent "{text}"'))
@when(parsers.parse('the user sends "{text}"'))
def user_sends(crs_driver: CrsDriver, text: str) -> None:
    """Type ``text`` and press Enter; the agent has not answered yet."""
    send(crs_driver, literal(text))


@given(parsers.parse('the agent has started turn "{turn}"'))
@when(parsers.parse('the agent starts turn "{turn}"'))
def agent_starts(crs_driver: CrsDriver, turn: str) -> None:
    """Publish ``session.turn.start`` of ``turn``."""
    crs_driver.publish(TurnStarted(turn))


@given(parsers.parse('the agent is {state} in turn "{turn}"'))
@when(parsers.parse('the agent is {state} in turn "{turn}"'))
def agent_state(crs_driver: CrsDriver, state: str, turn: str) -> None:
    """Put the agent in ``state``: ``thinking``, ``calling a tool`` or ``streaming text``.

    Calling a tool publishes the call and no result; streaming publishes text deltas and
    no turn end.

    Raises:
        ValueError: ``state`` is none of the three.
    """
    events: dict[str, object] = {
        "thinking": Thinking(turn, "Reading the parser first."),
        "calling a tool": ToolCall(turn, "call-1", "read_file", {"path": "parser.py"}),
        "streaming text": TextDelta(turn, "The parser reads "),
    }
    if state not in events:
        raise ValueError(f"unknown agent state {state!r}")
    crs_driver.publish(events[state])
    if state == "streaming text":
        crs_driver.publish(TextDelta(turn, "tokens one by one"))


@given(parsers.parse('the agent has ended turn "{turn}"'))
@when(parsers.parse('the agent ends turn "{turn}"'))
def agent_ends(crs_driver: CrsDriver, turn: str) -> None:
    """Publish ``session.turn.end`` of ``turn``."""
    crs_driver.publish(TurnEnded(turn))


@given(parsers.parse('a turn "{turn}" has run to its end for the prompt "{text}"'))
@when(parsers.parse('a turn "{turn}" runs to its end for the prompt "{text}"'))
def whole_turn(crs_driver: CrsDriver, turn: str, text: str) -> None:
    """Send ``text``; the agent starts ``turn``, streams an answer and ends it."""
    send(crs_driver, literal(text))
    crs_driver.publish(TurnStarted(turn), TextDelta(turn, ANSWER), TurnEnded(turn))


@when(parsers.parse('the agent streams {count:d} small text deltas in turn "{turn}"'))
def many_deltas(crs_driver: CrsDriver, count: int, turn: str) -> None:
    """Publish ``count`` deltas ``w0 w1 ...`` in one burst (a turn that never ends)."""
    crs_driver.publish(*(TextDelta(turn, f"w{index} ") for index in range(count)))


@when("the user presses Escape")
@given("the user has pressed Escape")
def presses_escape(crs_driver: CrsDriver) -> None:
    """Press Escape once."""
    crs_driver.press("escape")


@then(parsers.re(r"the client sent (?P<count>\d+) cancels?"), converters={"count": int})
def sent_cancels(crs_driver: CrsDriver, request: pytest.FixtureRequest, count: int) -> None:
    """The agent received exactly ``count`` ``control.prompt.cancel`` frames.

    Reported under ``crs-escape-idle-does-nothing`` for none, else under the cancel clause
    the scenario cites (``crs-escape-cancel-states`` first); in a scenario citing neither
    (Escape after a popup closed, during a turn), under ``crs-escape-cancels-turn``, the
    rule that Escape cancels a running turn.
    """
    cited = cited_clauses(request.node)
    if count == 0:
        clause = scenario_clause(
            request,
            "crs-escape-idle-does-nothing",
            "crs-escape-cancels-turn",
            "crs-escape-cancel-states",
            "crs-typed-text-kept",
        )
    else:
        clause = next(
            (c for c in ("crs-escape-cancel-states", "crs-escape-cancels-turn") if c in cited),
            "crs-escape-cancels-turn",
        )
    sent = crs_driver.agent.sent_of(CANCEL)
    check(
        len(sent) == count,
        clause,
        "the cancel frames the agent received",
        f"exactly {count}",
        f"{len(sent)}: {sent!r}",
    )
