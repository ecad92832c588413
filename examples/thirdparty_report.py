"""Run the conformance suite against a third-party adapter and tabulate it clause by clause.

One small module with two roles:

* a pytest plugin, ``-p examples.thirdparty_report --verdict-log PATH``, that writes each
  scenario's verdict (as ``steps.verdicts`` classified it), the clauses it cites and the
  first line of its failure to ``PATH`` as JSON;
* a script, ``python -m examples.thirdparty_report``, that runs ``pytest features`` with
  that plugin in a subprocess and rewrites the result table of ``docs/thirdparty.md``
  between its ``results`` markers.

The harness's own report plugin (``--conformance-report``) is meant to supersede this;
until then it is the generator of the table in ``docs/thirdparty.md``.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path

import pytest
from pytest_bdd.parser import Feature, Scenario

from steps.clauses import catalogue
from steps.verdicts import Verdict

ROOT = Path(__file__).resolve().parent.parent
"""The repository root: the subprocess runs there."""
ADAPTER = "examples/adapters/nonechat_adapter.py:adapter"
"""The adapter the script runs by default."""
DOC = ROOT / "docs" / "thirdparty.md"
"""The page whose result table the script rewrites."""
MARKERS = ("<!-- results:start -->", "<!-- results:end -->")
"""The lines that enclose the generated table in :data:`DOC`."""
RUN_TIMEOUT = 900.0
"""Seconds the whole conformance run may take before the subprocess is killed."""
CLAUSE_ID = re.compile(r"^(?:[\w.]+: )?\[([a-z0-9-]+)\] ")
"""A failure message's leading clause id, after the exception type: ``[display-format]``."""


@dataclass
class ScenarioResult:
    """What one scenario (one test) came to.

    Attributes:
        nodeid: The pytest node id.
        clauses: Ids of the clauses its tags cite.
        name: The scenario's name, an outline's with the example's values filled in.
        template: The name as written in the feature (an outline's, with ``<placeholders>``).
        verdict: The first verdict other than ``passed`` over its phases, else ``passed``.
        message: First line of the failure, ``""`` when it passed.
    """

    nodeid: str
    clauses: list[str]
    name: str = ""
    template: str = ""
    verdict: str = Verdict.PASSED.value
    message: str = ""


@dataclass
class VerdictLog:
    """The plugin object: collects a :class:`ScenarioResult` per test and writes them."""

    path: Path
    results: dict[str, ScenarioResult] = field(default_factory=dict)

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        """Note each scenario's cited clauses; its name is known once it starts."""
        for item in session.items:
            clauses = [mark.args[0] for mark in item.iter_markers("clause")]
            self.results[item.nodeid] = ScenarioResult(item.nodeid, clauses, name=item.name)

    def pytest_bdd_before_scenario(
        self, request: pytest.FixtureRequest, feature: Feature, scenario: Scenario
    ) -> None:
        """Note the scenario's name and, for an outline, the name as written."""
        result = self.results.get(request.node.nodeid)
        if result is not None:
            result.name = scenario.name
            templates = {t.line_number: t.name for t in feature.scenarios.values()}
            result.template = templates.get(scenario.line_number, scenario.name)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        """Keep the first phase verdict that is not ``passed``, and its message."""
        result = self.results.get(report.nodeid)
        verdicts = [value for name, value in report.user_properties if name == "phase_verdict"]
        if result is None or not verdicts or result.verdict != Verdict.PASSED.value:
            return
        if verdicts[-1] != Verdict.PASSED.value:
            result.verdict = str(verdicts[-1])
            result.message = _first_line(report)

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        """Write every result, in collection order, as a JSON list."""
        rows = [asdict(result) for result in self.results.values()]
        self.path.write_text(json.dumps(rows, ensure_ascii=False, indent=1), encoding="utf-8")


def pytest_addoption(parser: pytest.Parser) -> None:
    """Register ``--verdict-log``."""
    parser.addoption(
        "--verdict-log",
        metavar="PATH",
        default=None,
        help="write each scenario's verdict, clauses and first failure line to PATH (JSON)",
    )


def pytest_configure(config: pytest.Config) -> None:
    """Register the :class:`VerdictLog` when ``--verdict-log`` is given."""
    path = config.getoption("verdict_log")
    if path:
        config.pluginmanager.register(VerdictLog(Path(path)), "thirdparty-verdict-log")


def _first_line(report: pytest.TestReport) -> str:
    """The crash message's first line (``Type: message``), or the report's first line."""
    crash = getattr(report.longrepr, "reprcrash", None)
    text = crash.message if crash is not None else str(report.longrepr)
    return text.strip().splitlines()[0] if text.strip() else ""


# -- the script -----------------------------------------------------------------------


def run_suite(
    adapter: str, log: Path, timeout: float = RUN_TIMEOUT
) -> subprocess.CompletedProcess[str]:
    """Run ``pytest features`` against ``adapter`` in a subprocess, logging verdicts to ``log``.

    Args:
        adapter: ``path/to/file.py:attr`` or ``package.module:attr``.
        log: Where the :class:`VerdictLog` writes.
        timeout: Seconds before the subprocess is killed.

    Returns:
        The finished process, with its output.

    Raises:
        subprocess.TimeoutExpired: The run took longer than ``timeout``.
    """
    command = [
        sys.executable, "-m", "pytest", "features", f"--adapter={adapter}",
        "-p", "examples.thirdparty_report", f"--verdict-log={log}",
        "-p", "no:cacheprovider", "--randomly-seed=1", "--timeout=120", "-q",
    ]  # fmt: skip
    return subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=timeout, check=False
    )


def load_results(log: Path) -> list[ScenarioResult]:
    """Read what :class:`VerdictLog` wrote."""
    return [ScenarioResult(**row) for row in json.loads(log.read_text(encoding="utf-8"))]


def cited(message: str) -> str | None:
    """The clause a failure message names (``steps.checks.violation`` puts it first)."""
    match = CLAUSE_ID.match(message)
    return match.group(1) if match else None


def clause_table(results: list[ScenarioResult], profile: str = "chat_screen") -> str:
    """The Markdown table: one row per catalogued clause.

    A clause is ``FAIL`` when a failure message cites it, ``PASS`` when every scenario
    citing it passed, ``PASS where reached`` when some passed and the others failed
    first on another clause, and ``not reached`` when all of them failed first on
    another clause. An outline's examples share one entry with their verdict counts.
    """
    lines = [
        "| clause | level | verdict | scenarios citing it (verdicts) "
        "| first failure naming it, or what stopped its scenarios |",
        "|---|---|---|---|---|",
    ]
    for clause in catalogue(profile).values():
        mine = [result for result in results if clause.id in result.clauses]
        failing = [result for result in results if cited(result.message) == clause.id]
        passed = [result for result in mine if result.verdict == Verdict.PASSED.value]
        stopped = next((result.message for result in mine if result.message), "")
        if failing:
            verdict, message = "**FAIL**", failing[0].message
        elif not mine:
            verdict, message = "no scenario", ""
        elif len(passed) == len(mine):
            verdict, message = "PASS", ""
        else:
            verdict, message = ("PASS where reached" if passed else "not reached"), stopped
        row = [f"`{clause.id}`", clause.level, verdict, _scenarios(mine), _short(message)]
        lines.append(f"| {' | '.join(row)} |")
    return "\n".join(lines)


def _scenarios(results: list[ScenarioResult]) -> str:
    """Scenario names with their verdicts; an outline's examples counted together."""
    groups: dict[str, list[str]] = {}
    for result in results:
        groups.setdefault(result.template or result.name, []).append(result.verdict)
    entries = []
    for name, verdicts in groups.items():
        counts = ", ".join(f"{verdicts.count(v)} {v}" for v in sorted(set(verdicts)))
        entries.append(f"{name} ({counts})".replace("|", "\\|"))
    return "<br>".join(entries)


def _short(message: str, limit: int = 160) -> str:
    """``message`` without the exception type, cut to ``limit`` characters, table-safe."""
    text = message.removeprefix("AssertionError: ").replace("|", "\\|")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def summary(results: list[ScenarioResult]) -> str:
    """One line: how many scenarios had each verdict."""
    counts: dict[str, int] = {}
    for result in results:
        counts[result.verdict] = counts.get(result.verdict, 0) + 1
    return ", ".join(f"{count} {verdict}" for verdict, count in sorted(counts.items()))


def rewrite_doc(doc: Path, table: str) -> None:
    """Replace what lies between the :data:`MARKERS` lines of ``doc`` with ``table``.

    Raises:
        ValueError: ``doc`` lacks a marker.
    """
    text = doc.read_text(encoding="utf-8")
    start, end = MARKERS
    if start not in text or end not in text:
        raise ValueError(f"{doc}: missing the markers {start!r} and {end!r}")
    head, rest = text.split(start, 1)
    _old, tail = rest.split(end, 1)
    doc.write_text(f"{head}{start}\n{table}\n{end}{tail}", encoding="utf-8")


def main() -> int:
    """Run the suite against :data:`ADAPTER` and rewrite the table in :data:`DOC`."""
    log = ROOT / ".thirdparty-verdicts.json"
    finished = run_suite(ADAPTER, log)
    if finished.returncode not in (0, 1):
        sys.stderr.write(finished.stdout[-3000:] + finished.stderr[-3000:])
        return finished.returncode
    results = load_results(log)
    table = f"Run: {summary(results)}.\n\n{clause_table(results)}"
    rewrite_doc(DOC, table)
    log.unlink()
    print(f"{DOC.relative_to(ROOT)}: {summary(results)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
