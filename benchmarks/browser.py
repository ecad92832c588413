"""Benchmark 7: the working-directory browser (004 §7) against Textual's ``DirectoryTree``.

A real directory is made under a temporary root: a directory ``big`` holding ``N`` empty
files (10, 1,000 and 100,000), beside a few other entries. Each side is measured twice, in
one headless app per sample:

* **open**: from the request to open the dialog until the first frame that shows the root
  listing (the browse answer of the root drawn);
* **expand**: from the request to expand ``big`` until the first frame that shows its
  children.

The sides:

* **crs_alt** (``examples/crs_alt``) and **reference** (``reference_crs``): the client wired
  to :class:`LocalControl`, a control plane that lists the real directory (every entry,
  sorted by name, no truncation; the root browse answers the temporary root, its
  directories at the depth boundary), opened through the adapter's
  ``start_session_creation`` and ``workspace_button_selector``. The reference side is
  measured when its adapter has the part-5 members and its dialog draws the root.
* **floor**: a ``ModalScreen`` holding Textual's ``DirectoryTree`` on the same root, pushed
  by a button clicked as the clients' button is (open), and its ``big`` node expanded
  (expand); it reads the directory itself, in a worker.

"First frame" is the first ``App._display`` call after which the side's state shows the
listing; both sides are timed the same way. Reported as the ratio side / floor. Time is never
asserted anywhere else.
"""

from __future__ import annotations

import asyncio
import gc
import os
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from time import perf_counter
from typing import Any

from textual.app import App, ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Button, DirectoryTree

from benchmarks.timing import Row, ms
from rawp_port import BrowseResult, ClientSettings, Entry, EntryType
from steps.rawp_crs.support.fake_agent import FakeAgent, FakeClock

SIZES = (10, 1_000, 100_000)
"""Entries of the expanded directory."""
TERMINAL = (100, 30)
"""Terminal size, in cells."""
BIG = "big"
"""Name of the directory that is expanded."""


class LocalControl:
    """A control plane listing a real directory (``ControlPlane.browse``), for benchmarks.

    Args:
        root: What the root browse (``path=None``) answers.
    """

    def __init__(self, root: Path) -> None:
        """Browse under ``root``."""
        self.root = root

    async def browse(self, node_id: str, path: str | None) -> BrowseResult:
        """List ``path`` (the root when ``None``): every entry, directories not descended."""
        where = self.root if path is None else Path(path)
        entries = []
        with os.scandir(where) as listing:
            for item in listing:
                is_dir = item.is_dir()
                size = None if is_dir else item.stat().st_size
                kind: EntryType = "directory" if is_dir else "file"
                entries.append(Entry(item.name, item.path, kind, size=size))
        entries.sort(key=lambda entry: (entry.type != "directory", entry.name))
        return BrowseResult(str(where), "unix", tuple(entries))

    async def load_turns(self, conversation_id: str, before: str | None, limit: int) -> Any:
        """Not used here."""
        raise NotImplementedError

    async def allowed_directories(self, agent_id: str) -> Sequence[str] | None:
        """Unrestricted."""
        return None


def make_tree(base: Path, size: int) -> Path:
    """Make ``base/big`` with ``size`` empty files, and a few neighbours; return ``base``."""
    big = base / BIG
    big.mkdir(parents=True)
    for index in range(size):
        (big / f"f{index:06d}.txt").touch()
    (base / "docs").mkdir()
    (base / "README.md").write_text("hello\n", encoding="utf-8")
    return base


@dataclass
class FirstFrame:
    """The time of the first frame after which ``ready()`` holds (``App._display`` hook)."""

    ready: Callable[[], bool] = lambda: False
    start: float = 0.0
    seen: float | None = None
    frames: list[float] = field(default_factory=list)

    def watch(self, app: App[Any]) -> None:
        """Hook ``app``'s display."""
        display = app._display

        def noted(*args: Any) -> None:
            display(*args)
            if self.seen is None and self.ready():
                self.seen = perf_counter()

        app._display = noted  # type: ignore[method-assign,assignment]

    def arm(self, ready: Callable[[], bool]) -> None:
        """Start timing now, until a frame after which ``ready()`` holds."""
        self.ready, self.seen = ready, None
        gc.collect()
        self.start = perf_counter()

    async def wait(self, bound: float = 120.0) -> float:
        """Seconds from :meth:`arm` to that frame."""
        while self.seen is None:
            if perf_counter() - self.start > bound:
                raise TimeoutError("no frame showed the listing")
            await asyncio.sleep(0.001)
        return self.seen - self.start


@dataclass(frozen=True)
class Sample:
    """Seconds to the first frame: opening the dialog, expanding ``big``."""

    open: float
    expand: float


# the floor


class FloorApp(App[None]):
    """A button that pushes the floor's dialog, clicked as the clients' button is."""

    def __init__(self, root: Path) -> None:
        """Browse ``root``."""
        super().__init__()
        self.dialog = FloorDialog(root)

    def compose(self) -> ComposeResult:
        """The button."""
        yield Button("작업 디렉토리 선택", id="open")

    def on_button_pressed(self) -> None:
        """Open the dialog."""
        self.push_screen(self.dialog)


class FloorDialog(ModalScreen[None]):
    """Textual's ``DirectoryTree`` in a modal screen."""

    def __init__(self, root: Path) -> None:
        """Show ``root``."""
        super().__init__()
        self.root = root

    def compose(self) -> ComposeResult:
        """The tree."""
        yield DirectoryTree(self.root)


async def floor(root: Path, size: int) -> Sample:
    """Open a ``DirectoryTree`` dialog on ``root`` and expand ``big``."""
    app = FloorApp(root)
    dialog = app.dialog
    timer = FirstFrame()
    async with app.run_test(size=TERMINAL) as pilot:
        await pilot.pause()
        timer.watch(app)

        def tree() -> DirectoryTree:
            return dialog.query_one(DirectoryTree)

        timer.arm(lambda: app.screen is dialog and bool(tree().root.children))
        await pilot.click("#open")
        opened = await timer.wait()
        node = next(child for child in tree().root.children if str(child.label) == BIG)
        timer.arm(lambda: node.is_expanded and len(node.children) >= size)
        node.expand()
        expanded = await timer.wait()
    return Sample(opened, expanded)


# the clients, through their adapters


@dataclass(frozen=True)
class Client:
    """How a side is opened and read: its adapter and two state probes."""

    adapter: Any
    opened: Callable[[App[Any]], bool]
    expand: Callable[[App[Any]], Callable[[], bool]]
    """Start expanding ``big``; return the probe that says its children are shown."""


def _alt() -> Client:
    from examples.crs_alt.adapter import adapter
    from examples.crs_alt.browser import BrowserDialog
    from examples.crs_alt.entry_list import EntryList

    def opened(app: App[Any]) -> bool:
        screen = app.screen
        return isinstance(screen, BrowserDialog) and bool(screen.entries.lines)

    def expand(app: App[Any]) -> Callable[[], bool]:
        entries = app.screen.query_one("#fs-list", EntryList)
        node = next(row.node for row in entries.lines if row.node.entry.name == BIG)
        entries.toggle(node)
        return lambda: node.expanded and len(entries.lines) >= 3 + len(node.children or ())

    return Client(adapter, opened, expand)


def _reference() -> Client | None:
    """The reference client's side, once its dialog is built (branch ``browser``)."""
    try:
        from textual.widgets import Tree

        from reference_crs.browser import dialog
        from reference_crs.conformance import adapter
    except ImportError:
        return None
    screen = getattr(dialog, "FileBrowserScreen", None)
    if not hasattr(adapter, "file_tree_selector") or "compose" not in vars(screen or object):
        return None  # the contract's stub: no dialog to measure yet

    def tree(app: App[Any]) -> Any:
        found = app.screen.query(Tree)
        return found.first() if found else None

    def opened(app: App[Any]) -> bool:
        shown = tree(app)
        return shown is not None and bool(shown.root.children)

    def expand(app: App[Any]) -> Callable[[], bool]:
        shown = tree(app)
        node = next(c for c in shown.root.children if getattr(c.data.entry, "name", "") == BIG)
        shown.toggle_directory(node)  # what its chevron click and its keys call
        return lambda: node.is_expanded and not node.data.loading and bool(node.children)

    return Client(adapter, opened, expand)


CLIENTS: dict[str, Callable[[], Client | None]] = {"crs_alt": _alt, "reference": _reference}
"""The measured clients by name; a factory returns ``None`` when its side cannot run yet."""


async def client(side: Client, root: Path) -> Sample:
    """Open the client's dialog on ``root`` through its adapter and expand ``big``."""
    agent = FakeAgent()
    clock = FakeClock(datetime(2026, 3, 10, 5, 32, tzinfo=UTC))
    app = side.adapter.create_client(agent, LocalControl(root), clock, ClientSettings())
    timer = FirstFrame()
    async with app.run_test(size=TERMINAL) as pilot:
        await pilot.pause()
        side.adapter.start_session_creation(app, "local", "bench")
        await pilot.pause()
        timer.watch(app)
        timer.arm(lambda: side.opened(app))
        await pilot.click(side.adapter.workspace_button_selector)
        opened = await timer.wait()
        await pilot.pause()
        timer.arm(lambda: False)
        timer.ready = side.expand(app)
        expanded = await timer.wait()
    return Sample(opened, expanded)


def run(sizes: Sequence[int] = SIZES, repeats: int = 3) -> dict[int, dict[str, list[Sample]]]:
    """Run benchmark 7: ``repeats`` interleaved samples of every side at every size."""
    sides = {name: made for name, factory in CLIENTS.items() if (made := factory()) is not None}
    result: dict[int, dict[str, list[Sample]]] = {}
    for size in sizes:
        with tempfile.TemporaryDirectory(prefix="crs-bench-") as tmp:
            root = make_tree(Path(tmp) / "root", size)
            samples: dict[str, list[Sample]] = {"floor": [], **{name: [] for name in sides}}
            for _ in range(repeats):
                samples["floor"].append(asyncio.run(floor(root, size)))
                for name, side in sides.items():
                    samples[name].append(asyncio.run(client(side, root)))
            result[size] = samples
    return result


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


def rows(result: dict[int, dict[str, list[Sample]]]) -> list[Row]:
    """The table rows of benchmark 7: per size, per client, open and expand against the floor."""
    table = []
    for size, samples in result.items():
        floor_open = _median([s.open for s in samples["floor"]])
        floor_expand = _median([s.expand for s in samples["floor"]])
        for name, taken in samples.items():
            if name == "floor":
                continue
            opened = _median([s.open for s in taken])
            expanded = _median([s.expand for s in taken])
            note = f"median of {len(taken)}; floor: DirectoryTree"
            table += [
                Row(f"7. browser open {size} {name}", "open dialog to first frame of the root",
                    ms(opened), ms(floor_open), opened / floor_open, "report", True, note),
                Row(f"7. browser expand {size} {name}", f"expand a directory of {size} entries",
                    ms(expanded), ms(floor_expand), expanded / floor_expand, "report", True, note),
            ]  # fmt: skip
    return table
