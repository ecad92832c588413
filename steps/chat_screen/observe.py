"""Reading the implementation under test: message data through the adapter, items on screen.

Every Then step reads through these functions, so the way data is fetched and named in
failure messages is the same everywhere.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from textual.widget import Widget

from steps.chat_screen.contract import ChatScreenAdapter, role_value
from steps.chat_screen.driver import Driver
from steps.chat_screen.geometry import Side
from steps.checks import check
from steps.screen import describe_widget, item_text
from steps.verdicts import HARNESS_PREFIX, HarnessError

LABELS = {"user": "사용자", "agent": "에이전트"}
"""Screen label of each role value (clause ``role-labels``)."""
CLASSES = {
    "user": frozenset({"chat-message", "user-message", "user-role"}),
    "agent": frozenset({"chat-message", "response-message", "agent-role"}),
}
"""Classes of an item of each role (clause ``role-classes``)."""
CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f]+")
"""Runs of control characters (Unicode category Cc) other than TAB."""


def printable_runs(body: str) -> list[str]:
    """The parts of ``body`` between its control characters, in order."""
    return [run for run in CONTROL.split(body) if run]


COUNT_CLAUSES = (
    "quit-creates-no-state",
    "no-persistence",
    "enter-submits",
    "submission-order",
    "pair-order",
)
"""Clauses a message or item count verifies, most specific first (``scenario_clause``)."""
ROLE_SIDE = {"user": Side.LEFT, "agent": Side.RIGHT}
"""The side each role's item sits on (clauses ``role-alignment``, ``role-borders``)."""
CONTRACT_CLASSES: frozenset[str] = frozenset().union(*CLASSES.values())
"""Every class the contract gives items; any other class is the implementation's own."""


@dataclass(frozen=True)
class Item:
    """One rendered message item as the harness sees it.

    Attributes:
        text: The plain text the widget shows.
        classes: Its CSS classes.
        name: Type, id and classes, for messages.
    """

    text: str
    classes: frozenset[str]
    name: str

    @property
    def contract_view(self) -> tuple[str, frozenset[str]]:
        """What the contract fixes about the item: its text and its contract classes.

        An implementation may add and move classes of its own (a highlight of the
        newest reply, say); the spec only fixes the content and the role of an item.
        """
        return self.text, self.classes & CONTRACT_CLASSES


@dataclass(frozen=True)
class Snapshot:
    """Everything a submission could change, at one moment.

    Attributes:
        messages: ``(role, body)`` of each message, role as its string value.
        inputs: The record of submitted inputs.
        responses: The record of selected responses.
        items: The rendered items.
        widgets: Number of widgets inside the conversation area (any kind).
        choices: Number of calls of the standard choice so far.
    """

    messages: tuple[tuple[str, str], ...]
    inputs: tuple[str, ...]
    responses: tuple[str, ...]
    items: tuple[Item, ...]
    widgets: int
    choices: int


def messages(driver: Driver) -> list[tuple[str, str]]:
    """The message list through the adapter, roles as strings.

    Every other check compares roles with ``user`` and ``agent`` (the expected label,
    classes and side follow from them), so the role values are checked here first: a
    message list whose roles are spelt ``USER`` or ``assistant`` fails under the clause
    it breaks, not under the first clause whose expectation was derived from it.

    Raises:
        AssertionError: ``[role-in-message-data]`` for a message stored without a role,
            ``[role-values]`` for a role that is neither ``user`` nor ``agent``.
    """
    adapter: ChatScreenAdapter = driver.adapter
    seen = []
    for number, (role, body) in enumerate(adapter.messages(driver.app), start=1):
        where = f"message {number}"
        check(role is not None, "role-in-message-data", where, "a role stored with it", "none")
        value = role_value(role)
        check(value in LABELS, "role-values", where, 'the value "user" or "agent"', repr(value))
        seen.append((value, body))
    return seen


def records(driver: Driver) -> tuple[list[str], list[str]]:
    """The session records: (submitted inputs, selected responses)."""
    adapter: ChatScreenAdapter = driver.adapter
    return list(adapter.submitted_inputs(driver.app)), list(adapter.selected_responses(driver.app))


def item_widgets(driver: Driver) -> list[Widget]:
    """The message widgets in the conversation area, in display order."""
    return driver.items()


def items(driver: Driver) -> list[Item]:
    """The rendered items, in display order."""
    return [
        Item(item_text(widget), frozenset(widget.classes), describe_widget(widget))
        for widget in item_widgets(driver)
    ]


def item_widget(driver: Driver, number: int) -> Widget:
    """Item ``number`` (1-based) of the conversation area.

    Raises:
        AssertionError: ``single-label-widget``: the message list holds message ``number``
            but the area shows fewer items.
        HarnessError: Precondition not met: the message list holds fewer messages too,
            which a check of an earlier step should have caught.
    """
    found = item_widgets(driver)
    if 1 <= number <= len(found):
        return found[number - 1]
    shown = f"{len(found)} items ({[item_text(widget) for widget in found]})"
    held = len(messages(driver))
    check(
        held < number,
        "single-label-widget",
        f"item {number}",
        f"one item for each of the {held} messages",
        shown,
    )
    raise HarnessError(
        f"{HARNESS_PREFIX}: precondition not met, the step reads item {number}, but the "
        f"message list holds {held} messages and the conversation area shows {shown}"
    )


def snapshot(driver: Driver) -> Snapshot:
    """Take a :class:`Snapshot` of the running app."""
    inputs, responses = records(driver)
    return Snapshot(
        messages=tuple(messages(driver)),
        inputs=tuple(inputs),
        responses=tuple(responses),
        items=tuple(items(driver)),
        widgets=len(list(driver.conversation.query("*"))),
        choices=len(driver.spy.calls) if driver.spy else 0,
    )
