"""The reference client keeps the items far above the viewport out of layout (design §9, 12).

Not a clause of the profile (a client that hides nothing conforms); these tests keep the
reference's own promise, which benchmark 8 measures: whatever order the items arrived in,
what lies more than a few viewport heights above the view is hidden behind one spacer of
the same height, and the rows drawn do not move.
"""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from rawp_port import ClientSettings
from reference_crs.app import CrsApp
from reference_crs.offscreen import KEEP_SCREENS, MIN_KEEP
from steps.rawp_crs.driver import START_TIME
from steps.rawp_crs.support.fake_agent import FakeAgent, FakeClock
from steps.rawp_crs.support.history import CONVERSATION, stored_turn
from steps.screen import screen_rows, screen_text

TURNS = 120
"""Stored turns: some 1,700 rows, many viewport heights."""
PAGE = 20
"""Turns per history page: older pages arrive above the items already hidden."""
SIZE = (100, 30)
"""Terminal size (cells)."""


async def _idle(app: CrsApp, pilot: Pilot[None]) -> None:
    for _ in range(3):
        await pilot.pause()
        await app.workers.wait_for_complete()


def _drawn(app: CrsApp) -> list[str]:
    """The rows drawn on the screen (the conversation's viewport and the rest)."""
    return screen_text(app).splitlines()


@pytest.mark.asyncio
async def test_older_pages_loaded_above_the_hidden_items_are_hidden_too() -> None:
    """Each page loaded above the spacer joins the hidden run once it is far enough up.

    Every turn ends with a hover-revealed timestamp (``visibility: hidden``, no region of
    its own), so the run above the spacer ends with one; it used to keep that whole run
    drawn, and benchmark 8 cost 28 times the 10-turn case at 1,000 turns.
    """
    agent = FakeAgent(history=[stored_turn(number) for number in range(1, TURNS + 1)])
    settings = ClientSettings(initial_turns=PAGE, conversation_id=CONVERSATION)
    app = CrsApp(agent, agent, FakeClock(START_TIME), settings)
    async with app.run_test(size=SIZE) as pilot:
        await _idle(app, pilot)
        while app.history.remaining:
            app.history.load_older()
            await _idle(app, pilot)
        conversation, offscreen = app.conversation, app.offscreen
        conversation.scroll_end(animate=False, immediate=True)
        await _idle(app, pilot)
        before = _drawn(app)
        app.offscreen.sync()
        await _idle(app, pilot)

        children = list(conversation.children)
        assert offscreen.spacer in children
        at = children.index(offscreen.spacer)
        drawn_above = [w for w in children[:at] if w.display and w is not app.history.row]
        assert drawn_above == []
        assert children[at + 1 : at + 1 + len(offscreen.hidden)] == offscreen.hidden
        assert not any(widget.display for widget in offscreen.hidden)
        keep = max(MIN_KEEP, KEEP_SCREENS * conversation.size.height)
        spacer = app.screen.find_widget(offscreen.spacer).virtual_region
        assert spacer.height == offscreen.total
        assert conversation.scroll_y - spacer.bottom <= keep + conversation.size.height
        assert _drawn(app) == before


def _content(app: CrsApp) -> list[str]:
    """The rows drawn in the conversation's viewport, scrollbar left out."""
    area = app.conversation.scrollable_content_region
    rows = screen_rows(app)[area.y : area.bottom]
    return ["".join(row[area.x : area.right]).rstrip() for row in rows]


@pytest.mark.asyncio
async def test_scrolling_up_over_the_hidden_run_moves_every_row_by_the_scroll() -> None:
    """Scrolled up a few rows at a time from the end to the top, the rows drawn move down by
    exactly as many rows: the items shown again take the rows the spacer gave up.

    A turn ends with a hover-revealed timestamp whose rows count in the next item's share;
    shown without it, that item would sit one row higher than the spacer left room for.
    """
    agent = FakeAgent(history=[stored_turn(number) for number in range(1, 25)])
    settings = ClientSettings(initial_turns=24, conversation_id=CONVERSATION)
    app = CrsApp(agent, agent, FakeClock(START_TIME), settings)
    async with app.run_test(size=SIZE) as pilot:
        await _idle(app, pilot)
        conversation = app.conversation
        conversation.scroll_end(animate=False, immediate=True)
        await _idle(app, pilot)
        assert app.offscreen.hidden, "nothing was hidden: the test would prove nothing"
        step = 5
        while conversation.scroll_y >= step:
            before = _content(app)
            conversation.scroll_to(y=conversation.scroll_y - step, animate=False, immediate=True)
            await _idle(app, pilot)
            assert _content(app)[step:] == before[:-step], f"at scroll_y {conversation.scroll_y}"
        assert not app.offscreen.hidden
