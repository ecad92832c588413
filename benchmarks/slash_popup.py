"""Benchmark 6: key-to-popup and key-to-filtered-list of the slash-command popup (004 §3.2).

``crs-slash-popup-latency`` asks that no more than 100 ms pass between typing ``/`` and the
popup appearing (SHOULD NOT exceed). Measured on three sides, each with ``N`` commands
published (cached) before the first key:

* **reference**: :class:`reference_crs.app.CrsApp` through the harness's fake agent;
* **crs_alt**: :class:`examples.crs_alt.app.AltCrsApp`, the second client (a line-API list);
* **floor**: a bare Textual app holding a ``TextArea`` and a hidden ``OptionList`` already
  filled with the ``N`` options; the ``/`` key shows it (``display = True``), a further key
  refills it with the matching options (``clear_options`` then ``add_options``).

Per sample: the time from posting a key (``pilot.press``) to the first frame
(``App._display``) whose composed screen shows the key's effect: for ``/``, the popup's
widget (the adapter's ``slash_popup_selector``) laid out with at least one row and the
input holding ``/``; for each further key, the input holding the new prefix and every
``/name`` drawn in the popup starting with it (none drawn when none matches). The popup is
read from the same compositor strips as the steps read (``steps.screen``). Three further
keys are typed after ``/``; their times are pooled. Reported as medians and ratios
against the floor at 10, 1,000 and 10,000 commands. Time is never asserted anywhere else.
"""

from __future__ import annotations

import asyncio
import gc
import re
import string
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from statistics import median
from time import perf_counter
from typing import Any

from textual import events
from textual.app import App, ComposeResult
from textual.widget import Widget
from textual.widgets import OptionList, TextArea

from benchmarks.timing import Row, ms, rounds
from rawp_port import ClientSettings, Command, CommandsPublished
from steps.rawp_crs.support.fake_agent import FakeAgent, FakeClock
from steps.screen import screen_rows

SIZES = (10, 1_000, 10_000)
"""Numbers of published commands."""
TERMINAL = (100, 30)
"""Terminal size, in cells."""
SIDES = ("reference", "crs_alt", "floor")
"""The apps measured, in the order of the first round."""
TIMEOUT = 30.0
"""Seconds after which a sample that never shows its frame fails the benchmark."""
POPUP_NAME = re.compile(r"/(\S+)")
"""A command name as the popup draws it."""


def names(count: int) -> list[str]:
    """``count`` distinct command names; the last one's first letters are the filter keys.

    Name ``i`` is three letters from ``i`` (ones, 26s, 676s) and ``i`` itself, so the list
    sorted by name starts with other letters than the last name's, and each further key
    changes what the popup shows.
    """
    letters = string.ascii_lowercase
    return [
        f"{letters[i % 26]}{letters[i // 26 % 26]}{letters[i // 676 % 26]}{i:05d}"
        for i in range(count)
    ]


def commands(count: int) -> CommandsPublished:
    """The ``agent.commands.publish`` event of ``count`` commands."""
    listed = names(count)
    return CommandsPublished(
        [Command(n, f"Run {n}", "session" if i % 3 else None) for i, n in enumerate(listed)]
    )


@dataclass
class Sample:
    """One typed ``/`` and its further keys: seconds from each key to its frame."""

    popup: float
    filtered: list[float] = field(default_factory=list)


@dataclass
class Side:
    """How to build one side's app and where its popup and input are.

    Attributes:
        make: A fresh app with the commands published (or filled) at start.
        popup: CSS selector of the widget that draws the command rows.
        value: The input's text.
    """

    make: Callable[[int], App[Any]]
    popup: str
    value: Callable[[App[Any]], str]


class Frames:
    """Stamps the first frame after which ``condition`` holds (``App._display`` hook)."""

    def __init__(self, app: App[Any]) -> None:
        """Watch every frame ``app`` displays from now on."""
        self.condition: Callable[[], bool] | None = None
        self.stamp: float | None = None
        display = app._display

        def noted(*args: Any) -> None:
            now = perf_counter()
            display(*args)
            if self.condition is not None and self.stamp is None and self.condition():
                self.stamp = now

        app._display = noted  # type: ignore[method-assign,assignment]

    async def key(self, pilot: Any, key: str, condition: Callable[[], bool]) -> float:
        """Press ``key``; return the seconds until the first frame showing ``condition``."""
        return await self.after(lambda: pilot.press(key), condition, f"{key!r}")

    async def after(
        self,
        action: Callable[[], Awaitable[object]],
        condition: Callable[[], bool],
        what: str = "the action",
    ) -> float:
        """Run ``action``; return the seconds until the first frame showing ``condition``.

        Raises:
            TimeoutError: No frame showed it within ``TIMEOUT`` seconds.
        """
        self.condition, self.stamp = condition, None
        gc.collect()
        start = perf_counter()
        await action()
        while self.stamp is None:
            if perf_counter() - start > TIMEOUT:
                raise TimeoutError(f"no frame showed the effect of {what} in {TIMEOUT:.0f} s")
            await asyncio.sleep(0.001)
        self.condition = None
        return self.stamp - start


def drawn_names(app: App[Any], selector: str) -> list[str] | None:
    """The ``/name`` tokens drawn in the popup's region; ``None`` when it is not shown."""
    found = app.screen.query(selector)
    widget: Widget | None = found.first() if found else None
    if widget is None or not widget.display or widget.region.height < 1:
        return None
    region = widget.content_region
    rows = screen_rows(app)[region.y : region.bottom]
    text = "\n".join("".join(row[region.x : region.right]) for row in rows)
    return POPUP_NAME.findall(text)


async def sample(side: Side, count: int) -> Sample:
    """Type ``/`` and three further keys into one fresh app of ``side``."""
    app = side.make(count)
    target = names(count)[-1]
    async with app.run_test(size=TERMINAL) as pilot:
        await pilot.pause()
        frames = Frames(app)

        def popup_shown() -> bool:
            shown = drawn_names(app, side.popup)
            return side.value(app) == "/" and bool(shown)

        result = Sample(await frames.key(pilot, "/", popup_shown))
        for length in (1, 2, 3):
            prefix = target[:length]

            def filtered(prefix: str = prefix) -> bool:
                shown = drawn_names(app, side.popup)
                return (
                    side.value(app) == f"/{prefix}"
                    and shown is not None
                    and all(name.startswith(prefix) for name in shown)
                )

            result.filtered.append(await frames.key(pilot, target[length - 1], filtered))
    return result


# the three sides


def reference(count: int) -> App[Any]:
    """The reference client, ``count`` commands published through the fake agent."""
    from reference_crs.conformance import adapter

    return _client(adapter, count)


def crs_alt(count: int) -> App[Any]:
    """The second client, ``count`` commands published through the fake agent."""
    from examples.crs_alt.adapter import adapter

    return _client(adapter, count)


def _client(adapter: Any, count: int) -> App[Any]:
    agent = FakeAgent()
    clock = FakeClock(datetime(2026, 3, 10, 5, 32, tzinfo=UTC))
    app: App[Any] = adapter.create_client(agent, agent, clock, ClientSettings())
    original = agent.connect

    def connect(on_event: Callable[[Any], None]) -> None:
        original(on_event)
        on_event(commands(count))  # at session start, as the demo agent does

    agent.connect = connect  # type: ignore[method-assign]
    return app


class FloorInput(TextArea):
    """The floor's input: ``/`` shows the list, every other key refilters it."""

    async def _on_key(self, event: events.Key) -> None:
        if event.character is None:
            return
        event.stop()
        event.prevent_default()
        self.insert(event.character)
        listing = self.app.query_one(OptionList)
        if event.character == "/":
            listing.display = True
        else:
            prefix = self.text[1:]
            listing.clear_options()
            listing.add_options([o for o in self.app.options if o.startswith(f"/{prefix}")])  # type: ignore[attr-defined]


class FloorApp(App[None]):
    """The floor: a ``TextArea`` and a hidden ``OptionList`` holding every option."""

    AUTO_FOCUS = "FloorInput"
    CSS = "OptionList { display: none; height: auto; max-height: 12; } FloorInput { height: 3; }"

    def __init__(self, count: int) -> None:
        """Prepare the options of ``count`` commands."""
        super().__init__()
        self.options = [f"/{name}  Run {name}" for name in names(count)]

    def compose(self) -> ComposeResult:
        """The list above the input."""
        yield OptionList(*self.options)
        yield FloorInput()


SIDE: dict[str, Side] = {
    "reference": Side(reference, "#slash-popup", lambda app: _value(app, "#prompt-input")),
    "crs_alt": Side(crs_alt, "#commands", lambda app: _value(app, "#composer")),
    "floor": Side(FloorApp, "OptionList", lambda app: app.query_one(FloorInput).text),
}
"""Each side's app, popup selector and input value."""


def _value(app: App[Any], selector: str) -> str:
    widget = app.query_one(selector)
    text = getattr(widget, "text", None)
    return str(text if text is not None else getattr(widget, "value", ""))


def run(sizes: tuple[int, ...] = SIZES, repeats: int = 5) -> dict[int, dict[str, list[Sample]]]:
    """Run benchmark 6: ``repeats`` interleaved rounds of every side at each size."""
    result: dict[int, dict[str, list[Sample]]] = {}
    for size in sizes:
        samples: dict[str, list[Sample]] = {side: [] for side in SIDES}
        for order in rounds(SIDES, repeats):
            for side in order:
                samples[side].append(asyncio.run(sample(SIDE[side], size)))
        result[size] = samples
    return result


def rows(result: dict[int, dict[str, list[Sample]]]) -> list[Row]:
    """Per size and client: key-to-popup and key-to-filtered-list against the floor."""
    table = []
    for size, sides in result.items():
        floor_popup = median(s.popup for s in sides["floor"])
        floor_filter = median(t for s in sides["floor"] for t in s.filtered)
        note = f"median of {len(sides['floor'])} (filter: {3 * len(sides['floor'])} keys)"
        for client in ("reference", "crs_alt"):
            popup = median(s.popup for s in sides[client])
            filtered = median(t for s in sides[client] for t in s.filtered)
            table += [
                Row(
                    key=f"6. popup {size} {client}",
                    measure="`/` key to the first frame showing the popup",
                    ours=ms(popup),
                    floor=ms(floor_popup),
                    ratio=popup / floor_popup,
                    target="<= 100 ms (spec)",
                    met=popup <= 0.1,
                    note=note,
                ),
                Row(
                    key=f"6. filter {size} {client}",
                    measure="further key to the first frame showing the filtered list",
                    ours=ms(filtered),
                    floor=ms(floor_filter),
                    ratio=filtered / floor_filter,
                    target="report",
                    met=True,
                    note=note,
                ),
            ]
    return table
