"""The framed RAWP-CRS client: the conversation above, popups and the input docked below.

Talks to its agent only through ``rawp_port`` (an ``AgentPort`` for events and frames).
What it does, by seed passage:

- 002 §2.5.1: Enter sends the input's text when no popup is open; a blank input is neither
  sent nor cleared; Shift+Enter and Ctrl+J break the line. A prompt written while a turn is
  in progress (sent, not yet ended) waits in a queue shown above the input and is sent when
  the turn ends: the seeds say when Enter applies, not that a second prompt must reach the
  agent before the first turn is over.
- 002 §2.5.2: Escape while a turn is in progress sends ``control.prompt.cancel``; while a
  popup is open it closes the popup instead; while idle it does nothing.
- 002 §2.4: times of turn starts, turn ends and notices, shown on demand with F2.
- 004 §1.4: unknown events are ignored; unknown ``output_type`` results are shown verbatim.
- 004 §3.2-§3.4: the ``/`` and ``@`` popups, file tokens, escaping (``examples.crs_framed.
  composer``, ``menus``, ``text``).
"""

from __future__ import annotations

import itertools
import re
from collections import Counter, deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any, ClassVar

from rich.color import Color
from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static

from examples.crs_framed.composer import Composer, Unit
from examples.crs_framed.conversation import (
    AgentText,
    Bubble,
    BubbleRow,
    DateLine,
    NoticeRow,
    NoticeText,
    PointerAware,
    Stamp,
    ThinkBox,
    ToolBox,
    TurnBox,
)
from examples.crs_framed.markup import Palette, placeholder, render
from examples.crs_framed.menus import CommandMenu, FileMenu
from examples.crs_framed.text import FileToken, escaped, visible
from rawp_port import (
    AgentPort,
    ClientSettings,
    Clock,
    ControlPlane,
    FileReference,
    FileSearch,
    PromptCancel,
    PromptRequest,
)

SEARCH_DELAY = 0.2
"""Seconds a file query waits for the typing to pause before it is searched (004 §3.4.3)."""

COMMAND = re.compile(r"/(\S+)(?:\s|$)")


@dataclass(frozen=True)
class Outgoing:
    """A prompt taken from the input, not sent yet."""

    frame: PromptRequest
    parts: list[str | FileToken]
    command: str | None


class Arrived(Message):
    """One agent event, delivered on the app's loop in publication order."""

    def __init__(self, event: object) -> None:
        super().__init__()
        self.event = event


class FramedClient(App[None]):
    """The client. ``times_on_hover`` also reveals a turn's times under the pointer."""

    TITLE = "crs_framed"
    AUTO_FOCUS = "#prompt"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "stop_turn", "응답 중지"),
        Binding("f2", "toggle_times", "시각 보기"),
        Binding("ctrl+q", "quit", "종료", priority=True),
    ]
    CSS = """
    Screen {
        layout: vertical;
    }
    #log {
        height: 1fr;
        border: round $panel-darken-2;
        border-title-color: $foreground-lighten-2;
        padding: 0 1;
        scrollbar-gutter: stable;
    }
    #log.times Stamp {
        display: block;
    }
    #log.hover Stamp {
        display: block;
        visibility: hidden;
    }
    #log.hover TurnBox.-pointer Stamp, #log.hover NoticeBox.-pointer Stamp, #log.times Stamp {
        visibility: visible;
    }
    #dock {
        dock: bottom;
        height: auto;
    }
    #queue {
        display: none;
        height: auto;
        color: $foreground-lighten-2;
        padding: 0 2;
    }
    """

    def __init__(
        self,
        port: AgentPort,
        control: ControlPlane,
        clock: Clock,
        settings: ClientSettings,
        *,
        times_on_hover: bool = False,
    ) -> None:
        super().__init__()
        self.theme = "catppuccin-latte"
        self.port = port
        self.control = control
        self.clock = clock
        self.settings = settings
        self.times_on_hover = times_on_hover
        self.commands: list[Any] = []
        self.uses: Counter[str] = Counter()
        self.queue: deque[Outgoing] = deque()
        self.inflight = 0
        self.running: str | None = None
        self.waiting: deque[TurnBox] = deque()
        self.turns: dict[str, TurnBox] = {}
        self.ended: set[str] = set()
        self.tools: dict[str, ToolBox] = {}
        self.last_day: date | None = None
        self.unsettled: set[AgentText | ThinkBox | ToolBox] = set()
        self.slash_at: int | None = None
        self.at_at: int | None = None
        self.file_query = ""
        self.searched: str | None = None
        self.active_query: str | None = None
        self.search_timer: Timer | None = None
        self.query_ids = itertools.count(1)
        self.palette = Palette(Style(), Style(), Style())

    # -- layout --------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """The conversation, then the dock: the queue, the two popups and the input."""
        log = VerticalScroll(id="log", classes="hover" if self.times_on_hover else "")
        log.border_title = "대화"
        yield log
        with Vertical(id="dock"):
            yield Static(id="queue")
            yield CommandMenu(id="commands")
            yield FileMenu(id="files")
            composer = Composer(id="prompt")
            composer.border_subtitle = "Enter 보내기 · Shift+Enter 줄바꿈 · F2 시각 · Esc 중지"
            yield composer

    def on_mount(self) -> None:
        """Take the theme's colours, wire the popups, connect to the agent."""
        colours = self.get_css_variables()
        self.palette = Palette(
            code=Style(bgcolor=Color.parse(colours["panel"]), color=colours["accent-darken-2"]),
            link=Style(color=colours["primary-darken-2"], underline=True),
            bullet=Style(color=colours["primary"], bold=True),
        )
        self.token_style = Style(
            bgcolor=Color.parse(colours["accent-muted"]), color=colours["foreground"]
        )
        self.cap_style = self.token_style + Style(color=colours["accent-darken-2"], bold=True)
        self.name_style = Style(bold=True, color=colours["secondary-darken-3"])
        composer = self.query_one(Composer)
        composer.watcher = self
        self.query_one(CommandMenu).on_pick = self._pick_command
        self.query_one(FileMenu).on_pick = self._pick_file
        self.log_view.anchor()
        self.port.connect(self._receive)

    @property
    def log_view(self) -> VerticalScroll:
        """The conversation area."""
        return self.query_one("#log", VerticalScroll)

    @property
    def composer(self) -> Composer:
        """The input."""
        return self.query_one(Composer)

    def action_toggle_times(self) -> None:
        """F2: show every time of the conversation, or hide them again."""
        self.log_view.toggle_class("times")

    # -- sending -------------------------------------------------------------------------

    def on_composer_submitted(self, message: Composer.Submitted) -> None:
        """Enter: take the prompt out of the input; send it, or queue it behind the turn."""
        outgoing = self._outgoing(message.units)  # the composer emptied itself at Enter
        if self.inflight:
            self.queue.append(outgoing)
            self._show_queue()
        else:
            self._send(outgoing)

    def _outgoing(self, units: Sequence[Unit]) -> Outgoing:
        parts: list[str | FileToken] = []
        for unit in units:
            if isinstance(unit, str) and parts and isinstance(parts[-1], str):
                parts[-1] += unit
            else:
                parts.append(unit)
        text = "".join(
            escaped(part) if isinstance(part, str) else f"<@file:{part.ref_id}|{part.path}>"
            for part in parts
        )
        references = [
            FileReference(part.ref_id, part.path, part.path)
            for part in parts
            if isinstance(part, FileToken)
        ]
        command = None
        if parts and isinstance(parts[0], str):
            found = COMMAND.match(parts[0])
            if found and any(found.group(1) == c.name for c in self.commands):
                command = found.group(1)
        frame = PromptRequest(text, "slash_command" if command else "text", tuple(references))
        return Outgoing(frame, parts, command)

    def _send(self, outgoing: Outgoing) -> None:
        now = self.clock()
        self._date_line(now.astimezone().date())
        box = TurnBox()
        bubble = self._bubble(outgoing.parts, outgoing.command is not None)
        self.log_view.mount(box)
        box.mount(Stamp("user", now, now), BubbleRow(bubble))
        self.waiting.append(box)
        self.inflight += 1
        if outgoing.command:
            self.uses[outgoing.command] += 1
        self.port.send(outgoing.frame)
        self.log_view.anchor()
        self.log_view.scroll_end(animate=False)

    def _show_queue(self) -> None:
        queue = self.query_one("#queue", Static)
        lines = [
            f"⏳ 대기 중 {number}: {visible(_plain(waiting.parts))[:60]}"
            for number, waiting in enumerate(self.queue, 1)
        ]
        queue.update("\n".join(lines))
        queue.display = bool(lines)

    def _bubble(self, parts: Sequence[str | FileToken], command: bool) -> Bubble:
        """The bubble of a prompt: a command bubble, or the markdown subset with tokens."""
        if command:
            text = _plain(parts)[1:]
            name, _, rest = text.partition(" ")
            shown = Text("⚡ ")
            shown.append(visible(name), self.name_style)
            if rest or text.endswith(" "):
                shown.append(" " + visible(rest.rstrip()))
            return Bubble(shown, "command")
        drawers: dict[str, Callable[[Text, Style], None]] = {}
        source = []
        for part in parts:
            if isinstance(part, str):
                source.append(part)
                continue
            mark = placeholder(len(drawers))
            drawers[mark] = self._token_drawer(part)
            source.append(mark)
        return Bubble(render("".join(source), self.palette, drawers), "text")

    def _token_drawer(self, token: FileToken) -> Callable[[Text, Style], None]:
        def draw(out: Text, around: Style) -> None:
            out.append("[", around + self.cap_style)
            out.append(token.label, around + self.token_style)
            out.append("]", around + self.cap_style)

        return draw

    def _date_line(self, day: date) -> None:
        if self.last_day is not None and day != self.last_day:
            self.log_view.mount(DateLine(day))
        self.last_day = day

    # -- cancelling ----------------------------------------------------------------------

    def action_stop_turn(self) -> None:
        """Escape: cancel the turn in progress (002 §2.5.2); nothing while idle."""
        if self.inflight:
            self.port.send(PromptCancel(self.running))

    # -- events --------------------------------------------------------------------------

    def _receive(self, event: object) -> None:
        self.post_message(Arrived(event))

    def on_arrived(self, message: Arrived) -> None:
        """Handle one agent event, by its RAWP type name."""
        event = message.event
        kind = getattr(event, "type", "")
        handler = self.HANDLERS.get(kind)
        if handler is not None:
            handler(self, event)

    def _commands(self, event: Any) -> None:
        focused = self._focused_command()
        self.commands = list(event.commands)
        if self.query_one(CommandMenu).is_open:
            self._filter_commands(keep=focused)

    def _candidates(self, event: Any) -> None:
        files = self.query_one(FileMenu)
        if not files.is_open or event.query_id != self.active_query:
            return
        files.answered = True
        files.searching = self.file_query != self.searched
        files.show(list(event.candidates), 0)

    def _turn_box(self, turn_id: str) -> TurnBox | None:
        if turn_id in self.ended:
            return None
        box = self.turns.get(turn_id)
        if box is None:
            box = self.waiting.popleft() if self.waiting else TurnBox()
            if not box.parent:
                self.log_view.mount(box)
            self.turns[turn_id] = box
        return box

    def _started(self, event: Any) -> None:
        if self._turn_box(event.turn_id) is not None:
            self.running = event.turn_id

    def _block(self, box: TurnBox, kind: type[AgentText] | type[ThinkBox]) -> Any:
        last = box.children[-1] if box.children else None
        if isinstance(last, kind):
            return last
        block = AgentText(self.palette) if kind is AgentText else ThinkBox()
        box.mount(block)
        return block

    def _delta(self, event: Any) -> None:
        box = self._turn_box(event.turn_id)
        if box is not None:
            kind = ThinkBox if getattr(event, "type", "") == "agent.thinking.delta" else AgentText
            block = self._block(box, kind)
            block.chunks.append(event.text)
            self._unsettle(block)

    def _tool(self, event: Any) -> None:
        box = self._turn_box(event.turn_id)
        if box is not None:
            arguments = ", ".join(f"{k}={v!r}" for k, v in dict(event.arguments).items())
            tool = ToolBox(event.name, f"{event.name}({arguments})")
            self.tools[event.call_id] = tool
            box.mount(tool)
            self._unsettle(tool)

    def _result(self, event: Any) -> None:
        box = self._turn_box(event.turn_id)
        if box is not None:
            tool = self.tools.get(event.call_id)
            if tool is None:
                tool = ToolBox("", "")
                box.mount(tool)
            tool.result = event.output
            tool.output_type = event.output_type
            self._unsettle(tool)

    def _ended(self, event: Any) -> None:
        box = self._turn_box(event.turn_id)
        if box is not None:
            now = self.clock()
            box.mount(Stamp("agent", now, now))
            self.ended.add(event.turn_id)
        if self.running == event.turn_id:
            self.running = None
        self.inflight = max(0, self.inflight - 1)
        if not self.inflight and self.queue:
            self._send(self.queue.popleft())
            self._show_queue()

    def _notice(self, event: Any) -> None:
        now = self.clock()
        self._date_line(now.astimezone().date())
        running = self.turns.get(self.running) if self.running else None
        box = NoticeBox(NoticeRow(NoticeText(event.text)), Stamp("system", now, now))
        (running or self.log_view).mount(box)

    HANDLERS: ClassVar[dict[str, Callable[[FramedClient, Any], None]]] = {
        "agent.commands.publish": _commands,
        "session.file.candidates": _candidates,
        "session.turn.start": _started,
        "agent.text.delta": _delta,
        "agent.thinking.delta": _delta,
        "tool.invoke.start": _tool,
        "tool.invoke.result": _result,
        "session.turn.end": _ended,
        "session.system.notice": _notice,
    }
    """What each known event does; every other type is ignored (004 §1.4 ¶1)."""

    def _unsettle(self, block: AgentText | ThinkBox | ToolBox) -> None:
        if not self.unsettled:
            self.call_later(self._settle)
        self.unsettled.add(block)

    def _settle(self) -> None:
        blocks, self.unsettled = self.unsettled, set()
        for block in blocks:
            block.settle()

    # -- popups (the composer's watcher) -------------------------------------------------

    def intercept(self, key: str) -> bool:
        """Keys for an open popup: ↑/↓ move, Enter/Tab select, Escape closes."""
        for menu in (self.query_one(CommandMenu), self.query_one(FileMenu)):
            if not menu.is_open:
                continue
            if key in ("up", "down"):
                menu.move(-1 if key == "up" else 1)
            elif key in ("enter", "tab"):
                menu.pick()
            elif key == "escape":
                self._close_popups()
            return True
        return False

    def edited(self, typed: str | None) -> None:
        """After each edit: open a popup on a trigger, refilter or close an open one."""
        composer = self.composer
        commands, files = self.query_one(CommandMenu), self.query_one(FileMenu)
        at = composer.cursor - 1
        if typed in ("/", "@") and not commands.is_open and not files.is_open:
            before = composer.units[at - 1] if at > 0 else "\n"
            if isinstance(before, str) and before.isspace():
                if typed == "/":
                    self.slash_at = at
                    commands.open()
                else:
                    self.at_at = at
                    self.file_query = ""
                    files.open()
                    self._search("")
        if commands.is_open:
            word = self._word(self.slash_at, "/")
            if word is None:
                self._close_popups()
            else:
                self._filter_commands(keep=None, word=word)
        elif files.is_open:
            query = self._word(self.at_at, "@")
            if query is None:
                self._close_popups()
            elif query != self.file_query:
                self.file_query = query
                files.searching = True
                files.refresh(layout=True)
                if self.search_timer is not None:
                    self.search_timer.stop()
                self.search_timer = self.set_timer(SEARCH_DELAY, self._search_query)

    def _word(self, start: int | None, trigger: str) -> str | None:
        """The text typed after the popup's trigger up to the cursor, or None if it ended."""
        composer = self.composer
        if start is None or start >= len(composer.units) or composer.cursor <= start:
            return None
        if composer.units[start] != trigger:
            return None
        word = composer.units[start + 1 : composer.cursor]
        if any(not isinstance(unit, str) or unit.isspace() for unit in word):
            return None
        return "".join(unit for unit in word if isinstance(unit, str))

    def _close_popups(self) -> None:
        self.query_one(CommandMenu).close()
        self.query_one(FileMenu).close()
        self.slash_at = self.at_at = None
        self.active_query = self.searched = None
        self.file_query = ""
        if self.search_timer is not None:
            self.search_timer.stop()
            self.search_timer = None

    def _ordered(self, word: str) -> list[Any]:
        found = [command for command in self.commands if str(command.name).startswith(word)]
        return sorted(
            found,
            key=lambda c: (-self.uses[c.name], c.category is None, c.category or "", c.name),
        )

    def _focused_command(self) -> str | None:
        menu = self.query_one(CommandMenu)
        if menu.is_open and menu.items:
            return str(getattr(menu.items[menu.focused], "name", ""))
        return None

    def _filter_commands(self, keep: str | None, word: str | None = None) -> None:
        menu = self.query_one(CommandMenu)
        if word is None:
            word = self._word(self.slash_at, "/") or ""
        items = self._ordered(word)
        names = [c.name for c in items]
        if keep is not None:
            menu.show(items, names.index(keep) if keep in names else 0)
        elif [getattr(i, "name", "") for i in menu.items] != names:
            menu.show(items, 0)
        else:
            menu.show(items, menu.focused)

    def _pick_command(self, command: Any) -> None:
        start, end = self.slash_at, self.composer.cursor
        self._close_popups()
        if start is None:
            return
        hints = [p.hint for p in getattr(command, "parameters", ()) if p.required]
        self.composer.replace(start, end, list(f"/{command.name} "), hint=" ".join(hints))

    def _pick_file(self, candidate: Any) -> None:
        start, end = self.at_at, self.composer.cursor
        self._close_popups()
        if start is not None:
            self.composer.replace(start, end, [FileToken(candidate.path)])

    def _search(self, query: str) -> None:
        files = self.query_one(FileMenu)
        self.active_query = f"q{next(self.query_ids)}"
        self.searched = query
        files.searching = True
        files.refresh(layout=True)
        self.port.send(FileSearch(self.active_query, query))

    def _search_query(self) -> None:
        self.search_timer = None
        if self.query_one(FileMenu).is_open and self.file_query != self.searched:
            self._search(self.file_query)

    # -- views for the adapter -----------------------------------------------------------

    def items(self) -> list[Widget]:
        """Every item widget of the conversation, top to bottom."""
        found: list[Widget] = []

        def walk(widget: Widget) -> None:
            for child in widget.children:
                if hasattr(child, "kind") and hasattr(child, "actor"):
                    found.append(child)
                else:
                    walk(child)

        walk(self.log_view)
        return found


class NoticeBox(Vertical, PointerAware):
    """A notice and its time below it."""

    DEFAULT_CSS = """
    NoticeBox {
        height: auto;
        margin-bottom: 1;
    }
    """


def _plain(parts: Sequence[str | FileToken]) -> str:
    return "".join(part if isinstance(part, str) else f"@{part.path}" for part in parts)
