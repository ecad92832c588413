"""The meta-test's fork server (``tests/forkserver.py``) gives the verdicts a subprocess gives.

The mutant meta-test (``tests/test_mutants.py``) runs each suite in a child forked from a
warm server instead of a new ``python -m pytest``. These tests prove, through that path,
that the meta-test still fails a mutant no scenario catches and a catch the reference
does not pass, that a forked run reports what a subprocess run reports, and that a hung
child is stopped at the bound and reported, the server living on.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import pytest

from reference_app.app import ChatApp
from tests import test_mutants
from tests.candidates.mutants import MUTANTS, Mutant
from tests.forkserver import ForkServers
from tests.test_mutants import RUN_BOUND, Runs, Suite, run_suite, suite_env

PROFILE = "chat_screen"
REFERENCE = "reference_app.conformance:adapter"
CAUGHT = MUTANTS["label_missing"]
"""A mutant the first scenario citing its clause catches (``docs/mutants.md``)."""


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ForkServers]:
    """Fork servers of profile chat_screen, warmed on its reference and mutant catalogue."""
    directory = tmp_path_factory.mktemp("forkserver")
    warmups = {PROFILE: (REFERENCE, "tests.candidates.mutants")}
    started = ForkServers(directory, suite_env(directory / "pycache"), warmups, RUN_BOUND)
    yield started
    started.close()


def ignore(name: str, value: object) -> None:
    """``record_property`` for a test function called directly: nothing is left to a session."""


@contextmanager
def runs_of(suite: Suite, servers: ForkServers, directory: Path) -> Iterator[Runs]:
    """:class:`Runs` of the meta-test for ``suite`` alone, through ``servers``."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        yield Runs(directory, pool, 1, servers=servers)


def test_a_forked_run_reports_what_a_subprocess_run_reports(
    servers: ForkServers, tmp_path: Path
) -> None:
    clauses = (CAUGHT.clause,)
    adapter = f"tests.candidates.mutants:{CAUGHT.name}"
    forked = run_suite(adapter, clauses, tmp_path / "forked", PROFILE, first_catch=True,
                       servers=servers)  # fmt: skip
    alone = run_suite(adapter, clauses, tmp_path / "alone", PROFILE, first_catch=True)
    assert forked.caught_by(CAUGHT.clause), forked.output
    assert (forked.returncode, forked.scenarios) == (alone.returncode, alone.scenarios), (
        f"forked:\n{forked.output}\nsubprocess:\n{alone.output}"
    )


def test_the_meta_test_fails_a_mutant_no_scenario_catches(
    servers: ForkServers, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The reference itself, declared to break ``CAUGHT``'s clause: nothing catches it."""
    flawless = Mutant("adapter", CAUGHT.clause, ChatApp)
    suite = Suite(PROFILE, "reference_app.conformance", {"adapter": flawless}, REFERENCE,
                  tmp_path / "mutants.md")  # fmt: skip
    monkeypatch.setitem(test_mutants.SUITES, PROFILE, suite)
    with runs_of(suite, servers, tmp_path) as runs:
        with pytest.raises(AssertionError, match="every scenario citing it passed"):
            test_mutants.test_the_suite_catches_the_mutant(PROFILE, "adapter", runs, ignore)
        assert runs.get(f"{PROFILE}:adapter").returncode == 0


def test_the_meta_test_fails_a_catch_the_reference_does_not_pass(
    servers: ForkServers, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The mutant stands as its own reference: the scenario that caught it fails there too."""
    adapter = f"tests.candidates.mutants:{CAUGHT.name}"
    suite = Suite(PROFILE, "tests.candidates.mutants", {CAUGHT.name: CAUGHT}, adapter,
                  tmp_path / "mutants.md")  # fmt: skip
    monkeypatch.setitem(test_mutants.SUITES, PROFILE, suite)
    with runs_of(suite, servers, tmp_path) as runs:
        with pytest.raises(AssertionError, match="do not pass against the reference"):
            test_mutants.test_the_suite_catches_the_mutant(PROFILE, CAUGHT.name, runs, ignore)
        with pytest.raises(AssertionError, match="do not pass against the reference"):
            test_mutants.test_every_scenario_that_caught_a_mutant_passes_on_the_reference(
                PROFILE, runs, ignore
            )


HANGS = """
import pathlib, time

def test_hangs():
    pathlib.Path({marker!r}).write_text("reached")
    time.sleep(3600)
"""
PASSES = "def test_passes():\n    assert True\n"
HANG_BOUND = 10
"""Seconds the hanging child gets (a guard: it would hang for an hour). A forked child
reaches its test in well under a second (no start-up, one tiny file to collect), so this
leaves room for a loaded machine; the whole bound is waited out, so it is kept short."""
BOUND_AFTER = 30
"""Seconds the passing run after it may take (returns as soon as it ends)."""


def test_a_hung_child_is_killed_at_the_bound_and_the_server_lives_on(
    servers: ForkServers, tmp_path: Path
) -> None:
    marker = tmp_path / "reached"
    (tmp_path / "test_hangs.py").write_text(HANGS.format(marker=str(marker)), encoding="utf-8")
    (tmp_path / "test_passes.py").write_text(PASSES, encoding="utf-8")
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    common = ["-p", "no:randomly", "-p", "no:cacheprovider", f"--rootdir={tmp_path}",
              "-c", str(tmp_path / "pytest.ini")]  # fmt: skip
    hung = servers.run(PROFILE, [str(tmp_path / "test_hangs.py"), *common],
                       tmp_path / "hangs.log", HANG_BOUND)  # fmt: skip
    assert hung is None, (tmp_path / "hangs.log").read_text(encoding="utf-8")
    assert marker.is_file(), "the child was stopped before its test began hanging"
    after = servers.run(PROFILE, [str(tmp_path / "test_passes.py"), *common],
                        tmp_path / "passes.log", BOUND_AFTER)  # fmt: skip
    assert after == 0, (tmp_path / "passes.log").read_text(encoding="utf-8")


def test_the_last_catch_runs_first_and_a_stale_one_changes_nothing(
    servers: ForkServers, tmp_path: Path
) -> None:
    """``first`` (``tests/catch_first.py``) schedules, never selects.

    ``history_restored`` (``no-persistence``) passes the first scenario citing its clause in
    file order and is caught by a later one. Named first, that scenario runs alone and
    catches it; a name that matches no scenario leaves the run as it was without one.
    """
    mutant = MUTANTS["history_restored"]
    clauses, adapter = (mutant.clause,), f"tests.candidates.mutants:{mutant.name}"

    plain = run_suite(adapter, clauses, tmp_path / "plain", PROFILE, first_catch=True,
                      servers=servers)  # fmt: skip
    caught = plain.caught_by(mutant.clause)
    assert caught and len(plain.scenarios) > 1, plain.output
    hinted = run_suite(adapter, clauses, tmp_path / "hinted", PROFILE, first_catch=True,
                       first=(caught[0].nodeid,), servers=servers)  # fmt: skip
    stale = run_suite(adapter, clauses, tmp_path / "stale", PROFILE, first_catch=True,
                      first=("features/chat_screen/test_chat_screen.py::test_gone",),
                      servers=servers)  # fmt: skip

    assert [(s.nodeid, s.verdict) for s in hinted.scenarios] == [
        (caught[0].nodeid, caught[0].verdict)
    ], hinted.output
    assert stale.returncode == plain.returncode, stale.output
    assert [(s.nodeid, s.verdict) for s in stale.scenarios] == [
        (s.nodeid, s.verdict) for s in plain.scenarios
    ], stale.output
