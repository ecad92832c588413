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
from contextlib import suppress
from dataclasses import dataclass, field
from datetime import date, datetime
from itertools import count
from typing import Any, ClassVar, Literal

from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, LoadingIndicator, Static

from examples.crs_third.asking import AskPanel
from examples.crs_third.browser import FileBrowser
from examples.crs_third.composer import Composer, Token, Unit
from examples.crs_third.history import LoadOlder, decode_prompt
from examples.crs_third.marks import render_markdown, visible
from examples.crs_third.popup import CommandPopup, FilePopup, PickList, command_prompt
from rawp_port import (
    AgentPort,
    ClientSettings,
    Clock,
    Command,
    ControlPlane,
    FileCandidate,
    FileReference,
    FileSearch,
    HistoryPage,
    InteractionAnswer,
    PromptCancel,
    PromptRequest,
)

Actor = Literal["user", "agent", "system"]
"""Who an item belongs to (002 §2.1)."""

KNOWN_OUTPUT_TYPES = ("text", "markdown", "code", "diff", "json", "terminal")
"""Output types drawn as text; any other value is drawn verbatim too (004 §1.4 ¶3)."""

STREAM_FRAME = 1 / 30
"""How often a streamed block is redrawn while deltas arrive (seconds)."""

STOP_NOTICE = "응답이 중지되었습니다"
"""The system notice shown when the user cancels a turn with Escape (002 §2.5.2)."""

_SLASH_TRIGGER = re.compile(r"(?:^|(?<=\s))/(?P<query>\S*)$")
"""A ``/`` at the start of a line or right after whitespace, up to the cursor (§3.2)."""

_FILE_TRIGGER = re.compile(r"(?:^|(?<=\s))@(?P<query>\S*)$")
"""An ``@`` at the start of a line or right after whitespace, up to the cursor (§3.4.1);
a letter, digit or ``.`` before it is not whitespace, so ``user@host`` never opens it."""

DEBOUNCE_SECONDS = 0.2
"""Delay between the last key and the search it causes (004 §3.4.3: 150 to 300 ms)."""


@dataclass
class Item:
    """One item of the conversation, in display order."""

    actor: Actor
    kind: str
    widget: Widget
    holder: Widget | None = None


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
    moment: datetime | None = None
    live: bool = True


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
        self.command_prompts: dict[int, Text] = {}
        self.usage: Counter[str] = Counter()
        self.dismissed: int | None = None
        self.popup_anchor: int | None = None
        self._tool_calls: dict[str, Item] = {}
        self._ids = count(1)
        self.asks: list[Any] = []
        self.sent: list[list[Unit]] = []
        self.recall_index: int | None = None
        self.insert_at: int | None = None
        self.first_day: date | None = None
        self.oldest_turn: str | None = None
        self.remaining = 0
        self.file_anchor: int | None = None
        self.file_dismissed: int | None = None
        self.file_query: str | None = None
        self.active_query: str | None = None
        self._searches = count(1)
        self._refs = count(1)
        self._debounce: Any = None
        self.workspace_path: str | None = None
        self.session_target: tuple[str, str] | None = None
        self._pending_draw: Item | None = None
        self._draw_scheduled = False

    def compose(self) -> ComposeResult:
        """The session form, the conversation, the composer row and the hidden popups."""
        yield Horizontal(id="session-form")
        yield VerticalScroll(id="conversation")
        yield Vertical(id="ask-slot")
        yield Composer(self, id="composer")
        yield CommandPopup(id="command-popup")
        yield FilePopup(id="file-popup")

    def on_mount(self) -> None:
        """Focus the composer and start listening to the agent."""
        self.query_one(Composer).focus()
        self.conversation.anchor()
        self.port.connect(self._receive)
        if self.settings.conversation_id is not None:
            self.load_older()

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

    @property
    def files(self) -> FilePopup:
        """The ``@`` file popup."""
        return self.query_one(FilePopup)

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
            stamp.widget.update(Text(stamp.prefix + self.time_label(stamp.moment)))

    # -- items ---------------------------------------------------------------------------

    def _add(self, item: Item, after: Item | None = None) -> None:
        """Place ``item`` at the end (or where history goes), or right after ``after``."""
        index = len(self.entries) if self.insert_at is None else self.insert_at
        if after is not None and after in self.entries:
            index = self.entries.index(after) + 1
            while index < len(self.entries) and self.entries[index].kind == "tool_result":
                index += 1
        self._place(item, index)
        if self.insert_at is not None and index <= self.insert_at:
            self.insert_at += 1
        if self.insert_at is None:
            self.conversation.scroll_end(animate=False)

    def _place(self, item: Item, index: int) -> None:
        """Insert ``item`` at ``index`` of the list, and its row at the same place on screen."""
        item.holder = self._row(item)
        if index < len(self.entries):
            before = self.entries[index].holder
            self.entries.insert(index, item)
            self.conversation.mount(item.holder, before=before)
        else:
            self.entries.append(item)
            self.conversation.mount(item.holder)

    def _drop(self, item: Item) -> None:
        """Remove ``item`` from the list and the screen."""
        if item in self.entries:
            self.entries.remove(item)
        if item.holder is not None:
            item.holder.remove()

    @staticmethod
    def _row(item: Item) -> Widget:
        """The widget mounted in the conversation for ``item`` (a row for bubbles)."""
        if item.actor == "user" and item.kind in ("text", "command"):
            return Horizontal(item.widget, classes="user-row")
        return item.widget

    def system_notice(self, text: str, moment: datetime | None = None) -> None:
        """A centred, muted notice with its time in it (002 §2.2, §2.4)."""
        moment = moment or self.clock()
        self._day_boundary(moment)
        widget = Static(classes="system-notice")
        stamp = Stamp(widget, moment, prefix=f"{visible(text, lines=True)} · ")
        self.stamps.append(stamp)
        self._add(Item("system", "system", widget))
        self._relabel()

    # -- sending (002 §2.5.1, 004 §3.1, §3.3) ----------------------------------------------

    def on_composer_send(self, message: Composer.Send) -> None:
        """Draw the bubble, stamp it, and send the prompt (004 §3.4.6)."""
        self.close_popup()
        self.close_files()
        prompt_text, references = encode_units(message.units)
        plain = "".join(u if isinstance(u, str) else f"@{u.path}" for u in message.units)
        self.sent.append(list(message.units))
        self.recall_index = None
        command = self._command_of(plain)
        if command is not None:
            self.usage[command] += 1
        input_type = "slash_command" if command is not None else "text"
        body = decode_prompt(prompt_text, references)
        self._user_message(body, input_type, self.clock())
        self.turn.busy = True
        self.turn.turn_id = None
        self.turn.open_block = None
        frame = PromptRequest(prompt_text, input_type, tuple(references))
        self.port.send(frame)

    def _user_message(self, body: Text, input_type: str, moment: datetime) -> None:
        """A text bubble or a command bubble (004 §3.3), then its time (002 §2.4)."""
        self._day_boundary(moment)
        if input_type == "slash_command":
            widget = Static(self._command_text(body), classes="cmd")
            self._add(Item("user", "command", widget))
        else:
            self._add(Item("user", "text", Static(body, classes="bubble")))
        self._stamp("user", moment)

    def _command_of(self, text: str) -> str | None:
        """The published command ``text`` invokes (``/name`` first), or ``None``."""
        match = re.match(r"/(\S+)", text)
        if match is None:
            return None
        names = {command.name for command in self.commands}
        return match.group(1) if match.group(1) in names else None

    @staticmethod
    def _command_text(text: Text) -> Text:
        """``compact focus on auth``: no ``/``, the name bold in another colour (004 §3.3)."""
        body = text[1:] if text.plain.startswith("/") else text
        end = body.plain.find(" ")
        end = len(body.plain) if end < 0 else end
        body.stylize(Style(bold=True, color="bright_yellow"), 0, end)
        return body

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
        self._end_turn(self.clock())

    def _end_turn(self, moment: datetime) -> None:
        """Stamp the end of the turn under its last block (002 §2.4)."""
        self._flush_stream()
        self.turn.busy = False
        self.turn.turn_id = None
        self.turn.open_block = None
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
            self._flush_stream()
            widget = Static(classes=f"agent-{kind}")
            block = Item("agent", kind, widget)
            self.turn.open_block = block
            self.turn.open_source = ""
            self._add(block)
        self.turn.open_source += piece
        if self.turn.live:
            self._pending_draw = block
            if not self._draw_scheduled:
                self._draw_scheduled = True
                self.set_timer(STREAM_FRAME, self._draw_stream)
        else:
            self._draw_block(block, self.turn.open_source)

    def _flush_stream(self) -> None:
        """Draw the open block now (another block or the end of the turn follows)."""
        block = self.turn.open_block
        if block is not None and block.kind in ("text", "thinking"):
            self._draw_block(block, self.turn.open_source)

    def _draw_stream(self) -> None:
        """Draw the streamed block once per frame, not once per delta."""
        self._draw_scheduled = False
        block = self._pending_draw
        if block is not None and block is self.turn.open_block:
            self._draw_block(block, self.turn.open_source)
            with suppress(NoMatches):  # the timer may fire while the app is closing
                self.conversation.scroll_end(animate=False)

    @staticmethod
    def _draw_block(block: Item, source: str) -> None:
        """Draw a text or thinking block from its whole source."""
        assert isinstance(block.widget, Static)
        if block.kind == "thinking":
            block.widget.update(Text(visible(source, lines=True), Style(italic=True, dim=True)))
        else:
            block.widget.update(render_markdown(source))

    def _tool_call(self, event: Any) -> None:
        self.turn.busy = True
        self._flush_stream()
        self.turn.open_block = None
        args = ", ".join(f"{key}={value!r}" for key, value in dict(event.arguments).items())
        label = Text("⚙ ")
        label.append(visible(str(event.name)), Style(bold=True))
        label.append(visible(f"({args})"))
        item = Item("agent", "tool_call", Static(label, classes="agent-tool-call"))
        self._tool_calls[str(event.call_id)] = item
        self._add(item)

    def _tool_result(self, event: Any) -> None:
        """A verbatim monospace block right below its call (004 §1.4 ¶3)."""
        self._flush_stream()
        self.turn.open_block = None
        widget = Static(Text(visible(str(event.output), lines=True)), classes="agent-tool-result")
        item = Item("agent", "tool_result", widget)
        self._add(item, after=self._tool_calls.get(str(event.call_id)))

    def _commands(self, event: Any) -> None:
        """Replace the cached command list; refresh an open popup (004 §3.2)."""
        self.commands = list(event.commands)
        self.command_prompts = {id(command): command_prompt(command) for command in self.commands}
        if self.popup.display:
            self._filter(keep=self.popup.highlighted_name())

    def _notice(self, event: Any) -> None:
        self.system_notice(str(event.text), self.turn.moment)

    def _ask(self, event: Any) -> None:
        """Queue an interaction request; show it if none is shown (002 §2.5.3)."""
        if not self.turn.live:
            return
        self.asks.append(event)
        if len(self.asks) == 1:
            self._show_ask()

    # -- Escape (002 §2.5.2, 004 §3.2) -------------------------------------------------

    def action_escape(self) -> None:
        """Close the dialog; answer an interaction; close a popup; cancel a running turn."""
        if isinstance(self.screen, FileBrowser):
            self.screen.dismiss(None)
            return
        panel = self.ask_panel
        if panel is not None:
            panel.escape()
            return
        if self.popup.display:
            self.close_popup(dismiss=True)
            return
        if self.files.display:
            self.close_files(dismiss=True)
            return
        if not self.turn.busy:
            return
        turn_id = self.turn.turn_id
        if turn_id is None:
            self.turn.cancel_next_start = True
        else:
            self.turn.cancelled.add(turn_id)
        self._flush_stream()
        self.turn.busy = False
        self.turn.turn_id = None
        self.turn.open_block = None
        self.port.send(PromptCancel(turn_id=turn_id))
        self.system_notice(STOP_NOTICE)

    # -- the slash popup (004 §3.2) --------------------------------------------------------

    def claim_key(self, key: str) -> bool:
        """Handle a composer key before the composer does; ``True`` when consumed."""
        if key in ("pageup", "pagedown"):
            self._page(-1 if key == "pageup" else 1)
            return True
        if self.files.display:
            return self._file_key(key)
        if not self.popup.display:
            return key in ("up", "down") and self._recall(-1 if key == "up" else 1)
        if key in ("up", "down"):
            self.popup.move(-1 if key == "up" else 1)
            return True
        if key in ("enter", "tab"):
            chosen = self.popup.current()
            if isinstance(chosen, Command):
                self.choose(chosen)
            return True
        return False

    def input_edited(self) -> None:
        """Open, refilter or close the popups from the text before the cursor."""
        if not self.query(FilePopup) or not self.query(CommandPopup):
            return  # the app is shutting down
        self._file_edited()
        if self.files.display:
            self.close_popup()
            return
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

    def _slash_query(self) -> tuple[int, str] | None:
        """The ``/`` trigger before the cursor: its offset and the query after it."""
        start, line = self.composer.line_before_cursor()
        match = _SLASH_TRIGGER.search(line)
        if match is None:
            return None
        return start + match.start(), match["query"]

    def _make_room(self) -> None:
        """Keep the conversation's last lines clear of an open popup (004 §3.2 SHOULD NOT)."""
        covered = 0
        for popup in (self.popup, self.files):
            if popup.display:
                covered = max(covered, popup.outer_size.height)
        try:
            conversation = self.conversation
        except NoMatches:  # called after a refresh while the app is closing
            return
        if conversation.styles.padding.bottom != covered:
            conversation.styles.padding = (0, 1, covered, 1)
            self.call_after_refresh(conversation.scroll_end, animate=False)

    def on_option_list_option_highlighted(self) -> None:
        """A popup changed: re-measure the room it takes."""
        self.call_after_refresh(self._make_room)

    def _filter(self, keep: str | None) -> None:
        """Show the commands whose name starts with the query, sorted (§3.2 SHOULD)."""
        found = self._slash_query()
        query = found[1] if found is not None else ""
        matching = [command for command in self.commands if command.name.startswith(query)]
        matching.sort(key=lambda c: (-self.usage[c.name], c.category or "", c.name))
        self.popup.show_commands(matching, keep, self.command_prompts)
        self.call_after_refresh(self._make_room)

    def choose(self, command: Command) -> None:
        """Replace the input with ``/{name} `` and close the popup (§3.2 after selection)."""
        self.close_popup()
        self.composer.set_text(f"/{command.name} ")
        self.dismissed = None
        required = [p.hint or p.name for p in command.parameters if p.required]
        self.composer.show_hint(" ".join(visible(hint) for hint in required))

    def on_pick_list_picked(self, message: PickList.Picked) -> None:
        """An item of a popup was clicked."""
        item = message.popup.items[message.index]
        if isinstance(item, Command):
            self.choose(item)
        elif isinstance(item, FileCandidate):
            self.choose_file(item)
        self.composer.focus()

    def close_popup(self, dismiss: bool = False) -> None:
        """Hide the popup; ``dismiss`` keeps it closed for this trigger (Esc)."""
        if dismiss:
            self.dismissed = self.popup_anchor
        if self.popup.display:
            self.popup.close()
            self.call_after_refresh(self._make_room)

    # -- the @ file popup (004 §3.4) ----------------------------------------------------------

    def _file_edited(self) -> None:
        """Open the file popup on a fresh ``@``, search as the query changes, or close it."""
        start, line = self.composer.line_before_cursor()
        match = _FILE_TRIGGER.search(line)
        if match is None or (self.popup.display and not self.files.display):
            self.file_dismissed = None
            self.close_files()
            return
        anchor, query = start + match.start(), match["query"]
        if anchor == self.file_dismissed:
            return
        if not self.files.display or anchor != self.file_anchor:
            self.file_anchor = anchor
            self.files.open()
            self.call_after_refresh(self._make_room)
            self._search(query)
        elif query != self.file_query:
            self._schedule_search(query)

    def _schedule_search(self, query: str) -> None:
        """Search ``query`` once the keys pause (004 §3.4.3 debounce)."""
        self.file_query = query
        if self._debounce is not None:
            self._debounce.stop()
        self._debounce = self.set_timer(DEBOUNCE_SECONDS, lambda: self._search(query))

    def _search(self, query: str) -> None:
        """Send ``control.file.search`` with a fresh ``query_id``; show the indicator."""
        if self._debounce is not None:
            self._debounce.stop()
            self._debounce = None
        if not self.files.display:
            return
        self.file_query = query
        self.active_query = f"fq-{next(self._searches)}"
        self.port.send(FileSearch(query_id=self.active_query, query=query))
        if self.files.answered:
            self.files.searching(True)

    def _candidates(self, event: Any) -> None:
        """Draw the answer to the last search only (004 §3.4.3 result order)."""
        if not self.files.display or str(event.query_id) != self.active_query:
            return
        self.files.show_candidates(list(event.candidates))
        self.call_after_refresh(self._make_room)

    def _file_key(self, key: str) -> bool:
        """↑/↓ move, Enter/Tab choose while the file popup is open."""
        if key in ("up", "down"):
            self.files.move(-1 if key == "up" else 1)
            return True
        if key in ("enter", "tab"):
            chosen = self.files.current()
            if isinstance(chosen, FileCandidate):
                self.choose_file(chosen)
            return True
        return False

    def choose_file(self, candidate: FileCandidate) -> None:
        """Replace ``@query`` by a token for ``candidate`` (004 §3.4.5)."""
        anchor = self.file_anchor
        self.close_files()
        if anchor is None:
            return
        token = Token(ref_id=f"ref-{next(self._refs)}", path=str(candidate.path))
        self.composer.replace_range(anchor, self.composer.cursor, [token])

    def close_files(self, dismiss: bool = False) -> None:
        """Hide the file popup; ``dismiss`` keeps it closed for this ``@`` (Esc)."""
        if dismiss:
            self.file_dismissed = self.file_anchor
        if self._debounce is not None:
            self._debounce.stop()
            self._debounce = None
        self.active_query = None
        if self.files.display:
            self.files.close()
            self.call_after_refresh(self._make_room)

    # -- history keys and focus (002 §2.5.4, §2.5.5) --------------------------------------

    def _page(self, direction: int) -> None:
        """Scroll the conversation by one page (002 §2.5.4 Page Up/Down)."""
        conversation = self.conversation
        page = conversation.scrollable_content_region.height
        target = conversation.scroll_target_y + direction * page
        target = max(0, min(conversation.max_scroll_y, target))
        conversation.scroll_to(y=target, animate=False, immediate=True)

    def _recall(self, step: int) -> bool:
        """Bring back an earlier (``-1``) or later user message, shell-like (002 §2.5.4)."""
        text = self.composer.text
        browsing = self.recall_index is not None and text == self._plain(self.recall_index)
        if not self.sent or (text and not browsing):
            return False
        index = len(self.sent) if not browsing or self.recall_index is None else self.recall_index
        index = max(0, index + step)
        if index >= len(self.sent):
            self.recall_index = None
            self.composer.clear()
            return True
        self.recall_index = index
        units = [
            Token(f"ref-{next(self._refs)}", u.path) if isinstance(u, Token) else u
            for u in self.sent[index]
        ]
        self.composer.set_units(units)
        return True

    def _plain(self, index: int) -> str:
        """Sent message ``index`` as the composer's plain text."""
        return "".join(u if isinstance(u, str) else f"@{u.path}" for u in self.sent[index])

    def on_key(self, event: events.Key) -> None:
        """Typing while the focus is elsewhere moves it to the composer with the key."""
        composer = self.composer
        if (
            self.focused is composer
            or self.ask_panel is not None
            or self.screen is not self.screen_stack[0]
        ):
            return
        if not event.is_printable or event.character is None:
            return
        composer.focus()
        composer.insert(event.character)
        event.stop()

    # -- interaction requests (002 §2.5.3) ---------------------------------------------------

    @property
    def ask_panel(self) -> AskPanel | None:
        """The interaction UI shown, if any."""
        panels = self.query(AskPanel)
        return panels.first() if panels else None

    def _show_ask(self) -> None:
        """Show the first queued request."""
        if self.asks:
            self.close_popup()
            self.query_one("#ask-slot").mount(AskPanel(self.asks[0], id="interaction"))

    def on_ask_panel_answered(self, message: AskPanel.Answered) -> None:
        """Send the answer, close the panel, show the next request."""
        value = message.value
        frame = InteractionAnswer(
            request_id=message.request_id,
            outcome=message.outcome,  # type: ignore[arg-type]  # one of InteractionOutcome
            value=value,
        )
        self.port.send(frame)
        panel = self.ask_panel
        if panel is not None:
            panel.remove()
        self.asks.pop(0)
        if self.asks:
            self.call_after_refresh(self._show_ask)
        else:
            self.composer.focus()

    # -- stored conversations (002 §2.6) -----------------------------------------------------

    def load_older(self) -> None:
        """Ask for the N turns before the oldest one shown, in a worker."""
        trigger = self._trigger()
        if trigger is not None and isinstance(trigger.widget, LoadingIndicator):
            return
        spinner = Item("system", "load_older", LoadingIndicator(classes="loading"))
        if trigger is not None:
            self._drop(trigger)
        self._place(spinner, 0)
        self.run_worker(self._fetch(), group="history", exclusive=True)

    def _trigger(self) -> Item | None:
        """The load-older item at the top, if any."""
        if self.entries and self.entries[0].kind == "load_older":
            return self.entries[0]
        return None

    async def _fetch(self) -> None:
        """Load one page; on failure offer a retry (002 §2.6.3)."""
        conversation = self.settings.conversation_id or ""
        limit = self.settings.initial_turns
        try:
            page = await self.control.load_turns(conversation, self.oldest_turn, limit)
        except Exception as error:  # any failure offers a retry (002 §2.6.3)
            label = f"이전 대화를 불러오지 못했습니다 ({error}) · 다시 시도"
            self._settle_trigger(LoadOlder(label, retry=True))
            return
        self._prepend(page)

    def _settle_trigger(self, widget: Widget | None) -> None:
        """Replace the spinner by ``widget`` (a button), or by nothing."""
        trigger = self._trigger()
        if trigger is not None:
            self._drop(trigger)
        if widget is not None:
            self._place(Item("system", "load_older", widget), 0)

    def on_load_older_pressed(self, message: LoadOlder.Pressed) -> None:
        """The button (or the retry) was clicked."""
        self.load_older()

    def _prepend(self, page: HistoryPage) -> None:
        """Insert the page's turns above what is shown; keep the view where it was."""
        conversation = self.conversation
        old_height = conversation.virtual_size.height
        old_y = conversation.scroll_y
        at_end = self.oldest_turn is None
        self.remaining = page.remaining
        if page.turns:
            self.oldest_turn = page.turns[0].turn_id
        self._settle_trigger(LoadOlder("이전 대화 불러오기") if page.remaining > 0 else None)
        self._insert_turns(page)
        if at_end:
            self.call_after_refresh(conversation.scroll_end, animate=False)
        else:
            self.call_after_refresh(self._keep_view, old_height, old_y)

    def _keep_view(self, old_height: int, old_y: float) -> None:
        """Shift the scroll offset by what was inserted above (002 §2.6.3)."""
        conversation = self.conversation
        grown = conversation.virtual_size.height - old_height
        conversation.scroll_to(y=old_y + grown, animate=False)

    def _insert_turns(self, page: HistoryPage) -> None:
        """Draw stored turns at the top, with date separators inside and at the seam."""
        live_turn, live_day, seam_day = self.turn, self.last_day, self.first_day
        self.insert_at = 1 if self._trigger() is not None else 0
        self.last_day = None
        for index, turn in enumerate(page.turns):
            if index == 0:
                self.first_day = turn.sent_at.astimezone().date()
            self._draw_turn(turn)
        block_day = self.last_day
        if seam_day is not None and block_day is not None and block_day != seam_day:
            self.last_day = block_day
            self._day_boundary(datetime.combine(seam_day, datetime.min.time()).astimezone())
        self.insert_at = None
        self.turn = live_turn
        self.last_day = live_day if live_day is not None else block_day

    def _draw_turn(self, turn: Any) -> None:
        """One stored turn: the prompt, the agent's events, the end time."""
        self.turn = TurnState(live=False, moment=turn.ended_at)
        prompt = turn.prompt
        body = decode_prompt(str(prompt.prompt_text), list(prompt.file_references))
        self._user_message(body, str(prompt.input_type), turn.sent_at)
        for event in turn.events:
            handler = self._HANDLERS.get(str(getattr(event, "type", "")))
            if handler is not None and handler not in (ThirdClient._commands,):
                handler(self, event)
        self._end_turn(turn.ended_at)

    # -- session creation (004 §7.1) -----------------------------------------------------

    def begin_session(self, node_id: str, agent_id: str) -> None:
        """Node and agent are chosen: offer the 작업 디렉토리 선택 button."""
        self.session_target = (node_id, agent_id)
        form = self.query_one("#session-form", Horizontal)
        form.remove_children()
        form.mount(
            Static(Text(visible(f"노드 {node_id} · 에이전트 {agent_id}")), id="session-label")
        )
        form.mount(Button("작업 디렉토리 선택", id="pick-workspace"))
        form.mount(Static(Text(self._workspace_label()), id="workspace-label"))

    def _workspace_label(self) -> str:
        return f"작업 디렉토리: {self.workspace_path or '(선택 안 됨)'}"

    def on_button_pressed(self, message: Button.Pressed) -> None:
        """Open the file browser (004 §7.1)."""
        if message.button.id == "pick-workspace" and self.session_target is not None:
            node_id, agent_id = self.session_target
            self.push_screen(FileBrowser(self.control, node_id, agent_id), self._picked)

    def _picked(self, path: str | None) -> None:
        """The dialog closed: keep a confirmed path in the form (004 §7.6)."""
        self.composer.focus()
        if path is not None:
            self.workspace_path = path
            label = self.query("#workspace-label")
            if label:
                label.first(Static).update(Text(visible(self._workspace_label())))

    _HANDLERS: ClassVar[dict[str, Any]] = {
        "session.turn.start": _turn_started,
        "session.turn.end": _turn_ended,
        "agent.text.delta": _text,
        "agent.thinking.delta": _thinking,
        "tool.invoke.start": _tool_call,
        "tool.invoke.result": _tool_result,
        "agent.commands.publish": _commands,
        "session.system.notice": _notice,
        "agent.interaction.request": _ask,
        "session.file.candidates": _candidates,
    }


def encode_units(units: Sequence[Unit]) -> tuple[str, list[FileReference]]:
    """``prompt_text`` and ``file_references`` of the composer's content (004 §3.4.6)."""
    parts: list[str] = []
    references: list[FileReference] = []
    run: list[str] = []
    for unit in units:
        if isinstance(unit, str):
            run.append(unit)
            continue
        parts.append(escape_text("".join(run)))
        run = []
        parts.append(f"<@file:{unit.ref_id}|{unit.path}>")
        references.append(FileReference(ref_id=unit.ref_id, path=unit.path, display_path=unit.path))
    parts.append(escape_text("".join(run)))
    return "".join(parts), references


def escape_text(text: str) -> str:
    r"""Escape typed text for ``prompt_text`` (004 §3.4.6, DPS §16.2.2): ``\\``, ``<@``."""
    return text.replace("\\", "\\\\").replace("<@", "\\<@")


def items_of(app: ThirdClient) -> Sequence[Item]:
    """The conversation's items, in display order."""
    return list(app.entries)
