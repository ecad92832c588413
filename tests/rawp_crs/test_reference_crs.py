"""The reference RAWP-CRS client under Pilot, wired to the fake agent and a fixed clock."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import ClassVar

import pytest
from textual import events
from textual.content import Content
from textual.pilot import Pilot

from rawp_port import (
    ClientSettings,
    OtherEvent,
    PromptCancel,
    PromptRequest,
    SystemNotice,
    TextDelta,
    Thinking,
    ToolCall,
    ToolResult,
    TurnEnded,
    TurnStarted,
)
from reference_crs.app import CrsApp
from reference_crs.widgets import (
    AgentText,
    DateSeparator,
    PromptInput,
    SystemNoticeItem,
    ThinkingBlock,
    TimeStamp,
    ToolBlock,
    UserMessage,
)
from steps.rawp_crs.support.fake_agent import FakeAgent, FakeClock
from steps.screen import screen_text

T0 = datetime(2026, 3, 11, 5, 32, tzinfo=UTC)
"""14:32 in Seoul, where the tests' local time zone is."""


@pytest.fixture(autouse=True)
def seoul(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("TZ", "Asia/Seoul")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@dataclass
class Run:
    app: CrsApp
    pilot: Pilot[None]
    fake: FakeAgent
    clock: FakeClock

    async def settle(self, condition: Callable[[], bool] = lambda: True) -> None:
        """Let the app run until it is idle and ``condition()`` holds (bounded rounds)."""
        for _ in range(200):
            await self.pilot.pause()
            if condition():
                await self.pilot.pause()
                return
        raise AssertionError("the condition never held")

    async def send(self, text: str) -> None:
        await self.pilot.press(*text)
        await self.pilot.press("enter")
        await self.settle()

    def items(self, kind: type[object]) -> list[object]:
        return [w for w in self.app.conversation.children if isinstance(w, kind)]

    @property
    def input(self) -> PromptInput:
        return self.app.query_one(PromptInput)


@asynccontextmanager
async def client(size: tuple[int, int] = (80, 30)) -> AsyncIterator[Run]:
    fake, clock = FakeAgent(), FakeClock(T0)
    app = CrsApp(fake, fake, clock, ClientSettings())
    async with app.run_test(size=size) as pilot:
        run = Run(app, pilot, fake, clock)
        await run.settle(lambda: fake.connected)
        yield run


# sending (002 §2.5.1)


@pytest.mark.asyncio
async def test_enter_sends_the_text_and_clears_the_input_at_once() -> None:
    async with client() as run:
        await run.send("hello")
        assert [f.prompt_text for f in run.fake.sent_of(PromptRequest)] == ["hello"]
        assert run.input.text == ""
        (message,) = run.items(UserMessage)
        assert isinstance(message, UserMessage) and message.text == "hello"


@pytest.mark.asyncio
async def test_a_blank_input_is_not_sent() -> None:
    async with client() as run:
        await run.pilot.press("space", "space", "ctrl+j", "enter")
        await run.settle()
        assert run.fake.sent == []
        assert run.items(UserMessage) == []


@pytest.mark.parametrize("newline_key", ["shift+enter", "ctrl+j"])
@pytest.mark.asyncio
async def test_the_newline_keys_break_the_line_without_sending(newline_key: str) -> None:
    async with client() as run:
        await run.pilot.press("a", newline_key, "b")
        await run.settle()
        assert run.fake.sent == [] and run.input.text == "a\nb"
        await run.pilot.press("enter")
        await run.settle()
        assert [f.prompt_text for f in run.fake.sent_of(PromptRequest)] == ["a\nb"]


@pytest.mark.asyncio
async def test_a_burst_of_keys_after_enter_goes_into_the_next_message() -> None:
    async with client() as run:
        keys = ["o", "n", "e", "enter", "t", "w", "o", "enter", "x"]
        for key in keys:  # all queued before the app handles the first
            character = key if len(key) == 1 else ("\r" if key == "enter" else None)
            run.app.post_message(events.Key(key, character))
        await run.settle(lambda: len(run.fake.sent) == 2 and run.input.text == "x")
        assert [f.prompt_text for f in run.fake.sent_of(PromptRequest)] == ["one", "two"]
        assert run.input.text == "x"


@pytest.mark.asyncio
async def test_a_pasted_multi_line_text_is_sent_whole() -> None:
    async with client() as run:
        run.app.post_message(events.Paste("first\nsecond"))
        await run.settle(lambda: run.input.text == "first\nsecond")
        assert run.fake.sent == []
        await run.pilot.press("enter")
        await run.settle()
        assert [f.prompt_text for f in run.fake.sent_of(PromptRequest)] == ["first\nsecond"]


# streaming (002 §2.1-§2.2)


@pytest.mark.asyncio
async def test_a_streamed_turn_draws_thinking_the_tool_block_and_the_text_in_order() -> None:
    async with client() as run:
        await run.send("go")
        run.fake.publish(
            TurnStarted("t1"),
            Thinking("t1", "first "),
            Thinking("t1", "then"),
            ToolCall("t1", "c1", "list_files", {"path": "."}),
            ToolResult("t1", "c1", "text", "a.py\nb.py"),
            TextDelta("t1", "Hello "),
            TextDelta("t1", "**world**"),
        )
        await run.settle(lambda: "Hello world" in screen_text(run.app))
        kinds = [type(w) for w in run.app.conversation.children]
        assert kinds == [UserMessage, TimeStamp, ThinkingBlock, ToolBlock, AgentText]
        (thinking,) = run.items(ThinkingBlock)
        assert isinstance(thinking, ThinkingBlock) and thinking.text == "first then"
        (tool,) = run.items(ToolBlock)
        assert isinstance(tool, ToolBlock)
        header, result = tool.children
        assert result.region.y >= header.region.bottom  # the result right below its call
        assert "a.py" in screen_text(run.app)
        (text,) = run.items(AgentText)
        assert isinstance(text, AgentText) and text.received == "Hello **world**"


@pytest.mark.asyncio
async def test_text_after_a_tool_block_starts_a_new_text_block() -> None:
    async with client() as run:
        await run.send("go")
        run.fake.publish(
            TextDelta("t1", "before"),
            ToolCall("t1", "c1", "x", {}),
            TextDelta("t1", "after"),
            TurnEnded("t1"),
        )
        await run.settle(lambda: "after" in screen_text(run.app))
        texts = run.items(AgentText)
        assert [t.received for t in texts if isinstance(t, AgentText)] == ["before", "after"]


@pytest.mark.asyncio
async def test_an_unknown_output_type_is_shown_verbatim() -> None:
    async with client() as run:
        await run.send("go")
        output = "# not a heading\n  two  spaces **kept**"
        run.fake.publish(
            ToolCall("t1", "c1", "x", {}), ToolResult("t1", "c1", "x.hologram", output)
        )
        await run.settle(lambda: "two  spaces" in screen_text(run.app))
        screen = screen_text(run.app)
        assert "# not a heading" in screen and "  two  spaces **kept**" in screen


@pytest.mark.asyncio
async def test_raw_html_in_agent_markdown_is_shown_as_its_source() -> None:
    async with client() as run:
        await run.send("go")
        run.fake.publish(TextDelta("t1", "a <b>bold</b> <!-- note --> z"), TurnEnded("t1"))
        await run.settle(lambda: " z" in screen_text(run.app))
        assert "a <b>bold</b> <!-- note --> z" in screen_text(run.app)


@pytest.mark.asyncio
async def test_events_of_an_ended_turn_are_dropped() -> None:
    async with client() as run:
        await run.send("go")
        run.fake.publish(TextDelta("t1", "done"), TurnEnded("t1"), TextDelta("t1", "late"))
        await run.settle(lambda: "done" in screen_text(run.app))
        assert "late" not in screen_text(run.app)
        assert isinstance(run.app.conversation.children[-1], TimeStamp)


# forward compatibility (004 §1.4)


@dataclass(frozen=True)
class NewKindOfEvent:
    type: ClassVar[str] = "session.something.new"
    value: int


@pytest.mark.asyncio
async def test_unknown_events_are_ignored_and_the_next_one_is_drawn() -> None:
    async with client() as run:
        await run.send("go")
        before = len(run.app.conversation.children)
        run.fake.publish(
            OtherEvent("agent.brand.new", {"x": 1}),
            NewKindOfEvent(3),
            object(),
            OtherEvent("tool.other", {}),
        )
        await run.settle()
        assert len(run.app.conversation.children) == before
        run.fake.publish(TextDelta("t1", "still here"))
        await run.settle(lambda: "still here" in screen_text(run.app))
        assert run.app.is_running


# cancelling (002 §2.5.2)


@pytest.mark.asyncio
async def test_escape_before_the_turn_started_cancels_the_pending_prompt() -> None:
    async with client() as run:
        await run.send("go")
        await run.pilot.press("escape")
        await run.settle()
        assert run.fake.sent_of(PromptCancel) == [PromptCancel(None)]


@pytest.mark.parametrize(
    "state",
    [
        Thinking("t1", "hm"),
        ToolCall("t1", "c1", "x", {}),
        TextDelta("t1", "streaming"),
    ],
    ids=["thinking", "tool_calling", "streaming"],
)
@pytest.mark.asyncio
async def test_escape_cancels_the_running_turn(state: object) -> None:
    async with client() as run:
        await run.send("go")
        run.fake.publish(TurnStarted("t1"), state)
        await run.settle()
        await run.pilot.press("escape")
        await run.settle()
        assert run.fake.sent_of(PromptCancel) == [PromptCancel("t1")]


@pytest.mark.asyncio
async def test_escape_does_nothing_when_idle() -> None:
    async with client() as run:
        await run.pilot.press("escape")
        await run.send("go")
        run.fake.publish(TurnStarted("t1"), TextDelta("t1", "x"), TurnEnded("t1"))
        await run.settle()
        await run.pilot.press("escape")
        await run.settle()
        assert run.fake.sent_of(PromptCancel) == []
        assert run.app.is_running


# timestamps (002 §2.4)


def _stamps(run: Run) -> list[tuple[str, str]]:
    return [
        ("user" if w.has_class("-user") else "agent", str(w.render()))
        for w in run.items(TimeStamp)
        if isinstance(w, TimeStamp)
    ]


@pytest.mark.asyncio
async def test_timestamps_only_at_the_turn_boundaries_in_local_time() -> None:
    async with client() as run:
        await run.send("go")
        run.clock.advance(60)
        run.fake.publish(
            TurnStarted("t1"),
            Thinking("t1", "x"),
            ToolCall("t1", "c1", "x", {}),
            ToolResult("t1", "c1", "text", "y"),
            TextDelta("t1", "z"),
        )
        await run.settle()
        run.clock.advance(60)
        run.fake.publish(TurnEnded("t1"))
        await run.settle()
        assert _stamps(run) == [("user", "14:32"), ("agent", "14:34")]
        children = list(run.app.conversation.children)
        assert isinstance(children[1], TimeStamp)  # right under the user bubble
        assert isinstance(children[-1], TimeStamp)  # under the turn's last block
        await run.pilot.hover(children[-2])  # the end stamp is drawn while its block is hovered
        await run.settle()
        assert children[-1].region.y >= children[-2].region.bottom


@pytest.mark.asyncio
async def test_timestamps_are_drawn_while_the_pointer_is_over_what_they_stamp() -> None:
    """``crs-timestamp-hover-preferred``: hidden (their rows kept), revealed on hover."""
    async with client() as run:
        await run.send("go")
        run.fake.publish(TurnStarted("t1"), TextDelta("t1", "answer"))
        await run.settle()
        run.clock.advance(60)
        run.fake.publish(TurnEnded("t1"))
        await run.settle()
        assert "14:32" not in screen_text(run.app) and "14:33" not in screen_text(run.app)
        user, _, answer, _ = run.app.conversation.children
        await run.pilot.hover(user)
        await run.settle()
        assert "14:32" in screen_text(run.app) and "14:33" not in screen_text(run.app)
        await run.pilot.hover(answer)
        await run.settle()
        assert "14:32" not in screen_text(run.app) and "14:33" in screen_text(run.app)
        await run.pilot.hover(f"#{run.app.INPUT_ID}")
        await run.settle()
        assert "14:33" not in screen_text(run.app)


@pytest.mark.asyncio
async def test_ctrl_t_shows_every_time_to_a_keyboard_user_and_hides_them_again() -> None:
    """Issue 25 item 9: without a pointer, Ctrl+T draws every time (002 §2.4 ¶1), later
    ones included; pressed again, the times are back to hover only. A reference-client
    property, not a conformance check: the seeds ask for hover or tap (SHOULD), and
    name no key (decision in ``crs-timestamp-available``)."""
    async with client() as run:
        await run.send("go")
        run.fake.publish(TurnStarted("t1"), TextDelta("t1", "answer"))
        await run.settle()
        run.clock.advance(60)
        run.fake.publish(TurnEnded("t1"))
        await run.settle()
        assert "14:32" not in screen_text(run.app) and "14:33" not in screen_text(run.app)
        await run.pilot.press("ctrl+t")
        await run.settle()
        assert "14:32" in screen_text(run.app) and "14:33" in screen_text(run.app)
        assert run.input.text == ""  # the key typed nothing
        run.clock.advance(60)
        run.fake.publish(SystemNotice("error", "connection lost"))
        await run.send("next")
        await run.settle()
        shown = screen_text(run.app)
        assert "connection lost · 14:34" in shown and shown.count("14:34") == 2
        await run.pilot.press("ctrl+t")
        await run.settle()
        assert not any(t in screen_text(run.app) for t in ("14:32", "14:33", "14:34"))


@pytest.mark.asyncio
async def test_a_system_notice_shows_its_time() -> None:
    async with client() as run:
        run.clock.advance(120)
        run.fake.publish(SystemNotice("error", "connection lost"))
        await run.settle()
        (notice,) = run.items(SystemNoticeItem)
        assert isinstance(notice, SystemNoticeItem)
        assert notice.stamp == "14:34" and "14:34" not in screen_text(run.app)
        await run.pilot.hover(notice)  # revealed on hover (crs-timestamp-hover-preferred)
        await run.settle()
        assert "connection lost · 14:34" in screen_text(run.app)


@pytest.mark.asyncio
async def test_a_date_separator_comes_before_the_first_message_of_a_new_day() -> None:
    async with client() as run:
        await run.send("one")
        run.fake.publish(TurnEnded("t1"))
        run.clock.advance(timedelta(days=1).total_seconds())
        await run.send("two")
        (separator,) = run.items(DateSeparator)
        assert isinstance(separator, DateSeparator)
        assert "2026년 3월 12일" in str(separator.render())
        children = list(run.app.conversation.children)
        assert isinstance(children[children.index(separator) + 1], UserMessage)


# layout (002 §2.2, 004 §3.1)


@pytest.mark.asyncio
async def test_the_user_bubble_sits_on_the_right_agent_text_spans_and_notices_are_centred() -> None:
    async with client() as run:
        await run.send("hi")
        run.fake.publish(TextDelta("t1", "word " * 40), TurnEnded("t1"), SystemNotice("x", "mid"))
        await run.settle(lambda: bool(run.items(SystemNoticeItem)))
        area = run.app.conversation.scrollable_content_region
        (message,) = run.items(UserMessage)
        assert isinstance(message, UserMessage)
        bubble = message.bubble.region
        assert bubble.right == area.right and bubble.x > area.x + area.width // 4
        (text,) = run.items(AgentText)
        assert isinstance(text, AgentText)
        assert (text.region.x, text.region.right) == (area.x, area.right)
        (notice,) = run.items(SystemNoticeItem)
        assert isinstance(notice, SystemNoticeItem)
        row = screen_text(run.app).splitlines()[notice.region.y]
        left = len(row) - len(row.lstrip())
        right = area.right - len(row.rstrip())
        assert abs(left - area.x - right) <= 1


@pytest.mark.asyncio
async def test_a_long_user_message_is_at_most_three_quarters_wide() -> None:
    async with client() as run:
        await run.send("long " * 40)
        (message,) = run.items(UserMessage)
        assert isinstance(message, UserMessage)
        assert message.bubble.region.width <= run.app.conversation.content_region.width * 3 // 4


@pytest.mark.asyncio
async def test_the_user_bubble_renders_the_subset_and_shows_blocks_as_typed() -> None:
    async with client() as run:
        await run.send("# title **bold**")
        await run.send("![alt](x.png)")
        screen = screen_text(run.app)
        assert "# title bold" in screen and "**" not in screen
        assert "![alt](x.png)" in screen
        bubbles = [m.bubble for m in run.items(UserMessage) if isinstance(m, UserMessage)]
        content = bubbles[0].render()
        assert isinstance(content, Content)
        bold = content.plain.index("bold")
        assert any(s.style == "bold" and s.start <= bold < s.end for s in content.spans)
        assert not any(s.start < 2 for s in content.spans)  # "# title" carries no style


# hostile traffic


@pytest.mark.asyncio
async def test_ten_thousand_small_deltas_all_arrive() -> None:
    async with client() as run:
        await run.send("go")
        deltas = [TextDelta("t1", f"{i % 10}") for i in range(10_000)]
        run.fake.publish(TurnStarted("t1"), *deltas, TurnEnded("t1"))
        await run.settle(lambda: bool(run.items(TimeStamp)[1:]))
        (text,) = run.items(AgentText)
        assert isinstance(text, AgentText)
        assert text.received == "".join(d.text for d in deltas)


@pytest.mark.asyncio
async def test_markup_and_control_characters_in_agent_text_are_shown_not_obeyed() -> None:
    async with client() as run:
        await run.send("go")
        run.fake.publish(TextDelta("t1", "[bold]x[/bold] $y \x1b[2J done"), TurnEnded("t1"))
        await run.settle(lambda: "done" in screen_text(run.app))
        assert "[bold]x[/bold] $y \u241b[2J done" in screen_text(run.app)


@pytest.mark.asyncio
async def test_interleaved_turns_keep_their_own_blocks() -> None:
    async with client() as run:
        await run.send("one")
        await run.send("two")
        run.fake.publish(
            TurnStarted("t1"),
            TextDelta("t1", "alpha "),
            TurnStarted("t2"),
            TextDelta("t2", "beta"),
            TextDelta("t1", "gamma"),
        )
        await run.settle()
        await run.pilot.press("escape")
        run.fake.publish(TurnEnded("t1"), TurnEnded("t2"))
        await run.settle(lambda: len(run.items(TimeStamp)) == 4)
        texts = [t.received for t in run.items(AgentText) if isinstance(t, AgentText)]
        assert texts == ["alpha gamma", "beta"]  # t1 goes on in its own block
        assert run.fake.sent_of(PromptCancel) == [PromptCancel("t2")]
        assert not run.app.busy
