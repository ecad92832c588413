"""No false verdicts in the file browser (004 §7) and the ``@`` popup (004 §3.4).

Each variant in ``tests.candidates.crs_alt_variants`` takes another reading the spec
allows (directories expanded at first, a 6-row tree area that scrolls, a breadcrumb of the
browsed path, ``/`` kept as the first segment of an elided breadcrumb, tooltips without a
status line; an ``@`` popup that asks nothing for the empty query). The scenarios citing
the clauses it bears on run on it in a subprocess, and every one of them must pass.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.candidates.crs_alt_variants import VARIANTS
from tests.helpers import ROOT

MODULE = "tests.candidates.crs_alt_variants"


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_scenario_the_variant_bears_on_passes(name: str) -> None:
    command = [
        sys.executable, "-m", "pytest", "features/rawp_crs", "-q", "-rfE", "--no-header",
        "-p", "no:randomly", "-p", "no:cacheprovider", f"--adapter={MODULE}:{name}",
        "--scenario-timeout=300",  # a bound for a loaded machine, not a timed assertion
        *(f"--clause={clause}" for clause in VARIANTS[name]),
    ]  # fmt: skip
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    counts = pytest.RunResult.parse_summary_nouns(done.stdout.splitlines())
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    assert set(counts) == {"passed", "deselected"}, counts
    assert counts["passed"] > 0
