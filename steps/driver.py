"""The driver: one implementation under test, its Pilot, and one event loop per scenario.

pytest-bdd steps are synchronous, and ``asyncio.run()`` in each step would close the
loop, and with it the app, between steps. The driver keeps one :class:`asyncio.Runner`
for the whole scenario and runs every Pilot call on it, so the app lives from the first
Given to the last Then. It never sleeps: every wait is for a condition.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from textual import events
from textual.app import App
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Input

from steps.adapter import ChatScreenAdapter
from steps.verdicts import ImplementationError

T = TypeVar("T")

DEFAULT_SIZE = (80, 24)
"""Terminal size of every scenario unless a step says otherwise: (columns, rows) in cells."""
WAIT_BOUND = 5.0
"""Seconds a condition may take before :meth:`Driver.wait_until` gives up."""


class DriverError(ImplementationError):
    """The app cannot be driven: it is not an App, it crashed, or it stopped unexpectedly."""


@dataclass
class ChoiceSpy:
    """Stands in for the standard choice function at the adapter's ``choice_site``.

    Attributes:
        original: The function found at the site (normally ``random.choice``).
        calls: The sequence argument of each call, as a tuple, in call order.
        fixed: When not ``None``, every call returns this instead of choosing.
    """

    original: Callable[[Sequence[Any]], Any]
    calls: list[tuple[Any, ...]] = field(default_factory=list)
    fixed: str | None = None

    def __call__(self, seq: Sequence[Any]) -> Any:
        """Record the call, then return the fixed value or the original's choice."""
        self.calls.append(tuple(seq))
        if self.fixed is not None:
            return self.fixed
        return self.original(seq)


class Driver:
    """Runs one app for one scenario and offers the operations steps need.

    Lifecycle: :meth:`start` (spy installed, app running), any number of operations,
    :meth:`stop` (app shut down, loop closed, spy removed). :meth:`stop` is idempotent
    and always restores the choice site, even when the app crashed.
    """

    def __init__(self, adapter: ChatScreenAdapter, size: tuple[int, int] = DEFAULT_SIZE) -> None:
        """Prepare, but do not start, a run of ``adapter``'s app.

        Args:
            adapter: The adapter of the implementation under test.
            size: Terminal size in cells, (columns, rows).
        """
        self.adapter = adapter
        self.size = size
        self.spy: ChoiceSpy | None = None
        self.exit_expected = False
        """Set by steps that quit the app, so the liveness guard accepts a stopped app."""
        self.crash_reported = False
        """Set once a step has failed on the app's crash, so stop() does not raise it again."""
        self._runner: asyncio.Runner | None = None
        self._context: Any = None
        self._app: App[Any] | None = None
        self._pilot: Pilot[Any] | None = None

    # -- lifecycle -------------------------------------------------------------------

    def start(self) -> None:
        """Install the choice spy, create the app and run it headless.

        Raises:
            DriverError: ``create_app`` raised or returned something that is not an App.
        """
        self._install_spy()
        try:
            app = self.adapter.create_app()
        except Exception as error:
            raise DriverError(
                f"adapter {self.adapter.name!r}: create_app() raised "
                f"{type(error).__name__}: {error}"
            ) from error
        if not isinstance(app, App):
            raise DriverError(
                f"adapter {self.adapter.name!r}: create_app() returned "
                f"{type(app).__name__}, expected a textual.app.App"
            )
        self._app = app
        self._runner = asyncio.Runner()
        self._context = app.run_test(size=self.size)
        self._pilot = self.run(self._context.__aenter__())

    def stop(self) -> None:
        """Shut the app down, close the loop and restore the choice site.

        Raises:
            BaseException: What the app raised while running, if it crashed and no
                step has reported it yet.
        """
        try:
            if self._context is not None and self._runner is not None:
                context, self._context = self._context, None
                try:
                    self._runner.run(context.__aexit__(None, None, None))
                except BaseException as error:
                    if not (self.crash_reported and error is self.crash):
                        raise
        finally:
            if self._runner is not None:
                self._runner.close()
                self._runner = None
            self._remove_spy()

    def _install_spy(self) -> None:
        owner, name = self.adapter.choice_site
        self.spy = ChoiceSpy(original=getattr(owner, name))
        setattr(owner, name, self.spy)

    def _remove_spy(self) -> None:
        if self.spy is not None:
            owner, name = self.adapter.choice_site
            setattr(owner, name, self.spy.original)

    # -- running coroutines ----------------------------------------------------------

    def run(self, awaitable: Awaitable[T]) -> T:
        """Run ``awaitable`` on the scenario's event loop and return its result."""
        if self._runner is None:
            raise DriverError("the app is not running: start() was not called or stop() was")

        async def wrapped() -> T:
            return await awaitable

        return self._runner.run(wrapped())

    @property
    def app(self) -> App[Any]:
        """The running app.

        Raises:
            DriverError: No app was started.
        """
        if self._app is None:
            raise DriverError("no app was started")
        return self._app

    @property
    def pilot(self) -> Pilot[Any]:
        """The Pilot driving :attr:`app`."""
        if self._pilot is None:
            raise DriverError("no app was started")
        return self._pilot

    @property
    def running(self) -> bool:
        """Whether the app is still running."""
        return self._app is not None and self._app.is_running

    @property
    def crash(self) -> BaseException | None:
        """What the app raised, if it crashed."""
        return None if self._app is None else self._app._exception

    # -- widgets ---------------------------------------------------------------------

    def query_one(self, selector: str) -> Widget:
        """Return the one widget matching ``selector`` on the current screen.

        Raises:
            DriverError: Nothing or more than one widget matches.
        """
        found = list(self.app.screen.query(selector))
        if len(found) != 1:
            raise DriverError(
                f"selector {selector!r} from adapter {self.adapter.name!r} matched "
                f"{len(found)} widgets on the screen, expected exactly 1"
            )
        return found[0]

    @property
    def conversation(self) -> Widget:
        """The conversation area named by the adapter."""
        return self.query_one(self.adapter.conversation_selector)

    @property
    def input(self) -> Input:
        """The input named by the adapter.

        Raises:
            DriverError: The selector does not name a Textual ``Input``.
        """
        widget = self.query_one(self.adapter.input_selector)
        if not isinstance(widget, Input):
            raise DriverError(
                f"selector {self.adapter.input_selector!r} names a {type(widget).__name__}, "
                "expected a textual.widgets.Input"
            )
        return widget

    def items(self) -> list[Widget]:
        """Return the message widgets in the conversation area, in DOM (display) order."""
        return list(self.conversation.query(self.adapter.item_selector))

    # -- interaction -----------------------------------------------------------------

    def settle(self) -> None:
        """Wait until the app has processed every pending message and is idle."""
        if self.running:
            self.run(self.pilot.pause())

    def press(self, *keys: str) -> None:
        """Press keys, as a person would, and wait until the app is idle."""
        self.run(self.pilot.press(*keys))
        self.settle()

    def type_text(self, text: str) -> None:
        """Type ``text`` key by key into whatever has focus (about 70 ms a key)."""
        self.press(*(_key_name(char) for char in text))

    def paste_text(self, text: str) -> None:
        """Deliver ``text`` as one paste event, the way a terminal sends pasted text.

        The app routes it to the focused widget, so it only reaches the input when the
        input has focus. ``Input`` keeps the first line of a paste.
        """
        self.app.post_message(events.Paste(text))
        self.settle()

    def set_input_value(self, value: str) -> None:
        """Put ``value`` into the input as its current value (for values no key can type).

        Newlines cannot be typed into a one-line ``Input``; the blank-input scenarios
        use this to submit them, as seed 001 lists newline-only input.
        """
        self.input.value = value
        self.settle()

    def wait_until(self, condition: Callable[[], bool], what: str, bound: float = WAIT_BOUND) -> None:
        """Let the app run until ``condition()`` is true.

        Args:
            condition: Checked after each idle point of the app.
            what: The condition in words, for the failure message.
            bound: Seconds to wait at most.

        Raises:
            AssertionError: The condition was still false after ``bound`` seconds.
        """

        async def wait() -> None:
            deadline = asyncio.get_running_loop().time() + bound
            while not condition():
                if asyncio.get_running_loop().time() > deadline:
                    raise AssertionError(f"waited {bound:g} s for {what}; it did not happen")
                await self.pilot.pause()

        self.run(wait())

    def quit_and_wait(self, *keys: str) -> None:
        """Press ``keys`` that should quit the app and wait (bounded) until it has stopped."""
        self.exit_expected = True
        self.run(self.pilot.press(*keys))
        self.wait_until(lambda: not self.running, f"the app to exit after {'+'.join(keys)}")

    def resize(self, columns: int, rows: int) -> None:
        """Resize the terminal to ``columns`` x ``rows`` cells and wait for the new layout."""
        self.run(self.pilot.resize_terminal(columns, rows))
        self.settle()

    def fix_choice(self, response: str) -> None:
        """Make the standard choice return ``response`` from now on (the spy still records)."""
        assert self.spy is not None
        self.spy.fixed = response


def _key_name(char: str) -> str:
    """Return the Pilot key name that types ``char``."""
    return {" ": "space"}.get(char, char)

