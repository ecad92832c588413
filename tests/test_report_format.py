"""``--conformance-report-format``: only the report files asked for, a bad format a usage error.

The mutant meta-test (``tests/test_mutants.py``) reads only ``report.json`` and asks for
it alone; a user may want only the page (``html``) for a browser, or only the data.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from steps.report import render
from tests.reporting_support import run_features

REFERENCE = "reference_app.conformance:adapter"
STARTS = "test_the_input_has_focus_when_the_app_starts"
"""One quick chat_screen scenario that passes on the reference."""


def written(report: Path) -> set[str]:
    """The ``report.*`` files in ``report``."""
    return {path.name for path in report.glob("report.*")}


def test_json_alone_writes_only_report_json_checked_against_the_schema(tmp_path: Path) -> None:
    run = run_features(tmp_path, REFERENCE, [STARTS], "--conformance-report-format=json")

    assert run.status == 0, run.output
    assert written(run.report_dir) == {"report.json"}, run.output
    assert f"written: {run.report_dir / 'report.json'}" in run.output
    report = run.report()
    render.validate(report)
    assert [s["outcome"] for s in report["scenarios"]] == ["passed"]


def test_formats_repeat_or_join_with_commas(tmp_path: Path) -> None:
    run = run_features(
        tmp_path, REFERENCE, [STARTS],
        "--conformance-report-format=md", "--conformance-report-format=HTML, md",
    )  # fmt: skip

    assert run.status == 0, run.output
    assert written(run.report_dir) == {"report.md", "report.html"}, run.output


@pytest.mark.parametrize("value", ["pdf", "json,", "json,xml"])
def test_an_unknown_format_is_a_usage_error_naming_the_choices(tmp_path: Path, value: str) -> None:
    run = run_features(tmp_path, REFERENCE, [STARTS], f"--conformance-report-format={value}")

    assert run.status == pytest.ExitCode.USAGE_ERROR, run.output
    assert "--conformance-report-format: unknown format" in run.output
    assert "choose among json, md, html" in run.output
    assert not run.report_dir.exists()


def test_a_format_without_a_report_folder_is_a_usage_error(project: pytest.Pytester) -> None:
    result = project.runpytest("--conformance-report-format=json", "-p", "no:randomly")

    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--conformance-report-format needs --conformance-report=DIR*"])


def test_a_report_failing_the_schema_writes_nothing_even_json_alone(tmp_path: Path) -> None:
    with pytest.raises(render.ReportError):
        render.write({"not": "a report"}, {}, tmp_path, ("json",))
    assert written(tmp_path) == set()
