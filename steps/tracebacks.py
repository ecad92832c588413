"""Naming the implementation's own code in a traceback or a stuck task, for ERROR and TIMEOUT.

A crash or a hang is reported as one line that points at the candidate's frame, not at
Textual's message loop or the harness: ``ValueError: boom (in CrashApp.compose,
candidates/app.py:12: raise ValueError("boom"))``. A frame is *library* code when its file
belongs to the Python standard library, Textual, Rich, pytest, pluggy, pytest-bdd,
pytest-xdist, execnet or this harness (``steps/``); everything else is the implementation's.
"""

from __future__ import annotations

import asyncio
import importlib.util
import linecache
import sysconfig
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path
from types import CoroutineType, FrameType, GeneratorType, TracebackType
from typing import Any

LIBRARY_PACKAGES = (
    "textual",
    "rich",
    "pytest",
    "_pytest",
    "pluggy",
    "pytest_bdd",
    "xdist",
    "execnet",
)
"""Top-level packages whose frames are never the implementation's own code (with the
harness's own folder, :data:`HARNESS`)."""
HARNESS = Path(__file__).resolve().parent
"""The harness's folder (``steps/``), found from this file: installed, it is
``textual_chat_conformance/steps``, and a top-level ``steps`` is a team's own package."""
MESSAGE_LIMIT = 200
"""Characters of an exception message kept in a summary."""


@cache
def _library_roots() -> tuple[Path, ...]:
    roots = [HARNESS]
    for name in LIBRARY_PACKAGES:
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.origin:
            roots.append(Path(spec.origin).resolve().parent)
    return tuple(roots)


@cache
def is_library_file(filename: str) -> bool:
    """Whether ``filename`` belongs to the standard library, a known library or the harness.

    Args:
        filename: A code object's file name, as in a frame or traceback.
    """
    if filename.startswith("<"):
        return True  # <frozen ...>, <string>: not a file of the implementation
    path = Path(filename).resolve()
    if any(path.is_relative_to(root) for root in _library_roots()):
        return True
    stdlib = Path(sysconfig.get_paths()["stdlib"]).resolve()
    installed = {"site-packages", "dist-packages"} & set(path.parts)
    return path.is_relative_to(stdlib) and not installed


def describe_frame(frame: FrameType, lineno: int | None = None) -> str:
    """``Class.method, path:line: source`` for one frame; the path relative to the cwd.

    Args:
        frame: The frame.
        lineno: The line being executed; defaults to the frame's current line.
    """
    code = frame.f_code
    line = lineno if lineno is not None else frame.f_lineno
    path = Path(code.co_filename)
    try:
        shown = str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        shown = str(path)
    source = linecache.getline(code.co_filename, line).strip()
    return f"{code.co_qualname}, {shown}:{line}" + (f": {source}" if source else "")


def traceback_frames(tb: TracebackType | None) -> list[tuple[FrameType, int]]:
    """The (frame, line) pairs of a traceback, outermost first."""
    frames = []
    while tb is not None:
        frames.append((tb.tb_frame, tb.tb_lineno))
        tb = tb.tb_next
    return frames


def stack_frames(frame: FrameType | None) -> list[tuple[FrameType, int]]:
    """The (frame, line) pairs of a live stack ending at ``frame``, outermost first."""
    frames = []
    while frame is not None:
        frames.append((frame, frame.f_lineno))
        frame = frame.f_back
    return frames[::-1]


def innermost_own(frames: Iterable[tuple[FrameType, int]]) -> str | None:
    """Describe the innermost frame of the implementation's own code, or ``None``."""
    own = [pair for pair in frames if not is_library_file(pair[0].f_code.co_filename)]
    return describe_frame(*own[-1]) if own else None


def summarize_exception(error: BaseException) -> str:
    """``Type: message (in Class.method, file:line: source)``, at the implementation's frame.

    The message is its first line, cut at :data:`MESSAGE_LIMIT` characters. The location is
    the innermost frame of the implementation's own code; when the implementation has no
    frame on the stack, the innermost frame at all, marked as such.

    Args:
        error: The exception, with its traceback.
    """
    lines = str(error).strip().splitlines()
    message = lines[0] if lines else ""
    if len(message) > MESSAGE_LIMIT or len(lines) > 1:
        message = message[:MESSAGE_LIMIT] + " …"
    head = f"{type(error).__name__}: {message}" if message else type(error).__name__
    frames = traceback_frames(error.__traceback__)
    own = innermost_own(frames)
    if own is not None:
        return f"{head} (in {own})"
    if frames:
        return f"{head} (no frame of the implementation; raised in {describe_frame(*frames[-1])})"
    return head


def _awaited_frames(awaitable: Any) -> Iterator[tuple[FrameType, int]]:
    """Frames of a suspended coroutine and of everything it awaits, outermost first."""
    while awaitable is not None:
        if isinstance(awaitable, CoroutineType):
            frame, awaitable = awaitable.cr_frame, awaitable.cr_await
        elif isinstance(awaitable, GeneratorType):
            frame, awaitable = awaitable.gi_frame, awaitable.gi_yieldfrom
        else:
            return
        if frame is not None:
            yield frame, frame.f_lineno


def pending_own_frames(loop: asyncio.AbstractEventLoop) -> list[str]:
    """Where each unfinished task of ``loop`` waits in the implementation's own code.

    Args:
        loop: The scenario's event loop (not running).

    Returns:
        One :func:`describe_frame` line per task suspended inside the implementation's
        code, e.g. a message handler awaiting an event that never comes.
    """
    found = []
    for task in asyncio.all_tasks(loop):
        if task.done():
            continue
        own = innermost_own(_awaited_frames(task.get_coro()))
        if own is not None:
            found.append(own)
    return sorted(found)
