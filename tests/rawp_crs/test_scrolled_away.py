"""The reference RAWP-CRS client after the user scrolled away (issue 38, state after a move).

A person reads back with Page Up, or the wheel, then sends: what they send and the reply
to it must come into view (the chat_screen reference does the same, 001 "scroll to end").
Page Up then Page Down back to the end while a reply streams must follow the reply again.
What is checked is what is drawn: the composed screen holds the text.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime

import pytest
from textual import events
from textual.pilot import Pilot

from rawp_port import ClientSettings, PromptRequest, TextDelta, TurnEnded, TurnStarted
from reference_crs.app import CrsApp
from steps.rawp_crs.support.fake_agent import FakeAgent, FakeClock
from steps.screen import screen_text

T0 = datetime(2026, 3, 11, 5, 32, tzinfo=UTC)


@dataclass
class Run:
    app: CrsApp
    pilot: Pilot[None]
    fake: FakeAgent

    async def settle(self, condition: Callable[[], bool] = lambda: True) -> bool:
        """Let the app run until ``condition()`` holds (bounded rounds, never a sleep).

        Returns:
            Whether it held; the caller asserts, with what the screen shows.
        """
        for _ in range(200):
            await self.pilot.pause()
            if condition():
                await self.pilot.pause()
                return True
        return False

    async def type_and_send(self, text: str) -> None:
        await self.pilot.press(*text, "enter")
        await self.settle(lambda: text in [p.prompt_text for p in self.fake.sent_of(PromptRequest)])

    async def reply(self, turn_id: str, lines: int, end: bool = True) -> None:
        """The agent answers with ``lines`` numbered lines (a blank line between each)."""
        self.fake.publish(TurnStarted(turn_id))
        body = "\n\n".join(f"{turn_id} line {n}" for n in range(lines))
        self.fake.publish(TextDelta(turn_id, body))
        if end:
            self.fake.publish(TurnEnded(turn_id))
        await self.settle()

    def shows(self, text: str) -> bool:
        return text in screen_text(self.app)


@asynccontextmanager
async def client(size: tuple[int, int] = (80, 24)) -> AsyncIterator[Run]:
    fake = FakeAgent()
    app = CrsApp(fake, fake, FakeClock(T0), ClientSettings())
    async with app.run_test(size=size) as pilot:
        run = Run(app, pilot, fake)
        await run.settle(lambda: fake.connected)
        for n in range(3):  # a conversation three screens long
            await run.type_and_send(f"question {n}")
            await run.reply(f"t{n}", 12)
        yield run


def _wheel_up(x: int, y: int) -> events.MouseScrollUp:
    return events.MouseScrollUp(
        widget=None, x=x, y=y, delta_x=0, delta_y=0, button=0, shift=False, meta=False,
        ctrl=False, screen_x=x, screen_y=y,
    )  # fmt: skip


def _where(run: Run, text: str) -> str:
    conversation = run.app.conversation
    return (
        f"{text!r} is not drawn (scroll_y {conversation.scroll_y} of {conversation.max_scroll_y});"
        f" the screen:\n{screen_text(run.app)}"
    )


@pytest.mark.asyncio
@pytest.mark.parametrize("away", ["pageup", "pageup pageup pageup pageup"])
async def test_what_is_sent_after_scrolling_away_and_its_reply_come_into_view(away: str) -> None:
    async with client() as run:
        conversation = run.app.conversation
        await run.pilot.press(*away.split())
        await run.settle()
        assert conversation.scroll_y < conversation.max_scroll_y, "the keys did not scroll away"
        await run.type_and_send("sent after scrolling")
        shown = await run.settle(lambda: run.shows("sent after scrolling"))
        assert shown, _where(run, "sent after scrolling")
        await run.reply("t9", 12)
        shown = await run.settle(lambda: run.shows("t9 line 11"))
        assert shown, _where(run, "t9 line 11")


@pytest.mark.asyncio
async def test_what_is_sent_after_the_wheel_scrolled_away_comes_into_view() -> None:
    async with client() as run:
        conversation = run.app.conversation
        x, y = conversation.region.center
        for _ in range(6):  # as a terminal reports the wheel: posted to the app
            run.app.post_message(_wheel_up(x, y))
            await run.settle()
        assert conversation.scroll_y < conversation.max_scroll_y, "the wheel did not scroll away"
        await run.type_and_send("sent after the wheel")
        shown = await run.settle(lambda: run.shows("sent after the wheel"))
        assert shown, _where(run, "sent after the wheel")


@pytest.mark.asyncio
async def test_page_up_then_page_down_while_a_reply_streams_then_sending_shows_it() -> None:
    async with client() as run:
        await run.type_and_send("a long question")
        run.fake.publish(TurnStarted("t8"))
        run.fake.publish(TextDelta("t8", "\n\n".join(f"t8 line {n}" for n in range(20))))
        await run.settle()
        await run.pilot.press("pageup")
        for n in range(20, 40):  # the reply streams on while the user reads back
            run.fake.publish(TextDelta("t8", f"\n\nt8 line {n}"))
            await run.settle()
        await run.pilot.press("pagedown")
        for n in range(40, 45):
            run.fake.publish(TextDelta("t8", f"\n\nt8 line {n}"))
            await run.settle()
        await run.type_and_send("sent while it streams")
        shown = await run.settle(lambda: run.shows("sent while it streams"))
        assert shown, _where(run, "sent while it streams")
        run.fake.publish(TurnEnded("t8"))
        await run.reply("t9", 3)
        shown = await run.settle(lambda: run.shows("t9 line 2"))
        assert shown, _where(run, "t9 line 2")


@pytest.mark.asyncio
async def test_page_up_then_page_down_while_a_reply_streams_follows_the_reply_again() -> None:
    async with client() as run:
        await run.type_and_send("a long question")
        run.fake.publish(TurnStarted("t8"))
        run.fake.publish(TextDelta("t8", "\n\n".join(f"t8 line {n}" for n in range(20))))
        await run.settle()
        await run.pilot.press("pageup")
        await run.settle()
        run.fake.publish(TextDelta("t8", "\n\nt8 line 20"))  # a few rows while reading back
        await run.settle()
        await run.pilot.press("pagedown")
        await run.settle()
        for n in range(21, 40):  # nothing sent: the view follows the reply by itself
            run.fake.publish(TextDelta("t8", f"\n\nt8 line {n}"))
            await run.settle()
        shown = await run.settle(lambda: run.shows("t8 line 39"))
        assert shown, _where(run, "t8 line 39")
