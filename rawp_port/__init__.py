"""The RAWP-CRS port: what a client and an agent connection exchange, in plain Python.

A RAWP-CRS client (docs/design/rawp-crs.md) talks to its agent only through this module:
agent events arrive through :class:`AgentPort`, control frames leave through it, and the
request/response calls of the RAWP control plane go through :class:`ControlPlane`. A real
client puts its RAWP-DPS (WebSocket) and RAWP (HTTP) transport behind the two protocols; the
conformance harness plugs in its fake agent instead.

The module depends on the standard library only, so a client can depend on it without the
harness or Textual. It is versioned with :data:`PORT_VERSION`. A client that prefers its own
copies of the classes may keep them: the harness matches events and frames by their RAWP
type name (the ``type`` class constant) and their fields (:func:`type_name`,
:func:`fields_of`), never by class identity.
"""

from rawp_port.events import (
    KNOWN_EVENT_TYPES,
    KNOWN_OUTPUT_TYPES,
    UNKNOWN_EVENT_NAMESPACES,
    Command,
    CommandsPublished,
    Event,
    FileCandidate,
    FileCandidates,
    InteractionRequested,
    InteractionType,
    OtherEvent,
    Parameter,
    SystemNotice,
    TextDelta,
    Thinking,
    ToolCall,
    ToolResult,
    TurnEnded,
    TurnStarted,
)
from rawp_port.frames import (
    KNOWN_FRAME_TYPES,
    ControlFrame,
    FileReference,
    FileSearch,
    InteractionAnswer,
    InteractionOutcome,
    PromptCancel,
    PromptRequest,
)
from rawp_port.matching import fields_of, matches, type_name
from rawp_port.ports import (
    AgentPort,
    BrowseError,
    BrowseErrorKind,
    BrowseResult,
    ClientSettings,
    Clock,
    ControlPlane,
    Entry,
    EntryType,
    HistoryPage,
    Turn,
    system_clock,
)

PORT_VERSION = "1.0"
"""Version of this port, ``major.minor``: a new minor adds optional fields, events or frames
(old clients keep working); a new major changes or removes something."""

__all__ = [
    "KNOWN_EVENT_TYPES",
    "KNOWN_FRAME_TYPES",
    "KNOWN_OUTPUT_TYPES",
    "PORT_VERSION",
    "UNKNOWN_EVENT_NAMESPACES",
    "AgentPort",
    "BrowseError",
    "BrowseErrorKind",
    "BrowseResult",
    "ClientSettings",
    "Clock",
    "Command",
    "CommandsPublished",
    "ControlFrame",
    "ControlPlane",
    "Entry",
    "EntryType",
    "Event",
    "FileCandidate",
    "FileCandidates",
    "FileReference",
    "FileSearch",
    "HistoryPage",
    "InteractionAnswer",
    "InteractionOutcome",
    "InteractionRequested",
    "InteractionType",
    "OtherEvent",
    "Parameter",
    "PromptCancel",
    "PromptRequest",
    "SystemNotice",
    "TextDelta",
    "Thinking",
    "ToolCall",
    "ToolResult",
    "Turn",
    "TurnEnded",
    "TurnStarted",
    "fields_of",
    "matches",
    "system_clock",
    "type_name",
]
