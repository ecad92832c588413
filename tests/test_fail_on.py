"""``--fail-on must|should|any``: an exit status a CI job can use (issue 23 §4).

The settings follow the harness's precedence (option > environment > ini > default) and
a bad value is a usage error naming its source. The rule over clause verdicts is
checked on report entries; the done-when of the issue runs the whole chat_screen suite
on ``examples/raw_controls``: two correct, differently built apps that fail only the
HARDENING rule report ``MUST 32/32``, say they are conformant at MUST, and exit 0.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from steps.fail_on import FailOn, FailOnError, resolve_fail_on
from tests.helpers import ROOT

RAW = "examples.raw_controls.adapters"
HARDENING = "hardening-control-characters"


def test_the_option_wins_over_the_environment_and_the_ini_key() -> None:
    environ = {"CHAT_CONFORMANCE_FAIL_ON": "should"}
    assert resolve_fail_on("must", "any", environ) == FailOn("must", "--fail-on (command line)")
    assert resolve_fail_on(None, "any", environ).source == "$CHAT_CONFORMANCE_FAIL_ON (environment)"
    assert resolve_fail_on(None, "MUST", {}) == FailOn("must", "chat_fail_on (ini file)")
    assert resolve_fail_on(None, "", {}) == FailOn("any", "default")


@pytest.mark.parametrize(
    ("option", "ini", "environ", "source"),
    [
        ("sometimes", None, {}, "--fail-on (command line)"),
        (None, None, {"CHAT_CONFORMANCE_FAIL_ON": "hardening"}, "$CHAT_CONFORMANCE_FAIL_ON"),
        (None, "mustnt", {}, "chat_fail_on (ini file)"),
    ],
)
def test_a_bad_value_names_the_setting_it_came_from(
    option: str | None, ini: str | None, environ: dict[str, str], source: str
) -> None:
    with pytest.raises(FailOnError, match=r"is not a --fail-on choice; use one of must, should"):
        resolve_fail_on(option, ini, environ)
    with pytest.raises(FailOnError) as raised:
        resolve_fail_on(option, ini, environ)
    assert str(raised.value).startswith(source)


def clause(level: str, verdict: str, selected: bool = True) -> dict[str, object]:
    return {"id": f"{level}-{verdict}", "level": level, "verdict": verdict, "selected": selected}


@pytest.mark.parametrize(
    ("choice", "clauses", "pytest_status", "status"),
    [
        ("must", [clause("MUST", "pass"), clause("HARDENING", "fail")], 1, 0),
        ("must", [clause("MUST", "pass"), clause("SHOULD", "fail"), clause("MAY", "fail")], 1, 0),
        ("must", [clause("MUST", "pass"), clause("MUST", "not-reached")], 1, 1),
        ("must", [clause("MUST", "fail")], 0, 1),  # a failure listed nowhere in pytest's status
        ("must", [clause("MUST", "fail", selected=False), clause("MUST", "pass")], 1, 0),
        ("must", [clause("MUST", "untested"), clause("MUST", "not-claimed")], 0, 0),
        ("must", [clause("MUST", "known-failure")], 0, 0),
        ("must", [clause("MUST", "pass")], 2, 2),  # interrupted: pytest's own status
        ("must", [clause("MUST", "pass")], 5, 5),  # nothing collected
        ("should", [clause("MUST", "pass"), clause("SHOULD", "fail")], 1, 1),
        ("should", [clause("SHOULD", "pass"), clause("HARDENING", "fail")], 1, 0),
        ("any", [clause("MUST", "pass"), clause("HARDENING", "fail")], 1, 1),
        ("any", [clause("MUST", "fail")], 0, 0),
    ],
)
def test_the_exit_status_follows_the_clauses_of_the_judged_levels(
    choice: str, clauses: list[dict[str, object]], pytest_status: int, status: int
) -> None:
    assert FailOn(choice, "test").exit_status(pytest_status, clauses) == status


def run_suite(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "pytest", "features/chat_screen", "-p", "no:randomly"]
    # The verdicts are read, not the exploration's reproducer: its failure is not shrunk.
    return subprocess.run(
        [*command, "-p", "no:cacheprovider", "--explore-shrink=0", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
        env=env,
    )


def test_a_bad_value_is_one_usage_error_before_any_scenario_runs() -> None:
    completed = run_suite("--fail-on", "sometimes", "-k", "focus_when_the_app_starts")

    assert completed.returncode == pytest.ExitCode.USAGE_ERROR, completed.stdout
    assert "--fail-on (command line): 'sometimes' is not a --fail-on choice" in completed.stderr


@pytest.mark.parametrize("name", ["alt", "render"])
def test_correct_apps_failing_only_hardening_are_conformant_at_must_and_exit_0(
    name: str, tmp_path: Path
) -> None:
    completed = run_suite(
        f"--adapter={RAW}:{name}", "--fail-on=must", f"--conformance-report={tmp_path}", "-q"
    )
    output = completed.stdout[-3000:] + completed.stderr
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))

    assert completed.returncode == 0, output
    failed = [entry for entry in report["scenarios"] if entry["outcome"] != "passed"]
    assert failed, "the app shows control characters raw: the HARDENING rule must fail"
    assert {(entry["outcome"], entry["failed_clause"]) for entry in failed} == {
        ("failed", HARDENING)
    }
    # The failing scenarios cite MUST clauses too; their verdicts stay what the passing
    # scenarios make them: a HARDENING failure changes no MUST verdict.
    levels = {clause["id"]: clause for clause in report["clauses"]}
    cited_must = {
        cited for entry in failed for cited in entry["clauses"] if levels[cited]["level"] == "MUST"
    }
    assert cited_must, "a failing scenario that cites a MUST clause is what this test is about"
    assert {levels[cited]["verdict"] for cited in cited_must} == {"pass"}, cited_must
    must = report["totals"]["MUST"]
    assert (must["pass"], must["applicable"]) == (32, 32), must
    assert report["totals"]["HARDENING"]["fail"] == 1
    assert report["run"]["exit_status"] == 0 and report["run"]["fail_on"] == "must"
    headline = "Conformant at MUST: all 32 MUST clauses of the claimed profiles pass"
    assert headline in (tmp_path / "report.md").read_text(encoding="utf-8")
    assert headline in (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "conformance: MUST 32/32" in completed.stdout
