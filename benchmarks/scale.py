"""Benchmark 3: the cost of one submission at scale, against Textual's own floor.

Three apps run side by side on one event loop in 80x24 headless terminals:

* **ours**: the reference app. One submission is one ``Input.Submitted`` posted by the
  input, as Enter would post it (no Pilot key handling), so the app's whole submit path
  runs: strip, clear, choice, session records, two ``MessageItem`` widgets, one
  ``mount_all``, scroll to the end.
* **floor**: a bare Textual app with the same screen shape (a ``VerticalScroll`` above a
  focused ``Input``). One "submission" is one ``mount_all`` of two bare ``Label`` widgets
  showing the same texts, nothing else. Its new labels stay below the fold: it never
  scrolls, so it never draws them.
* **scrolled** (for comparison, not the target): the floor in an anchored container
  (``VerticalScroll.anchor()``), so that it shows the new labels as the reference app
  shows its items.

A sample runs from the start of the submission to the last frame the submission causes,
provided that frame shows both new widgets laid out (they have a size) and, for the
reference app and the scrolled floor, the conversation scrolled to its end.
Frames are time-stamped through the screen's ``screen_layout_refresh_signal``, published
right after each layout refresh and repaint; "last" means two ``pilot.pause()`` calls in
a row went by without another frame and with no refresh pending (:func:`quiet`); the
pauses are not timed. Textual lays out twice after a
mount (the first layout sets the new widgets' sizes, which asks for a second), so the
floor's cost is two layouts too, and the reference app's scroll to the end, which Textual
runs after a refresh, lands in the second one.

Both conversations are pre-filled, before any sample, with the same number of items
mounted in batches of :data:`BATCH` (one ``mount_all`` per batch; the reference app also
records each pair in its session), not through the UI. Sizes are the sizes at which
sampling starts; each sample adds one pair to each side.

Memory per message pair: on a separate pair of apps, from empty conversations on,
``tracemalloc`` is started, a number of pairs is added (as above), and the memory still
allocated after a ``gc.collect()`` is divided by the number of pairs.
"""

from __future__ import annotations

import asyncio
import gc
import tracemalloc
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from time import perf_counter, process_time
from typing import Any

from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, Label

from benchmarks.timing import Row, Samples, ms, rounds
from reference_app.app import ChatApp
from reference_app.responses import RESPONSES
from reference_app.widgets import MessageItem

SIZES = (100, 500, 1000, 2500, 5000)
"""Conversation sizes, in messages, at which submissions are timed."""
BATCH = 500
"""Widgets per ``mount_all`` call while pre-filling."""
TERMINAL = (80, 24)
"""Terminal size of both apps, in cells."""
BOUND = 60.0
"""Seconds one sample may take before the benchmark gives up."""
TIME_TARGET = 1.2
"""Target: reference app / floor, per submission, at every size."""
MEMORY_TARGET = 1.3
"""Target: reference app / floor, memory per message pair."""


class FloorApp(App[None]):
    """Textual's floor: a scrolling container above a focused input, and bare labels."""

    def compose(self) -> ComposeResult:
        """A ``VerticalScroll`` and an ``Input``, as in the reference app."""
        yield VerticalScroll(id="chat-log")
        yield Input(id="chat-input")

    def on_mount(self) -> None:
        """Focus the input, as the reference app does (its cursor blinks in both)."""
        self.query_one(Input).focus()


def pair_bodies(number: int) -> tuple[str, str]:
    """The user and agent bodies of pair ``number``."""
    return f"메시지 {number}", RESPONSES[number % len(RESPONSES)]


def pair_texts(number: int) -> tuple[str, str]:
    """The two display texts of pair ``number``, as the reference app shows them."""
    user, agent = pair_bodies(number)
    return f"사용자: {user}", f"에이전트: {agent}"


@dataclass
class Side:
    """One app under measurement and how to add one pair to it.

    Attributes:
        app: The running app.
        pilot: Its pilot.
        area: Its conversation container.
        added: Pairs added so far (pre-fill and samples).
    """

    app: App[Any]
    pilot: Pilot[Any]
    area: Widget
    added: int = field(default=0)

    @property
    def size(self) -> int:
        """Messages in the conversation."""
        return len(self.area.children)

    async def prefill(self, messages: int) -> None:
        """Mount pairs in batches until the conversation holds ``messages`` messages."""
        while self.size < messages:
            pairs = min(BATCH, messages - self.size) // 2
            await self.area.mount_all(self.make_batch(pairs))
        self.area.scroll_end(animate=False)
        await self.pilot.pause()

    def make_batch(self, pairs: int) -> list[Widget]:
        """``pairs`` pairs of widgets for the pre-fill."""
        raise NotImplementedError

    def start(self) -> None:
        """Begin adding one pair; return at once."""
        raise NotImplementedError

    def done(self, before: int) -> bool:
        """Whether the pair started when the conversation held ``before`` items is shown."""
        new = self.area.children[before:]
        return len(new) == 2 and all(widget.size.height for widget in new)


class ReferenceSide(Side):
    """The reference app: pre-fill through its session, submit through its input."""

    def make_batch(self, pairs: int) -> list[Widget]:
        """Record ``pairs`` pairs in the session and build their items."""
        assert isinstance(self.app, ChatApp)
        widgets: list[Widget] = []
        for _ in range(pairs):
            pair = self.app.session.record(*pair_bodies(self.added))
            widgets.extend(MessageItem(message) for message in pair)
            self.added += 1
        return widgets

    def start(self) -> None:
        """Post ``Input.Submitted`` from the input, as Enter does."""
        field_ = self.app.query_one(f"#{ChatApp.INPUT_ID}", Input)
        field_.post_message(Input.Submitted(field_, pair_bodies(self.added)[0]))
        self.added += 1

    def done(self, before: int) -> bool:
        """Both items laid out and the conversation scrolled to its end."""
        return super().done(before) and self.area.scroll_y >= self.area.max_scroll_y


class FloorSide(Side):
    """Textual's floor: two bare labels, one ``mount_all``."""

    def make_batch(self, pairs: int) -> list[Widget]:
        """``pairs`` pairs of bare labels."""
        widgets: list[Widget] = []
        for _ in range(pairs):
            widgets.extend(Label(text) for text in pair_texts(self.added))
            self.added += 1
        return widgets

    def start(self) -> None:
        """Mount two bare labels with one ``mount_all``."""
        self.area.mount_all([Label(text) for text in pair_texts(self.added)])
        self.added += 1


class ScrolledFloorSide(FloorSide):
    """The floor in an anchored container: Textual keeps its end, the new labels, in view.

    For comparison with the reference app, which shows its new items; the literal floor
    never scrolls, so it never draws what it adds. Anchoring is Textual's own way to keep
    a container at its end (``Widget.anchor``), applied by the compositor in the layout
    itself. (A ``scroll_end`` after the mount, as the reference app does, was tried first:
    with bare labels it sometimes settled two lines short of the end, because the second
    layout that sets the new labels' sizes grows the content after the scroll.)
    """

    def done(self, before: int) -> bool:
        """Both labels laid out and the container at its end (or not yet scrollable)."""
        area = self.area
        return super().done(before) and (
            area.scroll_y >= area.max_scroll_y or not area.max_scroll_y
        )


Frame = tuple[float, float, bool]
"""One layout refresh: (wall clock, process CPU time, whether it showed the pair)."""


async def until_settled(side: Side, bound: float = BOUND) -> tuple[float, float]:
    """Add one pair to ``side``; return the wall and CPU seconds until the last frame.

    See the module docstring for what the last frame is. CPU time is this process's
    (``time.process_time``): the other apps are idle during a sample, so it is the
    measured app's work, without the waits for Textual's refresh timer and without
    what other processes on the machine take.

    Raises:
        TimeoutError: The pair was not shown within ``bound`` seconds.
    """
    before = side.size
    frames: list[Frame] = []
    shown = asyncio.Event()

    def on_layout(_screen: object) -> None:
        frames.append((perf_counter(), process_time(), side.done(before)))
        if frames[-1][2]:
            shown.set()

    signal = side.app.screen.screen_layout_refresh_signal
    signal.subscribe(side.area, on_layout, immediate=True)
    try:
        start, cpu = perf_counter(), process_time()
        side.start()
        while True:
            try:
                await asyncio.wait_for(shown.wait(), bound)
            except TimeoutError as error:
                raise TimeoutError(
                    f"{type(side).__name__}: no frame showed the pair within {bound:g} s "
                    f"({len(frames)} frames; {len(side.area.children) - before} new children; "
                    f"scroll_y {side.area.scroll_y} of {side.area.max_scroll_y})"
                ) from error
            await settle(side, frames)
            if frames[-1][2]:
                break
            shown.clear()
    finally:
        signal.unsubscribe(side.area)
    return frames[-1][0] - start, frames[-1][1] - cpu


def quiet(screen: Screen[Any]) -> bool:
    """Whether ``screen`` has no refresh pending: no layout, scroll, repaint or callback.

    Reads Textual's private flags (Textual 8): the update timer runs while a refresh is
    pending, and ``call_after_refresh`` callbacks wait in ``_callbacks``.
    """
    return not (
        screen._update_timer._active.is_set()
        or screen._layout_required
        or screen._scroll_required
        or screen._repaint_required
        or screen._dirty_widgets
        or screen._callbacks
    )


async def settle(side: Side, frames: list[Frame], rounds: int = 2) -> None:
    """Let ``side``'s app run until ``rounds`` pauses in a row pass quietly.

    A quiet pause is a ``pilot.pause()`` (every message queue processed, then the
    process idle) after which no new frame was recorded and no refresh is pending.
    """
    calm, seen = 0, len(frames)
    while calm < rounds:
        await side.pilot.pause()
        if len(frames) == seen and quiet(side.app.screen):
            calm += 1
        else:
            calm, seen = 0, len(frames)


async def sample(side: Side, sides: dict[str, Side]) -> tuple[float, float]:
    """One timed submission of ``side``, once every app is idle and after a collection.

    The apps share one heap: objects that exist before the sample are frozen
    (``gc.freeze()``), so that a collection during one side's sample does not scan the
    other apps' widgets. Collections of what the sample itself allocates still count.
    """
    for each in sides.values():
        await each.pilot.pause()
    gc.collect()
    gc.freeze()
    try:
        return await until_settled(side)
    finally:
        gc.unfreeze()


async def memory_per_pair(side: Side, pairs: int) -> float:
    """Bytes still allocated per pair after adding ``pairs`` pairs to ``side``."""
    await side.pilot.pause()
    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        for _ in range(pairs):
            await until_settled(side)
        await side.pilot.pause()
        gc.collect()
        return (tracemalloc.get_traced_memory()[0] - base) / pairs
    finally:
        tracemalloc.stop()


@dataclass
class ScaleResult:
    """Everything benchmark 3 measured.

    Attributes:
        sizes: The conversation sizes, in messages.
        time: Per size, the samples of ``"ours"``, ``"floor"`` and ``"scrolled"`` (wall
            seconds), and of ``"ours cpu"``, ``"floor cpu"``, ``"scrolled cpu"`` (CPU
            seconds).
        memory: Samples of bytes per pair of each side.
        memory_pairs: Pairs added per memory sample (the samples follow each other in
            one pair of apps, from empty conversations on).
    """

    sizes: list[int]
    time: dict[int, Samples]
    memory: Samples
    memory_pairs: int


@asynccontextmanager
async def all_sides() -> AsyncIterator[dict[str, Side]]:
    """Run the reference app and two floor apps side by side; yield their sides."""
    ours, floor, scrolled = ChatApp(), FloorApp(), FloorApp()
    async with (
        ours.run_test(size=TERMINAL) as ours_pilot,
        floor.run_test(size=TERMINAL) as floor_pilot,
        scrolled.run_test(size=TERMINAL) as scrolled_pilot,
    ):
        scrolled.query_one("#chat-log").anchor()
        yield {
            "ours": ReferenceSide(ours, ours_pilot, ours.query_one(f"#{ChatApp.CONVERSATION_ID}")),
            "floor": FloorSide(floor, floor_pilot, floor.query_one("#chat-log")),
            "scrolled": ScrolledFloorSide(
                scrolled, scrolled_pilot, scrolled.query_one("#chat-log")
            ),
        }


async def measure(
    sizes: Sequence[int], repeats: int, memory_pairs: int, memory_repeats: int
) -> ScaleResult:
    """Run benchmark 3 in this event loop.

    Memory is measured first, on its own pair of apps, so that it does not grow the
    conversations that are then timed.

    Args:
        sizes: Conversation sizes in messages, ascending.
        repeats: Timed submissions per side and size.
        memory_pairs: Pairs added per memory sample.
        memory_repeats: Memory samples per side.

    Returns:
        The samples.
    """
    memory = Samples()
    async with all_sides() as sides:
        for order in rounds(list(sides), memory_repeats):
            for name in order:
                memory.add(name, await memory_per_pair(sides[name], memory_pairs))
    time: dict[int, Samples] = {}
    async with all_sides() as sides:
        for size in sizes:
            for side in sides.values():
                await side.prefill(size)
            time[size] = Samples()
            for order in rounds(list(sides), repeats):
                for name in order:
                    wall, cpu = await sample(sides[name], sides)
                    time[size].add(name, wall)
                    time[size].add(f"{name} cpu", cpu)
    return ScaleResult(list(sizes), time, memory, memory_pairs)


def run(
    sizes: Sequence[int] = SIZES,
    repeats: int = 11,
    memory_pairs: int = 50,
    memory_repeats: int = 3,
) -> ScaleResult:
    """Run benchmark 3 (see :func:`measure`) on a new event loop."""
    return asyncio.run(measure(sizes, repeats, memory_pairs, memory_repeats))


def rows(result: ScaleResult) -> list[Row]:
    """The table rows of benchmark 3: one per size, one for memory."""
    table = [_time_row(size, result.time[size]) for size in result.sizes]
    ours, floor = result.memory.median("ours"), result.memory.median("floor")
    table.append(
        Row(
            key="3. memory",
            measure=f"memory per message pair ({result.memory_pairs} pairs per sample)",
            ours=f"{ours / 1024:.1f} KiB",
            floor=f"{floor / 1024:.1f} KiB",
            ratio=ours / floor,
            target=f"<= {MEMORY_TARGET}",
            met=ours / floor <= MEMORY_TARGET,
            note=f"tracemalloc, median of {len(result.memory.values['ours'])}; "
            f"anchored floor {result.memory.median('scrolled') / 1024:.1f} KiB "
            f"(ours x{ours / result.memory.median('scrolled'):.2f})",
        )
    )
    return table


def _time_row(size: int, samples: Samples) -> Row:
    ours, floor = samples.median("ours"), samples.median("floor")
    scrolled = samples.median("scrolled")
    cpu = {side: samples.median(f"{side} cpu") for side in ("ours", "floor", "scrolled")}
    return Row(
        key=f"3. scale {size}",
        measure=f"one submission at {size} messages",
        ours=ms(ours),
        floor=ms(floor),
        ratio=ours / floor,
        target=f"<= {TIME_TARGET}",
        met=ours / floor <= TIME_TARGET,
        note=f"median of {len(samples.values['ours'])}; "
        f"ours {samples.spread('ours')}, floor {samples.spread('floor')}; "
        f"anchored floor {ms(scrolled)} (ours x{ours / scrolled:.2f}); CPU time "
        f"ours {ms(cpu['ours'])}, floor {ms(cpu['floor'])} (x{cpu['ours'] / cpu['floor']:.2f}), "
        f"anchored floor {ms(cpu['scrolled'])} (x{cpu['ours'] / cpu['scrolled']:.2f})",
    )


def per_submission(result: ScaleResult) -> dict[str, list[float]]:
    """Median seconds per submission at each size, per side (for the plot)."""
    return {
        side: [result.time[size].median(side) for size in result.sizes]
        for side in ("ours", "floor", "scrolled")
    }
