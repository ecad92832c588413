"""``pytest path.feature`` runs exactly that feature's scenarios; ``path.feature:LINE`` one.

The plugin is ``steps/feature_files.py``. The child pytest runs from the repository root,
as a user runs it; the expected scenarios are read from the feature file itself.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from steps.profiles import PROFILES
from steps.traceability import read_scenarios
from tests.helpers import ROOT

SENDING = "features/rawp_crs/sending.feature"
BINDING = "features/rawp_crs/test_rawp_crs.py::"


def pytest_run(*args: str) -> subprocess.CompletedProcess[str]:
    """Run pytest from the repository root, in file order, without the cache."""
    command = [sys.executable, "-m", "pytest", "-p", "no:randomly", "-p", "no:cacheprovider"]
    return subprocess.run(
        [*command, *args], cwd=ROOT, capture_output=True, text=True, timeout=600, check=False
    )


def collected(completed: subprocess.CompletedProcess[str]) -> list[str]:
    """The node ids ``--collect-only -q`` listed."""
    return [line for line in completed.stdout.splitlines() if "::" in line]


def expected_count(feature: str) -> int:
    """How many tests the scenarios of ``feature`` (below ``features/``) make: one per row."""
    refs = [ref for ref in read_scenarios(PROFILES[1].features_dir) if ref.feature == feature]
    assert refs, feature
    return sum(max(1, len(ref.examples)) for ref in refs)


def test_a_feature_file_path_collects_exactly_its_scenarios() -> None:
    completed = pytest_run(SENDING, "--collect-only", "-q")

    ids = collected(completed)
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert len(ids) == expected_count("rawp_crs/sending.feature"), ids
    assert all(node.startswith(BINDING) for node in ids), ids
    assert any("test_enter_sends_the_typed_text_as_one_prompt_request" in node for node in ids)
    assert not any("cancel" in node for node in ids), ids


def test_a_line_of_a_feature_file_collects_the_scenario_that_holds_it() -> None:
    completed = pytest_run(f"{SENDING}:20", "--collect-only", "-q")

    assert collected(completed) == [
        f"{BINDING}test_prompts_typed_in_one_burst_are_sent_whole_and_in_order"
    ], completed.stdout + completed.stderr


def test_a_line_in_no_scenario_is_a_collection_error_naming_it() -> None:
    completed = pytest_run(f"{SENDING}:3", "--collect-only", "-q")

    assert completed.returncode != 0
    assert "sending.feature: no scenario holds line 3" in completed.stdout


def test_a_folder_run_does_not_collect_its_feature_files_twice() -> None:
    completed = pytest_run("features/rawp_crs", "--collect-only", "-q")

    ids = collected(completed)
    assert completed.returncode == 0, completed.stdout[-2000:] + completed.stderr
    assert len(ids) == len(set(ids))
    refs = read_scenarios(PROFILES[1].features_dir)
    assert len(ids) == sum(max(1, len(ref.examples)) for ref in refs)


@pytest.mark.timeout(600)
def test_one_scenario_runs_by_its_line_and_passes_on_the_reference() -> None:
    completed = pytest_run(f"{SENDING}:10", "-q")

    assert completed.returncode == 0, completed.stdout[-3000:] + completed.stderr
    assert pytest.RunResult.parse_summary_nouns(completed.stdout.splitlines()) == {"passed": 1}
