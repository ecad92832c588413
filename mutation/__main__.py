"""``python -m mutation``: run, report, show or try mutants (``make mutation``; docs/mutation.md).

Commands:

* ``run [--profile P] [--sample N] [--seed S] [--retest] [--children K]``: sample, run
  what is pending (resuming an interrupted run), write the report, print its summary;
  without ``--profile``, both profiles one after the other;
* ``report [--profile P]``: write and print the report of the last run again (after the
  triage file changed);
* ``show --profile P MUTANT...``: each mutant's diff;
* ``untriaged --profile P``: the last run's survivors no triage entry names, as entries to
  fill in and add to ``docs/mutation-survivors.yaml`` (kind and why left blank);
* ``try --profile P MUTANT [PYTEST ARGS...]``: run pytest in the stage's copy with the
  mutant active (e.g. a new scenario, to see it red on the mutant it was written for).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

from mutation import report, stage, triage
from mutation.run import load_plan, run
from mutation.stage import Target


def parser() -> argparse.ArgumentParser:
    """The command line."""
    top = argparse.ArgumentParser(prog="python -m mutation", description=__doc__)
    commands = top.add_subparsers(dest="command", required=True)
    go = commands.add_parser("run", help="sample, run what is pending, report")
    go.add_argument("--profile", choices=stage.PROFILES, action="append")
    go.add_argument("--sample", type=int, default=200, help="mutants per profile (0: all)")
    go.add_argument("--seed", type=int, default=1)
    go.add_argument("--retest", action="store_true", help="run the sample's survivors again")
    go.add_argument("--children", type=int, default=2, help="mutants run at a time")
    go.add_argument("--again", default="", help="run again the mutants caught by a scenario "
                    "whose node id holds this text")  # fmt: skip
    again = commands.add_parser("report", help="write the last run's report again")
    again.add_argument("--profile", choices=stage.PROFILES, action="append")
    show = commands.add_parser("show", help="print mutants' diffs")
    show.add_argument("--profile", choices=stage.PROFILES, required=True)
    show.add_argument("mutants", nargs="+")
    todo = commands.add_parser("untriaged", help="print entries for the untriaged survivors")
    todo.add_argument("--profile", choices=stage.PROFILES, required=True)
    attempt = commands.add_parser("try", help="run pytest on the stage's copy, a mutant active")
    attempt.add_argument("--profile", choices=stage.PROFILES, required=True)
    attempt.add_argument("mutant")
    attempt.add_argument("pytest_args", nargs=argparse.REMAINDER)
    return top


def summary(t: Target) -> int:
    """Write the report of ``t``'s last run and print its totals; 1 when there is no run."""
    plan = load_plan(t)
    if plan is None:
        print(f"{t.profile}: no run yet (python -m mutation run --profile {t.profile})")
        return 1
    found = report.write(t, plan)
    total = report.rows(found, "module")[-1]
    counts = ", ".join(f"{n} {name}" for name, n in sorted(total.counts.items()))
    print(f"{t.profile}: {len(plan.sample)} of {plan.population} mutants (seed {plan.seed}): "
          f"{counts}; score {report.percent(total.score)}, spec score "
          f"{report.percent(total.spec_score)}; {plan.seconds / 60:.1f} min; "
          f"report: {(t.stage / 'report.md').relative_to(stage.ROOT)}")  # fmt: skip
    return 0


def untriaged(t: Target) -> int:
    """Print a YAML entry for each survivor of ``t``'s last run that no triage entry names."""
    plan = load_plan(t)
    if plan is None:
        return summary(t)
    diffs = report.survivor_diffs(t, plan)
    for each in report.outcomes(t, plan, diffs):
        if each.verdict != "untriaged":
            continue
        changed = triage.changed_lines(diffs.get(each.name, ""))
        print(f"  - mutant: {each.name}\n    kind: \n    why: >-\n      ({each.note})")
        print("    diff: |\n" + "".join(f"      {line}\n" for line in changed.splitlines()))
    return 0


def attempt(t: Target, mutant: str, args: list[str]) -> int:
    """Run ``pytest <args>`` in ``t``'s copy of the project with ``mutant`` active."""
    stage.prepare(t)
    stage.private(t, "generate")  # refreshes the copied features and steps
    env = {**stage.environment(t), "MUTANT_UNDER_TEST": mutant}
    command = [sys.executable, "-m", "pytest", "-p", "no:randomly", "-p", "no:cacheprovider", *args]
    return subprocess.run(command, cwd=t.stage / "mutants", env=env, check=False).returncode


def main(argv: list[str] | None = None) -> int:
    """Run one command; its exit status."""
    options = parser().parse_args(argv)
    if options.command in ("run", "report"):
        status = 0
        for profile in options.profile or stage.PROFILES:
            t = stage.target(profile)
            if options.command == "run":
                run(t, options.sample, options.seed, retest=options.retest,
                    children=options.children, again=options.again)  # fmt: skip
            status |= summary(t)
        return status
    t = stage.target(options.profile)
    if options.command == "untriaged":
        return untriaged(t)
    if options.command == "show":
        diffs = json.loads(stage.private(t, "diffs", "\n".join(options.mutants)))
        print("\n\n".join(f"# {name}\n{diff}" for name, diff in diffs.items()))
        return 0
    return attempt(t, options.mutant, options.pytest_args)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
