"""Real-terminal smoke test: each reference app started as a person starts it, in a pty.

Pilot never runs Textual's real driver nor its terminal input parser; here each reference
app runs as ``python -m reference_app`` / ``python -m reference_crs --store … --new`` in a
pseudo-terminal (pexpect), and its screen is read through a terminal emulator (pyte). A
short scripted session per app types, sends a burst, pastes escape sequences and control
bytes as a bracketed paste, presses Enter and PageDown (and, for the CRS client, opens and
closes the working-directory dialog), quits, and starts the app again, checking the
emulated screen, the exit status and what was stored.

Every wait is for a screen condition, bounded by :data:`BOUND` (no fixed sleep), so the
test passes on a loaded machine; a session takes a few seconds when the machine is idle.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from steps.terminal_input import key_bytes, paste_bytes
from tests.helpers import ROOT

pexpect = pytest.importorskip("pexpect", reason="the test extra installs pexpect")
pyte = pytest.importorskip("pyte", reason="the test extra installs pyte")

pytestmark = pytest.mark.skipif(
    sys.platform == "win32", reason="pseudo-terminals (pexpect.spawn) are POSIX only"
)

COLUMNS, ROWS = 100, 30
"""The emulated terminal's size, in cells."""
BOUND = 60.0
"""Seconds one screen condition may take at most (an app's start on a loaded machine)."""
PASTED = "ls \x1b[0m\x11 rest"
"""A paste holding an escape sequence and a Ctrl+Q byte: text, never keys."""
PASTED_SHOWN = "ls ␛[0m␑ rest"
"""How the apps draw :data:`PASTED`: control characters as their pictures."""


class Terminal:
    """One app in a pseudo-terminal, its output fed to a pyte screen."""

    def __init__(self, args: list[str], cwd: Path, home: Path) -> None:
        """Start ``python args`` in a ``COLUMNS`` x ``ROWS`` terminal, in ``cwd``."""
        env = {
            **os.environ,
            "TERM": "xterm-256color",
            "HOME": str(home),
            "XDG_DATA_HOME": str(home / "data"),
            "PYTHONPATH": str(ROOT),
        }
        env.pop("TEXTUAL", None)
        self.screen = pyte.Screen(COLUMNS, ROWS)
        self.stream = pyte.ByteStream(self.screen)
        self.output = b""
        self.child = pexpect.spawn(
            sys.executable, args, cwd=str(cwd), env=env, dimensions=(ROWS, COLUMNS)
        )
        self.ended = False

    @property
    def text(self) -> str:
        """The screen's rows, joined by newlines (a wide character's second cell is ``""``).

        Read cell by cell: ``pyte.Screen.display`` fails on a cell left empty.
        """
        buffer = self.screen.buffer
        return "\n".join(
            "".join(buffer[y][x].data for x in range(COLUMNS)).rstrip() for y in range(ROWS)
        )

    def _read(self) -> None:
        """Feed what the app wrote meanwhile to the screen (waits 50 ms at most)."""
        try:
            data = self.child.read_nonblocking(65536, timeout=0.05)
        except pexpect.TIMEOUT:
            return
        except pexpect.EOF:
            self.ended = True
            return
        self.output += data
        self.stream.feed(data)

    def wait_for(self, condition: Callable[[str], bool], what: str) -> None:
        """Read the app's output until ``condition(screen text)`` holds.

        Raises:
            AssertionError: It did not within :data:`BOUND` seconds, or the app ended first.
        """
        deadline = time.monotonic() + BOUND
        while not condition(self.text):
            assert not self.ended, f"the app ended while waiting for {what}:\n{self.text}"
            assert time.monotonic() < deadline, f"no {what} within {BOUND:g} s:\n{self.text}"
            self._read()

    def shows(self, text: str) -> None:
        """Wait until ``text`` is drawn somewhere on the screen."""
        self.wait_for(lambda screen: text in screen, repr(text))

    def cells(self) -> tuple[tuple[str, str, str, bool], ...]:
        """Every cell's character, colours and reverse flag: what a redraw may change."""
        return tuple(
            (cell.data, cell.fg, cell.bg, cell.reverse)
            for y in range(ROWS)
            for cell in (self.screen.buffer[y][x] for x in range(COLUMNS))
        )

    def redrawn(self, before: tuple[tuple[str, str, str, bool], ...], what: str) -> None:
        """Wait until some cell differs from ``before`` (a focus moved: colours change)."""
        deadline = time.monotonic() + BOUND
        while self.cells() == before:
            assert not self.ended, f"the app ended while waiting for {what}:\n{self.text}"
            assert time.monotonic() < deadline, f"no {what} within {BOUND:g} s:\n{self.text}"
            self._read()

    def send(self, data: bytes) -> None:
        """Write ``data`` to the terminal, as keys and pastes arrive from a person."""
        self.child.send(data)

    def exit_status(self) -> int:
        """Wait (bounded) for the app to exit and return its exit status."""
        deadline = time.monotonic() + BOUND
        while not self.ended:
            assert time.monotonic() < deadline, f"the app did not exit:\n{self.text}"
            self._read()
        self.child.close()
        status: int | None = self.child.exitstatus
        assert status is not None, f"the app was killed by signal {self.child.signalstatus}"
        return status

    def stop(self) -> None:
        """Kill the app if it still runs (a failed test leaves no process behind)."""
        if self.child.isalive():
            self.child.terminate(force=True)


def user_rows(text: str) -> list[str]:
    """The rows holding a user label of the chat screen, top down."""
    return [row.strip(" █▌▎▊") for row in text.splitlines() if "사용자:" in row]


@pytest.fixture
def place(tmp_path: Path) -> Path:
    """A working directory with a file in it, and a home of its own, for one session."""
    (tmp_path / "project").mkdir()
    (tmp_path / "project" / "notes.txt").write_text("hi\n", encoding="utf-8")
    (tmp_path / "home").mkdir()
    return tmp_path


def start(place: Path, *args: str) -> Terminal:
    """Start ``python -m <args>`` in the project directory of ``place``."""
    return Terminal(["-m", *args], place / "project", place / "home")


def test_the_reference_chat_app_in_a_real_terminal(place: Path) -> None:
    app = start(place, "reference_app")
    try:
        app.shows("메시지를 입력하세요")
        app.send(b"hello")
        app.shows("hello")
        app.send(key_bytes("enter"))
        app.shows("사용자: hello")
        app.shows("에이전트:")
        app.send(b"one\rtwo\r")  # a burst: both messages in one read
        app.wait_for(lambda text: len(user_rows(text)) >= 3, "three user messages")
        assert user_rows(app.text)[-2:] == ["사용자: one", "사용자: two"], app.text
        app.send(paste_bytes(PASTED) + key_bytes("enter"))
        app.shows(f"사용자: {PASTED_SHOWN}")
        app.send(key_bytes("pagedown") + b"still here\r")
        app.shows("사용자: still here")
        app.send(key_bytes("escape"))
        assert app.exit_status() == 0
    finally:
        app.stop()
    again = start(place, "reference_app")
    try:
        again.shows("메시지를 입력하세요")
        assert "사용자:" not in again.text, "the chat screen keeps no history between runs"
        again.send(key_bytes("ctrl+q"))
        assert again.exit_status() == 0
    finally:
        again.stop()


END_OF_REPLY = 'print("hello from the demo agent")'
"""The demo agent's last line of every answer (``reference_crs/demo/agent.py``, ``_reply``)."""


def test_the_reference_crs_client_in_a_real_terminal(place: Path) -> None:
    store = place / "conversations.db"
    app = start(place, "reference_crs", "--store", str(store), "--new")
    try:
        app.shows("작업 디렉토리 선택")
        before = app.cells()
        app.send(key_bytes("tab"))  # Tab and Enter in one read: Enter went to the input
        app.redrawn(before, "the focus to move to the button")
        app.send(key_bytes("enter"))
        app.shows("절대 경로 직접 입력")
        app.send(key_bytes("escape"))
        app.wait_for(lambda text: "절대 경로 직접 입력" not in text, "the dialog to close")
        app.send(b"hello smoke")
        app.shows("│ hello smoke")
        app.send(key_bytes("enter"))
        app.shows("I am a demo agent")
        app.send(b"burst one " + paste_bytes(PASTED))  # typed and pasted, one read
        app.shows(f"burst one {PASTED_SHOWN}")
        assert app.text.count(PASTED_SHOWN) == 1, "the paste sent nothing:\n" + app.text
        app.send(key_bytes("enter"))
        app.wait_for(lambda text: text.count(PASTED_SHOWN) >= 2, "the pasted prompt's bubble")
        app.shows("메시지를 입력하세요")
        # As a person waits for the answer before quitting: its last line (the demo's code
        # block) drawn after the quoted prompt. A turn is stored when it ends; a quit in the
        # middle of the answer left only the first prompt in the store (seen once under load).
        app.wait_for(
            lambda text: text.rfind(END_OF_REPLY) > text.rfind("burst one"),
            "the answer to the pasted prompt to end",
        )
        app.send(key_bytes("pagedown"))  # at the bottom already: the client carries on
        app.send(key_bytes("ctrl+q"))
        assert app.exit_status() == 0
        assert b"is kept in" in app.output
    finally:
        app.stop()
    stored = stored_prompts(store)
    assert stored == ["hello smoke", f"burst one {PASTED}"]
    again = start(place, "reference_crs", "--store", str(store))
    try:
        again.shows(f"burst one {PASTED_SHOWN}")  # the view opens on the latest turn
        again.send(key_bytes("ctrl+q"))
        assert again.exit_status() == 0
    finally:
        again.stop()


def stored_prompts(path: Path) -> list[str]:
    """The prompt texts of the one conversation stored in ``path``, oldest first."""
    from reference_crs.demo.store import Store

    store = Store(path)
    try:
        [(conversation_id, _, _)] = store.conversations()
        page = store.page(conversation_id, None, 100)
        return [turn.prompt.prompt_text for turn in page.turns]
    finally:
        store.close()
