"""Which clause verdicts fail the run: ``--fail-on must|should|any``.

Read like every setting of the harness (``steps.settings``): the command line, then
``$CHAT_CONFORMANCE_FAIL_ON``, then the ``chat_fail_on`` ini key, then ``any``.

* ``any`` (default): pytest's own exit status, unchanged: 1 when a scenario did not pass.
* ``must``: the exit status says whether the run is conformant at MUST. It is 1 when a
  MUST clause of a claimed profile (of the selected ones, after ``--clause``) is ``fail``
  or ``not-reached``, else 0, whatever the SHOULD, MAY and HARDENING results and the
  scenario outcomes are. ``known-failure`` (listed in the expectations file, which the
  team keeps) and ``untested`` (no scenario of the clause ran: a partial run) block
  nothing, as they do not under ``any``.
* ``should``: likewise for the MUST and SHOULD clauses.

Only pytest's statuses 0 and 1 are replaced: an interrupted run, a usage error or no
scenario collected keeps its own status. The verdicts are :mod:`steps.report.build`'s.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import pytest

from steps.settings import Setting, environ

SETTING = Setting("--fail-on", "CHAT_CONFORMANCE_FAIL_ON", "chat_fail_on")
"""Where the setting is read from, in precedence order."""
LEVELS_BY_CHOICE: dict[str, tuple[str, ...]] = {
    "must": ("MUST",),
    "should": ("MUST", "SHOULD"),
    "any": (),
}
"""The requirement levels whose clauses decide the exit status, by choice (``any``: pytest)."""
BLOCKING = frozenset({"fail", "not-reached"})
"""Clause verdicts that make the exit status 1 at a level :class:`FailOn` judges."""
DEFAULT = "any"
"""The choice when nothing is set."""


class FailOnError(ValueError):
    """The value is not one of :data:`LEVELS_BY_CHOICE`; the message names its source."""


@dataclass(frozen=True)
class FailOn:
    """The run's ``--fail-on`` choice and where it came from.

    Attributes:
        choice: ``must``, ``should`` or ``any``.
        source: The setting that supplied it, e.g. ``--fail-on (command line)``.
    """

    choice: str
    source: str

    @property
    def levels(self) -> tuple[str, ...]:
        """The levels whose clauses decide the exit status; empty for ``any``."""
        return LEVELS_BY_CHOICE[self.choice]

    def describe(self) -> str:
        """``must (--fail-on (command line))``, for the report header."""
        return f"{self.choice} ({self.source})"

    def exit_status(self, status: int, clauses: Iterable[Mapping[str, Any]]) -> int:
        """The run's exit status from pytest's ``status`` and the report's clause entries.

        Args:
            status: pytest's exit status.
            clauses: ``clauses`` of ``report.json`` (``level``, ``verdict``, ``selected``).

        Returns:
            ``status`` for ``any`` or a status other than 0 and 1; else 1 when a selected
            clause of a judged level has a :data:`BLOCKING` verdict, 0 otherwise.
        """
        if not self.levels or status not in (0, 1):
            return status
        return 1 if blocking(clauses, self.levels) else 0


def blocking(clauses: Iterable[Mapping[str, Any]], levels: Iterable[str]) -> list[str]:
    """Ids of the selected clauses of ``levels`` whose verdict is :data:`BLOCKING`."""
    wanted = set(levels)
    return [
        str(clause["id"])
        for clause in clauses
        if clause["level"] in wanted
        and clause.get("selected", True)
        and clause["verdict"] in BLOCKING
    ]


def add_options(parser: pytest.Parser) -> None:
    """Register ``--fail-on`` and its ini key."""
    SETTING.add_to(
        parser,
        metavar="must|should|any",
        help="which results fail the run: 'must' exits 0 when no MUST clause of a claimed "
        "profile fails or goes unreached, whatever SHOULD, MAY and HARDENING do; 'should' "
        "likewise for MUST and SHOULD; 'any' (default) is pytest's status (falls back to "
        f"${SETTING.env_var}, then the {SETTING.ini_key} ini key)",
        ini_help=f"--fail-on choice when {SETTING.option} is not given",
    )


def configure(config: pytest.Config) -> None:
    """Resolve the run's ``--fail-on`` choice into :data:`FAIL_ON_KEY`.

    Raises:
        FailOnError: The value set is not one of the choices; names its source.
    """
    config.stash[FAIL_ON_KEY] = resolve_fail_on(*SETTING.given(config), environ())


def resolve_fail_on(option: str | None, ini: str | None, environ: Mapping[str, str]) -> FailOn:
    """Pick the choice by precedence: option, environment, ini, default (``any``).

    Args:
        option: Value of ``--fail-on`` or ``None``.
        ini: Value of the ini key or ``None``/empty.
        environ: The process environment.

    Raises:
        FailOnError: The chosen value is not ``must``, ``should`` or ``any``.
    """
    found = SETTING.first_set(option, ini, environ)
    if found is None:
        return DEFAULT_FAIL_ON
    value, source = found
    choice = value.strip().lower()
    if choice not in LEVELS_BY_CHOICE:
        raise FailOnError(
            f"{source}: {value!r} is not a --fail-on choice; use one of "
            + ", ".join(LEVELS_BY_CHOICE)
        )
    return FailOn(choice, source)


DEFAULT_FAIL_ON = FailOn(DEFAULT, "default")
"""The choice when nothing is set: pytest's own exit status."""
FAIL_ON_KEY = pytest.StashKey[FailOn]()
"""This run's ``--fail-on`` choice, on ``config.stash`` (:func:`configure`)."""
