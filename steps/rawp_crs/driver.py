"""The driver of profile ``rawp_crs``: a RAWP-CRS client wired to the fake agent.

:class:`CrsDriver` extends the profile-independent :class:`~steps.app_driver.AppDriver`
(one event loop and Pilot per scenario, settling, key and paste delivery, crash and hang
guards) with the adapter's ``create_client``, the scenario's :class:`FakeAgent` and
:class:`FakeClock`, and what the profile's steps read: the conversation items the adapter
names and the input field.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from rawp_port import ClientSettings, Event
from steps.app_driver import AppDriver
from steps.rawp_crs.contract import ItemView, RawpCrsAdapter
from steps.rawp_crs.support.fake_agent import FakeAgent, FakeClock

START_TIME = datetime(2026, 3, 10, 5, 32, tzinfo=UTC)
"""Where the fake clock starts unless a step sets it: 14:32 in Asia/Seoul."""


class CrsDriver(AppDriver):
    """Runs one RAWP-CRS client for one scenario, against a fresh fake agent.

    Attributes:
        agent: The scenario's fake agent: the client's port and control plane.
        clock: The scenario's clock; it moves only when a step moves it.
        settings: The settings the next :meth:`start` hands the client.
    """

    FACTORY = "create_client()"
    adapter: RawpCrsAdapter

    def __init__(self, adapter: RawpCrsAdapter, *args: Any, **kwargs: Any) -> None:
        """Prepare a run of ``adapter``'s client; the rest as :class:`AppDriver` takes it."""
        super().__init__(adapter, *args, **kwargs)
        self.agent = FakeAgent()
        self.clock = FakeClock(START_TIME)
        self.settings = ClientSettings()

    def make_app(self) -> object:
        """``create_client(port, control, clock, settings)`` with the fake as both planes."""
        return self.adapter.create_client(self.agent, self.agent, self.clock, self.settings)

    def publish(self, *events: Event | Any) -> None:
        """Deliver ``events`` to the client now, in order, then wait until it is idle."""
        self.record(f"await publish({', '.join(map(repr, events))})")

        async def deliver() -> None:
            self.agent.publish(*events)

        self.run(deliver(), "publishing agent events")
        self.settle()

    # -- what the steps read ------------------------------------------------------

    def items(self) -> Sequence[ItemView]:
        """The conversation's items as the adapter names them, top to bottom."""
        return list(self.adapter.items(self.app))
