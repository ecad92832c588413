"""A third RAWP-CRS client, written from seeds 002 and 004 alone.

The conversation is a ``VerticalScroll`` of rows, one widget per item; the app keeps the
items in a list of :class:`Item` (actor, kind, widget) in display order. Agent events
arrive through the port as messages (:class:`AgentEvent`) and are dispatched on their RAWP
type name, so an event type the client does not know is dropped silently (004 §1.4).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from itertools import count
from typing import Any, ClassVar, Literal

from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from examples.crs_third.composer import Composer
from examples.crs_third.marks import render_markdown
from examples.crs_third.popup import CommandPopup
from rawp_port import (
    AgentPort,
    ClientSettings,
    Clock,
    Command,
    ControlPlane,
    PromptCancel,
    PromptRequest,
)

Actor = Literal["user", "agent", "system"]
"""Who an item belongs to (002 §2.1)."""

KNOWN_OUTPUT_TYPES = ("text", "markdown", "code", "diff", "json", "terminal")
"""Output types drawn as text; any other value is drawn verbatim too (004 §1.4 ¶3)."""

STOP_NOTICE = "응답이 중지되었습니다"
"""The system notice shown when the user cancels a turn with Escape (002 §2.5.2)."""

_SLASH_TRIGGER = re.compile(r"(?:^|(?<=\s))/(?P<query>\S*)$")
"""A ``/`` at the start of a line or right after whitespace, up to the cursor (§3.2)."""


@dataclass
class Item:
    """One item of the conversation, in display order."""

    actor: Actor
    kind: str
    widget: Widget


@dataclass
class Stamp:
    """A drawn time: the widget showing it and how to redraw it when the day changes."""

    widget: Static
    moment: datetime
    prefix: str = ""


@dataclass
class AgentEvent(Message):
    """An event from the port, handled by :meth:`ThirdClient.on_agent_event`."""

    event: Any


@dataclass
class TurnState:
    """The agent's turn as the client sees it (002 §2.5.2)."""

    busy: bool = False
    turn_id: str | None = None
    cancelled: set[str] = field(default_factory=set)
    cancel_next_start: bool = False
    open_block: Item | None = None
    open_source: str = ""


class ThirdClient(App[None]):
    """The client: a conversation above a composer, a command popup on an overlay layer."""

    CSS_PATH = "third.tcss"
    BINDINGS: ClassVar[list[Binding]] = [  # type: ignore[assignment]  # Textual's own type
        Binding("escape", "escape", "Cancel", show=False, priority=True),
    ]

    def __init__(
        self, port: AgentPort, control: ControlPlane, clock: Clock, settings: ClientSettings
    ) -> None:
        """Wire the client to its agent ``port``; read time only from ``clock``."""
        super().__init__()
        self.port = port
        self.control = control
        self.clock = clock
        self.settings = settings
        self.entries: list[Item] = []
        self.stamps: list[Stamp] = []
        self.last_day: date | None = None
        self.turn = TurnState()
        self.commands: list[Command] = []
        self.usage: Counter[str] = Counter()
        self.dismissed: tuple[int, int] | None = None
        self.popup_anchor: tuple[int, int] | None = None
        self._tool_calls: dict[str, Item] = {}
        self._ids = count(1)

    def compose(self) -> ComposeResult:
        """The conversation, the composer row and the (hidden) command popup."""
        yield VerticalScroll(id="conversation")
        with Horizontal(id="composer-row"):
            yield Composer(self, id="composer")
            yield Static("", id="param-hint")
        yield CommandPopup(id="command-popup")

    def on_mount(self) -> None:
        """Focus the composer and start listening to the agent."""
        self.query_one(Composer).focus()
        self.conversation.anchor()
        self.port.connect(self._receive)

    def _receive(self, event: Any) -> None:
        """The port's callback: queue the event as a message, never block (rawp_port)."""
        self.post_message(AgentEvent(event))

    @property
    def conversation(self) -> VerticalScroll:
        """The scrolling conversation area."""
        return self.query_one("#conversation", VerticalScroll)

    @property
    def composer(self) -> Composer:
        """The input field."""
        return self.query_one(Composer)

    @property
    def popup(self) -> CommandPopup:
        """The slash-command popup."""
        return self.query_one(CommandPopup)

    # -- time (002 §2.4) ---------------------------------------------------------------

    def now(self) -> datetime:
        """The clock's reading in the local zone."""
        return self.clock().astimezone()

    def time_label(self, moment: datetime) -> str:
        """``14:32`` today, ``3/10 14:32`` on an earlier day (002 §2.4 time format)."""
        local = moment.astimezone()
        if local.date() == self.now().date():
            return f"{local:%H:%M}"
        return f"{local.month}/{local.day} {local:%H:%M}"

    def _day_boundary(self, moment: datetime) -> None:
        """Insert a date separator where the local date changes (002 §2.4 SHOULD)."""
        day = moment.astimezone().date()
        if self.last_day is not None and day != self.last_day:
            label = f"── {day.year}년 {day.month}월 {day.day}일 ──"
            self._add(Item("system", "date_separator", Static(label, classes="date-separator")))
        self.last_day = day

    def _stamp(self, actor: Actor, moment: datetime) -> None:
        """Add a timestamp item under the last item and redraw every stamp's label."""
        widget = Static(self.time_label(moment), classes=f"timestamp {actor}-stamp")
        self.stamps.append(Stamp(widget, moment))
        self._add(Item(actor, "timestamp", widget))
        self._relabel()

    def _relabel(self) -> None:
        """Redraw every time, so earlier ones gain their date once the day has changed."""
        for stamp in self.stamps:
            stamp.widget.update(stamp.prefix + self.time_label(stamp.moment))

    # -- items ---------------------------------------------------------------------------

    def _add(self, item: Item, after: Item | None = None) -> None:
        """Mount ``item`` at the end, or right after ``after``; keep the list in order."""
        holder = self._row(item)
        if after is None:
            self.entries.append(item)
            self.conversation.mount(holder)
        else:
            index = self.entries.index(after) + 1
            while index < len(self.entries) and self.entries[index].kind == "tool_result":
                index += 1
            anchor = self._holder_of(self.entries[index - 1])
            self.entries.insert(index, item)
            self.conversation.mount(holder, after=anchor)
        self.conversation.scroll_end(animate=False)

    @staticmethod
    def _row(item: Item) -> Widget:
        """The widget mounted in the conversation for ``item`` (a row for bubbles)."""
        if item.actor == "user" and item.kind in ("text", "command"):
            return Horizontal(item.widget, classes="user-row")
        return item.widget

    def _holder_of(self, item: Item) -> Widget:
        """The conversation's child that holds ``item``."""
        widget = item.widget
        while widget.parent is not None and widget.parent is not self.conversation:
            parent = widget.parent
            assert isinstance(parent, Widget)
            widget = parent
        return widget

    def system_notice(self, text: str) -> None:
        """A centred, muted notice with its time in it (002 §2.2, §2.4)."""
        moment = self.clock()
        self._day_boundary(moment)
        widget = Static(classes="system-notice")
        stamp = Stamp(widget, moment, prefix=f"{text} · ")
        self.stamps.append(stamp)
        self._add(Item("system", "system", widget))
        self._relabel()

    # -- sending (002 §2.5.1, 004 §3.1, §3.3) ----------------------------------------------

    def on_composer_send(self, message: Composer.Send) -> None:
        """Draw the bubble, stamp it, and send the prompt."""
        self.close_popup()
        text = message.text
        moment = self.clock()
        self._day_boundary(moment)
        command = self._command_of(text)
        if command is not None:
            self.usage[command] += 1
            self._add(Item("user", "command", Static(self._command_text(text), classes="cmd")))
        else:
            self._add(Item("user", "text", Static(render_markdown(text), classes="bubble")))
        self._stamp("user", moment)
        self.turn.busy = True
        self.turn.turn_id = None
        self.turn.open_block = None
        input_type = "slash_command" if command is not None else "text"
        self.port.send(PromptRequest(prompt_text=escape_text(text), input_type=input_type))

    def _command_of(self, text: str) -> str | None:
        """The published command ``text`` invokes (``/name`` first), or ``None``."""
        match = re.match(r"/(\S+)", text)
        if match is None:
            return None
        names = {command.name for command in self.commands}
        return match.group(1) if match.group(1) in names else None

    @staticmethod
    def _command_text(text: str) -> Text:
        """``compact focus on auth``: the name bold in the accent colour (004 §3.3)."""
        body = text[1:]
        name, _, rest = body.partition(" ")
        out = Text()
        out.append(name, Style(bold=True, color="bright_yellow"))
        if rest or body.endswith(" "):
            out.append(" " + rest)
        return out

    # -- agent events ----------------------------------------------------------------------

    def on_agent_event(self, message: AgentEvent) -> None:
        """Dispatch on the RAWP type name; unknown types are ignored (004 §1.4)."""
        event = message.event
        handler = self._HANDLERS.get(str(getattr(event, "type", "")))
        if handler is None:
            return
        turn_id = getattr(event, "turn_id", None)
        if turn_id is not None and turn_id in self.turn.cancelled:
            return
        handler(self, event)

    def _turn_started(self, event: Any) -> None:
        if self.turn.cancel_next_start:
            self.turn.cancel_next_start = False
            self.turn.cancelled.add(event.turn_id)
            return
        self.turn.busy = True
        self.turn.turn_id = event.turn_id

    def _turn_ended(self, event: Any) -> None:
        self.turn.busy = False
        self.turn.turn_id = None
        self.turn.open_block = None
        moment = self.clock()
        self._day_boundary(moment)
        self._stamp("agent", moment)

    def _text(self, event: Any) -> None:
        self._stream("text", event.text)

    def _thinking(self, event: Any) -> None:
        self._stream("thinking", event.text)

    def _stream(self, kind: str, piece: str) -> None:
        """Append a delta to the open block of ``kind``, or open a new one."""
        self.turn.busy = True
        block = self.turn.open_block
        if block is None or block.kind != kind:
            widget = Static(classes=f"agent-{kind}")
            block = Item("agent", kind, widget)
            self.turn.open_block = block
            self.turn.open_source = ""
            self._add(block)
        self.turn.open_source += piece
        assert isinstance(block.widget, Static)
        if kind == "thinking":
            block.widget.update(Text(self.turn.open_source, Style(italic=True, dim=True)))
        else:
            block.widget.update(render_markdown(self.turn.open_source))
        self.conversation.scroll_end(animate=False)

    def _tool_call(self, event: Any) -> None:
        self.turn.busy = True
        self.turn.open_block = None
        args = ", ".join(f"{key}={value!r}" for key, value in dict(event.arguments).items())
        label = Text("⚙ ")
        label.append(str(event.name), Style(bold=True))
        label.append(f"({args})")
        item = Item("agent", "tool_call", Static(label, classes="agent-tool-call"))
        self._tool_calls[str(event.call_id)] = item
        self._add(item)

    def _tool_result(self, event: Any) -> None:
        """A verbatim monospace block right below its call (004 §1.4 ¶3)."""
        self.turn.open_block = None
        widget = Static(Text(str(event.output)), classes="agent-tool-result")
        item = Item("agent", "tool_result", widget)
        self._add(item, after=self._tool_calls.get(str(event.call_id)))

    def _commands(self, event: Any) -> None:
        """Replace the cached command list; refresh an open popup (004 §3.2)."""
        self.commands = list(event.commands)
        if self.popup.display:
            self._filter(keep=self.popup.highlighted_name())

    def _notice(self, event: Any) -> None:
        self.system_notice(str(event.text))

    _HANDLERS: ClassVar[dict[str, Any]] = {
        "session.turn.start": _turn_started,
        "session.turn.end": _turn_ended,
        "agent.text.delta": _text,
        "agent.thinking.delta": _thinking,
        "tool.invoke.start": _tool_call,
        "tool.invoke.result": _tool_result,
        "agent.commands.publish": _commands,
        "session.system.notice": _notice,
    }

    # -- Escape (002 §2.5.2, 004 §3.2) -------------------------------------------------

    def action_escape(self) -> None:
        """Close the popup if open; else cancel a running turn; else nothing."""
        if self.popup.display:
            self.close_popup(dismiss=True)
            return
        if not self.turn.busy:
            return
        turn_id = self.turn.turn_id
        if turn_id is None:
            self.turn.cancel_next_start = True
        else:
            self.turn.cancelled.add(turn_id)
        self.turn.busy = False
        self.turn.turn_id = None
        self.turn.open_block = None
        self.port.send(PromptCancel(turn_id=turn_id))
        self.system_notice(STOP_NOTICE)

    # -- the slash popup (004 §3.2) --------------------------------------------------------

    def popup_key(self, key: str) -> bool:
        """Handle a composer key while the popup is open; ``True`` when consumed."""
        if not self.popup.display:
            return False
        if key in ("up", "down"):
            self.popup.move(-1 if key == "up" else 1)
            return True
        if key in ("enter", "tab"):
            chosen = self.popup.current()
            if chosen is not None:
                self.choose(chosen)
            return True
        return False

    def input_edited(self) -> None:
        """Open, refilter or close the popup from the text before the cursor."""
        found = self._slash_query()
        if found is None:
            self.dismissed = None
            self.close_popup()
            return
        anchor, _query = found
        if anchor == self.dismissed:
            return
        if self.dismissed is not None:
            self.dismissed = None
        self.popup_anchor = anchor
        self._filter(keep=None)

    def on_text_area_changed(self, message: Composer.Changed) -> None:
        """Edits made by bindings (Backspace, Delete) re-check the trigger too."""
        self.input_edited()

    def _slash_query(self) -> tuple[tuple[int, int], str] | None:
        """The ``/`` trigger before the cursor: its position and the query after it."""
        row, column = self.composer.cursor_location
        line = self.composer.document.get_line(row)[:column]
        match = _SLASH_TRIGGER.search(line)
        if match is None:
            return None
        return (row, match.start()), match["query"]

    def _filter(self, keep: str | None) -> None:
        """Show the commands whose name starts with the query, sorted (§3.2 SHOULD)."""
        found = self._slash_query()
        query = found[1] if found is not None else ""
        matching = [command for command in self.commands if command.name.startswith(query)]
        matching.sort(key=lambda c: (-self.usage[c.name], c.category or "", c.name))
        self.popup.show_commands(matching, keep)

    def choose(self, command: Command) -> None:
        """Replace the input with ``/{name} `` and close the popup (§3.2 after selection)."""
        self.close_popup()
        self.composer.load_text(f"/{command.name} ")
        self.composer.move_cursor(self.composer.document.end)
        self.dismissed = None
        required = [p.hint or p.name for p in command.parameters if p.required]
        self.query_one("#param-hint", Static).update(" ".join(f"<{h}>" for h in required))
        self._hint_for = f"/{command.name} "

    def on_command_popup_chosen(self, message: CommandPopup.Chosen) -> None:
        """A row was clicked."""
        self.choose(message.command)
        self.composer.focus()

    def close_popup(self, dismiss: bool = False) -> None:
        """Hide the popup; ``dismiss`` keeps it closed for this trigger (Esc)."""
        if dismiss:
            self.dismissed = self.popup_anchor
        if self.popup.display:
            self.popup.close()

    def on_text_area_selection_changed(self, message: Composer.SelectionChanged) -> None:
        """Hide the parameter hint once the input differs from the chosen command."""
        hint = self.query_one("#param-hint", Static)
        if self.composer.text != getattr(self, "_hint_for", None):
            hint.update("")

    # -- focus (002 §2.5.5) ----------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        """Typing while the focus is elsewhere moves it to the composer with the key."""
        composer = self.composer
        if self.focused is composer or not event.is_printable or event.character is None:
            return
        composer.focus()
        composer.insert(event.character)
        event.stop()


def escape_text(text: str) -> str:
    r"""Escape typed text for ``prompt_text`` (004 §3.4.6, DPS §16.2.2): ``\\``, ``<@``."""
    return text.replace("\\", "\\\\").replace("<@", "\\<@")


def items_of(app: ThirdClient) -> Sequence[Item]:
    """The conversation's items, in display order."""
    return list(app.entries)
