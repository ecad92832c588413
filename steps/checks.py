"""Shared pieces of every step module: literal values and failure messages."""

from __future__ import annotations

import re
from typing import NoReturn

import pytest

CLAUSE_PREFIX = re.compile(r"\[([a-z0-9][a-z0-9-]*)\] ")
"""The start of a :func:`violation` message: the clause id in brackets, then a space."""


def literal(text: str) -> str:
    r"""Decode the escapes a quoted step value may use: ``\t \n \r \uXXXX \\``.

    Gherkin trims table cells and cannot hold a tab or an edge space; these escapes
    let a feature state such values exactly. Other characters (Hangul included) pass
    through unchanged.

    Args:
        text: The value as written in the feature.

    Returns:
        The value with escapes decoded.
    """
    if "\\" not in text:
        return text
    return text.encode("latin-1", "backslashreplace").decode("unicode_escape")


def scenario_clause(request: pytest.FixtureRequest, *candidates: str) -> str:
    """Pick the clause a shared check reports under: the first candidate the scenario cites.

    One step (e.g. "the message list holds 2 messages") serves scenarios of several
    clauses; its failure should name the clause the scenario verifies.

    Args:
        request: The scenario's fixture request (its ``clause`` markers are read).
        candidates: Clause ids the check can verify, most specific first.

    Returns:
        The first candidate cited by the scenario, else the first candidate.
    """
    cited = cited_clauses(request.node)
    return next((clause for clause in candidates if clause in cited), candidates[0])


def cited_clauses(node: pytest.Item) -> list[str]:
    """Ids of the clauses a scenario cites (its ``clause`` markers), sorted, no repeats."""
    return sorted({str(mark.args[0]) for mark in node.iter_markers("clause")})


def guarded_clauses(node: pytest.Item) -> list[str]:
    """Ids of the clauses a scenario only guards (its ``guard`` markers, ``@guard:<id>``)."""
    return sorted({str(mark.args[0]) for mark in node.iter_markers("guard")})


def violation(clause: str, where: str, expected: str, seen: str) -> NoReturn:
    """Fail the step with a message naming the rule, the expectation, the observation, the place.

    Args:
        clause: Id of the clause the check verifies (``docs/spec/``).
        where: The thing checked, e.g. ``agent item 2``.
        expected: What the clause requires, in words.
        seen: What the implementation under test did.

    Raises:
        AssertionError: Always.
    """
    raise AssertionError(f"[{clause}] {where}: expected {expected}; seen {seen}")


def named_clause(message: str | None) -> str | None:
    """Return the clause id a failure message starts with (``[role-alignment] ...``), if any.

    Args:
        message: A failure message as :func:`violation` words it, or any other text.

    Returns:
        The id between the leading brackets, or ``None`` when ``message`` does not start
        with one (a crash, an assertion of the harness itself).
    """
    found = CLAUSE_PREFIX.match(message or "")
    return None if found is None else found.group(1)


def check(condition: bool, clause: str, where: str, expected: str, seen: object) -> None:
    """Call :func:`violation` unless ``condition`` holds."""
    if not condition:
        violation(clause, where, expected, seen if isinstance(seen, str) else repr(seen))


class Blocked(AssertionError):
    """A failed precondition: the scenario cannot reach the checks of the clauses it cites.

    Attributes:
        blocked_by: The clause the precondition belongs to, charged once for the failure;
            the report files the scenario under it (``steps.report.capture.BLOCKED_ATTR``,
            docs/reports.md, "Blocked scenarios").
    """

    def __init__(self, message: str, blocked_by: str) -> None:
        super().__init__(message)
        self.blocked_by = blocked_by


def precondition(condition: bool, clause: str, where: str, expected: str, seen: object) -> None:
    """Fail the step as *blocked by* ``clause`` unless ``condition`` holds.

    For what a scenario needs before it can check what it cites: the typed text reached the
    input, the item is on screen, the prompt reached the agent. One cause then reads as one:
    the failure is charged to ``clause`` (the clause the precondition belongs to), and the
    scenario's own clauses are reported not reached, blocked by it, instead of failing each.
    The message is worded as :func:`violation` words it, marked as a precondition.

    Raises:
        Blocked: ``condition`` does not hold.
    """
    if not condition:
        shown = seen if isinstance(seen, str) else repr(seen)
        raise Blocked(
            f"[{clause}] {where}: expected {expected}; seen {shown} (a precondition of this "
            "scenario: its own checks were not reached)",
            clause,
        )
