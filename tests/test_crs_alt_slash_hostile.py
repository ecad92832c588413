"""Hostile command lists on the second RAWP-CRS client's slash menu (issue 14, by hand).

Ten thousand commands, markup and control characters in names and descriptions, Hangul
names, an empty list, and a list published twice in one frame: the menu opens, draws what
was published literally, filters and selects, and the client keeps running.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime
from typing import Any

from rich.cells import cell_len
from textual.app import App

from examples.crs_alt.adapter import adapter
from rawp_port import ClientSettings, Command, CommandsPublished, Parameter
from steps.rawp_crs.support.fake_agent import FakeAgent, FakeClock
from steps.screen import screen_rows

Script = Callable[[App[Any], Any, FakeAgent], Awaitable[None]]


def run(script: Script) -> None:
    """Run ``script(app, pilot, agent)`` on a fresh crs_alt client, 80x24 cells."""

    async def main() -> None:
        agent = FakeAgent()
        clock = FakeClock(datetime(2026, 3, 10, 5, 32, tzinfo=UTC))
        app = adapter.create_client(agent, agent, clock, ClientSettings())
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await script(app, pilot, agent)

    asyncio.run(main())


def menu_text(app: App[Any]) -> str:
    """The text drawn inside the menu's frame, rows joined by newlines ("" when closed)."""
    menu = app.query_one(adapter.slash_popup_selector)
    if not menu.display or menu.region.height < 1:
        return ""
    region = menu.content_region
    rows = screen_rows(app)[region.y : region.bottom]
    return "\n".join("".join(row[region.x : region.right]).rstrip() for row in rows)


def value(app: App[Any]) -> str:
    """The input's text."""
    return str(app.query_one(adapter.input_selector).text)  # type: ignore[attr-defined]


async def publish(pilot: Any, agent: FakeAgent, commands: Sequence[Command]) -> None:
    agent.publish(CommandsPublished(list(commands)))
    await pilot.pause()


def test_ten_thousand_commands_open_filter_and_select() -> None:
    async def script(app: App[Any], pilot: Any, agent: FakeAgent) -> None:
        await publish(pilot, agent, [Command(f"c{i:05d}", f"number {i}") for i in range(10_000)])
        await pilot.press("/")
        assert "/c00000  number 0" in menu_text(app)
        await pilot.press("c", "0", "9", "9", "9")
        assert menu_text(app).splitlines()[0].strip().startswith("/c0999")
        await pilot.press("up", "enter")  # wraps to the last match: c09999
        assert value(app) == "/c09999 "
        assert menu_text(app) == ""

    run(script)


def test_markup_and_control_characters_are_drawn_literally() -> None:
    async def script(app: App[Any], pilot: Any, agent: FakeAgent) -> None:
        hostile = [
            Command("[bold]x[/bold]", "[red]not red[/red] $var", "config"),
            Command("bell\x07", "tab\there\x1b[31m"),
        ]
        await publish(pilot, agent, hostile)
        await pilot.press("/")
        drawn = menu_text(app)
        assert "/[bold]x[/bold]" in drawn
        assert "[red]not red[/red] $var" in drawn
        assert not any(char in drawn for char in "\x07\x1b\t")
        assert "/bell" in drawn
        await pilot.press("[", "tab")
        assert value(app) == "/[bold]x[/bold] "
        await pilot.press("enter")
        assert agent.sent_of("control.prompt.request")[-1].input_type == "slash_command"
        assert adapter.items(app)[-1].kind == "command"

    run(script)


def test_hangul_names_line_up_filter_and_show_their_hint() -> None:
    async def script(app: App[Any], pilot: Any, agent: FakeAgent) -> None:
        korean = [
            Command("압축", "대화를 요약합니다", "session", (Parameter("초점", "무엇을", True),)),
            Command("압박", "다른 명령", "session"),
            Command("ab", "latin"),
        ]
        await publish(pilot, agent, korean)
        await pilot.press("/")
        rows = menu_text(app).splitlines()
        columns = {cell_len(row[: row.index(row.split()[1])]) for row in rows}  # in cells
        assert len(rows) == 3 and len(columns) == 1, rows
        app.query_one(adapter.input_selector).insert("압")  # type: ignore[attr-defined]
        await pilot.pause()
        assert [row.split()[0] for row in menu_text(app).splitlines()] == ["/압박", "/압축"]
        await pilot.press("down", "tab")
        assert value(app) == "/압축 "
        assert any("무엇을" in "".join(row) for row in screen_rows(app)[-5:])

    run(script)


def test_an_empty_list_opens_on_the_no_match_message_and_enter_sends_nothing() -> None:
    async def script(app: App[Any], pilot: Any, agent: FakeAgent) -> None:
        await publish(pilot, agent, [])
        await pilot.press("/", "x", "enter", "down", "tab")
        assert "일치하는 명령어가 없습니다" in menu_text(app)
        assert value(app) == "/x"
        assert agent.sent_of("control.prompt.request") == []
        await pilot.press("escape", "enter")
        assert agent.sent_of("control.prompt.request")[-1].input_type == "text"
        assert agent.sent_of("control.prompt.cancel") == []

    run(script)


def test_a_list_published_twice_in_one_frame_keeps_the_last() -> None:
    async def script(app: App[Any], pilot: Any, agent: FakeAgent) -> None:
        await pilot.press("/")
        agent.publish(CommandsPublished([Command("first", "one")]))
        agent.publish(CommandsPublished([Command("second", "two"), Command("third", "3")]))
        await pilot.pause()
        assert "/second" in menu_text(app) and "/first" not in menu_text(app)
        assert value(app) == "/"

    run(script)
