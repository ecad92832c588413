"""Writing the conformance report: ``report.json`` (validated), ``report.md``, ``report.html``.

The three files show the same data, built once by :func:`steps.report.build.build`.
``report.html`` is one self-contained file (inline CSS, inline SVG screenshots, no
script, nothing fetched); the screenshots are also written as ``screenshots/*.svg``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from datetime import datetime, timedelta
from functools import cache
from pathlib import Path
from typing import Any

import jinja2
from jsonschema import Draft202012Validator
from markupsafe import Markup, escape

from steps.clauses import LEVELS

SCHEMA_PATH = Path(__file__).with_name("schema.json")
"""JSON Schema of ``report.json``."""
TEMPLATES = Path(__file__).with_name("templates")
"""Jinja2 templates of the HTML report and the living docs."""
NOT_PASSED = ("failed", "error", "timeout", "xpassed", "xfailed")
"""Outcomes listed with their message (and screenshot), in this order."""
OUTCOME_SYMBOLS = {
    "passed": "✅",
    "failed": "❌",
    "error": "💥",
    "timeout": "⏱️",
    "skipped": "⏭️",
    "xfailed": "🟧",
    "xpassed": "❗",
}
"""Symbol of each scenario outcome in ``report.md``."""
RESULTS = (*OUTCOME_SYMBOLS, "not-reached")
"""What a scenario can say about a clause (``results`` of a clause), in display order."""
OTHER_VERDICTS = (
    "fail",
    "known-failure",
    "not-reached",
    "untested",
    "review",
    "not-claimed",
    "planned",
)
"""Clause verdicts a summary line names after the passes, in this order."""
_CODE_SPAN = re.compile(r"`([^`]+)`")


class ReportError(Exception):
    """The report data does not match ``steps/report/schema.json`` (a harness bug)."""


@cache
def schema() -> dict[str, Any]:
    """Return the JSON Schema of ``report.json``."""
    loaded: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return loaded


def validate(report: Mapping[str, Any]) -> None:
    """Check ``report`` against :data:`SCHEMA_PATH`.

    Raises:
        ReportError: One line per violation, with the JSON path of the bad value.
    """
    validator = Draft202012Validator(schema(), format_checker=Draft202012Validator.FORMAT_CHECKER)
    errors = sorted(validator.iter_errors(report), key=lambda error: list(error.path))
    if errors:
        lines = [f"  {error.json_path}: {error.message}" for error in errors]
        raise ReportError("report.json does not match its schema:\n" + "\n".join(lines))


def write(report: Mapping[str, Any], files: Mapping[str, str], directory: Path) -> list[Path]:
    """Validate ``report`` and write the report files into ``directory``.

    Args:
        report: Data of ``report.json``.
        files: SVG text of each screenshot, by its path relative to ``directory``.
        directory: Created if missing; screenshots of an earlier run there are removed.

    Returns:
        The paths of ``report.json``, ``report.md`` and ``report.html``.

    Raises:
        ReportError: ``report`` does not match the schema; nothing is written.
    """
    validate(report)
    shots = directory / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    for old in shots.glob("*.svg"):
        old.unlink()
    # A client may draw text that is not Unicode (a file name's undecodable byte, kept as a
    # lone surrogate): written escaped (``\\udcff``) instead of failing the whole report.
    for relative, svg in files.items():
        (directory / relative).write_text(svg, encoding="utf-8", errors="backslashreplace")
    paths = [directory / name for name in ("report.json", "report.md", "report.html")]
    data = json.dumps(report, ensure_ascii=False, indent=2) + "\n"
    paths[0].write_text(data, encoding="utf-8", errors="backslashreplace")
    paths[1].write_text(markdown(report), encoding="utf-8", errors="backslashreplace")
    paths[2].write_text(html(report, files), encoding="utf-8", errors="backslashreplace")
    return paths


# -- report.md -------------------------------------------------------------------------


def selection_note(report: Mapping[str, Any]) -> str | None:
    """Say that the run selected clauses, and which, or ``None`` when it did not.

    ``--clause role-borders, input-cleared: only the scenarios citing these 2 clauses ran;
    the totals count these clauses only``.
    """
    selection = report["run"].get("selection")
    if not selection:
        return None
    chosen = selection["clauses"]
    these = "this clause" if len(chosen) == 1 else f"these {len(chosen)} clauses"
    return (
        f"--clause {', '.join(chosen)}: only the scenarios citing {these} ran; "
        f"the totals count {these} only"
    )


def summary_lines(report: Mapping[str, Any]) -> list[str]:
    """One line per level: ``MUST 31/33``, then the other verdicts that occurred.

    After a selection (:func:`selection_note`), the levels with no selected clause are left
    out.
    """
    lines = []
    selected = bool(report["run"].get("selection"))
    for level in LEVELS:
        counts = report["totals"][level]
        if selected and not counts["applicable"]:
            continue
        others = [f"{counts[verdict]} {verdict}" for verdict in OTHER_VERDICTS if counts[verdict]]
        detail = f" ({', '.join(others)})" if others else ""
        lines.append(f"{level} {counts['pass']}/{counts['applicable']}{detail}")
    return lines


def markdown(report: Mapping[str, Any]) -> str:
    """Render ``report.md``: header, a summary line per level, the clause table, failures."""
    adapter, run = report["adapter"], report["run"]
    lines = [
        f"# Conformance report: {adapter['name']} {adapter['implementation_version']}",
        "",
        f"- Harness: {report['harness']['name']} {report['harness']['version']}",
        *(
            f"- Profile {p['name']} (spec version {p['spec_version']}): "
            + (f"checked on {p['implementation']}" if p.get("implementation") else "not claimed")
            for p in report["profiles"]
        ),
        f"- Adapter: `{adapter['spec']}` (from {adapter['source']})",
        f"- Run: {run['started']}, {run['duration_seconds']:g} s, "
        f"pytest exit status {run['exit_status']}",
        f"- Expectations file: {run['expectations'] or 'none'}",
        "",
        "## Summary",
        "",
        *([f"**Selection**: {note}.", ""] if (note := selection_note(report)) else []),
        *(f"{line}  " for line in summary_lines(report)),
        "",
        "Scenarios: "
        + ", ".join(f"{count} {name}" for name, count in report["outcomes"].items() if count),
        "",
        *_clause_table(report),
        *_failures(report),
    ]
    return "\n".join(lines).rstrip() + "\n"


def _clause_table(report: Mapping[str, Any]) -> list[str]:
    lines = ["## Clauses", "", "| Clause | Level | Verdict | Scenarios |", "|---|---|---|---|"]
    for clause in report["clauses"]:
        counted = count_results(clause["results"].values())
        verdict = clause["verdict"] + ("" if clause.get("selected", True) else " (not selected)")
        lines.append(f"| `{clause['id']}` | {clause['level']} | {verdict} | {counted or '-'} |")
    return [*lines, ""]


def count_results(results: Iterable[str]) -> str:
    """``1 passed, 7 not-reached``: how many of ``results`` are each one (:data:`RESULTS` order)."""
    seen = list(results)
    return ", ".join(f"{seen.count(name)} {name}" for name in RESULTS if name in seen)


def _failures(report: Mapping[str, Any]) -> list[str]:
    failing = [entry for entry in report["scenarios"] if entry["outcome"] in NOT_PASSED]
    if not failing:
        return []
    lines = ["## Scenarios that did not pass", ""]
    for entry in sorted(failing, key=lambda entry: NOT_PASSED.index(entry["outcome"])):
        named = entry["failed_clause"]
        lines += [
            f"### {OUTCOME_SYMBOLS[entry['outcome']]} {entry['outcome']}: {entry['title']}",
            "",
            f"`{entry['feature']}:{entry['line']}`; clauses: "
            + ", ".join(f"`{clause}`" for clause in entry["clauses"])
            + (f"; failed on `{named}`" if named else ""),
            "",
        ]
        if entry["failed_step"]:
            lines += [f"Failed step: {entry['failed_step']}", ""]
        lines += ["```text", entry["message"] or "(no message)", "```", ""]
        if entry["screenshot"]:
            lines += [f"![Screen at the failure]({entry['screenshot']})", ""]
        elif entry["screenshot_note"]:
            lines += [f"*{entry['screenshot_note']}*", ""]
        if entry.get("replay"):
            lines += ["<details><summary>Replay script</summary>", "", "```python"]
            lines += [entry["replay"], "```", "", "</details>", ""]
    return lines


# -- report.html -----------------------------------------------------------------------


@cache
def environment() -> jinja2.Environment:
    """The Jinja2 environment of :data:`TEMPLATES` (HTML autoescaped)."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=jinja2.select_autoescape(["html"]),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["code_spans"] = code_spans
    env.filters["when"] = when
    return env


def code_spans(text: str) -> Markup:
    """Escape ``text`` for HTML and show its Markdown code spans (`` `x` ``) as ``<code>``."""
    return Markup(_CODE_SPAN.sub(r"<code>\1</code>", str(escape(text))))


def when(timestamp: str) -> str:
    """``2026-11-29 22:35:18 UTC`` from an ISO 8601 timestamp with a UTC offset."""
    moment = datetime.fromisoformat(timestamp)
    zone = "UTC" if moment.utcoffset() == timedelta(0) else moment.strftime("%z")
    return f"{moment:%Y-%m-%d %H:%M:%S} {zone}"


def html(report: Mapping[str, Any], files: Mapping[str, str]) -> str:
    """Render ``report.html`` with every screenshot inline (see ``templates/report.html``)."""
    scenarios = report["scenarios"]
    areas: dict[str, list[Mapping[str, Any]]] = {}
    for clause in report["clauses"]:
        areas.setdefault(f"{clause['profile']} · {clause['area']}", []).append(clause)
    return (
        environment()
        .get_template("report.html")
        .render(
            report=report,
            levels=LEVELS,
            summary=summary_lines(report),
            selection=selection_note(report),
            areas=areas,
            anchors={entry["id"]: f"s{number}" for number, entry in enumerate(scenarios, 1)},
            by_id={entry["id"]: entry for entry in scenarios},
            failing=sorted(
                (entry for entry in scenarios if entry["outcome"] in NOT_PASSED),
                key=lambda entry: NOT_PASSED.index(entry["outcome"]),
            ),
            svgs={path: Markup(svg) for path, svg in files.items()},  # our own SVG export
            not_passed=NOT_PASSED,
        )
    )
