"""Holding Textual's timers: a timer-driven animation is sampled like one of the animator.

Catalogue ``crs-token-deletion-animation`` and ``crs-token-range-delete-animation``: the
token scenarios sample a deletion's frames at a held clock. A client may animate with
Textual's animator (``Widget.animate``) or with its own timer (``set_interval``); both are
correct by 004 §3.4.5. While held, every :class:`textual.timer.Timer` of the process
reads a virtual time and sleeps until that time reaches its next tick; the scenario moves
it with :meth:`HeldTimers.advance`, one tick at a time, in the order a real clock would
fire them. Nothing waits for time: a tick is released when the virtual clock reaches it.

The patch is on ``textual.timer`` only (its ``_time`` module and its ``sleep``), applied by
:meth:`HeldTimers.hold` for the frames a scenario samples and undone when the scenario
ends (pytest's ``monkeypatch``; the ``crs_state`` fixture calls :meth:`HeldTimers.release`
first, which wakes every timer still waiting).
"""

from __future__ import annotations

import asyncio

import pytest

from steps.textual_private import get_time, hold_timer_clock, sleep

TURNS = 1000
"""Loop turns a released timer gets to tick and sleep again (its callback runs inline)."""


class HeldTimers:
    """A virtual clock for Textual's timers.

    Attributes:
        now: The virtual time, in seconds (``None``: not held, timers use the real clock).
    """

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self._monkeypatch = monkeypatch
        self.now: float | None = None
        self._waiting: list[tuple[float, asyncio.Future[None], asyncio.Task[object] | None]] = []

    def hold(self) -> None:
        """Freeze the timers' time at the real clock's reading (idempotent).

        Starting from the real reading keeps timers already running consistent: each
        finishes the real sleep it is in, then waits for the virtual clock.
        """
        if self.now is not None:
            return
        self.now = get_time()
        hold_timer_clock(self._monkeypatch, self._get_time, self._sleep)

    def _get_time(self) -> float:
        return get_time() if self.now is None else self.now

    async def _sleep(self, seconds: float) -> None:
        if self.now is None:
            await sleep(seconds)
            return
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append((self.now + seconds, future, asyncio.current_task()))
        await future

    async def advance(self, seconds: float) -> None:
        """Move the virtual clock ``seconds`` on, releasing each tick due on the way in order.

        Each released timer runs until it sleeps again (or ends) before the next tick is
        released, as with a real clock; a timer's next tick inside the window is released
        in turn. Runs on the app's event loop.

        Args:
            seconds: How far to move the clock, in seconds.
        """
        assert self.now is not None, "hold the timers first"
        end = self.now + seconds
        while True:
            due = [item for item in self._waiting if item[0] <= end and not item[1].done()]
            if not due:
                break
            at = min(item[0] for item in due)
            self.now = at
            released = [item for item in due if item[0] == at]
            self._waiting = [item for item in self._waiting if item not in released]
            for _, future, _ in released:
                future.set_result(None)
            tasks = {task for _, _, task in released if task is not None}
            for _ in range(TURNS):  # let each released timer tick and sleep again
                await asyncio.sleep(0)
                asleep = {task for _, _, task in self._waiting}
                if all(task.done() or task in asleep for task in tasks):
                    break
        self.now = end

    def release(self) -> None:
        """Give the timers back the real clock and wake every one still waiting."""
        self.now = None
        for _, future, _ in self._waiting:
            if not future.done() and not future.get_loop().is_closed():
                future.set_result(None)  # the timer's task wakes when its loop next runs
        self._waiting = []
