"""A pytest plugin for the meta-test's runs of the conformance suite: outcomes by clause.

``tests/test_mutants.py`` runs ``pytest features -p tests.scenario_outcomes`` in a
subprocess per implementation. The plugin narrows the run to the scenarios citing given
clauses (``--only-clause``) and writes one JSON record per scenario (``--outcomes-json``):
its node id, its readable name, the clauses it cites (read from the ``clause`` markers
that ``@clause:<id>`` tags become), its verdict and the first line of its failure.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass
from pathlib import Path

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    """Register ``--outcomes-json`` and ``--only-clause``."""
    group = parser.getgroup("scenario-outcomes", "outcomes by clause (tests/test_mutants.py)")
    group.addoption("--outcomes-json", metavar="PATH", help="write scenario outcomes here")
    group.addoption(
        "--only-clause",
        action="append",
        default=[],
        metavar="ID",
        help="run only the scenarios citing this clause (repeatable)",
    )


def pytest_configure(config: pytest.Config) -> None:
    """Register the recorder of this run."""
    config.pluginmanager.register(Recorder(config), "scenario-outcomes-recorder")


@dataclass
class ScenarioOutcome:
    """What one scenario cites and how it ended.

    Attributes:
        nodeid: The pytest node id.
        name: ``<feature>: <scenario>``, outline placeholders filled from the example.
        clauses: Ids of the clauses the scenario cites.
        verdict: The harness verdict (``steps.verdicts``) of the first phase that did not
            pass, else ``passed``.
        message: First line of that phase's failure; empty when the scenario passed.
    """

    nodeid: str
    name: str
    clauses: list[str]
    verdict: str = "passed"
    message: str = ""


class Recorder:
    """Selects scenarios by clause and records their outcomes for one run."""

    def __init__(self, config: pytest.Config) -> None:
        """Record for ``config``'s run."""
        self.config = config
        self.outcomes: dict[str, ScenarioOutcome] = {}

    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        """Deselect scenarios citing none of the ``--only-clause`` ids; note the others."""
        wanted = set(self.config.getoption("only_clause"))
        kept, dropped = [], []
        for item in items:
            cited = clauses_of(item)
            if wanted and not wanted & set(cited):
                dropped.append(item)
                continue
            kept.append(item)
            self.outcomes[item.nodeid] = ScenarioOutcome(item.nodeid, scenario_name(item), cited)
        if dropped:
            self.config.hook.pytest_deselected(items=dropped)
            items[:] = kept

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        """Keep the verdict and message of the first phase of a scenario that did not pass."""
        outcome = self.outcomes.get(report.nodeid)
        if outcome is None or report.passed or outcome.verdict != "passed":
            return
        properties = dict(report.user_properties)
        verdict = properties.get("phase_verdict", properties.get("verdict", report.outcome))
        outcome.verdict = str(verdict)
        outcome.message = first_line(report)

    def pytest_sessionfinish(self, exitstatus: int) -> None:
        """Write the outcomes to ``--outcomes-json``."""
        path = self.config.getoption("outcomes_json")
        if path:
            scenarios = [asdict(outcome) for outcome in self.outcomes.values()]
            document = {"exitstatus": int(exitstatus), "scenarios": scenarios}
            Path(path).write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")


def clauses_of(item: pytest.Item) -> list[str]:
    """Ids of the clauses ``item`` cites, without repeats."""
    return sorted({str(mark.args[0]) for mark in item.iter_markers("clause")})


def scenario_name(item: pytest.Item) -> str:
    """``<feature file>: <scenario>`` with an outline's example filled in or appended.

    pytest-bdd sets each scenario function's docstring to ``<feature path>: <scenario>``.
    """
    doc = getattr(getattr(item, "obj", None), "__doc__", None) or item.name
    path, _, name = doc.strip().rpartition(": ")
    callspec = getattr(item, "callspec", None)
    example = callspec.params.get("_pytest_bdd_example", {}) if callspec else {}
    filled = re.sub(r"<(\w+)>", lambda match: str(example.get(match[1], match[0])), name)
    if example and filled == name:
        filled += f" [{', '.join(map(str, example.values()))}]"
    return f"{Path(path).name}: {filled}" if path else filled


def first_line(report: pytest.TestReport) -> str:
    """The first line of a failed phase's message (the exception, not the traceback)."""
    crash = getattr(report.longrepr, "reprcrash", None)
    text = (crash.message if crash is not None else str(report.longrepr)).strip()
    return text.splitlines()[0] if text else report.outcome
