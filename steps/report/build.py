"""On the controller: from every phase's test report to the data of the conformance report.

**Outcome of a scenario**, from the verdicts of its phases (:mod:`steps.verdicts`): a
setup phase that did not pass gives the outcome (``skipped`` for a profile the adapter
does not claim, ``error`` for a broken fixture); otherwise the call phase does. A failing
teardown (the app raised while it was being stopped) turns a passing call into that
teardown's verdict (``error`` or ``timeout``) and adds its message to a failing one.

**Clause a failure names.** A check fails with ``[<clause-id>] where: expected ...; seen
...`` (:func:`steps.checks.violation`), and a scenario stops at its first failing step.
So a ``failed`` or ``xfailed`` scenario *names* the clause its failure message starts
with. A failed assertion that names no catalogued clause is an *unattributed check*, a
defect of the harness: its outcome is ``error`` (:func:`steps.verdicts.unattributed`),
and ``error`` and ``timeout`` name no clause.

**What a scenario says about a clause** (its *result* for the clause): ``failed`` (or
``xfailed``) when its failure names this clause; ``not-reached`` when it failed naming
another clause; otherwise its outcome (``passed``, ``xpassed``, ``error``, ``timeout``,
``skipped``). A scenario that does not cite a clause but whose failure names it counts
for that clause too (a step it shares checks it).

**Verdict of a clause**, from the results of the scenarios of this run that cite it or
whose failure names it, first rule that applies:

1. ``not-claimed``: the clause's profile, or its part of a profile claimed in parts
   (``steps.profiles.Part``), is not claimed by the adapter.
2. ``fail``: a check of this clause failed (a scenario failed naming it).
3. ``known-failure``: likewise with ``xfailed`` (listed in the expectations file).
4. ``not-reached``: a scenario citing it had an ``error`` or a ``timeout``: whatever the
   others did, no pass is earned while one of its scenarios never concluded.
5. ``pass``: at least one scenario exercising what the clause requires reached its checks
   and passed them (``passed`` or ``xpassed``), and none failed them. A scenario that only
   guards the clause (``@guard:<id>``: Up with a draft recalls nothing) can fail it, but
   its pass (result ``guarded``) earns none: a client that does nothing passes it too.
6. ``not-reached``: scenarios ran, but none reached the clause's checks (each failed
   first on another clause).
7. ``review``: no scenario decided it and the catalogue says it is checked by review.
8. ``untested``: no scenario exercising it ran (deselected, all skipped, or only guards
   passed).

A failure is charged only to the clause it names: never to the other clauses its
scenario cites, and an ``error`` or ``timeout`` (a crash, a hang, an unattributed check)
to none. They are counted among the scenario outcomes, and the exit status reports them
(``--fail-on any``).

**Blocked.** A scenario that stopped on a check of a clause it does not cite (a step it
shares checks that clause first), or whose precondition check failed (the record's
``blocked_by``, set where the scenario ran), is *blocked by* that clause: it reached
none of its own checks (``blocked_by`` of the scenario). A ``not-reached`` clause is
blocked by the clauses whose failures stopped its scenarios (``blocked_by`` of the
clause); one that only errors and timeouts stopped is blocked by none.

Totals per requirement level count the clauses of the claimed profiles by verdict;
``MUST 31/33`` reads "31 of the 33 MUST clauses of the claimed profiles pass" (only
``pass`` counts). ``blocked`` counts the ``not-reached`` clauses blocked by a failure,
``blocking`` the distinct clauses that block them (``MUST 9/32: 9 pass, 1 fail, 22
blocked by 1 failure``). Each claimed profile has totals of its own as well. When the
run selected clauses (``--clause``), the totals count the selected clauses only
(``MUST 0/2``: of the 2 selected MUST clauses, none passes); the other clauses keep their
verdicts in the matrix, with ``selected`` false, and ``run.selection`` names the
selection.
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
from steps.report.capture import RECORD_ATTR, mark_region
from steps.report.groups import failure_groups
from steps.verdicts import Verdict

BROKEN = frozenset({Verdict.FAILED.value, Verdict.ERROR.value, Verdict.TIMEOUT.value})
"""Scenario outcomes that did not pass (their screenshot is shown)."""
PASSING = frozenset({Verdict.PASSED.value, Verdict.XPASSED.value})
"""Scenario outcomes in which the implementation did what the clause says."""
NAMING = frozenset({Verdict.FAILED.value, Verdict.XFAILED.value})
"""Scenario outcomes whose failure may name a clause (a failed check)."""
NOT_REACHED = "not-reached"
"""Result of a scenario for a clause it cites when it failed naming another clause."""
UNREACHED = frozenset({NOT_REACHED, Verdict.ERROR.value, Verdict.TIMEOUT.value})
STOPPED = frozenset({Verdict.ERROR.value, Verdict.TIMEOUT.value})
"""Results of a scenario that never concluded: a clause citing it earns no pass (class 6)."""
GUARDED = "guarded"
"""Result of a passed scenario that only guards the clause (``@guard:<id>``)."""
"""Results of a scenario that ran without reaching a clause's checks."""
SCREENSHOT_OUTCOMES = BROKEN | {Verdict.XFAILED.value}
"""Scenario outcomes whose screenshot (the screen at the failure) the report shows."""
FORMAT = "textual-chat-conformance/report"
"""Value of ``format`` in ``report.json``."""
FORMAT_VERSION = 3
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
        replay: The Pilot script replaying the scenario (:mod:`steps.replay`).
        region: ``(x, y, width, height)`` in cells of the item the failure names on
            the screenshot, when the capture knows it (:mod:`steps.report.capture`).
        blocked_by: The clause whose failed precondition stopped the scenario, when
            the check that failed says so; otherwise derived (:func:`blocked_by`).
    """

    nodeid: str
    record: dict[str, Any]
    phases: dict[str, Phase] = field(default_factory=dict)
    svg: str | None = None
    screenshot_note: str | None = None
    replay: str | None = None
    region: tuple[int, int, int, int] | None = None
    blocked_by: str | None = None


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
        region = record.pop("screenshot_region", None)
        blocked = record.pop("blocked_by", None)
        run = self.runs.setdefault(report.nodeid, ScenarioRun(report.nodeid, record))
        verdict = dict(report.user_properties).get("phase_verdict", report.outcome)
        run.phases[report.when] = Phase(str(verdict), record["message"], report.duration, named)
        run.record["failed_step"] = run.record["failed_step"] or record["failed_step"]
        run.record["parts_used"] = sorted({*run.record["parts_used"], *record["parts_used"]})
        if svg is not None and run.svg is None:
            run.svg, run.region = svg, region
        run.screenshot_note = run.screenshot_note or note
        run.replay = run.replay or replay
        run.blocked_by = run.blocked_by or blocked


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


def blocked_by(
    result: str, named: str | None, cited: Container[str], given: str | None = None
) -> str | None:
    """Return the clause that blocked a scenario (module docstring), or ``None``.

    Args:
        result: The scenario's outcome (:func:`outcome`).
        named: The clause its failure names (:func:`failed_clause`).
        cited: The clauses it cites.
        given: The clause a failed precondition check named, as the scenario's record
            says (the check knows it is a precondition); it wins when the failure
            names a clause.

    Returns:
        ``given`` or, when it is ``None``, ``named`` if the scenario does not cite it
        (it stopped on another clause's check before reaching its own); ``None`` for a
        scenario whose failure names no clause, or one of its own clauses.
    """
    if result not in NAMING or named is None:
        return None
    if given is not None:
        return given
    return None if named in cited else named


def result_for(entry: Mapping[str, Any], clause_id: str) -> str:
    """Return what the scenario ``entry`` says about a clause (module docstring).

    Args:
        entry: A scenario of the report (``outcome`` and ``failed_clause``).
        clause_id: A clause it cites, or the clause its failure names.

    Returns:
        ``failed``/``xfailed`` when its failure names ``clause_id``, ``not-reached`` when
        it failed on another clause (or, in an old report, on none), ``guarded`` when it
        passed a scenario that only guards the clause (``@guard:<id>``), else its outcome.
    """
    if entry["outcome"] in NAMING and entry["failed_clause"] != clause_id:
        return NOT_REACHED
    if entry["outcome"] in PASSING and clause_id in entry.get("guards", ()):
        return GUARDED
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
    if Verdict.FAILED.value in seen:
        return ClauseVerdict.FAIL
    if Verdict.XFAILED.value in seen:
        return ClauseVerdict.KNOWN_FAILURE
    if seen & STOPPED:
        return ClauseVerdict.NOT_REACHED  # a scenario of it never concluded: no pass earned
    if seen & PASSING:
        return ClauseVerdict.PASS
    if seen & UNREACHED:
        return ClauseVerdict.NOT_REACHED
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
        entry = {key: run.record[key] for key in _SCENARIO_KEYS if key != "guards"}
        entry["guards"] = list(run.record.get("guards", ()))
        named = failed_clause(run.phases, result, known)
        given = run.blocked_by if run.blocked_by in known else None
        entry |= {
            "id": run.nodeid,
            "outcome": result,
            "message": text,
            "failed_clause": named,
            "blocked_by": blocked_by(result, named, entry["clauses"], given),
            "duration_seconds": round(sum(phase.duration for phase in run.phases.values()), 3),
            "screenshot": None,
            "screenshot_region": None,
            "screenshot_note": run.screenshot_note,
            "replay": run.replay if result in SCREENSHOT_OUTCOMES else None,
        }
        if result not in SCREENSHOT_OUTCOMES:
            entry["screenshot_note"] = None
        elif run.svg is not None:
            entry["screenshot"] = f"screenshots/{number:03d}-{slug(run.record['title'])}.svg"
            files[entry["screenshot"]] = mark_region(run.svg, run.region)
            entry["screenshot_region"] = list(run.region) if run.region else None
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
    "guards",
    "failed_step",
    "expectation",
    "parts_used",
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
    claimed_parts: Mapping[str, Container[int]] | None = None,
) -> list[dict[str, Any]]:
    """Return the ``clauses`` of the report: each clause with its scenarios and verdict.

    ``scenarios`` lists the scenarios citing the clause; ``results`` maps those and the
    scenarios whose failure names it to their :func:`result_for` the clause;
    ``selected`` is whether the run selected it (every clause when ``selected`` is
    ``None``: no selection was made). ``claimed_parts`` holds, for a profile claimed in
    parts, the parts claimed: a clause of another part is not claimed.
    """
    claimed = set(claimed)
    parts = claimed_parts or {}
    entries = []
    for profile in profiles:
        for clause in catalogue(profile.name).values():
            deciding = [
                entry
                for entry in scenarios
                if clause.id in entry["clauses"] or entry["failed_clause"] == clause.id
            ]
            results = {entry["id"]: result_for(entry, clause.id) for entry in deciding}
            stopped_by = [
                entry["failed_clause"]
                for entry in deciding
                if results[entry["id"]] == NOT_REACHED and entry["failed_clause"]
            ]
            in_claim = profile.name in claimed and (
                profile.name not in parts or clause.part in parts[profile.name]
            )
            verdict = clause_verdict(clause, results.values(), claimed=in_claim)
            entries.append(
                {
                    "id": clause.id,
                    "profile": clause.profile,
                    "level": clause.level,
                    "area": clause.area,
                    "text": clause.text.strip(),
                    "source": clause.source,
                    "quote": clause.quote,
                    "checked_by": clause.checked_by,
                    "verdict": verdict.value,
                    "selected": selected is None or clause.id in selected,
                    "scenarios": [e["id"] for e in deciding if clause.id in e["clauses"]],
                    "results": results,
                    "blocked_by": list(dict.fromkeys(stopped_by)),
                }
            )
    return entries


def totals(clauses: Iterable[Mapping[str, Any]]) -> dict[str, dict[str, int]]:
    """Count clauses per level and verdict; ``applicable`` excludes unclaimed and planned ones.

    Only the selected clauses count (``selected``, see :func:`clause_entries`).
    ``blocked`` counts the ``not-reached`` clauses a failure blocked (their
    ``blocked_by`` is not empty), ``blocking`` the distinct clauses blocking them; the
    other ``not-reached`` clauses were stopped by errors and timeouts only.
    """
    counts: dict[str, dict[str, int]] = {
        level: {"applicable": 0}
        | {verdict.value: 0 for verdict in ClauseVerdict}
        | {"blocked": 0, "blocking": 0}
        for level in LEVELS
    }
    blocking: dict[str, set[str]] = {level: set() for level in LEVELS}
    for clause in clauses:
        if not clause.get("selected", True):
            continue
        level = counts[clause["level"]]
        level[clause["verdict"]] += 1
        if clause["verdict"] not in (ClauseVerdict.NOT_CLAIMED.value, ClauseVerdict.PLANNED.value):
            level["applicable"] += 1
        if clause["verdict"] == ClauseVerdict.NOT_REACHED.value and clause.get("blocked_by"):
            level["blocked"] += 1
            blocking[clause["level"]].update(clause["blocked_by"])
    for name, causes in blocking.items():
        counts[name]["blocking"] = len(causes)
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
        claimed_parts: For each claimed profile built in parts, the numbers of the parts
            the adapter claims (``steps.profiles.Profile.claimed_parts``); a clause of a
            part not claimed is ``not-claimed``.
        adapter_specs: For each profile checked, the adapter spec its scenarios ran
            through (``"reference_crs.conformance:adapter"``).
        fail_on: The ``--fail-on`` choice (``steps.fail_on``); ``None`` leaves it out.
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
    claimed_parts: dict[str, frozenset[int]] = field(default_factory=dict)
    adapter_specs: dict[str, str] = field(default_factory=dict)
    fail_on: str | None = None


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
    clauses = clause_entries(
        profiles,
        claimed,
        scenarios,
        set(selection) if selection else None,
        info.claimed_parts,
    )
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
            **({"fail_on": info.fail_on} if info.fail_on else {}),
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
                **(
                    {"adapter": info.adapter_specs[profile.name]}
                    if profile.name in info.adapter_specs
                    else {}
                ),
                **(
                    {"parts": sorted(info.claimed_parts[profile.name])}
                    if profile.name in info.claimed_parts
                    else {}
                ),
                **(
                    {"totals": totals(c for c in clauses if c["profile"] == profile.name)}
                    if profile.name in claimed
                    else {}
                ),
            }
            for profile in profiles
        ],
        "totals": totals(clauses),
        "outcomes": outcomes,
        "clauses": clauses,
        "scenarios": scenarios,
        "groups": failure_groups(
            scenarios, {clause["id"]: clause["level"] for clause in clauses}, clauses
        ),
    }
    return report, files
