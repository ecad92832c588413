"""Steps of ``features/rawp_crs/history_keys_and_focus.feature``.

History recall, page and Home/End scrolling, and typing that reaches the input.
"""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from pytest_bdd import given, parsers, then, when

from rawp_port import TextDelta, TurnEnded, TurnStarted
from steps.app_driver import WaitTimeout, typed
from steps.checks import check, literal, scenario_clause
from steps.rawp_crs.contract import TokenView
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.part3.tokens import nodes, prompts, shape
from steps.rawp_crs.state import CrsState
from steps.rawp_crs.support.scroll import scroll_state, wait_scroll
from steps.rawp_crs.support.turns import ANSWER, PROMPT, conversation_rows, send

PARAGRAPHS = 90
"""Paragraphs of the long answer: about 180 rows, several screens at any terminal size."""


@given("a conversation several screens tall, shown at its end")
def tall_conversation(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """A sent prompt and an answer of :data:`PARAGRAPHS` paragraphs; the view at the end."""
    send(crs_driver, "tell me everything")
    body = "\n\n".join(f"Paragraph {index} of the long answer." for index in range(PARAGRAPHS))
    crs_driver.publish(TurnStarted("t1"), TextDelta("t1", body), TurnEnded("t1"))
    y, bottom, height = scroll_state(crs_driver)
    if bottom < 3 * height or y < bottom - 1:
        raise crs_driver.harness_error(
            f"the conversation is not several screens tall at its end: scroll_y {y}, "
            f"max_scroll_y {bottom}, visible height {height} (does conversation_selector "
            "name the scrolling widget?)"
        )
    crs_state.scroll.y = y


@when(parsers.parse('the user types "{text}" anywhere'))
def type_anywhere(crs_driver: CrsDriver, text: str) -> None:
    """Type ``text`` key by key to whatever has the focus (part 4's focus rule)."""
    crs_driver.uses(4)
    crs_driver.type_text(literal(text))


@when(parsers.parse('the user types "{text}" anywhere in one burst'))
def type_anywhere_burst(crs_driver: CrsDriver, text: str) -> None:
    """Type ``text`` as one burst to whatever has the focus (every key queued at once)."""
    crs_driver.uses(4)
    crs_driver.burst(typed(literal(text)), f"typing {text!r} in one burst")


@then(parsers.parse("the conversation scrolled {direction} by about one page"))
def scrolled_page(
    crs_driver: CrsDriver, crs_state: CrsState, request: pytest.FixtureRequest, direction: str
) -> None:
    """The offset moved ``up``/``down`` by half to all of the visible height since last read."""
    clause = scenario_clause(request, "crs-page-keys-scroll")
    before = float(crs_state.scroll.y)
    _y, bottom, height = scroll_state(crs_driver)
    sign = -1 if direction == "up" else 1
    near, far = before + sign * height / 2, before + sign * (height + 1)
    low, high = sorted((max(0.0, min(bottom, near)), max(0.0, min(bottom, far))))
    seen = wait_scroll(crs_driver, low, high)
    check(
        low <= seen <= high,
        clause,
        f"the conversation's scroll offset after paging {direction} from {before:g}",
        f"between {low:g} and {high:g} (visible height {height} rows)",
        f"{seen:g}",
    )
    crs_state.scroll.y = seen
    crs_state.scroll.page = abs(seen - before)


@then(parsers.parse("the conversation scrolled {direction} by {count:d} of those pages"))
def scrolled_pages(
    crs_driver: CrsDriver,
    crs_state: CrsState,
    request: pytest.FixtureRequest,
    direction: str,
    count: int,
) -> None:
    """The offset moved ``count`` times the one-key page read before, within half a page.

    The page is the client's own, as one press moved it (``crs_state.scroll.page``), so a
    client whose page is not its full height passes; a burst that loses one key of
    ``count`` falls half a page short (``crs-page-keys-scroll``).
    """
    clause = scenario_clause(request, "crs-page-keys-scroll")
    before, page = float(crs_state.scroll.y), float(crs_state.scroll.page)
    _y, bottom, height = scroll_state(crs_driver)
    sign = -1 if direction == "up" else 1
    target = before + sign * count * page
    if page < 1 or not 0 <= target - page / 2 <= target + page / 2 <= bottom:
        raise crs_driver.harness_error(
            f"{count} pages of {page:g} rows {direction} from {before:g} do not fit in the "
            f"conversation (max_scroll_y {bottom:g}, visible height {height})"
        )
    low, high = target - page / 2, target + page / 2
    seen = wait_scroll(crs_driver, low, high)
    check(
        low <= seen <= high,
        clause,
        f"the conversation's scroll offset after {count} keys {direction} in one burst "
        f"from {before:g}",
        f"{target:g} ({count} pages of {page:g} rows, as one key moved it), within {page / 2:g}",
        f"{seen:g}",
    )
    crs_state.scroll.y = seen


@when("the conversation is scrolled to its end")
def scroll_to_end(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """Scroll the conversation to its end (as the scrollbar would), then remember the offset.

    Set-up for a page key read against the end: the interaction UI that just appeared may
    have made the conversation taller or shorter.

    Raises:
        HarnessError: The conversation is not at its end afterwards (bounded wait).
    """
    area = crs_driver.conversation
    crs_driver.record(
        "app.screen.query_one(adapter.conversation_selector)"
        ".scroll_end(animate=False, immediate=True)"
    )
    area.scroll_end(animate=False, immediate=True)
    crs_driver.settle()
    try:
        crs_driver.wait_until(
            lambda: scroll_state(crs_driver)[0] >= scroll_state(crs_driver)[1] - 0.5,
            "scroll_y at its end",
        )
    except WaitTimeout as late:
        raise crs_driver.harness_error(
            f"the conversation did not scroll to its end: {scroll_state(crs_driver)}"
        ) from late
    crs_state.scroll.y = scroll_state(crs_driver)[0]


@then(parsers.parse("the conversation's view shows \"{text}\" and the agent's answer"))
def view_shows_turn(crs_driver: CrsDriver, request: pytest.FixtureRequest, text: str) -> None:
    """The rows drawn in the conversation's viewport hold ``text`` and the turn's answer.

    Read from the composed screen, inside the conversation's region: a message mounted
    below the viewport is not seen (``crs-page-keys-scroll``: a Page Down at the end must
    not leave the view behind what is sent next).
    """
    clause = scenario_clause(request, "crs-page-keys-scroll")
    wanted = [literal(text), ANSWER]

    def missing() -> list[str]:
        drawn = " ".join(row for _y, row in conversation_rows(crs_driver))
        return [part for part in wanted if part not in drawn]

    with contextlib.suppress(WaitTimeout):  # the check below reports the clause
        crs_driver.wait_until(lambda: not missing(), "the new turn drawn in view", bound=3)
    y, bottom, height = scroll_state(crs_driver)
    check(
        not missing(),
        clause,
        "the conversation's viewport after the new message and its answer",
        " and ".join(repr(part) for part in wanted) + " drawn",
        f"{missing()!r} not drawn (scroll_y {y:g}, max_scroll_y {bottom:g}, height {height})",
    )


@when("the user presses the first newline key")
def presses_newline_key(crs_driver: CrsDriver) -> None:
    """Press the adapter's first newline key (Shift+Enter, ``crs-shift-enter-newline``)."""
    keys = list(crs_driver.part1.newline_keys)
    check(
        bool(keys),
        "crs-shift-enter-newline",
        "the adapter's newline_keys",
        "Shift+Enter first",
        repr(keys),
    )
    crs_driver.press(keys[0])


@then(parsers.parse('the draft "{text}" was sent as it was typed, or is still in the input'))
def draft_sent_or_kept(crs_driver: CrsDriver, request: pytest.FixtureRequest, text: str) -> None:
    """Either one prompt carrying ``text`` and an empty input, or no prompt and ``text`` kept.

    002 §2.5.1 does not say whether Enter sends with the focus away from the input; both
    readings pass. What fails: a prompt of other text, a prompt and the draft still there,
    or no prompt and the draft gone or changed (``crs-enter-sends``).
    """
    clause = scenario_clause(request, "crs-enter-sends")
    draft = literal(text)
    sent = [getattr(frame, "prompt_text", None) for frame in crs_driver.agent.sent_of(PROMPT)]
    value = crs_driver.input_value
    kept = not sent and value == draft
    check(
        kept or (sent == [draft] and value == ""),
        clause,
        "the prompts sent and the input after Enter with the focus on the conversation",
        f"the prompt {draft!r} sent and the input empty, or nothing sent and {draft!r} kept",
        f"prompts {sent!r}, input {value!r}",
    )


@then(
    parsers.parse(
        'no prompt was sent and the input holds "{text}", with or without a line break added'
    )
)
def draft_with_or_without_break(
    crs_driver: CrsDriver, request: pytest.FixtureRequest, text: str
) -> None:
    """No prompt sent; the input holds ``text``, or ``text`` and one line break at its end.

    002 §2.5.1: Shift+Enter adds a line "always" and never sends; with the focus off the
    input either the line break or nothing is added (``crs-shift-enter-newline``).
    """
    clause = scenario_clause(request, "crs-shift-enter-newline")
    sent = [getattr(frame, "prompt_text", None) for frame in crs_driver.agent.sent_of(PROMPT)]
    check(not sent, clause, "the prompts sent after the newline key", "none", repr(sent))
    draft, value = literal(text), crs_driver.input_value
    check(
        value in (draft, draft + "\n"),
        clause,
        "the input after the newline key with the focus on the conversation",
        f"{draft!r} or {draft + chr(10)!r}",
        repr(value),
    )


@then(parsers.parse('the input holds "{before}", a token for "{path}" and "{after}"'))
def holds_around_token(
    crs_driver: CrsDriver, request: pytest.FixtureRequest, before: str, path: str, after: str
) -> None:
    """The input is the text ``before``, one token for ``path``, then the text ``after``.

    A recalled message gives its file token back as a token (``crs-history-recall``), not
    as the text ``@path``.
    """
    clause = scenario_clause(request, "crs-history-recall")
    seen = nodes(crs_driver)
    ok = (
        len(seen) == 3
        and seen[0] == literal(before)
        and isinstance(seen[1], TokenView)
        and seen[1].path == literal(path)
        and seen[2] == literal(after)
    )
    wanted = f"{literal(before)}[{literal(path)}]{literal(after)}"
    check(ok, clause, "the input (a token as [path])", repr(wanted), repr(shape(crs_driver)))


def _with_numbered_refs(frame: Any) -> tuple[str, list[str]]:
    """``prompt_text`` with each token's ``ref_id`` replaced by its index, and the paths."""
    text = str(getattr(frame, "prompt_text", ""))
    refs = list(getattr(frame, "file_references", ()) or ())
    for index, ref in enumerate(refs, start=1):
        text = text.replace(f"<@file:{ref.ref_id}|", f"<@file:#{index}|")
    return text, [str(ref.path) for ref in refs]


@then(parsers.parse("prompt {second:d} is prompt {first:d} again, with its file references"))
def sent_again(
    crs_driver: CrsDriver, request: pytest.FixtureRequest, second: int, first: int
) -> None:
    """Prompt ``second`` has the text and files of prompt ``first`` (any fresh ``ref_id``)."""
    clause = scenario_clause(request, "crs-history-recall")
    sent = prompts(crs_driver)
    check(len(sent) >= max(first, second), clause, "the prompts sent", f"{second}", len(sent))
    before, again = _with_numbered_refs(sent[first - 1]), _with_numbered_refs(sent[second - 1])
    check(
        again == before and bool(before[1]),
        clause,
        f"prompt {second} (prompt_text with ref_ids numbered, file_references paths)",
        repr(before),
        repr(again),
    )
