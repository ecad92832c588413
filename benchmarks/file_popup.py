"""Benchmark 9: key-to-popup of the ``@`` file popup (004 §3.4.2), as benchmark 6 is for ``/``.

``crs-at-popup-latency`` asks that no more than 100 ms pass between typing ``@`` and the
popup appearing (SHOULD NOT exceed). Measured on three sides, each answering every
``control.file.search`` with the same ``N`` candidates (as the agent's answer to the empty
query: the recent files), on the app's loop right after the search is sent:

* **reference**: :class:`reference_crs.app.CrsApp` through the harness's fake agent;
* **crs_alt**: :class:`examples.crs_alt.app.AltCrsApp`, the second client (a line-API list);
* **floor**: a bare Textual app holding a ``TextArea`` and a hidden ``OptionList``; the
  ``@`` key shows the list and fills it with the ``N`` answered candidates
  (``clear_options`` then ``add_options``), as a client does with an answer.

Per sample, two times, each from an action to the first frame (``App._display``) whose
composed screen shows its effect, read from the same compositor strips as the steps read
(``steps.screen``):

* **popup**: from posting ``@`` (``pilot.press``) until the widget the adapter's
  ``file_popup_selector`` names is laid out with the answer's first candidate drawn in it
  and the input holds ``@``. The agent answers at once, so this is key-to-popup with ``N``
  candidates in hand (``crs-at-popup-latency``'s budget);
* **answer**: then, from publishing a second answer for the same ``query_id`` (``N``
  other candidates) until its first candidate is drawn: the cost of applying an answer of
  ``N`` candidates. The floor refills its list the same way.

Reported as medians and ratios against the floor at 10, 1,000 and 100,000 candidates.
Time is never asserted anywhere else.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from statistics import median
from typing import Any

from textual import events
from textual.app import App, ComposeResult
from textual.widget import Widget
from textual.widgets import OptionList, TextArea

from benchmarks import slash_popup
from benchmarks.timing import Row, ms, rounds
from rawp_port import ClientSettings, FileCandidate, FileCandidates
from steps.rawp_crs.support.fake_agent import FakeAgent, FakeClock
from steps.screen import screen_rows

SIZES = (10, 1_000, 100_000)
"""Numbers of candidates in each answer."""
TERMINAL = slash_popup.TERMINAL
"""Terminal size, in cells."""
SIDES = ("reference", "crs_alt", "floor")
"""The apps measured, in the order of the first round."""


def candidates(count: int, stem: str = "module") -> list[FileCandidate]:
    """``count`` distinct candidates ``{stem}{i:06d}.py`` under a few directories."""
    return [
        FileCandidate(
            path=f"src/pkg{i % 7}/{stem}{i:06d}.py",
            name=f"{stem}{i:06d}.py",
            directory=f"src/pkg{i % 7}",
            match_ranges=((0, 3),),
        )
        for i in range(count)
    ]


@dataclass
class Sample:
    """One typed ``@``: seconds to the popup with its candidates, and to a second answer."""

    popup: float
    answer: float


Answer = Callable[[Sequence[FileCandidate]], None]
"""Delivers an answer of candidates to the app (its agent publishes, or the floor fills)."""


@dataclass
class Side:
    """How to build one side's app and where its popup and input are.

    Attributes:
        make: A fresh app that answers every search with the candidates given, and the
            function that delivers a further answer for the last search.
        popup: CSS selector of the widget that draws the candidates.
        value: The input's text.
    """

    make: Callable[[Sequence[FileCandidate]], tuple[App[Any], Answer]]
    popup: str
    value: Callable[[App[Any]], str]


def popup_text(app: App[Any], selector: str) -> str | None:
    """The text drawn in the popup's region, rows joined; ``None`` when it is not shown."""
    found = app.screen.query(selector)
    widget: Widget | None = found.first() if found else None
    if widget is None or not widget.display or widget.region.height < 1:
        return None
    region = widget.region
    rows = screen_rows(app)[region.y : region.bottom]
    return "\n".join("".join(row[region.x : region.right]) for row in rows)


async def sample(side: Side, answer: Sequence[FileCandidate]) -> Sample:
    """Type ``@`` into one fresh app of ``side``; time the popup, then a second answer."""
    app, deliver = side.make(answer)
    again = candidates(len(answer), "renamed")

    def drawn(name: str) -> Callable[[], bool]:
        def shown() -> bool:
            text = popup_text(app, side.popup)
            return side.value(app) == "@" and text is not None and name in text

        return shown

    async def deliver_again() -> None:
        deliver(again)

    async with app.run_test(size=TERMINAL) as pilot:
        await pilot.pause()
        stamps = slash_popup.Frames(app)
        popup = await stamps.after(lambda: pilot.press("@"), drawn(answer[0].name))
        await pilot.pause()
        applied = await stamps.after(deliver_again, drawn(again[0].name))
    return Sample(popup, applied)


# the three sides


def reference(answer: Sequence[FileCandidate]) -> tuple[App[Any], Answer]:
    """The reference client; the fake agent answers each search with ``answer``."""
    from reference_crs.conformance import adapter

    return _client(adapter, answer)


def crs_alt(answer: Sequence[FileCandidate]) -> tuple[App[Any], Answer]:
    """The second client; the fake agent answers each search with ``answer``."""
    from examples.crs_alt.adapter import adapter

    return _client(adapter, answer)


class AnsweringAgent(FakeAgent):
    """The fake agent, answering every file search on the loop right after it is sent."""

    def __init__(self, answer: Sequence[FileCandidate]) -> None:
        """Answer with ``answer``."""
        super().__init__()
        self.answer = answer

    def send(self, frame: Any) -> None:
        """Record ``frame``; a file search gets its candidates at the loop's next turn."""
        super().send(frame)
        if getattr(frame, "type", "") == "control.file.search":
            reply = FileCandidates(frame.query_id, self.answer)
            asyncio.get_running_loop().call_soon(self.publish, reply)


def _client(adapter: Any, answer: Sequence[FileCandidate]) -> tuple[App[Any], Answer]:
    agent = AnsweringAgent(answer)
    clock = FakeClock(datetime(2026, 3, 10, 5, 32, tzinfo=UTC))
    app: App[Any] = adapter.create_client(agent, agent, clock, ClientSettings())

    def deliver(found: Sequence[FileCandidate]) -> None:
        agent.publish(FileCandidates(agent.sent_of("control.file.search")[-1].query_id, found))

    return app, deliver


class FloorInput(TextArea):
    """The floor's input: ``@`` shows the list filled with the answer."""

    async def _on_key(self, event: events.Key) -> None:
        if event.character is None:
            return
        event.stop()
        event.prevent_default()
        self.insert(event.character)
        if event.character == "@":
            self.app.fill(self.app.answer)  # type: ignore[attr-defined]


class FloorApp(App[None]):
    """The floor: a ``TextArea`` and a hidden ``OptionList`` the answer fills."""

    AUTO_FOCUS = "FloorInput"
    CSS = "OptionList { display: none; height: auto; max-height: 12; } FloorInput { height: 3; }"

    def __init__(self, answer: Sequence[FileCandidate]) -> None:
        """Keep the answer ``@`` shows."""
        super().__init__()
        self.answer = answer

    def compose(self) -> ComposeResult:
        """The list above the input."""
        yield OptionList()
        yield FloorInput()

    def fill(self, found: Sequence[FileCandidate]) -> None:
        """Show the list holding ``found`` (name, then directory), replacing what it held."""
        listing = self.query_one(OptionList)
        listing.clear_options()
        listing.add_options([f"{c.name}  {c.directory}" for c in found])
        listing.display = True


def floor(answer: Sequence[FileCandidate]) -> tuple[App[Any], Answer]:
    """The floor app and its way of taking a further answer."""
    app = FloorApp(answer)
    return app, app.fill


SIDE: dict[str, Side] = {
    "reference": Side(reference, "#file-popup", slash_popup.SIDE["reference"].value),
    "crs_alt": Side(crs_alt, "#files", slash_popup.SIDE["crs_alt"].value),
    "floor": Side(floor, "OptionList", lambda app: app.query_one(FloorInput).text),
}
"""Each side's app, popup selector and input value."""


def run(
    sizes: tuple[int, ...] = SIZES, repeats: int = 5, sides: tuple[str, ...] = SIDES
) -> dict[int, dict[str, list[Sample]]]:
    """Run benchmark 9: ``repeats`` interleaved rounds of every side at each size."""
    result: dict[int, dict[str, list[Sample]]] = {}
    for size in sizes:
        answer = candidates(size)
        samples: dict[str, list[Sample]] = {side: [] for side in sides}
        for order in rounds(sides, repeats):
            for side in order:
                samples[side].append(asyncio.run(sample(SIDE[side], answer)))
        result[size] = samples
    return result


MEASURES = (
    ("popup", "`@` key to the first frame showing the popup with its candidates", 0.1),
    ("answer", "a further answer to the first frame showing its first candidate", None),
)
"""Each :class:`Sample` field reported: its name, what it measures, its budget (seconds)."""


def rows(result: dict[int, dict[str, list[Sample]]]) -> list[Row]:
    """Per size and client: ``@`` to the popup, and an answer to its list, against the floor."""
    table = []
    for size, sides in result.items():
        note = f"median of {len(sides['floor'])}"
        for client in (side for side in sides if side != "floor"):
            for field, measure, budget in MEASURES:
                ours = median(getattr(s, field) for s in sides[client])
                floor = median(getattr(s, field) for s in sides["floor"])
                table.append(
                    Row(
                        key=f"9. @ {field} {size} {client}",
                        measure=measure,
                        ours=ms(ours),
                        floor=ms(floor),
                        ratio=ours / floor,
                        target="report" if budget is None else f"<= {budget * 1000:.0f} ms (spec)",
                        met=budget is None or ours <= budget,
                        note=note,
                    )
                )
    return table
