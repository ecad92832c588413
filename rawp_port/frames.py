"""Control frames: what the client sends to the agent.

Each class carries its RAWP type name as the class constant ``type``; names the seeds do
not give are ours and marked "our naming".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Literal


@dataclass(frozen=True)
class FileReference:
    """One file a prompt refers to (004 §3.4.6)."""

    ref_id: str
    path: str
    display_path: str


@dataclass(frozen=True)
class PromptRequest:
    """A prompt (``control.prompt.request``, RAWP-DPS §6.1.1).

    Sending one starts a turn from the client's point of view: the turn is in progress, and
    cancellable, from this frame on, before the agent's ``TurnStarted`` (design §9,
    decision 2).

    Attributes:
        prompt_text: The typed text escaped, tokens as ``<@file:ref_id|display_path>``.
        input_type: ``"text"``, ``"slash_command"``, ...
        file_references: The files its tokens refer to.
    """

    type: ClassVar[str] = "control.prompt.request"
    prompt_text: str
    input_type: str = "text"
    file_references: Sequence[FileReference] = ()


@dataclass(frozen=True)
class PromptCancel:
    """Cancel the running turn (``control.prompt.cancel``, RAWP-DPS §6.1.2).

    Attributes:
        turn_id: The turn to cancel; ``None`` when the agent has not started it yet (the
            prompt is sent, ``TurnStarted`` not received): it cancels the pending prompt.
    """

    type: ClassVar[str] = "control.prompt.cancel"
    turn_id: str | None = None


@dataclass(frozen=True)
class FileSearch:
    """Search files for the ``@`` popup (``control.file.search``); ``""`` asks for recent ones."""

    type: ClassVar[str] = "control.file.search"
    query_id: str
    query: str


InteractionOutcome = Literal["approved", "rejected", "selected", "submitted", "cancelled"]
"""How the user answered an interaction request (our naming)."""


@dataclass(frozen=True)
class InteractionAnswer:
    """The answer to an interaction request (our naming: ``control.interaction.response``).

    Attributes:
        value: The chosen or typed value; ``default_value`` when cancelled with one.
    """

    type: ClassVar[str] = "control.interaction.response"
    request_id: str
    outcome: InteractionOutcome
    value: str | Sequence[str] | None = None


ControlFrame = PromptRequest | PromptCancel | FileSearch | InteractionAnswer
"""Every frame a client sends."""

KNOWN_FRAME_TYPES: tuple[str, ...] = (
    PromptRequest.type,
    PromptCancel.type,
    FileSearch.type,
    InteractionAnswer.type,
)
"""The RAWP type names of the modelled frames."""
