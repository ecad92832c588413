"""Steps of ``features/rawp_crs/cancelling.feature``.

Escape cancels the agent's running turn, and does nothing while the agent is idle.
"""

from __future__ import annotations

import contextlib

import pytest
from pytest_bdd import given, parsers, then, when

from rawp_port import (
    InteractionRequested,
    SystemNotice,
    TextDelta,
    Thinking,
    ToolCall,
    ToolResult,
    TurnEnded,
    TurnStarted,
    type_name,
)
from steps.app_driver import WaitTimeout
from steps.checks import check, literal, scenario_clause
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.part4.interaction import (
    interaction_ui,
    ui_region,
    ui_text,
)
from steps.rawp_crs.state import CrsState
from steps.rawp_crs.support.turns import CANCEL, PROMPT, conversation_rows, send


@when(
    parsers.parse(
        'the agent asks a Yes/No question in turn "{turn}" and the user answers "{answer}"'
    )
)
def yes_no_answered(crs_driver: CrsDriver, turn: str, answer: str) -> None:
    """Ask a YN request ``q1`` in ``turn``; the user answers with the key ``answer``.

    The UI must be shown, then gone after the answer (``crs-interaction-keys-yn``): what a
    later step checks happens with the focus wherever the closed UI left it.

    Raises:
        AssertionError: (via ``check``) the UI is not shown, or still shown after the answer.
    """
    clause = "crs-interaction-keys-yn"
    crs_driver.publish(InteractionRequested("q1", "YN", "Delete the build folder?", (), None, turn))
    region = ui_region(crs_driver, clause)
    crs_driver.press(answer)
    check(
        interaction_ui(crs_driver) is None,
        clause,
        "the Yes/No UI after the answer",
        "gone",
        f"still shown: {ui_text(crs_driver, region)}",
    )


@when(parsers.parse('the agent ends turn "{turn}" as cancelled, with the notice "{text}"'))
def agent_ends_cancelled(crs_driver: CrsDriver, crs_state: CrsState, turn: str, text: str) -> None:
    """Publish what an agent sends after a cancel: a stop notice, then the turn's end.

    002 §2.1 names the stop notice among the system messages (중지 알림); its kind is
    ``cancelled`` in our port's naming (:class:`rawp_port.events.SystemNotice`).
    """
    crs_state.traffic.notice = literal(text)
    crs_driver.publish(SystemNotice("cancelled", crs_state.traffic.notice), TurnEnded(turn))


HUGE_TAIL = "\n\nend of the huge delta"
"""The last words of the 1 MB delta, looked for on screen."""


@when(parsers.parse('the agent thinks, calls a tool and streams text in turn "{turn}"'))
def agent_works(crs_driver: CrsDriver, turn: str) -> None:
    """Publish a thinking delta, a tool call with its result and two text deltas."""
    crs_driver.publish(
        Thinking(turn, "Reading the parser first."),
        ToolCall(turn, "call-1", "read_file", {"path": "parser.py"}),
        ToolResult(turn, "call-1", "text", "def parse(): ..."),
        TextDelta(turn, "The parser reads "),
        TextDelta(turn, "tokens one by one."),
    )


@when(parsers.parse('the agent streams one text delta of {size:d} characters in turn "{turn}"'))
def huge_delta(crs_driver: CrsDriver, size: int, turn: str) -> None:
    """Publish one delta of ``size`` characters: words of ``x`` on lines of 60."""
    line = ("xxxxxxxxx " * 6)[:-1] + "\n"
    body = (line * (size // len(line) + 1))[: size - len(HUGE_TAIL)]
    crs_driver.publish(TextDelta(turn, body + HUGE_TAIL))


@given(
    parsers.parse(
        "the user has cancelled {count:d} earlier turns with Escape, "
        "opening and closing the command popup after each"
    )
)
def cancelled_turns(crs_driver: CrsDriver, count: int) -> None:
    """Run ``count`` turns ``e1``… each cancelled with Escape and ended by the agent.

    After each, `/` is typed (the command popup opens), Escape closes it and Backspace
    clears the input, so the next turn starts after another feature was used.
    """
    for number in range(1, count + 1):
        turn = f"e{number}"
        send(crs_driver, f"earlier prompt {number}")
        crs_driver.publish(TurnStarted(turn), TextDelta(turn, "Working on it "))
        crs_driver.press("escape")
        crs_driver.publish(TurnEnded(turn))
        crs_driver.type_text("/")
        crs_driver.press("escape", "backspace")


@then(parsers.parse('the cancel names turn "{turn}" or no turn'))
def cancel_names(crs_driver: CrsDriver, request: pytest.FixtureRequest, turn: str) -> None:
    """The cancel's ``turn_id`` is ``turn`` or absent (RAWP-DPS makes it optional)."""
    clause = scenario_clause(request, "crs-escape-cancel-states", "crs-escape-cancels-turn")
    sent = crs_driver.agent.sent_of(CANCEL)
    seen = getattr(sent[-1], "turn_id", None) if sent else "no cancel"
    check(seen in (turn, None), clause, "the cancel's turn_id", f"{turn!r} or None", repr(seen))


@then(
    parsers.parse(
        'the client sent at most 1 cancel, naming turn "{turn}" or no turn, before the turn ended'
    )
)
def at_most_one_cancel(crs_driver: CrsDriver, request: pytest.FixtureRequest, turn: str) -> None:
    """Escape before ``session.turn.start``: every reading of the seeds is accepted.

    004 §1.2 makes the Turn ``session.turn.start`` .. ``session.turn.end`` and 002 §2.5.2
    names only the agent's working states, while 002 §2.4 calls sending the user message
    the Turn's start (catalogue decision of ``crs-escape-cancels-turn``). So a client may
    cancel at once, defer the cancel until the turn starts, or send none; it may not send
    two (``crs-escape-cancels-turn``: one cancel per Escape), name another turn, or send a
    cancel once the turn has ended (``crs-escape-idle-does-nothing``).
    """
    log = crs_driver.agent.log
    ended = next(
        (
            at
            for at, (what, item) in enumerate(log)
            if what == "published"
            and type_name(item) == "session.turn.end"
            and getattr(item, "turn_id", None) == turn
        ),
        len(log),
    )
    cancels = [(at, frame) for at, (what, frame) in enumerate(log) if what == "sent"]
    cancels = [(at, frame) for at, frame in cancels if type_name(frame) == CANCEL]
    clause = scenario_clause(request, "crs-escape-cancels-turn")
    check(
        len(cancels) <= 1,
        clause,
        "the cancel frames the agent received for one Escape",
        "at most 1 (at once, when the turn starts, or none)",
        f"{len(cancels)}: {[frame for _at, frame in cancels]!r}",
    )
    for at, frame in cancels:
        seen = getattr(frame, "turn_id", None)
        check(seen in (turn, None), clause, "the cancel's turn_id", f"{turn!r} or None", repr(seen))
        check(
            at < ended,
            scenario_clause(request, "crs-escape-idle-does-nothing", "crs-escape-cancels-turn"),
            "the cancel",
            f"sent before turn {turn!r} ended",
            "sent after session.turn.end, when no turn was in progress",
        )


@then("the client is still running and the input takes a new message")
def still_running(crs_driver: CrsDriver, request: pytest.FixtureRequest) -> None:
    """The client runs on, and a new message typed and sent reaches the agent."""
    clause = scenario_clause(
        request,
        "crs-escape-idle-does-nothing",
        "crs-escape-cancel-states",
        "crs-escape-cancels-turn",
    )
    check(crs_driver.running, clause, "the client", "it to keep running", repr(crs_driver.crash))
    before = len(crs_driver.agent.sent_of(PROMPT))
    crs_driver.type_text("still here")
    crs_driver.press("enter")
    prompts = crs_driver.agent.sent_of(PROMPT)
    seen = getattr(prompts[-1], "prompt_text", None) if len(prompts) > before else None
    check(seen == "still here", clause, "a prompt sent afterwards", "'still here'", repr(seen))


def _look_at_the_end(crs_driver: CrsDriver) -> None:
    """Scroll the conversation to its end, as a person looks for the stream's last words.

    The seeds we hold ask no client to follow a stream (§4, which might, is not held), so
    a check of what the stream drew reads it where it ends, not where the view stayed.
    """
    crs_driver.conversation.scroll_end(animate=False, immediate=True)
    crs_driver.settle()


@then(parsers.parse("the conversation ends with the last {count:d} deltas in order"))
def deltas_tail(crs_driver: CrsDriver, request: pytest.FixtureRequest, count: int) -> None:
    """The words drawn last in the conversation are ``w<count-k> … w<count-1>``, in order.

    Every word seen at the conversation's end is the one expected at its place (nothing
    lost, nothing reordered). The seeds we hold do not ask the view to follow a stream, so
    where the tail is not in sight the conversation is scrolled to its end first, as a
    person would look (:func:`_look_at_the_end`).
    """
    clause = scenario_clause(request, "crs-escape-cancel-states")

    def streamed_words() -> list[str]:
        return [
            word
            for _y, text in conversation_rows(crs_driver)
            for word in text.split()
            if word.startswith("w") and word[1:].isdigit()
        ]

    with contextlib.suppress(WaitTimeout):  # a client may draw deltas a frame or more later
        crs_driver.wait_until(lambda: f"w{count - 1}" in streamed_words(), f"w{count - 1} drawn")
    if f"w{count - 1}" not in streamed_words():
        _look_at_the_end(crs_driver)
    words = streamed_words()
    expected = [f"w{index}" for index in range(count)][-len(words) :] if words else ["w…"]
    check(
        len(words) >= 10 and words == expected,
        clause,
        "the words drawn last in the conversation",
        f"a run of at least 10 words ending with w{count - 1}, consecutive",
        " ".join(words[-12:]) or "no streamed words on screen",
    )


@then("the conversation ends with the huge delta's last line")
def huge_tail(crs_driver: CrsDriver, request: pytest.FixtureRequest) -> None:
    """The marker that ends the huge delta is drawn in the conversation."""
    clause = scenario_clause(request, "crs-escape-cancel-states")

    def drawn() -> bool:
        return any(HUGE_TAIL.strip() in text for _y, text in conversation_rows(crs_driver))

    with contextlib.suppress(WaitTimeout):  # a client may draw a huge delta frames later
        crs_driver.wait_until(drawn, "the huge delta's last line drawn")
    if not drawn():
        _look_at_the_end(crs_driver)
    texts = [text for _y, text in conversation_rows(crs_driver)]
    check(
        any(HUGE_TAIL.strip() in text for text in texts),
        clause,
        "the conversation",
        f"the delta's last words {HUGE_TAIL.strip()!r} drawn",
        " / ".join(text for text in texts if text.strip())[-200:],
    )
