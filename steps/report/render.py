"""Writing the conformance report: ``report.json`` (validated), ``report.md``, ``report.html``.

The three files show the same data, built once by :func:`steps.report.build.build`.
``report.html`` is one self-contained file (inline CSS, inline SVG screenshots, no
script, nothing fetched); the screenshots are also written as ``screenshots/*.svg``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection, Iterable, Mapping
from datetime import datetime, timedelta
from functools import cache
from pathlib import Path
from typing import Any

import jinja2
from jsonschema import Draft202012Validator
from markupsafe import Markup, escape

from steps.clauses import LEVELS, QUOTED_LEVELS, quote_text
from steps.report.groups import conformant_at_must

SCHEMA_PATH = Path(__file__).with_name("schema.json")
"""JSON Schema of ``report.json``."""
FORMATS = ("json", "md", "html")
"""The report's formats, each written as ``report.<format>`` (``--conformance-report-format``)."""
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
GLYPHS = {
    "passed": "✓",
    "pass": "✓",
    "failed": "✗",
    "fail": "✗",
    "error": "!",
    "timeout": "◔",
    "skipped": "\u2013",  # an en dash
    "xfailed": "~",
    "known-failure": "~",
    "xpassed": "‼",
    "not-reached": "⊘",
    "review": "?",
    "untested": "·",
}
"""The glyph ``report.html`` draws with each outcome, result and verdict: with the label
and a pattern, it tells them apart where colours alone would not (colour-blind readers)."""
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


def write(
    report: Mapping[str, Any],
    files: Mapping[str, str],
    directory: Path,
    formats: Collection[str] = FORMATS,
) -> list[Path]:
    """Validate ``report`` and write the report files into ``directory``.

    Args:
        report: Data of ``report.json``.
        files: SVG text of each screenshot, by its path relative to ``directory``.
        directory: Created if missing; screenshots of an earlier run there are removed.
        formats: Which of :data:`FORMATS` to write (``report.<format>``); the schema
            check and the screenshots happen whatever the choice.

    Returns:
        The paths written, among ``report.json``, ``report.md`` and ``report.html``, in
        that order.

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
    writers: dict[str, Callable[[], str]] = {
        "json": lambda: json.dumps(report, ensure_ascii=False, indent=2) + "\n",
        "md": lambda: markdown(report),
        "html": lambda: html(report, files),
    }
    paths = []
    for name in (each for each in FORMATS if each in formats):
        path = directory / f"report.{name}"
        path.write_text(writers[name](), encoding="utf-8", errors="backslashreplace")
        paths.append(path)
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


def level_parts(counts: Mapping[str, int]) -> list[str]:
    """What the applicable clauses of one level are, in parts that add up to them.

    ``["9 pass", "1 fail", "22 blocked by 1 failure"]``: ``pass``, ``fail``, ``known
    failure``, the ``not-reached`` clauses split into those a failure blocked (``blocked
    by N failures``: the distinct clauses whose failures stopped their scenarios) and
    those only errors and timeouts stopped (``stopped by an error or a timeout``), then
    ``review`` and ``untested``. Unclaimed and planned clauses are not among them
    (:func:`unclaimed_line`).

    Args:
        counts: One level of ``totals`` (``steps.report.build.totals``).
    """
    return [f"{count} {words}" for _, count, words in _parts(counts) if count]


AGAINST = ("fail", "known-failure", "not-reached")
"""The verdicts of a MUST clause that make an implementation not conformant."""


def _parts(counts: Mapping[str, int]) -> list[tuple[str, int, str]]:
    """``(verdict, count, words)`` of each part of :func:`level_parts`, zeros included."""
    blocked = counts.get("blocked", 0)
    blocking = counts.get("blocking", 0)
    return [
        ("pass", counts["pass"], "pass"),
        ("fail", counts["fail"], "fail"),
        ("known-failure", counts["known-failure"], "known failure"),
        ("not-reached", blocked, f"blocked by {blocking} failure{'' if blocking == 1 else 's'}"),
        ("not-reached", counts["not-reached"] - blocked, "stopped by an error or a timeout"),
        ("review", counts["review"], "left to review"),
        ("untested", counts["untested"], "untested"),
    ]


def level_line(level: str, counts: Mapping[str, int]) -> str:
    """``MUST 9/32: 9 pass, 1 fail, 22 blocked by 1 failure`` (:func:`level_parts`).

    ``MUST 0/0: no clause applies`` when the claimed profiles have none of this level.
    """
    head = f"{level} {counts['pass']}/{counts['applicable']}"
    return f"{head}: {', '.join(level_parts(counts)) or 'no clause applies'}"


def summary_lines(report: Mapping[str, Any]) -> list[str]:
    """One line per level over the claimed profiles: :func:`level_line`.

    The parts of each line add up to its total; what the adapter does not claim is not
    counted (:func:`unclaimed_line` says what). After a selection
    (:func:`selection_note`), the levels with no selected clause are left out.
    """
    lines = []
    selected = bool(report["run"].get("selection"))
    for level in LEVELS:
        counts = report["totals"][level]
        if selected and not counts["applicable"]:
            continue
        lines.append(level_line(level, counts))
    return lines


def unclaimed_line(report: Mapping[str, Any]) -> str | None:
    """Say which clauses are not counted, because the adapter does not claim them.

    ``Not counted: 34 clauses of profile chat_screen and 170 of rawp_crs's parts not
    claimed (it claims part 1).``; ``None`` when every clause is claimed. Clauses of
    parts not built yet (``planned``) are named likewise.
    """
    claimed = {p["name"]: p for p in report["profiles"] if p["claimed"]}
    counted: dict[str, dict[str, int]] = {}
    for clause in report["clauses"]:
        if clause["verdict"] in ("not-claimed", "planned") and clause.get("selected", True):
            per = counted.setdefault(clause["profile"], {})
            per[clause["verdict"]] = per.get(clause["verdict"], 0) + 1
    if not counted:
        return None
    said = []
    for name, per in counted.items():
        if per.get("not-claimed"):
            profile = claimed.get(name)
            if profile is None:
                said.append(f"{per['not-claimed']} clauses of profile {name} (not claimed)")
            else:
                parts = ", ".join(map(str, profile.get("parts") or []))
                said.append(
                    f"{per['not-claimed']} clauses of {name}'s parts not claimed "
                    f"(it claims part {parts})"
                )
        if per.get("planned"):
            said.append(f"{per['planned']} clauses of {name}'s parts not built yet")
    return f"Not counted: {' and '.join(said)}."


def implementations(report: Mapping[str, Any]) -> str:
    """Every implementation the run checked, for a title: ``reference_app 0.1.0 and ...``.

    Read from the profiles checked (``implementation``); an old report without them
    names the adapter's implementation.
    """
    checked = list(
        dict.fromkeys(p["implementation"] for p in report["profiles"] if p.get("implementation"))
    )
    if not checked:
        adapter = report["adapter"]
        return f"{adapter['name']} {adapter['implementation_version']}"
    return " and ".join([", ".join(checked[:-1]), checked[-1]] if len(checked) > 1 else checked)


def adapter_entry(report: Mapping[str, Any]) -> tuple[str, str]:
    """The header's adapter entry: ``("Adapter", "`spec` (from source)")``.

    When the profiles ran through different adapters (each on its reference, by
    default), ``("Adapters", ...)`` points to the profile lines, which name them.
    """
    adapter = report["adapter"]
    specs = {p["adapter"] for p in report["profiles"] if p.get("adapter")}
    default = adapter["source"].startswith("default")
    if len(specs) > 1:
        if default:
            return "Adapters", "none set: each profile ran on its reference, named on its line"
        return "Adapters", f"one per profile, named on its line; set by {adapter['source']}"
    spec = next(iter(specs), adapter["spec"])
    if default:
        return "Adapter", f"`{spec}`: none set, the reference"
    return "Adapter", f"`{spec}`, set by {adapter['source']}"


def conformance_line(report: Mapping[str, Any]) -> str:
    """Say whether the run is conformant at MUST, with the MUST count (``docs/reports.md``).

    Conformant when every (selected) MUST clause of the claimed profiles passes, or is
    left to review; not conformant when one fails, is a known failure or was not reached;
    not established when one is untested (a partial run) or no MUST clause applies.
    """
    must = report["totals"]["MUST"]
    scope = "selected MUST clauses" if report["run"].get("selection") else "MUST clauses"
    count = f"MUST {must['pass']}/{must['applicable']}"
    against = [
        f"{count} {words}" for verdict, count, words in _parts(must) if count and verdict in AGAINST
    ]
    if against:
        return f"Not conformant at MUST: {', '.join(against)} ({count})."
    if not must["applicable"]:
        return f"Conformance at MUST not established: no {scope} of a claimed profile."
    if must["untested"]:
        return (
            f"Conformance at MUST not established: {must['untested']} {scope} untested, "
            f"no scenario of theirs ran ({count})."
        )
    if must["review"]:
        left = "1 is" if must["review"] == 1 else f"{must['review']} are"
        return (
            f"Conformant at MUST: every one of the {scope} checked by scenario passes; "
            f"{left} left to review ({count})."
        )
    return f"Conformant at MUST: all {must['pass']} {scope} of the claimed profiles pass ({count})."


def markdown(report: Mapping[str, Any]) -> str:
    """Render ``report.md``: header, a summary line per level, the clause table, failures."""
    run = report["run"]
    lines = [
        f"# Conformance report: {implementations(report)}",
        "",
        f"- Harness: {report['harness']['name']} {report['harness']['version']}",
        *(
            f"- Profile {p['name']} (spec version {p['spec_version']}): "
            + (
                f"checked on {p['implementation']}"
                if p.get("implementation")
                else ("claimed" if p["claimed"] else "not claimed")
            )
            + (f" through `{p['adapter']}`" if p.get("adapter") else "")
            for p in report["profiles"]
        ),
        "- {}: {}".format(*adapter_entry(report)),
        f"- Run: {run['started']}, {run['duration_seconds']:g} s, "
        f"exit status {run['exit_status']}"
        + (f" (--fail-on {run['fail_on']})" if run.get("fail_on") else ""),
        f"- Expectations file: {run['expectations'] or 'none'}",
        "",
        "## Summary",
        "",
        f"**{conformance_line(report)}**",
        "",
        *([f"**Selection**: {note}.", ""] if (note := selection_note(report)) else []),
        *(f"{line}  " for line in summary_lines(report)),
        *([unclaimed] if (unclaimed := unclaimed_line(report)) else []),
        "",
        *_profile_table(report),
        "Scenarios: "
        + ", ".join(f"{count} {name}" for name, count in report["outcomes"].items() if count),
        "",
        *_groups(report),
        *_clause_table(report),
        *_failures(report),
    ]
    return "\n".join(lines).rstrip() + "\n"


def profile_lines(report: Mapping[str, Any]) -> list[tuple[str, list[str]]]:
    """Each claimed profile with its own :func:`level_line` per level that applies to it.

    ``[("rawp_crs (reference_crs 0.1.0)", ["MUST 176/176: 176 pass", ...]), ...]``; the
    run's lines (:func:`summary_lines`) add these up.
    """
    shown = []
    for profile in report["profiles"]:
        if not profile["claimed"] or "totals" not in profile:
            continue
        name = profile["name"] + (
            f" ({profile['implementation']})" if profile.get("implementation") else ""
        )
        counts = profile["totals"]
        lines = [level_line(each, counts[each]) for each in LEVELS if counts[each]["applicable"]]
        shown.append((name, lines))
    return shown


def _profile_table(report: Mapping[str, Any]) -> list[str]:
    """``report.md``'s counts per claimed profile, when more than one is claimed."""
    shown = profile_lines(report)
    if len(shown) < 2:
        return []
    lines = ["| Claimed profile | Clauses |", "|---|---|"]
    lines += [f"| {name} | {'<br>'.join(each)} |" for name, each in shown]
    return [*lines, ""]


GROUP_SCENARIOS_SHOWN = 5
"""How many scenarios of a group ``report.md`` names before ``and N more``."""
TOP_GROUPS = 3
"""How many groups the summary at the top of ``report.html`` shows with their picture."""


def _groups(report: Mapping[str, Any]) -> list[str]:
    """``report.md``'s failures grouped by cause (``groups``), most important first."""
    groups = report.get("groups") or []
    if not groups:
        return []
    by_id = {entry["id"]: entry for entry in report["scenarios"]}
    quotes = {clause["id"]: clause.get("quote") for clause in report["clauses"]}
    lines = ["## Failures by cause", ""]
    lines += [
        f"{len(groups)} {'cause' if len(groups) == 1 else 'causes'} for "
        f"{sum(group['count'] for group in groups)} scenarios that did not pass, by "
        "requirement level, then count. Each scenario is detailed further down.",
        "",
    ]
    for group in groups:
        clause = f"`{group['clause']}`" if group["clause"] else "no clause named"
        level = group["level"] or "no level"
        lines += [
            f"### {OUTCOME_SYMBOLS[group['outcome']]} {group['id']}: {clause} ({level}), "
            f"{group['count']} {group['outcome']}",
            "",
            "```text",
            next(iter((group["message"] or "").splitlines()), "(no message)"),
            "```",
            "",
        ]
        if group["level"] in QUOTED_LEVELS and quotes.get(group["clause"]):
            lines += [f"> Seed: “{quote_text(quotes[group['clause']])}”", ""]
        if group.get("blocked"):
            lines += [
                f"{len(group['blocked'])} of them verify other clauses: blocked by this "
                f"failure of `{group['clause']}` before their own checks.",
                "",
            ]
        if group.get("blocks"):
            lines += [
                "Not reached because of it: "
                + ", ".join(f"`{each}`" for each in group["blocks"])
                + ".",
                "",
            ]
        titles = [by_id[scenario]["title"] for scenario in group["scenarios"]]
        shown = titles[:GROUP_SCENARIOS_SHOWN]
        more = len(titles) - len(shown)
        lines += [f"- {title}" for title in shown] + [""]
        if more:  # GitHub and most Markdown viewers render <details> as a fold
            rest = [f"- {title}" for title in titles[len(shown) :]]
            lines += [f"<details><summary>{more} more</summary>", "", *rest, "", "</details>", ""]
        if group["screenshot"]:
            lines += [f"![Screen at the first failure of {group['id']}]({group['screenshot']})", ""]
    return lines


def _clause_table(report: Mapping[str, Any]) -> list[str]:
    lines = ["## Clauses", "", "| Clause | Level | Verdict | Scenarios |", "|---|---|---|---|"]
    for clause in report["clauses"]:
        counted = count_results(clause["results"].values())
        verdict = clause["verdict"] + ("" if clause.get("selected", True) else " (not selected)")
        if clause["verdict"] == "not-reached" and clause.get("blocked_by"):
            verdict += ", blocked by " + ", ".join(f"`{each}`" for each in clause["blocked_by"])
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
            + (f"; failed on `{named}`" if named else "")
            + (
                f"; blocked by `{entry['blocked_by']}` before its own checks"
                if entry.get("blocked_by")
                else ""
            ),
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
    env.filters["seed"] = quote_text
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
            conformance=conformance_line(report),
            adapter_entry=adapter_entry(report),
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
            glance=at_a_glance(report),
            title=implementations(report),
            unclaimed=unclaimed_line(report),
            parts={level: level_bar(report["totals"][level]) for level in LEVELS},
            skipped=skipped_reasons(scenarios),
            glyphs=GLYPHS,
            marked={
                entry["screenshot"]: entry.get("screenshot_region")
                for entry in scenarios
                if entry["screenshot"]
            },
            line_of=lambda level: level_line(level, report["totals"][level]),
        )
    )


def level_bar(counts: Mapping[str, int]) -> list[tuple[str, int, str]]:
    """``(verdict, count, words)`` of each non-empty part of a level (:func:`level_parts`)."""
    return [part for part in _parts(counts) if part[1]]


def skipped_reasons(scenarios: Iterable[Mapping[str, Any]]) -> list[tuple[str, list[Any]]]:
    """The skipped scenarios by reason (their message's first line), most first.

    ``report.html`` folds them: one line per reason with its count, the scenarios inside.
    """
    reasons: dict[str, list[Any]] = {}
    for entry in scenarios:
        if entry["outcome"] == "skipped":
            reason = next(iter((entry["message"] or "").splitlines()), "") or "(no reason given)"
            reasons.setdefault(reason, []).append(entry)
    return sorted(reasons.items(), key=lambda item: -len(item[1]))


def at_a_glance(report: Mapping[str, Any]) -> dict[str, Any]:
    """What the summary at the top of ``report.html`` shows (``templates/report.html``).

    Returns:
        ``profiles`` (each claimed profile's name, implementation, and how many of its
        clauses this run checks and how many belong to parts not built yet, ``planned``,
        and its own :func:`level_line` of each level that applies, ``lines``),
        ``conformant`` (:func:`steps.report.groups.conformant_at_must`), ``headline``
        (:func:`conformance_line`, the same answer in words), ``parts`` of each profile
        claimed in parts, ``levels``
        (``(level, pass, applicable)`` of each level with applicable clauses), ``groups``
        (the :data:`TOP_GROUPS` first groups) and ``more`` (how many groups follow).
    """
    clauses = report["clauses"]
    profiles = [
        {
            "name": profile["name"],
            "implementation": profile.get("implementation"),
            "parts": profile.get("parts"),
            "checked": sum(
                c["profile"] == profile["name"] and c["verdict"] != "planned" for c in clauses
            ),
            "planned": sum(
                c["profile"] == profile["name"] and c["verdict"] == "planned" for c in clauses
            ),
            "lines": [
                level_line(level, profile["totals"][level])
                for level in LEVELS
                if "totals" in profile and profile["totals"][level]["applicable"]
            ],
        }
        for profile in report["profiles"]
        if profile["claimed"]
    ]
    groups = report.get("groups") or []
    return {
        "profiles": profiles,
        "conformant": conformant_at_must(clauses),
        "headline": conformance_line(report),
        "levels": [
            (level, report["totals"][level]["pass"], report["totals"][level]["applicable"])
            for level in LEVELS
            if report["totals"][level]["applicable"]
        ],
        "groups": groups[:TOP_GROUPS],
        "more": max(0, len(groups) - TOP_GROUPS),
        "failing": failing_clauses(groups),
    }


def failing_clauses(groups: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The clauses the groups name, in group order: one defect's scenarios rolled up.

    One defect can fail one clause's checks with differently worded messages (several
    groups); this rolls them up: ``display-format (MUST): 84 scenarios, 6 groups``.
    Groups naming no clause are left out.

    Returns:
        ``clause``, ``level``, ``count`` (scenarios), ``groups``, ``blocked`` (how many
        of the scenarios it blocked) and ``blocks`` (the clauses left not reached), one
        entry per clause.
    """
    rolled: dict[str, dict[str, Any]] = {}
    for group in groups:
        if group["clause"] is None:
            continue
        entry = rolled.setdefault(
            group["clause"],
            {
                "clause": group["clause"],
                "level": group["level"],
                "count": 0,
                "groups": 0,
                "blocked": 0,
                "blocks": [],
            },
        )
        entry["count"] += group["count"]
        entry["groups"] += 1
        entry["blocked"] += len(group.get("blocked", ()))
        entry["blocks"] += [each for each in group.get("blocks", ()) if each not in entry["blocks"]]
    return list(rolled.values())
