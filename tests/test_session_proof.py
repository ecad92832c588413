"""The meta-test leaves a catch's fairness to the session only when that is a proof.

``tests/session_proof.py``: the decision (:func:`run_on_the_reference`) is taken when the
session runs the catching scenario on the reference the way the meta-test would, and not
when an item is missing or the session's run differs; :class:`SessionProof` fails the
session when a scenario left to it did not pass there, with and without pytest-xdist.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest

from tests import test_mutants
from tests.session_proof import PROPERTY, run_on_the_reference
from tests.test_mutants import SESSION, SUITES, Runs, Scenario, SuiteRun

PROFILE = "rawp_crs"
REFERENCE = SUITES[PROFILE].reference
MUTANT = next(iter(SUITES[PROFILE].mutants))
CLAUSE = SUITES[PROFILE].mutants[MUTANT].clause
FIRST = "features/rawp_crs/test_rawp_crs.py::test_first"
SECOND = "features/rawp_crs/test_rawp_crs.py::test_second"


def items(*nodeids: str) -> list[pytest.Item]:
    """Stand-ins for the session's items (only their node ids are read)."""
    return [cast(pytest.Item, SimpleNamespace(nodeid=nodeid)) for nodeid in nodeids]


# -- the decision ---------------------------------------------------------------------


def test_taken_for_the_profiles_items_on_its_reference(request: pytest.FixtureRequest) -> None:
    session = items(FIRST, SECOND, "features/chat_screen/test_chat_screen.py::test_x",
                    "tests/test_cells.py::test_y")  # fmt: skip
    assert run_on_the_reference(request.config, session, PROFILE, REFERENCE) == {FIRST, SECOND}


def test_not_taken_for_another_adapter(request: pytest.FixtureRequest) -> None:
    other = "tests.candidates.crs_mutants:" + MUTANT
    assert run_on_the_reference(request.config, items(FIRST), PROFILE, other) == frozenset()


@pytest.mark.parametrize(
    ("dest", "value"),
    [("clause", ["crs-enter-sends"]), ("scenario_timeout", "60"), ("terminal_size", "80x24"),
     ("expectations", "x.yaml"), ("explore_seed", "3")],
)  # fmt: skip
def test_not_taken_when_the_session_runs_scenarios_differently(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch, dest: str, value: object
) -> None:
    assert hasattr(request.config.option, dest)
    monkeypatch.setattr(request.config.option, dest, value)
    assert run_on_the_reference(request.config, items(FIRST), PROFILE, REFERENCE) == frozenset()


# -- the meta-test with the decision taken, or not ------------------------------------


@pytest.fixture
def runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Runs, list[str]]]:
    """Runs of the meta-test whose mutant run (caught by FIRST and SECOND) is already kept.

    A reference run is not started: the node ids it would run are noted in the list.
    """
    caught = [Scenario(nodeid, nodeid, (CLAUSE,), "failed", "") for nodeid in (FIRST, SECOND)]
    done = SuiteRun(f"x:{MUTANT}", 1, tuple(caught), "")
    kept = {**done.__dict__, "scenarios": [s.__dict__ for s in caught]}
    with ThreadPoolExecutor(max_workers=1) as pool:
        started = Runs(tmp_path, pool)
        started.kept(f"{PROFILE}:{MUTANT}").write_text(json.dumps(kept), encoding="utf-8")
        ran: list[str] = []

        def run_reference(profile: str, nodeids: list[str]) -> None:
            ran.extend(nodeids)
            started.reference.setdefault(profile, {}).update(dict.fromkeys(nodeids, "passed"))

        monkeypatch.setattr(started, "run_reference", run_reference)
        yield started, ran


def test_every_catch_an_item_of_the_session_nothing_is_run_and_it_is_recorded(
    runs: tuple[Runs, list[str]],
) -> None:
    runs_, ran = runs
    runs_.session = {PROFILE: frozenset({FIRST, SECOND})}
    recorded: list[tuple[str, object]] = []

    test_mutants.test_the_suite_catches_the_mutant(
        PROFILE, MUTANT, runs_, lambda name, value: recorded.append((name, value))
    )

    assert ran == []
    assert runs_.reference_verdicts(f"{PROFILE}:{MUTANT}") == {FIRST: SESSION, SECOND: SESSION}
    assert recorded == [(PROPERTY, [FIRST, SECOND])]


def test_a_catch_missing_from_the_session_is_run_on_the_reference(
    runs: tuple[Runs, list[str]],
) -> None:
    runs_, ran = runs
    runs_.session = {PROFILE: frozenset({FIRST})}
    recorded: list[tuple[str, object]] = []

    test_mutants.test_the_suite_catches_the_mutant(
        PROFILE, MUTANT, runs_, lambda name, value: recorded.append((name, value))
    )

    assert ran == [SECOND]
    assert recorded == [(PROPERTY, [FIRST])]


def test_no_session_items_everything_is_run(
    runs: tuple[Runs, list[str]],
) -> None:
    runs_, ran = runs
    recorded: list[tuple[str, object]] = []

    test_mutants.test_the_suite_catches_the_mutant(
        PROFILE, MUTANT, runs_, lambda name, value: recorded.append((name, value))
    )

    assert ran == [FIRST, SECOND]
    assert recorded == []


# -- the check at the session's end ---------------------------------------------------

RELIES = """
def test_relies(record_property):
    record_property({property!r}, ["test_scenario.py::test_scenario"])
"""
SCENARIO = {
    "passes": "def test_scenario():\n    pass\n",
    "fails": "def test_scenario():\n    assert False\n",
    "skips": "import pytest\n\ndef test_scenario():\n    pytest.skip('not here')\n",
    "xfails": "import pytest\n\n@pytest.mark.xfail(strict=True)\n"
    "def test_scenario():\n    assert False\n",
    "errors in teardown": "import pytest\n\n@pytest.fixture\ndef broken():\n    yield\n"
    "    raise RuntimeError('teardown')\n\ndef test_scenario(broken):\n    pass\n",
}
CONFTEST = """
from tests.session_proof import SessionProof

def pytest_configure(config):
    if not hasattr(config, "workerinput"):
        config.pluginmanager.register(SessionProof(), "mutant-session-proof")
"""


def session(pytester: pytest.Pytester, scenario: str | None, *args: str) -> Any:
    """Run a session of a test relying on ``test_scenario`` and that scenario (or none)."""
    pytester.makeconftest(CONFTEST)
    pytester.makeini("[pytest]\n")
    pytester.makepyfile(test_relies=RELIES.format(property=PROPERTY))
    if scenario is not None:
        pytester.makepyfile(test_scenario=SCENARIO[scenario])
    return pytester.runpytest_subprocess("-p", "no:randomly", "-p", "no:cacheprovider", *args)


@pytest.mark.parametrize("xdist", [[], ["-n", "2"]], ids=["alone", "xdist"])
def test_the_session_passes_when_the_scenario_left_to_it_passed(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, xdist: list[str]
) -> None:
    monkeypatch.setenv("PYTHONPATH", str(Path(__file__).resolve().parent.parent))
    result = session(pytester, "passes", *xdist)
    assert result.ret == pytest.ExitCode.OK, result.stdout.str()
    result.stdout.fnmatch_lines(["*1 of 1 catching scenarios left to this session*passed*"])


@pytest.mark.parametrize("outcome", ["skips", "xfails", "errors in teardown", None])
@pytest.mark.parametrize("xdist", [[], ["-n", "2"]], ids=["alone", "xdist"])
def test_the_session_fails_when_the_scenario_left_to_it_did_not_pass(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, outcome: str | None,
    xdist: list[str],
) -> None:  # fmt: skip
    """Skipped, an expected failure, a failed teardown, or never run: the session fails."""
    monkeypatch.setenv("PYTHONPATH", str(Path(__file__).resolve().parent.parent))
    result = session(pytester, outcome, *xdist)
    assert result.ret == pytest.ExitCode.TESTS_FAILED, result.stdout.str()
    result.stdout.fnmatch_lines(
        ["*UNFAIR OR UNPROVEN CATCH: test_scenario.py::test_scenario did not pass*test_relies*"]
    )
