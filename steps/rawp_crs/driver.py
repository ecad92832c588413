"""The driver of profile ``rawp_crs``: a RAWP-CRS client wired to the fake agent.

:class:`CrsDriver` extends the profile-independent :class:`~steps.app_driver.AppDriver`
(one event loop and Pilot per scenario, settling, key and paste delivery, crash and hang
guards) with the adapter's ``create_client``, the scenario's :class:`FakeAgent` and
:class:`FakeClock`, what the profile's steps read (the conversation items the adapter
names), and the adapter's members part by part: ``crs_driver.part3.input_tokens(app)`` is
typed by the part's ``Protocol`` (:class:`~steps.rawp_crs.contract.RawpCrsPart3`), gives a
verdict ERROR naming the member and the part when the adapter lacks it, and records that
the scenario used part 3 (:attr:`~steps.app_driver.AppDriver.parts_used`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any, cast

from rawp_port import ClientSettings, Event
from steps.app_driver import AppDriver
from steps.rawp_crs.contract import (
    RAWP_CRS_PARTS,
    ItemView,
    RawpCrsAdapter,
    RawpCrsPart1,
    RawpCrsPart2,
    RawpCrsPart3,
    RawpCrsPart4,
    RawpCrsPart5,
)
from steps.rawp_crs.support.fake_agent import FakeAgent, FakeClock
from steps.verdicts import HARNESS_PREFIX, HarnessError

START_TIME = datetime(2026, 3, 10, 5, 32, tzinfo=UTC)
"""Where the fake clock starts unless a step sets it: 14:32 in Asia/Seoul."""
EVENT_PARTS = {"CommandsPublished": 2, "FileCandidates": 3, "InteractionRequested": 4}
"""The agent's events one part alone specifies, by type name: the commands of the slash
popup (§3.2, part 2), the answer to the ``@`` popup's search (§3.4.2, part 3) and an
interaction request (§2.5.3, part 4). Publishing one uses that part (:meth:`CrsDriver.publish`)."""


class PartMembers:
    """The adapter's members of one part of profile ``rawp_crs``, each looked up with a clear error.

    Stands in for the adapter, typed as the part's ``Protocol`` (:class:`CrsDriver`'s
    ``part1`` to ``part5``), so mypy checks every member a step reads. The adapter is
    checked against the Protocol of each part it claims when it is loaded; a lookup that
    fails anyway (a part not claimed but used by a scenario without its ``@part`` tag, a
    property raising ``AttributeError``) gives a verdict ERROR naming the member and the
    part, never an ``AttributeError`` inside a step.
    """

    __slots__ = ("_adapter", "_part")

    def __init__(self, adapter: object, part: int) -> None:
        """The members of part ``part`` (a key of :data:`RAWP_CRS_PARTS`) of ``adapter``."""
        self._adapter = adapter
        self._part = part

    def __getattr__(self, name: str) -> Any:
        """The adapter's member ``name``: an attribute's value, or a bound method.

        Raises:
            HarnessError: The adapter has no such member.
        """
        try:
            return getattr(self._adapter, name)
        except AttributeError:
            title = RAWP_CRS_PARTS[self._part][0]
            raise HarnessError(
                f"{HARNESS_PREFIX}: the adapter {type(self._adapter).__qualname__} has no "
                f"`{name}`, which part {self._part} of profile rawp_crs ({title}) needs "
                "(docs/adapters.md)"
            ) from None


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
        return self.part1.create_client(self.agent, self.agent, self.clock, self.settings)

    def publish(self, *events: Event | Any) -> None:
        """Deliver ``events`` to the client now, in order, then wait until it is idle.

        An event of :data:`EVENT_PARTS` records its part as used.
        """
        self.record(f"await publish({', '.join(map(repr, events))})")
        self.uses(*(EVENT_PARTS[name] for e in events if (name := type(e).__name__) in EVENT_PARTS))

        async def deliver() -> None:
            self.agent.publish(*events)

        self.run(deliver(), "publishing agent events")
        self.settle()

    # -- the adapter's members, part by part ---------------------------------------

    @property
    def part1(self) -> RawpCrsPart1:
        """The members of part 1 (the conversation, sending, ...); records part 1 as used."""
        return cast(RawpCrsPart1, self._members(1))

    @property
    def part2(self) -> RawpCrsPart2:
        """The members of part 2 (the slash-command popup); records part 2 as used."""
        return cast(RawpCrsPart2, self._members(2))

    @property
    def part3(self) -> RawpCrsPart3:
        """The members of part 3 (file references); records part 3 as used."""
        return cast(RawpCrsPart3, self._members(3))

    @property
    def part4(self) -> RawpCrsPart4:
        """The members of part 4 (interaction requests, history, ...); records part 4 as used."""
        return cast(RawpCrsPart4, self._members(4))

    @property
    def part5(self) -> RawpCrsPart5:
        """The members of part 5 (the file browser); records part 5 as used."""
        return cast(RawpCrsPart5, self._members(5))

    def _members(self, part: int) -> PartMembers:
        self.uses(part)
        return PartMembers(self.adapter, part)

    # -- what the steps read ------------------------------------------------------

    def items(self) -> Sequence[ItemView]:
        """The conversation's items as the adapter names them, top to bottom."""
        return list(self.part1.items(self.app))
