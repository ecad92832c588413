"""The scenario bound: its settings, the interrupt of blocking code, and what it restores."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from steps.watchdog import (
    DEFAULT_TIMEOUT,
    ENV_VAR,
    TimeoutSetting,
    TimeoutSettingError,
    Watchdog,
    for_scenario,
    resolve_timeout,
    tag_seconds,
)

ROOT = Path(__file__).resolve().parents[1]


def test_the_bound_defaults_to_ten_seconds() -> None:
    assert resolve_timeout(None, "", {}) == TimeoutSetting(DEFAULT_TIMEOUT, "default")
    assert DEFAULT_TIMEOUT == 10


@pytest.mark.parametrize(
    ("option", "ini", "environ", "expected"),
    [
        ("3", "5", {ENV_VAR: "4"}, TimeoutSetting(3, "--scenario-timeout (command line)")),
        (None, "5", {ENV_VAR: "4"}, TimeoutSetting(4, f"${ENV_VAR} (environment)")),
        (None, "5", {}, TimeoutSetting(5, "chat_scenario_timeout (ini file)")),
        ("0", "5", {}, TimeoutSetting(None, "--scenario-timeout (command line)")),
    ],
)
def test_the_bound_comes_from_the_option_then_the_environment_then_the_ini_file(
    option: str | None, ini: str, environ: dict[str, str], expected: TimeoutSetting
) -> None:
    assert resolve_timeout(option, ini, environ) == expected


@pytest.mark.parametrize("value", ["soon", "-1", "nan", "inf"])
def test_a_bad_bound_is_refused_naming_where_it_came_from(value: str) -> None:
    with pytest.raises(TimeoutSettingError, match=rf"{ENV_VAR} \(environment\)"):
        resolve_timeout(None, "", {ENV_VAR: value})


def test_a_bad_bound_on_the_command_line_is_a_usage_error() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "features", "--scenario-timeout=soon", "--co", "-q"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )

    assert done.returncode == pytest.ExitCode.USAGE_ERROR
    assert "scenario timeout 'soon' from --scenario-timeout (command line)" in done.stderr


SPIN = """
import signal
from steps.verdicts import TimeoutInterrupt
from steps.watchdog import Watchdog

def spin_forever():
    while True:
        try:
            while True:
                pass
        except Exception:
            pass

watchdog = Watchdog(0.2, "test")
watchdog.start()
try:
    spin_forever()
except TimeoutInterrupt as interrupt:
    watchdog.disarm()
    print("interrupted:", interrupt)
    print("where:", watchdog.interrupted_at)
    print("timer after disarm:", signal.getitimer(signal.ITIMER_REAL))
"""


def test_blocking_code_is_interrupted_past_the_deadline_even_if_it_catches_exceptions(
    tmp_path: Path,
) -> None:
    script = tmp_path / "spin.py"
    script.write_text(textwrap.dedent(SPIN))
    done = subprocess.run(
        [sys.executable, str(script)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )

    assert done.returncode == 0, done.stderr
    assert "interrupted: the scenario did not finish within 0.2 s (test)" in done.stdout
    assert f"where: spin_forever, {script}:" in done.stdout
    assert "timer after disarm: (0.0, 0.0)" in done.stdout


def test_disarming_restores_the_previous_alarm_handler_and_its_remaining_time() -> None:
    def previous(signum: int, frame: object) -> None:
        raise AssertionError("the previous alarm fired during the test")

    old_handler = signal.signal(signal.SIGALRM, previous)
    old_timer = signal.setitimer(signal.ITIMER_REAL, 30)
    try:
        watchdog = Watchdog(5, "test")
        watchdog.start()
        assert signal.getsignal(signal.SIGALRM) == watchdog._on_alarm
        watchdog.disarm()

        assert signal.getsignal(signal.SIGALRM) is previous
        assert 25 < signal.getitimer(signal.ITIMER_REAL)[0] <= 30
    finally:
        signal.setitimer(signal.ITIMER_REAL, *old_timer)
        signal.signal(signal.SIGALRM, old_handler)


def test_a_watchdog_without_a_bound_arms_nothing() -> None:
    watchdog = Watchdog(None)
    watchdog.start()

    assert watchdog.deadline is None
    assert not watchdog.expired
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_a_tagged_scenario_gets_its_own_bound_unless_the_run_has_none() -> None:
    run = TimeoutSetting(10, "default")

    assert for_scenario(run, 60) == TimeoutSetting(60, "@scenario_timeout:60 tag")
    assert for_scenario(run, None) == run
    unbounded = TimeoutSetting(None, "--scenario-timeout (command line)")
    assert for_scenario(unbounded, 60) == unbounded


def test_a_longer_run_bound_scales_a_tagged_bound_a_shorter_one_does_not() -> None:
    slow = TimeoutSetting(60, "--scenario-timeout (command line)")
    quick = TimeoutSetting(2, "--scenario-timeout (command line)")

    scaled = for_scenario(slow, 30)
    assert scaled.seconds == 180
    assert "@scenario_timeout:30 tag, x6 for a run bound of 60 s" in scaled.source
    assert for_scenario(quick, 30) == TimeoutSetting(30, "@scenario_timeout:30 tag")


@pytest.mark.parametrize("tag", ["scenario_timeout:soon", "scenario_timeout:0"])
def test_a_bad_scenario_timeout_tag_is_refused(tag: str) -> None:
    with pytest.raises(TimeoutSettingError, match=f"tag @{tag}"):
        tag_seconds(tag)
