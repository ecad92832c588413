"""Agent events: what the agent sends to the client (RAWP-DPS, as far as our seeds tell).

Each class carries its RAWP type name as the class constant ``type``. Names the seeds give
are kept (``session.turn.end``, ``tool.invoke.result``, ...); the others are ours and marked
"our naming". Field names follow the seeds where they give them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Literal


@dataclass(frozen=True)
class TurnStarted:
    """The agent started the turn answering a prompt (RAWP-DPS ``session.turn.start``)."""

    type: ClassVar[str] = "session.turn.start"
    turn_id: str


@dataclass(frozen=True)
class TurnEnded:
    """The turn is over (``session.turn.end``).

    The client stamps it with its *receive time*: the clock reading when the client handles
    the event on its event loop (clause ``crs-timestamp-turn-end``; design §9, decision 3).
    """

    type: ClassVar[str] = "session.turn.end"
    turn_id: str


@dataclass(frozen=True)
class TextDelta:
    """A piece of the agent's markdown text, appended to the turn's current text block."""

    type: ClassVar[str] = "agent.text.delta"
    turn_id: str
    text: str


@dataclass(frozen=True)
class Thinking:
    """A piece of the agent's thinking, appended like a text delta (our naming).

    Thinking events are deltas: consecutive ones of a turn form one thinking block.
    """

    type: ClassVar[str] = "agent.thinking.delta"
    turn_id: str
    text: str


@dataclass(frozen=True)
class ToolCall:
    """A tool invocation starts (our naming; the seeds name only its result)."""

    type: ClassVar[str] = "tool.invoke.start"
    turn_id: str
    call_id: str
    name: str
    arguments: Mapping[str, object] = field(default_factory=dict)


KNOWN_OUTPUT_TYPES: tuple[str, ...] = (
    "text",
    "markdown",
    "code",
    "diff",
    "json",
    "terminal",
    "task_list",
    "file_tree",
)
"""The ``output_type`` values the profile assumes known (design §9, decision 4).

The seeds name the kinds of agent output (text, code, diff, task list, file tree; 002 §2.1)
but not the values; RAWP-DPS, which we do not hold, defines them. A client may render any
known type as a verbatim monospace block too; a value outside this tuple is *unknown* and
must be (``crs-unknown-output-type-monospace``). The harness's scenarios for unknown types
use a value that no future version would plausibly define (e.g. ``"x.hologram"``).
"""


@dataclass(frozen=True)
class ToolResult:
    """The result of a tool invocation (``tool.invoke.result``), drawn right below its call.

    Attributes:
        output_type: One of :data:`KNOWN_OUTPUT_TYPES`, or an unknown value, which the client
            renders as a verbatim monospace block (``crs-unknown-output-type-monospace``).
        output: The output as text.
    """

    type: ClassVar[str] = "tool.invoke.result"
    turn_id: str
    call_id: str
    output_type: str
    output: str


@dataclass(frozen=True)
class Parameter:
    """One parameter of a slash command."""

    name: str
    hint: str
    required: bool


@dataclass(frozen=True)
class Command:
    """One slash command the agent offers.

    Attributes:
        name: The name without the leading ``/``.
        description: One line shown next to the name.
        category: An optional group, e.g. ``"session"``.
        parameters: Its parameters, in order.
    """

    name: str
    description: str
    category: str | None = None
    parameters: Sequence[Parameter] = ()


@dataclass(frozen=True)
class CommandsPublished:
    """The agent's slash commands (``agent.commands.publish``, RAWP-DPS §12.1.1).

    It may arrive again mid-session; the latest list replaces the earlier one.
    """

    type: ClassVar[str] = "agent.commands.publish"
    commands: Sequence[Command]


@dataclass(frozen=True)
class FileCandidate:
    """One match of a file search.

    Attributes:
        path: The relative path a token refers to.
        name: The file name, shown first.
        directory: The directory, shown muted.
        match_ranges: ``[start, end)`` character ranges in ``name`` that matched.
    """

    path: str
    name: str
    directory: str
    match_ranges: Sequence[tuple[int, int]] = ()


@dataclass(frozen=True)
class FileCandidates:
    """The answer to a :class:`~rawp_port.frames.FileSearch` (``session.file.candidates``)."""

    type: ClassVar[str] = "session.file.candidates"
    query_id: str
    candidates: Sequence[FileCandidate]


InteractionType = Literal["YN", "PERMISSION", "SELECT", "MULTI_SELECT", "TEXT_INPUT"]
"""The kinds of interaction request (RAWP-DPS §4.3.1, as 002 §2.5.3 lists them)."""


@dataclass(frozen=True)
class InteractionRequested:
    """The agent asks the user something (``agent.interaction.request``, RAWP-DPS §4.3.1).

    Attributes:
        turn_id: The turn it belongs to, when the agent says (our addition; ``None`` when
            unknown). A request inside a turn makes the agent state ``awaiting_input``.
    """

    type: ClassVar[str] = "agent.interaction.request"
    request_id: str
    interaction_type: InteractionType
    prompt: str
    options: Sequence[str] = ()
    default_value: str | None = None
    turn_id: str | None = None


@dataclass(frozen=True)
class SystemNotice:
    """A protocol- or client-side status message: stop, error, reconnection (our naming).

    The client stamps it with the clock reading when it handles it (``crs-timestamp-system``).

    Attributes:
        kind: What it reports, e.g. ``"cancelled"``, ``"error"``, ``"reconnected"``.
        text: The message, shown in full (``crs-system-content-complete``).
    """

    type: ClassVar[str] = "session.system.notice"
    kind: str
    text: str


@dataclass(frozen=True)
class OtherEvent:
    """Any event whose type the port does not model (``crs-ignore-unknown-events``).

    Unlike the other events, its ``type`` is a field, e.g. ``"agent.something.new"``.
    """

    type: str
    payload: Mapping[str, object] = field(default_factory=dict)


Event = (
    TurnStarted
    | TurnEnded
    | TextDelta
    | Thinking
    | ToolCall
    | ToolResult
    | CommandsPublished
    | FileCandidates
    | InteractionRequested
    | SystemNotice
    | OtherEvent
)
"""Every event a port delivers."""

KNOWN_EVENT_TYPES: tuple[str, ...] = (
    TurnStarted.type,
    TurnEnded.type,
    TextDelta.type,
    Thinking.type,
    ToolCall.type,
    ToolResult.type,
    CommandsPublished.type,
    FileCandidates.type,
    InteractionRequested.type,
    SystemNotice.type,
)
"""The RAWP type names of the modelled events; every other name is unknown."""

UNKNOWN_EVENT_NAMESPACES: tuple[str, ...] = ("agent.", "tool.", "session.")
"""Namespaces in which an unknown type must be ignored silently (004 §1.4 ¶1).

The harness publishes unknown events only in these namespaces (design §9, decision 8).
"""
