"""Steps of ``features/rawp_crs/hover_feedback.feature``.

Static text has no hover effect; interactive options give feedback without moving anything.
"""

from __future__ import annotations

import pytest
from pytest_bdd import given, parsers, then, when
from textual.geometry import Offset, Region

from rawp_port import TextDelta, Thinking, ToolCall, ToolResult, TurnEnded, TurnStarted
from steps.checks import check, literal, scenario_clause
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.part1.drawn import is_frame
from steps.rawp_crs.part4.interaction import find_label, style_of, ui_region
from steps.rawp_crs.state import CrsState, Hover
from steps.rawp_crs.support.turns import send
from steps.screen import Cell, screen_cells, text_width

FIRST_TEXT = "The parser reads tokens one by one and builds the tree."
"""The first, plain text block of the hover scenario's turn."""


def _hover(crs_driver: CrsDriver, x: int, y: int, memory: Hover) -> None:
    """Read the screen, move the pointer onto screen cell ``(x, y)``, read it again.

    The feedback a pointer gets (002 §2.3) is part 4's.
    """
    crs_driver.uses(4)
    memory.before = screen_cells(crs_driver.app)
    crs_driver.hover(x, y, doing=f"hovering over ({x}, {y})")
    memory.after = screen_cells(crs_driver.app)
    memory.at = (x, y)


def _glyphs(rows: list[list[Cell]], y: int) -> str:
    return "".join(cell.char for cell in rows[y]) if y < len(rows) else ""


@given("a turn whose plain text is followed by a tool call and more text")
def text_then_tool(crs_driver: CrsDriver) -> None:
    """A sent prompt, then a turn: plain text, a tool call and its result, text, the end.

    The first text block is not the turn's last, so no turn-end time is revealed on it.
    """
    send(crs_driver, "explain the parser")
    crs_driver.publish(
        TurnStarted("t1"),
        TextDelta("t1", FIRST_TEXT),
        ToolCall("t1", "call-1", "read_file", {"path": "parser.py"}),
        ToolResult("t1", "call-1", "text", "def parse(): ..."),
        TextDelta("t1", "That is all."),
        TurnEnded("t1"),
    )


@given("a turn of thinking, plain text, a tool call with its result, and more text")
def thinking_text_tool(crs_driver: CrsDriver) -> None:
    """A sent prompt, then a turn: a thinking block, text, a tool call and result, text, the end.

    No block hovered is the turn's last, so no turn-end time is revealed on it.
    """
    send(crs_driver, "explain the parser")
    crs_driver.publish(
        TurnStarted("t1"),
        Thinking("t1", "Reading the parser first, then the lexer it calls."),
        TextDelta("t1", FIRST_TEXT),
        ToolCall("t1", "call-1", "read_file", {"path": "parser.py"}),
        ToolResult("t1", "call-1", "text", "def parse(): ..."),
        TextDelta("t1", "That is all."),
        TurnEnded("t1"),
    )


BLOCKS = {
    "first text block": ("text",),
    "thinking block": ("thinking",),
    "tool block": ("tool_call", "tool_result"),
}
"""The agent's blocks a scenario may hover, by name, and the item kinds each stands for."""


@when(
    parsers.re(
        r"the pointer rests on the agent's (?P<block>first text block|thinking block|tool block)"
    )
)
def hover_block(crs_driver: CrsDriver, crs_state: CrsState, block: str) -> None:
    """Hover over the middle of the first row of the agent's first item of that kind.

    The item is scrolled into sight first where it is not whole in the viewport.
    """
    found = [
        view for view in crs_driver.items() if view.actor == "agent" and view.kind in BLOCKS[block]
    ]
    if not found:
        raise crs_driver.harness_error(f"the agent's {block} is not in the conversation")
    widget, area = found[0].widget, crs_driver.conversation
    if not area.scrollable_content_region.contains_region(widget.region):
        area.scroll_to_widget(widget, animate=False, immediate=True, top=True)  # as a person
        crs_driver.settle()  # scrolls to reach what they point at
    region = widget.region
    if region.area == 0:
        raise crs_driver.harness_error(f"the agent's {block} is not on the screen")
    crs_state.hover.region = region
    crs_state.hover.block = block
    _hover(crs_driver, region.x + region.width // 2, region.y, crs_state.hover)


@then("nothing in that block's region changed, characters or styles")
def region_unchanged(
    crs_driver: CrsDriver, crs_state: CrsState, request: pytest.FixtureRequest
) -> None:
    """Every cell of the hovered item's region is drawn as before the hover."""
    clause = scenario_clause(request, "crs-no-hover-effect-on-static")
    region = crs_state.hover.region
    before, after = crs_state.hover.before, crs_state.hover.after
    changed = [
        (x, y)
        for y in range(region.y, region.bottom)
        for x in range(region.x, region.right)
        if (before[y][x].char, style_of(before[y][x])) != (after[y][x].char, style_of(after[y][x]))
    ]
    first = changed[0] if changed else None
    seen = (
        f"{len(changed)} cells changed, e.g. ({first[0]}, {first[1]}): "
        f"{style_of(before[first[1]][first[0]])} -> {style_of(after[first[1]][first[0]])}"
        if first
        else "no change"
    )
    check(not changed, clause, "the static text block under the pointer", "no change at all", seen)


def _changed(before: list[list[Cell]], after: list[list[Cell]], region: Region) -> list[Offset]:
    """The cells of ``region`` drawn otherwise (character or style) in ``after``."""
    return [
        Offset(x, y)
        for y in range(region.y, min(region.bottom, len(before), len(after)))
        for x in range(region.x, region.right)
        if (before[y][x].char, style_of(before[y][x])) != (after[y][x].char, style_of(after[y][x]))
    ]


@then("nothing in that block's region changed, unless a click on the block does something")
def region_unchanged_or_interactive(
    crs_driver: CrsDriver, crs_state: CrsState, request: pytest.FixtureRequest
) -> None:
    """A hover effect on a block is allowed only if the block has a real interaction.

    002 §2.3 ¶1 forbids hover effects on elements without a real interaction (clicks and
    the like). The seeds we hold do not say whether a thinking or tool block is one (a
    client may fold them on a click), so a block whose region changed under the pointer is
    clicked where it was hovered: if the click changes nothing in its region (characters,
    styles or size), the block is static and its hover effect breaks the clause.
    """
    clause = scenario_clause(request, "crs-no-hover-effect-on-static")
    region, block = crs_state.hover.region, crs_state.hover.block
    changed = _changed(crs_state.hover.before, crs_state.hover.after, region)
    if not changed:
        return
    x, y = crs_state.hover.at
    crs_driver.click(x, y, doing=f"clicking the {block}")
    clicked = screen_cells(crs_driver.app)
    found = [v for v in crs_driver.items() if v.actor == "agent" and v.kind in BLOCKS[block]]
    resized = not found or found[0].widget.region.size != region.size
    acted = resized or bool(_changed(crs_state.hover.after, clicked, region))
    first = changed[0]
    check(
        acted,
        clause,
        f"the agent's {block} under the pointer",
        "no change at all, or a real interaction (a click on it does something)",
        f"{len(changed)} cells changed under the pointer, e.g. {tuple(first)}: "
        f"{style_of(crs_state.hover.before[first.y][first.x])} -> "
        f"{style_of(crs_state.hover.after[first.y][first.x])}; a click changed nothing",
    )


@when(parsers.parse('the pointer rests on the option "{label}"'))
def hover_option(
    crs_driver: CrsDriver, crs_state: CrsState, request: pytest.FixtureRequest, label: str
) -> None:
    """Hover over the first cell of the option's label inside the interaction UI."""
    clause = scenario_clause(request, "crs-interactive-smooth-feedback")
    text = literal(label)
    place = find_label(crs_driver, ui_region(crs_driver, clause), text)
    check(
        place is not None, clause, "the interaction UI", f"the option {text!r} drawn", "not drawn"
    )
    assert place is not None
    crs_state.hover.label = text
    _hover(crs_driver, place[0], place[1], crs_state.hover)


@then("the hovered option's own cells changed style")
def option_restyled(
    crs_driver: CrsDriver, crs_state: CrsState, request: pytest.FixtureRequest
) -> None:
    """Some cell of the hovered label's span is styled differently than before the hover."""
    clause = scenario_clause(request, "crs-interactive-smooth-feedback")
    (x, y), label = crs_state.hover.at, crs_state.hover.label
    before = [style_of(cell) for cell in crs_state.hover.before[y][x : x + text_width(label)]]
    after = [style_of(cell) for cell in crs_state.hover.after[y][x : x + text_width(label)]]
    check(
        before != after,
        clause,
        f"the option {label!r} under the pointer",
        "a visible change of its style (colour or attribute)",
        f"the same style before and during the hover: {sorted(set(before), key=repr)}",
    )


@then("no glyph changed off the hovered option's row: nothing moved or resized")
def nothing_moved(
    crs_driver: CrsDriver, crs_state: CrsState, request: pytest.FixtureRequest
) -> None:
    """Every row other than the hovered option's draws the same characters as before."""
    clause = scenario_clause(request, "crs-interactive-smooth-feedback")
    before, after = crs_state.hover.before, crs_state.hover.after
    _x, hovered = crs_state.hover.at
    moved = [
        y
        for y in range(max(len(before), len(after)))
        if y != hovered and _glyphs(before, y) != _glyphs(after, y)
    ]
    seen = (
        f"row {moved[0]}: {_glyphs(before, moved[0]).strip()!r} -> "
        f"{_glyphs(after, moved[0]).strip()!r}"
        if moved
        else "nothing moved"
    )
    check(
        not moved,
        clause,
        "the screen around the hovered option",
        "the same glyphs on every other row",
        seen,
    )
    label = crs_state.hover.label
    x, y = crs_state.hover.at
    still = (
        "".join(cell.char for cell in after[y][x : x + text_width(label)]) if y < len(after) else ""
    )
    check(
        still == label,
        clause,
        f"the option {label!r} under the pointer",
        "drawn at the same place",
        repr(still),
    )


def _runs(rows: list[list[Cell]], region: Region) -> list[tuple[int, int, int]]:
    """``(x, y, width)`` of each run of glyphs in ``region``: cells apart by one blank at most.

    Frame glyphs (box drawing, block elements) end a run: they belong to a border.
    """
    found = []
    for y in range(region.y, min(region.bottom, len(rows))):
        start, blanks = None, 0
        for x in range(region.x, region.right + 1):
            char = rows[y][x].char if x < region.right else " "
            if char.strip() and not is_frame(char):
                start, blanks = (x if start is None else start), 0
                end = x
            elif start is not None:
                blanks += 1
                if blanks > 1 or is_frame(char) or x == region.right:
                    found.append((start, y, end + 1 - start))
                    start, blanks = None, 0
    return found


@then("the pointer over each of the request's two answers restyles that answer and moves nothing")
def answers_react(crs_driver: CrsDriver, request: pytest.FixtureRequest) -> None:
    """Hover each run of text in the interaction UI; two answer widgets must react.

    002 §2.3 ¶2 names the options of an interaction request as its example of elements with
    a real interaction. A YN or PERMISSION request has two (approve and reject); their words
    are the client's, so they are found by hovering every run of text in the UI and keeping
    those whose own cells change style. The reacting runs must belong to at least two widgets
    (the two answers), and no glyph off the hovered widget's rows may change.
    """
    clause = scenario_clause(request, "crs-interactive-smooth-feedback")
    region = ui_region(crs_driver, clause)
    reacting: dict[int, str] = {}
    for x, y, width in _runs(screen_cells(crs_driver.app), region):
        memory = Hover()
        _hover(crs_driver, x, y, memory)
        before, after = memory.before, memory.after
        if [style_of(c) for c in before[y][x : x + width]] == [
            style_of(c) for c in after[y][x : x + width]
        ]:
            continue
        widget, place = crs_driver.app.screen.get_widget_at(x, y)
        word = "".join(cell.char for cell in after[y][x : x + width])
        reacting[id(widget)] = word
        moved = [
            row
            for row in range(max(len(before), len(after)))
            if not place.y <= row < place.bottom and _glyphs(before, row) != _glyphs(after, row)
        ]
        check(
            not moved,
            clause,
            f"the screen around the hovered answer {word!r}",
            "the same glyphs on every row off the answer",
            f"row {moved[0]} changed" if moved else "",
        )
    check(
        len(reacting) >= 2,
        clause,
        "the answers of the request under the pointer",
        "two answers (approve, reject) whose cells change style when hovered",
        f"{len(reacting)} reacting: {sorted(reacting.values())}",
    )
