"""The client's own copies of the frames it sends, and how it reads the events it gets.

Nothing here imports :mod:`rawp_port`: a frame is recognised by its RAWP type name (the
class constant ``type``) and its fields, an event by its ``type`` attribute and the
attributes it carries (``docs/adapters.md``, "Clients of the RAWP-CRS port").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

TURN_START = "session.turn.start"
TURN_END = "session.turn.end"
TEXT_DELTA = "agent.text.delta"
THINKING_DELTA = "agent.thinking.delta"
TOOL_START = "tool.invoke.start"
TOOL_RESULT = "tool.invoke.result"
SYSTEM_NOTICE = "session.system.notice"
COMMANDS = "agent.commands.publish"
"""RAWP type names of the events this client draws; every other type is ignored."""
FILE_CANDIDATES = "session.file.candidates"
"""The answer to a file search, for the ``@`` popup (004 §3.4.3)."""

MONOSPACE_TYPES = frozenset({"text", "code", "json", "terminal", "diff", "task_list", "file_tree"})
"""Tool ``output_type`` values drawn verbatim; ``markdown`` is rendered, and any other
value (unknown to the profile) is drawn verbatim too (``crs-unknown-output-type-monospace``)."""


@dataclass(frozen=True)
class PromptRequest:
    """A prompt (``control.prompt.request``): the typed text, sent as it is."""

    type: ClassVar[str] = "control.prompt.request"
    prompt_text: str
    input_type: str = "text"
    file_references: tuple[object, ...] = ()


@dataclass(frozen=True)
class PromptCancel:
    """Cancel the running turn (``control.prompt.cancel``); ``None`` before it started."""

    type: ClassVar[str] = "control.prompt.cancel"
    turn_id: str | None = None


@dataclass(frozen=True)
class FileSearch:
    """Search the files for the ``@`` popup (``control.file.search``); ``""``: recent ones."""

    type: ClassVar[str] = "control.file.search"
    query_id: str
    query: str


def kind_of(event: object) -> str:
    """Return an event's RAWP type name, or ``""`` when it has none."""
    name = getattr(event, "type", "")
    return name if isinstance(name, str) else ""


def text_field(event: object, name: str) -> str:
    """Return the attribute ``name`` of ``event`` as text (``""`` when missing or ``None``)."""
    value = getattr(event, name, None)
    if value is None:
        return ""
    return value if isinstance(value, str) else str(value)


def mapping_field(event: object, name: str) -> dict[str, object]:
    """Return the attribute ``name`` of ``event`` as a dict (empty unless it is a mapping)."""
    value = getattr(event, name, None)
    return {str(key): item for key, item in value.items()} if isinstance(value, Mapping) else {}
