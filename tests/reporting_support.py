"""What the reporting tests share: broken implementations and a way to run the features.

The adapters are named by path (``tests/reporting_support.py:swapped``), so the child
pytest loads them the way a candidate's adapter is loaded.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from textual.app import App
from textual.widgets import Input

from reference_app.app import ChatApp
from reference_app.conformance import ReferenceAdapter
from steps.profiles import ROOT

HERE = Path(__file__).resolve()
SWAPPED = f"{HERE}:swapped"
"""Adapter spec of :class:`SwappedApp`."""
CRASHING = f"{HERE}:crashing"
"""Adapter spec of :class:`CrashingApp`."""
REFERENCE = "reference_app.conformance:adapter"
"""Adapter spec of the reference app."""


class SwappedApp(ChatApp):
    """Breaks role-alignment and role-borders: user items right, agent items left."""

    CSS = """
    .user-role { text-align: right; border-left: none; border-right: thick $primary; }
    .agent-role { text-align: left; border-right: none; border-left: thick $success; }
    """


class CrashingApp(ChatApp):
    """Breaks everything after the first submission: the submit handler raises."""

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        """Raise instead of handling the submission (the base handler is not run)."""
        event.prevent_default()
        raise RuntimeError("deliberate crash in the submit handler")


class SwappedAdapter(ReferenceAdapter):
    """Adapter of :class:`SwappedApp`."""

    name = "swapped-alignment"
    implementation_version = "0.0.1-broken"

    def create_app(self, context: object = None) -> App[Any]:
        """Return a fresh :class:`SwappedApp`."""
        return SwappedApp()


class CrashingAdapter(ReferenceAdapter):
    """Adapter of :class:`CrashingApp`."""

    name = "crashing"
    implementation_version = "0.0.1-broken"

    def create_app(self, context: object = None) -> App[Any]:
        """Return a fresh :class:`CrashingApp`."""
        return CrashingApp()


swapped = SwappedAdapter()
crashing = CrashingAdapter()


@dataclass
class Run:
    """A finished child pytest run of the features."""

    status: int
    output: str
    report_dir: Path

    def report(self) -> dict[str, Any]:
        """The run's ``report.json``."""
        loaded: dict[str, Any] = json.loads((self.report_dir / "report.json").read_text("utf-8"))
        return loaded

    def scenario(self, title: str) -> dict[str, Any]:
        """The report's entry of the scenario titled ``title``."""
        (found,) = [entry for entry in self.report()["scenarios"] if entry["title"] == title]
        return found

    def clause(self, clause_id: str) -> dict[str, Any]:
        """The report's entry of clause ``clause_id``."""
        (found,) = [entry for entry in self.report()["clauses"] if entry["id"] == clause_id]
        return found


def run_features(tmp_path: Path, adapter: str, tests: list[str], *options: str) -> Run:
    """Run the named scenario tests of ``features/`` in a child pytest with a report.

    Args:
        tmp_path: The report goes to ``tmp_path / "report"``.
        adapter: Adapter spec.
        tests: Test function names (``test_...``), joined into one ``-k`` expression.
        options: More pytest options.
    """
    report_dir = tmp_path / "report"
    command = [
        sys.executable, "-m", "pytest", "features", "-p", "no:cacheprovider", "-p", "no:randomly",
        "--adapter", adapter, "-k", " or ".join(tests), f"--conformance-report={report_dir}",
        *options,
    ]  # fmt: skip
    done = subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=300, check=False
    )
    return Run(done.returncode, done.stdout + done.stderr, report_dir)
