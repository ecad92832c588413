"""Steps of ``features/rawp_crs/actor_layout.feature``.

Who said what is told by where it is drawn.
"""

from __future__ import annotations

from itertools import pairwise
from statistics import median

from pytest_bdd import parsers, then, when

from rawp_port import (
    SystemNotice,
    TextDelta,
    Thinking,
    ToolCall,
    ToolResult,
    TurnEnded,
    TurnStarted,
)
from steps.checks import check, literal
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.part1.drawn import (
    SQUARE_CORNERS,
    WORDS,
    Drawn,
    drawn_item,
    long_text,
)
from steps.rawp_crs.state import CrsState
from steps.rawp_crs.support.layout import next_turn, publish_answer
from steps.screen import BLANK, text_width

SIDE_TOLERANCE = 2
"""Cells an item may keep from the edge it sits against: a margin or Markdown's side padding."""


def left_gutter(width: int) -> int:
    """Cells an agent block may start right of the area's left edge and still sit at the left.

    :data:`SIDE_TOLERANCE`, or a sixteenth of the area's width where that is more: a client
    may keep a gutter for a marker (oterm draws ``❯`` left of a turn's first row and starts
    every block of the turn 3 cells in; docs/thirdparty.md, H7). A block centred, or pushed
    right, is still far past it. Seeds: 002 §2.2, l. 20 (Agent "좌측 정렬").
    """
    return max(SIDE_TOLERANCE, width // 16)


@when(parsers.parse("the agent answers a text of {count:d} words"))
def agent_answers_long(crs_driver: CrsDriver, crs_state: CrsState, count: int) -> None:
    """Publish one turn whose text is ``count`` words long."""
    publish_answer(crs_driver, crs_state.traffic, long_text(count))


@when(parsers.parse('the agent reports "{text}"'))
def agent_reports(crs_driver: CrsDriver, crs_state: CrsState, text: str) -> None:
    """Publish a system notice holding ``text``."""
    crs_state.traffic.notice = literal(text)
    crs_driver.publish(SystemNotice("error", crs_state.traffic.notice))


@when("the agent thinks and runs a tool in a turn of its own")
def agent_thinks_and_runs_tool(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """Publish a turn of a thinking block, a tool call with its result, and a short text."""
    turn = next_turn(crs_state.traffic)
    crs_driver.publish(
        TurnStarted(turn),
        Thinking(turn, "Reading the parser first."),
        ToolCall(turn, "call-1", "read_file", {"path": "parser.py"}),
        ToolResult(turn, "call-1", "text", "def parse(): ..."),
        TextDelta(turn, "Done."),
        TurnEnded(turn),
    )


def drawn_box(item: Drawn, clause: str, what: str) -> tuple[int, int]:
    """Gaps (left, right) in cells between ``item``'s drawn box and the area's edges."""
    check(item.box is not None, clause, what, "something drawn", item.describe())
    assert item.box is not None
    return item.box.x - item.bounds.x, item.bounds.right - item.box.right


@then("the user message is drawn against the right edge of the conversation area")
def user_right(crs_driver: CrsDriver) -> None:
    """The bubble ends at the area's right edge, room on its left (``crs-user-right-aligned``)."""
    clause = "crs-user-right-aligned"
    item = drawn_item(crs_driver, "user", clause)
    left, right = drawn_box(item, clause, "the user message")
    check(
        right <= SIDE_TOLERANCE and left > right,
        clause,
        "the user message",
        f"its right edge within {SIDE_TOLERANCE} cells of the area's, more room on its left",
        f"gaps left {left}, right {right}; {item.describe()}",
    )


@then("the user message is drawn in a bubble of its own background")
def user_bubble(crs_driver: CrsDriver) -> None:
    """Every cell of the drawn box has one background, not the area's (``crs-user-bubble``).

    A frame is optional; its corners are never square box-drawing corners (``┌``):
    round (``╭``) or a frame of block elements (Textual's ``tall``, ``outer``).
    """
    clause = "crs-user-bubble"
    item = drawn_item(crs_driver, "user", clause)
    drawn_box(item, clause, "the user message")
    backgrounds = {cell.background for cell in item.box_cells(item.inside())}
    check(
        len(backgrounds) == 1 and item.area_background not in backgrounds,
        clause,
        "the user message's cells",
        f"one background, other than the area's {item.area_background}",
        f"{sorted(backgrounds, key=str)}; {item.describe()}",
    )
    corners = item.corners()
    if any(char in SQUARE_CORNERS for char in corners):
        check(
            False,
            clause,
            "the bubble's frame",
            "no square corners (round ╭╮╰╯, or a frame of block elements)",
            repr(corners),
        )


@then(
    parsers.parse(
        "the user bubble is between {low:d} % and {high:d} % of the conversation area's width"
    )
)
def user_bubble_width(crs_driver: CrsDriver, low: int, high: int) -> None:
    """The wrapped bubble's share of the area's width (``crs-user-bubble-max-width``)."""
    clause = "crs-user-bubble-max-width"
    item = drawn_item(crs_driver, "user", clause)
    drawn_box(item, clause, "the user message")
    assert item.box is not None
    width = item.bounds.width
    check(
        round(width * low / 100) <= item.box.width <= round(width * high / 100),
        clause,
        "the user bubble",
        f"{low}-{high} % of {width} cells",
        f"{item.box.width} cells; {item.describe()}",
    )


@then("the agent's answer starts at the left edge of the conversation area")
def agent_left(crs_driver: CrsDriver) -> None:
    """The text starts at the area's left edge (``crs-agent-left-aligned``)."""
    clause = "crs-agent-left-aligned"
    item = drawn_item(crs_driver, "agent", clause)
    left, right = item.placement()
    gutter = left_gutter(item.bounds.width)
    check(
        0 <= left <= gutter and right > left,
        clause,
        "the agent's text",
        f"its first column within {gutter} cells of the area's left edge, and more "
        "room on its right than on its left (frames and padding not counted)",
        f"gaps left {left}, right {right}",
    )


AGENT_BLOCKS = {"thinking block": ("thinking",), "tool block": ("tool_call", "tool_result")}
"""Agent output blocks other than text, by the words a scenario names them with (002 §2.1)."""


@then(
    parsers.re(
        r"the agent's (?P<block>thinking block|tool block) starts at the left edge "
        r"of the conversation area"
    )
)
def agent_block_left(crs_driver: CrsDriver, block: str) -> None:
    """The block's glyphs start at the area's left edge (``crs-agent-left-aligned``).

    002 §2.1 counts thinking and tool results among the agent's output, which §2.2 places
    on the left. A rule or marker the client draws at the block's left counts as its start.
    """
    clause = "crs-agent-left-aligned"
    item = drawn_item(crs_driver, "agent", clause, AGENT_BLOCKS[block])
    left, right = item.placement()
    gutter = left_gutter(item.bounds.width)
    check(
        0 <= left <= gutter and right > left,
        clause,
        f"the agent's {block}",
        f"its first column within {gutter} cells of the area's left edge, and more "
        "room on its right than on its left (frames and padding not counted)",
        f"gaps left {left}, right {right}; {item.describe()}",
    )


@then("the agent's answer wraps at the right edge of the conversation area")
def agent_full_width(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """The long text's widest row reaches the area's right edge (``crs-agent-full-width``).

    Tolerance: the item's own side padding (:data:`SIDE_TOLERANCE` each side) and one word.
    The whole available width, not more: every word of the answer is drawn inside the
    area's columns, so text laid out wider than the area and cut at its edge fails.
    """
    clause = "crs-agent-full-width"
    item = drawn_item(crs_driver, "agent", clause)
    left, right = item.placement()
    slack = SIDE_TOLERANCE + max(len(word) for word in WORDS) + 1
    check(
        0 <= left <= SIDE_TOLERANCE and right <= slack,
        clause,
        "the agent's text",
        f"rows from the left edge to within {slack} cells of the right "
        f"edge ({item.bounds.width} cells)",
        f"gaps left {left}, right {right}",
    )
    if crs_state.traffic.answer:
        rows = item.text_rows()
        check(
            "".join(crs_state.traffic.answer.split()) in "".join("".join(rows).split()),
            clause,
            "the agent's text inside the conversation area's columns",
            f"every word of the answer ({len(crs_state.traffic.answer.split())} words), in order",
            repr(" ".join(row.strip() for row in rows)),
        )


def _no_box(crs_driver: CrsDriver, actor: str, clause: str, what: str) -> None:
    """No cell of the item's rows has a background other than the area's.

    004 §1.2 defines a bubble as a rounded container *with a background colour*: a frame
    drawn with no background of its own is not one, and is not checked.
    """
    item = drawn_item(crs_driver, actor, clause)
    own = sorted(
        {
            cell.background
            for y in item.rows()
            for cell in item.cells[y][item.bounds.x : item.bounds.right]
        }
        - {item.area_background},
        key=str,
    )
    check(
        not own,
        clause,
        what,
        f"every cell of its rows on the area's background {item.area_background}",
        f"also {own}",
    )


@then("the agent's answer has the conversation area's background")
def agent_no_bubble(crs_driver: CrsDriver) -> None:
    """No background of its own around the agent's text (``crs-agent-no-bubble``)."""
    _no_box(crs_driver, "agent", "crs-agent-no-bubble", "the agent's text")


@then("the system notice has the conversation area's background")
def system_no_bubble(crs_driver: CrsDriver) -> None:
    """No background of its own around the notice (``crs-system-no-bubble``)."""
    _no_box(crs_driver, "system", "crs-system-no-bubble", "the system notice")


@then("the system notice is centred in the conversation area")
def system_centred(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """The notice's text, or its row with the time beside it, is centred (``crs-system-centred``).

    Gaps to both edges differ by at most one cell, for the notice's text alone or for the
    run of glyphs on its row when the time sits right beside the text (at most 3 blank
    cells between them).
    """
    clause = "crs-system-centred"
    item = drawn_item(crs_driver, "system", clause)
    found = item.find(crs_state.traffic.notice)
    check(
        found is not None,
        clause,
        "the system notice",
        f"{crs_state.traffic.notice!r} on one row",
        item.describe(),
    )
    assert found is not None
    y, x = found
    text_gaps = (x - item.bounds.x, item.bounds.right - x - text_width(crs_state.traffic.notice))
    row = item.row_text(y)
    glyphs = [i for i, char in enumerate(row) if char not in BLANK]
    run_gaps = (glyphs[0], len(row) - 1 - glyphs[-1])
    holes = max((b - a - 1 for a, b in pairwise(glyphs)), default=0)
    centred = abs(text_gaps[0] - text_gaps[1]) <= 1 or (
        holes <= 3 and abs(run_gaps[0] - run_gaps[1]) <= 1
    )
    check(
        centred,
        clause,
        "the system notice",
        "equal gaps (±1 cell) to both edges of the area",
        f"text gaps {text_gaps}, row gaps {run_gaps} in {row.strip()!r}",
    )


@then("the system notice is drawn with less contrast than the agent's text")
def system_muted(crs_driver: CrsDriver) -> None:
    """The notice's glyphs are dim or of lower contrast than the agent's (``crs-system-muted``)."""
    clause = "crs-system-muted"
    _muted(crs_driver, drawn_item(crs_driver, "system", clause), clause, "the system notice")


@then("the date separator is drawn with less contrast than the agent's text")
def separator_muted(crs_driver: CrsDriver) -> None:
    """The separator's glyphs are dim or of lower contrast than the agent's text.

    002 §2.4: the separator follows the system messages' centred, muted style
    (``crs-date-separator``; its centring is checked in ``timestamps.feature``).
    """
    clause = "crs-date-separator"
    item = drawn_item(crs_driver, "system", clause, ("date_separator",))
    _muted(crs_driver, item, clause, "the date separator")


def _muted(crs_driver: CrsDriver, item: Drawn, clause: str, what: str) -> None:
    """``item``'s glyphs are all dim, or of lower median contrast than the agent's text."""
    mine_cells = item.glyph_cells()
    agent = drawn_item(crs_driver, "agent", clause, ("text",)).glyph_cells()
    if mine_cells and all(cell.dim for cell in mine_cells):
        return
    mine = median(cell.contrast or 21.0 for cell in mine_cells)
    theirs = median(cell.contrast or 21.0 for cell in agent)
    check(
        mine < theirs,
        clause,
        what,
        f"lower contrast than the agent's text ({theirs:.2f})",
        f"{mine:.2f}",
    )


@then("the user, agent and system items have three different horizontal placements")
def three_placements(crs_driver: CrsDriver) -> None:
    """Right, left and centre tell the actors apart (``crs-alignment-tells-actors-apart``)."""
    clause = "crs-alignment-tells-actors-apart"
    placed = {}
    for actor in ("user", "agent", "system"):
        item = drawn_item(crs_driver, actor, clause)
        left, right = (
            drawn_box(item, clause, f"the {actor}'s item") if actor == "user" else item.placement()
        )
        placed[actor] = (
            "centre" if abs(left - right) <= 1 else ("left" if left < right else "right")
        )
    check(
        len(set(placed.values())) == 3,
        clause,
        "the three actors' items",
        "three different placements",
        placed,
    )


@when(parsers.parse("the user pastes a text of {count:d} words and presses Enter"))
def pastes_long(crs_driver: CrsDriver, count: int) -> None:
    """Paste ``count`` words (one paste event), then press Enter."""
    crs_driver.paste_text(long_text(count))
    crs_driver.press("enter")
