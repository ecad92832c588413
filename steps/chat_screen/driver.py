"""The driver of profile ``chat_screen``: the choice spy and what its steps read.

:class:`Driver` extends the profile-independent :class:`~steps.app_driver.AppDriver` (one
event loop and Pilot per scenario, settling, key and paste delivery, crash and hang
guards) with the adapter's factory, the ``random.choice`` spy at the adapter's
``choice_site``, and the widgets the adapter names: the conversation area, the input
field and the message items.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from textual import events
from textual.app import App
from textual.widget import Widget

from steps.app_driver import (
    ABANDON_BOUND,
    QUIET_ROUNDS,
    ROUND_CHECK,
    SETTLE_ROUNDS,
    SHUTDOWN_BOUND,
    WAIT_BOUND,
    AppDriver,
    DriverError,
    FactoryError,
    ScenarioLoop,
    WaitTimeout,
    key,
    typed,
)
from steps.chat_screen.contract import ChatScreenAdapter
from steps.input_field import set_field_value

__all__ = [
    "ABANDON_BOUND",
    "QUIET_ROUNDS",
    "ROUND_CHECK",
    "SETTLE_ROUNDS",
    "SHUTDOWN_BOUND",
    "WAIT_BOUND",
    "ChoiceSpy",
    "Driver",
    "DriverError",
    "FactoryError",
    "ScenarioLoop",
    "WaitTimeout",
    "key",
    "typed",
]


@dataclass
class ChoiceSpy:
    """Stands in for the standard choice function at the adapter's ``choice_site``.

    Attributes:
        original: The function found at the site (normally ``random.choice``).
        calls: The sequence argument of each call, as a tuple, in call order.
        fixed: When not ``None``, every call returns this instead of choosing.
        cycle: When true (and ``fixed`` is ``None``), call ``n`` (0-based) returns item
            ``n`` of its argument, round the list: consecutive calls return different
            values whenever the list's neighbouring values differ.
    """

    original: Callable[[Sequence[Any]], Any]
    calls: list[tuple[Any, ...]] = field(default_factory=list)
    fixed: str | None = None
    cycle: bool = False

    def __call__(self, seq: Sequence[Any]) -> Any:
        """Record the call, then return the fixed value, the next in turn, or a choice."""
        self.calls.append(tuple(seq))
        if self.fixed is not None:
            return self.fixed
        if self.cycle and len(seq):
            return seq[(len(self.calls) - 1) % len(seq)]
        return self.original(seq)


class Driver(AppDriver):
    """Runs one app of profile ``chat_screen`` for one scenario.

    Lifecycle: :meth:`start` (spy installed, app running), any number of operations,
    :meth:`stop` (app shut down, loop closed, spy removed). :meth:`stop` always restores
    the choice site, even when the app crashed or hung.
    """

    adapter: ChatScreenAdapter

    def __init__(self, adapter: ChatScreenAdapter, *args: Any, **kwargs: Any) -> None:
        """Prepare a run of ``adapter``'s app; the rest as :class:`AppDriver` takes it."""
        super().__init__(adapter, *args, **kwargs)
        self.spy: ChoiceSpy | None = None
        """The spy at the choice site while an app runs."""

    def make_app(self) -> object:
        """``create_app(context)`` (protocol version 2) or ``create_app()`` (version 1)."""
        if self.adapter.protocol_version >= 2:
            return self.adapter.create_app(self.scenario_context())
        factory: Callable[[], App[Any]] = self.adapter.create_app  # type: ignore[assignment]
        return factory()  # version 1: no argument

    def before_start(self) -> None:
        """Install the choice spy (kept across restarts within the scenario)."""
        self._install_spy()

    def after_stop(self) -> None:
        """Restore the choice site."""
        self._remove_spy()

    def leaks(self) -> list[str]:
        """As :meth:`AppDriver.leaks`, and whether the choice site holds its original."""
        found = []
        if self.spy is not None and not self._site_holds(self.spy.original):
            found.append("the choice site does not hold its original function again")
        return found + super().leaks()

    def _install_spy(self) -> None:
        if self.spy is not None and self._site_holds(self.spy):
            return
        owner, name = self.adapter.choice_site
        self.spy = ChoiceSpy(original=getattr(owner, name))
        setattr(owner, name, self.spy)

    def _remove_spy(self) -> None:
        if self.spy is not None:
            owner, name = self.adapter.choice_site
            setattr(owner, name, self.spy.original)

    def _site_holds(self, value: object) -> bool:
        owner, name = self.adapter.choice_site
        return getattr(owner, name, None) is value

    def items(self) -> list[Widget]:
        """Return the message widgets in the conversation area, in DOM (display) order."""
        return list(self.conversation.query(self.adapter.item_selector))

    def submit_rapidly(self, texts: Iterable[str]) -> None:
        """Submit each text as one burst: paste, Enter, paste, Enter, ... then wait until idle.

        Every paste and every Enter is posted before the app handles the first of them, as
        a terminal delivers what a program (or a fast person) sends: later submissions
        arrive while earlier ones are still being handled, so an implementation that
        empties its input only after the fact, or shows a submission's items out of order,
        is seen doing so. ``texts`` must not be blank.
        """
        self.burst(
            [stroke for text in texts for stroke in (events.Paste(text), key("enter"))],
            "submitting rapidly",
        )

    def set_input_value(self, value: str) -> None:
        """Put ``value`` into the input as its current value (for values no key can type).

        Newlines cannot be typed into a one-line ``Input``; the blank-input scenarios
        use this to submit them, as seed 001 lists newline-only input.
        """
        field = self.input
        self.record(f"set_field_value(app.screen.query_one(adapter.input_selector), {value!r})")

        async def put() -> None:  # on the app's loop: a TextArea posts messages as it loads
            set_field_value(field, value)

        self.run(put(), "setting the input's value")
        self.settle()

    def fix_choice(self, response: str) -> None:
        """Make the standard choice return ``response`` from now on (the spy still records)."""
        self.record(f"setattr(*adapter.choice_site, lambda seq: {response!r})")
        self.choice_spy.fixed = response

    def cycle_choice(self) -> None:
        """Make call ``n`` of the standard choice return item ``n`` of the list it is given."""
        self.record("cycle_choice(adapter)  # call n of the choice returns item n of its list")
        self.choice_spy.fixed, self.choice_spy.cycle = None, True

    @property
    def choice_spy(self) -> ChoiceSpy:
        """The spy at the adapter's ``choice_site``.

        Raises:
            HarnessError: No app was started, so no spy was installed.
        """
        if self.spy is None:
            raise self.harness_error("no app was started, so the choice spy is not installed")
        return self.spy
