"""Running the features in a subprocess against a candidate, with a hard time limit.

The verdict of every phase is read from ``--report-log`` (pytest-reportlog), so a test
asserts on what the harness reported, not on the text of its output.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HARD_LIMIT = 120
"""Seconds a whole subprocess run may take before the test fails."""


@dataclass
class Run:
    """One subprocess run of the features.

    Attributes:
        returncode: pytest's exit status.
        output: stdout and stderr.
        verdicts: Scenario function name -> phase -> that phase's verdict.
        messages: Scenario function name -> failure message of its failing phase.
    """

    returncode: int
    output: str
    verdicts: dict[str, dict[str, str]] = field(default_factory=dict)
    messages: dict[str, str] = field(default_factory=dict)


def run_features(tmp_path: Path, adapter: str, *args: str) -> Run:
    """Run ``pytest features/chat_screen`` against ``tests/candidates/hostile.py:<adapter>``."""
    log = tmp_path / "report-log.jsonl"
    command = [
        sys.executable,
        "-m",
        "pytest",
        "features/chat_screen",
        f"--adapter=tests/candidates/hostile.py:{adapter}",
        f"--report-log={log}",
        "-p",
        "no:randomly",
        "-p",
        "no:cacheprovider",
        *args,
    ]
    done = subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=HARD_LIMIT, check=False
    )
    run = Run(done.returncode, done.stdout + done.stderr)
    for line in log.read_text().splitlines() if log.exists() else []:
        report = json.loads(line)
        if report.get("$report_type") != "TestReport":
            continue
        name = report["nodeid"].rpartition("::")[2]
        verdict = dict(report["user_properties"])["phase_verdict"]
        run.verdicts.setdefault(name, {})[report["when"]] = verdict
        if report["outcome"] == "failed":
            run.messages[name] = report["longrepr"]["reprcrash"]["message"]
    return run
