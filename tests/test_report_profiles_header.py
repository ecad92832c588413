"""The report header names, for each profile, the implementation and adapter it ran (issue 23 §9).

With no adapter set, each profile runs on its own reference: the ``rawp_crs`` line must
name ``reference_crs`` and its adapter, not the ``chat_screen`` reference's.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.helpers import ROOT, scenario_line

CHAT = scenario_line("chat_screen/input.feature", "The input has focus when the app starts")
CRS = scenario_line("rawp_crs/sending.feature", "Enter sends the typed text as one prompt request")


def test_each_profile_line_names_the_implementation_and_adapter_it_ran(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "pytest", CHAT, CRS, "-p", "no:randomly"]
    command += ["-p", "no:cacheprovider", f"--conformance-report={tmp_path}"]
    completed = subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=600, check=False
    )
    assert completed.returncode == 0, completed.stdout[-3000:] + completed.stderr
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    by_name = {profile["name"]: profile for profile in report["profiles"]}
    assert by_name["chat_screen"]["adapter"] == "reference_app.conformance:adapter"
    assert by_name["rawp_crs"]["adapter"] == "reference_crs.conformance:adapter"
    assert by_name["rawp_crs"]["implementation"].startswith("reference_crs ")
    markdown = (tmp_path / "report.md").read_text(encoding="utf-8")
    assert "- Profile rawp_crs (spec version" in markdown
    crs_line = next(line for line in markdown.splitlines() if "Profile rawp_crs" in line)
    assert crs_line.endswith("through `reference_crs.conformance:adapter`"), crs_line
    assert "- Adapter: `reference_app.conformance:adapter`" not in markdown
    assert "- Adapters: none set: each profile ran on its reference, named on its line" in markdown
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "through <code>reference_crs.conformance:adapter</code>" in page
    assert "<dt>Adapters</dt>" in page
    # pytest's own header: one line per implementation, each with its own adapter.
    assert "(reference_crs.conformance:adapter, from default" in completed.stdout
    assert "(reference_app.conformance:adapter, from default" in completed.stdout
