"""The two ports a client talks through, and the data of the control plane's answers."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Literal, Protocol

from rawp_port.events import Event
from rawp_port.frames import ControlFrame, PromptRequest

Clock = Callable[[], datetime]
"""Returns the current time as an aware datetime; the client converts it to the local zone
(``crs-timestamp-local-time``). A client reads the time only from the clock it is given."""


def system_clock() -> datetime:
    """Return the current time, aware, in UTC: the clock of a client in production."""
    return datetime.now(UTC)


class AgentPort(Protocol):
    """The data plane of one session, as the client sees it.

    What the client does: it calls :meth:`connect` once, when it is mounted, and
    :meth:`send` for every frame. What the port guarantees: it calls ``on_event`` on the
    client's event loop (the loop that called ``connect``), one event at a time, in
    publication order, never from another thread. ``on_event`` must not block or await: a
    Textual client posts a message and returns. :meth:`send` never blocks and never raises
    for a well-formed frame.
    """

    def connect(self, on_event: Callable[[Event], None]) -> None:
        """Start delivering the session's events to ``on_event``."""
        ...

    def send(self, frame: ControlFrame) -> None:
        """Send a control frame to the agent."""
        ...


EntryType = Literal["directory", "file", "symlink_directory", "symlink_file"]
"""The kinds of file-system entry a browse answer holds (RAWP §4.5)."""


@dataclass(frozen=True)
class Entry:
    """One item of a browse answer (RAWP §4.5).

    Attributes:
        name: The entry's name.
        path: Its full path.
        type: What it is.
        readable: ``False`` for an entry the agent cannot read (drawn muted, not expandable).
        size: Bytes, for files, when known.
        children: Loaded children; ``None`` at the depth boundary (not loaded yet).
        total_children_count: All children the directory has; more than ``len(children)``
            means the list was truncated.
        cycle: A symlink back to an ancestor (how RAWP marks it is not in our seeds).
    """

    name: str
    path: str
    type: EntryType
    readable: bool = True
    size: int | None = None
    children: Sequence[Entry] | None = None
    total_children_count: int | None = None
    cycle: bool = False


@dataclass(frozen=True)
class BrowseResult:
    """A browse answer.

    Attributes:
        base_path: The browsed path; ``""`` in root mode.
        os_type: The node's file-system flavour (breadcrumb separators and drives).
        entries: The entries under ``base_path``.
        partial: A timeout or server error left the answer incomplete
            (``crs-fb-partial-failure``).
    """

    base_path: str
    os_type: Literal["unix", "windows"]
    entries: Sequence[Entry]
    partial: bool = False


BrowseErrorKind = Literal["node_offline", "timeout", "server_error"]
"""Why a browse failed."""


class BrowseError(Exception):
    """A browse call failed.

    Attributes:
        kind: ``"node_offline"``, ``"timeout"`` or ``"server_error"``.
    """

    def __init__(self, kind: BrowseErrorKind, message: str = "") -> None:
        super().__init__(message or kind)
        self.kind: BrowseErrorKind = kind


@dataclass(frozen=True)
class Turn:
    """One stored turn of a conversation (the history API is not in our seeds).

    Attributes:
        turn_id: The turn's id.
        prompt: The prompt that started it.
        sent_at: When the prompt was sent (its user-message timestamp).
        events: The agent's events of the turn, in order, ``TurnEnded`` excluded.
        ended_at: When the turn ended (its turn-end timestamp).
    """

    turn_id: str
    prompt: PromptRequest
    sent_at: datetime
    events: Sequence[Event]
    ended_at: datetime


@dataclass(frozen=True)
class HistoryPage:
    """One answer of :meth:`ControlPlane.load_turns`.

    Attributes:
        turns: The turns, oldest first.
        remaining: How many older turns the server still holds.
    """

    turns: Sequence[Turn]
    remaining: int


class ControlPlane(Protocol):
    """The request/response calls of the RAWP control plane the profile needs.

    The client awaits them in workers (never in a key handler); each may take any time, and
    may raise. The harness's fake answers them on the client's event loop.
    """

    async def browse(self, node_id: str, path: str | None) -> BrowseResult:
        """List a directory of a node; ``None`` browses the root (§7).

        Raises:
            BrowseError: The node is offline, the call timed out or the server failed.
        """
        ...

    async def load_turns(self, conversation_id: str, before: str | None, limit: int) -> HistoryPage:
        """Load up to ``limit`` stored turns older than turn ``before`` (``None``: the latest).

        Raises:
            Exception: Any failure; the client offers a retry (``crs-load-older-failure-retry``).
        """
        ...

    async def allowed_directories(self, agent_id: str) -> Sequence[str] | None:
        """Return the directories the agent may work in; ``None``: unrestricted."""
        ...


@dataclass(frozen=True)
class ClientSettings:
    """Settings the harness (or a user) gives a client.

    Attributes:
        initial_turns: N of §2.6: how many turns a reopened conversation shows first, and how
            many each load adds (``crs-initial-turns-configurable``), 1 to 100.
        conversation_id: The conversation to reopen; ``None`` starts a new one.
    """

    initial_turns: int = 10
    conversation_id: str | None = None
