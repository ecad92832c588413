"""Meta-test: the conformance suite catches every mutant of the reference app.

Each mutant in ``tests/candidates/mutants.py`` is the reference app with one realistic
defect, breaking the clause its docstring names. This module runs ``pytest features`` in
a subprocess, like any user would:

* against the reference app, every scenario: all must pass;
* against each mutant, the scenarios citing its clause: at least one must fail (and that
  scenario must pass against the reference app), or the mutant's own test id fails;
* then every MUST clause checked by scenarios must be broken by at least one caught
  mutant, and ``docs/mutants.md`` is rewritten with what caught what.

Runs go two at a time (CI has two cores) in a thread pool, started ahead of the tests
that need them. A mutant that no scenario catches calls for a better scenario, never a
weaker mutant.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import pytest

from steps.clauses import Clause, catalogue
from tests.candidates.mutants import MUTANTS

ROOT = Path(__file__).resolve().parent.parent
REPORT = ROOT / "docs" / "mutants.md"
PROFILE = "chat_screen"
REFERENCE = "reference_app.conformance:adapter"
WORKERS = 1 if os.environ.get("PYTEST_XDIST_WORKER") else 2
"""Concurrent suite runs: two, or one per xdist worker (``-n 2`` then gives two)."""
RUN_BOUND = 600
"""Seconds after which a hung suite run is stopped and reported (a guard, not a check)."""
CAUGHT = frozenset({"failed", "error", "timeout"})
"""Verdicts of a scenario that caught the implementation under test."""


@dataclass(frozen=True)
class Scenario:
    """One scenario's outcome in a suite run, from the run's ``report.json``."""

    nodeid: str
    name: str
    clauses: tuple[str, ...]
    verdict: str
    message: str


@dataclass(frozen=True)
class SuiteRun:
    """One subprocess run of the conformance suite.

    Attributes:
        adapter: The ``--adapter`` spec it ran.
        returncode: pytest's exit status; ``None`` if the run was stopped at the bound.
        scenarios: Outcome of each selected scenario.
        output: The end of the run's output, for failure messages.
    """

    adapter: str
    returncode: int | None
    scenarios: tuple[Scenario, ...]
    output: str

    def caught_by(self, clause: str) -> list[Scenario]:
        """Scenarios citing ``clause`` that did not pass."""
        return [s for s in self.scenarios if s.verdict in CAUGHT and clause in s.clauses]

    def verdict(self, nodeid: str) -> str | None:
        """Verdict of the scenario ``nodeid``, ``None`` if it was not run."""
        return next((s.verdict for s in self.scenarios if s.nodeid == nodeid), None)


def run_suite(adapter: str, clauses: tuple[str, ...], report: Path) -> SuiteRun:
    """Run ``pytest features`` against ``adapter``, only scenarios citing ``clauses`` if any.

    The outcomes are read from the run's conformance report (``--conformance-report``,
    written to the directory ``report``), as a user would read them.
    """
    command = [
        sys.executable, "-m", "pytest", "features", "-q", "--tb=no", "--no-header",
        "-p", "no:randomly", "-p", "no:cacheprovider",
        f"--adapter={adapter}", f"--conformance-report={report}",
        *(f"--clause={clause}" for clause in clauses),
    ]  # fmt: skip
    env = {
        k: v for k, v in os.environ.items() if k not in ("PYTEST_ADDOPTS", "PYTEST_XDIST_WORKER")
    }
    try:
        done = subprocess.run(
            command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=RUN_BOUND
        )
    except subprocess.TimeoutExpired as stopped:
        return SuiteRun(adapter, None, (), f"stopped after {RUN_BOUND} s: {stopped.output!r}")
    scenarios: tuple[Scenario, ...] = ()
    if (report / "report.json").is_file():
        document = json.loads((report / "report.json").read_text(encoding="utf-8"))
        scenarios = tuple(from_report(entry) for entry in document["scenarios"])
    return SuiteRun(adapter, done.returncode, scenarios, (done.stdout + done.stderr)[-3000:])


def from_report(entry: dict[str, Any]) -> Scenario:
    """One scenario of ``report.json`` (``steps/report/schema.json``)."""
    return Scenario(
        nodeid=entry["id"],
        name=f"{Path(entry['feature']).name}: {entry['title']}",
        clauses=tuple(entry["clauses"]),
        verdict=entry["outcome"],
        message=(entry["message"] or "").split("\n", 1)[0],
    )


def read_scenarios(records: list[dict[str, Any]]) -> tuple[Scenario, ...]:
    """Scenario outcomes from their JSON records (as :func:`dataclasses.asdict` kept them)."""
    return tuple(Scenario(**{**record, "clauses": tuple(record["clauses"])}) for record in records)


@dataclass
class Runs:
    """Suite runs by key (``reference`` or a mutant name), started in the background.

    Each finished run is also kept as ``<key>.run.json`` in :attr:`directory`; under
    pytest-xdist the directory is shared by the workers, so a run one worker finished
    is not repeated by another.
    """

    directory: Path
    pool: ThreadPoolExecutor
    futures: dict[str, Future[SuiteRun]] = field(default_factory=dict)

    def start(self, key: str) -> None:
        """Start the run ``key`` unless it has been started or kept."""
        if key in self.futures or self.kept(key).is_file():
            return
        if key == "reference":
            adapter, clauses = REFERENCE, ()
        else:
            adapter, clauses = f"tests.candidates.mutants:{key}", (MUTANTS[key].clause,)
        self.futures[key] = self.pool.submit(self.run, key, adapter, clauses)

    def run(self, key: str, adapter: str, clauses: tuple[str, ...]) -> SuiteRun:
        """Run the suite and keep the result (written whole, then renamed into place)."""
        done = run_suite(adapter, clauses, self.directory / f"{key}.{os.getpid()}.report")
        partial = self.directory / f"{key}.{os.getpid()}.partial"
        partial.write_text(json.dumps(asdict(done), ensure_ascii=False), encoding="utf-8")
        partial.replace(self.kept(key))
        return done

    def kept(self, key: str) -> Path:
        """Where the finished run ``key`` is kept."""
        return self.directory / f"{key}.run.json"

    def get(self, key: str) -> SuiteRun:
        """The run ``key``, waiting for it (started now if it was not)."""
        self.start(key)
        if key in self.futures:
            return self.futures[key].result()
        data = json.loads(self.kept(key).read_text(encoding="utf-8"))
        return SuiteRun(**{**data, "scenarios": read_scenarios(data["scenarios"])})


def needed_runs(items: list[pytest.Item]) -> list[str]:
    """Run keys the selected tests of this module need, in the order they will ask."""
    keys = ["reference"]
    for item in items:
        if item.module is not sys.modules[__name__]:
            continue
        callspec = getattr(item, "callspec", None)
        if callspec is not None:
            keys.append(callspec.params["name"])
        elif item.name == test_every_must_clause_is_broken_by_a_caught_mutant.__name__:
            keys += list(MUTANTS)
    return list(dict.fromkeys(keys))


@pytest.fixture(scope="module")
def runs(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Runs]:
    """Suite runs, all those the selected tests need started at once, two at a time."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        directory = tmp_path_factory.getbasetemp().parent / "suite-runs"  # shared by workers
        directory.mkdir(exist_ok=True)
    else:
        directory = tmp_path_factory.mktemp("suite-runs")
    with ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="suite-run") as pool:
        started = Runs(directory, pool)
        if WORKERS > 1:
            for key in needed_runs(request.session.items):
                started.start(key)
        yield started
        for future in started.futures.values():
            future.cancel()


def must_clauses() -> list[Clause]:
    """The MUST clauses of the profile that scenarios check (not left to review)."""
    return [
        clause
        for clause in catalogue(PROFILE).values()
        if clause.level == "MUST" and clause.checked_by == "scenario"
    ]


def listed(scenarios: list[Scenario]) -> str:
    """Scenarios as indented lines with their first failure line, for failure messages."""
    return "".join(f"\n  - {s.name} [{s.verdict}] {s.message[:200]}" for s in scenarios)


# -- tests ----------------------------------------------------------------------------


def test_the_reference_app_passes_every_scenario(runs: Runs) -> None:
    reference = runs.get("reference")
    not_passed = [s for s in reference.scenarios if s.verdict != "passed"]
    assert reference.scenarios, f"the reference run reported no scenario:\n{reference.output}"
    assert not not_passed, f"the reference app does not pass:{listed(not_passed)}"
    assert reference.returncode == 0, f"the reference run ended badly:\n{reference.output}"


@pytest.mark.parametrize("name", list(MUTANTS))
def test_the_suite_catches_the_mutant(name: str, runs: Runs) -> None:
    mutant = MUTANTS[name]
    clause = catalogue(PROFILE).get(mutant.clause)
    assert clause is not None, f"{name} names {mutant.clause!r}, not a clause of {PROFILE}"
    assert clause.checked_by == "scenario", f"{name}: {clause.id} is checked by review only"
    run = runs.get(name)
    assert run.scenarios, f"no scenario cites {clause.id}; output:\n{run.output}"
    caught = run.caught_by(clause.id)
    assert caught, (
        f"mutant {name} ({mutant.defect}) breaks {clause.id}, yet every scenario citing it "
        f"passed: write a better scenario or check, never a weaker mutant.\n{run.output}"
    )
    reference = runs.get("reference")
    unfair = [s for s in caught if reference.verdict(s.nodeid) != "passed"]
    assert not unfair, f"these scenarios do not pass against the reference app:{listed(unfair)}"


def test_every_must_clause_is_broken_by_a_caught_mutant(runs: Runs) -> None:
    results = {name: runs.get(name) for name in MUTANTS}
    REPORT.write_text(render_report(results, runs.get("reference")), encoding="utf-8")
    broken = {m.clause for m in MUTANTS.values() if results[m.name].caught_by(m.clause)}
    unbroken = [clause.id for clause in must_clauses() if clause.id not in broken]
    assert not unbroken, f"MUST clauses that no caught mutant breaks: {unbroken}"


# -- docs/mutants.md ------------------------------------------------------------------


def render_report(results: dict[str, SuiteRun], reference: SuiteRun) -> str:
    """The Markdown page ``docs/mutants.md``: mutant -> clause -> scenarios that caught it."""
    caught = {name: run.caught_by(MUTANTS[name].clause) for name, run in results.items()}
    must = must_clauses()
    lines = [
        "# Mutants: broken implementations the suite must catch",
        "",
        "<!-- Written by tests/test_mutants.py (`pytest tests/test_mutants.py`); "
        "do not edit by hand. -->",
        "",
        "Each mutant (`tests/candidates/mutants.py`) is the reference app with one realistic",
        "defect that breaks the clause it names. The meta-test runs the scenarios citing that",
        "clause against it; the mutant is caught when one of them fails (each of those",
        "scenarios passes against the reference app). Run one yourself with",
        "`pytest features --adapter tests.candidates.mutants:<mutant>`.",
        "",
        f"**{sum(map(bool, caught.values()))} of {len(MUTANTS)} mutants caught; "
        f"{sum(any(m.clause == c.id and caught[m.name] for m in MUTANTS.values()) for c in must)}"
        f" of {len(must)} MUST clauses broken by a caught mutant.** The reference app passes "
        f"{sum(s.verdict == 'passed' for s in reference.scenarios)} of "
        f"{len(reference.scenarios)} scenarios.",
        "",
        "| Mutant | Clause broken | Defect | Scenarios citing the clause that caught it |",
        "|---|---|---|---|",
    ]
    for name, mutant in MUTANTS.items():
        run = results[name]
        found = "<br>".join(_cell(f"{s.name} ({s.verdict})") for s in caught[name])
        summary = f"{len(caught[name])} of {len(run.scenarios)}: {found}" if found else "**none**"
        lines.append(f"| `{name}` | `{mutant.clause}` | {_cell(mutant.defect)} | {summary} |")
    lines += ["", "## Clauses and the mutants that break them", ""]
    lines += ["| Clause | Level | Mutants |", "|---|---|---|"]
    for clause in catalogue(PROFILE).values():
        breakers = [f"`{m.name}`" for m in MUTANTS.values() if m.clause == clause.id]
        lines.append(f"| `{clause.id}` | {clause.level} | {', '.join(breakers) or '**none**'} |")
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    """``text`` safe inside a Markdown table cell."""
    return text.replace("|", "\\|").replace("\n", " ")
