"""Mutants of seed area Scope.

Each is the reference chat_screen app with one defect in that area, caught by a
scenario of ``features/chat_screen/`` citing its clause.
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

from reference_app.app import ChatApp
from reference_app.model import Message
from tests.candidates.mutants._registry import mutant


@mutant
class LocalModelFirst(ChatApp):
    """no-external-calls: each response is first asked of a local model server."""

    MODEL_SERVER = ("127.0.0.1", 11434)

    def choose_response(self) -> str:
        try:
            with socket.create_connection(self.MODEL_SERVER, timeout=0.2):
                pass
        except OSError:
            pass
        return super().choose_response()


@mutant
class HistoryRestored(ChatApp):
    """no-persistence: every exchange is saved, and a new app restores the conversation."""

    history: ClassVar[list[Message]] = []
    """Stands in for a history file: every message any app of the process has shown."""

    def __init__(self) -> None:
        super().__init__()
        self.session.messages.extend(self.history)

    async def on_mount(self) -> None:
        await super().show(list(self.session.messages))

    async def show(self, messages: Sequence[Message]) -> None:
        await super().show(messages)
        self.history.extend(messages)


@mutant
class HistorySavedOnQuit(ChatApp):
    """no-persistence: quitting by key saves the conversation, and a new app restores it."""

    saved: ClassVar[list[Message]] = []
    """Stands in for a history file, written by the quit action."""

    def __init__(self) -> None:
        super().__init__()
        self.session.messages.extend(self.saved)

    async def on_mount(self) -> None:
        await self.show(list(self.session.messages))

    async def action_quit(self) -> None:
        self.saved[:] = self.session.messages
        await super().action_quit()


@mutant
class TelemetryDatagram(ChatApp):
    """no-external-calls: each submission sends a UDP telemetry datagram (no connect call)."""

    STATSD = ("127.0.0.1", 8125)

    def choose_response(self) -> str:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp, contextlib.suppress(OSError):
            udp.sendto(b"chat.submissions:1|c", self.STATSD)
        return super().choose_response()


@mutant
class HelperProcessPerReply(ChatApp):
    """no-external-calls: each reply starts a helper process (subprocess.Popen) to log it."""

    def choose_response(self) -> str:
        response = super().choose_response()
        with contextlib.suppress(OSError):
            subprocess.run([sys.executable, "-c", "pass"], check=False, timeout=5)
        return response


@mutant
class ShellBellPerReply(ChatApp):
    """no-external-calls: each reply rings the terminal bell through ``os.system``."""

    def choose_response(self) -> str:
        with contextlib.suppress(OSError):
            os.system("true")
        return super().choose_response()


@mutant
class ModelHostLookedUp(ChatApp):
    """no-external-calls: each submission resolves the model server's name (a DNS lookup)."""

    def choose_response(self) -> str:
        with contextlib.suppress(OSError):
            socket.getaddrinfo("models.example.com", 443)
        return super().choose_response()


@mutant
class HistoryFileInWorkingDirectory(ChatApp):
    """no-persistence: each submission is appended to a history file in the working directory."""

    HISTORY = "chat_history.jsonl"

    def choose_response(self) -> str:
        with contextlib.suppress(OSError), Path(self.HISTORY).open("a", encoding="utf-8") as file:
            file.write("{}\n")
        return super().choose_response()


@mutant
class HistoryFileInHome(ChatApp):
    """no-persistence: quitting saves the conversation to a file in the home directory."""

    async def action_quit(self) -> None:
        with contextlib.suppress(OSError):
            saved = Path.home() / ".chat_history.json"
            saved.write_text(repr(self.session.messages), encoding="utf-8")
        await super().action_quit()
