"""The alternative RAWP-CRS client: a conversation screen fed by the port's events.

Unlike the reference client, it handles each event as the port delivers it, on the app's
loop (the port guarantees that), by updating plain state and mounting widgets without
awaiting them; Textual draws the result at its next refresh. Events are dispatched by their
RAWP type name; any other type is ignored (``crs-ignore-unknown-events``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events
from textual.actions import SkipAction
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from examples.crs_alt import when, wire
from examples.crs_alt.asking import ASKED, Question, QuestionCard
from examples.crs_alt.browser import SessionScreen
from examples.crs_alt.command_bubble import CommandRow, split_command
from examples.crs_alt.command_menu import entries_of
from examples.crs_alt.file_input import FileComposer
from examples.crs_alt.older import OlderTurns
from examples.crs_alt.ref_tokens import typed_form
from examples.crs_alt.slash_input import SlashComposer
from examples.crs_alt.widgets import (
    AgentProse,
    Composer,
    DaySeparator,
    NoticeRow,
    Stamp,
    ThoughtBlock,
    ToolGroup,
    ToolHeader,
    ToolOutput,
    UserRow,
)

if TYPE_CHECKING:  # the port is used for typing only
    from rawp_port import AgentPort, ClientSettings, Clock, ControlPlane


@dataclass
class Turn:
    """What this client has drawn of one turn of the agent.

    Attributes:
        turn_id: The agent's id of the turn.
        prose: The text block deltas go to; ``None`` after another kind of block.
        thought: The thinking block deltas go to; ``None`` after another kind of block.
        tools: Tool groups by call id.
    """

    turn_id: str
    prose: AgentProse | None = None
    thought: ThoughtBlock | None = None
    tools: dict[str, ToolGroup] = field(default_factory=dict)


class ChatScreen(Screen[None]):
    """The conversation above the input; Escape cancels a running turn (002 §2.5.2)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("tab", "tab_on", show=False, priority=True)]
    """Tab moves the focus as soon as the key is read, before the keys read after it are
    handed out: letters typed after Tab in one burst go where the focus now is, and
    typing there brings them, and the focus, to the input (002 §2.5.5)."""

    def __init__(self, client: AltCrsApp) -> None:
        """Create the screen of ``client``."""
        super().__init__()
        self.client = client

    def compose(self) -> ComposeResult:
        """The conversation, the input and a hint line."""
        composer = self.client.composer_type(
            self.client.send_prompt, lambda: self.client.conversation, id=AltCrsApp.INPUT_ID
        )
        yield VerticalScroll(id=AltCrsApp.CONVERSATION_ID)
        yield composer.menu  # right above the input, in the layout (004 §3.2)
        yield composer.files  # in the same place; never open with the menu (004 §3.4.7)
        yield composer
        yield Static(
            "Enter send · Shift+Enter / Ctrl+J new line · Esc cancel · Ctrl+Q quit",
            id="hints",
            markup=False,
        )

    def action_tab_on(self) -> None:
        """Move the focus on, unless an open popup of the input takes Tab (004 §3.2)."""
        composer = self.query_one(Composer)
        if composer.has_focus and getattr(composer, "popup_open", lambda: False)():
            raise SkipAction()
        self.focus_next()

    def on_mount(self) -> None:
        """Anchor the conversation to its end, focus the input, connect to the agent."""
        self.query_one(f"#{AltCrsApp.CONVERSATION_ID}").anchor()
        self.query_one(Composer).focus()
        self.client.port.connect(self.client.receive)
        self.client.older.start()

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        """The wheel turned up at the conversation's top asks for older turns (§2.6.2)."""
        self.client.older.wheel_up()

    def on_key(self, event: events.Key) -> None:
        """Escape closes a question card, else cancels a turn in progress, else does nothing.

        A printable key typed while the input has no focus (and no card is shown) goes into it.
        """
        card = self.client.card
        if event.key == "escape":
            event.stop()
            if card is not None:
                card.escape()
            else:
                self.client.cancel_turn()
        elif event.is_printable and event.character and card is None:
            composer = self.query_one(Composer)
            if not composer.has_focus:
                event.stop()
                composer.focus()
                composer.insert(event.character)


class AltCrsApp(App[None]):
    """A RAWP-CRS client built differently from the reference (``examples/crs_alt``)."""

    CSS_PATH = Path(__file__).with_name("app.tcss")
    TITLE = "RAWP-CRS (alt)"
    CONVERSATION_ID = "chat"
    """Widget id of the conversation area."""
    INPUT_ID = "composer"
    """Widget id of the input."""
    composer_type: type[FileComposer] = FileComposer
    """The input's class (a seam: tests/candidates/crs_alt_variants.py swaps it)."""

    def __init__(
        self, port: AgentPort, control: ControlPlane, clock: Clock, settings: ClientSettings
    ) -> None:
        """Create the client.

        Args:
            port: The session's data plane; frames sent through it are this module's own.
            control: The control plane (unused by the conversation core).
            clock: The only source of time: aware datetimes.
            settings: The client's settings.
        """
        super().__init__()
        self.port = port
        self.control = control
        self.clock = clock
        self.settings = settings
        self.waiting = 0
        """Prompts sent whose turn the agent has not started yet."""
        self.workspace_path: str | None = None
        """The working directory chosen at session creation (004 §7.6); ``None`` before."""
        self.running: dict[str, Turn] = {}
        """Turns started and not ended, oldest first."""
        self.finished: set[str] = set()
        """Ids of ended turns: their late events are dropped."""
        self.last_day: date | None = None
        """Local date of the last user message or notice (for the date separator)."""
        self.older = OlderTurns(self)
        """The stored conversation's older turns, loaded as the user scrolls up (§2.6)."""
        self.handlers: dict[str, Callable[[Any], None]] = {
            wire.TURN_START: self._turn_start,
            wire.TURN_END: self._turn_end,
            wire.TEXT_DELTA: self._text_delta,
            wire.THINKING_DELTA: self._thinking,
            wire.TOOL_START: self._tool_start,
            wire.TOOL_RESULT: self._tool_result,
            wire.SYSTEM_NOTICE: self._notice,
            wire.COMMANDS: self._commands,
            ASKED: self._asked,
            wire.FILE_CANDIDATES: self._file_candidates,
        }
        self.questions: list[Question] = []
        """Questions not shown yet; the first is shown when the card before it is answered."""
        self.card: QuestionCard | None = None
        """The question card shown now, if any."""

    def start_session(self, node_id: str, agent_id: str) -> None:
        """Open the session form for a node and an agent (004 §7.1, the browser's entry)."""
        self.push_screen(SessionScreen(self.control, node_id, agent_id))

    def get_default_screen(self) -> Screen[None]:
        """The chat screen is the app's only screen."""
        return ChatScreen(self)

    @property
    def conversation(self) -> VerticalScroll:
        """The conversation area."""
        return self.screen.query_one(f"#{self.CONVERSATION_ID}", VerticalScroll)

    @property
    def in_progress(self) -> bool:
        """Whether a turn is in progress: from sending its prompt until its ``TurnEnded``."""
        return bool(self.waiting or self.running)

    # the user's side

    # The frames sent are this client's own copies (``wire``), not the port's classes: the
    # agent matches them by type name and fields, so the port's type hint does not apply.

    def send_prompt(self, text: str, file_references: Sequence[object] = ()) -> None:
        """Send ``text`` as a prompt and show it, its send time above it (``crs-enter-sends``).

        ``text`` is the ``prompt_text`` as sent: typed text escaped, tokens in the token
        format, one entry of ``file_references`` per token (004 §3.4.6). A text that starts
        with ``/`` and a published command's name is sent with ``input_type:
        "slash_command"`` and shown as a command bubble (004 §3.3).
        """
        sent_at = self.clock()
        menu = self.screen.query_one(SlashComposer).menu
        name, _ = split_command(text)
        command = text.startswith("/") and any(e.typed == name for e in menu.entries)
        kind = "slash_command" if command else "text"
        frame = wire.PromptRequest(text, kind, tuple(file_references))
        self.port.send(frame)  # type: ignore[arg-type]
        self.waiting += 1
        self._new_day(sent_at)
        if command:
            menu.used(name)
        row = (
            CommandRow(typed_form(text, file_references))
            if command
            else UserRow(text, file_references)
        )
        self._add(Stamp(when.stamp(sent_at, sent_at), "user"), row)
        self.conversation.anchor()  # read back with Page Up or not, what is sent comes into view

    def cancel_turn(self) -> None:
        """Send ``control.prompt.cancel`` while a turn is in progress (``crs-escape-*``)."""
        if self.running:
            self.port.send(wire.PromptCancel(next(reversed(self.running))))  # type: ignore[arg-type]
        elif self.waiting:
            self.port.send(wire.PromptCancel(None))  # type: ignore[arg-type]

    # the agent's side

    def receive(self, event: object) -> None:
        """The port's ``on_event``: handle ``event`` now, by its type name; never block."""
        handler = self.handlers.get(wire.kind_of(event))
        if handler is not None:
            handler(event)

    def _turn(self, event: object) -> Turn | None:
        """The running turn ``event`` belongs to, started implicitly; ``None`` once ended."""
        turn_id = wire.text_field(event, "turn_id")
        if turn_id in self.finished:
            return None
        if turn_id not in self.running:
            self.waiting = max(0, self.waiting - 1)
            self.running[turn_id] = Turn(turn_id)
        return self.running[turn_id]

    def _turn_start(self, event: object) -> None:
        self._turn(event)

    def _turn_end(self, event: object) -> None:
        turn_id = wire.text_field(event, "turn_id")
        if turn_id in self.finished:
            return
        received = self.clock()  # the receive time (design §9, decision 3)
        if self.running.pop(turn_id, None) is None:
            self.waiting = max(0, self.waiting - 1)
        self.finished.add(turn_id)
        self._add(Stamp(when.stamp(received, received), "agent"))

    def _text_delta(self, event: object) -> None:
        turn = self._turn(event)
        if turn is None:
            return
        if turn.prose is None:
            turn.prose, turn.thought = AgentProse(), None
            self._add(turn.prose)
        turn.prose.add(wire.text_field(event, "text"))

    def _thinking(self, event: object) -> None:
        turn = self._turn(event)
        if turn is None:
            return
        if turn.thought is None:
            turn.thought, turn.prose = ThoughtBlock(), None
            self._add(turn.thought)
        turn.thought.add(wire.text_field(event, "text"))

    def _tool_start(self, event: object) -> None:
        turn = self._turn(event)
        if turn is None:
            return
        arguments = wire.mapping_field(event, "arguments")
        group = ToolGroup(ToolHeader(wire.text_field(event, "name"), arguments))
        turn.tools[wire.text_field(event, "call_id")] = group
        turn.prose = turn.thought = None
        self._add(group)

    def _tool_result(self, event: object) -> None:
        turn = self._turn(event)
        if turn is None:
            return
        output = ToolOutput(wire.text_field(event, "output_type"), wire.text_field(event, "output"))
        group = turn.tools.get(wire.text_field(event, "call_id"))
        turn.prose = turn.thought = None
        if group is None:  # a result without its call: a group of its own
            self._add(ToolGroup(output))
        else:
            group.show(output)

    def _commands(self, event: object) -> None:
        """Cache the published commands, replacing the earlier list (``crs-commands-*``)."""
        commands = getattr(event, "commands", None) or ()
        self.screen.query_one(SlashComposer).menu.publish(entries_of(commands))

    def _file_candidates(self, event: object) -> None:
        """Hand a file search's answer to the input's popup (004 §3.4.3)."""
        self.screen.query_one(FileComposer).file_candidates(event)

    def _notice(self, event: object) -> None:
        moment = self.clock()
        self._new_day(moment)
        self._add(
            NoticeRow(wire.text_field(event, "text")), Stamp(when.stamp(moment, moment), "system")
        )

    def _asked(self, event: object) -> None:
        """Queue the question; show it unless a card is shown.

        A question of an ended turn is dropped, as that turn's other late events are.
        """
        question = Question.of(event)
        if question.turn_id is not None and question.turn_id in self.finished:
            return
        self.questions.append(question)
        if self.card is None:
            self._next_question()

    def _next_question(self) -> None:
        if self.questions:
            self.card = QuestionCard(self.questions.pop(0), self._answered)
            self.screen.mount(self.card, before=self.screen.query_one(Composer))

    def _answered(self, answer: object) -> None:
        """Send the card's answer, drop the card, give the input the focus, ask the next."""
        self.port.send(answer)  # type: ignore[arg-type]
        if self.card is not None:
            self.card.remove()
        self.card = None
        self.screen.query_one(Composer).focus()
        self._next_question()

    # layout

    def _new_day(self, moment: datetime) -> None:
        """Put a date separator before a turn or notice on another local date."""
        day = when.local_day(moment)
        if self.last_day is not None and day != self.last_day:
            self._add(DaySeparator(when.separator(day), markup=False))
        self.last_day = day

    def _add(self, *widgets: Widget) -> None:
        """Mount ``widgets`` at the end of the conversation (not awaited: order is kept)."""
        self.conversation.mount_all(widgets)
