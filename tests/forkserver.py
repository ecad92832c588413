"""Fork server for the mutant meta-test: one warm process, a forked child per suite run.

``python -m pytest features/<profile> ...`` spends about 2.5 s of its 2.9 s on one scenario
starting up (importing pytest, Textual, pytest-bdd, Hypothesis, the harness, the apps and
the catalogues, and parsing the feature files); the meta-test runs it about 330 times.
This module is a helper process that pays that once per profile: it runs, in itself, one
``pytest features/<profile> --collect-only`` against the profile's reference (which imports
everything the way a real run does, assertion rewriting included) and imports the mutant
catalogue, and compiles the report's HTML template; then, for each request, it
``os.fork()``s a child that runs ``pytest.main`` with the same arguments as the
``python -m pytest`` command line it replaces and leaves with ``os._exit``. The server
starts no thread and no event loop, so forking is safe; each child starts from the same
warm state, so no run sees what another run did.

Protocol (one JSON object per line; requests on the server's stdin, replies on the
stdout it was started with):

* request ``{"args": [...], "log": "<path>"}``: the child's pytest arguments and the
  file its stdout and stderr go to;
* reply ``{"pid": <child pid>}`` at once (the child leads a process group of its own,
  so the caller may kill it and whatever it started), then ``{"returncode": <int>}``
  when it ended (negative: killed by that signal).

One child at a time per server; run servers side by side for parallel runs
(:class:`ForkServers`, the caller's side). End of stdin ends the server.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from steps.clauses import catalogue, catalogue_names
from steps.memory import freeze_start_up
from steps.report.render import environment

ROOT = Path(__file__).resolve().parent.parent


def warm(profile: str, reference: str, module: str) -> None:
    """Import what a suite run of ``profile`` imports: collect its scenarios once in-process.

    Args:
        profile: The profile whose features are collected (``features/<profile>``).
        reference: Adapter spec of its reference, to collect against.
        module: Dotted name of the mutant catalogue, imported too.

    Raises:
        RuntimeError: The collection failed, or it left a thread running (forking then
            would not be safe).
    """
    status = pytest.main(
        [
            f"features/{profile}", "--collect-only", "-q", "-p", "no:randomly",
            "-p", "no:cacheprovider", f"--adapter={reference}",
        ]
    )  # fmt: skip
    if status != pytest.ExitCode.OK:
        raise RuntimeError(f"collecting features/{profile} ended with {status!r}")
    importlib.import_module(module)
    for name in catalogue_names():  # a report names every catalogue's clauses: parsed once here
        catalogue(name)
    environment().get_template("report.html")  # compiled here once, not in every child
    if threading.active_count() != 1:
        raise RuntimeError(f"threads left after warming up: {threading.enumerate()}")


def child(args: list[str], log: str) -> None:
    """In the forked child: output to ``log``, run pytest with ``args``, leave with its status."""
    status = 70  # EX_SOFTWARE, if pytest itself raised
    try:
        os.setpgid(0, 0)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        descriptor = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.dup2(descriptor, 1)
        os.dup2(descriptor, 2)
        status = int(pytest.main(args))
    except BaseException as error:
        print(f"fork server child: {error!r}", file=sys.stderr)
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)


def serve(replies: Any) -> None:
    """Answer requests from stdin, one child at a time, until stdin ends."""
    for line in sys.stdin:
        request = json.loads(line)
        sys.stdout.flush()
        sys.stderr.flush()
        freeze_start_up()  # the child's collections then skip the warm state (steps.memory)
        pid = os.fork()
        if pid == 0:
            replies.close()
            child(request["args"], request["log"])
        with contextlib.suppress(OSError):  # the child did it first, or has already ended
            os.setpgid(pid, pid)
        try:
            replies.write(json.dumps({"pid": pid}) + "\n")
            replies.flush()
            _, status = os.waitpid(pid, 0)
        except BaseException:  # interrupted (Ctrl+C reaches the server's group): no orphan
            with contextlib.suppress(ProcessLookupError):
                os.killpg(pid, signal.SIGKILL)
            raise
        replies.write(json.dumps({"returncode": os.waitstatus_to_exitcode(status)}) + "\n")
        replies.flush()


def main() -> None:
    """``python -m tests.forkserver <profile> <reference adapter> <mutant module>``."""
    profile, reference, module = sys.argv[1:4]
    replies = os.fdopen(os.dup(1), "w", encoding="utf-8")
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)  # what the warm-up prints goes nowhere; replies keep their own pipe
    warm(profile, reference, module)
    replies.write(json.dumps({"ready": os.getpid()}) + "\n")
    replies.flush()
    serve(replies)


# -- the caller's side ---------------------------------------------------------------


class ServerGone(RuntimeError):
    """A fork server ended or stopped answering; its log is in the message."""


class Server:
    """One running fork server of one profile (a subprocess), used by one caller at a time."""

    def __init__(self, command: list[str], env: dict[str, str], log: Path, bound: float) -> None:
        """Start ``command`` (``python -m tests.forkserver ...``) and wait until it is warm.

        Raises:
            ServerGone: It ended, or was not ready within ``bound`` seconds.
        """
        self.log = log
        with log.open("w", encoding="utf-8") as errors:
            self.process = subprocess.Popen(
                command, cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=errors,
            )  # fmt: skip
        self.pending = b""
        if self.reply(time.monotonic() + bound) is None:
            self.process.kill()
            self.process.wait()
            raise ServerGone(f"the fork server was not ready in {bound} s; its log:\n{self.tail()}")

    def reply(self, deadline: float | None) -> dict[str, Any] | None:
        """The server's next reply line; ``None`` if none came by ``deadline`` (monotonic s).

        Raises:
            ServerGone: The server's output ended.
        """
        stdout = self.process.stdout
        assert stdout is not None
        while b"\n" not in self.pending:
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            if not select.select([stdout], [], [], wait)[0]:
                return None
            chunk = os.read(stdout.fileno(), 65536)
            if not chunk:
                raise ServerGone(f"the fork server ended; its log:\n{self.tail()}")
            self.pending += chunk
        line, _, self.pending = self.pending.partition(b"\n")
        return dict(json.loads(line))

    def run(self, args: list[str], log: Path, bound: float) -> int | None:
        """Run ``pytest <args>`` in a forked child, output to ``log``; its exit status.

        Returns:
            pytest's exit status (negative: ended by that signal), or ``None`` when the
            child was still running after ``bound`` seconds and was killed (with whatever
            it started).

        Raises:
            ServerGone: The server ended.
        """
        stdin = self.process.stdin
        assert stdin is not None
        stdin.write((json.dumps({"args": args, "log": str(log)}) + "\n").encode())
        stdin.flush()
        started = self.reply(None)
        assert started is not None
        done = self.reply(time.monotonic() + bound)
        if done is not None:
            return int(done["returncode"])
        with contextlib.suppress(ProcessLookupError):  # ended just now
            os.killpg(int(started["pid"]), signal.SIGKILL)
        self.reply(None)
        return None

    def tail(self) -> str:
        """The end of the server's own log (its stderr)."""
        return self.log.read_text(encoding="utf-8", errors="replace")[-3000:]

    def close(self) -> None:
        """End the server (end of its stdin), killing it if it does not end in 30 s."""
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class ForkServers:
    """Warm fork servers by profile, started when needed, reused one caller at a time.

    Attributes:
        directory: Where the servers' logs go.
        env: The servers' environment (their children inherit it).
        warmups: Per profile, the reference adapter spec and the mutant module to warm with.
        bound: Seconds a server may take to get ready.
    """

    def __init__(
        self, directory: Path, env: dict[str, str], warmups: dict[str, tuple[str, str]],
        bound: float,
    ) -> None:  # fmt: skip
        self.directory = directory
        self.env = env
        self.warmups = warmups
        self.bound = bound
        self.lock = threading.Lock()
        self.idle: dict[str, list[Server]] = {}
        self.every: list[Server] = []
        self.started = 0

    def acquire(self, profile: str) -> Server:
        """An idle server of ``profile``, or a new one (started, and warm, when this returns)."""
        with self.lock:
            if self.idle.get(profile):
                return self.idle[profile].pop()
            self.started += 1
            log = self.directory / f"forkserver.{profile}.{os.getpid()}.{self.started}.log"
        reference, module = self.warmups[profile]
        command = [sys.executable, "-m", "tests.forkserver", profile, reference, module]
        server = Server(command, self.env, log, self.bound)
        with self.lock:
            self.every.append(server)
        return server

    def release(self, profile: str, server: Server) -> None:
        """Hand ``server`` back for the next run of ``profile``."""
        with self.lock:
            self.idle.setdefault(profile, []).append(server)

    def run(self, profile: str, args: list[str], log: Path, bound: float) -> int | None:
        """:meth:`Server.run` on a server of ``profile``; a server that ended is not reused.

        Raises:
            ServerGone: A server ended while running (it is not reused).
        """
        server = self.acquire(profile)
        returncode = server.run(args, log, bound)  # a ServerGone is not handed back
        self.release(profile, server)
        return returncode

    def close(self) -> None:
        """End every server."""
        with self.lock:
            servers, self.every, self.idle = self.every, [], {}
        for server in servers:
            server.close()


if __name__ == "__main__":
    main()
