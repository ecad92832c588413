"""Failures grouped by cause, and the one-screen summary of a report.

**Groups.** An implementation with one defect fails the same check in many scenarios; a
report that lists each failure on its own buries it. Scenarios that did not pass
(``failed``, ``error``, ``timeout``, ``xfailed``, ``xpassed``) form one group when they
share

* their outcome,
* their cause: the clause that blocked them (``blocked_by``), else the clause their
  failure names (``failed_clause``; ``None`` for an error, a timeout, or a failure that
  names none), and
* the *shape* of their message (:func:`message_shape`): its first line with the numbers,
  the quoted text and the positions that differ from scenario to scenario replaced by
  placeholders, so ``[display-format] item 3: expected '사용자: hi'; seen 'hi'`` and
  ``[display-format] item 1: expected '사용자: 안녕'; seen '안녕'`` are one cause.

Groups are sorted by requirement level (the named clause's; for a failure naming none,
the strictest level among the clauses it cites, since it counts against all of them;
``None`` after ``HARDENING``), known failures (``xfailed``) after the others of their
level, then by count (most first), then by the position of their first scenario.

A group lists its scenarios that were **blocked** by its clause (``blocked``: they
verify other clauses and stopped on a check of this one) and the clauses it **blocks**
(``blocks``: the ``not-reached`` clauses its scenarios did not reach), so a reader sees
one defect with what it hides, not one failure per clause.

**Conformant at MUST** (:func:`conformant_at_must`) is read from the clause verdicts.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from steps.clauses import LEVELS

GROUPED = ("failed", "error", "timeout", "xfailed", "xpassed")
"""Scenario outcomes that are grouped (every outcome that is not a pass or a skip)."""
UNREACHED = ("not-reached", "error", "timeout")
"""What a scenario says about a clause whose checks it did not reach."""
NUMBER = "<n>"
"""What a number becomes in a message shape."""
QUOTED = "<text>"
"""What quoted text becomes in a message shape."""
_QUOTES = re.compile(
    r"(?<!\w)'(?:[^'\\\n]|\\.)*'(?!\w)|\"(?:[^\"\\\n]|\\.)*\"|`[^`\n]*`|«[^»\n]*»|“[^”\n]*”|\u2018[^\u2019\n]*\u2019"
)
_POSITION = re.compile(r"\(\s*-?\d+(?:\.\d+)?\s*(?:,\s*-?\d+(?:\.\d+)?\s*)+\)")
_NUMBER = re.compile(r"(?<![\w<])[-+]?\d+(?:[.,]\d+)*(?![\w>])")
_BRACKETED_CLAUSE = re.compile(r"^\[[a-z0-9][a-z0-9-]*\]")
_SPACES = re.compile(r"\s+")
_RUNS = re.compile(r"(<text>|<n>)(?:, \1)+")


def message_shape(message: str | None) -> str:
    """Return the shape of a failure message: what stays the same across one cause.

    The first non-empty line, with quoted text (``'...'``, ``"..."``, `` `...` ``,
    ``«...»``, curly quotes) replaced by :data:`QUOTED`, positions such as ``(3, 14)``
    and every other number by :data:`NUMBER`, runs of whitespace by one space, and a
    list of such placeholders (``<text>, <text>, <text>``) by its first (``<text>, ...``),
    since how many items a list holds depends on the scenario. The
    clause id in brackets at the start (``[role-labels]``) is kept as written.

    Args:
        message: A scenario's message, or ``None``.

    Returns:
        The shape, or ``""`` for no message.
    """
    line = next((each.strip() for each in (message or "").splitlines() if each.strip()), "")
    clause = _BRACKETED_CLAUSE.match(line)
    head = clause.group(0) if clause else ""
    rest = line[len(head) :]
    rest = _QUOTES.sub(QUOTED, rest)
    rest = _POSITION.sub(NUMBER, rest)
    rest = _NUMBER.sub(NUMBER, rest)
    rest = _RUNS.sub(r"\1, ...", _SPACES.sub(" ", rest))
    return head + rest


def group_key(entry: Mapping[str, Any]) -> tuple[str, str | None, str]:
    """``(outcome, cause, message shape)``: scenarios with one key share a cause.

    The cause is the clause that blocked the scenario (``blocked_by``), else the one its
    failure names (``failed_clause``).
    """
    cause = entry.get("blocked_by") or entry["failed_clause"]
    return entry["outcome"], cause, message_shape(entry["message"])


def group_level(entry: Mapping[str, Any], levels: Mapping[str, str]) -> str | None:
    """Requirement level of a failure: its named clause's, else its cited clauses' strictest.

    Args:
        entry: A scenario of the report.
        levels: Level of each catalogued clause, by id.
    """
    named = entry.get("blocked_by") or entry["failed_clause"]
    if named is not None:
        return levels.get(named)
    cited = [levels[clause] for clause in entry["clauses"] if clause in levels]
    return min(cited, key=LEVELS.index) if cited else None


def failure_groups(
    scenarios: Iterable[Mapping[str, Any]],
    levels: Mapping[str, str],
    clauses: Iterable[Mapping[str, Any]] = (),
) -> list[dict[str, Any]]:
    """Group the scenarios that did not pass by cause (module docstring), sorted.

    Args:
        scenarios: The report's scenarios, in report order.
        levels: Level of each catalogued clause, by id.
        clauses: The report's clauses (``verdict``, ``results``), to tell which
            ``not-reached`` clauses each group blocks.

    Returns:
        One entry per group, ``report.json``'s ``groups`` (``steps/report/schema.json``):
        ``id`` (``g1``, ``g2``, ... in sorted order), ``outcome``, ``clause``, ``level``,
        ``shape``, ``message`` (the first scenario's), ``count``, ``scenarios`` (ids, in
        report order), ``blocked`` (those of them blocked by ``clause``), ``blocks``
        (ids of the ``not-reached`` clauses they did not reach: they failed first on
        another clause, or had an error or a timeout) and ``screenshot`` (the
        first of them that has one, or ``None``).
    """
    unreached = {
        clause["id"]: [id_ for id_, result in clause["results"].items() if result in UNREACHED]
        for clause in clauses
        if clause["verdict"] == "not-reached"
    }
    groups: dict[tuple[str, str | None, str], dict[str, Any]] = {}
    for position, entry in enumerate(scenarios):
        if entry["outcome"] not in GROUPED:
            continue
        key = group_key(entry)
        group = groups.get(key)
        if group is None:
            group = groups[key] = {
                "outcome": key[0],
                "clause": key[1],
                "level": group_level(entry, levels),
                "shape": key[2],
                "message": entry["message"],
                "count": 0,
                "scenarios": [],
                "blocked": [],
                "blocks": [],
                "screenshot": None,
                "_first": position,
            }
        group["count"] += 1
        group["scenarios"].append(entry["id"])
        if entry.get("blocked_by") and entry["blocked_by"] == key[1]:
            group["blocked"].append(entry["id"])
        group["screenshot"] = group["screenshot"] or entry["screenshot"]
    ordered = sorted(groups.values(), key=_order)
    for number, group in enumerate(ordered, start=1):
        del group["_first"]
        group["id"] = f"g{number}"
        members = set(group["scenarios"])
        group["blocks"] = [clause for clause, ids in unreached.items() if members.intersection(ids)]
    return [{"id": group.pop("id"), **group} for group in ordered]


def _order(group: Mapping[str, Any]) -> tuple[int, bool, int, int]:
    level = LEVELS.index(group["level"]) if group["level"] in LEVELS else len(LEVELS)
    return level, group["outcome"] == "xfailed", -group["count"], group["_first"]


def conformant_at_must(clauses: Iterable[Mapping[str, Any]]) -> bool:
    """Whether the run shows the implementation conformant at MUST, from clause verdicts.

    Yes when at least one MUST clause of the claimed profiles (and of the selection, if
    any) applies and each of them is ``pass``, or ``review`` (checked by a person, not by
    a scenario: the run cannot decide it). A ``fail``, a ``known-failure``, a
    ``not-reached`` or an ``untested`` MUST clause makes it no: the run did not show
    that the implementation does what the clause says.

    Args:
        clauses: The report's ``clauses`` (``level``, ``verdict``, ``selected``).
    """
    applicable = [
        clause["verdict"]
        for clause in clauses
        if clause["level"] == "MUST"
        and clause.get("selected", True)
        and clause["verdict"] not in ("not-claimed", "planned")
    ]
    return bool(applicable) and all(verdict in ("pass", "review") for verdict in applicable)
