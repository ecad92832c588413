"""The driver core: one app under test, its Pilot, and one event loop per scenario.

Profile-independent: each profile's driver (``steps.chat_screen.driver.Driver`` for ``chat_screen``)
extends :class:`AppDriver` with how its app is made and what its steps read.

pytest-bdd steps are synchronous, and ``asyncio.run()`` in each step would close the
loop, and with it the app, between steps. The driver keeps one :class:`ScenarioLoop`
for the whole scenario and runs every Pilot call on it, so the app lives from the first
Given to the last Then. Every wait is for a condition; it sleeps only where the wait is
the behaviour (a ``wait:<ms>`` key, the terminal parser's escape delay).

The driver also keeps the harness in control of a hostile implementation: every call runs
under the scenario's :class:`~steps.watchdog.Watchdog` (TIMEOUT instead of a hung run), a
crash is reported once as :class:`~steps.verdicts.ImplementationError` with the
implementation's own frame (ERROR), Textual's crash traceback is kept out of the run's
output, and :meth:`Driver.stop` never waits without a bound: an app that timed out is
abandoned (its tasks cancelled, its loop closed), never awaited.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import contextvars
import io
import tempfile
import threading
import time
import weakref
from collections.abc import Awaitable, Callable, Coroutine, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar, cast

import pytest
from rich.console import Console
from textual import events
from textual.app import App
from textual.errors import NoWidget
from textual.message import Message
from textual.pilot import Pilot
from textual.widget import Widget

from steps import audit, terminal_input, textual_private
from steps.adapter import Adapter, ScenarioContext
from steps.input_field import field_problem, field_value
from steps.terminal import DEFAULT_SIZE
from steps.tracebacks import pending_own_frames, summarize_exception
from steps.verdicts import (
    HARNESS_PREFIX,
    HarnessError,
    ImplementationError,
    ImplementationTimeout,
    TimeoutInterrupt,
)
from steps.watchdog import DEFAULT_TIMEOUT, Watchdog

T = TypeVar("T")

WAIT_BOUND = 5.0
"""Seconds a condition may take before :meth:`Driver.wait_until` gives up."""
SHUTDOWN_BOUND = 3.0
"""Seconds a running app may take to shut down at the end of a scenario."""
ABANDON_BOUND = 1.0
"""Seconds the tasks of an abandoned app may take to finish once cancelled."""
SETTLE_ROUNDS = 50
"""Rounds :meth:`Driver.settle` makes at most while messages keep being dispatched."""
QUIET_ROUNDS = 2
"""Consecutive rounds without a dispatched message that make the app idle."""
KEY_ROUNDS = 6
"""Rounds :meth:`Driver.press` waits at most after each key before it sends the next."""
REST_TURNS = 3
"""Turns of the event loop a round gives the app before it looks whether every pump is at
rest (about what a posted marker takes to be processed: a task or callback the last
message scheduled runs within them)."""
ROUND_CHECK = 0.05
"""Seconds between checks, during a settle round, that the app still runs."""


class DriverError(ImplementationError):
    """The app cannot be driven: it is not an App, it crashed, or it stopped unexpectedly."""


class FactoryError(DriverError):
    """The adapter's ``create_app()`` raised or returned something that is not an App."""


class WaitTimeout(AssertionError):
    """A condition the driver waited for did not come true within its bound.

    The app ran but did not do something; the step that waited decides which clause
    that breaks. An app that crashed or stopped meanwhile raises :class:`DriverError`
    instead, and an adapter the driver cannot use :class:`~steps.verdicts.HarnessError`,
    neither of which is an ``AssertionError``.

    Attributes:
        what: The condition, in words (``"the app to exit after escape"``).
    """

    def __init__(self, what: str, bound: float) -> None:
        super().__init__(f"waited {bound:g} s for {what}; it did not happen")
        self.what = what


class ScenarioLoop:
    """One event loop and one ``contextvars`` context for a whole scenario.

    Like :class:`asyncio.Runner`, but closing it is bounded: :meth:`close` cancels what is
    left and waits :data:`ABANDON_BOUND` seconds at most, where ``Runner.close()`` waits
    for every task and for the default executor without limit.
    """

    def __init__(self) -> None:
        """Create the loop and make it the current event loop of this thread."""
        self.loop = asyncio.new_event_loop()
        self.context = contextvars.copy_context()
        asyncio.set_event_loop(self.loop)

    def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        """Run ``coroutine`` as a task in the scenario's context until it is done."""
        task = self.loop.create_task(coroutine, context=self.context)
        return self.loop.run_until_complete(task)

    def close(self, graceful: bool) -> None:
        """Cancel the remaining tasks, wait for them (bounded), close the loop.

        Args:
            graceful: Also shut down async generators and the default executor (each
                bounded); ``False`` for an abandoned app, whose code may not be trusted
                to stop.
        """
        watchdog = Watchdog(ABANDON_BOUND * (3 if graceful else 1), "closing the loop")
        watchdog.start()
        try:
            self._cancel_remaining()
            if graceful:
                for step in (self.loop.shutdown_asyncgens, self.loop.shutdown_default_executor):
                    self.loop.run_until_complete(asyncio.wait_for(step(), ABANDON_BOUND))
        except (TimeoutError, TimeoutInterrupt):
            pass  # abandoned: what is left never runs again once the loop is closed
        finally:
            watchdog.disarm()
            for task in asyncio.all_tasks(self.loop):
                if task.done() and not task.cancelled():
                    task.exception()  # retrieved: no "exception never retrieved" noise
            asyncio.set_event_loop(None)
            self.loop.close()

    def _cancel_remaining(self) -> None:
        """Cancel every unfinished task and wait :data:`ABANDON_BOUND` at most for them."""
        tasks = self.pending()
        for task in tasks:
            task.cancel()
        if tasks:
            self.loop.run_until_complete(asyncio.wait(tasks, timeout=ABANDON_BOUND))

    def pending(self) -> list[asyncio.Task[Any]]:
        """Tasks of the loop that have not finished."""
        return [task for task in asyncio.all_tasks(self.loop) if not task.done()]


class ScreenSelectors(Protocol):
    """The two selectors every profile's capability has (``steps.adapter``)."""

    conversation_selector: str
    """The conversation area: one widget on the screen."""
    input_selector: str
    """The input field: one widget an ``Input``, a ``TextArea`` or the like."""


@dataclass(frozen=True)
class PartRule:
    """The parts of a profile claimed in parts that one scenario may use.

    Attributes:
        profile: The profile's name.
        adapter: The adapter's name, for messages.
        declared: The parts the scenario declares: those of the clauses it cites and of
            its ``@part:<n>`` tags (``steps.selection``).
        claimed: The parts the adapter claims.
        titles: Each part's title, by number, for messages.
    """

    profile: str
    adapter: str
    declared: frozenset[int]
    claimed: frozenset[int]
    titles: dict[int, str]


class AppDriver:
    """Runs one app for one scenario and offers the operations every profile's steps need.

    Lifecycle: :meth:`start` (app running), any number of operations, :meth:`stop` (app
    shut down, loop closed). :meth:`stop` is idempotent and bounded, even when the app
    crashed or hung. A scenario may start and stop apps several times (a restart).

    Every operation runs under the scenario's :attr:`watchdog`: past its deadline the
    operation raises :class:`~steps.verdicts.ImplementationTimeout` (verdict TIMEOUT).

    A profile's driver implements :meth:`make_app` (how the adapter makes its app) and may
    extend :meth:`before_start`, :meth:`after_stop` and :meth:`leaks`.
    """

    FACTORY = "create_app()"
    """How the adapter's factory is named in error messages."""

    def __init__(
        self,
        adapter: Adapter,
        size: tuple[int, int] = DEFAULT_SIZE,
        timeout: float | None = DEFAULT_TIMEOUT,
        timeout_source: str = "default",
        context: ScenarioContext | None = None,
    ) -> None:
        """Prepare, but do not start, a run of ``adapter``'s app.

        Args:
            adapter: The adapter of the implementation under test.
            size: Terminal size in cells, (columns, rows).
            timeout: Seconds the scenario may take from the first :meth:`start` to the
                end of its last step; ``None`` for no bound.
            timeout_source: Where ``timeout`` came from, for TIMEOUT messages.
            context: The scenario's context (protocol version 2); ``None`` makes one with
                a fresh temporary directory when it is first needed.
        """
        self.adapter = adapter
        self.size = size
        self.context = context
        self.watchdog = Watchdog(timeout, timeout_source)
        """The scenario's time bound, armed by the first :meth:`start`."""
        self.exit_expected = False
        """Set by steps that quit the app, so the liveness guard accepts a stopped app."""
        self.crash_reported = False
        """Set once a step has failed on the app's crash, so stop() does not raise it again."""
        self.audit: audit.Recorder | None = None
        """Set by a step that watches network, processes and files: active while the app runs."""
        self.timed_out = False
        """Set once an operation ran out of time; :meth:`stop` then abandons the app."""
        self._loop: ScenarioLoop | None = None
        self._context: Any = None
        self._app: App[Any] | None = None
        self._pilot: Pilot[Any] | None = None
        self._threads: set[threading.Thread] = set()
        self._dispatched = 0
        self._closed_loops: list[ScenarioLoop] = []
        self._own_dir: tempfile.TemporaryDirectory[str] | None = None
        self._terminal: tuple[terminal_input.TerminalParser, Callable[..., str]] | None = None
        self.replay: list[str] = []
        """What the scenario did to the app, as statements of a Pilot script (steps.replay)."""
        self.part_rule: PartRule | None = None
        """The parts the scenario declares and the adapter claims, for a profile claimed in
        parts (set by ``steps.scenario_driver`` from ``steps.selection``); ``None`` where
        the profile has no parts."""
        self.parts_used: set[int] = set()
        """The parts of its profile the scenario used, for a profile claimed in parts
        (``steps.profiles.Part``): what :meth:`uses` recorded. Reported per scenario
        (``steps.scenario_driver.parts_used``)."""
        self._starts = 0
        self._clicked: weakref.WeakKeyDictionary[Widget, float] = weakref.WeakKeyDictionary()
        """When each widget was last clicked (``time.monotonic()``), for :meth:`_apart`."""

    # -- lifecycle -------------------------------------------------------------------

    def start(self) -> None:
        """Create the app and run it headless (after :meth:`before_start`).

        Returns once the app has processed what it started while mounting (:meth:`settle`).

        Raises:
            FactoryError: The factory raised or returned something that is not an App.
            DriverError: The app crashed while starting (compose, mount).
            ImplementationTimeout: Creating or starting the app did not finish in time.
        """
        self._threads = self._threads or set(threading.enumerate())
        self._starts += 1
        if self._starts > 1:
            self.record("# the scenario started the app again here: the script replays one run")
        self.watchdog.start()
        self.before_start()
        textual_private.share_and_defer()
        with audit.driving(self.audit):
            app = self._create_app()
        app.error_console = Console(file=io.StringIO(), stderr=False)  # no crash dump on stderr
        self._app = app
        self._terminal = None  # each run of an app reads its terminal with a fresh parser
        self._loop = ScenarioLoop()
        # Notifications on, as an app shows them in a real terminal (run_test turns them off
        # by default: a client telling the user something by App.notify would read as telling
        # nothing). Tooltips stay off: Textual shows them after a delay, so whether one covers
        # a cell a check reads would depend on the machine's speed; the checks read a widget's
        # tooltip text instead.
        self._context = app.run_test(
            size=self.size, notifications=True, message_hook=self._on_message
        )
        self._pilot = self.run(self._context.__aenter__(), "starting the app")
        if self.crash is not None:
            self.crash_reported = True
            raise DriverError(
                "the app crashed while starting (compose, mount): "
                + summarize_exception(self.crash)
            ) from self.crash
        # What the app started on mount (a focus after its first refresh, a child's own
        # mounts) is done before the first step acts, as a person sees the screen before
        # typing: a paste posted before it would reach whatever had the focus then.
        self.settle()

    def uses(self, *parts: int) -> None:
        """Record that the scenario uses ``parts`` of its profile (:attr:`parts_used`).

        Where the scenario's :attr:`part_rule` is set (a profile claimed in parts), a part
        the adapter does not claim ends the scenario as "not claimed" there and then (its
        verdict cannot depend on what the client need not have), and a part the scenario
        does not declare (by the clauses it cites or an ``@part:<n>`` tag) is a harness
        defect, reported as such: in a run of the reference, which claims every part, each
        use the tags miss is found.

        Raises:
            pytest.skip.Exception: A part the adapter does not claim.
            HarnessError: A part the scenario does not declare.
        """
        rule = self.part_rule
        for part in parts:
            if rule is None:
                break
            if part not in rule.claimed:
                pytest.skip(
                    f"not claimed: adapter {rule.adapter!r} claims parts "
                    f"{', '.join(map(str, sorted(rule.claimed)))} of profile {rule.profile!r}; "
                    f"this scenario uses part {part} ({rule.titles.get(part, '')})"
                )
            if part not in rule.declared:
                raise HarnessError(
                    f"{HARNESS_PREFIX}: the scenario uses part {part} of profile "
                    f"{rule.profile!r} ({rule.titles.get(part, '')}) but declares only parts "
                    f"{', '.join(map(str, sorted(rule.declared))) or 'none'}: tag it "
                    f"@part:{part} (steps/tags.py), so a client not claiming the part "
                    "skips it before it starts"
                )
        self.parts_used.update(parts)

    def make_app(self) -> object:
        """Call the adapter's factory and return what it returned (checked by the caller).

        Raises:
            NotImplementedError: Always, here: each profile's driver implements it.
        """
        raise NotImplementedError

    def before_start(self) -> None:
        """Prepare the process for the app, before each :meth:`start` (nothing here)."""

    def after_stop(self) -> None:
        """Undo :meth:`before_start`, after each :meth:`stop`, whatever happened."""

    def _create_app(self) -> App[Any]:
        factory = self.FACTORY
        try:
            app = self.make_app()
        except TimeoutInterrupt as interrupt:
            raise self._timeout(f"in {factory}") from interrupt
        except Exception as error:
            raise FactoryError(f"{factory} raised {summarize_exception(error)}") from error
        if isinstance(app, type) and issubclass(app, App):
            raise FactoryError(
                f"{factory} returned the class {app.__name__} itself, not an instance"
            )
        if not isinstance(app, App):
            raise FactoryError(
                f"{factory} returned {type(app).__name__} {app!r:.60}, not a textual.app.App"
            )
        return app

    def scenario_context(self) -> ScenarioContext:
        """The scenario's context, made once: the same for every app of the scenario."""
        if self.context is None:
            self._own_dir = tempfile.TemporaryDirectory(prefix="conformance-")
            self.context = ScenarioContext("scenario", Path(self._own_dir.name))
        return self.context

    def end_scenario(self) -> None:
        """Call the adapter's optional ``end_scenario(context)`` (protocol version 2).

        Called once, after :meth:`stop`, when a context was made.

        Raises:
            DriverError: ``end_scenario`` raised.
        """
        hook = getattr(self.adapter, "end_scenario", None)
        context, self.context = self.context, None
        try:
            if context is not None and callable(hook) and self.adapter.protocol_version >= 2:
                try:
                    hook(context)
                except Exception as error:
                    raise DriverError(
                        f"the adapter's end_scenario() raised {summarize_exception(error)}"
                    ) from error
        finally:
            if self._own_dir is not None:
                self._own_dir.cleanup()
                self._own_dir = None

    def stop(self) -> None:
        """Shut the app down (bounded), close the loop, then :meth:`after_stop`.

        After a timeout the app is abandoned instead: its tasks are cancelled and its loop
        closed without waiting for its shutdown.

        Raises:
            DriverError: The app crashed and no step has reported it yet.
            ImplementationTimeout: The app did not shut down within :data:`SHUTDOWN_BOUND`.
        """
        self.watchdog.disarm()
        loop, self._loop = self._loop, None
        context, self._context = self._context, None
        try:
            if loop is not None and context is not None and not self.timed_out:
                self._shut_down(loop, context)
        finally:
            if loop is not None:
                if self.timed_out and context is not None:
                    _discard(context, loop.context)
                loop.close(graceful=not self.timed_out)
                self._closed_loops.append(loop)
            self.after_stop()

    def _shut_down(self, loop: ScenarioLoop, context: Any) -> None:
        """Leave ``run_test``'s context (app shutdown), bounded by :data:`SHUTDOWN_BOUND`."""
        bound = Watchdog(SHUTDOWN_BOUND, "shutdown bound")
        bound.start()
        try:
            with audit.driving(self.audit):
                loop.run(_within(context.__aexit__(None, None, None), bound.deadline))
        except (TimeoutError, TimeoutInterrupt) as error:
            self.timed_out = True
            raise ImplementationTimeout(
                f"the app did not shut down within {SHUTDOWN_BOUND:g} s: "
                + _stuck_detail(bound, loop, "")
            ) from error
        except Exception as error:
            if error is not self.crash:
                raise DriverError(
                    f"the app crashed while shutting down: {summarize_exception(error)}"
                ) from error
            if not self.crash_reported:
                self.crash_reported = True
                raise DriverError(f"the app crashed: {summarize_exception(error)}") from error
        finally:
            bound.disarm()

    def leaks(self) -> list[str]:
        """What of this scenario outlives :meth:`stop`; empty when nothing does.

        Checks that every scenario loop is closed with no unfinished task, and that no
        thread started during the scenario is still alive.
        """
        found = []
        for loop in self._closed_loops:
            if not loop.loop.is_closed():
                found.append("the scenario's event loop is not closed")
            found += [f"task {task.get_name()!r} is unfinished" for task in loop.pending()]
        threads = set(threading.enumerate()) - self._threads if self._threads else set()
        found += [
            f"thread {thread.name!r} is still alive" for thread in threads if thread.is_alive()
        ]
        return found

    # -- running coroutines ----------------------------------------------------------

    def run(self, awaitable: Awaitable[T], doing: str = "") -> T:
        """Run ``awaitable`` on the scenario's event loop and return its result.

        Args:
            awaitable: Usually a Pilot call.
            doing: What the call does, for a TIMEOUT message (``"pressing enter"``).

        Raises:
            ImplementationTimeout: The scenario's deadline passed before it finished.
            HarnessError: No app is running (a step misused the driver).
        """
        if self._loop is None:
            if asyncio.iscoroutine(awaitable):
                awaitable.close()
            raise self.harness_error("the app is not running: start() was not called or stop() was")
        try:
            with audit.driving(self.audit):
                return self._loop.run(_within(awaitable, self.watchdog.deadline))
        except (TimeoutError, TimeoutInterrupt) as error:
            if not self.watchdog.expired:
                raise
            raise self._timeout(doing) from error

    def _timeout(self, doing: str) -> ImplementationTimeout:
        """Disarm the watchdog and build the TIMEOUT error of this scenario."""
        self.watchdog.disarm()
        self.timed_out = True
        detail = _stuck_detail(self.watchdog, self._loop, doing)
        return ImplementationTimeout(f"the scenario {self.watchdog.message(detail)}")

    def harness_error(self, detail: str) -> HarnessError:
        """Build the error of the harness not being able to drive the app (verdict ERROR)."""
        return HarnessError(f"{HARNESS_PREFIX} (adapter {self.adapter.name!r}): {detail}")

    @property
    def app(self) -> App[Any]:
        """The running app.

        Raises:
            HarnessError: No app was started.
        """
        if self._app is None:
            raise self.harness_error("no app was started")
        return self._app

    @property
    def pilot(self) -> Pilot[Any]:
        """The Pilot driving :attr:`app`.

        Raises:
            HarnessError: No app was started.
        """
        if self._pilot is None:
            raise self.harness_error("no app was started")
        return self._pilot

    @property
    def started(self) -> bool:
        """Whether an app was started in this scenario."""
        return self._starts > 0

    @property
    def app_made(self) -> bool:
        """Whether the adapter's factory made an app in this scenario (it may have stopped)."""
        return self._app is not None

    @property
    def running(self) -> bool:
        """Whether the app is still running."""
        return self._app is not None and self._app.is_running

    @property
    def crash(self) -> BaseException | None:
        """What the app raised, if it crashed."""
        return None if self._app is None else textual_private.app_exception(self._app)

    # -- widgets ---------------------------------------------------------------------

    def query_one(self, selector: str) -> Widget:
        """Return the one widget matching ``selector`` on the current screen.

        Raises:
            HarnessError: Nothing or more than one widget matches.
        """
        found = list(self.app.screen.query(selector))
        if len(found) != 1:
            raise self.harness_error(
                f"selector {selector!r} matched {len(found)} widgets on the screen, "
                "expected exactly 1"
            )
        return found[0]

    @property
    def conversation(self) -> Widget:
        """The conversation area named by the adapter (``conversation_selector``)."""
        return self.query_one(self._selectors.conversation_selector)

    @property
    def input(self) -> Widget:
        """The input field named by the adapter: an ``Input``, a ``TextArea`` or the like.

        Raises:
            HarnessError: The selector names a widget the harness cannot read text from
                (``steps.input_field.field_problem``).
        """
        selector = self._selectors.input_selector
        widget = self.query_one(selector)
        problem = field_problem(widget)
        if problem is not None:
            raise self.harness_error(f"input_selector {selector!r} names {problem}")
        return widget

    @property
    def input_value(self) -> str:
        """The text the input field holds now."""
        return field_value(self.input)

    @property
    def _selectors(self) -> ScreenSelectors:
        """The adapter as the holder of the selectors every profile's capability declares."""
        return cast(ScreenSelectors, self.adapter)

    # -- interaction -----------------------------------------------------------------

    def settle(self) -> None:
        """Wait until the app has processed every pending message and drawn its screen.

        Counts rounds, not time, and never sleeps: in each round every message pump of
        the app and its screen processes a marker posted behind whatever it has queued or
        is handling. Two rounds in a row in which no other message was dispatched
        anywhere mean that the work the last input started (key, submission, mounts) is
        done, however slowly a loaded machine ran it: a handler still running at the
        start of the first quiet round would have been dispatched in the round before,
        and what it posts when it returns is dispatched in the second. Then any layout
        or repaint the screen still has pending is done at once (what ``Pilot.pause(0)``
        does after its own round: the screen's refresh, without waiting for its 60 Hz
        timer), and the
        rounds start again if that refresh started more work (a second layout pass,
        ``call_after_refresh`` callbacks, ``scroll_end``). At most :data:`SETTLE_ROUNDS`
        rounds in all, so an app that never rests (an animation) does not stall the
        scenario.

        Unlike ``Pilot.pause()``, it does not wait for the process to use little CPU: that
        heuristic costs a 20 ms slice at least, and on a loaded machine it reports idle
        whenever the process is not scheduled.
        """
        if self.running:
            self.run(self._settle(), "waiting for the app to process its messages")

    async def _settle(self) -> None:
        budget = SETTLE_ROUNDS
        while budget > 0 and self.running:
            left = await self._quiet(budget)
            if left is None or not self.running:
                return
            await asyncio.sleep(0)
            textual_private.refresh_screen(self.app)
            before = self._dispatched
            budget = left - 1
            if not await self._round() or self._dispatched == before:
                return

    async def _round(self) -> bool:
        """Post a marker to every pump and wait until each has processed it.

        First the loop gets :data:`REST_TURNS` turns; if every pump is then blocked waiting
        for its next message (:func:`steps.textual_private.at_rest`: nothing queued, no
        handler running), each would process its marker at once and nothing else, so the
        round ends without posting any. Most rounds of a settle are such rounds (the two
        quiet ones at its end), and a marker cost every pump a dispatch and an idle event:
        a fifth of a rawp_crs scenario's CPU.

        Returns:
            ``False`` when the app stopped or crashed before every marker was processed.

        Raises:
            TimeoutInterrupt: It stopped or crashed past the scenario's deadline: the
                watchdog's interrupt ended it (blocking code in a handler), a TIMEOUT.
        """
        for _ in range(REST_TURNS):
            await asyncio.sleep(0)
        app = self.app
        pumps = [app, *app.screen.walk_children(with_self=True)]
        if self.running and all(textual_private.at_rest(pump) for pump in pumps):
            # Every pump is blocked waiting for a message: each would process a marker
            # at once and nothing else, so the round is over without posting one.
            return True
        marker = _Marker()
        for pump in pumps:
            # What ``call_later(marker)`` posts, without its ``partial``: Textual then
            # counts the marker's parameters once a round, not once a pump.
            if pump.post_message(events.Callback(callback=marker)):
                marker.posted += 1
        waiter = asyncio.ensure_future(marker.done.wait())
        try:
            while marker.posted:
                if not self.running or self.crash is not None:
                    if self.watchdog.expired:
                        raise TimeoutInterrupt("the app ended past the scenario's deadline")
                    return False
                await asyncio.wait({waiter}, timeout=ROUND_CHECK)
        finally:
            waiter.cancel()
        return True

    def _on_message(self, message: Message) -> None:
        """Count each message a pump dispatches, except settle markers (``message_hook``)."""
        if not (isinstance(message, events.Callback) and _is_marker(message.callback)):
            self._dispatched += 1

    def record(self, line: str) -> None:
        """Write down ``line``, a statement of the replay script (:mod:`steps.replay`)."""
        self.replay.append(line)

    def press(self, *keys: str) -> None:
        """Press keys one after another, as a person would, each once the last was handled.

        Each key is the event Textual's ``Pilot.press`` sends
        (:func:`steps.textual_private.pilot_key_event`), posted to the app as its driver
        posts a terminal's keys; the next key goes once the app has handled it (no message
        dispatched anywhere for two rounds, :meth:`_handled`) and any animation it started
        has ended, and after the last key the app settles (:meth:`settle`).
        ``Pilot.press`` waits instead for the process to use little CPU, at least 40 ms a
        key (two 20 ms slices) and up to two seconds on a loaded machine; that wait, not
        work, was most of a scenario's time. Keys meant to
        arrive together, faster than anyone types, go through :meth:`feed_terminal`.

        Args:
            keys: Textual key names (``"a"``, ``"enter"``, ``"ctrl+q"``) or single
                characters; ``"wait:<ms>"`` pauses that many milliseconds, as in Pilot.
        """
        self.record(
            f"await pilot.press{keys!r}" if len(keys) != 1 else f"await pilot.press({keys[0]!r})"
        )
        self.run(self._press(keys), f"pressing {'+'.join(keys)}")
        self.settle()

    async def _press(self, keys: tuple[str, ...]) -> None:
        app = self.app
        for name in keys:
            if name.startswith("wait:"):
                await asyncio.sleep(float(name.partition(":")[2]) / 1000)
            else:
                event = textual_private.pilot_key_event(name)
                event.set_sender(app)
                app.post_message(event)
            await self._handled()
            if not self.running:
                return
            await app.animator.wait_until_complete()

    async def _handled(self) -> None:
        """Wait until the app has handled the last key or click: :meth:`_quiet` rounds.

        At most :data:`KEY_ROUNDS` rounds, so a key sent while the app never rests (a
        spinner's frames) does not wait as long as :meth:`settle` would.
        """
        await self._quiet(KEY_ROUNDS)

    async def _quiet(self, budget: int) -> int | None:
        """Run rounds until :data:`QUIET_ROUNDS` in a row dispatch nothing, or ``budget`` ends.

        Returns:
            The rounds left of ``budget``; ``None`` when the app stopped meanwhile.
        """
        quiet = 0
        while quiet < QUIET_ROUNDS and budget > 0:
            before = self._dispatched
            budget -= 1
            if not await self._round():
                return None
            quiet = quiet + 1 if self._dispatched == before else 0
        return budget

    def type_text(self, text: str) -> None:
        """Type ``text`` key by key into whatever has focus (see :meth:`press`)."""
        self.press(*(_key_name(char) for char in text))

    def paste_text(self, text: str) -> None:
        """Deliver ``text`` as one ``events.Paste``, posted straight to the app.

        The direct path, for scenarios about something else than how the bytes of a paste
        are read: it skips the terminal's input parser (see :meth:`paste_as_terminal`).
        The app routes it to the focused widget, so it only reaches the input when the
        input has focus. Textual's ``Input`` keeps only the first line of a paste; what an
        implementation does with the others is its own (the reference app joins them).
        """
        self.record(f"app.post_message(events.Paste({text!r}))")
        self.run(self._post(events.Paste(text)), "pasting")
        self.settle()

    def feed_terminal(
        self, data: bytes, doing: str = "reading terminal input",
        read_size: int = terminal_input.READ_SIZE,
    ) -> None:  # fmt: skip
        """Deliver ``data`` as the bytes a terminal sends, through the app's input parser.

        The path of a real terminal, which Pilot never takes: the bytes are cut into reads
        of :data:`~steps.terminal_input.READ_SIZE` bytes, decoded as UTF-8 and fed to the
        terminal input parser the app's driver would use
        (:func:`steps.terminal_input.parser_factory`: the adapter's ``terminal_parser``,
        else Textual's ``XTermParser``), one parser per run of the app, as a driver keeps
        one; every ``Key`` and ``Paste`` event it makes is posted to the app in order, on
        the scenario's own loop, before the app handles the first (as the driver's input
        thread does). A lone ``ESC`` left at the end is reported by the parser's timeout
        (``ESCDELAY``, 100 ms), waited for here as the driver waits. Then the driver waits
        until the app is idle.

        Build ``data`` with :func:`~steps.terminal_input.typing_bytes`,
        :func:`~steps.terminal_input.paste_bytes` and
        :func:`~steps.terminal_input.key_bytes`.

        Args:
            data: The terminal's bytes, in the order it sends them.
            doing: What the input does, for a TIMEOUT message.
            read_size: Bytes per read (a pipe may hand over fewer than the driver asks
                for, cutting a paste's marker between two reads).

        Raises:
            UnicodeDecodeError: ``data`` is not UTF-8 (Textual's driver would crash too).
        """
        self.record(f"await feed({data!r})")
        self.run(self._feed_terminal(data, read_size), doing)
        self.settle()

    def paste_as_terminal(self, text: str) -> None:
        """Paste ``text`` as a terminal sends it: a bracketed paste through the parser.

        Escape sequences and control bytes in ``text`` are sent inside the paste, as a
        terminal sends whatever was copied (:meth:`feed_terminal`).
        """
        self.feed_terminal(terminal_input.paste_bytes(text), f"pasting {text[:40]!r}")

    def type_as_terminal(self, text: str) -> None:
        """Type ``text`` as a terminal sends it: its UTF-8 bytes, read in one go.

        Each code point becomes the key the parser reports for it, a zero-width joiner or
        a bidi control included (:meth:`feed_terminal`).
        """
        self.feed_terminal(terminal_input.typing_bytes(text), f"typing {text[:40]!r}")

    async def _feed_terminal(self, data: bytes, read_size: int) -> None:
        if self._terminal is None:
            parser = terminal_input.parser_factory(self.adapter)()
            self._terminal = (parser, codecs.getincrementaldecoder("utf-8")().decode)
        parser, decode = self._terminal
        app = self.app
        for read in terminal_input.reads(data, read_size):
            text = decode(read)
            if not text:  # nothing read, or half a character: feeding "" ends the parser
                continue
            for event in parser.feed(text):
                event.set_sender(app)  # what Driver.process_message does for keys and pastes
                app.post_message(event)
        timeout = textual_private.parser_timeout(parser, data.endswith(b"\x1b"))
        while timeout is not None:  # a lone ESC: reported once the escape delay is over
            await asyncio.sleep(max(timeout - textual_private.get_time(), 0) + 0.001)
            for event in parser.tick():
                event.set_sender(app)
                app.post_message(event)
            timeout = textual_private.parser_timeout(parser)

    async def _post(self, message: events.Event) -> None:
        self.app.post_message(message)

    def burst(self, strokes: Iterable[events.Event], doing: str = "a burst of keys") -> None:
        """Deliver ``strokes`` all at once, as a terminal delivers keys read in one go.

        A terminal's driver thread posts every key it has read to the app's queue without
        waiting for the app; a person typing fast, or a program sending keys, fills that
        queue faster than the app empties it. Here every event is posted before the app
        handles the first one; then the driver waits until the app is idle. Build the
        strokes with :func:`typed` and :func:`key`, or pass ``events.Paste`` events.

        Args:
            strokes: Key and paste events, in the order a terminal would read them.
            doing: What the burst does, for a TIMEOUT message.
        """
        strokes = list(strokes)
        self.record(f"for event in [{', '.join(map(_event_code, strokes))}]:")
        self.record("    app.post_message(event)")

        async def deliver() -> None:
            for stroke in strokes:
                self.app.post_message(stroke)

        self.run(deliver(), doing)
        self.settle()

    def wait_until(
        self, condition: Callable[[], bool], what: str, bound: float = WAIT_BOUND
    ) -> None:
        """Let the app run until ``condition()`` is true.

        Args:
            condition: Checked after each idle point of the app.
            what: The condition in words, for the failure message.
            bound: Seconds to wait at most.

        Raises:
            WaitTimeout: The condition was still false after ``bound`` seconds.
            DriverError: The app crashed meanwhile, or stopped (unless a step quit it).
        """

        async def wait() -> None:
            deadline = asyncio.get_running_loop().time() + bound
            while not condition():
                self._raise_if_gone(what)
                if asyncio.get_running_loop().time() > deadline:
                    raise WaitTimeout(what, bound)
                await self.pilot.pause()

        self.run(wait(), f"waiting for {what}")

    def _raise_if_gone(self, what: str) -> None:
        """Raise :class:`DriverError` if the app crashed, or stopped unless a step quit it."""
        if self.crash is not None:
            self.crash_reported = True
            raise DriverError(
                f"the app crashed while the harness waited for {what}: "
                + summarize_exception(self.crash)
            ) from self.crash
        if not self.running and not self.exit_expected:
            raise DriverError(f"the app stopped while the harness waited for {what}")

    def quit_and_wait(self, *keys: str) -> None:
        """Press ``keys`` that should quit the app and wait (bounded) until it has stopped."""
        self.exit_expected = True
        self.record(f"await pilot.press(*{list(keys)!r})")
        self.run(self._press(keys), f"pressing {'+'.join(keys)}")
        self.wait_until(lambda: not self.running, f"the app to exit after {'+'.join(keys)}")

    def click(self, x: int, y: int, *, times: int = 1, doing: str = "") -> None:
        """Click screen cell (``x``, ``y``) ``times`` times, as a person would; wait until idle.

        Args:
            x: Screen column, from 0 at the left.
            y: Screen row, from 0 at the top.
            times: Clicks in a row (2 for a double click).
            doing: What the click does, for a TIMEOUT message.
        """
        target = self._apart(x, y)
        self.record(f"await pilot.click(offset=({x}, {y}), times={times})")
        clicks = [events.MouseDown, events.MouseUp, events.Click] * times
        self.run(self._pointer(clicks, x, y, 1), doing or f"clicking at {x},{y}")
        if target is not None:
            self._clicked[target] = time.monotonic()
        self.settle()

    def _apart(self, x: int, y: int) -> Widget | None:
        """Let the app run until a click at (``x``, ``y``) is a person's new click; its widget.

        A person who clicks a widget again, single clicks both, does so no sooner than the
        app's click-chain threshold (``App.CLICK_CHAIN_TIME_THRESHOLD``, 0.5 s in Textual)
        after the first: a terminal would report a quicker second click on the same cell
        as a double click, and clicking elsewhere in between takes a person longer still.
        Without this wait a widget that ignores clicks for a moment after one (Textual's
        ``Button``, for its 0.2 s press effect) drops the second, which no person could
        make happen. Only a widget clicked before waits; the first click never does.

        Returns:
            The widget under the cell (``None`` where there is none).
        """
        try:
            target, _ = self.app.get_widget_at(x, y)
        except NoWidget:  # no widget under the cell
            return None
        last = self._clicked.get(target)
        if last is not None:
            left = last + self.app.CLICK_CHAIN_TIME_THRESHOLD - time.monotonic()
            if left > 0:
                self.record(f"await pilot.pause({left:.3f})")
                self.run(asyncio.sleep(left), "waiting between two clicks on one widget")
        return target

    def hover(self, x: int, y: int, *, doing: str = "") -> None:
        """Move the pointer to screen cell (``x``, ``y``) and wait until the app is idle."""
        self.record(f"await pilot.hover(offset=({x}, {y}))")
        self.run(self._pointer([events.MouseMove], x, y, 0), doing or f"hovering at {x},{y}")
        self.settle()

    async def _pointer(
        self, kinds: list[type[events.MouseEvent]], x: int, y: int, button: int
    ) -> None:
        """Send ``kinds`` at (``x``, ``y``) as ``Pilot.click`` and ``Pilot.hover`` do.

        Each event goes once the app has handled the one before (:meth:`_handled`), not
        after Pilot's wait for an idle CPU.

        Raises:
            HarnessError: The cell is outside the screen (Pilot's ``OutOfBounds``).
        """
        if not self.app.screen.size.region.contains(x, y):
            raise self.harness_error(f"cell {x},{y} is outside the screen")
        chain = 0
        for kind in kinds:
            await self._handled()
            if not self.running:
                return
            chain += kind is events.Click
            textual_private.forward_mouse_event(self.app, kind, x, y, button=button, chain=chain)
        await self._handled()

    def wheel(self, x: int, y: int, *, down: bool, doing: str = "") -> None:
        """Turn the mouse wheel one notch at screen cell (``x``, ``y``); wait until idle.

        The event goes the way a terminal's does (posted to the app, routed to the widget
        under the pointer); nothing is clicked or focused and the pointer stays where it was.

        Args:
            x: Screen column, from 0 at the left.
            y: Screen row, from 0 at the top.
            down: Towards the end of the content (``MouseScrollDown``); else up.
            doing: What the turn does, for a TIMEOUT message.
        """
        kind = events.MouseScrollDown if down else events.MouseScrollUp
        event = kind(
            widget=None,
            x=x,
            y=y,
            delta_x=0,
            delta_y=0,
            button=0,
            shift=False,
            meta=False,
            ctrl=False,
            screen_x=x,
            screen_y=y,
        )
        self.record(
            f"app.post_message(events.{kind.__name__}(widget=None, x={x}, y={y}, delta_x=0, "
            f"delta_y=0, button=0, shift=False, meta=False, ctrl=False, screen_x={x}, "
            f"screen_y={y}))"
        )
        self.run(self._post(event), doing or f"turning the mouse wheel at {x},{y}")
        self.settle()

    def resize(self, columns: int, rows: int) -> None:
        """Resize the terminal to ``columns`` x ``rows`` cells and wait for the new layout."""
        self.record(f"await pilot.resize_terminal({columns}, {rows})")
        self.run(self.pilot.resize_terminal(columns, rows), f"resizing to {columns}x{rows}")
        self.settle()


def key(name: str) -> events.Key:
    """Return the key event a terminal reports for the key ``name`` (``"enter"``, ``"a"``).

    Args:
        name: A Textual key name, or a single character.
    """
    if len(name) == 1:
        return events.Key(textual_private.character_key(name), name)
    return events.Key(name, {"enter": "\r", "tab": "\t", "space": " "}.get(name))


def typed(text: str) -> list[events.Key]:
    """Return one key event per character of ``text``, as a terminal reports typing.

    Args:
        text: Printable characters (a newline is not a key; use ``key("enter")``).
    """
    return [events.Key(textual_private.character_key(char), char) for char in text]


def _event_code(event: events.Event) -> str:
    """``event`` as Python code of a replay script (a comment for what it cannot write)."""
    if isinstance(event, events.Key):
        return f"events.Key({event.key!r}, {event.character!r})"
    if isinstance(event, events.Paste):
        return f"events.Paste({event.text!r})"
    return f"None  # {type(event).__name__}: not written by the replay\n"


def _key_name(char: str) -> str:
    """Return the Pilot key name that types ``char``."""
    return {" ": "space"}.get(char, char)


async def _within(awaitable: Awaitable[T], deadline: float | None) -> T:
    """Await ``awaitable``, cancelled at ``deadline`` (``loop.time()``; ``None``: no bound)."""
    if deadline is None:
        return await awaitable
    async with asyncio.timeout_at(deadline):
        return await awaitable


def _discard(context: Any, scenario: contextvars.Context) -> None:
    """Close an abandoned ``run_test`` context without running the app's shutdown.

    ``run_test`` is an async generator suspended at ``yield pilot`` inside
    ``with app._context()``. Left to the garbage collector, it would be closed outside the
    scenario's ``contextvars`` context and Textual's context manager would fail to reset
    its variables. Here its ``aclose()`` runs, in the scenario's context, up to the first
    ``await`` of its cleanup (``asyncio.sleep(0)``, which needs no loop) and is then closed,
    so the ``with`` block exits where it was entered and the shutdown never starts.
    """
    closing = context.gen.aclose()
    with contextlib.suppress(BaseException):
        scenario.run(closing.send, None)
    with contextlib.suppress(BaseException):
        scenario.run(closing.throw, GeneratorExit)


class _Marker:
    """A callback the driver posts to every pump in a settle round; counts down to done."""

    def __init__(self) -> None:
        self.posted = 0
        self.done = asyncio.Event()

    def __call__(self) -> None:
        self.posted -= 1
        if self.posted == 0:
            self.done.set()


def _is_marker(callback: object) -> bool:
    """Whether ``callback`` (of an ``events.Callback``) is a settle round's marker."""
    return isinstance(callback, _Marker)


def _stuck_detail(watchdog: Watchdog, loop: ScenarioLoop | None, doing: str) -> str:
    """Where the implementation was when ``watchdog`` ran out, in words."""
    while_doing = f"while {doing}: " if doing else ""
    if watchdog.interrupted_at is not None:
        return f"{while_doing}blocking code was interrupted in {watchdog.interrupted_at}"
    waiting = pending_own_frames(loop.loop) if loop is not None else []
    if waiting:
        return f"{while_doing}the app is still awaiting in " + "; ".join(waiting)
    return f"{while_doing}the app was still busy (no frame of the implementation found)"
