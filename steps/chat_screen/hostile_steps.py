"""Steps for hostile input: action-like text, control characters, long and rapid input.

The checks read the composed screen (``steps.screen``) and the data behind it; none
depends on how the reference app shows a control character (removed or made visible):
only that none reaches the terminal and that the printable rest of the body is shown
(clause ``hardening-control-characters``, a rule of the harness, not of the seeds).
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterator

import pytest
from pytest_bdd import parsers, then, when
from rich.cells import cell_len
from rich.segment import Segment
from textual.widget import Widget

from steps.chat_screen.driver import Driver
from steps.chat_screen.geometry import Side, drawn_item_text, item_geometry
from steps.chat_screen.observe import (
    LABELS,
    ROLE_SIDE,
    Snapshot,
    item_widget,
    messages,
    printable_runs,
    records,
    snapshot,
)
from steps.checks import check, literal, scenario_clause, violation
from steps.screen import describe_widget, item_text, screen_rows
from steps.textual_private import screen_strips

HARDENING_CONTROLS = "hardening-control-characters"
"""The harness's clause for control characters (level HARDENING: not in the seeds)."""


def long_text(count: int) -> str:
    """A deterministic text of exactly ``count`` characters: numbered Hangul and ASCII words.

    It neither starts nor ends with whitespace, so stripping leaves it unchanged.
    """
    text = "".join(f"{number:05d} 긴글 text " for number in range(count // 10 + 1))
    return text[: count - 1] + "끝"


def _segments(driver: Driver) -> Iterator[tuple[int, int, Segment]]:
    """Each segment of the composed screen with its row and first column."""
    for y, strip in enumerate(screen_strips(driver.app.screen)):
        x = 0
        for segment in strip:
            yield y, x, segment
            x += cell_len(segment.text)


def _short(text: str, limit: int = 60) -> str:
    return repr(text if len(text) <= limit else text[:limit] + "…")


# -- When ----------------------------------------------------------------------------


@when(parsers.parse('the user clicks the text "{text}" in item {number:d}'))
def clicks_text(driver: Driver, text: str, number: int) -> None:
    """Click the first cell where ``text`` is drawn inside item ``number``.

    The step may end the app (that is what a Then step then judges), so the liveness
    guard does not fail it.
    """
    widget = item_widget(driver, number)
    x, y = _find_drawn(driver, widget, literal(text))
    driver.exit_expected = True
    driver.click(x, y, doing=f"clicking {text!r}")


def _find_drawn(driver: Driver, widget: Widget, text: str) -> tuple[int, int]:
    """Screen cell (x, y) where ``text`` starts inside ``widget``'s visible region."""
    region = widget.region.intersection(driver.conversation.scrollable_content_region)
    rows = screen_rows(driver.app)
    for y in range(region.y, region.bottom):
        row = rows[y]
        for x in range(region.x, region.right):
            if "".join(row[x : region.right]).startswith(text):
                return x, y
    violation(
        "display-format",
        f"item ({describe_widget(widget)})",
        f"the text {text!r} drawn inside it",
        "it is not on the screen",
    )


@when(
    parsers.parse("the user pastes a text of {count:d} characters and presses Enter"),
    target_fixture="long_input",
)
def submits_long(driver: Driver, submissions: list[Snapshot], count: int) -> str:
    """Paste a :func:`long_text` of ``count`` characters into the input and press Enter."""
    text = long_text(count)
    submissions.append(snapshot(driver))
    driver.paste_text(text)
    driver.press("enter")
    return text


@when(
    parsers.parse("the user submits {count:d} numbered inputs without waiting"),
    target_fixture="rapid_inputs",
)
def submits_rapidly(driver: Driver, count: int) -> list[str]:
    """Submit ``빠른 입력 1`` ... ``빠른 입력 <count>`` in one burst (each pasted, then Enter).

    An input that lost the focus on the way took none of the later pastes: that breaks
    ``input-focus`` (it keeps focus after each submission), reported before the lost
    messages are.
    """
    texts = [f"빠른 입력 {number}" for number in range(1, count + 1)]
    driver.submit_rapidly(texts)
    focused = driver.app.focused
    check(
        focused is driver.input,
        "input-focus",
        "the input",
        "to keep focus after each submission, so that it takes the next one",
        f"focus is on {describe_widget(focused) if focused else 'nothing'}",
    )
    return texts


# -- Then: the screen ----------------------------------------------------------------


@then("no control character is drawn on the screen")
def no_control_drawn(driver: Driver) -> None:
    """No segment of the composed screen holds a control character.

    Clause ``hardening-control-characters``, the harness's own: the seeds do not say it.
    """
    for y, x, segment in _segments(driver):
        found = [char for char in segment.text if unicodedata.category(char) == "Cc"]
        check(
            not found and not segment.control,
            HARDENING_CONTROLS,
            f"the composed screen, row {y} from column {x}",
            "no control character sent to the terminal (removed or shown visibly)",
            f"{[hex(ord(char)) for char in found] or segment.control} in {segment.text!r}",
        )


@then("no text in the conversation area is a link or an action")
def no_link_or_action(request: pytest.FixtureRequest, driver: Driver) -> None:
    """No cell of the conversation area carries a hyperlink or a click action.

    Clause ``body-source`` (a body is literal text), or ``hardening-control-characters``
    in a scenario about control characters (an OSC 8 sequence would open a link).
    """
    clause = scenario_clause(request, HARDENING_CONTROLS, "body-source")
    area = driver.conversation.region
    for y, x, segment in _segments(driver):
        if not (area.y <= y < area.bottom and x < area.right and x + len(segment.text) > area.x):
            continue
        style = segment.style
        meta = style.meta if style is not None else {}
        link = style.link if style is not None else None
        check(
            link is None and not any(key.startswith("@") for key in meta),
            clause,
            f"the conversation area, row {y} from column {x}",
            "literal text: no hyperlink and no action",
            f"{segment.text!r} with link {link!r} and actions {sorted(meta)}",
        )


@then(
    parsers.parse(
        'item {number:d} shows the label "{label}" and the printable parts of "{body}" in order'
    )
)
def shows_printable_parts(driver: Driver, number: int, label: str, body: str) -> None:
    """The item's text is the label, ``: ``, then the body's printable runs, in order.

    The label is clause ``display-format``; the printable runs, whatever became of the
    control characters between them, are ``hardening-control-characters``.
    """
    widget = item_widget(driver, number)
    text, prefix = item_text(widget), f"{label}: "
    where = f"item {number} ({describe_widget(widget)})"
    check(text.startswith(prefix), "display-format", where, f"to start with {prefix!r}", repr(text))
    position = len(prefix)
    for run in printable_runs(literal(body)):
        found = text.find(run, position)
        expected = f"{run!r} after column {position}"
        check(found >= 0, HARDENING_CONTROLS, where, expected, repr(text))
        position = found + len(run)


@then("every visible item is drawn against its role's edge with a border glyph on that side only")
def visible_items_geometry(driver: Driver) -> None:
    """Each visible item sits on, and is bordered on, its role's side only.

    Placement is judged for items whose text is fully visible; an item cut by the top
    of the area is judged by its border glyphs alone, since its visible rows may all be
    full ones, which show no alignment. So is an item whose text fills its rows out to
    the area (a random response as long as the item is wide): nothing shows its side.
    """
    area = driver.conversation
    bounds = area.scrollable_content_region
    judged = 0
    for number, ((role, _), widget) in enumerate(
        zip(messages(driver), driver.items(), strict=False), 1
    ):
        side = ROLE_SIDE.get(role, Side.LEFT)
        if not widget.content_region.intersection(bounds).height:
            continue
        where = f"item {number} ({describe_widget(widget)}, {role} message)"
        try:
            geometry = item_geometry(driver.app, widget, area)
        except AssertionError as error:  # in view, but no text of it drawn
            violation("display-format", where, "its text drawn", str(error))
        if bounds.contains_region(widget.content_region) and not geometry.fills:
            check(
                geometry.placement is side,
                "role-alignment",
                where,
                f"its text drawn against the {side.value} edge",
                geometry.describe(),
            )
            judged += 1
        check(
            geometry.marked[side] and not geometry.marked[side.other],
            "role-borders",
            where,
            f"a border glyph on its {side.value} side only",
            geometry.describe(),
        )
    check(
        judged > 0,
        "role-alignment",
        "the conversation area",
        "a fully visible item whose side shows",
        "none",
    )


@then("every fully visible item shows its whole text")
def visible_items_whole_text(driver: Driver) -> None:
    """Each item inside the area draws all of its text, wrapped maybe, never cut.

    Compared without whitespace (wrapping moves and drops spaces): the characters drawn
    in the item's content region, row by row, against the item's text
    (``display-format``). A line cut short, with or without an ellipsis, fails.
    """
    rows = screen_rows(driver.app)
    bounds = driver.conversation.scrollable_content_region
    shown = 0
    for number, widget in enumerate(driver.items(), 1):
        region = widget.content_region
        if not bounds.contains_region(region):
            continue
        drawn = drawn_item_text(rows, widget, region)
        expected = item_text(widget)
        check(
            "".join(drawn.split()) == "".join(expected.split()),
            "display-format",
            f"item {number} ({describe_widget(widget)})",
            f"its whole text drawn: {_short(expected)}",
            _short(drawn.strip()),
        )
        shown += 1
    check(shown > 0, "display-format", "the conversation area", "a fully visible item", "none")


# -- Then: long input ----------------------------------------------------------------


@then(parsers.parse("message {number:d} is the long text from the user"))
def message_is_long_text(driver: Driver, number: int, long_input: str) -> None:
    """Message ``number`` is the user's, with the long text intact (``body-source``)."""
    seen = messages(driver)
    check(len(seen) >= number, "body-source", f"message {number}", "it to exist", str(len(seen)))
    role, body = seen[number - 1]
    first_difference = next(
        (i for i, (a, b) in enumerate(zip(body, long_input, strict=False)) if a != b),
        min(len(body), len(long_input)),
    )
    check(
        role == "user" and body == long_input,
        "body-source",
        f"message {number}",
        f"a user message with the {len(long_input)}-character text intact",
        f"role {role!r}, {len(body)} characters, first difference at index {first_difference}",
    )


@then(parsers.parse('item {number:d} shows the label "{label}" and the long text'))
def item_shows_long_text(driver: Driver, number: int, label: str, long_input: str) -> None:
    """Item ``number``'s text is ``<label>: <long text>`` (``display-format``)."""
    widget = item_widget(driver, number)
    text = item_text(widget)
    expected = f"{label}: {long_input}"
    check(
        text == expected,
        "display-format",
        f"item {number} ({describe_widget(widget)})",
        f"{len(expected)} characters starting {_short(expected)}",
        f"{len(text)} characters starting {_short(text)}",
    )


@then(parsers.parse("item {number:d} wraps the long text within the conversation area"))
def wraps_long_text(driver: Driver, number: int, long_input: str) -> None:
    """The item is no wider than the area, tall enough for its text, and shows it.

    Its visible rows, whitespace removed, are a part of the text, whitespace removed:
    wrapping may drop spaces at row ends but must not cut, repeat or reorder text.
    """
    widget = item_widget(driver, number)
    bounds = driver.conversation.scrollable_content_region
    where = f"item {number} ({describe_widget(widget)})"
    region = widget.content_region
    needed = math.ceil(cell_len(long_input) / max(bounds.width, 1))
    check(
        bounds.x <= region.x and region.right <= bounds.right,
        "display-format",
        where,
        f"no wider than the conversation area (columns {bounds.x}-{bounds.right - 1})",
        f"columns {region.x}-{region.right - 1}",
    )
    check(
        region.height >= needed,
        "display-format",
        where,
        f"at least {needed} rows for {cell_len(long_input)} cells of text",
        f"{region.height} rows",
    )
    visible = region.intersection(bounds)
    rows = screen_rows(driver.app)
    drawn = drawn_item_text(rows, widget, visible)
    squeezed, whole = "".join(drawn.split()), "".join(long_input.split())
    check(
        len(squeezed) > 0 and squeezed in whole,
        "display-format",
        f"{where}, visible rows {visible.y}-{visible.bottom - 1}",
        "a part of the long text",
        _short(drawn, 120),
    )


# -- Then: rapid input ---------------------------------------------------------------


@then("the message list, the records and the conversation area keep those inputs in order")
def rapid_order(driver: Driver, rapid_inputs: list[str]) -> None:
    """Every input, once and in order, in all three places; each followed by its response."""
    data = messages(driver)
    users = [body for role, body in data if role == "user"]
    agents = [body for role, body in data if role == "agent"]
    roles = [role for role, _ in data]
    inputs, responses = records(driver)
    expected_items = [f"{LABELS.get(role, role)}: {body}" for role, body in data]
    seen_items = [item_text(widget) for widget in driver.items()]
    _check_list(users, rapid_inputs, "submission-order", "the user messages")
    check(
        roles == ["user", "agent"] * len(rapid_inputs),
        "pair-order",
        "the roles of the message list",
        f"user, agent repeated {len(rapid_inputs)} times",
        _first_difference(roles, ["user", "agent"] * len(rapid_inputs)),
    )
    _check_list(inputs, rapid_inputs, "session-records", "the record of submitted inputs")
    _check_list(responses, agents, "session-records", "the record of selected responses")
    labels = [item.partition(": ")[0] for item in seen_items]
    alternating = [LABELS["user"], LABELS["agent"]] * len(rapid_inputs)
    check(
        labels == alternating,
        "pair-order",
        "the labels of the items in the conversation area",
        f"사용자, 에이전트 repeated {len(rapid_inputs)} times",
        _first_difference(labels, alternating),
    )
    _check_list(seen_items, expected_items, "submission-order", "the conversation area")


def _check_list(seen: list[str], expected: list[str], clause: str, where: str) -> None:
    check(
        seen == expected,
        clause,
        where,
        f"{len(expected)} entries in order",
        f"{len(seen)} entries; {_first_difference(seen, expected)}",
    )


def _first_difference(seen: list[str], expected: list[str]) -> str:
    for index, (got, wanted) in enumerate(zip(seen, expected, strict=False)):
        if got != wanted:
            return f"entry {index + 1} is {got!r} where {wanted!r} belongs"
    return "the lengths differ" if len(seen) != len(expected) else "none"
