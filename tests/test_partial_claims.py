"""Profile ``rawp_crs`` claimed in parts (issue 23, items 1 and 2).

``examples/crs_part1`` implements and claims part 1 only (``rawp_crs_parts = (1,)``), its
items nested in ``ListView`` > ``ListItem`` rows and its times revealed on hover. The whole
profile runs on it: every scenario needing part 1 only passes, none is an ERROR, every
other one is reported "not claimed", and every MUST clause of part 1 is passed by at least
one scenario. An adapter missing a member of a part it claims, or claiming a part the
profile does not have, is one usage error before any scenario runs.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from steps.clauses import catalogue
from tests.helpers import ROOT

ADAPTER = "examples.crs_part1.adapter:adapter"
USAGE_ERROR = 4
"""pytest's exit status for a usage error."""


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """``pytest features/rawp_crs`` with ``args``, in file order, no cache."""
    command = [sys.executable, "-m", "pytest", "features/rawp_crs", "-p", "no:randomly"]
    command += ["-p", "no:cacheprovider", *args]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)


def part_of(clause_ids: list[str]) -> set[int | None]:
    """The parts of the catalogue's clauses ``clause_ids``."""
    clauses = catalogue("rawp_crs")
    return {clauses[clause_id].part for clause_id in clause_ids}


def test_the_part_1_client_passes_part_1_and_every_other_part_is_not_claimed(
    tmp_path: Path,
) -> None:
    """The whole profile on the part-1 client: its part green, the rest "not claimed"."""
    done = run(
        f"--adapter={ADAPTER}",
        "-n",
        "2",
        "--scenario-timeout=300",  # a bound for a loaded machine, not a timed assertion
        f"--conformance-report={tmp_path}",
    )
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    scenarios = report["scenarios"]
    assert scenarios, done.stdout[-3000:] + done.stderr[-2000:]
    outcomes = {scenario["id"]: scenario["outcome"] for scenario in scenarios}
    broken = {key: value for key, value in outcomes.items() if value not in ("passed", "skipped")}
    assert not broken, done.stdout[-6000:]
    skipped = [scenario for scenario in scenarios if scenario["outcome"] == "skipped"]
    assert all("not claimed" in (scenario["message"] or "") for scenario in skipped), skipped
    for scenario in scenarios:
        if part_of(scenario["clauses"]) - {1}:
            assert scenario["outcome"] == "skipped", scenario["id"]
    passed = {
        clause_id
        for scenario in scenarios
        if scenario["outcome"] == "passed"
        for clause_id in scenario["clauses"]
    }
    must = {
        clause.id
        for clause in catalogue("rawp_crs").values()
        if clause.part == 1 and clause.level == "MUST" and clause.checked_by == "scenario"
    }
    assert must and must <= passed, sorted(must - passed)
    verdicts = {entry["id"]: entry["verdict"] for entry in report["clauses"]}
    others = [c.id for c in catalogue("rawp_crs").values() if c.part != 1]
    assert others and {verdicts[clause_id] for clause_id in others} == {"not-claimed"}
    assert "not-claimed" not in {verdicts[clause_id] for clause_id in must}
    assert done.returncode == 0, done.stdout[-3000:]


def _adapter_file(tmp_path: Path, body: str) -> str:
    """An adapter spec of a file in ``tmp_path`` subclassing the part-1 client's adapter."""
    path = tmp_path / "claims_adapter.py"
    path.write_text(
        "from examples.crs_part1.adapter import CrsPart1Adapter\n\n\n"
        f"class Adapter(CrsPart1Adapter):\n{body}\n\n\nadapter = Adapter()\n",
        encoding="utf-8",
    )
    return f"{path}:adapter"


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (
            "    rawp_crs_parts = (1, 2)",
            "slash_popup_selector: missing (needed by part 2 of profile rawp_crs",
        ),
        (
            "    timestamp_reveal = property(lambda self: self.missing)",
            "timestamp_reveal: missing (needed by part 1 of profile rawp_crs",
        ),
        ("    rawp_crs_parts = (1, 9)", "rawp_crs_parts: unknown parts [9]"),
        ("    rawp_crs_parts = (2,)", "claims part 1"),
    ],
)
def test_a_claim_the_adapter_does_not_fulfil_is_one_usage_error(
    tmp_path: Path, body: str, expected: str
) -> None:
    """Named member and part, or the bad claim, before any scenario runs."""
    done = run(f"--adapter={_adapter_file(tmp_path, body)}", "--clause=crs-enter-sends")
    assert done.returncode == USAGE_ERROR, done.stdout[-2000:] + done.stderr[-2000:]
    assert expected in done.stderr, done.stderr
    assert "passed" not in done.stdout and "failed" not in done.stdout


def test_every_clause_of_the_profile_has_a_part() -> None:
    """The catalogue files each clause under one of the five parts."""
    assert {clause.part for clause in catalogue("rawp_crs").values()} == {1, 2, 3, 4, 5}
