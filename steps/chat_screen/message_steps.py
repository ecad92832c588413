"""Steps that check the message list, the session records and the response choice."""

from __future__ import annotations

import re

import pytest
from pytest_bdd import parsers, then

from steps.chat_screen.driver import Driver
from steps.chat_screen.observe import (
    COUNT_CLAUSES,
    LABELS,
    Snapshot,
    items,
    messages,
    records,
    snapshot,
)
from steps.checks import check, literal, scenario_clause


def quoted_list(text: str) -> list[str]:
    """Parse ``"a", "b" and "c"`` (or ``"a"``) into ``["a", "b", "c"]``, escapes decoded."""
    return [literal(value) for value in re.findall(r'"((?:[^"\\]|\\.)*)"', text)]


@then("the message list is:")
def message_list_is(driver: Driver, datatable: list[list[str]]) -> None:
    """The message list equals the ``| role | body |`` table, in order."""
    expected = [(role, literal(body)) for role, body in datatable[1:]]
    seen = messages(driver)
    check(seen == expected, "pair-order", "the message list", str(expected), str(seen))


@then(parsers.parse("the message list holds {count:d} messages"))
def message_count(request: pytest.FixtureRequest, driver: Driver, count: int) -> None:
    """The message list has ``count`` messages."""
    seen = messages(driver)
    clause = scenario_clause(request, *COUNT_CLAUSES)
    check(len(seen) == count, clause, "the message list", f"{count} messages", str(seen))


@then(parsers.parse('message {number:d} has role "{role}" and body "{body}"'))
def message_is(driver: Driver, number: int, role: str, body: str) -> None:
    """Message ``number`` (1-based) has exactly this role and body."""
    seen = messages(driver)
    check(
        len(seen) >= number, "message-role-and-body", f"message {number}", "it to exist", str(seen)
    )
    expected = (role, literal(body))
    check(
        seen[number - 1] == expected,
        "body-source",
        f"message {number}",
        f"role and body {expected}",
        str(seen[number - 1]),
    )


@then("the messages alternate user then agent, starting with user")
def alternate(driver: Driver) -> None:
    """Roles are user, agent, user, agent, ... (clause ``pair-order``)."""
    roles = [role for role, _ in messages(driver)]
    expected = ["user", "agent"] * (len(roles) // 2) + ["user"] * (len(roles) % 2)
    check(
        roles == expected and len(roles) % 2 == 0,
        "pair-order",
        "the roles of the message list",
        str(expected),
        str(roles),
    )


@then(parsers.parse("the user messages have the bodies {bodies} in that order"))
def user_bodies(driver: Driver, bodies: str) -> None:
    """The user messages' bodies, in order, are the quoted values (``submission-order``)."""
    seen = [body for role, body in messages(driver) if role == "user"]
    expected = quoted_list(bodies)
    check(seen == expected, "submission-order", "the user messages", str(expected), str(seen))


@then(parsers.parse('every message\'s role is given by the message data as "user" or "agent"'))
def roles_explicit(driver: Driver) -> None:
    """Each message's role, read from the data, is ``user`` or ``agent``.

    Clause ``role-in-message-data``; reading the message list
    (:func:`~steps.chat_screen.observe.messages`) checks that every message has a role
    and that it is ``user`` or ``agent`` (``role-values``).
    """
    seen = messages(driver)
    check(bool(seen), "role-in-message-data", "the message list", "messages", "none")


@then("every agent message's body is one of the fixed responses")
def agent_bodies_fixed(driver: Driver) -> None:
    """Each agent body is in the adapter's fixed list (``response-from-fixed-list``)."""
    fixed = list(driver.adapter.responses)
    agents = [body for role, body in messages(driver) if role == "agent"]
    check(bool(agents), "response-from-fixed-list", "the message list", "agent messages", "none")
    for number, body in enumerate(agents, start=1):
        check(
            body in fixed,
            "response-from-fixed-list",
            f"agent message {number}",
            f"one of {fixed}",
            repr(body),
        )


@then(
    parsers.re(
        r"the standard choice was called (?P<count>\d+) times?, "
        r"each time with the fixed response list"
    ),
    converters={"count": int},
)
def choice_calls(driver: Driver, count: int) -> None:
    """``random.choice`` ran ``count`` times, each with the fixed list."""
    calls = driver.choice_spy.calls
    check(
        len(calls) == count,
        "one-choice-per-submission",
        "the standard choice (random.choice)",
        f"{count} call(s) in all",
        f"{len(calls)} call(s)",
    )
    fixed = tuple(driver.adapter.responses)
    for number, argument in enumerate(calls, start=1):
        check(
            argument == fixed,
            "standard-random-choice",
            f"call {number} of the standard choice",
            f"the fixed response list {list(fixed)}",
            str(list(argument)),
        )


@then("the standard choice was not called for that submission")
def choice_not_called(driver: Driver, submissions: list[Snapshot]) -> None:
    """No ``random.choice`` call since the last submission began (``blank-input-no-choice``)."""
    before = submissions[-1].choices
    after = len(driver.choice_spy.calls)
    check(
        after == before,
        "blank-input-no-choice",
        "the standard choice (random.choice)",
        "no call for a blank submission",
        f"{after - before} call(s)",
    )


@then("the submission changed nothing")
def changed_nothing(driver: Driver, submissions: list[Snapshot]) -> None:
    """Messages, records, items and widgets are as before the last submission."""
    before, after = submissions[-1], snapshot(driver)
    for part in ("messages", "inputs", "responses", "items", "widgets"):
        check(
            getattr(after, part) == getattr(before, part),
            "blank-input-no-change",
            f"the {part} after a blank submission",
            f"unchanged: {getattr(before, part)}",
            str(getattr(after, part)),
        )


@then(parsers.parse("the first {count:d} messages and items are unchanged"))
def earlier_unchanged(driver: Driver, submissions: list[Snapshot], count: int) -> None:
    """The first ``count`` messages and items equal their state before the last submission."""
    before, after = submissions[-1], snapshot(driver)
    check(
        after.messages[:count] == before.messages[:count],
        "messages-immutable",
        f"the first {count} messages",
        f"unchanged: {before.messages[:count]}",
        str(after.messages[:count]),
    )
    old, new = ([item.contract_view for item in snap.items[:count]] for snap in (before, after))
    check(
        new == old,
        "messages-immutable",
        f"the first {count} items (text, contract classes)",
        f"unchanged: {old}",
        str(new),
    )


@then(parsers.parse("the record of submitted inputs is {values}"))
def inputs_record(driver: Driver, values: str) -> None:
    """The record of submitted inputs equals the quoted values (``session-records``)."""
    seen, _ = records(driver)
    expected = quoted_list(values)
    check(
        seen == expected,
        "session-records",
        "the record of submitted inputs",
        str(expected),
        str(seen),
    )


@then(parsers.parse("the record of selected responses is {values}"))
def responses_record(driver: Driver, values: str) -> None:
    """The record of selected responses equals the quoted values (``session-records``)."""
    _, seen = records(driver)
    expected = quoted_list(values)
    check(
        seen == expected,
        "session-records",
        "the record of selected responses",
        str(expected),
        str(seen),
    )


@then("the records match the message list")
def records_match(driver: Driver) -> None:
    """Inputs are the user bodies and responses the agent bodies, in order."""
    inputs, responses = records(driver)
    seen = messages(driver)
    users = [body for role, body in seen if role == "user"]
    agents = [body for role, body in seen if role == "agent"]
    check(
        inputs == users,
        "session-records",
        "the record of submitted inputs",
        str(users),
        str(inputs),
    )
    check(
        responses == agents,
        "session-records",
        "the record of selected responses",
        str(agents),
        str(responses),
    )


@then(parsers.re(r"the records hold (?P<count>\d+) submissions?"), converters={"count": int})
def records_count(request: pytest.FixtureRequest, driver: Driver, count: int) -> None:
    """Both records have ``count`` entries (``quit-creates-no-state``, ``no-persistence``)."""
    inputs, responses = records(driver)
    check(
        len(inputs) == count and len(responses) == count,
        scenario_clause(request, "quit-creates-no-state", "no-persistence", "session-records"),
        "the session records",
        f"{count} submitted input(s) and {count} selected response(s)",
        f"inputs {inputs}, responses {responses}",
    )


@then("each item shows its role label, a colon, one space and its body")
def items_show_messages(driver: Driver) -> None:
    """Item ``i`` shows ``<label of role i>: <body i>`` (``display-format``)."""
    seen = items(driver)
    for number, ((role, body), item) in enumerate(zip(messages(driver), seen, strict=False), 1):
        expected = f"{LABELS.get(role, role)}: {body}"
        check(
            item.text == expected,
            "display-format",
            f"item {number} ({item.name})",
            repr(expected),
            repr(item.text),
        )
