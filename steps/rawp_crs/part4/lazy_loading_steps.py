"""Steps of ``features/rawp_crs/lazy_loading.feature``.

A reopened conversation shows its last N turns; older turns load on request.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from pytest_bdd import given, parsers, then, when
from textual import events
from textual.widget import Widget

from steps.checks import check, violation
from steps.rawp_crs.contract import ItemView
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.support.history import (
    CONVERSATION,
    prompt_of,
    store,
    stored_turn,
    visible_rows,
)
from steps.screen import item_text, screen_cells, screen_rows
from steps.textual_private import post_mouse_events

FORMS = frozenset({"button", "scroll"})
"""The two forms of the trigger (002 §2.6.2)."""


NEAR_TOP = 4
"""Rows below the top the wheel starts from (more than one notch)."""


WHEEL_LIMIT = 400
"""At most this many wheel notches to reach the top of the conversation."""


HUGE_END = "end of the huge stored answer"
"""The last words of the 1 MB stored answer."""


def forms(crs_driver: CrsDriver) -> list[str]:
    """The trigger forms the adapter declares, checked (``crs-load-older-trigger-forms``)."""
    declared: Collection[str] = crs_driver.part4.load_older_forms
    found = list(declared)
    check(
        bool(found) and set(found) <= FORMS,
        "crs-load-older-trigger-forms",
        "the adapter's load_older_forms",
        "one or both of 'button' and 'scroll'",
        repr(found),
    )
    return found


def triggers(crs_driver: CrsDriver) -> list[ItemView]:
    """The conversation's load-older items (trigger, retry or spinner), top to bottom."""
    return [view for view in crs_driver.items() if view.kind == "load_older"]


def active(view: ItemView) -> bool:
    """Whether a load-older item is shown and can be activated."""
    return bool(view.widget.display) and not view.widget.disabled


def users(crs_driver: CrsDriver) -> list[str]:
    """The texts of the conversation's user messages, top to bottom."""
    return [
        item_text(view.widget).strip()
        for view in crs_driver.items()
        if view.actor == "user" and view.kind == "text"
    ]


def stored_numbers(crs_driver: CrsDriver) -> list[int]:
    """The numbers of the stored turns whose prompt is shown, top to bottom."""
    return [int(text.split()[1]) for text in users(crs_driver) if text.startswith("질문 ")]


def history_calls(crs_driver: CrsDriver) -> list[tuple[str, str | None, int]]:
    """The client's ``load_turns`` calls so far."""
    return list(crs_driver.agent.history_calls)


def to_top(crs_driver: CrsDriver) -> None:
    """Scroll the conversation to its top, as the Home key or the scroll bar would."""

    async def home() -> None:
        crs_driver.conversation.scroll_to(y=0, animate=False, immediate=True)

    crs_driver.run(home(), "scrolling the conversation to its top")
    crs_driver.settle()


def wheel_to_top(crs_driver: CrsDriver) -> None:
    """Scroll up to the top of the conversation with the mouse wheel, then turn it once more.

    The view is first brought to a few rows below the top (as dragging the scroll bar
    would), then the wheel is turned notch by notch; it stops as soon as the client asks the
    history for a page (a person stops when older turns start to load).
    """
    area = crs_driver.conversation
    calls = len(crs_driver.agent.history_calls)

    async def wheel() -> None:
        if area.scroll_y > NEAR_TOP:
            area.scroll_to(y=NEAR_TOP, animate=False, immediate=True)
        pilot = crs_driver.pilot
        offset = (max(0, area.region.width // 2), max(0, area.region.height // 2))
        for _ in range(WHEEL_LIMIT):
            at_top = area.scroll_y <= 0
            await post_mouse_events(pilot, [events.MouseScrollUp], area, offset)
            if at_top or len(crs_driver.agent.history_calls) > calls:
                return

    crs_driver.run(wheel(), "turning the mouse wheel up over the conversation")
    crs_driver.settle()


def click(crs_driver: CrsDriver, widget: Widget) -> None:
    """Click the middle of ``widget``."""
    region = widget.region
    x, y = region.x + region.width // 2, region.y + region.height // 2
    crs_driver.click(x, y, doing="clicking the trigger")


def press_button(crs_driver: CrsDriver, clause: str) -> None:
    """Scroll to the top and click the load-older item (the trigger, or its retry)."""
    to_top(crs_driver)
    shown = [view for view in triggers(crs_driver) if active(view)]
    check(
        bool(shown),
        clause,
        "the top of the conversation",
        "an active load-older trigger (or retry) to click",
        f"items {[view.kind for view in crs_driver.items()[:3]]}",
    )
    click(crs_driver, shown[0].widget)


def activate(crs_driver: CrsDriver, form: str, clause: str) -> None:
    """Ask for older turns with ``form``: click the button, or wheel up to the top."""
    if form == "button":
        press_button(crs_driver, clause)
    else:
        wheel_to_top(crs_driver)


def first_visible(crs_driver: CrsDriver) -> tuple[Widget, int]:
    """The topmost conversation item (not a load-older item) drawn in the viewport, and its row."""
    top = crs_driver.conversation.content_region
    for view in crs_driver.items():
        region = view.widget.region
        inside = region.bottom > top.y and region.y < top.bottom
        if view.kind != "load_older" and region.height and inside:
            return view.widget, region.y
    violation(
        "crs-load-older-keeps-position",
        "the conversation",
        "an item drawn in the viewport",
        "none",
    )


@given(parsers.parse("a stored conversation of {count:d} turns whose turn {big:d} answers 1 MB"))
def stored_huge(crs_driver: CrsDriver, count: int, big: int) -> None:
    """As :func:`stored`, turn ``big`` answering with a text of 1,000,000 characters."""
    line = ("yyyyyyyyy " * 6)[:-1] + "\n"
    body = (line * (1_000_000 // len(line) + 1))[: 1_000_000 - len(HUGE_END) - 2] + "\n\n"
    store(
        crs_driver,
        [
            stored_turn(number, body + HUGE_END if number == big else None)
            for number in range(1, count + 1)
        ],
    )


@given("the history is held back")
def history_held(crs_driver: CrsDriver) -> None:
    """Park every history answer until a step releases it."""
    crs_driver.agent.hold("history")


@given("the history fails")
@when("the history fails")
def history_fails(crs_driver: CrsDriver) -> None:
    """Make every history call fail (until the history works again)."""
    crs_driver.agent.fail("history", RuntimeError("history server unavailable"))


@when("the history answers")
def history_answers(crs_driver: CrsDriver) -> None:
    """Release every parked history answer."""

    async def release() -> None:
        crs_driver.agent.release("history")

    crs_driver.run(release(), "releasing the history answers")
    crs_driver.settle()


@when("the history works again")
def history_works(crs_driver: CrsDriver) -> None:
    """Stop failing history calls."""
    crs_driver.agent.fail("history", None)


@when("the user asks for older turns")
def asks_older(crs_driver: CrsDriver) -> None:
    """Ask for older turns with the first form the adapter declares."""
    activate(crs_driver, forms(crs_driver)[0], "crs-load-older-trigger-forms")


@when("the user asks for older turns twice in a row")
def asks_twice(crs_driver: CrsDriver) -> None:
    """Ask twice before the first answer can arrive (a double click, or two wheel turns)."""
    form = forms(crs_driver)[0]
    crs_driver.agent.hold("history")
    activate(crs_driver, form, "crs-load-older-trigger-forms")
    if form == "button":
        shown = [view for view in triggers(crs_driver) if view.widget.region.height]
        if shown:
            click(crs_driver, shown[0].widget)
    else:
        wheel_to_top(crs_driver)
    history_answers(crs_driver)


@when("the user retries")
def retries(crs_driver: CrsDriver) -> None:
    """Activate the retry the client offers: the load-older item, clicked."""
    press_button(crs_driver, "crs-load-older-failure-retry")


@when("the user asks for older turns until everything is loaded")
def asks_until_done(crs_driver: CrsDriver) -> None:
    """Ask with the first declared form until no active trigger is left (at most 30 times)."""
    form = forms(crs_driver)[0]
    for _ in range(30):
        if not any(active(view) for view in triggers(crs_driver)):
            return
        activate(crs_driver, form, "crs-load-older-exhausted")


@then(parsers.parse("the client asked for the latest {count:d} turns only"))
def asked_latest(crs_driver: CrsDriver, count: int) -> None:
    """One history call, for the latest ``count`` turns (``crs-lazy-loading``)."""
    calls = history_calls(crs_driver)
    check(
        calls == [(CONVERSATION, None, count)],
        "crs-lazy-loading",
        "the history calls after opening",
        f"one call ({CONVERSATION!r}, before=None, limit={count})",
        repr(calls[:5]),
    )


@then(
    parsers.parse("the conversation shows stored turns {first:d} to {last:d}, each answered whole")
)
def shows_turns(crs_driver: CrsDriver, first: int, last: int) -> None:
    """Exactly turns ``first``..``last`` are drawn, in order, each with its whole answer.

    Checks ``crs-initial-turns``: between a turn's user message and the next one the
    conversation holds the turn's thinking, its tool call and its text.
    """
    expected = list(range(first, last + 1))
    seen = stored_numbers(crs_driver)
    check(
        seen == expected,
        "crs-initial-turns",
        "the stored turns drawn (by their prompt)",
        f"turns {first}..{last} in order",
        repr(seen[:12]) + (" ..." if len(seen) > 12 else ""),
    )
    answer: dict[int, list[ItemView]] = {}
    current: int | None = None
    for view in crs_driver.items():
        if view.actor == "user" and view.kind == "text":
            text = item_text(view.widget).strip()
            current = int(text.split()[1]) if text.startswith("질문 ") else None
        elif current is not None and view.actor == "agent":
            answer.setdefault(current, []).append(view)
    for number in expected:
        kinds = {view.kind for view in answer.get(number, [])}
        texts = " ".join(
            item_text(view.widget) for view in answer.get(number, []) if view.kind == "text"
        )
        check(
            {"thinking", "tool_call", "text"} <= kinds and f"답변 {number}" in texts,
            "crs-initial-turns",
            f"the answer of stored turn {number}",
            f"its thinking, its tool call and its text '답변 {number}'",
            f"kinds {sorted(kinds)}, text {texts[:60]!r}",
        )


@then(
    parsers.parse("the conversation shows every one of the {count:d} stored turns once, in order")
)
def shows_all(crs_driver: CrsDriver, count: int) -> None:
    """Turns 1..``count`` are drawn, each once (``crs-load-older-remaining``)."""
    seen = stored_numbers(crs_driver)
    check(
        seen == list(range(1, count + 1)),
        "crs-load-older-remaining",
        "the stored turns drawn",
        f"turns 1..{count}, each once",
        repr(seen),
    )


@then("a load-older trigger is at the top of the conversation")
def trigger_on_top(crs_driver: CrsDriver) -> None:
    """The first item is an active load-older trigger, at the top (``crs-load-older-trigger``)."""
    items = crs_driver.items()
    first = items[0] if items else None
    check(
        first is not None and first.kind == "load_older" and active(first),
        "crs-load-older-trigger",
        "the first item of the conversation",
        "an active load-older trigger",
        "nothing" if first is None else f"a {first.actor} {first.kind} item",
    )
    assert first is not None
    crs_driver.agent.hold("history")  # scrolling to the top may be the scroll form's request
    to_top(crs_driver)
    shown = next((view for view in triggers(crs_driver) if view.widget.region.height), first)
    region = shown.widget.region
    top = crs_driver.conversation.content_region
    rows = screen_rows(crs_driver.app)[region.y : region.bottom]
    drawn = "".join("".join(row[region.x : region.right]) for row in rows).strip()
    check(
        bool(drawn) and top.y <= region.y < top.bottom,
        "crs-load-older-trigger",
        "the load-older trigger",
        "drawn at the top of the conversation",
        f"region {region}, text {drawn[:40]!r}",
    )
    history_answers(crs_driver)


@then("no load-older trigger is shown")
def no_trigger(crs_driver: CrsDriver) -> None:
    """No active load-older item is left (``crs-load-older-exhausted``)."""
    left = [view for view in triggers(crs_driver) if active(view)]
    check(
        not left,
        "crs-load-older-exhausted",
        "the conversation",
        "no active load-older trigger",
        f"{len(left)} active: {[item_text(view.widget) for view in left][:2]}",
    )


@then("asking for older turns again requests nothing")
def asking_again_nothing(crs_driver: CrsDriver) -> None:
    """Every declared form, tried again, makes no history call (``crs-load-older-exhausted``)."""
    before = len(history_calls(crs_driver))
    for form in forms(crs_driver):
        if form == "button":
            to_top(crs_driver)
            for view in triggers(crs_driver):
                if view.widget.region.height:
                    click(crs_driver, view.widget)
        else:
            wheel_to_top(crs_driver)
    calls = history_calls(crs_driver)
    check(
        len(calls) == before,
        "crs-load-older-exhausted",
        "the history calls after everything was loaded",
        "none",
        repr(calls[before:]),
    )


@then("each declared form of the trigger loads the previous page")
def each_form_loads(crs_driver: CrsDriver) -> None:
    """Per declared form: one call for the N turns before the oldest shown, drawn above.

    Checks ``crs-load-older-trigger-forms`` and ``crs-load-older-batch`` (N turns, or all
    that remain).
    """
    limit = crs_driver.settings.initial_turns
    for form in forms(crs_driver):
        shown = stored_numbers(crs_driver)
        if not shown or shown[0] == 1:
            violation(
                "crs-load-older-trigger-forms",
                f"the {form} form",
                "older turns left to load",
                repr(shown[:3]),
            )
        before = len(history_calls(crs_driver))
        activate(crs_driver, form, "crs-load-older-trigger-forms")
        calls = history_calls(crs_driver)[before:]
        check(
            calls == [(CONVERSATION, f"stored-{shown[0]}", limit)],
            "crs-load-older-trigger-forms",
            f"the history calls after using the {form} form",
            f"one call (before='stored-{shown[0]}', limit={limit})",
            repr(calls),
        )
        oldest = max(1, shown[0] - limit)
        seen = stored_numbers(crs_driver)
        check(
            seen == list(range(oldest, shown[-1] + 1)),
            "crs-load-older-batch",
            f"the stored turns drawn after the {form} form loaded",
            f"turns {oldest}..{shown[-1]}",
            repr(seen[:12]),
        )


@then("with each declared form the first visible item keeps its row while older turns arrive")
def keeps_position(crs_driver: CrsDriver) -> None:
    """Per form: the item on the first visible row is on the same row after the page lands.

    The answer is held back until the trigger is used and the item is noted; then it is
    released. Checks ``crs-load-older-keeps-position`` (not even one row may move), and the
    spinner of the scroll form while the answer is held (``crs-load-older-spinner``).
    """
    for form in forms(crs_driver):
        keeps_row(crs_driver, form)


@then(
    "with the first declared form the first visible item keeps its row "
    "while the last older turns arrive"
)
def keeps_position_last(crs_driver: CrsDriver) -> None:
    """As :func:`keeps_position`, for the page that empties the history.

    The trigger goes away with that page (``crs-load-older-exhausted``); taking it out
    above the view must not move the view either (``crs-load-older-keeps-position``).
    """
    keeps_row(crs_driver, forms(crs_driver)[0])
    check(
        not any(active(view) for view in triggers(crs_driver)),
        "crs-load-older-exhausted",
        "the load-older trigger after the last page",
        "none active",
        repr([view.widget for view in triggers(crs_driver)]),
    )


def keeps_row(crs_driver: CrsDriver, form: str) -> None:
    """Use ``form`` once, with the answer held; the first visible item must keep its row.

    Raises:
        AssertionError: The trigger made no call, no older turn came, or the item moved
            (``crs-load-older-trigger-forms``, ``crs-load-older-keeps-position``).
    """
    crs_driver.agent.hold("history")
    before = len(history_calls(crs_driver))
    activate(crs_driver, form, "crs-load-older-keeps-position")
    check(
        len(history_calls(crs_driver)) == before + 1,
        "crs-load-older-trigger-forms",
        f"the history calls after using the {form} form",
        "one more",
        repr(history_calls(crs_driver)[before:]),
    )
    widget, row = first_visible(crs_driver)
    numbers = stored_numbers(crs_driver)
    history_answers(crs_driver)
    check(
        stored_numbers(crs_driver) != numbers,
        "crs-load-older-keeps-position",
        "the stored turns drawn after the answer",
        "older turns inserted",
        repr(stored_numbers(crs_driver)[:5]),
    )
    now = widget.region.y if widget.is_attached and widget.region.height else None
    check(
        now == row,
        "crs-load-older-keeps-position",
        f"the first visible item ({item_text(widget)[:30]!r}) after the {form} form loaded",
        f"on screen row {row}",
        "not drawn" if now is None else f"on row {now} ({now - row:+d})",
    )


@then("while the scroll form loads, a spinner is drawn at the top until the page arrives")
def spinner(crs_driver: CrsDriver) -> None:
    """The scroll form shows an animated indicator while loading (``crs-load-older-spinner``).

    The spinner is a load-older item drawn at the top whose cells change while the answer is
    held (an animation); after the answer no item of the conversation animates there. For
    an adapter without the scroll form the clause does not apply (design §6.2 item 12) and
    only the load itself is checked.
    """
    declared = forms(crs_driver)
    crs_driver.agent.hold("history")
    activate(
        crs_driver, "scroll" if "scroll" in declared else declared[0], "crs-load-older-spinner"
    )
    if "scroll" in declared:
        found = [view for view in triggers(crs_driver) if view.widget.region.height]
        check(
            bool(found),
            "crs-load-older-spinner",
            "the conversation while older turns load",
            "a load-older item (spinner) drawn",
            f"items {[view.kind for view in crs_driver.items()[:3]]}",
        )
        widget = found[0].widget
        top = crs_driver.conversation.content_region
        check(
            widget.region.y < top.bottom and widget.region.bottom > top.y,
            "crs-load-older-spinner",
            "the spinner",
            "drawn in the viewport at the top",
            f"region {widget.region}",
        )
        first = cells_of(crs_driver, widget)
        try:
            crs_driver.wait_until(
                lambda: cells_of(crs_driver, widget) != first, "the spinner to animate", 3.0
            )
        except Exception:
            violation(
                "crs-load-older-spinner",
                "the load-older item while the page loads",
                "an animated spinner (its cells change)",
                "cells that never changed in 3 s",
            )
    numbers = stored_numbers(crs_driver)
    history_answers(crs_driver)
    check(
        stored_numbers(crs_driver) != numbers,
        "crs-load-older-spinner",
        "the stored turns after the answer",
        "the page drawn",
        repr(stored_numbers(crs_driver)[:5]),
    )


def cells_of(crs_driver: CrsDriver, widget: Widget) -> list[tuple[str, Any]]:
    """The glyphs and colours ``widget`` draws now."""
    region = widget.region
    cells = screen_cells(crs_driver.app)[region.y : region.bottom]
    return [(cell.char, cell.foreground) for row in cells for cell in row[region.x : region.right]]


FAILURE_WORDS = (
    "unavailable",
    "fail",
    "error",
    "could not",
    "couldn't",
    "cannot",
    "unable",
    "실패",
    "못했",
    "오류",
    "없습니다",
)
"""Words of which an error message about a failed load holds one (any case)."""


@then("an error is shown with a way to retry")
def error_with_retry(crs_driver: CrsDriver) -> None:
    """An error message at the top, and an active retry (``crs-load-older-failure-retry``).

    The message is a row drawn at the top of the conversation saying that loading failed
    (one of :data:`FAILURE_WORDS`, or the failure's own text); the retry is an active
    load-older item.
    """
    to_top(crs_driver)
    rows = [row for row in visible_rows(crs_driver) if row][:8]
    said = [row for row in rows if any(word in row.lower() for word in FAILURE_WORDS)]
    retry = [view for view in triggers(crs_driver) if active(view)]
    check(
        bool(retry) and bool(said),
        "crs-load-older-failure-retry",
        "the top of the conversation after a failed load",
        "an error message and an active retry",
        f"rows {rows[:4]}, {len(retry)} active retry item(s)",
    )


@then(parsers.parse("the client made {count:d} history calls"))
def made_calls(crs_driver: CrsDriver, count: int) -> None:
    """Exactly ``count`` history calls so far (``crs-load-older-failure-retry``)."""
    calls = history_calls(crs_driver)
    check(
        len(calls) == count,
        "crs-load-older-failure-retry",
        "the history calls",
        f"{count}",
        repr(calls),
    )


@then(parsers.parse('the user messages are stored turns {first:d} to {last:d} and then "{text}"'))
def history_above_live(crs_driver: CrsDriver, first: int, last: int, text: str) -> None:
    """A late first page goes above what the session drew meanwhile (``crs-initial-turns``)."""
    expected = [*(prompt_of(number) for number in range(first, last + 1)), text]
    seen = users(crs_driver)
    check(
        seen == expected,
        "crs-initial-turns",
        "the user messages",
        f"stored turns {first}..{last}, then {text!r}",
        repr(seen),
    )


@then("the huge stored answer is drawn to its end")
def huge_drawn(crs_driver: CrsDriver) -> None:
    """The 1 MB answer's last words are in its text item (``crs-initial-turns``)."""
    texts = [item_text(view.widget) for view in crs_driver.items() if view.kind == "text"]
    check(
        any(text.rstrip().endswith(HUGE_END) for text in texts),
        "crs-initial-turns",
        "the stored answer of 1 MB",
        f"drawn whole, ending {HUGE_END!r}",
        f"{len(texts)} text items, longest {max((len(t) for t in texts), default=0)} chars",
    )


@then(parsers.parse("setting the number of turns to {value:d} is refused or kept within 1 to 100"))
def bounded(crs_driver: CrsDriver, value: int) -> None:
    """The client's setting rejects ``value`` or bounds it (``crs-initial-turns-bounds``)."""
    try:
        chosen = crs_driver.part4.initial_turns_setting(value)
    except ValueError:
        return
    seen = getattr(chosen, "initial_turns", None)
    check(
        isinstance(seen, int) and 1 <= seen <= 100,
        "crs-initial-turns-bounds",
        f"the client's setting of N to {value}",
        "a ValueError, or N between 1 and 100",
        repr(chosen),
    )
