"""Steps of profile ``rawp_crs`` for the history keys and the input focus (002 §2.5.4, §2.5.5).

↑/↓ are pressed in the empty input and the input's value is read; Page Up/Down are pressed
with the input focused, Home/End with the focus on the conversation (after a click on it,
design §6.2 item 11), and the conversation's scroll offset is read from the widget that
``conversation_selector`` names (``scroll_y``, ``max_scroll_y`` and its visible height, in
rows); typing after a click on the conversation must land in the input. Each key rule is
also pressed with the focus away from the input (on the conversation, where Tab moved it,
where a closing interaction UI left it), read as the seed words the rule: Page keys and
typing act wherever the focus is; Enter and Shift+Enter there may act or not, and never
lose or send what the person did not mean to (docs/design/decision-audit.md, rows 24 to 28).
"""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from pytest_bdd import given, parsers, then, when

from rawp_port import TextDelta, TurnEnded, TurnStarted
from steps.app_driver import WaitTimeout, key, typed
from steps.checks import check, literal, scenario_clause
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.support.turns import ANSWER, PROMPT, conversation_rows, send

PARAGRAPHS = 90
"""Paragraphs of the long answer: about 180 rows, several screens at any terminal size."""


@pytest.fixture
def scroll_memory() -> dict[str, Any]:
    """The conversation's scroll offset when a step last read it (``"y"``, rows)."""
    return {}


def _scroll(crs_driver: CrsDriver) -> tuple[float, float, int]:
    """``(scroll_y, max_scroll_y, visible height)`` of the conversation, in rows."""
    area = crs_driver.conversation
    return float(area.scroll_y), float(area.max_scroll_y), area.scrollable_content_region.height


@given("a conversation several screens tall, shown at its end")
def tall_conversation(crs_driver: CrsDriver, scroll_memory: dict[str, Any]) -> None:
    """A sent prompt and an answer of :data:`PARAGRAPHS` paragraphs; the view at the end."""
    send(crs_driver, "tell me everything")
    body = "\n\n".join(f"Paragraph {index} of the long answer." for index in range(PARAGRAPHS))
    crs_driver.publish(TurnStarted("t1"), TextDelta("t1", body), TurnEnded("t1"))
    y, bottom, height = _scroll(crs_driver)
    if bottom < 3 * height or y < bottom - 1:
        raise crs_driver.harness_error(
            f"the conversation is not several screens tall at its end: scroll_y {y}, "
            f"max_scroll_y {bottom}, visible height {height} (does conversation_selector "
            "name the scrolling widget?)"
        )
    scroll_memory["y"] = y


@when("the user clicks the conversation")
def click_conversation(crs_driver: CrsDriver) -> None:
    """Click the conversation area's first content cell (the focus leaves the input)."""
    area = crs_driver.conversation
    region = area.scrollable_content_region
    crs_driver.run(
        crs_driver.pilot.click(offset=(region.x + 1, region.y + 1)),
        "clicking the conversation",
    )
    crs_driver.settle()


@when(parsers.parse('the user types "{text}" anywhere'))
def type_anywhere(crs_driver: CrsDriver, text: str) -> None:
    """Type ``text`` key by key to whatever has the focus."""
    crs_driver.type_text(literal(text))


@when(parsers.parse('the user types "{text}" anywhere in one burst'))
def type_anywhere_burst(crs_driver: CrsDriver, text: str) -> None:
    """Type ``text`` as one burst to whatever has the focus (every key queued at once)."""
    crs_driver.burst(typed(literal(text)), f"typing {text!r} in one burst")


def _wait_scroll(crs_driver: CrsDriver, low: float, high: float) -> float:
    """Let the client scroll (bounded, for a condition) until ``low <= scroll_y <= high``."""
    with contextlib.suppress(WaitTimeout):  # the caller's check reports the clause
        crs_driver.wait_until(
            lambda: low <= _scroll(crs_driver)[0] <= high, f"scroll_y in [{low}, {high}]"
        )
    return _scroll(crs_driver)[0]


@then(parsers.parse("the conversation scrolled {direction} by about one page"))
def scrolled_page(
    crs_driver: CrsDriver,
    request: pytest.FixtureRequest,
    scroll_memory: dict[str, Any],
    direction: str,
) -> None:
    """The offset moved ``up``/``down`` by half to all of the visible height since last read."""
    clause = scenario_clause(request, "crs-page-keys-scroll")
    before = float(scroll_memory["y"])
    _y, bottom, height = _scroll(crs_driver)
    sign = -1 if direction == "up" else 1
    near, far = before + sign * height / 2, before + sign * (height + 1)
    low, high = sorted((max(0.0, min(bottom, near)), max(0.0, min(bottom, far))))
    seen = _wait_scroll(crs_driver, low, high)
    check(
        low <= seen <= high,
        clause,
        f"the conversation's scroll offset after paging {direction} from {before:g}",
        f"between {low:g} and {high:g} (visible height {height} rows)",
        f"{seen:g}",
    )
    scroll_memory["y"] = seen
    scroll_memory["page"] = abs(seen - before)


@when(parsers.parse('the user presses the key "{name}" {count:d} times in one burst'))
def presses_burst(crs_driver: CrsDriver, name: str, count: int) -> None:
    """Deliver ``count`` presses of the key ``name`` at once, as a held key's repeats."""
    crs_driver.burst([key(name) for _ in range(count)], f"{count} presses of {name}")


@then(parsers.parse("the conversation scrolled {direction} by {count:d} of those pages"))
def scrolled_pages(
    crs_driver: CrsDriver,
    request: pytest.FixtureRequest,
    scroll_memory: dict[str, Any],
    direction: str,
    count: int,
) -> None:
    """The offset moved ``count`` times the one-key page read before, within half a page.

    The page is the client's own, as one press moved it (``scroll_memory["page"]``), so a
    client whose page is not its full height passes; a burst that loses one key of
    ``count`` falls half a page short (``crs-page-keys-scroll``).
    """
    clause = scenario_clause(request, "crs-page-keys-scroll")
    before, page = float(scroll_memory["y"]), float(scroll_memory["page"])
    _y, bottom, height = _scroll(crs_driver)
    sign = -1 if direction == "up" else 1
    target = before + sign * count * page
    if page < 1 or not 0 <= target - page / 2 <= target + page / 2 <= bottom:
        raise crs_driver.harness_error(
            f"{count} pages of {page:g} rows {direction} from {before:g} do not fit in the "
            f"conversation (max_scroll_y {bottom:g}, visible height {height})"
        )
    low, high = target - page / 2, target + page / 2
    seen = _wait_scroll(crs_driver, low, high)
    check(
        low <= seen <= high,
        clause,
        f"the conversation's scroll offset after {count} keys {direction} in one burst "
        f"from {before:g}",
        f"{target:g} ({count} pages of {page:g} rows, as one key moved it), within {page / 2:g}",
        f"{seen:g}",
    )
    scroll_memory["y"] = seen


@when("the conversation is scrolled to its end")
def scroll_to_end(crs_driver: CrsDriver, scroll_memory: dict[str, Any]) -> None:
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
            lambda: _scroll(crs_driver)[0] >= _scroll(crs_driver)[1] - 0.5, "scroll_y at its end"
        )
    except WaitTimeout as late:
        raise crs_driver.harness_error(
            f"the conversation did not scroll to its end: {_scroll(crs_driver)}"
        ) from late
    scroll_memory["y"] = _scroll(crs_driver)[0]


@then(parsers.parse("the conversation is scrolled to its {end}"))
def scrolled_to(crs_driver: CrsDriver, request: pytest.FixtureRequest, end: str) -> None:
    """``top``: the offset is 0; ``bottom``: it is the largest (the latest message shown)."""
    clause = scenario_clause(
        request,
        "crs-home-scrolls-to-top" if end == "top" else "crs-end-scrolls-to-bottom",
    )
    _y, bottom, _height = _scroll(crs_driver)
    target = 0.0 if end == "top" else bottom
    seen = _wait_scroll(crs_driver, target - 0.5, target + 0.5)
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
    y, bottom, height = _scroll(crs_driver)
    check(
        not missing(),
        clause,
        "the conversation's viewport after the new message and its answer",
        " and ".join(repr(part) for part in wanted) + " drawn",
        f"{missing()!r} not drawn (scroll_y {y:g}, max_scroll_y {bottom:g}, height {height})",
    )


@when(parsers.parse('the user presses Tab and types "{text}" in one burst'))
def tab_then_type_burst(crs_driver: CrsDriver, text: str) -> None:
    """Deliver Tab and the keys of ``text`` at once, as a fast hand's terminal sends them."""
    crs_driver.burst([key("tab"), *typed(literal(text))], f"Tab and {text!r} in one burst")


@when("the user presses the first newline key")
def presses_newline_key(crs_driver: CrsDriver) -> None:
    """Press the adapter's first newline key (Shift+Enter, ``crs-shift-enter-newline``)."""
    keys = list(crs_driver.adapter.newline_keys)
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
