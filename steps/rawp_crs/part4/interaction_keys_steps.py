"""Steps of ``features/rawp_crs/interaction_keys.feature``.

Keys answer each kind of interaction request; Escape closes it without cancelling the turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from pytest_bdd import parsers, then, when
from textual.geometry import Region

from rawp_port import InteractionRequested, TurnEnded
from steps.checks import check, literal, scenario_clause
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.part4.interaction import (
    Style,
    find_label,
    interaction_ui,
    split_options,
    style_of,
    ui_region,
    ui_text,
)
from steps.rawp_crs.state import CrsState
from steps.rawp_crs.support.turns import CANCEL
from steps.screen import screen_cells, text_width

ANSWER = "control.interaction.response"
"""RAWP type name of the answer frame."""


def label_styles(
    crs_driver: CrsDriver, region: Region, labels: Sequence[str]
) -> list[frozenset[Style]]:
    """The styles of each label's cells (as a set), in the order of ``labels``.

    Raises:
        AssertionError: A label is not drawn inside the UI (under ``crs-interaction-keys-select``).
    """
    cells = screen_cells(crs_driver.app)
    styles = []
    for label in labels:
        place = find_label(crs_driver, region, label)
        check(
            place is not None,
            "crs-interaction-keys-select",
            "the interaction UI",
            f"the option {label!r} drawn in it",
            " / ".join(row.strip() for row in ui_text(crs_driver, region)),
        )
        assert place is not None
        x, y = place
        styles.append(frozenset(style_of(cell) for cell in cells[y][x : x + text_width(label)]))
    return styles


def focused_option(crs_driver: CrsDriver, labels: Sequence[str], clause: str) -> int | None:
    """Index of the option drawn unlike all the others (the focus), ``None`` when none is."""
    styles = label_styles(crs_driver, ui_region(crs_driver, clause), labels)
    odd = [
        index for index, style in enumerate(styles) if sum(other == style for other in styles) == 1
    ]
    others = {style for index, style in enumerate(styles) if index not in odd}
    return odd[0] if len(odd) == 1 and len(others) <= 1 else None


def _apart(crs_driver: CrsDriver, options: Sequence[str]) -> str:
    """Why no option is drawn apart: each option's distinct label styles."""
    region = ui_region(crs_driver, "crs-interaction-keys-select")
    styles = label_styles(crs_driver, region, options)
    return "no option drawn apart; label styles: " + "; ".join(
        f"{label!r}: {sorted(set(style), key=repr)}"
        for label, style in zip(options, styles, strict=True)
    )


def answers(crs_driver: CrsDriver, request_id: str) -> list[Any]:
    """The answer frames the agent received for ``request_id``, in order."""
    return [
        frame
        for frame in crs_driver.agent.sent_of(ANSWER)
        if getattr(frame, "request_id", None) == request_id
    ]


@when(
    parsers.parse(
        'the agent asks "{request_id}", a SELECT request with {count:d} options in turn "{turn}"'
    )
)
def agent_asks_many(crs_driver: CrsDriver, request_id: str, count: int, turn: str) -> None:
    """Publish a SELECT request whose options are ``option 0`` … ``option <count-1>``."""
    options = tuple(f"option {index}" for index in range(count))
    crs_driver.publish(InteractionRequested(request_id, "SELECT", "Pick one", options, None, turn))


@when(parsers.parse('the agent asks "{first}" and "{second}", two YN requests in one burst'))
def agent_asks_two(crs_driver: CrsDriver, first: str, second: str) -> None:
    """Publish two YN requests of turn ``t1`` in one burst."""
    crs_driver.publish(
        InteractionRequested(first, "YN", f"First question {first}?", (), None, "t1"),
        InteractionRequested(second, "YN", f"Second question {second}?", (), None, "t1"),
    )


@when(parsers.parse('the agent ends turn "{turn}" and then asks "{request_id}" for it'))
def agent_asks_late(crs_driver: CrsDriver, turn: str, request_id: str) -> None:
    """Publish the turn's end, then a YN request of that turn."""
    crs_driver.publish(
        TurnEnded(turn),
        InteractionRequested(request_id, "YN", "Still there?", (), None, turn),
    )


@when(parsers.parse('the user types "{text}" into the interaction UI'))
def types_into_ui(crs_driver: CrsDriver, text: str) -> None:
    """Type ``text`` key by key; the interaction UI has the keyboard focus."""
    crs_driver.type_text(literal(text))


@when("the user clicks the input")
def click_input(crs_driver: CrsDriver) -> None:
    """Click the middle of the input's region (the focus leaves the interaction UI).

    A client that hides the input while an interaction UI is shown gets the click
    wherever the input would be; the Escape that follows must still only close the UI.
    """
    region = crs_driver.input.region
    crs_driver.click(region.x + region.width // 2, region.y, doing="clicking the input")


@then("the interaction UI is gone")
def ui_gone(crs_driver: CrsDriver, request: pytest.FixtureRequest) -> None:
    """No interaction UI is shown."""
    clause = scenario_clause(
        request,
        "crs-escape-closes-interaction",
        "crs-interaction-keys-yn",
        "crs-interaction-keys-permission",
        "crs-interaction-keys-select",
        "crs-interaction-keys-multi-select",
        "crs-interaction-keys-text-input",
        "crs-interaction-escape-default",
    )
    widget = interaction_ui(crs_driver)
    check(widget is None, clause, "the interaction UI", "closed", f"still shown: {widget!r}")


@then(parsers.parse('the agent received the answer "{outcome}" to "{request_id}"'))
def answered_outcome(
    crs_driver: CrsDriver, request: pytest.FixtureRequest, outcome: str, request_id: str
) -> None:
    """Exactly one answer to ``request_id``, with ``outcome`` (``approved``, ``rejected``)."""
    clause = scenario_clause(
        request,
        "crs-interaction-keys-yn",
        "crs-interaction-keys-permission",
        "crs-escape-closes-interaction",
    )
    seen = _answer_fields(crs_driver, request_id, "outcome")
    check(seen == [outcome], clause, f"the answers to {request_id!r}", f"[{outcome!r}]", seen)


@then(parsers.parse('the agent received the value "{value}" for "{request_id}"'))
def answered_value(
    crs_driver: CrsDriver, request: pytest.FixtureRequest, value: str, request_id: str
) -> None:
    """Exactly one answer to ``request_id``, whose ``value`` is ``value`` (outcome not read)."""
    clause = scenario_clause(
        request,
        "crs-interaction-escape-default",
        "crs-interaction-keys-select",
        "crs-interaction-keys-text-input",
    )
    seen = _answer_fields(crs_driver, request_id, "value")
    check(seen == [literal(value)], clause, f"the answers to {request_id!r}", f"[{value!r}]", seen)


def answered_values(
    crs_driver: CrsDriver, request: pytest.FixtureRequest, values: str, request_id: str
) -> None:
    """Exactly one answer to ``request_id``, whose ``value`` is a list of ``values`` (any order)."""
    clause = scenario_clause(request, "crs-interaction-keys-multi-select")
    seen = _answer_fields(crs_driver, request_id, "value")
    expected = sorted(split_options(values))
    ok = (
        len(seen) == 1
        and isinstance(seen[0], list | tuple)
        and sorted(str(item) for item in seen[0]) == expected
    )
    check(ok, clause, f"the answers to {request_id!r}", f"one list of {expected}", seen)


def _answer_fields(driver: CrsDriver, request_id: str, field: str) -> list[object]:
    """Return ``field`` (``"outcome"`` or ``"value"``) of every answer sent to ``request_id``.

    Returns:
        One entry per ``control.interaction.response`` frame for ``request_id``, in the
        order sent; ``None`` where a frame lacks the field.
    """
    return [getattr(frame, field, None) for frame in answers(driver, request_id)]


@then(parsers.parse('the agent received no choice for "{request_id}"'))
def no_choice(crs_driver: CrsDriver, request: pytest.FixtureRequest, request_id: str) -> None:
    """No answer to ``request_id`` approves, selects or submits anything."""
    clause = scenario_clause(
        request, "crs-interaction-escape-default", "crs-escape-closes-interaction"
    )
    chosen = [
        frame
        for frame in answers(crs_driver, request_id)
        if getattr(frame, "outcome", None) in ("approved", "selected", "submitted")
        or getattr(frame, "value", None) not in (None, "", [], ())
    ]
    check(not chosen, clause, f"the answers to {request_id!r}", "no choice", chosen)


@then("the client sent no cancel of the turn")
def no_cancel(crs_driver: CrsDriver, request: pytest.FixtureRequest) -> None:
    """No ``control.prompt.cancel`` was sent."""
    clause = scenario_clause(request, "crs-escape-closes-interaction")
    sent = crs_driver.agent.sent_of(CANCEL)
    check(not sent, clause, "the cancel frames the agent received", "none", sent)


@then("the turn is still in progress: a further Escape cancels it")
def still_cancellable(crs_driver: CrsDriver, request: pytest.FixtureRequest) -> None:
    """With the UI closed, Escape now sends one cancel (the turn was not cancelled before)."""
    clause = scenario_clause(request, "crs-escape-closes-interaction")
    crs_driver.press("escape")
    sent = crs_driver.agent.sent_of(CANCEL)
    check(len(sent) == 1, clause, "the cancels after a second Escape", "exactly 1", sent)


@then(parsers.parse('the option "{label}" is drawn in the interaction UI'))
def option_drawn(crs_driver: CrsDriver, request: pytest.FixtureRequest, label: str) -> None:
    """``label`` is drawn as a whole word inside the UI's region."""
    clause = scenario_clause(request, "crs-interaction-keys-select")
    region = ui_region(crs_driver, clause)
    text = literal(label)
    place = find_label(crs_driver, region, text)
    check(
        place is not None,
        clause,
        "the interaction UI",
        f"the option {text!r} drawn",
        " / ".join(row.strip() for row in ui_text(crs_driver, region) if row.strip()),
    )


def _move(crs_driver: CrsDriver, options: Sequence[str], key: str, clause: str) -> int:
    """Press ``key`` (up or down) and return the index of the option focused then.

    The focus must have moved by one option (or onto some option when none was focused).
    """
    before = focused_option(crs_driver, options, clause)
    crs_driver.press(key)
    after = focused_option(crs_driver, options, clause)
    step = 1 if key == "down" else -1
    expected = "some option" if before is None else repr(options[before + step])
    ok = after is not None and (before is None or after == before + step)
    seen = repr(options[after]) if after is not None else _apart(crs_driver, options)
    check(ok, clause, f"the focused option after {key}", expected, seen)
    assert after is not None
    return after


@when(parsers.parse('the user moves the focus with Down, Down and Up among "{labels}"'))
def move_down_down_up(
    crs_driver: CrsDriver, crs_state: CrsState, request: pytest.FixtureRequest, labels: str
) -> None:
    """↓, ↓, ↑: each moves the focus by one option; remember where it ends."""
    clause = scenario_clause(
        request, "crs-interaction-keys-select", "crs-interaction-keys-multi-select"
    )
    options = split_options(labels)
    _move(crs_driver, options, "down", clause)
    _move(crs_driver, options, "down", clause)
    crs_state.interaction.focused = options[_move(crs_driver, options, "up", clause)]


@then(parsers.parse('the agent received the focused option for "{request_id}"'))
def answered_focused(
    crs_driver: CrsDriver, crs_state: CrsState, request: pytest.FixtureRequest, request_id: str
) -> None:
    """One answer to ``request_id`` whose value is the option the focus ended on."""
    answered_value(crs_driver, request, crs_state.interaction.focused, request_id)


@when(
    parsers.parse(
        "the user toggles an option with Space, toggles the next one twice "
        'and toggles the one after it among "{labels}"'
    )
)
def toggle_options(
    crs_driver: CrsDriver, crs_state: CrsState, request: pytest.FixtureRequest, labels: str
) -> None:
    """↓ Space ↓ Space Space ↓ Space: remember the two options left toggled on."""
    clause = scenario_clause(request, "crs-interaction-keys-multi-select")
    options = split_options(labels)
    first = _move(crs_driver, options, "down", clause)
    crs_driver.press("space")
    _move(crs_driver, options, "down", clause)
    crs_driver.press("space")
    crs_driver.press("space")
    third = _move(crs_driver, options, "down", clause)
    crs_driver.press("space")
    crs_state.interaction.toggled = ", ".join((options[first], options[third]))


@when(
    parsers.parse(
        'the user toggles an option with Space and moves the focus to the next one among "{labels}"'
    )
)
def toggle_and_move_on(
    crs_driver: CrsDriver, crs_state: CrsState, request: pytest.FixtureRequest, labels: str
) -> None:
    """↓ Space ↓: one option toggled on, the focus on the next one, which is not."""
    clause = scenario_clause(request, "crs-interaction-keys-multi-select")
    options = split_options(labels)
    first = _move(crs_driver, options, "down", clause)
    crs_driver.press("space")
    _move(crs_driver, options, "down", clause)
    crs_state.interaction.toggled = options[first]


@then(parsers.parse('the agent received the toggled options for "{request_id}"'))
def answered_toggled(
    crs_driver: CrsDriver, crs_state: CrsState, request: pytest.FixtureRequest, request_id: str
) -> None:
    """One answer to ``request_id`` listing exactly the options left toggled on."""
    answered_values(crs_driver, request, crs_state.interaction.toggled, request_id)


@then(parsers.parse('the agent received one of the options "{labels}" for "{request_id}"'))
def answered_one_of(
    crs_driver: CrsDriver, request: pytest.FixtureRequest, labels: str, request_id: str
) -> None:
    """One answer to ``request_id`` whose value is one of the options, exactly as sent."""
    clause = scenario_clause(request, "crs-interaction-keys-select")
    sent = answers(crs_driver, request_id)
    seen = [getattr(frame, "value", None) for frame in sent]
    options = split_options(labels)
    check(
        len(seen) == 1 and seen[0] in options,
        clause,
        f"the answers to {request_id!r}",
        f"one of {list(options)}",
        seen,
    )


@then("the client runs on and the input still takes a new message")
def takes_new_message(crs_driver: CrsDriver, request: pytest.FixtureRequest) -> None:
    """The client is running, and a message typed and sent now reaches the agent."""
    clause = scenario_clause(request, "crs-escape-closes-interaction")
    check(crs_driver.running, clause, "the client", "it to keep running", repr(crs_driver.crash))
    before = len(crs_driver.agent.sent_of("control.prompt.request"))
    crs_driver.type_text("still here")
    crs_driver.press("enter")
    prompts = crs_driver.agent.sent_of("control.prompt.request")
    seen = getattr(prompts[-1], "prompt_text", None) if len(prompts) > before else None
    check(seen == "still here", clause, "a prompt sent afterwards", "'still here'", repr(seen))
