"""The reference RAWP-CRS client as a person uses it (issue 41 points 5, 8 and 9).

↑ recalls the prompts of a reopened conversation too; on a short terminal (50x20) a popup
leaves the conversation and the key hints in view; a message that starts with a path (or an
`@` that names no file) is sent with Enter, the popup saying how; the first answer of the `@`
popup is drawn even when it is empty. The client runs headless against the fake agent;
what is checked is what is drawn, or what is sent.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import pytest
from textual.pilot import Pilot

from rawp_port import (
    ClientSettings,
    Command,
    CommandsPublished,
    FileCandidates,
    FileReference,
    FileSearch,
    PromptRequest,
    TextDelta,
    Turn,
)
from reference_crs.app import CrsApp
from reference_crs.widgets import PromptInput
from reference_crs.widgets.slash_popup import SlashPopup
from reference_crs.widgets.tokens import Token
from steps.rawp_crs.support.fake_agent import FakeAgent, FakeClock
from steps.screen import screen_text

T0 = datetime(2026, 3, 11, 5, 32, tzinfo=UTC)
COMMANDS = tuple(Command(f"command{n:02d}", f"does thing {n}", "general") for n in range(30))


@dataclass
class Run:
    app: CrsApp
    pilot: Pilot[None]
    fake: FakeAgent

    async def settle(self, condition: Callable[[], bool] = lambda: True) -> bool:
        """Let the app run until ``condition()`` holds (bounded rounds); whether it did."""
        for _ in range(200):
            await self.pilot.pause()
            if condition():
                await self.pilot.pause()
                return True
        return False

    @property
    def input(self) -> PromptInput:
        return self.app.query_one(PromptInput)

    def prompts(self) -> list[PromptRequest]:
        return list(self.fake.sent_of(PromptRequest))


@asynccontextmanager
async def client(
    size: tuple[int, int] = (80, 24), history: tuple[Turn, ...] = ()
) -> AsyncIterator[Run]:
    fake = FakeAgent(history=history)
    settings = ClientSettings(conversation_id="c1" if history else None)
    app = CrsApp(fake, fake, FakeClock(T0), settings)
    async with app.run_test(size=size) as pilot:
        run = Run(app, pilot, fake)
        assert await run.settle(lambda: fake.connected)
        fake.publish(CommandsPublished(COMMANDS))
        await run.settle()
        yield run


# 5. ↑ after reopening


def _stored(number: int, text: str, refs: tuple[FileReference, ...] = ()) -> Turn:
    sent = T0 - timedelta(minutes=10 - number)
    prompt = PromptRequest(text, "text", refs)
    return Turn(f"t{number}", prompt, sent, (TextDelta(f"t{number}", "ok"),), sent)


@pytest.mark.asyncio
async def test_up_in_the_empty_input_recalls_the_prompts_of_a_reopened_conversation() -> None:
    refs = (FileReference("r1", "docs/guide.md", "docs/guide.md"),)
    history = (
        _stored(1, "first stored"),
        _stored(2, "see <@file:r1|docs/guide.md> and a \\\\ backslash", refs),
    )
    async with client(history=history) as run:
        assert await run.settle(lambda: "first stored" in screen_text(run.app))
        await run.pilot.press("up")
        await run.settle()
        nodes = run.input.nodes()
        tokens = [node for node in nodes if isinstance(node, Token)]
        assert [t.path for t in tokens] == ["docs/guide.md"], (
            f"↑ recalls the newest stored prompt with its file token; the input holds {nodes!r}"
        )
        assert nodes[0] == "see " and nodes[-1] == " and a \\ backslash", nodes
        await run.pilot.press("up")
        await run.settle()
        assert run.input.text == "first stored"
        await run.pilot.press("down", "enter")
        assert await run.settle(lambda: bool(run.prompts()))
        (sent,) = run.prompts()
        assert sent.prompt_text.startswith("see <@file:") and sent.prompt_text.endswith(
            "|docs/guide.md> and a \\\\ backslash"
        ), sent.prompt_text
        assert [ref.path for ref in sent.file_references] == ["docs/guide.md"]


# 8. a short terminal


@pytest.mark.asyncio
async def test_on_a_50x20_terminal_the_slash_popup_leaves_the_conversation_and_key_hints() -> None:
    async with client(size=(50, 20)) as run:
        await run.pilot.press("/")
        popup = run.app.query_one(SlashPopup)
        assert await run.settle(lambda: popup.display)
        conversation = run.app.conversation.region
        assert popup.region.height <= 11, f"the popup takes {popup.region.height} of 20 rows"
        assert conversation.height >= 3, f"the conversation keeps {conversation.height} rows"
        rows = screen_text(run.app).split("\n")
        assert "quit" in rows[-1], f"the key hints' last row, seen: {rows[-1]!r}"
        await run.pilot.press("escape")
        await run.settle()
        assert "quit" in screen_text(run.app).split("\n")[-1], "the hints fit in one row"


@pytest.mark.asyncio
async def test_a_resize_to_a_short_terminal_shrinks_an_open_popup() -> None:
    async with client(size=(80, 40)) as run:
        await run.pilot.press("/")
        popup = run.app.query_one(SlashPopup)
        assert await run.settle(lambda: popup.display)
        await run.pilot.resize_terminal(50, 20)
        assert await run.settle(lambda: popup.region.height <= 11), popup.region
        assert "quit" in screen_text(run.app).split("\n")[-1]


# 9. text that starts like a command or a file reference


@pytest.mark.asyncio
async def test_a_message_starting_with_a_path_is_sent_with_enter() -> None:
    async with client() as run:
        await run.pilot.press(*"/tmp/x/")
        popup = run.app.query_one(SlashPopup)
        assert await run.settle(lambda: popup.display and not popup.shown)
        assert "Esc" in screen_text(run.app), "the no-match popup says what the keys do"
        await run.pilot.press("enter")
        assert await run.settle(lambda: bool(run.prompts())), "Enter sent nothing"
        (sent,) = run.prompts()
        assert (sent.prompt_text, sent.input_type) == ("/tmp/x/", "text")
        assert not popup.display


@pytest.mark.asyncio
async def test_an_at_word_that_names_no_file_is_sent_with_enter() -> None:
    async with client() as run:
        await run.pilot.press(*"ping @nobody")
        assert await run.settle(lambda: bool(run.fake.sent_of(FileSearch)))
        assert await run.settle(lambda: not run.app.composer.files.timer)
        last = run.fake.sent_of(FileSearch)[-1]
        run.fake.publish(FileCandidates(last.query_id, ()))
        assert await run.settle(lambda: "일치하는 파일이 없습니다" in screen_text(run.app))
        await run.pilot.press("enter")
        assert await run.settle(lambda: bool(run.prompts())), "Enter sent nothing"
        assert run.prompts()[0].prompt_text == "ping @nobody"


@pytest.mark.asyncio
async def test_an_empty_first_answer_of_the_at_popup_is_drawn_as_no_match() -> None:
    async with client() as run:
        await run.pilot.press("@")
        assert await run.settle(lambda: bool(run.fake.sent_of(FileSearch)))
        (search,) = run.fake.sent_of(FileSearch)
        run.fake.publish(FileCandidates(search.query_id, ()))
        drawn = await run.settle(lambda: "일치하는 파일이 없습니다" in screen_text(run.app))
        assert drawn, f"the popup still shows its prompt:\n{screen_text(run.app)}"
