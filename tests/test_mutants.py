"""Meta-test: the conformance suite catches every mutant of each profile's reference.

Each mutant in ``tests/candidates/mutants/`` (profile ``chat_screen``) and
``tests/candidates/crs_mutants/`` (profile ``rawp_crs``) is the profile's reference
implementation with one realistic defect, breaking the clause its docstring names. This
module runs ``pytest features`` with the arguments any user would type, each run in a
process of its own forked from a warm server (``tests/forkserver.py``: pytest's start-up
paid once per profile, not once per run):

* against each mutant, the scenarios citing its clause, stopping at the first that fails
  (``--maxfail=1``: one catching scenario is the proof): one must fail, or the mutant's
  own test id fails. The scenario that caught it in the last recorded run goes first
  (``reports/mutants/mutants*.json`` of the last local run, else the checked-in
  ``docs/mutants*.json``; ``tests/catch_first.py``), the
  others follow in file order: scheduling only, every scenario citing the clause still
  runs until one fails;
* against the reference implementation, once per profile, exactly the scenarios that
  caught a mutant (their union): each must pass, or the catch is not fair;
* then every MUST clause checked by scenarios must be broken by at least one caught
  mutant, and ``mutants.md`` (``mutants-rawp_crs.md``) is written with what caught what:
  to the ignored ``reports/mutants/``, or to ``docs/`` under ``make mutants-doc``.

That the reference passes *every* scenario is proven by ``pytest features`` itself
(``make test`` and ``make conformance`` run it); this module proves, on its own, that
each scenario it counts as a catch passes on the reference, or, when this same session
runs that scenario on the reference anyway (``make test``: ``features/`` and ``tests/`` in
one session), leaves it to that run instead of running it twice. Left to the session, the
proof holds because the session fails if such a scenario does not pass there: the tests
that relied on it name it (user property ``fairness_left_to_session``), and
``tests/session_proof.py`` (registered by ``tests/conftest.py`` where results are
gathered, the xdist controller included) fails the session at its end unless each named
scenario's call passed, with no failed phase: a skip, an expected failure, an
expectations file or ``--fail-on`` cannot hide it. It is left to the session only when
the session's item is the same experiment: same rootdir and node id, the profile's
reference adapter, no ``--clause``, no command-line setting that changes how a scenario
runs (``session_proof.run_on_the_reference``). Run alone (``pytest tests/test_mutants.py``),
or with the features deselected, this module runs the catching scenarios itself.

The suite runs ask for ``report.json`` alone (``--conformance-report-format=json``, the
schema check included): the Markdown and HTML pages are not read here.

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
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import pytest

from steps.clauses import Clause, catalogue
from tests.candidates import crs_mutants, mutants
from tests.candidates.mutants import Mutant
from tests.candidates.variants import VARIANTS
from tests.forkserver import ForkServers
from tests.session_proof import PROPERTY, run_on_the_reference

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
"""Where ``make mutants-doc`` writes the catalogue pages (checked in)."""
LOCAL = ROOT / "reports" / "mutants"
"""Where every other run writes them (ignored by git)."""
WRITE_DOCS = "CHAT_CONFORMANCE_MUTANT_DOCS"
"""Environment variable: ``1`` writes the pages to :data:`DOCS` (``make mutants-doc``)."""


@dataclass(frozen=True)
class Suite:
    """The mutants of one profile and what they are checked against.

    Attributes:
        profile: The profile's name.
        module: Dotted name of the module holding the mutants (for ``--adapter``).
        mutants: The mutants by name.
        reference: Adapter spec of the profile's reference implementation.
        page: The Markdown page written with what caught what: a file name (in
            :data:`DOCS` or :data:`LOCAL`), or an absolute path (a test's own).
    """

    profile: str
    module: str
    mutants: dict[str, Mutant]
    reference: str
    page: str | Path

    @property
    def report(self) -> Path:
        """Where this run writes the page: ``docs/`` under ``make mutants-doc``, else the
        ignored ``reports/mutants/`` (a plain test run leaves the tree as it found it)."""
        folder = DOCS if os.environ.get(WRITE_DOCS) == "1" else LOCAL
        return folder / self.page

    @property
    def catches(self) -> Path:
        """The JSON beside :attr:`report`: each mutant's catching scenario, by node id."""
        return self.report.with_suffix(".json")

    def last_catches(self) -> dict[str, str]:
        """Mutant name -> node id of the scenario that caught it in the last recorded run.

        Read from :attr:`catches` (written with the report); ``{}`` when it is missing or
        not of that shape. Used only to run that scenario first (``tests/catch_first.py``).
        """
        local = (LOCAL / self.page).with_suffix(".json")
        recorded = local if local.is_file() else (DOCS / self.page).with_suffix(".json")
        try:
            data = json.loads(recorded.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        found = data.get("first_catch") if isinstance(data, dict) else None
        return {str(k): str(v) for k, v in found.items()} if isinstance(found, dict) else {}


SUITES = {
    "chat_screen": Suite(
        "chat_screen",
        "tests.candidates.mutants",
        mutants.MUTANTS,
        "reference_app.conformance:adapter",
        "mutants.md",
    ),
    "rawp_crs": Suite(
        "rawp_crs",
        "tests.candidates.crs_mutants",
        crs_mutants.MUTANTS,
        "reference_crs.conformance:adapter",
        "mutants-rawp_crs.md",
    ),
}
"""Every profile's mutants."""
CASES = [(suite.profile, name) for suite in SUITES.values() for name in suite.mutants]
"""``(profile, mutant name)`` of every mutant."""
WHOLE_MODULE_DIST = frozenset({"loadscope", "loadfile"})
"""pytest-xdist modes that keep this module's tests on one worker (``make test`` uses
``loadscope``, scheduled by ``tests/conftest.py``: a module of ``tests/`` stays whole)."""


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
VARIANT_SCENARIO_BOUND = 300
"""Seconds each scenario of a correct variant's run may take (``--scenario-timeout``).

A correct variant is judged on its verdicts, and none may be a TIMEOUT. Its run goes two
at a time in one worker beside the other worker's tests: on a loaded machine a scenario
that takes 1.6 s alone (lazy loading's "Once everything is loaded the trigger is gone" on
``framed_system_lines``) once outlasted the default 10 s. The bound stays a guard against
a hang, the one the other correct clients' whole runs have (``tests/test_crs_alt_conformance.py``;
tagged heavy scenarios scale with it, ``steps/watchdog.py``), within :data:`RUN_BOUND`."""
CAUGHT = frozenset({"failed", "error", "timeout"})
"""Verdicts of a scenario that caught the implementation under test."""
SESSION = "left to this session"
"""Reference verdict of a catching scenario this session itself runs on the reference: its
pass there is checked at the session's end (``tests/session_proof.py``), not run again."""
FAIR = frozenset({"passed", SESSION})
"""Reference verdicts that make a catch fair (:data:`SESSION`: proven by the session)."""


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


def run_suite(
    adapter: str,
    clauses: tuple[str, ...],
    report: Path,
    profile: str,
    *,
    first_catch: bool = False,
    first: tuple[str, ...] = (),
    nodeids: tuple[str, ...] = (),
    pycache: Path | None = None,
    servers: ForkServers | None = None,
    extra: tuple[str, ...] = (),
) -> SuiteRun:
    """Run ``pytest features/<profile>`` against ``adapter``, only scenarios citing ``clauses``.

    Args:
        adapter: The ``--adapter`` spec.
        clauses: Clause ids (``--clause``); empty selects every scenario.
        report: Directory of the run's conformance report.
        profile: The profile whose features run.
        first_catch: Stop at the first scenario that does not pass (``--maxfail=1``).
        first: Node ids of scenarios to run before the others (``tests/catch_first.py``,
            loaded for every run that stops at its first catch: short scenarios before
            long ones; scheduling only, nothing is deselected).
        nodeids: Run just these scenarios (pytest node ids), in this order, instead of the
            profile's folder.
        pycache: A folder where the run may keep compiled modules (``PYTHONPYCACHEPREFIX``)
            for the next runs, even when ``PYTHONDONTWRITEBYTECODE`` is set: the source
            tree gets no ``__pycache__``, and a run skips compiling and assertion-rewriting
            the harness, the apps and the catalogues again (about 0.6 s of CPU of ~2.5 s).
        servers: Warm fork servers (``tests/forkserver.py``) to run pytest in, with the
            same arguments, instead of a new ``python -m pytest`` process: a run then
            skips pytest's start-up (about 2.2 s of CPU), not a scenario or a check.
        extra: More pytest arguments (``-m "must or should"`` for a correct variant).

    The outcomes are read from the run's conformance report (``--conformance-report``,
    written to the directory ``report``), as a user would read them.
    """
    command = [
        sys.executable, "-m", "pytest", *(nodeids or [f"features/{profile}"]),
        "-q", "--tb=no", "--no-header", "-p", "no:randomly", "-p", "no:cacheprovider",
        f"--adapter={adapter}", f"--conformance-report={report}",
        "--conformance-report-format=json",
        "--explore-shrink=0",  # the verdict and its clause are read, not the reproducer
        *(f"--clause={clause}" for clause in clauses),
        *(["--maxfail=1"] if first_catch else []),
        *(["-p", "tests.catch_first"] if first or first_catch else []),
        *(f"--catch-first={n}" for n in first),
        *extra,
    ]  # fmt: skip
    start = time.perf_counter()
    if servers is not None:
        report.parent.mkdir(parents=True, exist_ok=True)
        log = report.with_name(report.name + ".log")
        returncode = servers.run(profile, command[3:], log, RUN_BOUND)
        output = log.read_text(encoding="utf-8", errors="replace")[-3000:]
        if returncode is None:
            output = f"stopped after {RUN_BOUND} s: {output!r}"
    else:
        try:
            done = subprocess.run(
                command, cwd=ROOT, env=suite_env(pycache), capture_output=True, text=True,
                timeout=RUN_BOUND,
            )  # fmt: skip
        except subprocess.TimeoutExpired as stopped:
            output = f"stopped after {RUN_BOUND} s: {stopped.output!r}"
            return SuiteRun(adapter, None, (), output, time.perf_counter() - start)
        returncode, output = done.returncode, (done.stdout + done.stderr)[-3000:]
    seconds = time.perf_counter() - start
    if returncode is None:
        return SuiteRun(adapter, None, (), output, seconds)
    scenarios: tuple[Scenario, ...] = ()
    if (report / "report.json").is_file():
        document = json.loads((report / "report.json").read_text(encoding="utf-8"))
        scenarios = tuple(from_report(entry) for entry in document["scenarios"])
    return SuiteRun(adapter, returncode, scenarios, output, seconds)


def suite_env(pycache: Path | None) -> dict[str, str]:
    """The environment of a suite run: ours, without pytest's and xdist's settings.

    ``pycache``: :func:`run_suite`'s.
    """
    env = {
        k: v for k, v in os.environ.items() if k not in ("PYTEST_ADDOPTS", "PYTEST_XDIST_WORKER")
    }
    if pycache is not None and "PYTHONPYCACHEPREFIX" not in env:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(pycache)
    return env


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
    """Suite runs by key (``<profile>:<mutant>``), started in the background.

    Each finished run is also kept as ``<key>.run.json`` in :attr:`directory`; under
    pytest-xdist the directory is shared by the workers, so a run one worker finished
    is not repeated by another.

    Attributes:
        directory: Where finished runs are kept.
        pool: The thread pool the mutant runs go through.
        concurrent: How many runs go at a time (the pool's size).
        selected: The mutant run keys of each profile the selected tests need, when they
            were all started at once (empty when each test starts its own).
        futures: Runs started by this process.
        reference: Each profile's reference verdict per scenario node id, for the scenarios
            that caught a mutant (:meth:`reference_verdicts`).
        reference_runs: The reference runs behind :attr:`reference`, by profile.
        servers: The warm fork servers the runs go through (``None``: a subprocess each).
        session: Per profile, the node ids this pytest session itself runs on the
            profile's reference (``session_proof.run_on_the_reference``): their fairness
            is left to that run (verdict :data:`SESSION`), not run again.
    """

    directory: Path
    pool: ThreadPoolExecutor
    concurrent: int = 1
    selected: dict[str, list[str]] = field(default_factory=dict)
    futures: dict[str, Future[SuiteRun]] = field(default_factory=dict)
    reference: dict[str, dict[str, str]] = field(default_factory=dict)
    reference_runs: dict[str, list[SuiteRun]] = field(default_factory=dict)
    servers: ForkServers | None = None
    session: dict[str, frozenset[str]] = field(default_factory=dict)

    def start(self, key: str) -> None:
        """Start the run ``key`` (``<profile>:<mutant>``): its clause's scenarios, first catch.

        ``variant:<name>``: the MUST and SHOULD scenarios of the features a correct variant
        names, every one run (:func:`variant_run`).
        """
        if key in self.futures or self.kept(key).is_file():
            return
        if key.startswith(VARIANT):
            self.futures[key] = self.pool.submit(self.variant_run, key)
            return
        profile, _, name = key.partition(":")
        suite = SUITES[profile]
        adapter, clauses = f"{suite.module}:{name}", (suite.mutants[name].clause,)
        first = tuple(filter(None, [suite.last_catches().get(name)]))
        self.futures[key] = self.pool.submit(self.run, key, adapter, clauses, profile, first)

    def run(
        self, key: str, adapter: str, clauses: tuple[str, ...], profile: str, first: tuple[str, ...]
    ) -> SuiteRun:
        """Run the suite and keep the result (written whole, then renamed into place).

        ``first``: the scenario that caught the mutant last time, run before the others.
        """
        stem = f"{key.replace(':', '.')}.{os.getpid()}"
        report = self.directory / f"{stem}.report"
        done = run_suite(
            adapter, clauses, report, profile, first_catch=True, first=first,
            pycache=self.pycache, servers=self.servers,
        )  # fmt: skip
        partial = self.directory / f"{stem}.partial"
        partial.write_text(json.dumps(asdict(done), ensure_ascii=False), encoding="utf-8")
        partial.replace(self.kept(key))
        return done

    def variant_run(self, key: str) -> SuiteRun:
        """Run the correct variant ``key``'s features, MUST and SHOULD scenarios, and keep it."""
        variant = VARIANTS[key.removeprefix(VARIANT)]
        stem = f"{key.replace(':', '.')}.{os.getpid()}"
        done = run_suite(
            f"tests.candidates.variants:{variant.name}", (), self.directory / f"{stem}.report",
            variant.profile, pycache=self.pycache, servers=self.servers,
            nodeids=tuple(f"features/{variant.profile}/{f}.feature" for f in variant.features),
            extra=("-m", "must or should", f"--scenario-timeout={VARIANT_SCENARIO_BOUND}"),
        )  # fmt: skip
        partial = self.directory / f"{stem}.partial"
        partial.write_text(json.dumps(asdict(done), ensure_ascii=False), encoding="utf-8")
        partial.replace(self.kept(key))
        return done

    @property
    def pycache(self) -> Path:
        """Compiled modules the suite runs share (:func:`run_suite`'s ``pycache``)."""
        return self.directory / "pycache"

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

    def caught(self, key: str) -> list[Scenario]:
        """The scenarios that caught the mutant ``key`` (waiting for its run)."""
        profile, _, name = key.partition(":")
        return self.get(key).caught_by(SUITES[profile].mutants[name].clause)

    def reference_verdicts(self, key: str) -> dict[str, str | None]:
        """The reference's verdict on each scenario that caught the mutant ``key``.

        The first call for a profile runs, against the reference, the union of the
        scenarios that caught any selected mutant of that profile (waiting for their
        runs), split over :attr:`concurrent` subprocesses; later calls reuse those
        verdicts and run only scenarios not run yet. A scenario this session runs on the
        reference anyway (:attr:`session`) is not run: its verdict is :data:`SESSION`.
        ``None``: the scenario was asked for and the reference run did not report it.
        """
        profile = key.partition(":")[0]
        peers = self.selected.get(profile, [])
        known = self.reference.setdefault(profile, {})
        wanted = [
            s.nodeid for peer in (peers if key in peers else [key]) for s in self.caught(peer)
        ]
        missing = [nodeid for nodeid in dict.fromkeys(wanted) if nodeid not in known]
        session = self.session.get(profile, frozenset())
        known.update(dict.fromkeys((nodeid for nodeid in missing if nodeid in session), SESSION))
        missing = [nodeid for nodeid in missing if nodeid not in session]
        if missing:
            self.run_reference(profile, missing)
        return {s.nodeid: known.get(s.nodeid) for s in self.caught(key)}

    def run_reference(self, profile: str, nodeids: list[str]) -> None:
        """Run ``nodeids`` on ``profile``'s reference in parallel chunks; keep the verdicts."""
        chunks = max(1, min(self.concurrent, len(nodeids) // REFERENCE_CHUNK))
        parts = [tuple(nodeids[start::chunks]) for start in range(chunks)]
        directory = self.directory / f"{profile}.reference.{os.getpid()}.{time.monotonic_ns()}"
        adapter = SUITES[profile].reference
        with ThreadPoolExecutor(max_workers=chunks, thread_name_prefix="reference-run") as pool:
            done = list(
                pool.map(
                    lambda each: run_suite(
                        adapter,
                        (),
                        directory / str(each[0]),
                        profile,
                        nodeids=each[1],
                        pycache=self.pycache,
                        servers=self.servers,
                    ),
                    enumerate(parts),
                )
            )
        known = self.reference.setdefault(profile, {})
        known.update(dict.fromkeys(nodeids, "not reported"))
        for run in done:
            known.update({s.nodeid: s.verdict for s in run.scenarios})
        self.reference_runs.setdefault(profile, []).extend(done)


VARIANT = "variant:"
"""Prefix of a correct variant's run key (``variant:<name>``)."""
REFERENCE_CHUNK = 20
"""Scenarios per reference subprocess at least (each pays pytest's start-up)."""


def needed_runs(items: list[pytest.Item]) -> list[str]:
    """Run keys the selected tests of this module need, in the order they will ask."""
    keys: list[str] = []
    for item in items:
        if item.module is not sys.modules[__name__]:
            continue
        params = getattr(getattr(item, "callspec", None), "params", {})
        if "variant" in params:
            keys.append(f"{VARIANT}{params['variant']}")
        elif "name" in params:
            keys.append(f"{params['profile']}:{params['name']}")
        elif "profile" in params:
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
    warmups = {suite.profile: (suite.reference, suite.module) for suite in SUITES.values()}
    servers = ForkServers(directory, suite_env(directory / "pycache"), warmups, RUN_BOUND)
    request.addfinalizer(servers.close)
    session = {
        suite.profile: run_on_the_reference(
            request.config, request.session.items, suite.profile, suite.reference
        )
        for suite in SUITES.values()
    }
    with ThreadPoolExecutor(max_workers=concurrent, thread_name_prefix="suite-run") as pool:
        started = Runs(directory, pool, concurrent, servers=servers, session=session)
        if concurrent > 1:
            for key in needed_runs(request.session.items):
                started.start(key)
                started.selected.setdefault(key.partition(":")[0], []).append(key)
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


def leave_to_session(
    record_property: Callable[[str, object], None], reference: dict[str, str | None]
) -> list[str]:
    """Record the catching scenarios whose fairness is left to this session; their node ids.

    The user property :data:`tests.session_proof.PROPERTY` on this test's report is what
    makes the session fail at its end if one of them did not pass on the reference.
    """
    left = sorted(nodeid for nodeid, verdict in reference.items() if verdict == SESSION)
    if left:
        record_property(PROPERTY, left)
    return left


@pytest.mark.parametrize(("profile", "name"), CASES)
def test_the_suite_catches_the_mutant(
    profile: str, name: str, runs: Runs, record_property: Callable[[str, object], None]
) -> None:
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
    reference = runs.reference_verdicts(f"{profile}:{name}")
    leave_to_session(record_property, reference)
    unfair = [s for s in caught if reference[s.nodeid] not in FAIR]
    assert not unfair, (
        f"these scenarios do not pass against the reference app:{listed(unfair)}"
        f"\nreference verdicts: {[reference[s.nodeid] for s in unfair]}"
    )


@pytest.mark.parametrize("profile", list(SUITES))
def test_every_scenario_that_caught_a_mutant_passes_on_the_reference(
    profile: str, runs: Runs, record_property: Callable[[str, object], None]
) -> None:
    """The union of the catching scenarios, run once on the reference: all pass, cleanly.

    Those this session runs on the reference anyway are not run again: they are recorded
    as proven by this session's features run (``fairness_left_to_session``; the session
    fails at its end if one did not pass there, ``tests/session_proof.py``).
    """
    suite = SUITES[profile]
    verdicts: dict[str, str | None] = {}
    for name in suite.mutants:
        verdicts |= runs.reference_verdicts(f"{profile}:{name}")
    assert verdicts, f"no scenario caught a mutant of {profile}"
    left = leave_to_session(record_property, verdicts)
    record_property(
        "fairness",
        f"{len(verdicts) - len(left)} catching scenarios run here on the reference; {len(left)} "
        f"proven by this session's features run of {len(runs.session.get(profile, ()))} "
        "scenarios on the reference",
    )
    not_passed = {nodeid: verdict for nodeid, verdict in verdicts.items() if verdict not in FAIR}
    assert not not_passed, f"these scenarios do not pass against the reference: {not_passed}"
    for run in runs.reference_runs.get(profile, []):
        assert run.returncode == 0, f"the reference run ended badly:\n{run.output}"


@pytest.mark.parametrize("profile", list(SUITES))
def test_every_must_clause_is_broken_by_a_caught_mutant(profile: str, runs: Runs) -> None:
    suite = SUITES[profile]
    results = {name: runs.get(f"{profile}:{name}") for name in suite.mutants}
    for name in suite.mutants:
        runs.reference_verdicts(f"{profile}:{name}")
    reference = Reference(
        runs.reference[profile],
        runs.reference_runs.get(profile, []),
        len(runs.session.get(profile, ())),
    )
    suite.report.parent.mkdir(parents=True, exist_ok=True)
    suite.report.write_text(render_report(suite, results, reference), encoding="utf-8")
    suite.catches.write_text(render_catches(suite, results), encoding="utf-8")
    broken = {m.clause for m in suite.mutants.values() if results[m.name].caught_by(m.clause)}
    unbroken = [clause.id for clause in must_clauses(profile) if clause.id not in broken]
    assert not unbroken, f"MUST clauses of {profile} that no caught mutant breaks: {unbroken}"


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_suite_passes_the_correct_variant(variant: str, runs: Runs) -> None:
    """A correct variant (``tests/candidates/variants``) passes every MUST and SHOULD scenario
    of the features its change can reach, with no error: the mirror of the mutants."""
    entry = VARIANTS[variant]
    run = runs.get(f"{VARIANT}{variant}")
    assert run.scenarios, f"no scenario ran for {variant}; output:\n{run.output}"
    wrong = [s for s in run.scenarios if s.verdict not in ("passed", "skipped")]
    assert not wrong, (
        f"{variant} ({entry.change}) is allowed by {entry.allowed_by}, yet the suite gave "
        f"false verdicts:{listed(wrong)}"
    )
    assert any(s.verdict == "passed" for s in run.scenarios), listed(list(run.scenarios))
    assert run.returncode == 0, run.output


# -- docs/mutants.md ------------------------------------------------------------------


@dataclass(frozen=True)
class Reference:
    """The reference's verdicts on the catching scenarios, and the runs that gave them."""

    verdicts: dict[str, str]
    runs: list[SuiteRun]
    session: int = 0
    """Scenarios of the profile this session runs on the reference (see :data:`SESSION`)."""


def render_report(suite: Suite, results: dict[str, SuiteRun], reference: Reference) -> str:
    """The Markdown page of ``suite``: mutant -> clause -> the scenario that caught it."""
    MUTANTS = suite.mutants
    caught = {name: run.caught_by(MUTANTS[name].clause) for name, run in results.items()}
    must = must_clauses(suite.profile)
    source = suite.module.replace(".", "/") + "/"
    lines = [
        f"# Mutants of profile {suite.profile}: broken implementations the suite must catch",
        "",
        "<!-- Written by tests/test_mutants.py (`pytest tests/test_mutants.py`); "
        "do not edit by hand. -->",
        "",
        f"Each mutant (`{source}`, one module per spec area) is the profile's reference",
        "implementation with one",
        "realistic defect that breaks the clause it names. The meta-test runs the scenarios",
        "citing that clause against it, the one that caught it last time first (this page's",
        f"JSON twin beside it, `{suite.catches.name}`), then the others in file order, and",
        "stops at the first that fails",
        "(`--maxfail=1`): the mutant is caught by that scenario. Other scenarios citing the",
        "clause may catch it too; they are not run. Then the scenarios that caught a mutant",
        "are run once against the reference, and each must pass. Run one mutant yourself",
        f"with `pytest features --adapter {suite.module}:<mutant>`.",
        "",
        f"**{sum(map(bool, caught.values()))} of {len(MUTANTS)} mutants caught; "
        f"{sum(any(m.clause == c.id and caught[m.name] for m in MUTANTS.values()) for c in must)}"
        f" of {len(must)} MUST clauses broken by a caught mutant.** {fairness(reference)}",
        "",
        "Each mutant's suite run is a process of its own (forked from a warm server, "
        f"`tests/forkserver.py`); they took "
        f"{sum(run.seconds for run in results.values()):.0f} s together"
        + (
            f" (the reference's run of the catching scenarios "
            f"{sum(run.seconds for run in reference.runs):.0f} s)"
            if reference.runs
            else ""
        )
        + ", at most two at a time. The slowest: "
        + ", ".join(
            f"`{name}` {run.seconds:.1f} s"
            for name, run in sorted(results.items(), key=lambda item: -item[1].seconds)[:5]
        )
        + ".",
        "",
        "| Mutant | Clause broken | Defect | Scenario that caught it (scenarios run until "
        "then) | Run (s) |",
        "|---|---|---|---|---|",
    ]
    for name, mutant in MUTANTS.items():
        run = results[name]
        found = "<br>".join(_cell(f"{s.name} ({s.verdict})") for s in caught[name])
        summary = f"{found} ({len(run.scenarios)} run)" if found else "**none**"
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


def fairness(reference: Reference) -> str:
    """How the page says the reference passes the scenarios that caught a mutant.

    Those run here (when the session has no features run to rely on) and those left to this
    session's features run (``tests/session_proof.py``), whichever there are.
    """
    fair = sum(verdict == "passed" for verdict in reference.verdicts.values())
    left = sum(verdict == SESSION for verdict in reference.verdicts.values())
    here = len(reference.verdicts) - left
    shows = "That it passes every scenario, `pytest features` shows."
    proof = (
        f"this session's features run of {reference.session} scenarios on the reference (the "
        "session fails unless each of them passed there: `tests/session_proof.py`)"
    )
    if here and left:
        return (
            f"The reference app passes {fair} of the {here} scenarios that caught a mutant run "
            f"here; the other {left} are proven by {proof}. {shows}"
        )
    if left:
        return f"The {left} scenarios that caught a mutant are proven by {proof}. {shows}"
    return f"The reference app passes {fair} of the {here} scenarios that caught a mutant. {shows}"


def render_catches(suite: Suite, results: dict[str, SuiteRun]) -> str:
    """The JSON of ``suite``'s catches: ``{"profile", "first_catch": {mutant: node id}}``.

    Only mutants that were caught are listed; the next run runs that scenario first.
    """
    first_catch = {
        name: caught[0].nodeid
        for name, run in results.items()
        if (caught := run.caught_by(suite.mutants[name].clause))
    }
    document = {"profile": suite.profile, "first_catch": first_catch}
    return json.dumps(document, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def _cell(text: str) -> str:
    """``text`` safe inside a Markdown table cell."""
    return text.replace("|", "\\|").replace("\n", " ")
