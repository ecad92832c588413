"""Meta-test: the conformance suite catches every mutant of each profile's reference.

Each mutant in ``tests/candidates/mutants.py`` (profile ``chat_screen``) and
``tests/candidates/crs_mutants.py`` (profile ``rawp_crs``) is the profile's reference
implementation with one realistic defect, breaking the clause its docstring names. This
module runs ``pytest features`` in a subprocess, like any user would:

* against the reference implementation, every scenario: all must pass;
* against each mutant, the scenarios citing its clause: at least one must fail (and that
  scenario must pass against the reference app), or the mutant's own test id fails;
* then every MUST clause checked by scenarios must be broken by at least one caught
  mutant, and ``docs/mutants.md`` (``docs/mutants-rawp_crs.md``) is rewritten with what
  caught what.

Runs go two at a time (CI has two cores) in a thread pool, started ahead of the tests
that need them. A mutant that no scenario catches calls for a better scenario, never a
weaker mutant.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import pytest

from steps.clauses import Clause, catalogue
from tests.candidates import crs_mutants, mutants
from tests.candidates.mutants import Mutant

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Suite:
    """The mutants of one profile and what they are checked against.

    Attributes:
        profile: The profile's name.
        module: Dotted name of the module holding the mutants (for ``--adapter``).
        mutants: The mutants by name.
        reference: Adapter spec of the profile's reference implementation.
        report: The Markdown page written with what caught what.
    """

    profile: str
    module: str
    mutants: dict[str, Mutant]
    reference: str
    report: Path


SUITES = {
    "chat_screen": Suite(
        "chat_screen",
        "tests.candidates.mutants",
        mutants.MUTANTS,
        "reference_app.conformance:adapter",
        ROOT / "docs" / "mutants.md",
    ),
    "rawp_crs": Suite(
        "rawp_crs",
        "tests.candidates.crs_mutants",
        crs_mutants.MUTANTS,
        "reference_crs.conformance:adapter",
        ROOT / "docs" / "mutants-rawp_crs.md",
    ),
}
"""Every profile's mutants."""
CASES = [(suite.profile, name) for suite in SUITES.values() for name in suite.mutants]
"""``(profile, mutant name)`` of every mutant."""
WHOLE_MODULE_DIST = frozenset({"loadscope", "loadfile"})
"""pytest-xdist modes that keep this module's tests on one worker (``make test`` uses one)."""


def workers(config: pytest.Config) -> int:
    """Concurrent suite runs: two (CI has two cores), or one per worker when xdist splits us.

    Without xdist, or under an xdist mode that keeps this module on one worker
    (``--dist loadscope``, as ``make test`` runs), the one process runs two suites at a
    time. Under a mode that spreads this module's tests over the workers (``-n 2`` alone),
    each worker runs one, which again gives two.
    """
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return 2
    mode = getattr(config, "workerinput", {}).get("dist_mode")  # from tests/conftest.py
    return 2 if mode in WHOLE_MODULE_DIST else 1


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
        seconds: Wall time of the subprocess (seconds), for the report's cost column.
    """

    adapter: str
    returncode: int | None
    scenarios: tuple[Scenario, ...]
    output: str
    seconds: float = 0.0

    def caught_by(self, clause: str) -> list[Scenario]:
        """Scenarios citing ``clause`` that did not pass."""
        return [s for s in self.scenarios if s.verdict in CAUGHT and clause in s.clauses]

    def verdict(self, nodeid: str) -> str | None:
        """Verdict of the scenario ``nodeid``, ``None`` if it was not run."""
        return next((s.verdict for s in self.scenarios if s.nodeid == nodeid), None)


def run_suite(adapter: str, clauses: tuple[str, ...], report: Path, profile: str) -> SuiteRun:
    """Run ``pytest features/<profile>`` against ``adapter``, only scenarios citing ``clauses``.

    The outcomes are read from the run's conformance report (``--conformance-report``,
    written to the directory ``report``), as a user would read them.
    """
    command = [
        sys.executable, "-m", "pytest", f"features/{profile}", "-q", "--tb=no", "--no-header",
        "-p", "no:randomly", "-p", "no:cacheprovider",
        f"--adapter={adapter}", f"--conformance-report={report}",
        *(f"--clause={clause}" for clause in clauses),
    ]  # fmt: skip
    env = {
        k: v for k, v in os.environ.items() if k not in ("PYTEST_ADDOPTS", "PYTEST_XDIST_WORKER")
    }
    start = time.perf_counter()
    try:
        done = subprocess.run(
            command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=RUN_BOUND
        )
    except subprocess.TimeoutExpired as stopped:
        output = f"stopped after {RUN_BOUND} s: {stopped.output!r}"
        return SuiteRun(adapter, None, (), output, time.perf_counter() - start)
    seconds = time.perf_counter() - start
    scenarios: tuple[Scenario, ...] = ()
    if (report / "report.json").is_file():
        document = json.loads((report / "report.json").read_text(encoding="utf-8"))
        scenarios = tuple(from_report(entry) for entry in document["scenarios"])
    output = (done.stdout + done.stderr)[-3000:]
    return SuiteRun(adapter, done.returncode, scenarios, output, seconds)


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
        """Start the run ``key`` (``<profile>:reference`` or ``<profile>:<mutant>``)."""
        if key in self.futures or self.kept(key).is_file():
            return
        profile, _, name = key.partition(":")
        suite = SUITES[profile]
        if name == "reference":
            adapter, clauses = suite.reference, ()
        else:
            adapter, clauses = f"{suite.module}:{name}", (suite.mutants[name].clause,)
        self.futures[key] = self.pool.submit(self.run, key, adapter, clauses, profile)

    def run(self, key: str, adapter: str, clauses: tuple[str, ...], profile: str) -> SuiteRun:
        """Run the suite and keep the result (written whole, then renamed into place)."""
        stem = f"{key.replace(':', '.')}.{os.getpid()}"
        done = run_suite(adapter, clauses, self.directory / f"{stem}.report", profile)
        partial = self.directory / f"{stem}.partial"
        partial.write_text(json.dumps(asdict(done), ensure_ascii=False), encoding="utf-8")
        partial.replace(self.kept(key))
        return done

    def kept(self, key: str) -> Path:
        """Where the finished run ``key`` is kept."""
        return self.directory / f"{key.replace(':', '.')}.run.json"

    def get(self, key: str) -> SuiteRun:
        """The run ``key``, waiting for it (started now if it was not)."""
        self.start(key)
        if key in self.futures:
            return self.futures[key].result()
        data = json.loads(self.kept(key).read_text(encoding="utf-8"))
        return SuiteRun(**{**data, "scenarios": read_scenarios(data["scenarios"])})


def needed_runs(items: list[pytest.Item]) -> list[str]:
    """Run keys the selected tests of this module need, in the order they will ask."""
    keys = [f"{profile}:reference" for profile in SUITES]
    for item in items:
        if item.module is not sys.modules[__name__]:
            continue
        params = getattr(getattr(item, "callspec", None), "params", {})
        if "name" in params:
            keys.append(f"{params['profile']}:{params['name']}")
        elif item.originalname == test_every_must_clause_is_broken_by_a_caught_mutant.__name__:
            keys += [f"{params['profile']}:{name}" for name in SUITES[params["profile"]].mutants]
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
    concurrent = workers(request.config)
    with ThreadPoolExecutor(max_workers=concurrent, thread_name_prefix="suite-run") as pool:
        started = Runs(directory, pool)
        if concurrent > 1:
            for key in needed_runs(request.session.items):
                started.start(key)
        yield started
        for future in started.futures.values():
            future.cancel()


def must_clauses(profile: str) -> list[Clause]:
    """The active MUST clauses of ``profile`` that scenarios check (not review, not planned)."""
    return [
        clause
        for clause in catalogue(profile).values()
        if clause.level == "MUST" and clause.checked_by == "scenario" and clause.status == "active"
    ]


def listed(scenarios: list[Scenario]) -> str:
    """Scenarios as indented lines with their first failure line, for failure messages."""
    return "".join(f"\n  - {s.name} [{s.verdict}] {s.message[:200]}" for s in scenarios)


# -- tests ----------------------------------------------------------------------------


@pytest.mark.parametrize("profile", list(SUITES))
def test_the_reference_implementation_passes_every_scenario(profile: str, runs: Runs) -> None:
    reference = runs.get(f"{profile}:reference")
    not_passed = [s for s in reference.scenarios if s.verdict != "passed"]
    assert reference.scenarios, f"the reference run reported no scenario:\n{reference.output}"
    assert not not_passed, f"the reference app does not pass:{listed(not_passed)}"
    assert reference.returncode == 0, f"the reference run ended badly:\n{reference.output}"


@pytest.mark.parametrize(("profile", "name"), CASES)
def test_the_suite_catches_the_mutant(profile: str, name: str, runs: Runs) -> None:
    mutant = SUITES[profile].mutants[name]
    clause = catalogue(profile).get(mutant.clause)
    assert clause is not None, f"{name} names {mutant.clause!r}, not a clause of {profile}"
    assert clause.checked_by == "scenario", f"{name}: {clause.id} is checked by review only"
    run = runs.get(f"{profile}:{name}")
    assert run.scenarios, f"no scenario cites {clause.id}; output:\n{run.output}"
    caught = run.caught_by(clause.id)
    assert caught, (
        f"mutant {name} ({mutant.defect}) breaks {clause.id}, yet every scenario citing it "
        f"passed: write a better scenario or check, never a weaker mutant.\n{run.output}"
    )
    reference = runs.get(f"{profile}:reference")
    unfair = [s for s in caught if reference.verdict(s.nodeid) != "passed"]
    assert not unfair, f"these scenarios do not pass against the reference app:{listed(unfair)}"


@pytest.mark.parametrize("profile", list(SUITES))
def test_every_must_clause_is_broken_by_a_caught_mutant(profile: str, runs: Runs) -> None:
    suite = SUITES[profile]
    results = {name: runs.get(f"{profile}:{name}") for name in suite.mutants}
    reference = runs.get(f"{profile}:reference")
    suite.report.write_text(render_report(suite, results, reference), encoding="utf-8")
    broken = {m.clause for m in suite.mutants.values() if results[m.name].caught_by(m.clause)}
    unbroken = [clause.id for clause in must_clauses(profile) if clause.id not in broken]
    assert not unbroken, f"MUST clauses of {profile} that no caught mutant breaks: {unbroken}"


# -- docs/mutants.md ------------------------------------------------------------------


def render_report(suite: Suite, results: dict[str, SuiteRun], reference: SuiteRun) -> str:
    """The Markdown page of ``suite``: mutant -> clause -> scenarios that caught it."""
    MUTANTS = suite.mutants
    caught = {name: run.caught_by(MUTANTS[name].clause) for name, run in results.items()}
    must = must_clauses(suite.profile)
    source = suite.module.replace(".", "/") + ".py"
    lines = [
        f"# Mutants of profile {suite.profile}: broken implementations the suite must catch",
        "",
        "<!-- Written by tests/test_mutants.py (`pytest tests/test_mutants.py`); "
        "do not edit by hand. -->",
        "",
        f"Each mutant (`{source}`) is the profile's reference implementation with one",
        "realistic defect that breaks the clause it names. The meta-test runs the scenarios",
        "citing that clause against it; the mutant is caught when one of them fails (each of",
        "those scenarios passes against the reference). Run one yourself with",
        f"`pytest features --adapter {suite.module}:<mutant>`.",
        "",
        f"**{sum(map(bool, caught.values()))} of {len(MUTANTS)} mutants caught; "
        f"{sum(any(m.clause == c.id and caught[m.name] for m in MUTANTS.values()) for c in must)}"
        f" of {len(must)} MUST clauses broken by a caught mutant.** The reference app passes "
        f"{sum(s.verdict == 'passed' for s in reference.scenarios)} of "
        f"{len(reference.scenarios)} scenarios.",
        "",
        f"Each mutant's suite run is a subprocess of its own; they took "
        f"{sum(run.seconds for run in results.values()):.0f} s together (the reference's "
        f"{reference.seconds:.0f} s), at most two at a time. The slowest: "
        + ", ".join(
            f"`{name}` {run.seconds:.1f} s"
            for name, run in sorted(results.items(), key=lambda item: -item[1].seconds)[:5]
        )
        + ".",
        "",
        "| Mutant | Clause broken | Defect | Scenarios citing the clause that caught it "
        "| Run (s) |",
        "|---|---|---|---|---|",
    ]
    for name, mutant in MUTANTS.items():
        run = results[name]
        found = "<br>".join(_cell(f"{s.name} ({s.verdict})") for s in caught[name])
        summary = f"{len(caught[name])} of {len(run.scenarios)}: {found}" if found else "**none**"
        lines.append(
            f"| `{name}` | `{mutant.clause}` | {_cell(mutant.defect)} | {summary} "
            f"| {run.seconds:.1f} |"
        )
    lines += ["", "## Clauses and the mutants that break them", ""]
    lines += ["| Clause | Level | Mutants |", "|---|---|---|"]
    for clause in catalogue(suite.profile).values():
        if clause.status == "planned":
            continue
        breakers = [f"`{m.name}`" for m in MUTANTS.values() if m.clause == clause.id]
        lines.append(f"| `{clause.id}` | {clause.level} | {', '.join(breakers) or '**none**'} |")
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    """``text`` safe inside a Markdown table cell."""
    return text.replace("|", "\\|").replace("\n", " ")
