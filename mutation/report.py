"""The score of a profile's sample: per module and per spec area, with the survivors' triage.

Each sampled mutant ends in one class:

* ``caught``: a scenario failed, erred or timed out on it (mutmut's ``killed``), or mutmut
  stopped it at its time bound (``timeout``);
* ``equivalent`` / ``unreachable`` / ``gap``: it survived (or no scenario executes its
  code), and :mod:`mutation.triage` says which; a ``gap`` whose scenario now catches it
  is ``caught``, with its entry kept as the record of the gap closed; an ``import-time``
  entry (a function mutmut cannot run under a mutant, seen caught outside it) is
  ``caught`` too;
* ``untriaged``: it survived and no current triage entry names it (or the entry's diff
  is not the mutant's any more: ``stale``);
* ``pending``: not run yet; ``other``: mutmut's ``suspicious``, ``segfault``, ... .

The **score** is caught / (run - equivalent): the share of the non-equivalent mutants the
suite catches. The **spec score** also leaves out the ``unreachable`` ones, which a
conformance suite must not fail (no seed sentence tells them from the original).

Spec areas are the ``areas`` of ``docs/spec/<profile>.yaml``. A caught mutant counts in the
area of the clause whose check caught it (the ``[clause-id]`` of the first failing
scenario's message: :mod:`mutation.plugin`), or under :data:`NO_CLAUSE` when that scenario
failed without a clause check (a crash, a hang); a gap or unreachable mutant in the area of
its triage ``clause``; an untriaged survivor under "(untriaged)". So each mutant counts
once, where the suite saw it or should have.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from mutation import mutmut_private, stage, triage
from mutation.run import Plan
from mutation.stage import Target
from steps.clauses import catalogue

CAUGHT = frozenset({"killed", "timeout"})
"""mutmut's statuses of a mutant the suite caught."""
SURVIVING = frozenset({"survived", "no tests"})
"""mutmut's statuses of a mutant nothing caught: each needs a triage entry."""
CLASSES = ("caught", "equivalent", "unreachable", "gap", "untriaged", "pending", "other")
"""Every class a mutant ends in, in report order."""


@dataclass(frozen=True)
class Outcome:
    """One sampled mutant's result.

    Attributes:
        name: mutmut's name of the mutant.
        module: The module it changes.
        status: mutmut's status (``killed``, ``survived``, ``no tests``, ...).
        verdict: Its class (:data:`CLASSES`).
        area: The spec area it counts in (``""``: none, for equivalent and pending ones).
        caught_by: ``<node id>`` of the scenario that caught it, when known.
        clause: The clause whose check caught it, or its triage clause.
        note: The caught message's first line, or the triage reason.
        seconds: Wall time of its run (mutmut's measure).
        stale: Its triage entry's diff is not the mutant's current diff.
    """

    name: str
    module: str
    status: str
    verdict: str
    area: str
    caught_by: str
    clause: str
    note: str
    seconds: float
    stale: bool = False


def module_of(name: str) -> str:
    """The dotted module a mutant changes (the part of its name before the function)."""
    parts = name.split(".")
    index = next(i for i, part in enumerate(parts) if part.startswith(("x_", "xǁ")))
    return ".".join(parts[:index])


def read_json(path: Path) -> Any:
    """The JSON at ``path``, ``{}`` when it is missing."""
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


NO_CLAUSE = "(no clause: crash, hang or harness error)"
"""The area of a mutant caught by a scenario that failed without a clause check: the app
crashed, hung, or could not be driven (any scenario executing the code would do)."""


NO_RECORD = "(no record: mutmut's time bound, or no scenario ran)"
"""The area of a caught mutant with no kill record: mutmut stopped it at its time bound, or
pytest failed before any scenario ran (an import or collection error)."""


class Areas:
    """Clause id -> spec area of a profile; the feature files executing each function."""

    def __init__(self, t: Target) -> None:
        self.by_clause = {c.id: c.area for c in catalogue(t.profile).values()}
        scenarios: dict[str, Any] = read_json(t.records / "scenarios.json")
        self.features = {nodeid: entry["feature"] for nodeid, entry in scenarios.items()}
        self.tests = mutmut_private.tests_by_function(t.stage)

    def of_kill(self, kill: dict[str, Any]) -> str:
        """The area of the clause a kill record's message names, else :data:`NO_CLAUSE`."""
        return self.by_clause.get(kill.get("clause") or "", NO_CLAUSE)

    def of_clause(self, clause: str | None) -> str:
        """The area of a triage entry's ``clause``; ``(no clause)`` when it names none."""
        return self.by_clause.get(clause, "(unknown clause)") if clause else "(no clause)"

    def executing(self, mutant: str) -> str:
        """``<n> scenarios of <feature files>`` that execute ``mutant``'s function."""
        tests = self.tests.get(mutmut_private.function_of(mutant), [])
        files = Counter(self.features.get(test, "?") for test in tests)
        named = ", ".join(f"{name} ({n})" for name, n in files.most_common())
        return f"{len(tests)} scenarios: {named}" if tests else "no scenario executes it"


def outcomes(
    t: Target, plan: Plan, diffs: dict[str, str], entries: list[triage.Entry] | None = None
) -> list[Outcome]:
    """Each sampled mutant's :class:`Outcome`.

    Args:
        t: The profile's target.
        plan: The run's sample.
        diffs: The current diff of each survivor (:func:`survivor_diffs`), to tell a stale
            triage entry.
        entries: The triage entries; the profile's in the checked-in file by default.
    """
    codes = mutmut_private.exit_codes(t.stage)
    seconds = mutmut_private.durations(t.stage)
    if entries is None:
        entries = triage.load().get(t.profile, [])
    areas = Areas(t)
    found = []
    for name in plan.sample:
        status = mutmut_private.status(codes.get(name))
        kill = read_json(t.records / "kills" / f"{name}.json")
        entry = triage.find(entries, name)
        found.append(classify(name, status, kill, entry, diffs.get(name), areas))
    return [replace(each, seconds=round(seconds.get(each.name, 0.0), 1)) for each in found]


def classify(
    name: str, status: str, kill: dict[str, Any], entry: triage.Entry | None,
    diff: str | None, areas: Areas,
) -> Outcome:  # fmt: skip
    """One mutant's :class:`Outcome` from its status, kill record and triage entry."""
    module = module_of(name)
    if status in CAUGHT:
        area = areas.of_kill(kill) if kill else NO_RECORD
        return Outcome(name, module, status, "caught", area, kill.get("test", ""),
                       kill.get("clause") or "", kill.get("message", status), 0.0)  # fmt: skip
    if status == "not checked":
        return Outcome(name, module, status, "pending", "", "", "", "", 0.0)
    if status not in SURVIVING:
        return Outcome(name, module, status, "other", "(other)", "", "", status, 0.0)
    stale = bool(entry and entry.diff and diff is not None and
                 triage.changed_lines(diff) != triage.changed_lines(entry.diff))  # fmt: skip
    if entry is None or stale:
        return Outcome(name, module, status, "untriaged", "(untriaged)", "", "",
                       areas.executing(name), 0.0, stale)  # fmt: skip
    if entry.kind in ("import-time", "explored"):  # caught outside mutmut's run (triage)
        area = areas.of_clause(entry.clause) if entry.clause else NO_CLAUSE
        return Outcome(name, module, status, "caught", area, "", entry.clause or "", entry.why, 0.0)
    area = "" if entry.kind == "equivalent" else areas.of_clause(entry.clause)
    return Outcome(name, module, status, entry.kind, area, "", entry.clause or "", entry.why, 0.0)


def survivor_diffs(t: Target, plan: Plan) -> dict[str, str]:
    """The current diff of every sampled survivor (for triage and stale entries)."""
    codes = mutmut_private.exit_codes(t.stage)
    names = [n for n in plan.sample if mutmut_private.status(codes.get(n)) in SURVIVING]
    if not names:
        return {}
    found: dict[str, str] = json.loads(stage.private(t, "diffs", "\n".join(names)))
    return found


@dataclass(frozen=True)
class Row:
    """Counts of one group of mutants (a module, an area, or all)."""

    group: str
    counts: dict[str, int]

    @property
    def run(self) -> int:
        """Mutants with a result."""
        return sum(self.counts.values()) - self.counts.get("pending", 0)

    @property
    def score(self) -> float | None:
        """The score: caught / (run - equivalent); ``None`` when nothing is left to score."""
        scored = self.run - self.counts.get("equivalent", 0)
        return self.counts.get("caught", 0) / scored if scored else None

    @property
    def spec_score(self) -> float | None:
        """The spec score: caught / (run - equivalent - unreachable)."""
        scored = self.run - self.counts.get("equivalent", 0) - self.counts.get("unreachable", 0)
        return self.counts.get("caught", 0) / scored if scored else None


def rows(found: list[Outcome], key: str) -> list[Row]:
    """One :class:`Row` per value of ``key`` (``module`` or ``area``), sorted, then ``all``."""
    groups: dict[str, Counter[str]] = {}
    for each in found:
        group = getattr(each, key) or "(none: equivalent or pending)"
        groups.setdefault(group, Counter())[each.verdict] += 1
    total = Counter(each.verdict for each in found)
    return [Row(g, dict(c)) for g, c in sorted(groups.items())] + [Row("all", dict(total))]


def percent(value: float | None) -> str:
    """``93.5 %``, or ``-``."""
    return "-" if value is None else f"{100 * value:.1f} %"


def table(title: str, found: list[Row]) -> list[str]:
    """A Markdown table of ``found``: every class's count and both scores."""
    head = f"| {title} | " + " | ".join(CLASSES) + " | score | spec score |"
    lines = [head, "|" + "---|" * (len(CLASSES) + 3)]
    for row in found:
        cells = [str(row.counts.get(name, 0)) for name in CLASSES]
        lines.append(f"| {row.group} | " + " | ".join(cells) +
                     f" | {percent(row.score)} | {percent(row.spec_score)} |")  # fmt: skip
    return lines


def markdown(t: Target, plan: Plan, found: list[Outcome]) -> str:
    """The report page: the sample, the tables, the caught mutants' clauses, the survivors."""
    minutes = plan.seconds / 60
    lines = [
        f"# Mutation score: profile {t.profile} (`{t.source}`, mutmut)",
        "",
        f"Sample: {len(plan.sample)} of {plan.population} mutants, seed {plan.seed}; "
        f"{len(plan.sessions)} session(s), {minutes:.1f} min of wall time in all.",
        "",
        "## Per module", "", *table("module", rows(found, "module")), "",
        "## Per spec area", "", *table("area", rows(found, "area")), "",
        "## Survivors", "",
    ]  # fmt: skip
    for each in found:
        if each.verdict in ("caught", "pending"):
            continue
        flag = " (stale triage entry)" if each.stale else ""
        lines.append(f"- `{each.name}` [{each.status}] **{each.verdict}**{flag}: {each.note}")
    return "\n".join(lines) + "\n"


def write(t: Target, plan: Plan) -> list[Outcome]:
    """Write ``report.md`` and ``report.json`` in the stage; the outcomes."""
    diffs = survivor_diffs(t, plan)
    found = outcomes(t, plan, diffs)
    (t.stage / "report.md").write_text(markdown(t, plan, found), encoding="utf-8")
    document = {
        "profile": t.profile, "seed": plan.seed, "sample": len(plan.sample),
        "population": plan.population, "seconds": plan.seconds,
        "mutants": [asdict(each) for each in found],
        "diffs": {name: diffs[name] for name in diffs},
    }  # fmt: skip
    (t.stage / "report.json").write_text(
        json.dumps(document, ensure_ascii=False, indent=1), encoding="utf-8"
    )
    return found
