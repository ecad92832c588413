"""The reference RAWP-CRS client: a conversation with an agent behind the port.

The client talks to its agent only through :class:`rawp_port.AgentPort` and
:class:`rawp_port.ControlPlane`; it reads the time only from the :data:`rawp_port.Clock` it
is given. Agent events wait in an inbox and are handled in order on the app's loop, on
one :class:`CrsApp.EventsReceived` message per burst; each is dispatched by its RAWP type
name, and an event of any other type is ignored (``crs-ignore-unknown-events``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any, ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widget import Widget

from rawp_port import (
    AgentPort,
    ClientSettings,
    Clock,
    CommandsPublished,
    ControlPlane,
    FileCandidates,
    FileReference,
    InteractionRequested,
    PromptCancel,
    PromptRequest,
    SystemNotice,
    TextDelta,
    Thinking,
    ToolCall,
    ToolResult,
    TurnEnded,
    TurnStarted,
    type_name,
)
from reference_crs import sending
from reference_crs.conversation_keys import ConversationKeys
from reference_crs.history import LazyHistory, LoadOlder
from reference_crs.offscreen import OffscreenTurns
from reference_crs.pacing import StreamPacing
from reference_crs.sent_prompt import as_typed
from reference_crs.slash import command_of
from reference_crs.timefmt import stamp_text
from reference_crs.widgets import (
    AgentText,
    CommandBubble,
    DateSeparator,
    PromptInput,
    SlashPopup,
    SystemNoticeItem,
    ThinkingBlock,
    TimeStamp,
    ToolBlock,
    UserMessage,
)
from reference_crs.widgets.composer import Composer
from reference_crs.widgets.conversation import Conversation
from reference_crs.widgets.file_popup import FilePopup
from reference_crs.widgets.key_hints import KeyHints
from reference_crs.widgets.session_form import SessionForm, SessionHeader
from reference_crs.widgets.tokens import Token


@dataclass
class TurnView:
    """What the client has drawn of one turn."""

    turn_id: str
    text: AgentText | None = None
    """The text block deltas go to; ``None`` after another kind of block."""
    thinking: ThinkingBlock | None = None
    """The thinking block deltas go to; ``None`` after another kind of block."""
    tools: dict[str, ToolBlock] = field(default_factory=dict)
    """Tool blocks by call id."""
    texts: list[AgentText] = field(default_factory=list)
    """Every text block of the turn, to finish at its end."""


class CrsApp(ConversationKeys):
    """A conversation above a multi-line input; Enter sends, Escape cancels a running turn.

    Agent output is drawn left-aligned at full width without a bubble, user messages in a
    bubble on the right, system notices centred and muted (002 §2.2). Timestamps are shown
    inline and muted at the turn boundaries and on system notices only (002 §2.4).
    """

    CSS_PATH = Path(__file__).with_name("app.tcss")
    """Absolute, so that subclasses defined elsewhere find it too."""
    TITLE = "RAWP-CRS"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel_turn", "Cancel", show=False),
        Binding("ctrl+t", "toggle_times", "Times", show=False, priority=True),
    ]
    """Escape cancels a running turn and does nothing otherwise (``crs-escape-*``); Ctrl+T
    draws every time, or hides them again (:meth:`Conversation.show_all`)."""

    CONVERSATION_ID = "conversation"
    """Widget id of the conversation area."""
    INPUT_ID = "prompt-input"
    """Widget id of the input."""
    FILE_POPUP_ID = "file-popup"
    """Widget id of the `@` file popup."""
    AUTO_FOCUS = f"#{INPUT_ID}"
    """The input has the focus at start."""
    CONVERSATION: ClassVar[type[Conversation]] = Conversation
    """The conversation widget's class (a seam for variants)."""
    COMPOSER: ClassVar[type[Composer]] = Composer
    """The composer's class: the input and both popups (a seam for variants)."""
    HISTORY: ClassVar[type[LazyHistory]] = LazyHistory
    """The stored conversation's loading (a seam for variants)."""
    SESSION_FORM: ClassVar[type[SessionForm]] = SessionForm
    """The session form's class: the working-directory step of 004 §7 (a seam for variants)."""
    COMPOSER_ID = "composer"
    """Widget id of the composer."""

    class EventsReceived(Message):
        """Events are waiting in the inbox; handled by ``on_crs_app_events_received``."""

    def __init__(
        self,
        port: AgentPort,
        control: ControlPlane,
        clock: Clock,
        settings: ClientSettings,
    ) -> None:
        """Create the client.

        Args:
            port: The session's data plane.
            control: The RAWP control plane.
            clock: Where the client reads the time (aware datetimes).
            settings: The client's settings.
        """
        super().__init__()
        self.port = port
        """The session's data plane."""
        self.control = control
        """The control plane."""
        self.clock = clock
        """The client's only source of time."""
        self.settings = settings
        """The client's settings."""
        self.commands: tuple[Any, ...] = ()
        """The slash commands last published by the agent (cached, ``crs-commands-cached``)."""
        self.outstanding = 0
        """Prompts sent whose turn has not ended: a turn is in progress while positive."""
        self.turns: dict[str, TurnView] = {}
        """The turns the agent is running, by id, oldest first (usually one)."""
        self.ended: set[str] = set()
        """Ids of ended turns; their late events are dropped."""
        self.session: SessionForm | None = None
        """The session form, once session creation has started (004 §7.1)."""
        self.history = self.HISTORY(self)
        """The stored conversation's turns, loaded lazily (002 §2.6)."""
        self.last_day: date | None = None
        """Local date of the last turn start or notice drawn (``crs-date-separator``)."""
        self._conversation: Conversation | None = None
        self._composer: Composer | None = None
        self._command_sent = False
        """A command was sent and its response's first block is not drawn yet (§3.3 ¶10)."""
        self.inbox: deque[object] = deque()
        """RAWP events received from the port and not handled yet, oldest first."""
        self.pacing = StreamPacing()
        """When streamed text is drawn while the user types (keys first, ``pacing``)."""
        self.handlers: dict[str, Callable[[Any], Awaitable[None]]] = {
            TurnStarted.type: self.handle_turn_started,
            TurnEnded.type: self.handle_turn_ended,
            TextDelta.type: self.handle_text_delta,
            Thinking.type: self.handle_thinking,
            ToolCall.type: self.handle_tool_call,
            ToolResult.type: self.handle_tool_result,
            SystemNotice.type: self.handle_system_notice,
            CommandsPublished.type: self.handle_commands_published,
            InteractionRequested.type: self.handle_interaction_requested,
            FileCandidates.type: self.handle_file_candidates,
        }
        """Each RAWP event type's handler (``handle_<event>``).

        A type not in it is ignored (``crs-ignore-unknown-events``).
        """

    def compose(self) -> ComposeResult:
        """Compose the conversation, the input and a line of key hints."""
        self._conversation = self.CONVERSATION(id=self.CONVERSATION_ID)
        yield self._conversation
        self._composer = self.new_composer()
        yield self._composer
        yield KeyHints(id="key-hints")

    def new_composer(self) -> Composer:
        """Return the composer holding :meth:`prompt_input` under both popups (004 §3.2, §3.4)."""
        return self.COMPOSER(
            self.prompt_input(), self.slash_popup(), self.file_popup(), id=self.COMPOSER_ID
        )

    def prompt_input(self) -> PromptInput:
        """Return the input (``crs-enter-sends``, ``crs-shift-enter-newline``)."""
        return PromptInput(placeholder="메시지를 입력하세요", id=self.INPUT_ID)

    def prompt_of(self, nodes: Sequence[str | Token]) -> tuple[str, Sequence[FileReference]]:
        """The ``prompt_text`` and ``file_references`` sent for the input's ``nodes`` (§3.4.6)."""
        return sending.prompt_of(nodes)

    def slash_popup(self) -> SlashPopup:
        """Return the slash-command popup, docked just above the input (``crs-slash-*``)."""
        return SlashPopup(id="slash-popup")

    def file_popup(self) -> FilePopup:
        """Return the `@` file popup, docked just above the input (``crs-at-*``)."""
        return FilePopup(id=self.FILE_POPUP_ID)

    def replayed_prompt(self, prompt: Any) -> Widget:
        """The bubble of a stored prompt, as it was drawn live (a seam for variants).

        A prompt stored with the input type ``slash_command`` was a command bubble; any
        other, a text bubble with its file tokens (004 §3.3, §3.1 ¶17).
        """
        text = str(getattr(prompt, "prompt_text", ""))
        references = tuple(getattr(prompt, "file_references", ()) or ())
        if getattr(prompt, "input_type", "text") == "slash_command":
            return self.command_bubble(as_typed(text, references))
        return self.user_message(text, references)

    def command_bubble(self, text: str) -> Widget:
        """Return the item showing a sent slash command (``crs-command-*``)."""
        return CommandBubble(text)

    def stamp_text(self, moment: datetime) -> str:
        """Return how the timestamp of ``moment``, drawn now, reads (``crs-timestamp-format``).

        The clock's reading ``moment`` is also "now": stamps are drawn as their event happens.
        """
        return stamp_text(moment, moment)

    def user_message(
        self, prompt_text: str, file_references: Sequence[FileReference] = ()
    ) -> Widget:
        """Return the item showing a sent prompt (``crs-user-*``, ``crs-md-*``).

        Valid file tokens are drawn as tokens, other token patterns as literal text
        (``crs-history-token-validated``, ``crs-history-forged-token-literal``).

        Args:
            prompt_text: The prompt as sent (escaped, tokens as ``<@file:ref_id|display_path>``).
            file_references: The sent ``file_references``.
        """
        return UserMessage(prompt_text, file_references)

    def agent_text(self) -> AgentText:
        """Return a new, empty block of agent text (``crs-agent-*``)."""
        return AgentText()

    def system_notice(self, text: str, stamp: str) -> Widget:
        """Return the item showing a system notice and its time (``crs-system-*``).

        The time is drawn while the pointer is over the notice
        (:meth:`Conversation.follow`), or while Ctrl+T draws every time.
        """
        return SystemNoticeItem(text, stamp, hidden=not self.conversation.all_shown)

    def action_toggle_times(self) -> None:
        """Ctrl+T: draw every time in the conversation, or only the hovered ones again.

        Keyboard users see when each message happened (002 §2.4 ¶1) without a pointer.
        """
        conversation = self.conversation
        conversation.show_all(not conversation.all_shown)

    def on_mount(self) -> None:
        """Anchor the conversation to its end and connect to the agent."""
        self.conversation.anchor()
        self.port.connect(self._receive)
        self.history.open()

    def on_resize(self, event: events.Resize) -> None:
        """The terminal was resized: the popups take their share of the new height.

        (This runs before Textual's own handler records the new size in ``App.size``.)
        """
        if self._composer is not None:
            for popup in self._composer.query(SlashPopup):
                popup.fit(event.size.height)

    @on(LoadOlder.Requested)
    def load_older(self) -> None:
        """The load-older button was pressed: load the previous page (§2.6.2)."""
        self.history.load_older()

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        """A wheel turned up at the top of the conversation loads older turns (§2.6.2)."""
        if self.conversation.region.contains(event.screen_x, event.screen_y):
            self.history.wheel_at_top()

    def start_session_creation(self, node_id: str, agent_id: str) -> None:
        """Show the session form for a chosen node and agent (004 §7.1)."""
        if self.session is None:
            self.session = self.session_form(node_id, agent_id)
            conversation = self.conversation
            conversation.screen.mount(self.session, before=conversation)

    def show_session(
        self, node_id: str | None, agent_id: str | None, workspace_path: str | None
    ) -> None:
        """Show the session of a reopened conversation above it: node, agent, directory.

        A new conversation shows them in its session form (:meth:`start_session_creation`).
        """
        if self.session is None and not self.query(SessionHeader):
            conversation = self.conversation
            header = SessionHeader(node_id, agent_id, workspace_path, id="session-header")
            conversation.screen.mount(header, before=conversation)

    def on_session_form_closed(self, message: SessionForm.Closed) -> None:
        """The file browser closed: the keys go to the input again (002 §2.5.5)."""
        self.query_one(f"#{self.INPUT_ID}").focus()

    def session_form(self, node_id: str, agent_id: str) -> SessionForm:
        """Return the session form (``crs-fb-dialog-on-entry``, ``crs-fb-confirm-*``)."""
        return self.SESSION_FORM(self.control, node_id, agent_id, id="session-form")

    @property
    def workspace_path(self) -> str | None:
        """The session form's ``workspace_path``; ``None`` until one is confirmed."""
        return None if self.session is None else self.session.workspace_path

    @property
    def conversation(self) -> Conversation:
        """The conversation area, on the app's default screen whichever screen is on top.

        Raises:
            RuntimeError: The app has not been composed yet.
        """
        if self._conversation is None:
            raise RuntimeError("the conversation exists once the app is composed (mounted)")
        return self._conversation

    @property
    def offscreen(self) -> OffscreenTurns:
        """What keeps the conversation's far items out of layout (the conversation's)."""
        return self.conversation.offscreen

    @property
    def composer(self) -> Composer:
        """The input and its popups.

        Raises:
            RuntimeError: The app has not been composed yet.
        """
        if self._composer is None:
            raise RuntimeError("the composer exists once the app is composed (mounted)")
        return self._composer

    @property
    def busy(self) -> bool:
        """Whether a turn is in progress: from sending a prompt until its ``TurnEnded``."""
        return self.outstanding > 0

    async def on_event(self, event: events.Event) -> None:
        """Every event: a key or a paste is noted for the stream's pacing, then handled."""
        if isinstance(event, events.Key | events.Paste):
            self.pacing.key_handled(event.time)
        await super().on_event(event)

    def input_changed(self) -> None:
        """The input's text changed: the frame after it is the last key's echo (``pacing``)."""
        self.pacing.input_changed(self.call_after_refresh)

    def _receive(self, event: object) -> None:
        """The port's ``on_event``: queue the event, post one message per burst, never block."""
        self.inbox.append(event)
        if len(self.inbox) == 1:
            self.post_message(self.EventsReceived())

    # sending and cancelling

    async def on_prompt_input_submitted(self, message: PromptInput.Submitted) -> None:
        """Send the prompt and show it with its time (``crs-enter-sends``).

        Wherever the user had scrolled to (Page Up, the wheel, Home), the view goes back to
        the end and follows again: what they send, and the reply to it, come into view.
        """
        sent_at = self.clock()
        command = self.sent_command(message.text)
        input_type = "text" if command is None else "slash_command"
        prompt_text, references = self.prompt_of(message.nodes or (message.text,))
        self.port.send(PromptRequest(prompt_text, input_type, tuple(references)))
        self.outstanding += 1
        await self.date_boundary(sent_at)
        if command is not None:
            self.composer.command_sent(command)
        bubble = self.user_message(prompt_text, references) if command is None else None
        await self.append_items(
            bubble or self.command_bubble(message.text),
            TimeStamp(sent_at, self.stamp_text(sent_at), classes="-user"),
        )
        self._command_sent = command is not None
        self.follow_end()

    def follow_end(self) -> None:
        """Scroll the conversation to its end and keep it there as content arrives (a seam)."""
        self.conversation.anchor()

    def sent_command(self, text: str) -> str | None:
        """The published command a sent ``text`` runs, ``None`` for an ordinary prompt.

        (``crs-command-bubble-for-slash-input-type``, ``crs-text-bubble-for-other-input-types``.)
        """
        return command_of(text, self.commands)

    @on(Composer.SearchRequested)
    def send_search(self, message: Composer.SearchRequested) -> None:
        """The file popup asks for a search: send it (``crs-at-search-request``)."""
        self.port.send(message.frame)

    def action_cancel_turn(self) -> None:
        """Send ``control.prompt.cancel`` while a turn is in progress; otherwise do nothing.

        Before the agent's ``TurnStarted`` the cancel carries no turn id. While an interaction
        UI is shown, Escape closes it instead (``crs-escape-closes-interaction``).
        """
        if self.interaction is not None:
            self.interaction.action_escape()
        elif self.busy:
            running = list(self.turns)
            self.port.send(PromptCancel(running[-1] if running else None))

    # agent events

    async def on_crs_app_events_received(self, message: EventsReceived) -> None:
        """Handle the waiting events in order, each by its RAWP type name; ignore unknown types.

        Consecutive text (or thinking) deltas of one turn are handled as one, so a burst of
        small deltas costs one markdown update, not one per delta.
        """
        while self.inbox:
            event = self.next_event()
            handler = self.handlers.get(type_name(event) or "")
            if handler is not None:
                await handler(event)

    def next_event(self) -> object:
        """Pop the next event, merged with the deltas of the same kind and turn after it."""
        event = self.inbox.popleft()
        kind = type_name(event)
        if kind not in (TextDelta.type, Thinking.type):
            return event
        turn_id, pieces = str(getattr(event, "turn_id", "")), [str(getattr(event, "text", ""))]
        while (
            self.inbox
            and type_name(self.inbox[0]) == kind
            and getattr(self.inbox[0], "turn_id", None) == turn_id
        ):
            pieces.append(str(getattr(self.inbox.popleft(), "text", "")))
        if len(pieces) == 1:
            return event
        merged = "".join(pieces)
        return TextDelta(turn_id, merged) if kind == TextDelta.type else Thinking(turn_id, merged)

    async def handle_turn_started(self, event: TurnStarted) -> None:
        """Handle ``session.turn.start``: the turn's view begins (a seam for variants)."""
        self.turn_for(event.turn_id)

    def turn_for(self, turn_id: str) -> TurnView | None:
        """The view of turn ``turn_id``, started implicitly; ``None`` once it ended."""
        if turn_id in self.ended:
            return None
        turn = self.turns.setdefault(turn_id, TurnView(turn_id))
        self.offscreen.in_turn = True
        return turn

    async def handle_turn_ended(self, event: TurnEnded) -> None:
        """Handle ``session.turn.end``: finish its text, stamp its end (``crs-timestamp-turn-end``).

        A seam for variants. The receive time is the stamp's time (design §9, decision 3); a
        second end of the same turn is ignored.
        """
        if event.turn_id in self.ended:
            return
        received = self.clock()  # the receive time (design §9, decision 3)
        turn = self.turns.pop(event.turn_id, None)
        for block in turn.texts if turn else ():
            await block.finish()
        self.ended.add(event.turn_id)
        self.outstanding = max(0, self.outstanding - 1)
        self.offscreen.in_turn = self.busy or bool(self.turns)
        await self.append_items(TimeStamp(received, self.stamp_text(received), classes="-agent"))
        self.turn_finished()

    def turn_finished(self) -> None:
        """A turn ended and its end is drawn (a seam: the demo program collects garbage then).

        Nothing is done here; ``reference_crs.demo.heap`` is the demo's use of it.
        """

    async def handle_text_delta(self, event: TextDelta) -> None:
        """Handle ``agent.text.delta``: append to the turn's text block (a seam for variants)."""
        turn = self.turn_for(event.turn_id)
        if turn is None:
            return
        if turn.text is None:
            turn.text, turn.thinking = self.agent_text(), None
            turn.texts.append(turn.text)
            await self.append_items(turn.text)
        await turn.text.write(event.text)

    async def handle_thinking(self, event: Thinking) -> None:
        """Handle ``agent.thinking.delta``: append to the turn's thinking block (a seam)."""
        turn = self.turn_for(event.turn_id)
        if turn is None:
            return
        if turn.thinking is None:
            turn.thinking, turn.text = ThinkingBlock(), None
            await self.append_items(turn.thinking)
        turn.thinking.append(event.text)

    async def handle_tool_call(self, event: ToolCall) -> None:
        """Handle ``tool.invoke.start``: a tool block of its own in the turn (a seam)."""
        turn = self.turn_for(event.turn_id)
        if turn is None:
            return
        block = turn.tools[event.call_id] = ToolBlock(event.name, event.arguments)
        turn.text = turn.thinking = None
        await self.append_items(block)

    async def handle_tool_result(self, event: ToolResult) -> None:
        """Handle ``tool.invoke.result``: show the output in its call's block (a seam for variants).

        A result whose call was never seen gets a block of its own (nothing is dropped).
        """
        turn = self.turn_for(event.turn_id)
        if turn is None:
            return
        block = turn.tools.get(event.call_id)
        if block is None:  # a result without its call: a block of its own
            block = turn.tools[event.call_id] = ToolBlock("result", {})
            await self.append_items(block)
        turn.text = turn.thinking = None
        await block.show_result(event.output_type, event.output)

    async def handle_system_notice(self, event: SystemNotice) -> None:
        """Handle ``session.system.notice``: a centred, muted notice with its time (a seam).

        (``crs-system-centred``, ``crs-system-muted``, ``crs-timestamp-system``.)
        """
        moment = self.clock()
        await self.date_boundary(moment)
        await self.append_items(self.system_notice(event.text, self.stamp_text(moment)))

    async def handle_file_candidates(self, event: FileCandidates) -> None:
        """Handle ``session.file.candidates``: hand the answer to the composer's popup."""
        self.composer.answer_search(event)

    async def handle_commands_published(self, event: CommandsPublished) -> None:
        """Cache the published commands and hand them to the composer (``crs-commands-*``).

        A seam: a variant caching otherwise overrides it.
        """
        self.commands = tuple(event.commands)
        self.composer.set_commands(self.commands)

    # layout

    async def date_boundary(self, moment: datetime) -> None:
        """Insert a date separator before a turn or notice on a new local date."""
        day = moment.astimezone().date()
        if self.last_day is not None and day != self.last_day:
            await self.append_items(DateSeparator(day))
        self.last_day = day

    async def append_items(self, *widgets: Widget) -> None:
        """Mount ``widgets`` at the end of the conversation, in order (a seam for variants).

        Every item of a live conversation goes through here: a sent prompt (its bubble and time
        stamp: a turn starts there), agent blocks, time stamps, notices, date separators. The
        first agent block after a sent command joins it (004 §3.3 ¶10).
        """
        self.offscreen.in_turn = self.busy or bool(self.turns)  # its items stay drawn
        if self._command_sent and isinstance(widgets[0], AgentText | ThinkingBlock | ToolBlock):
            widgets[0].add_class("-command-result")  # the response joins its command (§3.3 ¶10)
            self._command_sent = False
        if isinstance(widgets[-1], TimeStamp) and widgets[-1].has_class("-user"):
            self.offscreen.mark_turn_start(widgets[0])  # a sent prompt: a turn starts here
        await self.conversation.mount_all(widgets)
        self.offscreen.schedule()
