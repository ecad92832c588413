"""Rewrite the result table of ``docs/thirdparty.md`` from a conformance report of nonechat.

``python -m tests.thirdparty_report [DIR]`` runs ``pytest features`` against the
nonechat adapter with ``--conformance-report=DIR`` (a temporary folder if none is given)
in a subprocess, and rewrites the table between the ``results`` markers of
``docs/thirdparty.md`` from the run's ``report.json``. The verdicts and each scenario's
result for a clause are the report's (``steps/report/build.py``); this module only lays
them out, one row per clause. It is the maintainers' tool for that page (and
tests/test_thirdparty.py runs the suite through :func:`run_suite`), kept with the tests so
that ``examples/`` holds only clients and their adapters, none importing the harness.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from steps.clauses import LEVELS
from steps.report.render import count_results, summary_lines

ROOT = Path(__file__).resolve().parent.parent
"""The repository root: the subprocess runs there."""
ADAPTER = "examples/adapters/nonechat_adapter.py:adapter"
"""The adapter the script runs."""
DOC = ROOT / "docs" / "thirdparty.md"
"""The page whose result table the script rewrites."""
MARKERS = ("<!-- results:start -->", "<!-- results:end -->")
"""The lines that enclose the generated table in :data:`DOC`."""
RUN_TIMEOUT = 1800.0
"""Seconds the whole conformance run may take before the subprocess is killed (a guard:
under `make test` it shares two cores with the mutant runs)."""
SCENARIO_TIMEOUT = 240.0
"""Seconds each scenario may take (``--scenario-timeout``); nonechat animates its scrolls."""
FAILING = ("failed", "error", "timeout", "xfailed")
"""Results whose message the table shows for the clause."""


def run_suite(
    adapter: str,
    report_dir: Path,
    timeout: float = RUN_TIMEOUT,
    workers: int = 1,
    features: str | Sequence[str] = "features/chat_screen",
    scenario_timeout: float = SCENARIO_TIMEOUT,
    extra: Sequence[str] = (),
) -> subprocess.CompletedProcess[str]:
    """Run ``pytest features`` against ``adapter``, writing the conformance report.

    Args:
        adapter: ``path/to/file.py:attr`` or ``package.module:attr``.
        report_dir: Where ``--conformance-report`` writes ``report.json`` and the rest.
        timeout: Seconds before the subprocess is killed.
        workers: pytest-xdist workers (``-n``); 1 runs the scenarios in one process.
        features: The feature folder of the profile to run, or feature files.
        scenario_timeout: Seconds each scenario may take (``--scenario-timeout``).
        extra: More pytest arguments (a ``--deselect``).

    Returns:
        The finished process, with its output.

    Raises:
        subprocess.TimeoutExpired: The run took longer than ``timeout``.
    """
    command = [
        sys.executable, "-m", "pytest", *([features] if isinstance(features, str) else features),
        f"--adapter={adapter}",
        f"--conformance-report={report_dir}", "-p", "no:randomly", "-p", "no:cacheprovider",
        # pytest-timeout guards the harness itself; a scenario's own bound (a heavy one's tag
        # scaled by the run's bound, steps/watchdog.py) is what ends a slow app's scenario.
        f"--timeout={timeout:g}", "-q",
        # nonechat animates every scroll and Pilot waits for each animation: its
        # 8-submission scenario takes about 11 s, past the default 10 s scenario bound, and
        # its 200-submission one over 120 s when the machine is loaded (bounds, not checks).
        f"--scenario-timeout={scenario_timeout:g}",
        *(["-n", str(workers)] if workers > 1 else []),
        *extra,
    ]  # fmt: skip
    return subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=timeout, check=False
    )


def load_report(report_dir: Path) -> dict[str, Any]:
    """Read ``report.json`` from ``report_dir``."""
    loaded: dict[str, Any] = json.loads((report_dir / "report.json").read_text("utf-8"))
    return loaded


OUTCOME = re.compile(r"(\d+) (passed|failed|errors?|timeout|skipped|xfailed|xpassed)")
"""Counts in pytest's closing summary line."""
Run = tuple[subprocess.CompletedProcess[str], dict[str, Any]]
"""A finished third-party run and its ``report.json``."""


def output(finished: subprocess.CompletedProcess[str]) -> str:
    """The run's exit code and the tails of its output, for an assertion message."""
    return f"exit code {finished.returncode}\n{finished.stdout[-4000:]}\n{finished.stderr[-4000:]}"


def check_run_completed(run: Run, adapter: str) -> None:
    """The run ended with passes and failures only (exit 0 or 1), as its report says.

    Raises:
        AssertionError: Interrupted, an internal or usage error, or a report of another run.
    """
    finished, report = run
    # 0: all passed, 1: some failed; 2 interrupted, 3 internal error, 4 usage error.
    assert finished.returncode in (0, 1), output(finished)
    assert report["run"]["exit_status"] == finished.returncode
    assert report["adapter"]["spec"] == adapter


def check_every_scenario_reported(run: Run) -> None:
    """The report holds as many scenarios as pytest's summary line counted.

    Raises:
        AssertionError: A scenario is missing from the report, or none ran.
    """
    finished, report = run
    last = finished.stdout.strip().splitlines()[-1] if finished.stdout.strip() else ""
    counted = sum(int(count) for count, _ in OUTCOME.findall(last))
    assert report["scenarios"], output(finished)
    assert len(report["scenarios"]) == counted, f"pytest counted {counted}: {last}"


def known_timeout(
    entry: Mapping[str, Any], known: Mapping[str, tuple[tuple[str, ...], ...]]
) -> bool:
    """A TIMEOUT of a scenario the app is known to be too slow for, saying what ``known`` says.

    Args:
        entry: A scenario of ``report.json``.
        known: Scenario title -> phrases, each a tuple of words the message holds all of.
    """
    said = known.get(entry["title"], ())
    message = entry["message"] or ""
    return entry["outcome"] == "timeout" and any(
        all(words in message for words in phrases) for phrases in said
    )


def clause_table(report: Mapping[str, Any]) -> str:
    """The Markdown table: one row per clause of a claimed profile.

    Each row gives the clause's verdict, the scenarios citing it or failing on it (an
    outline's examples together) with their results for it, and the first failure
    message that counts against it or, when it was not reached, the clauses its
    scenarios failed on first.
    """
    scenarios = {entry["id"]: entry for entry in report["scenarios"]}
    lines = [
        "| clause | level | verdict | scenarios (result for the clause) "
        "| first failure on it, or where its scenarios stopped |",
        "|---|---|---|---|---|",
    ]
    for clause in report["clauses"]:
        if clause["verdict"] == "not-claimed":
            continue
        results = [(scenarios[nodeid], result) for nodeid, result in clause["results"].items()]
        verdict = f"**{clause['verdict']}**" if clause["verdict"] == "fail" else clause["verdict"]
        row = [f"`{clause['id']}`", clause["level"], verdict, _scenarios(results), _why(results)]
        lines.append(f"| {' | '.join(row)} |")
    return "\n".join(lines)


def _scenarios(results: list[tuple[dict[str, Any], str]]) -> str:
    """Scenario names as written with their results; an outline's examples counted together."""
    groups: dict[str, list[str]] = {}
    for entry, result in results:
        groups.setdefault(entry["scenario"], []).append(result)
    return "<br>".join(_cell(f"{name} ({count_results(found)})") for name, found in groups.items())


def _why(results: list[tuple[dict[str, Any], str]]) -> str:
    """The first failure counting against the clause, else the clauses that stopped it."""
    failing = next((entry for entry, result in results if result in FAILING), None)
    if failing is not None:
        return _cell(_short(failing["message"] or failing["outcome"]))
    stopped = {entry["failed_clause"]: None for entry, result in results if result == "not-reached"}
    return "failed first on " + ", ".join(f"`{name}`" for name in stopped) if stopped else ""


def _short(message: str, limit: int = 160) -> str:
    """The first line of ``message``, cut to ``limit`` characters."""
    line = message.strip().splitlines()[0]
    return line if len(line) <= limit else line[: limit - 1] + "…"


def _cell(text: str) -> str:
    """``text`` safe inside a Markdown table cell."""
    return text.replace("|", "\\|")


def results_section(report: Mapping[str, Any]) -> str:
    """What goes between the markers: the run's summary, then :func:`clause_table`."""
    run = ", ".join(f"{count} {name}" for name, count in report["outcomes"].items() if count)
    levels = zip(LEVELS, summary_lines(report), strict=True)
    summary = "; ".join(line for level, line in levels if report["totals"][level]["applicable"])
    return f"Run: {run} scenarios. Clauses: {summary}.\n\n{clause_table(report)}"


def rewrite_doc(doc: Path, text: str) -> None:
    """Replace what lies between the :data:`MARKERS` lines of ``doc`` with ``text``.

    Raises:
        ValueError: ``doc`` lacks a marker.
    """
    page = doc.read_text(encoding="utf-8")
    start, end = MARKERS
    if start not in page or end not in page:
        raise ValueError(f"{doc}: missing the markers {start!r} and {end!r}")
    head, rest = page.split(start, 1)
    _old, tail = rest.split(end, 1)
    doc.write_text(f"{head}{start}\n{text}\n{end}{tail}", encoding="utf-8")


def main(argv: list[str]) -> int:
    """Run the suite against :data:`ADAPTER` and rewrite the table in :data:`DOC`."""
    with tempfile.TemporaryDirectory() as scratch:
        report_dir = Path(argv[0]).resolve() if argv else Path(scratch)
        finished = run_suite(ADAPTER, report_dir)
        if finished.returncode not in (0, 1):
            sys.stderr.write(finished.stdout[-3000:] + finished.stderr[-3000:])
            return finished.returncode
        report = load_report(report_dir)
    rewrite_doc(DOC, results_section(report))
    print(f"{DOC.relative_to(ROOT)}: {'; '.join(summary_lines(report))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
