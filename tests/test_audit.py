"""The audit hook refuses and records outbound calls and writes only while the app is driven."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from steps import audit


@pytest.fixture
def recorder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> audit.Recorder:
    return audit.watch(tmp_path / "scratch", monkeypatch)


def test_nothing_is_recorded_or_refused_outside_a_driving_block(
    recorder: audit.Recorder, tmp_path: Path
) -> None:
    (tmp_path / "outside.txt").write_text("harness", encoding="utf-8")
    socket.getaddrinfo("localhost", None)

    assert recorder.calls == [] and recorder.writes == []


def test_a_datagram_a_lookup_and_a_process_are_refused_and_recorded(
    recorder: audit.Recorder,
) -> None:
    with audit.driving(recorder):
        udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        with udp, pytest.raises(PermissionError, match="no-external-calls"):
            udp.sendto(b"x", ("127.0.0.1", 9))
        with pytest.raises(PermissionError):
            socket.getaddrinfo("example.com", 443)
        with pytest.raises(PermissionError):
            subprocess.run([sys.executable, "-c", "pass"], check=False)
        with pytest.raises(PermissionError):
            os.system("true")

    events = [call.partition("(")[0] for call in recorder.calls]
    assert events == ["socket.sendto", "socket.getaddrinfo", "subprocess.Popen", "os.system"]


def test_a_file_written_outside_the_scratch_directory_is_refused_and_recorded(
    recorder: audit.Recorder, tmp_path: Path
) -> None:
    outside = tmp_path / "history.jsonl"
    with audit.driving(recorder), pytest.raises(PermissionError, match="no-persistence"):
        outside.write_text("{}", encoding="utf-8")

    assert not outside.exists()
    assert recorder.writes == [f"open {str(outside)!r}"]


def test_reads_and_temporary_files_are_allowed(recorder: audit.Recorder) -> None:
    recorder.scratch.mkdir()
    with audit.driving(recorder):
        Path(__file__).read_text(encoding="utf-8")
        with tempfile.NamedTemporaryFile("w") as scratch_file:
            scratch_file.write("kept only for the run")
        Path(os.devnull).write_text("nothing", encoding="utf-8")

    assert recorder.calls == [] and recorder.writes == []


def test_the_file_textual_logs_to_is_allowed(
    recorder: audit.Recorder, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "textual.log"
    monkeypatch.setenv("TEXTUAL_LOG", str(log))
    with audit.driving(recorder):
        log.write_text("Textual's own log", encoding="utf-8")

    assert recorder.writes == []


def test_every_way_of_making_or_replacing_a_file_outside_the_scratch_directory_is_refused(
    recorder: audit.Recorder, tmp_path: Path
) -> None:
    """Not only ``open``: a directory, links, a rename or replace onto a path, a truncate,
    an SQLite database (each its own audit event, :data:`steps.audit.WRITE_EVENTS`)."""
    import sqlite3

    recorder.scratch.mkdir()
    inside = recorder.scratch / "draft.txt"
    inside.write_text("kept for the run", encoding="utf-8")
    kept = tmp_path / "kept.txt"
    kept.write_text("the user's", encoding="utf-8")
    writes = {
        "os.mkdir": lambda: os.mkdir(tmp_path / "made"),
        "os.symlink": lambda: os.symlink(inside, tmp_path / "symlink"),
        "os.link": lambda: os.link(inside, tmp_path / "hardlink"),
        "os.rename": lambda: os.rename(inside, tmp_path / "renamed"),
        "os.replace": lambda: os.replace(inside, kept),
        "os.truncate": lambda: os.truncate(kept, 0),
        "sqlite3.connect": lambda: sqlite3.connect(tmp_path / "store.db"),
    }
    refused = []
    with audit.driving(recorder):
        for name, write in writes.items():
            try:
                write()
            except PermissionError:
                refused.append(name)

    assert refused == list(writes)
    assert kept.read_text(encoding="utf-8") == "the user's" and inside.exists()
    assert sorted({write.partition(" ")[0] for write in recorder.writes}) == sorted(
        {"os.mkdir", "os.symlink", "os.link", "os.rename", "os.truncate", "sqlite3.connect"}
    )
