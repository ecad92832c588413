"""Where the demo agent keeps its conversations: one SQLite file (standard ``sqlite3``).

Every ended turn is written in one transaction, with its prompt, its events (by RAWP type
name and fields, as JSON) and its two times, so a conversation survives the client quitting
and is reopened turn by turn through ``ControlPlane.load_turns`` (002 §2.6). The file is
never rewritten or deleted: a store that cannot be opened or read raises
:class:`StoreError` with a clear message, and the file is left as it was.
"""

from __future__ import annotations

import dataclasses
import json
import os
import sqlite3
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import platformdirs

import rawp_port
from rawp_port import (
    Event,
    FileReference,
    HistoryPage,
    PromptRequest,
    Turn,
    fields_of,
    type_name,
)

SCHEMA = """
CREATE TABLE IF NOT EXISTS conversations (
    id TEXT PRIMARY KEY,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    node_id TEXT,
    agent_id TEXT,
    workspace_path TEXT
);
CREATE TABLE IF NOT EXISTS turns (
    conversation_id TEXT NOT NULL REFERENCES conversations(id),
    seq INTEGER NOT NULL,
    turn_id TEXT NOT NULL,
    prompt_text TEXT NOT NULL,
    sent_at TEXT NOT NULL,
    ended_at TEXT NOT NULL,
    events TEXT NOT NULL,
    file_references TEXT NOT NULL DEFAULT '[]',
    input_type TEXT NOT NULL DEFAULT 'text',
    PRIMARY KEY (conversation_id, seq)
);
"""
"""Tables: conversations, with the session they belong to (node, agent, working directory:
a reopened conversation shows them and searches the same directory), and their turns in
order (``seq`` from 1). A turn keeps its prompt's ``file_references`` (JSON, ``[{"ref_id",
"path", "display_path"}]``) so its tokens are drawn again when it is reopened (004 §3.1
¶17)."""
SESSION_COLUMNS = ("node_id", "agent_id", "workspace_path")
"""The session's columns of ``conversations``; added to a store written before them (their
conversations read back with no session known)."""
ADD_FILE_REFERENCES = "ALTER TABLE turns ADD COLUMN file_references TEXT NOT NULL DEFAULT '[]'"
ADD_INPUT_TYPE = "ALTER TABLE turns ADD COLUMN input_type TEXT NOT NULL DEFAULT 'text'"
"""Brings a store written before turns kept their prompt's ``input_type`` up to date: its
turns read back as ``text``. The input type is kept so a slash command is drawn again as a
command bubble (004 §3.3)."""
"""Brings a store written before turns kept ``file_references`` up to date: its turns
read back with none, and nothing else of the file changes."""

EVENTS: dict[str, type[Any]] = {
    cls.type: cls
    for cls in (
        rawp_port.TextDelta,
        rawp_port.Thinking,
        rawp_port.ToolCall,
        rawp_port.ToolResult,
        rawp_port.SystemNotice,
    )
}
"""The event classes a stored turn keeps, by RAWP type name."""
REFERENCE_FIELDS = ("ref_id", "path", "display_path")
"""The fields of a stored ``FileReference``, in its constructor's order."""


class StoreError(Exception):
    """The store cannot be opened, read or written; the message names the file and why."""


@dataclass(frozen=True)
class Session:
    """The session a conversation belongs to (004 §7.1).

    A field is ``None`` when not known: not chosen yet, or a conversation stored before
    sessions were kept.

    Attributes:
        node_id: The node the session was created on.
        agent_id: The agent of the session.
        workspace_path: The working directory chosen at session creation.
    """

    node_id: str | None = None
    agent_id: str | None = None
    workspace_path: str | None = None


def default_path() -> Path:
    """The store in the user's data directory (``~/.local/share/rawp-crs`` on Linux)."""
    return Path(platformdirs.user_data_dir("rawp-crs")) / "conversations.sqlite3"


class Store:
    """The conversations of the demo agent, in the SQLite file ``path``."""

    def __init__(self, path: Path, *, create: bool = True) -> None:
        """Open (or create) the store at ``path``.

        Args:
            path: The SQLite file.
            create: Whether a missing file is created; ``False`` (to read a store, as
                ``--list`` does) refuses it, so a mistyped path creates nothing.

        Raises:
            StoreError: The directory cannot be created or written, the file is not a
                store (corrupt, another kind of file), or it does not exist and ``create``
                is false. Nothing is changed then.
        """
        self.path = path
        if not create and not path.is_file():
            raise StoreError(f"{path}: no conversation store there (check the --store path)")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            if path.exists() and not os.access(path, os.R_OK | os.W_OK):
                raise StoreError(f"{path}: the store is not readable and writable")
            self.db = sqlite3.connect(path)
        except OSError as error:
            raise StoreError(f"{path}: cannot open the conversation store: {error}") from error
        except sqlite3.Error as error:
            raise StoreError(f"{path}: cannot open the conversation store: {error}") from error
        try:
            self.db.execute("PRAGMA foreign_keys = ON")
            with self.db:
                self.db.executescript(SCHEMA)
                columns = {row[1] for row in self.db.execute("PRAGMA table_info(turns)")}
                if "file_references" not in columns:
                    self.db.execute(ADD_FILE_REFERENCES)
                if "input_type" not in columns:
                    self.db.execute(ADD_INPUT_TYPE)
                kept = {row[1] for row in self.db.execute("PRAGMA table_info(conversations)")}
                for column in SESSION_COLUMNS:
                    if column not in kept:
                        self.db.execute(f"ALTER TABLE conversations ADD COLUMN {column} TEXT")
        except sqlite3.Error as error:
            self.db.close()
            raise StoreError(
                f"{path}: not a usable conversation store ({error}); it was left untouched"
            ) from error

    def close(self) -> None:
        """Close the file."""
        self.db.close()

    def conversations(self) -> list[tuple[str, str, int]]:
        """``(id, updated_at, turns)`` of every conversation, the latest used first."""
        rows = self.db.execute(
            "SELECT c.id, c.updated_at, COUNT(t.seq) FROM conversations c "
            "LEFT JOIN turns t ON t.conversation_id = c.id "
            "GROUP BY c.id ORDER BY c.updated_at DESC, c.rowid DESC"
        )
        return [(str(a), str(b), int(c)) for a, b, c in rows]

    def latest(self) -> str | None:
        """The id of the conversation used last, ``None`` when there is none.

        A conversation holding no turn is never the latest: there is nothing to reopen.
        """
        found = [row for row in self.conversations() if row[2] > 0]
        return found[0][0] if found else None

    def discard_if_empty(self, conversation_id: str) -> bool:
        """Remove conversation ``conversation_id`` if it holds no turn; return whether it did.

        Raises:
            StoreError: The write failed; the store keeps what it held before.
        """
        if self.count(conversation_id):
            return False
        with self._writing():
            self.db.execute("DELETE FROM conversations WHERE id = ?", (conversation_id,))
        return True

    def create(self, now: datetime) -> str:
        """Start a new conversation; return its id."""
        conversation_id = uuid.uuid4().hex[:12]
        with self._writing():
            self.db.execute(
                "INSERT INTO conversations (id, created_at, updated_at) VALUES (?, ?, ?)",
                (conversation_id, now.isoformat(), now.isoformat()),
            )
        return conversation_id

    def set_session(self, conversation_id: str, session: Session) -> None:
        """Keep ``session`` (node, agent, working directory) with the conversation.

        Raises:
            StoreError: The write failed; the store keeps what it held before.
        """
        with self._writing():
            self.db.execute(
                "UPDATE conversations SET node_id = ?, agent_id = ?, workspace_path = ? "
                "WHERE id = ?",
                (session.node_id, session.agent_id, session.workspace_path, conversation_id),
            )

    def session(self, conversation_id: str) -> Session:
        """The session kept with the conversation (every field ``None`` when not known)."""
        row = self.db.execute(
            "SELECT node_id, agent_id, workspace_path FROM conversations WHERE id = ?",
            (conversation_id,),
        ).fetchone()
        return Session(*row) if row is not None else Session()

    def exists(self, conversation_id: str) -> bool:
        """Whether conversation ``conversation_id`` is stored."""
        row = self.db.execute("SELECT 1 FROM conversations WHERE id = ?", (conversation_id,))
        return row.fetchone() is not None

    def count(self, conversation_id: str) -> int:
        """How many turns the conversation holds."""
        row = self.db.execute(
            "SELECT COUNT(*) FROM turns WHERE conversation_id = ?", (conversation_id,)
        ).fetchone()
        return int(row[0])

    def append(self, conversation_id: str, turn: Turn) -> None:
        """Write one ended turn at the end of the conversation (one transaction).

        Raises:
            StoreError: The write failed (disk full, file gone read-only); the store keeps
                what it held before.
        """
        events = json.dumps([{"type": type_name(e), **fields_of(e)} for e in turn.events])
        references = json.dumps(
            [
                {name: str(getattr(ref, name, "")) for name in REFERENCE_FIELDS}
                for ref in getattr(turn.prompt, "file_references", ()) or ()
            ]
        )
        with self._writing():
            self.db.execute(
                "INSERT INTO turns (conversation_id, seq, turn_id, prompt_text, sent_at, "
                "ended_at, events, file_references, input_type) VALUES (?, (SELECT "
                "COALESCE(MAX(seq), 0) + 1 FROM turns WHERE conversation_id = ?), "
                "?, ?, ?, ?, ?, ?, ?)",
                (
                    conversation_id,
                    conversation_id,
                    turn.turn_id,
                    str(getattr(turn.prompt, "prompt_text", "")),
                    turn.sent_at.isoformat(),
                    turn.ended_at.isoformat(),
                    events,
                    references,
                    str(getattr(turn.prompt, "input_type", "text")),
                ),
            )
            self.db.execute(
                "UPDATE conversations SET updated_at = ? WHERE id = ?",
                (turn.ended_at.isoformat(), conversation_id),
            )

    def page(self, conversation_id: str, before: str | None, limit: int) -> HistoryPage:
        """The up to ``limit`` turns before turn ``before`` (the latest when ``None``).

        Raises:
            KeyError: ``before`` is not a turn of the conversation.
            StoreError: The file cannot be read.
        """
        try:
            end = self._seq(conversation_id, before)
            rows = self.db.execute(
                "SELECT turn_id, prompt_text, sent_at, ended_at, events, file_references, "
                "input_type "
                "FROM turns WHERE conversation_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?",
                (conversation_id, end, max(0, limit)),
            ).fetchall()
        except sqlite3.Error as error:
            raise StoreError(f"{self.path}: cannot read the conversation: {error}") from error
        turns = [_turn(*row) for row in reversed(rows)]
        remaining = end - 1 - len(turns)
        return HistoryPage(turns=tuple(turns), remaining=max(0, remaining))

    def _seq(self, conversation_id: str, before: str | None) -> int:
        if before is None:
            return self.count(conversation_id) + 1
        row = self.db.execute(
            "SELECT seq FROM turns WHERE conversation_id = ? AND turn_id = ?",
            (conversation_id, before),
        ).fetchone()
        if row is None:
            raise KeyError(f"no stored turn {before!r}")
        return int(row[0])

    @contextmanager
    def _writing(self) -> Iterator[None]:
        """One transaction: committed whole, or rolled back and reported as StoreError."""
        try:
            with self.db:
                yield
        except sqlite3.Error as error:
            raise StoreError(f"{self.path}: cannot write the conversation: {error}") from error


def _turn(
    turn_id: str, prompt: str, sent: str, ended: str, events: str, refs: str, kind: str
) -> Turn:
    references = tuple(
        FileReference(*(str(item.get(name, "")) for name in REFERENCE_FIELDS))
        for item in json.loads(refs or "[]")
        if isinstance(item, dict)
    )
    return Turn(
        turn_id,
        PromptRequest(prompt_text=prompt, input_type=kind, file_references=references),
        datetime.fromisoformat(sent),
        tuple(_event(item) for item in json.loads(events) if item.get("type") in EVENTS),
        datetime.fromisoformat(ended),
    )


def _event(item: dict[str, Any]) -> Event:
    cls = EVENTS[item["type"]]
    names = {field.name for field in dataclasses.fields(cls)}
    return cls(**{name: value for name, value in item.items() if name in names})  # type: ignore[no-any-return]
