"""On the controller: from every phase's test report to the data of the conformance report.

**Outcome of a scenario**, from the verdicts of its phases (:mod:`steps.verdicts`): a
setup phase that did not pass gives the outcome (``skipped`` for a profile the adapter
does not claim, ``error`` for a broken fixture); otherwise the call phase does. A failing
teardown (the app raised while it was being stopped) turns a passing call into that
teardown's verdict (``error`` or ``timeout``) and adds its message to a failing one.

**Clause a failure names.** A check fails with ``[<clause-id>] where: expected ...; seen
...`` (:func:`steps.checks.violation`), and a scenario stops at its first failing step.
So a ``failed`` or ``xfailed`` scenario *names* the clause its failure message starts
with, when that is a catalogued clause; a failure that names none (an assertion of the
harness itself, an unknown id) names no clause. ``error`` and ``timeout`` name none.

**What a scenario says about a clause** (its *result* for the clause): its outcome, except
that a ``failed`` or ``xfailed`` scenario that names *another* clause says
``not-reached``: it stopped before checking this one. A scenario that does not cite a
clause but whose failure names it counts for that clause too (a step it shares checks
it), with its outcome.

**Verdict of a clause**, from the results of the scenarios of this run that cite it or
whose failure names it, first rule that applies:

1. ``not-claimed``: the clause's profile is not claimed by the adapter.
2. ``fail``: a scenario failed naming this clause, or a citing scenario failed naming no
   clause, or had an ``error`` or a ``timeout`` (it cannot be told which clause broke,
   so none of its clauses is cleared).
3. ``known-failure``: likewise with ``xfailed`` (listed in the expectations file).
4. ``not-reached``: a citing scenario failed (or xfailed) naming another clause, so this
   one was not checked there, whatever the other citing scenarios did.
5. ``pass``: every citing scenario that ran ``passed`` (or ``xpassed``: it passed,
   although listed); at least one did.
6. ``review``: no scenario decided it and the catalogue says it is checked by review.
7. ``untested``: no citing scenario ran (deselected, or all skipped).

So ``pass`` is claimed only where every scenario reached the clause's checks and they
held; a clause checked by some scenarios and not reached by others is ``not-reached``
(the scenario results in the report show how many passed).

Totals per requirement level count the clauses of the claimed profiles by verdict;
``MUST 31/33`` reads "31 of the 33 MUST clauses of the claimed profiles pass" (only
``pass`` counts). When the run selected clauses (``--clause``), the totals count the
selected clauses only (``MUST 0/2``: of the 2 selected MUST clauses, none passes); the
other clauses keep their verdicts in the matrix, with ``selected`` false, and
``run.selection`` names the selection.
"""

from __future__ import annotations

import re
from collections.abc import Container, Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

import pytest

from steps.clauses import LEVELS, Clause, catalogue, spec_version
from steps.profiles import PROFILES, Profile
from steps.report.capture import RECORD_ATTR
from steps.verdicts import Verdict

BROKEN = frozenset({Verdict.FAILED.value, Verdict.ERROR.value, Verdict.TIMEOUT.value})
"""Scenario outcomes that make a clause fail."""
PASSING = frozenset({Verdict.PASSED.value, Verdict.XPASSED.value})
"""Scenario outcomes in which the implementation did what the clause says."""
NAMING = frozenset({Verdict.FAILED.value, Verdict.XFAILED.value})
"""Scenario outcomes whose failure may name a clause (a failed check)."""
NOT_REACHED = "not-reached"
"""Result of a scenario for a clause it cites when it failed naming another clause."""
SCREENSHOT_OUTCOMES = BROKEN | {Verdict.XFAILED.value}
"""Scenario outcomes whose screenshot (the screen at the failure) the report shows."""
FORMAT = "textual-chat-conformance/report"
"""Value of ``format`` in ``report.json``."""
FORMAT_VERSION = 2
"""Version of the ``report.json`` layout (``steps/report/schema.json``)."""


class ClauseVerdict(Enum):
    """Verdict of one clause in one run (rules in the module docstring)."""

    PASS = "pass"
    FAIL = "fail"
    KNOWN_FAILURE = "known-failure"
    NOT_REACHED = "not-reached"
    UNTESTED = "untested"
    NOT_CLAIMED = "not-claimed"
    REVIEW = "review"
    PLANNED = "planned"


@dataclass
class Phase:
    """One phase (setup, call, teardown) of a scenario, as its report told it.

    Attributes:
        verdict: The phase's verdict (:class:`steps.verdicts.Verdict` value).
        message: What to read about it, ``None`` when it passed.
        duration: Seconds.
        clause: The clause id its exception's message starts with, if any.
    """

    verdict: str
    message: str | None
    duration: float
    clause: str | None = None


@dataclass
class ScenarioRun:
    """Everything the controller heard about one scenario (one test item).

    Attributes:
        nodeid: pytest's id of the test.
        record: The worker's record (:mod:`steps.report.capture`) without the picture.
        phases: By phase name.
        svg: Screenshot taken when the scenario failed or was marked for one.
        screenshot_note: Why there is no screenshot, when one was wanted.
    """

    nodeid: str
    record: dict[str, Any]
    phases: dict[str, Phase] = field(default_factory=dict)
    svg: str | None = None
    screenshot_note: str | None = None
    replay: str | None = None


class Collector:
    """Gathers scenario reports as they arrive (in any order, from any worker)."""

    def __init__(self) -> None:
        """Start with no scenario."""
        self.runs: dict[str, ScenarioRun] = {}

    def add(self, report: pytest.TestReport) -> None:
        """Take one phase's report; reports of tests that are not scenarios are ignored."""
        record = getattr(report, RECORD_ATTR, None)
        if record is None:
            return
        record = dict(record)
        svg, note = record.pop("screenshot", None), record.pop("screenshot_note", None)
        replay = record.pop("replay", None)
        named = record.pop("failed_clause", None)
        run = self.runs.setdefault(report.nodeid, ScenarioRun(report.nodeid, record))
        verdict = dict(report.user_properties).get("phase_verdict", report.outcome)
        run.phases[report.when] = Phase(str(verdict), record["message"], report.duration, named)
        run.record["failed_step"] = run.record["failed_step"] or record["failed_step"]
        run.svg = run.svg or svg
        run.screenshot_note = run.screenshot_note or note
        run.replay = run.replay or replay


def outcome(phases: Mapping[str, Phase]) -> tuple[str, str | None]:
    """Return a scenario's outcome and message from its phases (module docstring)."""
    setup = phases.get("setup")
    if setup is None:
        return Verdict.ERROR.value, "the scenario reported no setup phase"
    call = phases.get("call")
    if setup.verdict != Verdict.PASSED.value or call is None:
        return setup.verdict, setup.message
    teardown = phases.get("teardown")
    if teardown is None or teardown.verdict == Verdict.PASSED.value:
        return call.verdict, call.message
    note = f"while stopping the app: {teardown.message}"
    if call.verdict in PASSING:
        return teardown.verdict, note
    return call.verdict, "\n".join(part for part in (call.message, note) if part)


def failed_clause(phases: Mapping[str, Phase], result: str, known: Container[str]) -> str | None:
    """Return the clause a scenario's failure names (module docstring), or ``None``.

    Args:
        phases: The scenario's phases, in the order they ran.
        result: The scenario's outcome (:func:`outcome`).
        known: Ids of the catalogued clauses; a failure naming another id names none.
    """
    if result not in NAMING:
        return None
    deciding = next((phase for phase in phases.values() if phase.verdict == result), None)
    named = None if deciding is None else deciding.clause
    return named if named in known else None


def result_for(entry: Mapping[str, Any], clause_id: str) -> str:
    """Return what the scenario ``entry`` says about a clause: its outcome or ``not-reached``.

    Args:
        entry: A scenario of the report (``outcome`` and ``failed_clause``).
        clause_id: A clause it cites, or the clause its failure names.
    """
    named = entry["failed_clause"]
    if entry["outcome"] in NAMING and named is not None and named != clause_id:
        return NOT_REACHED
    return str(entry["outcome"])


def clause_verdict(clause: Clause, results: Iterable[str], *, claimed: bool) -> ClauseVerdict:
    """Return the verdict of ``clause`` from its scenarios' results (module docstring).

    Args:
        clause: The clause.
        results: For each scenario of this run citing it or failing on it, its
            :func:`result_for` the clause.
        claimed: Whether the adapter claims the clause's profile.
    """
    seen = set(results)
    if clause.status == "planned":
        return ClauseVerdict.PLANNED  # a later part of its profile: not checked yet
    if not claimed:
        return ClauseVerdict.NOT_CLAIMED
    if seen & BROKEN:
        return ClauseVerdict.FAIL
    if Verdict.XFAILED.value in seen:
        return ClauseVerdict.KNOWN_FAILURE
    if NOT_REACHED in seen:
        return ClauseVerdict.NOT_REACHED
    if seen & PASSING:
        return ClauseVerdict.PASS
    if clause.checked_by != "scenario":
        return ClauseVerdict.REVIEW
    return ClauseVerdict.UNTESTED


def scenario_entries(
    runs: Iterable[ScenarioRun], known: Container[str]
) -> tuple[list[dict[str, Any]], dict[str, str]]:
    """Return the ``scenarios`` of the report, in feature order, and the screenshot files.

    Args:
        runs: What was heard of each scenario.
        known: Ids of the catalogued clauses (see :func:`failed_clause`).

    Returns:
        The entries, and the SVG text of each screenshot by its path in the report
        directory (``screenshots/<n>-<slug>.svg``), as the entries name it.
    """
    ordered = sorted(runs, key=lambda run: _position(run.record))
    entries, files = [], {}
    for number, run in enumerate(ordered, start=1):
        result, text = outcome(run.phases)
        entry = {key: run.record[key] for key in _SCENARIO_KEYS}
        entry |= {
            "id": run.nodeid,
            "outcome": result,
            "message": text,
            "failed_clause": failed_clause(run.phases, result, known),
            "duration_seconds": round(sum(phase.duration for phase in run.phases.values()), 3),
            "screenshot": None,
            "screenshot_note": run.screenshot_note,
            "replay": run.replay if result in SCREENSHOT_OUTCOMES else None,
        }
        if result not in SCREENSHOT_OUTCOMES:
            entry["screenshot_note"] = None
        elif run.svg is not None:
            entry["screenshot"] = f"screenshots/{number:03d}-{slug(run.record['title'])}.svg"
            files[entry["screenshot"]] = run.svg
        entries.append(entry)
    return entries, files


_SCENARIO_KEYS = (
    "feature",
    "feature_name",
    "scenario",
    "example",
    "title",
    "line",
    "profile",
    "clauses",
    "failed_step",
    "expectation",
)


def _position(record: Mapping[str, Any]) -> tuple[str, int, int]:
    return record["feature"], record["line"], record["order"]


def slug(text: str, limit: int = 60) -> str:
    """Lower-case ASCII letters and digits joined by ``-``, at most ``limit`` characters."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:limit].rstrip("-") or "x"


def clause_entries(
    profiles: Iterable[Profile],
    claimed: Iterable[str],
    scenarios: list[dict[str, Any]],
    selected: Container[str] | None = None,
) -> list[dict[str, Any]]:
    """Return the ``clauses`` of the report: each clause with its scenarios and verdict.

    ``scenarios`` lists the scenarios citing the clause; ``results`` maps those and the
    scenarios whose failure names it to their :func:`result_for` the clause;
    ``selected`` is whether the run selected it (every clause when ``selected`` is
    ``None``: no selection was made).
    """
    claimed = set(claimed)
    entries = []
    for profile in profiles:
        for clause in catalogue(profile.name).values():
            deciding = [
                entry
                for entry in scenarios
                if clause.id in entry["clauses"] or entry["failed_clause"] == clause.id
            ]
            results = {entry["id"]: result_for(entry, clause.id) for entry in deciding}
            verdict = clause_verdict(clause, results.values(), claimed=profile.name in claimed)
            entries.append(
                {
                    "id": clause.id,
                    "profile": clause.profile,
                    "level": clause.level,
                    "area": clause.area,
                    "text": clause.text.strip(),
                    "source": clause.source,
                    "checked_by": clause.checked_by,
                    "verdict": verdict.value,
                    "selected": selected is None or clause.id in selected,
                    "scenarios": [e["id"] for e in deciding if clause.id in e["clauses"]],
                    "results": results,
                }
            )
    return entries


def totals(clauses: Iterable[Mapping[str, Any]]) -> dict[str, dict[str, int]]:
    """Count clauses per level and verdict; ``applicable`` excludes unclaimed and planned ones.

    Only the selected clauses count (``selected``, see :func:`clause_entries`).
    """
    counts: dict[str, dict[str, int]] = {
        level: {"applicable": 0} | {verdict.value: 0 for verdict in ClauseVerdict}
        for level in LEVELS
    }
    for clause in clauses:
        if not clause.get("selected", True):
            continue
        level = counts[clause["level"]]
        level[clause["verdict"]] += 1
        if clause["verdict"] not in (ClauseVerdict.NOT_CLAIMED.value, ClauseVerdict.PLANNED.value):
            level["applicable"] += 1
    return counts


@dataclass(frozen=True)
class RunInfo:
    """What the report says about the run as a whole.

    Attributes:
        harness_version: Version of this harness (the installed distribution).
        adapter: ``name``, ``implementation_version``, ``spec``, ``source``, ``profiles``.
        started: Start of the session, ISO 8601 with time zone.
        finished: End of the session, likewise.
        duration_seconds: Wall time of the session, in seconds.
        exit_status: pytest's exit status.
        arguments: The pytest command-line arguments.
        expectations: Path of the expectations file in use, or ``None``.
        selected_clauses: The clauses ``--clause`` selected; empty when it was not given.
        implementations: For each profile checked, the implementation checked for it
            (``"reference_crs 0.1.0"``); with no adapter set, each profile's reference.
    """

    harness_version: str
    adapter: dict[str, Any]
    started: str
    finished: str
    duration_seconds: float
    exit_status: int
    arguments: list[str]
    expectations: str | None
    selected_clauses: tuple[str, ...] = ()
    implementations: dict[str, str] = field(default_factory=dict)


def build(
    info: RunInfo, runs: Iterable[ScenarioRun], profiles: Iterable[Profile] = PROFILES
) -> tuple[dict[str, Any], dict[str, str]]:
    """Assemble ``report.json``'s data (``steps/report/schema.json``) and its screenshots.

    Returns:
        The report data, and the SVG text of each screenshot by its relative path.
    """
    profiles = list(profiles)
    claimed = list(info.adapter["profiles"])
    known = {clause for profile in profiles for clause in catalogue(profile.name)}
    scenarios, files = scenario_entries(runs, known)
    selection = list(info.selected_clauses)
    clauses = clause_entries(profiles, claimed, scenarios, set(selection) if selection else None)
    outcomes = {verdict.value: 0 for verdict in Verdict}
    for entry in scenarios:
        outcomes[entry["outcome"]] += 1
    report = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "harness": {"name": "textual-chat-conformance", "version": info.harness_version},
        "adapter": info.adapter,
        "run": {
            "started": info.started,
            "finished": info.finished,
            "duration_seconds": round(info.duration_seconds, 3),
            "exit_status": info.exit_status,
            "arguments": info.arguments,
            "expectations": info.expectations,
            "selection": {"clauses": selection} if selection else None,
        },
        "profiles": [
            {
                "name": profile.name,
                "title": profile.title,
                "spec_version": spec_version(profile.name),
                "claimed": profile.name in claimed,
                **(
                    {"implementation": info.implementations[profile.name]}
                    if profile.name in info.implementations
                    else {}
                ),
            }
            for profile in profiles
        ],
        "totals": totals(clauses),
        "outcomes": outcomes,
        "clauses": clauses,
        "scenarios": scenarios,
    }
    return report, files
