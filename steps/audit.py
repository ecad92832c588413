"""Watching what the app under test does outside its window: network, processes, files.

Python's audit hooks (PEP 578, :func:`sys.addaudithook`) see every socket call, process
start and file open, whichever library makes it (a ``socket.sendto`` as much as a
``connect``). A hook can never be removed, so this module installs one per process, the
first time a scenario starts (:func:`install`), and the hook dispatches to the
:class:`Recorder` of the scenario being driven (every scenario has one, :func:`watch`).
It does nothing otherwise: a recorder is active only while the driver runs the app
(:func:`driving`, around ``create_app()``, each :meth:`steps.chat_screen.driver.Driver.run` and the
app's shutdown), so pytest, the report and the steps themselves are never recorded. A
thread the app started is recorded while a step drives the app, not between steps.

While active, the recorder refuses (raises :class:`PermissionError`, an ``OSError`` like
the one a refused connection raises) and records every network call and process start
(clause ``no-external-calls``) and every file written outside the scenario's temporary
directory (clause ``no-persistence``), so nothing leaves the machine and nothing is left
on it.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

NETWORK_EVENTS = frozenset(
    {
        "socket.connect",
        "socket.sendto",
        "socket.sendmsg",
        "socket.bind",
        "socket.getaddrinfo",
        "socket.gethostbyname",
        "socket.gethostbyaddr",
        "socket.getnameinfo",
    }
)
"""Audit events of a network call: a connection, a datagram, a listening socket, a DNS lookup."""
PROCESS_EVENTS = frozenset(
    {
        "subprocess.Popen",
        "os.system",
        "os.exec",
        "os.posix_spawn",
        "os.spawn",
        "os.fork",
        "os.forkpty",
        "os.startfile",
    }
)
"""Audit events of a process started (another program could reach any service)."""
WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_TRUNC
"""``open`` flags of a file opened for writing (``open`` passes its flags with the event)."""
_WRITE_TARGETS: dict[str, Callable[[tuple[Any, ...]], object]] = {
    "open": lambda args: args[0] if isinstance(args[2], int) and args[2] & WRITE_FLAGS else None,
    "os.mkdir": lambda args: args[0],
    "os.truncate": lambda args: args[0],
    "os.symlink": lambda args: args[1],
    "os.link": lambda args: args[1],
    "os.rename": lambda args: args[1],  # os.replace too
    "sqlite3.connect": lambda args: (
        None if args[0] in (":memory:", "", b":memory:", b"") else args[0]
    ),
}
"""Each audit event that may write, create or rename to a file, and how its arguments name
that file (``None``: it writes none)."""
WRITE_EVENTS = frozenset(_WRITE_TARGETS)
"""Audit events that may write, create or rename to a file."""
WATCHED = NETWORK_EVENTS | PROCESS_EVENTS | WRITE_EVENTS
"""Every event a :class:`Recorder` acts on. The hook hands it nothing else: Python audits
events far more often than these (``builtins.id`` about 7,700 times in a scenario, from
Textual's caches), and a recorder called for each cost about 6 % of a scenario's CPU."""
ALLOWED_FILES = frozenset({os.devnull})
"""Files any app may write to: nothing written there is kept."""
TEXTUAL_LOG = "TEXTUAL_LOG"
"""Environment variable naming the file Textual itself logs to when a person debugs a run
(Textual's ``constants.LOG_FILE``); that file is Textual's, not the app's, so it is allowed."""


@dataclass
class Recorder:
    """What the app tried to do outside its window during one scenario.

    Attributes:
        scratch: The scenario's temporary directory (also ``tempfile``'s while it runs):
            writes inside it are allowed, it is discarded after the run.
        calls: Each network call and process start seen, in words, in order; all refused.
        writes: Each file written (or created, renamed to, linked) outside ``scratch``,
            in words, in order; all refused.
    """

    scratch: Path
    calls: list[str] = field(default_factory=list)
    writes: list[str] = field(default_factory=list)

    def __call__(self, event: str, args: tuple[Any, ...]) -> None:
        """Record and refuse ``event`` if it is a network call, a process or a write.

        Raises:
            PermissionError: For every event recorded.
        """
        if event in NETWORK_EVENTS or event in PROCESS_EVENTS:
            seen = f"{event}{_shown(args)}"
            self.calls.append(seen)
            raise PermissionError(f"conformance harness: {seen} refused (no-external-calls)")
        path = _written(event, args)
        if path is not None and not self._allowed(path):
            seen = f"{event} {str(path)!r}"
            self.writes.append(seen)
            raise PermissionError(f"conformance harness: {seen} refused (no-persistence)")

    def _allowed(self, path: Path) -> bool:
        log = os.environ.get(TEXTUAL_LOG)
        if log and path == Path(os.path.abspath(log)):
            return True
        return str(path) in ALLOWED_FILES or path.is_relative_to(self.scratch)


class _Dispatch:
    """The process's one audit hook: hands each event to the active recorder, if any."""

    def __init__(self) -> None:
        self.active: Recorder | None = None
        self.installed = False

    def __call__(self, event: str, args: tuple[Any, ...]) -> None:
        recorder = self.active
        if recorder is not None and event in WATCHED:
            recorder(event, args)


_HOOK = _Dispatch()
"""Process-wide by nature (an audit hook cannot be removed), so a module global."""


def install() -> None:
    """Install the process's audit hook, once; later calls do nothing."""
    if not _HOOK.installed:
        sys.addaudithook(_HOOK)
        _HOOK.installed = True


def watch(scratch: Path, monkeypatch: pytest.MonkeyPatch) -> Recorder:
    """Return the recorder of one scenario, whose temporary directory is ``scratch``.

    ``scratch`` is made ``tempfile``'s directory (and ``$TMPDIR``) until ``monkeypatch``
    is undone, so an app may use temporary files; the hook is installed if need be.
    """
    install()
    scratch = Path(os.path.abspath(scratch))
    for name in ("TMPDIR", "TEMP", "TMP"):
        monkeypatch.setenv(name, str(scratch))
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    return Recorder(scratch)


@contextmanager
def driving(recorder: Recorder | None) -> Iterator[None]:
    """Make ``recorder`` the active one while the block runs the app; ``None``: no watch."""
    if recorder is None:
        yield
        return
    previous, _HOOK.active = _HOOK.active, recorder
    try:
        yield
    finally:
        _HOOK.active = previous


def _written(event: str, args: tuple[Any, ...]) -> Path | None:
    """The file ``event`` writes, creates or renames to, else ``None``."""
    target = _WRITE_TARGETS[event](args) if event in _WRITE_TARGETS else None
    if not isinstance(target, str | bytes | os.PathLike):
        return None  # a file descriptor: the file was opened (and checked) before
    return Path(os.path.abspath(os.fsdecode(target)))


def _shown(args: tuple[Any, ...]) -> str:
    """The event's arguments, short, leaving out socket objects."""
    shown = [repr(arg)[:80] for arg in args if not hasattr(arg, "fileno")]
    return f"({', '.join(shown)})"
