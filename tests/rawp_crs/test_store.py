"""The demo agent's SQLite conversation store and the reference client's command line (§2.6)."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from rawp_port import FileReference, PromptRequest, TextDelta, ToolCall, Turn, TurnEnded, type_name
from reference_crs.app import CrsApp
from reference_crs.demo.agent import DemoAgent
from reference_crs.demo.cli import UsageError, settings_from_args
from reference_crs.demo.main import main as crs_main
from reference_crs.demo.store import Store, StoreError

NOW = datetime(2026, 3, 11, 14, 32, tzinfo=UTC)


def _turn(number: int) -> Turn:
    return Turn(
        f"t{number}",
        PromptRequest(prompt_text=f"prompt {number}", input_type="text"),
        NOW,
        (TextDelta(f"t{number}", f"answer {number}"), ToolCall(f"t{number}", "c", "ls", {"a": 1})),
        NOW,
    )


def test_pages_come_back_oldest_first_with_what_remains(tmp_path: Path) -> None:
    """``page`` returns the turns before ``before``, oldest first, and how many are older."""
    store = Store(tmp_path / "s.db")
    conversation = store.create(NOW)
    for number in range(1, 26):
        store.append(conversation, _turn(number))
    store.close()
    store = Store(tmp_path / "s.db")  # reopened: nothing lost
    latest = store.page(conversation, None, 10)
    assert [t.turn_id for t in latest.turns] == [f"t{n}" for n in range(16, 26)]
    assert latest.remaining == 15
    assert latest.turns[0].events == _turn(16).events
    older = store.page(conversation, "t16", 10)
    assert [t.turn_id for t in older.turns] == [f"t{n}" for n in range(6, 16)]
    last = store.page(conversation, "t6", 10)
    assert [t.turn_id for t in last.turns] == [f"t{n}" for n in range(1, 6)]
    assert last.remaining == 0
    assert store.latest() == conversation


def test_a_corrupt_store_is_refused_and_left_untouched(tmp_path: Path) -> None:
    """A file that is not a store raises StoreError naming it; its bytes stay as they were."""
    path = tmp_path / "s.db"
    path.write_bytes(b"not a database at all" * 100)
    with pytest.raises(StoreError, match=r"s\.db.*not a usable conversation store"):
        Store(path)
    assert path.read_bytes() == b"not a database at all" * 100


def test_a_store_under_a_file_is_refused(tmp_path: Path) -> None:
    """A store whose directory cannot be made raises StoreError."""
    (tmp_path / "file").write_text("x")
    with pytest.raises(StoreError, match="cannot open"):
        Store(tmp_path / "file" / "s.db")


def test_the_demo_agent_stores_each_ended_turn(tmp_path: Path) -> None:
    """A prompt answered by the demo agent is stored whole and served by ``load_turns``."""

    async def run() -> None:
        store = Store(tmp_path / "s.db")
        conversation = store.create(NOW)
        agent, seen = DemoAgent(clock=lambda: NOW, delay=0, root=tmp_path), []
        agent.store, agent.conversation_id = store, conversation
        agent.connect(seen.append)
        agent.send(PromptRequest(prompt_text="hello", input_type="text"))
        for _ in range(2000):
            if any(type_name(e) == TurnEnded.type for e in seen):
                break
            await asyncio.sleep(0)
        page = await agent.load_turns(conversation, None, 10)
        assert [getattr(t.prompt, "prompt_text", None) for t in page.turns] == ["hello"]
        kinds = {type_name(e) for e in page.turns[0].events}
        assert {"agent.thinking.delta", "tool.invoke.start", "agent.text.delta"} <= kinds
        await agent.aclose()
        store.close()

    asyncio.run(run())


@pytest.mark.parametrize("value", ["0", "101", "-1", "x"])
def test_the_initial_turns_option_refuses_values_outside_1_to_100(value: str) -> None:
    """``--initial-turns`` takes 1..100 only (``crs-initial-turns-bounds``)."""
    with pytest.raises(UsageError, match="between 1 and 100"):
        settings_from_args(["--initial-turns", value])


def test_the_initial_turns_option_sets_n() -> None:
    """``--initial-turns 3`` gives N = 3, the default is 10 (``crs-initial-turns-default``)."""
    assert settings_from_args(["--initial-turns", "3"]).initial_turns == 3
    assert settings_from_args([]).initial_turns == 10


def test_a_turn_keeps_its_file_references(tmp_path: Path) -> None:
    """A stored turn reopens with its prompt's ``file_references`` (004 §3.1 ¶17)."""
    refs = (FileReference("r1", "src/a|b>.py", "a|b>.py"), FileReference("r2", "x", "x"))
    prompt = PromptRequest("see <@file:r1|a|b>.py>", "text", refs)
    store = Store(tmp_path / "s.db")
    conversation = store.create(NOW)
    store.append(conversation, Turn("t1", prompt, NOW, (), NOW))
    store.close()
    reopened = Store(tmp_path / "s.db").page(conversation, None, 10).turns[0]
    assert reopened.prompt.prompt_text == prompt.prompt_text
    assert tuple(reopened.prompt.file_references) == refs


def test_a_store_written_before_file_references_still_opens(tmp_path: Path) -> None:
    """A store of the older schema (no ``file_references`` column) opens; its turns have none."""
    path = tmp_path / "old.db"
    db = sqlite3.connect(path)
    db.executescript(OLD_SCHEMA)
    with db:
        db.execute("INSERT INTO conversations VALUES ('c', ?, ?)", (NOW.isoformat(),) * 2)
        db.execute(
            "INSERT INTO turns VALUES ('c', 1, 't1', 'old prompt', ?, ?, '[]')",
            (NOW.isoformat(),) * 2,
        )
    db.close()
    store = Store(path)
    old = store.page("c", None, 10).turns[0]
    assert (old.prompt.prompt_text, tuple(old.prompt.file_references)) == ("old prompt", ())
    refs = (FileReference("r1", "a.py", "a.py"),)
    store.append("c", Turn("t2", PromptRequest("<@file:r1|a.py>", "text", refs), NOW, (), NOW))
    turns = store.page("c", None, 10).turns
    assert [tuple(t.prompt.file_references) for t in turns] == [(), refs]


OLD_SCHEMA = """
CREATE TABLE conversations (id TEXT PRIMARY KEY, created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL);
CREATE TABLE turns (conversation_id TEXT NOT NULL REFERENCES conversations(id),
    seq INTEGER NOT NULL, turn_id TEXT NOT NULL, prompt_text TEXT NOT NULL,
    sent_at TEXT NOT NULL, ended_at TEXT NOT NULL, events TEXT NOT NULL,
    PRIMARY KEY (conversation_id, seq));
"""
"""The store's schema before turns kept their ``file_references``."""


class _Runs:
    """Stands in for ``App.run``: the user quits at once; records each app's class."""

    def __init__(self) -> None:
        self.apps: list[str] = []

    @property
    def method(self) -> Any:
        """A function to set as ``run`` on the app class (bound to each app)."""
        return lambda app, *args, **kwargs: self.apps.append(type(app).__name__)


def test_a_new_conversation_quit_before_a_turn_is_not_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 25 item 11: quit with nothing sent, nothing is stored; the next start is new."""
    path = tmp_path / "conversations.db"
    runs = _Runs()
    monkeypatch.setattr(CrsApp, "run", runs.method)
    assert crs_main(["--new", "--store", str(path)]) == 0
    assert "is not kept" in capsys.readouterr().out
    store = Store(path)
    assert store.conversations() == []
    store.close()
    assert crs_main(["--store", str(path)]) == 0
    assert runs.apps == ["DemoCrsApp", "DemoCrsApp"]  # both start at session creation


def test_an_empty_conversation_is_never_reopened_as_the_latest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A store left with an empty conversation (an older client, a kill) starts a session."""
    store = Store(tmp_path / "c.db")
    kept = store.create(NOW)
    store.append(kept, _turn(1))
    empty = store.create(datetime(2026, 3, 12, tzinfo=UTC))
    assert store.latest() == kept
    store.close()
    runs = _Runs()
    monkeypatch.setattr(CrsApp, "run", runs.method)
    assert crs_main(["--store", str(tmp_path / "c.db"), "--conversation", empty]) == 0
    assert crs_main(["--store", str(tmp_path / "c.db")]) == 0
    assert runs.apps == ["DemoCrsApp", "ReopenedCrsApp"]
    store = Store(tmp_path / "c.db")
    assert [row[0] for row in store.conversations()] == [kept]
    store.close()
