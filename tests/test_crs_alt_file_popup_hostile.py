"""Hostile answers to the second RAWP-CRS client's ``@`` file popup (issue 15, by hand).

A hundred thousand candidates in one answer, names with markup, control characters, a
right-to-left override, spaces, ``|`` and ``>``, a 4,000-character path, an answer for a
query never sent and an earlier query's answer arriving after the next query was typed:
the popup draws what was sent literally, one row per candidate, applies only the active
query's answer, and the client keeps running. No test waits for the debounce timer: the
``@`` itself searches at once, and a later query's id is taken the moment it is typed.
"""

from __future__ import annotations

from typing import Any

from textual.app import App

from examples.crs_alt.adapter import adapter
from rawp_port import FileCandidate, FileCandidates
from steps.rawp_crs.support.fake_agent import FakeAgent
from steps.screen import screen_rows
from tests.test_crs_alt_slash_hostile import run, value


def popup_rows(app: App[Any]) -> list[str]:
    """The rows drawn inside the popup's frame (empty when it is closed)."""
    popup = app.query_one(adapter.file_popup_selector)
    if not popup.display or popup.region.height < 1:
        return []
    region = popup.content_region
    return [
        "".join(row[region.x : region.right]) for row in screen_rows(app)[region.y : region.bottom]
    ]


def searches(agent: FakeAgent) -> list[Any]:
    return agent.sent_of("control.file.search")


async def answer(pilot: Any, agent: FakeAgent, query_id: str, *found: FileCandidate) -> None:
    agent.publish(FileCandidates(query_id, found))
    await pilot.pause()


def test_a_hundred_thousand_candidates_draw_wrap_and_select() -> None:
    async def script(app: App[Any], pilot: Any, agent: FakeAgent) -> None:
        await pilot.press("@")
        many = [FileCandidate(f"d/f{i:06d}.py", f"f{i:06d}.py", "d/") for i in range(100_000)]
        await answer(pilot, agent, searches(agent)[-1].query_id, *many)
        rows = popup_rows(app)
        assert "f000000.py" in rows[0] and "f000007.py" in rows[7]
        await pilot.press("up", "enter")  # wraps to the last candidate
        tokens = [part for part in adapter.input_tokens(app) if not isinstance(part, str)]
        assert [token.path for token in tokens] == ["d/f099999.py"]  # type: ignore[attr-defined]
        assert popup_rows(app) == []

    run(script)


def test_hostile_names_are_drawn_literally_one_row_each() -> None:
    names = ["[bold]x[/].md", "a\x1bb\x07.py", "evil\u202etxt.exe", "my file|a>b.txt"]
    long_directory = "deep/" * 800

    async def script(app: App[Any], pilot: Any, agent: FakeAgent) -> None:
        await pilot.press("@")
        found = [FileCandidate(f"src/{name}", name, "src/") for name in names]
        found.append(FileCandidate(long_directory + "end.py", "end.py", long_directory))
        await answer(pilot, agent, searches(agent)[-1].query_id, *found)
        rows = popup_rows(app)
        assert len(rows) == len(found)
        assert "[bold]x[/].md" in rows[0]
        assert "a␛b␇.py" in rows[1]
        assert "\u202e" not in "".join(rows) and "evil\ufffdtxt.exe" in rows[2]
        assert "my file|a>b.txt" in rows[3]
        assert "end.py" in rows[4] and "…/" in rows[4]

    run(script)


def test_only_the_active_query_answer_is_applied() -> None:
    async def script(app: App[Any], pilot: Any, agent: FakeAgent) -> None:
        await pilot.press("@")
        first = searches(agent)[-1].query_id
        await answer(pilot, agent, "never-sent", FileCandidate("x/ghost.py", "ghost.py", "x/"))
        assert not any("ghost.py" in row for row in popup_rows(app))
        await pilot.press("m")  # a new query: its id is taken now, its search waits
        await answer(pilot, agent, first, FileCandidate("x/late.py", "late.py", "x/"))
        assert not any("late.py" in row for row in popup_rows(app))
        assert value(app) == "@m"

    run(script)


def test_at_inside_a_word_or_the_command_menu_is_text() -> None:
    async def script(app: App[Any], pilot: Any, agent: FakeAgent) -> None:
        await pilot.press(*"user@host", "space", "a", ".", "@", "b", "space", "/", "c", "@")
        assert value(app) == "user@host a.@b /c@"
        assert popup_rows(app) == [] and searches(agent) == []

    run(script)
