"""The contract of profile ``rawp_crs``: its parts, their members and value types (002, 004).

An adapter of profile ``rawp_crs`` claims it part by part (:data:`RAWP_CRS_PARTS`): part 1
(:class:`RawpCrsPart1`) always, the others as it lists them in ``rawp_crs_parts``. Its
``items(app)`` returns :class:`ItemView` values and part 3's ``input_tokens(app)``
:class:`TokenView` values: the two value types an adapter builds (``from
steps.rawp_crs.contract import ItemView, TokenView``); everything else it satisfies
structurally. docs/adapters.md explains each member. The steps reach the members through
the driver's typed part access (``crs_driver.part3.input_tokens``,
:class:`steps.rawp_crs.driver.CrsDriver`), which records the parts a scenario used.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol, runtime_checkable

from textual.app import App
from textual.widget import Widget

from rawp_port import AgentPort, ClientSettings, Clock, ControlPlane
from steps.adapter import Adapter

Actor = Literal["user", "agent", "system"]
"""Who a conversation item belongs to in profile ``rawp_crs`` (002 §2.1)."""
ItemKind = Literal[
    "text",
    "command",
    "thinking",
    "tool_call",
    "tool_result",
    "timestamp",
    "date_separator",
    "system",
    "load_older",
    "other",
]
"""What a conversation item is, in profile ``rawp_crs``."""


@dataclass(frozen=True)
class ItemView:
    """One conversation item of a RAWP-CRS client, as its adapter names it.

    Attributes:
        actor: Whose item it is. A timestamp has the actor of what it stamps; a date
            separator is ``system`` (design §9, decision 6).
        kind: What it is.
        widget: The widget that draws it; the harness reads its region and cells on the
            composed screen, never its type or classes.
    """

    actor: Actor
    kind: ItemKind
    widget: Widget


@dataclass(frozen=True)
class TokenView:
    """One file-reference token in a RAWP-CRS client's input (004 §3.4.5), part 3.

    Returned, between plain ``str`` runs, by the part-3 adapter member
    ``input_tokens(app)`` (docs/adapters.md, "Part 3").

    Attributes:
        ref_id: The token's reference id; it is sent as ``<@file:ref_id|display_path>``
            and as the ``ref_id`` of its ``FileReference`` (``crs-send-token-format``).
        path: The path of the selected candidate (``FileCandidate.path``).
        label: The text drawn for it (the file name, maybe elided, ``crs-token-label``).
    """

    ref_id: str
    path: str
    label: str


@runtime_checkable
class RawpCrsPart1(Protocol):
    """Members of profile ``rawp_crs`` part 1: the conversation, sending, cancelling, times.

    Part 1 is §1.4, §2.1, §2.2, §2.4, §2.5.1, §2.5.2 and §3.1's markdown (the ``part`` of each
    clause in ``docs/spec/rawp_crs.yaml``). What an implementation decides: its widgets, how
    it lays out bubbles and agent output, its input widget and its keys for a newline. What
    the harness guarantees: one fresh client per start from :meth:`create_client`, wired to
    the scenario's fake agent and fixed clock (``steps.rawp_crs.support.fake_agent``); accessors
    called only while that client runs; a verdict per scenario, never a hung run.
    """

    conversation_selector: str
    """CSS selector of the conversation area."""
    input_selector: str
    """CSS selector of the input field (a ``TextArea`` or the like, ``steps.input_field``)."""
    newline_keys: Sequence[str]
    """Keys that insert a newline in the input, e.g. ``("shift+enter", "ctrl+j")``.

    ``crs-shift-enter-newline``: Shift+Enter, and a key that terminals which cannot report
    Shift+Enter deliver (tmux without the kitty keyboard protocol sends Ctrl+J for C-j).
    """
    timestamp_reveal: str
    """``"inline"`` (times drawn all the time), ``"hover"`` (drawn while the pointer is over
    the stamped item), design §9 decision 6, or ``"key:<key>"`` (every time drawn once the key
    is pressed, hidden when it is pressed again, e.g. ``"key:f2"``). Part 1's timestamp
    scenarios read times the way it names; part 4's ``crs-timestamp-hover-preferred`` reads
    it too (``steps.rawp_crs.part1.timestamps.reveal_mode``)."""

    def create_client(
        self, port: AgentPort, control: ControlPlane, clock: Clock, settings: ClientSettings
    ) -> App[Any]:
        """Return a new, not yet running client wired to ``port`` and ``control``.

        Args:
            port: The session's data plane (the harness's fake agent).
            control: The control plane (the same fake).
            clock: The client's only source of time: aware datetimes.
            settings: The client's settings (``initial_turns``, ``conversation_id``).
        """
        ...

    def items(self, app: App[Any]) -> Sequence[object]:
        """Return the conversation's items, in display order (top to bottom).

        Each an :class:`ItemView`, an ``(actor, kind, widget)`` tuple or an object with those
        attributes (``steps.rawp_crs.driver.item_view``).
        """
        ...


@runtime_checkable
class RawpCrsPart2(Protocol):
    """Members of profile ``rawp_crs`` part 2: the slash-command popup and command bubble."""

    slash_popup_selector: str
    """CSS selector of the widget that draws the command items (docs/adapters.md, Part 2);
    part 3's popup-exclusion scenarios read it too."""


@runtime_checkable
class RawpCrsPart3(Protocol):
    """Members of profile ``rawp_crs`` part 3: file references (popup, tokens, sending)."""

    file_popup_selector: str
    """CSS selector of the widget that draws the file candidates."""
    slash_popup_selector: str
    """The slash popup, as in part 2: the two popups exclude each other (§3.4.7)."""

    def input_tokens(self, app: App[Any]) -> Sequence[object]:
        """The input's content, in order: ``str`` runs and tokens.

        A token is a :class:`TokenView`, a ``(ref_id, path, label)`` tuple or an object with
        those attributes (``steps.rawp_crs.part3.tokens.token_view``).
        """
        ...

    def cursor(self, app: App[Any]) -> int:
        """The cursor's offset in ``input_tokens`` units (a character or a token counts 1)."""
        ...


@runtime_checkable
class RawpCrsPart4(Protocol):
    """Members of profile ``rawp_crs`` part 4: interaction requests, history, lazy loading."""

    interaction_selector: str
    """CSS selector of the widget that draws the interaction UI."""
    timestamp_reveal: str
    """As in part 1 (``crs-timestamp-hover-preferred`` reads it)."""
    load_older_forms: Collection[str]
    """The trigger forms of older turns the client offers: ``"button"``, ``"scroll"``."""

    def initial_turns_setting(self, value: int) -> ClientSettings:
        """The settings a user's setting of N to ``value`` yields.

        Raises:
            ValueError: The client refuses ``value`` (outside 1..100).
        """
        ...


@runtime_checkable
class RawpCrsPart5(Protocol):
    """Members of profile ``rawp_crs`` part 5: the file browser (004 §7)."""

    workspace_button_selector: str | None
    """The button that opens the dialog, or ``None`` when it opens by itself."""
    file_browser_selector: str
    """The dialog's box on the active screen."""
    file_tree_selector: str
    """The tree-view area inside the dialog."""
    manual_path_selector: str
    """The manual path field."""
    select_button_selector: str
    """The ``선택`` button."""

    def start_session_creation(self, app: App[Any], node_id: str, agent_id: str) -> None:
        """Put the client in the session-creation step with node and agent chosen."""
        ...

    def workspace_path(self, app: App[Any]) -> str | None:
        """The session form's ``workspace_path``; ``None`` until one is confirmed."""
        ...


RAWP_CRS_PARTS: dict[int, tuple[str, type]] = {
    1: ("the conversation, sending, cancelling, timestamps, markdown", RawpCrsPart1),
    2: ("the slash-command popup and the command bubble", RawpCrsPart2),
    3: ("file references: the @ popup, tokens, sending them", RawpCrsPart3),
    4: ("interaction requests, history keys, hover, lazy loading", RawpCrsPart4),
    5: ("the file browser", RawpCrsPart5),
}
"""Each part of profile ``rawp_crs``: its title and the ``Protocol`` of its members."""


@runtime_checkable
class RawpCrsAdapter(Adapter, RawpCrsPart1, Protocol):
    """Capabilities of every adapter of profile ``rawp_crs`` (seeds 002 and 004).

    The profile is claimed part by part: the optional attribute ``rawp_crs_parts`` (a
    collection of part numbers, e.g. ``(1,)``; every part when absent, so adapters written
    before parts existed keep working) names the parts the implementation claims. Part 1
    is always claimed (every scenario starts a client through it); the adapter has the
    members of each claimed part (:class:`RawpCrsPart1` to :class:`RawpCrsPart5`, listed in
    :data:`RAWP_CRS_PARTS`), checked when it is loaded. Scenarios needing a part it does not
    claim are reported "not claimed" (``steps.selection.mark_profiles``).
    """


CAPABILITY = RawpCrsAdapter
"""The adapter ``Protocol`` of the profile (``steps.profiles.Profile.capability``)."""
PARTS = RAWP_CRS_PARTS
"""The profile's parts (``steps.profiles.Profile.parts``)."""
