"""Steps of profile ``rawp_crs`` for hover and focus feedback (002 §2.3).

The pointer is moved with ``pilot.hover`` and the composed screen is read before and after:
over a static item (plain agent text) nothing in the item's region may change, characters
or styles (``crs-no-hover-effect-on-static``); over an option of an interaction request the
option's own label cells must change style and no glyph off the option's own row may change,
so nothing moves or resizes (``crs-interactive-smooth-feedback``). Whether the change is
smooth (a ``transition``) is not observable in cells and is left to review.
"""

from __future__ import annotations

from typing import Any

import pytest
from pytest_bdd import given, parsers, then, when

from rawp_port import TextDelta, ToolCall, ToolResult, TurnEnded, TurnStarted
from steps.checks import check, literal, scenario_clause
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.interaction_steps import find_label, style_of, ui_region
from steps.rawp_crs.turn_steps import user_sends
from steps.screen import Cell, screen_cells, text_width

FIRST_TEXT = "The parser reads tokens one by one and builds the tree."
"""The first, plain text block of the hover scenario's turn."""


@pytest.fixture
def hover_memory() -> dict[str, Any]:
    """The screen before and after a pointer move, and where the pointer went."""
    return {}


def _hover(crs_driver: CrsDriver, x: int, y: int, memory: dict[str, Any]) -> None:
    """Read the screen, move the pointer onto screen cell ``(x, y)``, read it again."""
    memory["before"] = screen_cells(crs_driver.app)
    crs_driver.run(crs_driver.pilot.hover(offset=(x, y)), f"hovering over ({x}, {y})")
    crs_driver.settle()
    memory["after"] = screen_cells(crs_driver.app)
    memory["at"] = (x, y)


def _glyphs(rows: list[list[Cell]], y: int) -> str:
    return "".join(cell.char for cell in rows[y]) if y < len(rows) else ""


@given("a turn whose plain text is followed by a tool call and more text")
def text_then_tool(crs_driver: CrsDriver) -> None:
    """A sent prompt, then a turn: plain text, a tool call and its result, text, the end.

    The first text block is not the turn's last, so no turn-end time is revealed on it.
    """
    user_sends(crs_driver, "explain the parser")
    crs_driver.publish(
        TurnStarted("t1"),
        TextDelta("t1", FIRST_TEXT),
        ToolCall("t1", "call-1", "read_file", {"path": "parser.py"}),
        ToolResult("t1", "call-1", "text", "def parse(): ..."),
        TextDelta("t1", "That is all."),
        TurnEnded("t1"),
    )


@when("the pointer rests on the agent's first text block")
def hover_first_text(crs_driver: CrsDriver, hover_memory: dict[str, Any]) -> None:
    """Hover over the middle of the first agent text item's region."""
    texts = [view for view in crs_driver.items() if view.actor == "agent" and view.kind == "text"]
    if not texts or texts[0].widget.region.area == 0:
        raise crs_driver.harness_error("the first agent text block is not on the screen")
    region = texts[0].widget.region
    hover_memory["region"] = region
    _hover(crs_driver, region.x + region.width // 2, region.y, hover_memory)


@then("nothing in that block's region changed, characters or styles")
def region_unchanged(
    crs_driver: CrsDriver, request: pytest.FixtureRequest, hover_memory: dict[str, Any]
) -> None:
    """Every cell of the hovered item's region is drawn as before the hover."""
    clause = scenario_clause(request, "crs-no-hover-effect-on-static")
    region = hover_memory["region"]
    before, after = hover_memory["before"], hover_memory["after"]
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


@when(parsers.parse('the pointer rests on the option "{label}"'))
def hover_option(
    crs_driver: CrsDriver, request: pytest.FixtureRequest, hover_memory: dict[str, Any], label: str
) -> None:
    """Hover over the first cell of the option's label inside the interaction UI."""
    clause = scenario_clause(request, "crs-interactive-smooth-feedback")
    text = literal(label)
    place = find_label(crs_driver, ui_region(crs_driver, clause), text)
    check(
        place is not None, clause, "the interaction UI", f"the option {text!r} drawn", "not drawn"
    )
    assert place is not None
    hover_memory["label"] = text
    _hover(crs_driver, place[0], place[1], hover_memory)


@then("the hovered option's own cells changed style")
def option_restyled(
    crs_driver: CrsDriver, request: pytest.FixtureRequest, hover_memory: dict[str, Any]
) -> None:
    """Some cell of the hovered label's span is styled differently than before the hover."""
    clause = scenario_clause(request, "crs-interactive-smooth-feedback")
    (x, y), label = hover_memory["at"], hover_memory["label"]
    before = [style_of(cell) for cell in hover_memory["before"][y][x : x + text_width(label)]]
    after = [style_of(cell) for cell in hover_memory["after"][y][x : x + text_width(label)]]
    check(
        before != after,
        clause,
        f"the option {label!r} under the pointer",
        "a visible change of its style (colour or attribute)",
        f"the same style before and during the hover: {sorted(set(before), key=repr)}",
    )


@then("no glyph changed off the hovered option's row: nothing moved or resized")
def nothing_moved(
    crs_driver: CrsDriver, request: pytest.FixtureRequest, hover_memory: dict[str, Any]
) -> None:
    """Every row other than the hovered option's draws the same characters as before."""
    clause = scenario_clause(request, "crs-interactive-smooth-feedback")
    before, after = hover_memory["before"], hover_memory["after"]
    _x, hovered = hover_memory["at"]
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
    label = hover_memory["label"]
    x, y = hover_memory["at"]
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
