"""Nothing of a scenario outlives it: choice spy, event loop, tasks, threads, alarm."""

from __future__ import annotations

import asyncio
import random
import signal
import threading

from reference_app.conformance import adapter
from steps.chat_screen.driver import Driver


def run_one_conversation() -> Driver:
    driver = Driver(adapter, timeout=10)
    driver.start()
    driver.paste_text("안녕")
    driver.press("enter")
    assert [body for role, body in adapter.messages(driver.app) if role.value == "user"] == ["안녕"]
    return driver


def test_a_stopped_scenario_leaves_no_task_thread_spy_or_alarm_behind() -> None:
    threads = set(threading.enumerate())
    handler = signal.getsignal(signal.SIGALRM)
    choice = random.choice

    driver = run_one_conversation()
    loop = driver._loop
    assert loop is not None
    assert random.choice is not choice, "the spy is installed while the scenario runs"
    driver.stop()

    assert driver.leaks() == []
    assert loop.loop.is_closed()
    assert [task for task in asyncio.all_tasks(loop.loop) if not task.done()] == []
    assert set(threading.enumerate()) == threads
    assert random.choice is choice
    assert signal.getsignal(signal.SIGALRM) is handler
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_scenarios_one_after_another_do_not_see_each_others_state() -> None:
    choice = random.choice
    first = run_one_conversation()
    first.stop()
    second = Driver(adapter, timeout=10)
    second.start()
    try:
        assert list(adapter.messages(second.app)) == []
        assert second.spy is not None and second.spy.calls == []
        assert second.spy.original is choice, "the second spy must wrap the real function"
    finally:
        second.stop()


def test_leaks_are_reported_when_a_thread_outlives_the_scenario() -> None:
    release = threading.Event()
    driver = Driver(adapter, timeout=10)
    driver.start()
    thread = threading.Thread(target=release.wait, name="left-behind")
    thread.start()
    try:
        driver.stop()
        assert driver.leaks() == ["thread 'left-behind' is still alive"]
    finally:
        release.set()
        thread.join()
