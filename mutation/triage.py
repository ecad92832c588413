"""The checked-in triage of surviving mutants (``docs/mutation-survivors.yaml``).

A mutant no scenario catches is one of three things, and the file says which, and why:

* ``equivalent``: no input can tell it from the original (the reason says why);
* ``unreachable``: it behaves differently, but no seed sentence makes the difference
  observable, so a conformance check must not fail it (the reason names what the seeds
  say, or that they are silent);
* ``gap``: a seed sentence it breaks (``clause``) that no scenario checks well enough;
  ``scenario`` names the scenario written for it (it must then be caught), or, left for
  later, ``needs`` says what the scenario would have to do.

One more kind is no survivor of the suite but a blind spot of the tool:

* ``import-time``: the mutated function runs only when its module is imported, which
  mutmut's fork server does before any mutant is active, so no mutant run executes it;
  run with the mutant active from the start (``python -m mutation try``), the suite
  catches it. It counts as caught, on that evidence (the reason says what was seen).
* ``explored``: the exploration catches it when it runs in a process of its own
  (``python -m mutation try --profile P NAME features/P/exploration.feature``), while
  mutant runs leave the exploration out (:mod:`mutation.plugin`). It counts as caught, on
  that evidence (the reason quotes the failure).

Each entry names one mutant by mutmut's name and carries the lines its diff changes
(``diff``), so an entry whose mutant's code has changed since it was triaged is reported
as stale instead of being trusted. An entry may name a group of mutants by a glob
(``mutant: reference_app.paste.x_install__mutmut_*``), then without ``diff``: for code no
scenario executes, where one reason covers every mutant of a function.
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, get_args

import yaml

from mutation.stage import ROOT

PATH = ROOT / "docs" / "mutation-survivors.yaml"
"""The triage file."""
Kind = Literal["equivalent", "unreachable", "gap", "import-time", "explored"]
"""What a survivor is."""
KINDS: tuple[str, ...] = get_args(Kind)


class TriageError(ValueError):
    """The triage file is not of the documented shape (the message says where)."""


@dataclass(frozen=True)
class Entry:
    """One triaged mutant, or a glob of them.

    Attributes:
        mutant: mutmut's name of the mutant, or a glob (``*``) naming several.
        kind: What it is (:data:`Kind`).
        why: The reason, in a sentence or two.
        diff: The lines the mutant's diff removes and adds (``-``/``+`` lines), ``""`` for
            a glob.
        clause: The clause a ``gap`` (or an ``unreachable`` mutant's nearest clause) is about.
        scenario: For a gap: ``<feature file>: <scenario name>`` written to catch it.
        needs: For a gap left open: what a scenario would have to do.
    """

    mutant: str
    kind: Kind
    why: str
    diff: str = ""
    clause: str | None = None
    scenario: str | None = None
    needs: str | None = None

    def names(self, mutant: str) -> bool:
        """Whether this entry is about ``mutant``."""
        glob = "*" in self.mutant
        return self.mutant == mutant or (glob and fnmatch.fnmatch(mutant, self.mutant))


def changed_lines(diff: str) -> str:
    """The removed and added lines of a unified diff (its ``---``/``+++``/``@@`` lines left out)."""
    lines = diff.splitlines()
    kept = [
        line.rstrip() for line in lines if line[:1] in "+-" and not line.startswith(("---", "+++"))
    ]
    return "\n".join(kept)


def load(path: Path = PATH) -> dict[str, list[Entry]]:
    """Profile -> its entries.

    Raises:
        TriageError: An entry lacks a key, has an unknown one or an unknown kind, or a gap
            names neither a scenario nor what one needs.
    """
    if not path.is_file():
        return {}
    data: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    return {
        profile: [entry(profile, index, raw) for index, raw in enumerate(entries or [])]
        for profile, entries in data.items()
    }


def entry(profile: str, index: int, raw: dict[str, Any]) -> Entry:
    """One entry of the file (``profile``'s ``index``-th), checked."""
    where = f"{PATH.name}: {profile}[{index}]"
    unknown = set(raw) - set(Entry.__dataclass_fields__)
    if unknown or not {"mutant", "kind", "why"} <= set(raw):
        raise TriageError(f"{where}: expected mutant, kind, why (and diff, clause, scenario, "
                          f"needs); seen {sorted(raw)}")  # fmt: skip
    if raw["kind"] not in KINDS:
        raise TriageError(f"{where}: kind {raw['kind']!r} is not one of {', '.join(KINDS)}")
    if raw["kind"] == "gap" and not (raw.get("scenario") or raw.get("needs")):
        raise TriageError(f"{where}: a gap names its scenario, or what a scenario needs")
    if "*" not in raw["mutant"] and not raw.get("diff"):
        raise TriageError(f"{where}: an entry of one mutant carries its diff's changed lines")
    text = {key: str(value).strip() for key, value in raw.items() if value is not None}
    return Entry(
        mutant=text["mutant"], kind=raw["kind"], why=text["why"], diff=text.get("diff", ""),
        clause=text.get("clause"), scenario=text.get("scenario"), needs=text.get("needs"),
    )  # fmt: skip


def find(entries: list[Entry], mutant: str) -> Entry | None:
    """The entry about ``mutant`` (an exact name before a glob), or ``None``."""
    exact = [e for e in entries if e.mutant == mutant]
    return next(iter(exact or [e for e in entries if e.names(mutant)]), None)
