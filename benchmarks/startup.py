"""Benchmark 4: time to the first frame of the reference app against a bare Textual app.

* **ours**: :class:`reference_app.ChatApp` (its ``app.tcss`` is read and parsed at each
  start, as in a new process).
* **floor**: a bare Textual app whose screen holds one ``Input``.
* for the breakdown, **widgets**: a bare app with the reference app's two widgets (a
  ``VerticalScroll`` above an ``Input``), without its stylesheet, bindings or code.

A sample runs in this process, after both apps have been started once (so imports and
Textual's module-level caches are warm for both): from constructing the app to Textual's
``Ready`` event, which Textual sends "when the DOM is ready and the first frame has been
displayed", in a headless 80x24 terminal. The app is then shut down, untimed. Both apps
are subclassed by :func:`timed` in the same way to note the time of ``Ready``.
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Callable
from time import perf_counter
from typing import Any

from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Input

from benchmarks.timing import Row, Samples, interleave, ms
from reference_app.app import ChatApp

TARGET = 1.2
"""Target: reference app / bare app, time to the first frame."""
TERMINAL = (80, 24)
"""Terminal size, in cells."""


class BareApp(App[None]):
    """The floor: a Textual app with one ``Input`` and nothing else."""

    def compose(self) -> ComposeResult:
        """One input."""
        yield Input()


class ScrollApp(App[None]):
    """For the breakdown: the reference app's two widgets, without its stylesheet or code."""

    def compose(self) -> ComposeResult:
        """A ``VerticalScroll`` above an ``Input``."""
        yield VerticalScroll()
        yield Input()


def timed(app_class: type[App[Any]]) -> type[App[Any]]:
    """Subclass ``app_class`` so that an instance notes when its first frame was shown."""

    class Timed(app_class):  # type: ignore[misc,valid-type]
        first_frame = 0.0

        def on_ready(self) -> None:
            self.first_frame = perf_counter()

    Timed.__name__ = f"Timed{app_class.__name__}"
    return Timed


async def first_frame(app_class: type[App[Any]]) -> float:
    """Start one ``app_class`` headless; return the seconds until its first frame."""
    gc.collect()
    start = perf_counter()
    app = app_class()
    async with app.run_test(size=TERMINAL) as pilot:
        while not app.first_frame:  # type: ignore[attr-defined]
            await pilot.pause()
    return float(app.first_frame) - start  # type: ignore[attr-defined]


def run(repeats: int = 21) -> Samples:
    """Run benchmark 4: ``repeats`` interleaved starts of each app, after one warm-up each."""
    classes = {"ours": timed(ChatApp), "floor": timed(BareApp), "widgets": timed(ScrollApp)}
    for app_class in classes.values():
        asyncio.run(first_frame(app_class))
    return interleave({name: starter(app_class) for name, app_class in classes.items()}, repeats)


def starter(app_class: type[App[Any]]) -> Callable[[], float]:
    """A function that starts one ``app_class`` on a new event loop (see :func:`first_frame`)."""
    return lambda: asyncio.run(first_frame(app_class))


def rows(samples: Samples) -> list[Row]:
    """The table row of benchmark 4."""
    ours, floor = samples.median("ours"), samples.median("floor")
    widgets = samples.median("widgets")
    return [
        Row(
            key="4. start-up",
            measure="time to the first frame (Ready)",
            ours=ms(ours),
            floor=ms(floor),
            ratio=ours / floor,
            target=f"<= {TARGET}",
            met=ours / floor <= TARGET,
            note=f"median of {len(samples.values['ours'])}; "
            f"ours {samples.spread('ours')}, floor {samples.spread('floor')}; "
            f"Input + VerticalScroll alone {ms(widgets)} (x{widgets / floor:.2f} the floor)",
        )
    ]
