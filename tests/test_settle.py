"""``Driver.settle``: after it returns, the work an action started is done and drawn.

The settle waits for message rounds, not for a CPU-idle slice; it then makes the screen
do the layout it still owes at once. Without that, an action that no ``Pilot.press``
follows (a burst of submissions) leaves the new items mounted but not laid out until
Textual's next refresh tick.
"""

from __future__ import annotations

import asyncio

from textual import events
from textual.app import App, ComposeResult
from textual.message import Message
from textual.widgets import Button

from reference_app.conformance import adapter
from steps.app_driver import AppDriver
from steps.chat_screen.driver import Driver


def test_after_a_burst_of_submissions_the_new_items_are_laid_out_and_shown() -> None:
    driver = Driver(adapter)
    driver.start()
    try:
        driver.submit_rapidly(["하나", "둘"])  # ends with a settle, and no Pilot call after it

        items = driver.items()
        assert len(items) == 4
        assert all(item.region.height > 0 for item in items), [i.region for i in items]
        area = driver.conversation
        assert items[-1].region.bottom <= area.content_region.bottom
    finally:
        driver.stop()


class _Chain(App[None]):
    """Logs each key, then three follow-up messages it posts to itself, one after another."""

    def __init__(self) -> None:
        super().__init__()
        self.log_: list[str] = []

    class Next(Message):
        def __init__(self, name: str, left: int) -> None:
            super().__init__()
            self.name, self.left = name, left

    def on_key(self, event: events.Key) -> None:
        self.log_.append(f"{event.key}:{event.character!r}")
        self.post_message(self.Next(event.key, 3))

    def on__chain_next(self, message: _Chain.Next) -> None:
        self.log_.append(f"{message.name}{message.left}")
        if message.left > 1:
            self.post_message(self.Next(message.name, message.left - 1))


class _ChainDriver(AppDriver):
    def make_app(self) -> object:
        return _Chain()


def _pressed(keys: tuple[str, ...], *, pilot: bool) -> list[str]:
    """What :class:`_Chain` logs when ``keys`` are pressed by the driver or by Textual's Pilot."""
    driver = _ChainDriver(adapter)
    driver.start()
    try:
        if pilot:
            driver.run(driver.pilot.press(*keys), "pressing with Pilot")
        else:
            driver.press(*keys)
        app = driver.app
        assert isinstance(app, _Chain)
        return app.log_
    finally:
        driver.stop()


def test_each_key_is_handled_before_the_next_is_sent_and_is_the_event_pilot_sends() -> None:
    """``AppDriver.press`` sends keys one by one as Pilot does, without Pilot's idle wait.

    Every follow-up message a key led to is handled before the next key arrives (a person
    typing, not a burst), and each event has the key name and character Pilot gives it.
    """
    keys = ("a", ".", "space", "enter", "left", "한", "full_stop")

    ours = _pressed(keys, pilot=False)

    assert ours == _pressed(keys, pilot=True)
    names = ("a", "full_stop", "space", "enter", "left", "한", "full_stop")
    assert next(entry for entry in ours if ":" in entry) == "a:'a'"
    assert [entry.partition(":")[0] for entry in ours if ":" in entry] == list(names)
    expected = [f"{name}{left}" for name in names for left in (3, 2, 1)]
    assert [entry for entry in ours if ":" not in entry] == expected
    firsts = [index for index, entry in enumerate(ours) if ":" in entry]
    assert [ours[index + 1 : index + 4] for index in firsts] == [
        [f"{name}{left}" for left in (3, 2, 1)] for name in names
    ]


class _SlowHandler(App[None]):
    """A key's handler awaits a sleep, then a worker-free follow-up: the app is busy meanwhile."""

    def __init__(self) -> None:
        super().__init__()
        self.log_: list[str] = []

    async def on_key(self, event: events.Key) -> None:
        await asyncio.sleep(0.2)  # nothing queued anywhere, yet the handler is not done
        self.log_.append(event.key)
        self.call_later(self.log_.append, "after")


class _SlowDriver(AppDriver):
    def make_app(self) -> object:
        return _SlowHandler()


def test_a_settle_waits_for_a_handler_that_awaits_with_nothing_queued() -> None:
    """A pump in a handler is never taken to be at rest (``textual_private.at_rest``).

    While the handler sleeps every queue is empty; a settle that judged rest by the queues
    alone would return before the key was handled (seen red: ``[]``).
    """
    driver = _SlowDriver(adapter)
    driver.start()
    try:
        driver.press("x")
        app = driver.app
        assert isinstance(app, _SlowHandler)
        assert app.log_ == ["x", "after"]
    finally:
        driver.stop()


class _Buttons(App[None]):
    """Counts the presses of a Textual ``Button``, which ignores clicks during its press effect."""

    def __init__(self) -> None:
        super().__init__()
        self.presses = 0

    def compose(self) -> ComposeResult:
        yield Button("press me")

    def on_button_pressed(self) -> None:
        self.presses += 1


class _ButtonDriver(AppDriver):
    def make_app(self) -> object:
        return _Buttons()


def test_a_widget_clicked_twice_gets_two_clicks_as_a_persons_would() -> None:
    """The second click comes no sooner than the click-chain threshold after the first.

    Sent at once, it fell in the ``Button``'s 0.2 s press effect and was dropped (seen red
    with the wait off: 1 press), which no person's two clicks can make happen.
    """
    driver = _ButtonDriver(adapter)
    driver.start()
    try:
        app = driver.app
        assert isinstance(app, _Buttons)
        region = app.query_one(Button).region
        x, y = region.x + region.width // 2, region.y + region.height // 2
        driver.click(x, y)
        driver.click(x, y)
        assert app.presses == 2
        assert any(line.startswith("await pilot.pause(") for line in driver.replay)
    finally:
        driver.stop()
