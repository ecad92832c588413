"""The time bound of a scenario: a deadline the event loop honours, and an alarm for blocking code.

An implementation under test can hang in two ways. A handler that *awaits* something that
never comes leaves the event loop free: the driver runs every Pilot call under
:func:`asyncio.timeout_at` with the scenario's deadline, and the call ends on time. Code that
*blocks* (``while True:`` with no ``await``, in compose, a handler or an adapter accessor)
holds the only thread, so no asyncio timer can run: the :class:`Watchdog` arms a ``SIGALRM``
timer for :data:`GRACE` seconds past the deadline, and its handler raises
:class:`~steps.verdicts.TimeoutInterrupt` in whatever Python code the main thread is running.
The timer repeats every :data:`GRACE` seconds until disarmed, so code that catches the
interrupt is interrupted again. Both end the scenario with verdict TIMEOUT.

pytest-timeout's own signal method is not enough here: it raises once, inside whichever
asyncio task happens to run, which ends that task (often Textual's message loop) and
leaves the test waiting. ``SIGALRM`` exists on POSIX only and can be handled in the main
thread only; elsewhere the watchdog keeps the asyncio bound and cannot interrupt
blocking code (``docs/reliability.md``).

Precedence of the bound, first one set wins: ``--scenario-timeout``, the
``CHAT_CONFORMANCE_SCENARIO_TIMEOUT`` environment variable, the ``chat_scenario_timeout``
ini key, then :data:`DEFAULT_TIMEOUT`. A scenario whose work is heavy by design (the
200-submission stress scenario) carries its own bound as a tag,
``@scenario_timeout:<seconds>``, like pytest-timeout's per-test marker.
"""

from __future__ import annotations

import math
import signal
import threading
import time
from dataclasses import dataclass
from types import FrameType
from typing import Any

import pytest

from steps.settings import Setting, environ
from steps.tracebacks import innermost_own, stack_frames
from steps.verdicts import TimeoutInterrupt

DEFAULT_TIMEOUT = 10.0
"""Seconds a scenario may run when nothing else is set."""
GRACE = 1.0
"""Seconds between the deadline and the first interrupt of blocking code, and between
repeated interrupts."""
OPTION = "--scenario-timeout"
"""Command-line option of the bound."""
ENV_VAR = "CHAT_CONFORMANCE_SCENARIO_TIMEOUT"
"""Environment variable of the bound."""
INI_KEY = "chat_scenario_timeout"
"""ini key of the bound."""
SETTING = Setting(OPTION, ENV_VAR, INI_KEY)
TIMEOUT_KEY = pytest.StashKey["TimeoutSetting"]()
"""The per-scenario time bound of this run, on ``config.stash`` (:func:`configure`)."""
"""Where the bound is read from, in precedence order."""
TAG = "scenario_timeout:"
"""Prefix of the Gherkin tag that gives one heavy scenario its own bound in seconds."""


class TimeoutSettingError(ValueError):
    """The bound is not a number of seconds; the message names where it came from."""


@dataclass(frozen=True)
class TimeoutSetting:
    """The per-scenario bound and where it came from.

    Attributes:
        seconds: The bound in seconds, or ``None`` for no bound (set as ``0``).
        source: The setting that supplied it, e.g. ``--scenario-timeout (command line)``.
    """

    seconds: float | None
    source: str

    def describe(self) -> str:
        """``10 s (default)``, for the report header and timeout messages."""
        shown = "none" if self.seconds is None else f"{self.seconds:g} s"
        return f"{shown} ({self.source})"


def add_options(parser: pytest.Parser) -> None:
    """Register ``--scenario-timeout`` and its ini key."""
    SETTING.add_to(
        parser,
        metavar="SECONDS",
        help="bound of each scenario, blocking code included; past it the verdict is TIMEOUT "
        f"(falls back to ${ENV_VAR}, then the {INI_KEY} ini key, then "
        f"{DEFAULT_TIMEOUT:g}; 0 means no bound)",
        ini_help=f"scenario bound when {OPTION} is not given",
    )


def configure(config: pytest.Config) -> None:
    """Resolve the run's bound into :data:`TIMEOUT_KEY`.

    Raises:
        TimeoutSettingError: The value set is not a number of seconds; names its source.
    """
    config.stash[TIMEOUT_KEY] = resolve_timeout(*SETTING.given(config), environ())


def resolve_timeout(option: str | None, ini: str | None, environ: dict[str, str]) -> TimeoutSetting:
    """Pick the bound by precedence: option, environment, ini, default.

    Args:
        option: Value of ``--scenario-timeout`` or ``None``.
        ini: Value of the ini key or ``None``/empty.
        environ: The process environment.

    Raises:
        TimeoutSettingError: The chosen value is not a finite number >= 0.
    """
    found = SETTING.first_set(option, ini, environ)
    if found is None:
        return TimeoutSetting(DEFAULT_TIMEOUT, "default")
    value, source = found
    return TimeoutSetting(_seconds(value, source), source)


def for_scenario(setting: TimeoutSetting, tagged: float | None) -> TimeoutSetting:
    """The bound of one scenario: its ``@scenario_timeout:<seconds>`` tag, if any, wins.

    A tag gives the heavy scenario's bound at the default pace (:data:`DEFAULT_TIMEOUT`). A
    run that sets a longer bound for a slow implementation gives its heavy scenarios the
    same allowance: the tag is scaled by ``run bound / DEFAULT_TIMEOUT`` (a 60 s tag in a
    run bounded at 60 s is 360 s). A shorter run bound never shortens a tag, and a run
    without a bound (``0``) stays without one.

    Args:
        setting: The run's bound.
        tagged: Seconds from the scenario's tag, or ``None``.
    """
    if tagged is None or setting.seconds is None:
        return setting
    scale = max(1.0, setting.seconds / DEFAULT_TIMEOUT)
    if scale == 1.0:
        return TimeoutSetting(tagged, f"@{TAG}{tagged:g} tag")
    return TimeoutSetting(
        tagged * scale, f"@{TAG}{tagged:g} tag, x{scale:g} for a run bound of {setting.describe()}"
    )


def tag_seconds(tag: str) -> float:
    """Seconds of a ``scenario_timeout:<seconds>`` tag.

    Raises:
        TimeoutSettingError: The value is not a number of seconds > 0.
    """
    seconds = _seconds(tag.removeprefix(TAG), f"tag @{tag}")
    if seconds is None:
        raise TimeoutSettingError(f"tag @{tag}: expected a number of seconds > 0")
    return seconds


def _seconds(value: str, source: str) -> float | None:
    try:
        seconds = float(value)
    except ValueError:
        seconds = math.nan
    if not math.isfinite(seconds) or seconds < 0:
        raise TimeoutSettingError(
            f"scenario timeout {value!r} from {source}: expected a number of seconds >= 0 "
            "(0 means no bound)"
        )
    return seconds or None


def can_interrupt() -> bool:
    """Whether blocking code can be interrupted here (POSIX ``SIGALRM``, main thread)."""
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


class Watchdog:
    """One time bound: a deadline for asyncio, and an alarm that interrupts blocking code.

    Lifecycle: :meth:`start` fixes the deadline (once; later calls re-arm the same one)
    and arms the alarm; :meth:`disarm` stops it and restores whatever ``SIGALRM`` handler
    and timer were there before (pytest-timeout's, for example).
    """

    def __init__(self, seconds: float | None, source: str = "") -> None:
        """Prepare, but do not start, a bound of ``seconds``.

        Args:
            seconds: The bound in seconds; ``None`` for no bound.
            source: Where the bound came from, for messages (``TimeoutSetting.source``).
        """
        self.seconds = seconds
        self.source = source
        self.deadline: float | None = None
        """``time.monotonic()`` (= ``loop.time()``) at which the bound expires."""
        self.interrupted_at: str | None = None
        """Where the last interrupt hit the implementation's own code, if it did."""
        self._previous: tuple[Any, float, float, float] | None = None

    def start(self) -> None:
        """Fix the deadline (first call only) and arm the alarm."""
        if self.seconds is None:
            return
        if self.deadline is None:
            self.deadline = time.monotonic() + self.seconds
        self.arm()

    @property
    def expired(self) -> bool:
        """Whether the deadline has passed."""
        return self.deadline is not None and time.monotonic() >= self.deadline

    def arm(self) -> None:
        """Arm the alarm for :data:`GRACE` seconds past the deadline, repeating."""
        if self.deadline is None or self._previous is not None or not can_interrupt():
            return
        delay = max(self.deadline + GRACE - time.monotonic(), 0.001)
        handler = signal.signal(signal.SIGALRM, self._on_alarm)
        old_delay, old_interval = signal.setitimer(signal.ITIMER_REAL, delay, GRACE)
        self._previous = (handler, old_delay, old_interval, time.monotonic())

    def disarm(self) -> None:
        """Stop the alarm and restore the previous handler and timer, if any."""
        previous = self._previous
        if previous is None:
            return
        self._previous = None  # from here on, a late alarm is ignored (see _on_alarm)
        signal.setitimer(signal.ITIMER_REAL, 0)
        handler, old_delay, old_interval, armed_at = previous
        signal.signal(signal.SIGALRM, handler)
        if old_delay > 0:
            left = old_delay - (time.monotonic() - armed_at)
            signal.setitimer(signal.ITIMER_REAL, max(left, 0.001), old_interval)

    def _on_alarm(self, signum: int, frame: FrameType | None) -> None:
        """Raise :class:`TimeoutInterrupt` in the code the main thread is running."""
        if self._previous is None:
            return  # delivered after disarm() began
        where = innermost_own(stack_frames(frame))
        if where is not None:
            self.interrupted_at = where
        detail = f"blocking code was interrupted in {where}" if where else ""
        raise TimeoutInterrupt(f"the scenario {self.message(detail)}")

    def message(self, detail: str = "") -> str:
        """``did not finish within 10 s (default)``, then ``detail``."""
        bound = f"{self.seconds:g} s" if self.seconds is not None else "its bound"
        source = f" ({self.source})" if self.source else ""
        return f"did not finish within {bound}{source}" + (f": {detail}" if detail else "")
