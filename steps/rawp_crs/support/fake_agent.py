"""The harness's side of the RAWP-CRS port: a scripted agent and a fixed clock.

One :class:`FakeAgent` per scenario implements :class:`rawp_port.AgentPort` and
:class:`rawp_port.ControlPlane` (docs/design/rawp-crs.md §3). It does nothing on its own:
events reach the client only when a step calls :meth:`FakeAgent.publish`, and control-plane
calls are answered from scripted data, at once or when a step releases them. No threads, no
sleeps: everything runs on the client's event loop, so ``Driver.settle()`` sees all of it.

Frames are matched by RAWP type name and fields (:mod:`rawp_port.matching`), so a client
with its own copies of the frame classes is recorded and recognised like one that imports
:mod:`rawp_port`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Literal

from rawp_port import (
    BrowseError,
    BrowseResult,
    ControlFrame,
    Event,
    HistoryPage,
    Turn,
    matches,
    type_name,
)

Call = Literal["browse", "history", "allowed"]
"""The control-plane calls a step can hold back or make fail."""


class FakeClock:
    """A clock that moves only when a step moves it.

    The fake never moves it between delivering an event and the client handling it, so the
    "receive time" of an event is the time the step set (design §9, decision 3).
    """

    def __init__(self, now: datetime) -> None:
        """Start at ``now``.

        Raises:
            ValueError: ``now`` is naive; the port's clock returns aware datetimes.
        """
        self._now = _aware(now)

    def __call__(self) -> datetime:
        """Return the current time."""
        return self._now

    def set(self, now: datetime) -> None:
        """Jump to ``now`` (aware)."""
        self._now = _aware(now)

    def advance(self, seconds: float) -> None:
        """Move forward by ``seconds``."""
        self._now += timedelta(seconds=seconds)


def _aware(now: datetime) -> datetime:
    if now.tzinfo is None or now.utcoffset() is None:
        raise ValueError(f"the clock needs an aware datetime, got {now!r}")
    return now


@dataclass
class _Gate:
    """The state of one kind of control-plane call: held, failing, parked answers."""

    held: bool = False
    error: Exception | None = None
    parked: list[asyncio.Future[None]] = field(default_factory=list)


class FakeAgent:
    """A scripted agent for one scenario (implements ``AgentPort`` and ``ControlPlane``).

    Attributes:
        sent: Every frame the client sent, in order, as the client's own objects.
        log: Every frame sent and every event published, in the order they happened
            (``("sent", frame)`` or ``("published", event)``), so a step can tell what a
            frame was sent after.
        browse_calls: ``(node_id, path)`` of every ``browse`` call, in order.
        history_calls: ``(conversation_id, before, limit)`` of every ``load_turns`` call.
        history: The stored conversation, oldest first (§2.6).
        file_system: Browse answers by path (``None``: the root) (§7).
        allowed: The agent's allowed directories; ``None``: unrestricted.
    """

    def __init__(
        self,
        *,
        history: Sequence[Turn] = (),
        file_system: Mapping[str | None, BrowseResult] | None = None,
        allowed: Sequence[str] | None = None,
    ) -> None:
        self.sent: list[Any] = []
        self.log: list[tuple[str, Any]] = []
        self.browse_calls: list[tuple[str, str | None]] = []
        self.history_calls: list[tuple[str, str | None, int]] = []
        self.history: list[Turn] = list(history)
        self.file_system: dict[str | None, BrowseResult] = dict(file_system or {})
        self.allowed: Sequence[str] | None = allowed
        self._on_event: Callable[[Event], None] | None = None
        self._gates: dict[Call, _Gate] = {"browse": _Gate(), "history": _Gate(), "allowed": _Gate()}

    # AgentPort

    def connect(self, on_event: Callable[[Event], None]) -> None:
        """Remember the client's handler (``AgentPort.connect``).

        Raises:
            RuntimeError: The client connected twice.
        """
        if self._on_event is not None:
            raise RuntimeError("the client called connect() twice")
        self._on_event = on_event

    def send(self, frame: ControlFrame) -> None:
        """Record a frame (``AgentPort.send``); the fake never answers on its own."""
        self.sent.append(frame)
        self.log.append(("sent", frame))

    # what steps do

    @property
    def connected(self) -> bool:
        """Whether the client has called :meth:`connect`."""
        return self._on_event is not None

    def publish(self, *events: Event | Any) -> None:
        """Deliver ``events`` to the client now, in order, on the calling (the app's) loop.

        Any object with a ``type`` attribute is delivered as it is, so a step can publish a
        client's own event copies or an unmodelled event.

        Raises:
            RuntimeError: The client has not connected yet.
        """
        if self._on_event is None:
            raise RuntimeError("publish() before the client called connect()")
        for event in events:
            self.log.append(("published", event))
            self._on_event(event)

    def sent_of(self, kind: str | type[Any]) -> list[Any]:
        """Return the frames sent of one RAWP type, in order.

        Args:
            kind: A type name (``"control.prompt.cancel"``) or a class with a ``type``
                constant (``PromptCancel``); frames match by name, whatever their class.

        Raises:
            TypeError: ``kind`` names no type.
        """
        name = kind if isinstance(kind, str) else type_name(kind)
        if name is None:
            raise TypeError(f"{kind!r} has no RAWP type name")
        return [frame for frame in self.sent if type_name(frame) == name]

    def sent_matching(self, expected: object) -> list[Any]:
        """Return the frames sent with ``expected``'s type name and field values."""
        return [frame for frame in self.sent if matches(frame, expected)]

    def hold(self, call: Call) -> None:
        """Park answers to ``call`` until :meth:`release`."""
        self._gates[call].held = True

    def release(self, call: Call) -> None:
        """Answer every parked ``call`` in order (or fail it, after :meth:`fail`); stop holding."""
        gate = self._gates[call]
        gate.held = False
        parked, gate.parked = gate.parked, []
        for future in parked:
            if not future.done():
                future.set_result(None)

    def fail(self, call: Call, error: Exception | None) -> None:
        """Make later and parked calls of kind ``call`` raise ``error``; ``None`` stops it."""
        self._gates[call].error = error

    # ControlPlane

    async def browse(self, node_id: str, path: str | None) -> BrowseResult:
        """Answer from :attr:`file_system` (``ControlPlane.browse``).

        Raises:
            BrowseError: Made to fail, or ``server_error`` for a path with no scripted answer.
        """
        self.browse_calls.append((node_id, path))
        await self._gate("browse")
        if path not in self.file_system:
            raise BrowseError("server_error", f"the fake has no scripted answer for {path!r}")
        return self.file_system[path]

    async def load_turns(self, conversation_id: str, before: str | None, limit: int) -> HistoryPage:
        """Answer from :attr:`history` (``ControlPlane.load_turns``).

        Returns the up to ``limit`` turns just older than turn ``before`` (the latest when
        ``None``), oldest first, and how many older ones remain.

        Raises:
            Exception: Made to fail with it.
            KeyError: ``before`` is not a stored turn's id.
        """
        self.history_calls.append((conversation_id, before, limit))
        await self._gate("history")
        ids = [turn.turn_id for turn in self.history]
        end = len(ids) if before is None else ids.index(before) if before in ids else -1
        if end < 0:
            raise KeyError(f"no stored turn {before!r}")
        start = max(0, end - max(0, limit))
        return HistoryPage(turns=tuple(self.history[start:end]), remaining=start)

    async def allowed_directories(self, agent_id: str) -> Sequence[str] | None:
        """Return :attr:`allowed` (``ControlPlane.allowed_directories``).

        Held (:meth:`hold` ``"allowed"``), the answer waits for :meth:`release`: the agent
        answers late, and the scenario says when (004 §7.6, ``crs-fb-manual-prevalidate``).

        Raises:
            Exception: Made to fail with it.
        """
        await self._gate("allowed")
        return self.allowed

    async def _gate(self, call: Call) -> None:
        """Wait while ``call`` is held, then raise its error if one is set."""
        gate = self._gates[call]
        if gate.held:
            future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            gate.parked.append(future)
            await future
        if gate.error is not None:
            raise gate.error

    def parked(self, call: Call) -> int:
        """Return how many calls of kind ``call`` wait for :meth:`release`."""
        return sum(not future.done() for future in self._gates[call].parked)
