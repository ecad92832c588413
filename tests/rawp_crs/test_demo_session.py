"""The reference client and its demo agent as a person runs them (issue 41 points 1, 3, 4, 6, 7).

The chosen working directory scopes `@` search and the agent's tools; a typed path must be a
directory to be chosen; a reopened conversation shows its session; ``--list`` only reads;
names are drawn one way everywhere; the agent echoes what the user wrote, not the wire form.
Apps run headless under Pilot, the demo agent on a temporary directory; waits are for
conditions (bounded), never fixed sleeps.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Button, Input

from rawp_port import (
    ClientSettings,
    Event,
    FileReference,
    PromptRequest,
    TextDelta,
    ToolResult,
    Turn,
    TurnEnded,
    system_clock,
)
from reference_crs.app import CrsApp
from reference_crs.browser.dialog import FileBrowserScreen
from reference_crs.demo.agent import DemoAgent
from reference_crs.demo.main import DemoCrsApp
from reference_crs.demo.main import main as crs_main
from reference_crs.demo.store import Store
from reference_crs.widgets.file_popup import FilePopup, icon_for
from steps.screen import screen_text, widget_text

NOW = datetime(2026, 3, 11, 5, 32, tzinfo=UTC)


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """The agent's allowed directory: ``docs/guide.md``, ``src/mutant.py``, ``README.md``."""
    top = tmp_path / "ws"
    (top / "docs").mkdir(parents=True)
    (top / "src").mkdir()
    (top / "docs" / "guide.md").write_text("x")
    (top / "src" / "mutant.py").write_text("x")
    (top / "README.md").write_text("x")
    return top


async def until(pilot: Pilot[Any], condition: Callable[[], bool], what: str) -> None:
    """Let the app run until ``condition()`` holds: worker threads need real time (≤ 20 s)."""
    for _ in range(2000):
        if condition():
            return
        await pilot.pause(0.01)
    raise AssertionError(f"never happened: {what}")


async def choose_typed(pilot: Pilot[Any], app: CrsApp, path: str) -> FileBrowserScreen:
    """Open the working-directory dialog and type ``path`` into its manual field."""
    await pilot.click("#workspace-button")
    await until(pilot, lambda: isinstance(app.screen, FileBrowserScreen), "the dialog opened")
    dialog = app.screen
    assert isinstance(dialog, FileBrowserScreen)
    await until(pilot, lambda: dialog.allowed_known, "the allowed directories arrived")
    dialog.query_one("#manual-path", Input).focus()
    await pilot.press(*path)
    await until(pilot, lambda: not dialog.workers, "the typed path was browsed")
    return dialog


def demo_app(root: Path) -> tuple[DemoCrsApp, DemoAgent]:
    agent = DemoAgent(clock=lambda: NOW, delay=0, root=root)
    return DemoCrsApp(agent, agent, system_clock, ClientSettings()), agent


def candidates(app: CrsApp) -> list[str]:
    popup = app.query_one(FilePopup)
    return [str(getattr(c, "path", "")) for c in popup.shown] if popup.display else []


# 1. the chosen working directory


@pytest.mark.asyncio
async def test_the_chosen_directory_scopes_the_at_search_and_the_agents_tool(root: Path) -> None:
    app, agent = demo_app(root)
    async with app.run_test(size=(100, 30)) as pilot:
        await choose_typed(pilot, app, str(root / "docs"))
        await pilot.click("#select-workspace")
        await until(pilot, lambda: not isinstance(app.screen, FileBrowserScreen), "dialog shut")
        await pilot.press("@", "g", "u", "i")
        await until(pilot, lambda: bool(candidates(app)), "the popup listed candidates")
        assert candidates(app) == ["guide.md"], "a search in docs/ finds docs' files only"
        for _ in "@gui":
            await pilot.press("backspace")
        await pilot.press("@", "m", "u", "t")
        await until(pilot, lambda: app.query_one(FilePopup).loading is False, "answered")
        await until(pilot, lambda: "mutant" not in "".join(candidates(app)), "answer drawn")
        assert "src/mutant.py" not in candidates(app), (
            f"src/mutant.py lies outside the chosen docs/, yet the popup offers it: "
            f"{candidates(app)}"
        )
        for _ in "@mut":
            await pilot.press("backspace")
        await pilot.press(*"list", "enter")
        await until(pilot, lambda: not agent.busy and bool(app.ended), "the reply ended")
        listing = screen_text(app)
        assert "guide.md" in listing and "README.md" not in listing.split("You said")[0], (
            "list_files lists the chosen directory, not the start directory:\n" + listing
        )
    await agent.aclose()


@pytest.mark.asyncio
@pytest.mark.parametrize("typed", ["nothere", "README.md"], ids=["missing", "a-file"])
async def test_a_typed_path_in_range_that_is_no_directory_cannot_be_chosen(
    root: Path, typed: str
) -> None:
    app, agent = demo_app(root)
    async with app.run_test(size=(100, 30)) as pilot:
        dialog = await choose_typed(pilot, app, str(root / typed))
        button = dialog.query_one("#select-workspace", Button)
        assert button.disabled, f"`선택` is enabled for {typed!r}, which is no directory"
        warning = widget_text(dialog.query_one("#manual-warning"))
        assert warning.strip(), "the dialog says why the path is refused"
        assert warning in screen_text(app)
        await pilot.press("enter")  # Enter in the field confirms, when it may
        await pilot.click("#select-workspace")
        assert isinstance(app.screen, FileBrowserScreen), "the dialog closed with it"
        assert app.workspace_path is None
        for _ in typed:
            await pilot.press("backspace")
        await pilot.press(*"docs")
        await until(pilot, lambda: not button.disabled, "an existing directory is accepted")
        await pilot.click("#select-workspace")
        await until(pilot, lambda: app.workspace_path == str(root / "docs"), "docs chosen")
    await agent.aclose()


# 3. a reopened conversation shows its session


class _Headless:
    """Stands in for ``App.run``: runs the app headless under Pilot, doing ``script``."""

    def __init__(self, script: Callable[[CrsApp, Pilot[Any]], Awaitable[None]]) -> None:
        self.script = script

    @property
    def method(self) -> Any:
        async def run(app: CrsApp) -> None:
            async with app.run_test(size=(200, 30)) as pilot:  # the whole path on one row
                await self.script(app, pilot)

        return lambda app, *args, **kwargs: asyncio.run(run(app))


def test_a_reopened_conversation_shows_its_node_agent_and_directory(
    root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Created in docs/ and quit; ``python -m reference_crs`` again shows where it was."""
    store, drawn, offered = tmp_path / "c.db", [], []
    monkeypatch.chdir(root)  # the demo agent's allowed directory is the current one

    async def create(app: CrsApp, pilot: Pilot[Any]) -> None:
        await choose_typed(pilot, app, str(root / "docs"))
        await pilot.click("#select-workspace")
        await until(pilot, lambda: app.workspace_path is not None, "the directory chosen")
        await pilot.press(*"hello", "enter")
        await until(pilot, lambda: bool(app.ended), "the turn ended and was stored")

    async def reopen(app: CrsApp, pilot: Pilot[Any]) -> None:
        await until(pilot, lambda: "hello" in screen_text(app), "the turn is drawn")
        drawn.append(screen_text(app))
        await pilot.press("@", "m", "u", "t")
        await until(pilot, lambda: not app.query_one(FilePopup).loading, "answered")
        offered.extend(candidates(app))

    monkeypatch.setattr(CrsApp, "run", _Headless(create).method)
    assert crs_main(["--new", "--store", str(store)]) == 0
    monkeypatch.setattr(CrsApp, "run", _Headless(reopen).method)
    assert crs_main(["--store", str(store)]) == 0  # reopens the latest
    (screen,) = drawn
    assert "노드 local" in screen and "에이전트 demo" in screen, screen
    assert f"작업 디렉토리: {root / 'docs'}" in screen, screen
    assert "src/mutant.py" not in offered, f"reopened, it searches docs/ again: {offered}"


# 4. the command line


def test_list_with_a_mistyped_store_is_an_error_and_creates_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    typo = tmp_path / "conversatons.db"
    assert crs_main(["--list", "--store", str(typo)]) == 2
    assert str(typo) in capsys.readouterr().err
    assert not typo.exists(), "listing created an empty store"
    assert crs_main(["--conversation", "abc", "--store", str(typo)]) == 2
    assert not typo.exists()


def test_list_counts_turns_in_words_and_gives_local_minutes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TZ", "Asia/Seoul")
    import time

    time.tzset()
    try:
        path = tmp_path / "c.db"
        store = Store(path)
        one = store.create(NOW)
        store.append(one, Turn("t1", PromptRequest("a", "text"), NOW, (), NOW))
        store.close()
        assert crs_main(["--list", "--store", str(path)]) == 0
        out = capsys.readouterr().out
        assert "1 turn" in out and "1 turns" not in out, out
        assert "2026-03-11 14:32" in out, f"the local time (Seoul) to the minute: {out}"
        assert "05:32:00" not in out and "+00:00" not in out, out
    finally:
        monkeypatch.undo()
        time.tzset()


# 6. names drawn one way


def test_an_unknown_file_type_does_not_get_the_directory_icon() -> None:
    directory_icon = "📁"  # the file browser's directory icon (004 §7.2.3)
    assert icon_for("data.bin") != directory_icon
    assert icon_for("Makefile") != directory_icon
    assert icon_for("data.bin") == icon_for("Makefile"), "one icon for every unknown type"


async def _reply(agent: DemoAgent, prompt: PromptRequest) -> list[Event]:
    seen: list[Event] = []
    agent.connect(seen.append)
    agent.send(prompt)
    for _ in range(5000):
        if any(isinstance(e, TurnEnded) for e in seen):
            break
        await asyncio.sleep(0)
    await agent.aclose()
    return seen


@pytest.mark.asyncio
async def test_list_files_keeps_a_name_with_a_line_break_as_one_entry(root: Path) -> None:
    (root / "two\nlines.txt").write_text("x")
    (root / "evil\u202egnp.py").write_text("x")
    seen = await _reply(DemoAgent(clock=lambda: NOW, delay=0, root=root), PromptRequest("ls"))
    (result,) = [e for e in seen if isinstance(e, ToolResult)]
    entries = str(result.output).split("\n")
    assert "lines.txt" not in entries and "two" not in entries, entries
    assert "two␊lines.txt" in entries, entries
    assert "evil\ufffdgnp.py" in entries, "a bidi override is drawn as the popup draws it"


# 7. the echo reads as the user wrote it


@pytest.mark.asyncio
async def test_the_demo_agent_echoes_a_token_as_at_path_not_its_wire_form(root: Path) -> None:
    refs = (FileReference("ref-1", "docs/guide.md", "docs/guide.md"),)
    prompt = PromptRequest("look at <@file:ref-1|docs/guide.md> and \\<@x", "text", refs)
    seen = await _reply(DemoAgent(clock=lambda: NOW, delay=0, root=root), prompt)
    text = "".join(e.text for e in seen if isinstance(e, TextDelta))
    assert "<@file:" not in text, text
    assert "> look at @docs/guide.md and <@x" in text, text
