"""Typed part access on the rawp_crs driver: members part by part, a clear ERROR, the parts used.

``crs_driver.part3.input_tokens`` reads the adapter's member typed by part 3's Protocol; a
member the adapter lacks is a verdict ERROR naming it and its part, never an
``AttributeError`` in a step; and every access records the part as used, which the report
carries per scenario (``parts_used``, docs/reports.md).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rawp_port import CommandsPublished, TextDelta
from steps.rawp_crs.driver import CrsDriver, PartMembers
from steps.verdicts import HARNESS_PREFIX, HarnessError
from tests.helpers import ROOT, scenario_line


class _PartOneAdapter:
    conversation_selector = "#conversation"
    newline_keys = ("shift+enter",)


def _driver() -> CrsDriver:
    """A driver of an adapter with part-1 members only, never started."""
    return CrsDriver(_PartOneAdapter())  # type: ignore[arg-type]  # a partial adapter on purpose


def test_a_present_member_is_read_through_its_part_and_the_part_is_recorded() -> None:
    driver = _driver()
    assert driver.part1.conversation_selector == "#conversation"
    assert driver.parts_used == {1}


def test_a_missing_member_is_a_harness_error_naming_it_and_the_part() -> None:
    driver = _driver()
    with pytest.raises(HarnessError) as raised:
        _ = driver.part2.slash_popup_selector
    message = str(raised.value)
    assert message.startswith(HARNESS_PREFIX)
    assert "_PartOneAdapter" in message
    assert "`slash_popup_selector`" in message
    assert "part 2 of profile rawp_crs (the slash-command popup" in message
    assert driver.parts_used == {2}


def test_a_property_raising_attribute_error_is_the_same_harness_error() -> None:
    class Broken:
        @property
        def file_popup_selector(self) -> str:
            raise AttributeError("not built yet")

    with pytest.raises(HarnessError, match="`file_popup_selector`, which part 3"):
        _ = PartMembers(Broken(), 3).file_popup_selector


def test_each_part_records_itself_and_uses_records_what_a_step_names() -> None:
    driver = _driver()
    for read in (lambda: driver.part4, lambda: driver.part5):
        read()
    driver.uses(2)
    assert driver.parts_used == {2, 4, 5}


def test_publishing_an_event_one_part_specifies_records_that_part(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    driver = _driver()
    monkeypatch.setattr(driver, "run", lambda awaitable, doing="": awaitable.close())
    monkeypatch.setattr(driver, "settle", lambda: None)
    driver.publish(TextDelta("t1", "hello"))
    assert driver.parts_used == set()
    driver.publish(CommandsPublished(()))
    assert driver.parts_used == {2}


def _report(tmp_path: Path, *where: str) -> dict[str, Any]:
    """Run the scenarios ``where`` (``features/...:LINE``) with a report; return its JSON."""
    command = [
        sys.executable,
        "-m",
        "pytest",
        *where,
        "-p",
        "no:randomly",
        "-p",
        "no:cacheprovider",
    ]
    command += [f"--conformance-report={tmp_path}", f"--junitxml={tmp_path / 'junit.xml'}"]
    command += ["--scenario-timeout=300"]  # a bound for a loaded machine, not a timed assertion
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    report: dict[str, Any] = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    return report


def test_the_report_carries_the_parts_each_scenario_used(tmp_path: Path) -> None:
    """A file-popup scenario used parts 1 and 3, a reopened command 1, 2 and 4, chat_screen none."""
    where = [
        scenario_line(
            "rawp_crs/file_popup.feature", "An @ in the empty input opens the popup at once"
        ),
        scenario_line(
            "rawp_crs/reopening.feature",
            "A stored slash command is drawn as a command bubble, as it was live",
        ),
        scenario_line(
            "chat_screen/layout.feature",
            "Items are drawn against their role's edge of the conversation area",
        ),
    ]
    report = _report(tmp_path, *where)
    used = {entry["feature"]: entry["parts_used"] for entry in report["scenarios"]}
    assert used == {
        "rawp_crs/file_popup.feature": [1, 3],
        "rawp_crs/reopening.feature": [1, 2, 4],
        "chat_screen/layout.feature": [],
    }
    junit = (tmp_path / "junit.xml").read_text(encoding="utf-8")
    assert 'name="parts_used" value="[1, 3]"' in junit
