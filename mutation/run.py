"""One profile's mutation run: a seeded random sample of mutmut's mutants, resumable.

The population is every mutant mutmut makes of the profile's client (its files less
:attr:`mutation.stage.Target.excluded`). The sample is drawn from it, sorted by name, with
``random.Random(seed).sample``: the same seed and size on the same code give the same
mutants. mutmut records each mutant's result as soon as it has it (``mutants/**.meta``),
so a run that is interrupted, or a later run with a larger sample, passes mutmut only the
mutants of the sample without a result yet; a changed function's mutants lose their
result (mutmut hashes each function) and run again. ``run.json`` in the stage keeps the
sample and the wall time of every session (kept when a new sample is drawn, since mutmut
keeps the results they got), so a resumed run reports its whole time.
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from mutation import mutmut_private, stage
from mutation.plugin import CLEAN_FAILURES
from mutation.stage import Target

SURVIVED = frozenset({0})
"""mutmut's exit code of a mutant no selected scenario caught (``survived``)."""


@dataclass
class Session:
    """One invocation of :func:`run`: when it started, how long it took, what it ran."""

    started: str
    seconds: float
    ran: int


@dataclass
class Plan:
    """The sample of a profile's run and the sessions spent on it (``run.json``).

    Attributes:
        profile: The profile.
        seed: The sample's seed.
        size: The size asked for (``0``: every mutant).
        population: How many mutants the client had when the sample was drawn.
        sample: The sampled mutants' names, in name order.
        sessions: Each invocation's wall time.
    """

    profile: str
    seed: int
    size: int
    population: int
    sample: list[str]
    sessions: list[Session] = field(default_factory=list)

    @property
    def seconds(self) -> float:
        """Wall seconds of every session together."""
        return sum(each.seconds for each in self.sessions)


def plan_path(t: Target) -> Path:
    """Where :class:`Plan` is kept."""
    return t.stage / "run.json"


def load_plan(t: Target) -> Plan | None:
    """The stage's :class:`Plan`, ``None`` when no run was started there."""
    path = plan_path(t)
    if not path.is_file():
        return None
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    sessions = [Session(**each) for each in data.pop("sessions")]
    return Plan(**data, sessions=sessions)


def save_plan(t: Target, plan: Plan) -> None:
    """Write ``plan`` (whole, then renamed into place)."""
    partial = plan_path(t).with_suffix(".partial")
    partial.write_text(json.dumps(asdict(plan), ensure_ascii=False, indent=1), encoding="utf-8")
    partial.replace(plan_path(t))


def draw(population: list[str], size: int, seed: int) -> list[str]:
    """``size`` names of ``population`` drawn with ``seed``, in name order (all for 0 or more)."""
    ordered = sorted(population)
    if size <= 0 or size >= len(ordered):
        return ordered
    return sorted(random.Random(seed).sample(ordered, size))


def pending(
    plan: Plan, codes: dict[str, int | None], retest: bool, timed_out: frozenset[str] = frozenset()
) -> list[str]:
    """The sampled mutants to run now: those without a result, and more with ``retest``.

    With ``retest``: the survivors too, and those caught only by a time bound
    (``timed_out``), which a loaded machine can fake.
    """
    again = {name for name, code in codes.items() if code in SURVIVED} | timed_out
    return [n for n in plan.sample if codes.get(n) is None or (retest and n in again)]


def timed_out(t: Target, codes: dict[str, int | None]) -> frozenset[str]:
    """Mutants mutmut stopped at its bound, or caught by a scenario's TIMEOUT verdict."""
    by_bound = {n for n, code in codes.items() if mutmut_private.status(code) == "timeout"}
    by_scenario = set()
    for path in (t.records / "kills").glob("*.json"):
        if json.loads(path.read_text(encoding="utf-8")).get("verdict") == "timeout":
            by_scenario.add(path.name.removesuffix(".json"))
    return frozenset(by_bound | by_scenario)


def caught_by(t: Target, text: str) -> frozenset[str]:
    """Mutants whose kill record's scenario node id holds ``text`` (to run them again)."""
    found = set()
    for path in (t.records / "kills").glob("*.json"):
        if text and text in json.loads(path.read_text(encoding="utf-8")).get("test", ""):
            found.add(path.name.removesuffix(".json"))
    return frozenset(found)


def run(
    t: Target, size: int, seed: int, *, retest: bool = False, children: int = 2, again: str = ""
) -> Plan:
    """Sample, run what is pending, and return the plan (the report is separate).

    Args:
        t: The profile's target.
        size: Mutants to sample (``0``: every mutant).
        seed: The sample's seed.
        retest: Run the sample's survivors again too (after a scenario was added), and the
            mutants caught only by a time bound.
        children: Mutants run at a time (mutmut's ``--max-children``).
        again: Also run again the sampled mutants caught by a scenario whose node id holds
            this text (e.g. ``exploration``, after it was left out of mutant runs).

    Raises:
        RuntimeError: mutmut failed before testing mutants (its clean run of the selected
            scenarios or its forced-failure run did not go as it must); its output says why.
    """
    start, started = time.monotonic(), datetime.now(UTC).isoformat(timespec="seconds")
    stage.prepare(t)
    stage.private(t, "generate")
    codes = mutmut_private.exit_codes(t.stage)
    plan = load_plan(t)
    if plan is None or (plan.seed, plan.size, plan.population) != (seed, size, len(codes)):
        spent = plan.sessions if plan is not None else []  # mutmut keeps the results they got
        plan = Plan(t.profile, seed, size, len(codes), draw(list(codes), size, seed), spent)
    save_plan(t, plan)
    todo = pending(plan, codes, retest, timed_out(t, codes) if retest else frozenset())
    todo += [n for n in plan.sample if n in caught_by(t, again) and n not in todo]
    for name in todo:
        (t.records / "kills" / f"{name}.json").unlink(missing_ok=True)
    failures = t.records / CLEAN_FAILURES
    failures.unlink(missing_ok=True)
    try:
        status = stage.mutmut(t, todo, children) if todo else 0
    finally:  # an interrupted session's time counts too (Ctrl+C)
        plan.sessions.append(Session(started, round(time.monotonic() - start, 1), len(todo)))
        save_plan(t, plan)
    if status != 0:
        seen = failures.read_text(encoding="utf-8") if failures.is_file() else ""
        raise RuntimeError(
            f"mutmut ended with status {status} (its output is above)"
            + (f"; scenarios that failed with no mutant active:\n{seen}" if seen else "")
        )
    return plan
