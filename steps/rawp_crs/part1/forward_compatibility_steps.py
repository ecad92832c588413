"""Steps of ``features/rawp_crs/forward_compatibility.feature``.

Events, markdown and output types the client does not know never break it.
"""

from __future__ import annotations

import pytest
from pytest_bdd import parsers, then, when

from rawp_port import (
    OtherEvent,
    TextDelta,
    ToolCall,
    ToolResult,
    TurnEnded,
    TurnStarted,
)
from steps.checks import check, literal, scenario_clause
from steps.rawp_crs.contract import ItemView
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.part1.drawn import drawn_in_sight, drawn_item
from steps.rawp_crs.state import CrsState
from steps.rawp_crs.support.layout import next_turn
from steps.screen import screen_text, text_width

FORWARD_CLAUSES = (
    "crs-ignore-unknown-events",
    "crs-unknown-output-type-monospace",
    "crs-markdown-unknown-literal",
)
"""The clauses of 004 §1.4, which a crash under hostile traffic breaks."""


@when(
    parsers.parse(
        'the agent streams "{first}", an event of the unknown type "{kind}", then "{second}"'
    )
)
def agent_streams_unknown(
    crs_driver: CrsDriver, crs_state: CrsState, first: str, kind: str, second: str
) -> None:
    """Publish a turn whose two text deltas have an event of type ``kind`` between them."""
    turn = next_turn(crs_state.traffic)
    crs_state.traffic.answer = literal(first) + literal(second)
    crs_state.traffic.unknown.append(kind)
    crs_driver.publish(
        TurnStarted(turn),
        TextDelta(turn, literal(first)),
        OtherEvent(kind, {"turn_id": turn, "text": "UNSEEN-PAYLOAD"}),
        TextDelta(turn, literal(second)),
        TurnEnded(turn),
    )


@when(parsers.parse('the agent streams "{first}" then "{second}"'))
def agent_streams(crs_driver: CrsDriver, crs_state: CrsState, first: str, second: str) -> None:
    """Publish a turn of two text deltas in one burst, as the unknown-event step does."""
    turn = next_turn(crs_state.traffic)
    crs_state.traffic.answer = literal(first) + literal(second)
    crs_driver.publish(
        TurnStarted(turn),
        TextDelta(turn, literal(first)),
        TextDelta(turn, literal(second)),
        TurnEnded(turn),
    )


@when(parsers.parse('the agent runs a tool whose result of type "{output_type}" is "{output}"'))
def agent_tool(crs_driver: CrsDriver, crs_state: CrsState, output_type: str, output: str) -> None:
    """Publish a turn with one tool call and its result of ``output_type``."""
    turn = next_turn(crs_state.traffic)
    crs_state.traffic.output = literal(output)
    crs_driver.publish(
        TurnStarted(turn),
        ToolCall(turn, "call-1", "probe", {}),
        ToolResult(turn, "call-1", output_type, crs_state.traffic.output),
        TurnEnded(turn),
    )


@then("the client is still running")
def client_still_running(crs_driver: CrsDriver, request: pytest.FixtureRequest) -> None:
    """The app neither crashed nor exited (the scenario's clause of §1.4)."""
    crash = crs_driver.crash
    check(
        crs_driver.running and crash is None,
        scenario_clause(request, *FORWARD_CLAUSES),
        "the client",
        "it to keep running",
        f"crashed: {crash!r}" if crash else "it exited",
    )


@then("the agent's answer reads in full")
def answer_in_full(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """Every word of the answer is drawn, in order (``crs-ignore-unknown-events``)."""
    views = crs_driver.items()
    blocks = [
        drawn_in_sight(crs_driver, view.widget, views, "crs-ignore-unknown-events")
        for view in views
        if view.actor == "agent" and view.kind == "text"
    ]
    texts = ["".join(block.row_text(y) for y in block.rows()) for block in blocks]
    seen = "".join("".join(texts).split())
    expected = "".join(crs_state.traffic.answer.split())
    check(
        expected in seen,
        "crs-ignore-unknown-events",
        "the agent's text",
        repr(crs_state.traffic.answer),
        repr(" ".join(texts)),
    )


@then("nothing is shown for the unknown event")
def unknown_not_shown(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """No item, toast or text of the unknown event appears (``crs-ignore-unknown-events``)."""
    views = crs_driver.items()
    odd = [f"{view.actor}/{view.kind}" for view in views if view.kind in ("system", "other")]
    check(
        not odd,
        "crs-ignore-unknown-events",
        "the conversation",
        "no item for the unknown event",
        odd,
    )
    screen = screen_text(crs_driver.app)
    shown = [word for word in [*crs_state.traffic.unknown, "UNSEEN-PAYLOAD"] if word in screen]
    check(
        not shown, "crs-ignore-unknown-events", "the screen", "no trace of the unknown event", shown
    )


@then("the answer with the unknown event is drawn as the answer without it")
def drawn_alike(crs_driver: CrsDriver) -> None:
    """The agent's items of the first turn are drawn as those of the second, row for row.

    "Silently" (``crs-ignore-unknown-events``): the unknown event changes nothing drawn, so
    the turn that carried it looks like the same text streamed without it: the same items,
    of the same kinds, with the same rows (a text split into two blocks at the event fails).
    """
    clause = "crs-ignore-unknown-events"
    views = crs_driver.items()
    users = [i for i, view in enumerate(views) if view.actor == "user" and view.kind == "text"]
    check(len(users) >= 2, clause, "the conversation", "two user messages", str(len(users)))
    turns = (views[users[-2] + 1 : users[-1]], views[users[-1] + 1 :])
    drawn_turns = [
        [
            (view.kind, _rows(crs_driver, view))
            for view in turn
            if view.actor == "agent" and view.kind not in ("timestamp", "date_separator")
        ]
        for turn in turns
    ]
    check(
        drawn_turns[0] == drawn_turns[1],
        clause,
        "the answer with the unknown event",
        f"drawn as the same text without it: {drawn_turns[1]!r}",
        repr(drawn_turns[0]),
    )


def _rows(crs_driver: CrsDriver, view: ItemView) -> list[str]:
    """The item's drawn rows, right-stripped, blank rows left out (scrolled into sight)."""
    item = drawn_in_sight(crs_driver, view.widget, crs_driver.items(), "crs-ignore-unknown-events")
    rows = (item.row_text(y).rstrip() for y in item.rows())
    return [row for row in rows if row.strip()]


@then("each line of the tool result is shown verbatim on a row of its own")
def output_verbatim(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """The result's lines are on consecutive rows, from one column, spaces kept, unstyled.

    Checks ``crs-unknown-output-type-monospace``: a verbatim preformatted block. A client
    may fold a tool's output until it is clicked (how tool results are shown is §4's, which
    the seeds do not hold): where the first line is not drawn, the tool block is clicked
    once, as a person would, and read again (decision audit row 53).
    """
    clause = "crs-unknown-output-type-monospace"
    lines = crs_state.traffic.output.split("\n")
    item = drawn_item(crs_driver, "agent", clause)
    top = item.find(lines[0])
    if top is None and _unfold_tool_block(crs_driver):
        item = drawn_item(crs_driver, "agent", clause)
        top = item.find(lines[0])
    check(
        top is not None, clause, "the tool block", f"the line {lines[0]!r} drawn", item.describe()
    )
    assert top is not None
    y, x = top
    for offset, line in enumerate(lines):
        row = y + offset
        seen = item.row_text(row, x, x + text_width(line)) if row < len(item.cells) else ""
        check(seen == line, clause, f"row {offset + 1} of the result", repr(line), repr(seen))
        styled = [
            c.char
            for c in item.cells[row][x : x + text_width(line)]
            if c.bold or c.italic or c.link
        ]
        check(not styled, clause, f"row {offset + 1} of the result", "no markdown styling", styled)


def _unfold_tool_block(crs_driver: CrsDriver) -> bool:
    """Click the first row of the last tool block, as a person unfolds it; whether one was."""
    blocks = [
        view
        for view in crs_driver.items()
        if view.actor == "agent" and view.kind in ("tool_call", "tool_result")
    ]
    region = blocks[-1].widget.region if blocks else None
    if region is None or not region.area:
        return False
    crs_driver.click(region.x + min(2, region.width - 1), region.y, doing="unfolding a tool block")
    return True


@then(parsers.parse('the agent\'s answer shows "{text}" as written'))
def answer_shows_literal(crs_driver: CrsDriver, request: pytest.FixtureRequest, text: str) -> None:
    """``text`` is drawn as written in the agent's text.

    Checks ``crs-markdown-unknown-literal``, or ``crs-markdown-html-not-hidden`` in its
    scenarios (raw HTML, on which the seed is silent).
    """
    clause = scenario_clause(
        request, "crs-markdown-html-not-hidden", "crs-markdown-unknown-literal"
    )
    wanted = literal(text)
    check(
        crs_driver.running and crs_driver.crash is None,
        clause,
        "the client",
        "it to keep running",
        repr(crs_driver.crash),
    )
    item = drawn_item(crs_driver, "agent", clause)
    found = item.text_cells(wanted)
    shown = [item.row_text(y).strip() for y in item.rows()]
    check(found is not None, clause, "the agent's text", f"the characters {wanted!r}", shown)
    assert found is not None
    styled = [c.char for c in found if c.bold or c.italic or c.link]
    check(not styled, clause, f"the characters {wanted!r}", "no styling from them", styled)
