"""The adapter contract: how the harness reaches an implementation under test.

An adapter is the only place that knows a candidate's widget ids, where it keeps its
messages and how it chooses a response. The harness drives the app through Textual's
Pilot and reads everything else from the screen.

What an implementation decides: its widget ids, widget classes and nesting, its input
field (an ``Input``, a ``TextArea``, ...), the storage of its messages and records, its
response list. What the harness guarantees: one fresh app per scenario from
:meth:`ChatScreenAdapter.create_app`, accessors called while that app runs or after it
has exited (the quitting scenarios read the state it left), the response-choice site
restored after every scenario, and a verdict per scenario (pass, fail, error, timeout),
never a hung run.

The per-scenario lifecycle (protocol version 2): the harness makes one
:class:`ScenarioContext` per scenario, with a fresh, empty ``data_dir``, and hands it to
every ``create_app`` call of that scenario, so an app that stores state on disk can tell a
new scenario (an empty directory) from a restart within one (the directory the previous
app left). After the scenario's last app has stopped, the harness calls the adapter's
optional ``end_scenario(context)``; the directory is removed later by pytest.

Version history of :data:`PROTOCOL_VERSION`:

* ``1``: profile ``chat_screen`` (seeds 000 and 001); ``create_app()`` takes no argument.
* ``2``: ``create_app`` belongs to each profile's capability; profile ``chat_screen``'s
  ``create_app(context)`` takes the :class:`ScenarioContext`; optional ``end_scenario``;
  profile ``rawp_crs`` (:class:`RawpCrsAdapter`) with ``create_client``.
  Adapters declaring version 1 keep working unchanged (``create_app()`` is called
  without an argument, and no ``end_scenario`` is called).
  Within version 2 (issue 23): profile ``rawp_crs`` is claimed in parts, each with its
  ``Protocol`` (:class:`RawpCrsPart1` to :class:`RawpCrsPart5`) and the optional attribute
  ``rawp_crs_parts`` (every part when absent); ``timestamp_reveal`` became a member of
  part 1, so a hover-revealing client is never read as inline.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any, Literal, Protocol, runtime_checkable

from textual.app import App
from textual.widget import Widget

from rawp_port import AgentPort, ClientSettings, Clock, ControlPlane

PROTOCOL_VERSION = 2
"""Version of the adapter contract defined in this module."""
SUPPORTED_VERSIONS = (1, 2)
"""Versions of the contract the harness drives; an adapter declares one of them."""


@dataclass(frozen=True)
class ScenarioContext:
    """What the harness hands an app factory for one scenario (protocol version 2).

    Attributes:
        scenario: The scenario's name, as the feature writes it.
        data_dir: A directory for this scenario only: empty when the scenario starts, the
            same for every app the scenario starts (a restart finds what the app before
            it left there), never shared with another scenario.
    """

    scenario: str
    data_dir: Path


@runtime_checkable
class Adapter(Protocol):
    """What every adapter provides, whatever profiles it claims."""

    name: str
    """Short name of the implementation, shown in the report header."""
    implementation_version: str
    """Version of the implementation under test, shown in reports."""
    protocol_version: int
    """The :data:`PROTOCOL_VERSION` the adapter was written against."""
    profiles: Collection[str]
    """Names of the conformance profiles the implementation claims (``steps.profiles``)."""


@runtime_checkable
class ChatScreenAdapter(Adapter, Protocol):
    """Capabilities needed by profile ``chat_screen``.

    Roles returned by :meth:`messages` may be ``str`` or an ``Enum`` whose value is a
    ``str``; the harness compares the value with ``user`` and ``agent``.
    """

    def create_app(self, context: ScenarioContext) -> App[Any]:
        """Return a new, not yet running app; called at each start within a scenario.

        Args:
            context: The scenario's context (protocol version 2); an adapter declaring
                version 1 is called with no argument.
        """
        ...

    conversation_selector: str
    """CSS selector of the conversation area, e.g. ``"#chat-log"`` (clause ``widget-ids``)."""
    input_selector: str
    """CSS selector of the input field, e.g. ``"#chat-input"`` (clause ``widget-ids``).

    An ``Input``, a ``TextArea`` (Enter submits) or another focusable widget that keeps
    its text in a ``str`` attribute ``value`` or ``text`` (``steps.input_field``).
    """
    item_selector: str
    """CSS selector, within the conversation area, of the widgets that show messages.

    ``"Static"`` matches every label-like widget (``Label`` subclasses ``Static``) at any
    depth, so the harness sees exactly the text widgets however they are nested. A
    container may be the item too (a marker glyph beside a ``Markdown`` body): its text
    is read from the widgets that draw it (``steps.screen.item_text``).
    """
    responses: Sequence[str]
    """The implementation's fixed response list (clause ``response-from-fixed-list``)."""
    choice_site: tuple[object, str]
    """Where the implementation looks up the standard choice function.

    ``(random, "choice")`` for code calling ``random.choice(...)``;
    ``(my_module, "choice")`` for code that did ``from random import choice``. The harness
    replaces that attribute with a spy for one scenario and restores it afterwards.
    """

    def messages(self, app: App[Any]) -> Sequence[tuple[str | Enum, str]]:
        """Return the in-memory message list as ``(role, body)`` pairs, in order."""
        ...

    def submitted_inputs(self, app: App[Any]) -> Sequence[str]:
        """Return the session record of submitted (stripped) inputs, in order."""
        ...

    def selected_responses(self, app: App[Any]) -> Sequence[str]:
        """Return the session record of selected responses, in order."""
        ...


def role_value(role: str | Enum) -> str:
    """Return the role as the harness compares it.

    Args:
        role: A ``str`` or an ``Enum`` member whose value is a ``str``.

    Returns:
        The role string, e.g. ``"user"``; for anything else its ``repr`` so that the
        failure message shows what the implementation stored.
    """
    value = role.value if isinstance(role, Enum) else role
    return value if isinstance(value, str) else repr(value)


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
    """``"inline"`` (times drawn all the time) or ``"hover"`` (drawn while the pointer is over
    the stamped item), design §9 decision 6. Part 1's timestamp scenarios read times the way
    it names; part 4's ``crs-timestamp-hover-preferred`` reads it too."""

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
        those attributes (``steps.rawp_crs.support.tokens.token_view``).
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
    claim are reported "not claimed" (``steps.profiles.Profile.parts_needed``).
    """
