"""The explorer of profile ``rawp_crs``: random sessions of a person and the agent.

Actions (rules), part 1: type text as a terminal sends it (no ``@`` or ``/``: their own
rules type them), paste text as a terminal sends it (escape sequences, control bytes and
line breaks included), Shift+Enter, Enter while the agent is idle (blank or not), a blank
Enter, the agent's events (turn start, thinking, a tool call and its result, text deltas,
an event of a type the spec does not define, turn end), a whole turn in one action, a
cancelled turn in one action, Escape while idle, before a turn starts or during a turn,
Page Up/Page Down, a terminal resize. Parts 2 to 4, when claimed (:class:`CrsExplorer`;
:class:`CrsPart1Explorer` runs part 1's only): the ``/`` popup (also at every session's
start) and the ``@`` popup with a selection (arrows, Enter, Tab) or Escape, ↑ recall,
interaction requests answered with keys, reopening the stored conversation in a new
client.

Invariants, each under its clause (docs/spec/rawp_crs.yaml; the table in
docs/exploration.md): the three every profile shares (:class:`~steps.explore.core.Explorer`,
here under ``crs-input-plain-text``); one prompt per Enter on a non-blank input, as typed,
its file tokens as references (``crs-enter-sends``, ``crs-send-token-format``,
``crs-send-file-references``); none for a blank one (``crs-blank-not-sent``); a cancel only
for Escape during a turn, at most one for Escape before its start
(``crs-escape-idle-does-nothing``, ``crs-escape-cancels-turn``), none for Escape in a popup
or on a request (``crs-escape-closes-popup``, ``crs-escape-closes-interaction``);
nothing shown for an unknown event (``crs-ignore-unknown-events``); what the ``/`` popup
lists (``crs-slash-popup-opens``, ``crs-slash-filter-prefix``, ``crs-slash-keys-typing``);
the popups' keys, selection and Escape (``crs-slash-keys-move``, ``crs-slash-keys-select``,
``crs-slash-select-replaces-input``, ``crs-slash-keys-escape``,
``crs-token-replaces-query``, ``crs-at-keys-escape``); recall (``crs-history-recall``);
interaction answers (``crs-interaction-keys-*``, ``crs-interaction-escape-default``); a
reopened conversation drawn as it was live (:func:`reopen_clause`).
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable
from datetime import datetime
from typing import Any, ClassVar, TypeVar, cast

from hypothesis import strategies as st
from hypothesis.stateful import initialize, invariant, precondition, rule

from rawp_port import (
    Command,
    CommandsPublished,
    FileCandidates,
    InteractionRequested,
    InteractionType,
    OtherEvent,
    TextDelta,
    Thinking,
    ToolCall,
    ToolResult,
    Turn,
    TurnEnded,
    TurnStarted,
)
from steps.app_driver import WaitTimeout
from steps.explore.core import Explorer, pasted_text, printable, typed_text, unchecked
from steps.profiles import PROFILES
from steps.rawp_crs.contract import ItemView, TokenView
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.part2.popup import (
    HIGHLIGHT_CONTRAST,
    Popup,
    Published,
    background,
    check_against_input,
    check_padded,
    check_separated,
    contrast,
    focused,
    read_popup,
    row_background,
)
from steps.rawp_crs.part2.slash_popup_steps import hierarchy, item_content
from steps.rawp_crs.part3.file_popup import SEARCH_BOUND, candidate, searches
from steps.rawp_crs.part3.tokens import nodes, shape
from steps.rawp_crs.state import CrsState
from steps.screen import item_text
from steps.terminal_input import key_bytes, typing_bytes
from steps.textual_private import app_context

T = TypeVar("T")
PROMPT = "control.prompt.request"
CANCEL = "control.prompt.cancel"
ANSWER = "control.interaction.response"
POPUP_TRIGGERS = "@/"
"""Never typed as text: each opens a popup (its own rules type them, :meth:`CrsExplorer.slash`,
:meth:`CrsExplorer.file_reference`)."""
TOKEN = "\ue000{}\ue001"
"""How the model and :meth:`CrsExplorer.seen_input` write a file-reference token in the
input's text (private-use characters no strategy generates around the token's path)."""
COMMANDS = (
    Command("compact", "대화를 요약합니다", "session"),
    Command("clear", "대화를 지웁니다", "session"),
    Command("model", "모델을 바꿉니다", "config"),
    Command("help", "도움말", None),
)
"""The commands the agent publishes at the start of every session (part 2 claimed)."""
FILES = ("src/app.py", "docs/안내.md", "tests/test_app.py")
"""The candidates the agent offers to a file search (part 3 claimed)."""
BLANKS = (" ", "\u3000", "\u00a0", "\u2003")
"""Whitespace a person types into a blank input (each removed by ``str.strip()``)."""
POPUP_ROWS = 2
"""Rows an item may take at the bottom of a popup drawn full (more may be in reach of its
scroll: the seeds fix no height), as the slash filter oracle reads it."""
SLASH_PREFIXES = st.sampled_from(("", "c", "co", "m", "h", "x"))
"""What is typed after ``/``: nothing, the start of a published command's name, or a letter
no name starts with (then the popup is closed with Escape)."""
CLICKED = ("", "input", "conversation")
"""Where a click moves the focus before an Escape on a request ("": it stays on the UI)."""
CANCEL_DRAWS: dict[str, Any] = {
    "popup": st.booleans(),
    "ask": st.sampled_from(("", "YN", "PERMISSION", "SELECT")),
    "focus": st.sampled_from(CLICKED),
    "off_input": st.booleans(),
    "again": st.booleans(),
}
"""What a cancelled turn draws (:meth:`CrsExplorer.cancelled_turn`'s arguments after ``work``),
shared by its own rule and the cancel endings of :meth:`CrsExplorer.whole_turn`, last in
both, in this order."""
SLASH_KEYS = st.sampled_from(("enter", "tab", "escape"))
"""The key that closes the / popup: a selection, or Escape."""
STEP_SECONDS = 61
"""How far the clock moves at each prompt and turn end, so that each drawn time differs."""

PRELUDE = '''"""Reproducer generated by the chat conformance harness's exploration (steps/explore).

Run it from the project that holds the adapter: python reproducer.py
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path.cwd()))  # the project's packages first, as pytest runs them

import asyncio
import datetime
import re

from textual import events

from rawp_port import *  # noqa: F403 - the agent's events, as the session wrote them
from steps.input_field import field_value
from steps.loading import AdapterSpec, load_adapter
from steps.rawp_crs.driver import START_TIME
from steps.rawp_crs.support.fake_agent import FakeAgent, FakeClock
from steps.terminal_input import key_bytes, parser_factory, paste_bytes, typing_bytes

ADAPTER = {adapter}


async def main() -> None:
    adapter = load_adapter(AdapterSpec(ADAPTER, "reproducer"), Path.cwd())
    agent = FakeAgent()
    app = adapter.create_client(agent, agent, FakeClock(START_TIME), ClientSettings())
    async with app.run_test(size={size}) as pilot:
        parser = parser_factory(adapter)()
        await pilot.pause()  # what the app started while mounting is done first

        {feed}

        async def publish(*events: object) -> None:
            """The agent sends events to the client."""
            agent.publish(*events)
            for _ in range(3):
                await pilot.pause()

        def prompts() -> list[str]:
            return [getattr(f, "prompt_text", f) for f in agent.sent_of("control.prompt.request")]

        def cancels() -> int:
            return len(agent.sent_of("control.prompt.cancel"))

        def input_value() -> str:
            return field_value(app.screen.query_one(adapter.input_selector))

        def printable(text: str) -> str:
            """The text without C0/C1 controls and DEL (a client may show them as pictures)."""
            return re.sub("[\\x00-\\x1f\\x7f-\\x9f]", "", text)

        {body}


asyncio.run(main())
'''


def escaped(text: str) -> str:
    """``text`` as a prompt carries it, escaped by RAWP-DPS §16.2.2 (``crs-send-text-escaped``).

    A backslash is doubled, and ``<@`` gets a backslash before it.
    """
    return text.replace("\\", "\\\\").replace("<@", "\\<@")


REOPEN_CLAUSE = "crs-initial-turns"
"""The clause a reopened conversation drawn otherwise than live breaks, unless
:func:`reopen_clause` finds a closer one (docs/exploration.md: the seeds have no clause
"reopened as drawn live"; ``crs-initial-turns`` asks each reopened turn to be drawn with its
user message and the agent's whole response)."""


def prompt_text(value: str, tokens: list[TokenView], display: dict[str, str]) -> str:
    """``value`` as a prompt carries it: text escaped (§16.2.2), each token a reference.

    Each :data:`TOKEN` of ``value`` stands for the next of ``tokens``, written
    ``<@file:ref_id|display_path>`` with the ``display_path`` of its file reference.
    """
    parts = value.replace("\ue001", "\ue000").split("\ue000")
    out = []
    queue = iter(tokens)
    for index, part in enumerate(parts):
        if index % 2 == 0:
            out.append(escaped(part))
        else:
            token = next(queue, None)
            ref = "" if token is None else token.ref_id
            out.append(f"<@file:{ref}|{display.get(ref, part)}>")
    return "".join(out)


Drawn = tuple[str, str, str]
"""One conversation item as the reopening check compares it: actor, kind, text."""


def reopen_clause(live: list[Drawn], reopened: list[Drawn]) -> str:
    """The clause of the first item a reopened conversation draws otherwise than live.

    A user item drawn as a command bubble live and not reopened (or the reverse):
    ``crs-command-bubble-for-slash-input-type`` (or ``crs-text-bubble-for-other-input-types``);
    a time: ``crs-timestamp-turn-start`` (the user's) or ``crs-timestamp-turn-end``;
    anything else (a text, a token, a thinking block or a tool call drawn otherwise, an item
    more or less) :data:`REOPEN_CLAUSE`.
    """
    pairs = list(zip(live, reopened, strict=False))
    first = next(((a, b) for a, b in pairs if a != b), None)
    if first is None:
        return REOPEN_CLAUSE
    (actor, kind, _), (other_actor, other_kind, _) = first
    if actor == "user" and "command" in (kind, other_kind):
        if kind == "command":
            return "crs-command-bubble-for-slash-input-type"
        return "crs-text-bubble-for-other-input-types"
    if "timestamp" in (kind, other_kind):
        stamped = actor if kind == "timestamp" else other_actor  # the side that has the time
        return "crs-timestamp-turn-start" if stamped == "user" else "crs-timestamp-turn-end"
    return REOPEN_CLAUSE


def drawn_items(driver: CrsDriver) -> list[Drawn]:
    """``(actor, kind, text)`` of each conversation item but the load-older trigger."""
    return [
        (view.actor, view.kind, item_text(view.widget).strip())
        for view in driver.items()
        if view.kind != "load_older"
    ]


class CrsExplorer(Explorer):
    """Random sessions of profile ``rawp_crs`` (see the module docstring)."""

    DRIVER = CrsDriver
    PRELUDE = PRELUDE
    RUNNING_CLAUSE = TYPED_CLAUSE = DRAWN_CLAUSE = "crs-input-plain-text"
    APP = "client"
    driver: CrsDriver
    SIZES: ClassVar[tuple[tuple[int, int], ...]] = ((80, 24), (50, 16), (120, 40))
    SCOPE: ClassVar[frozenset[int]] = frozenset({1, 2, 3, 4})
    """The parts of profile ``rawp_crs`` whose rules this explorer runs (if claimed)."""
    parts: frozenset[int] = frozenset({1})
    """The parts in :attr:`SCOPE` the adapter claims (the rules of others are not run)."""

    @initialize(
        text=typed_text(exclude=POPUP_TRIGGERS),
        pasted=pasted_text(exclude=POPUP_TRIGGERS, newlines=True),
        popup=st.tuples(SLASH_PREFIXES, st.integers(0, 2), SLASH_KEYS),
        blank=st.lists(st.sampled_from(BLANKS), min_size=1, max_size=3).map("".join),
        trigger=st.tuples(st.sampled_from(("abc", "가나", "https:")), st.sampled_from(BLANKS)),
    )
    def start(
        self,
        text: str,
        pasted: str,
        popup: tuple[str, int, str] | None = None,
        blank: str = "",
        trigger: tuple[str, str] | None = None,
    ) -> None:
        """Start the client, then type ``text`` and paste ``pasted``, as every session opens.

        The model's input is empty and the agent idle before. Opening each session with
        typing and a paste makes even the simplest session hold the characters that are
        most often lost (Hypothesis's simplest draw of each is the first fragment: an
        emoji joined by ZWJ, a pasted arrow-key escape sequence). Before them, ``blank``
        (whitespace only) is typed and Enter pressed (nothing may be sent), then erased;
        when part 2 is claimed, ``/`` is typed where it opens the popup and where it does
        not (:meth:`slash_positions`, with ``trigger``) and the / popup is opened
        (:meth:`slash`, with ``popup``'s prefix, moves and key), so that every session
        judges them once.
        """
        self.typed = ""
        self.tokens: list[TokenView] = []  # the tokens the input holds, in order
        self.turn = 0
        self.state = "idle"  # idle, sent (prompt out, no turn start yet), running, asking
        self.prompts = 0
        self.cancels = 0
        self.answers = 0
        self.sent: list[tuple[str, list[TokenView]]] = []  # each prompt's input, as typed
        self.stored: list[Turn] = []  # the finished turns, as the agent stores them
        self.storable = True  # no cancel or interaction, whose drawing a Turn does not hold
        self.events: list[Any] = []
        self.sent_at: datetime | None = None
        self.early = False  # Escape pressed between a prompt and its turn's start
        self.early_sent = 0  # the cancels sent for it so far
        profile = next(p for p in PROFILES if p.name == "rawp_crs")
        claimed = {part.number for part in profile.claimed_parts(self.driver.adapter)}
        self.parts = self.SCOPE & claimed
        self.driver.start()
        self.started = True
        if 2 in self.parts:
            self._publish(CommandsPublished(COMMANDS), code=f"CommandsPublished({COMMANDS!r})")
        if blank:  # a blank Enter first: nothing is sent (crs-blank-not-sent)
            self.type(blank)
            self.enter()
            self.typed_back()
        if 2 in self.parts and trigger is not None:
            self.slash_positions(*trigger)
        if 2 in self.parts and popup is not None:
            self.slash(*popup)
        self.type(text)
        self.input_holds_what_was_typed()  # the typing is judged before the paste
        self.paste(pasted)

    # -- the person --------------------------------------------------------------------

    @precondition(lambda self: self.state != "asking")
    @rule(text=typed_text(exclude=POPUP_TRIGGERS))
    def type(self, text: str) -> None:
        """Type ``text`` as a terminal sends it."""
        self.typed += text
        self.act(f"await feed(typing_bytes({text!r}))", lambda: self.driver.type_as_terminal(text))

    @precondition(lambda self: self.state != "asking")
    @rule(text=pasted_text(exclude=POPUP_TRIGGERS, newlines=True))
    def paste(self, text: str) -> None:
        """Paste ``text`` as a terminal sends it (a bracketed paste)."""
        self.typed += text
        self.driver.exit_expected = True  # a paste that quits is judged by the invariant
        self.act(f"await feed(paste_bytes({text!r}))", lambda: self.driver.paste_as_terminal(text))

    @precondition(lambda self: self.state != "asking")
    @rule()
    def shift_enter(self) -> None:
        """Press Shift+Enter (kitty keyboard protocol): a line break, nothing sent."""
        self.typed += "\n"
        self.act(
            'await feed(key_bytes("shift+enter"))',
            lambda: self.driver.feed_terminal(key_bytes("shift+enter"), "pressing Shift+Enter"),
        )

    @precondition(lambda self: self.state == "idle")
    @rule()
    def enter(self) -> None:
        """Press Enter while the agent is idle: a non-blank input is sent once."""
        value = self.typed
        before = self._prompts()
        users = len(self._user_views())
        self.driver.clock.advance(STEP_SECONDS)
        self.act(
            'await feed(key_bytes("enter"))',
            lambda: self.driver.feed_terminal(key_bytes("enter"), "pressing Enter"),
        )
        sent = self._prompts()[len(before) :]
        if not value.strip():
            self.check(
                not sent,
                "crs-blank-not-sent",
                f"no prompt for the blank input {value!r}",
                repr(sent),
                f"prompts() == {before!r}",
            )
            self.typed = self.driver.input_value if not self.driver.input_value.strip() else value
            return
        self._check_prompt(value, before)
        if 2 in self.parts:
            self._check_bubble(value, users)
        self.sent.append((value, list(self.tokens)))
        self.sent_at = self.driver.clock()
        self.typed = ""
        self.tokens = []
        self.prompts += 1
        self.state = "sent"

    @precondition(lambda self: self.state == "idle")
    @rule(spaces=st.lists(st.sampled_from(BLANKS), min_size=1, max_size=3).map("".join))
    def blank_enter(self, spaces: str) -> None:
        """A blank Enter while the agent is idle: nothing is sent (``crs-blank-not-sent``).

        An input holding text is sent first, with its whole turn (:meth:`whole_turn`); then
        ``spaces`` (whitespace only) is typed and Enter pressed.
        """
        if self.typed.strip():
            self.whole_turn([], reopen=False)
        if self.state != "idle" or self.typed.strip():
            return
        self.type(spaces)
        self.enter()

    @precondition(
        lambda self: self.state in ("idle", "running") or (self.state == "sent" and not self.early)
    )
    @rule(off_input=st.booleans())
    def escape(self, off_input: bool = False) -> None:
        """Press Escape: a cancel during a turn, nothing while idle.

        Between a prompt and its turn's start the seeds do not say whether a cancel is due:
        a client may send one at once, one at the turn's start, or none; never two, and none
        once the turn has ended (:meth:`turn_starts`, :meth:`nothing_sent_unasked`). It is
        pressed once in that state (two presses might each ask for a cancel).

        With ``off_input``, during a turn with the input empty, Tab moves the focus out of
        the input first (as the ``crs-typing-focuses-input`` scenarios have it): "에이전트가
        응답 중(Turn 진행 중)일 때 Escape 키를 누르면 ... 취소해야 한다" names no widget
        (``crs-escape-cancels-turn``, as the scenario with the focus on the conversation
        says). The focus is then put back on the empty input, where the next rules type.
        """
        moved = off_input and self.state == "running" and not self.typed
        if moved:
            self.act(
                'await feed(key_bytes("tab"))',
                lambda: self.driver.feed_terminal(key_bytes("tab"), "pressing Tab"),
            )
        before = self._cancels()
        self.act(
            'await feed(key_bytes("escape"))',
            lambda: self.driver.feed_terminal(key_bytes("escape"), "pressing Escape"),
        )
        if moved:
            self.act(
                "app.set_focus(app.screen.query_one(adapter.input_selector))\nawait pilot.pause()",
                self._focus_input,
            )
        sent = self._cancels() - before
        if self.state == "sent":
            self.check(
                sent <= 1,
                "crs-escape-cancels-turn",
                "at most one cancel for the turn not started yet",
                f"{sent} cancel(s)",
                f"cancels() <= {before + 1}",
            )
            self.cancels += sent
            self.early, self.early_sent = True, sent
            return
        if self.state == "idle":
            self.check(
                sent == 0,
                "crs-escape-idle-does-nothing",
                "no cancel for Escape while the agent is idle",
                f"{sent} cancel(s)",
                f"cancels() == {before}",
            )
            return
        self.check(
            sent == 1,
            "crs-escape-cancels-turn",
            "one cancel for Escape during the turn",
            f"{sent} cancel(s)",
            f"cancels() == {before + 1}",
        )
        self.cancels += 1
        self.storable = False
        self._publish(TurnEnded(self._turn()), code=f"TurnEnded({self._turn()!r})")
        self.state = "idle"

    def _click(self, where: str) -> None:
        """Click ``where``, as the scenarios' "the user clicks the input / conversation".

        ``input``: the middle of its first row; ``conversation``: its first content cell.
        """
        if where == "input":
            region = self.driver.input.region
            x, y = region.x + region.width // 2, region.y
        else:
            region = self.driver.conversation.scrollable_content_region
            x, y = region.x + 1, region.y + 1
        self.act(
            f"await pilot.click(offset=({x}, {y}))",
            lambda: self.driver.click(x, y, doing=f"clicking the {where}"),
        )

    def _focus_input(self) -> None:
        """Give the input the keyboard focus again (after :meth:`escape` off the input)."""
        app, field = self.driver.app, self.driver.input

        async def focus() -> None:
            app.set_focus(field)

        with app_context(app):
            self.driver.run(focus(), "giving the input the focus")
        self.driver.settle()

    @precondition(lambda self: self.state != "asking")
    @rule(name=st.sampled_from(("pageup", "pagedown")))
    def page(self, name: str) -> None:
        """Press Page Up or Page Down."""
        self.act(
            f"await feed(key_bytes({name!r}))",
            lambda: self.driver.feed_terminal(key_bytes(name), f"pressing {name}"),
        )

    @rule(size=st.sampled_from(SIZES))
    def resize(self, size: tuple[int, int]) -> None:
        """Resize the terminal."""
        self.act(f"await pilot.resize_terminal{size!r}", lambda: self.driver.resize(*size))

    # -- the agent ---------------------------------------------------------------------

    @precondition(lambda self: self.state == "sent")
    @rule()
    def turn_starts(self) -> None:
        """The agent starts the turn of the prompt just sent."""
        self.turn += 1
        self.state = "running"
        self.events = []
        before = self._cancels()
        self._publish(TurnStarted(self._turn()), code=f"TurnStarted({self._turn()!r})")
        if not self.early:
            return
        self.early = False
        sent = self._cancels() - before
        self.check(
            self.early_sent + sent <= 1,
            "crs-escape-cancels-turn",
            "one cancel in all for Escape before the turn started (at once or at its start)",
            f"{self.early_sent} at once, {sent} at its start",
            f"cancels() <= {before - self.early_sent + 1}",
        )
        self.cancels += sent
        if self.early_sent + sent:  # the turn was cancelled: the agent ends it
            self.storable = False
            self._publish(TurnEnded(self._turn()), code=f"TurnEnded({self._turn()!r})")
            self.state = "idle"

    @precondition(lambda self: self.state == "running")
    @rule(kind=st.sampled_from(("thinking", "tool", "result", "text")), text=typed_text())
    def agent_works(self, kind: str, text: str) -> None:
        """The agent thinks, calls a tool (left running), returns its result or streams text."""
        turn = self._turn()
        events: dict[str, tuple[Any, str]] = {
            "thinking": (Thinking(turn, text), f"Thinking({turn!r}, {text!r})"),
            "tool": (
                ToolCall(turn, "c1", "read_file", {"path": "a.py"}),
                f'ToolCall({turn!r}, "c1", "read_file", {{"path": "a.py"}})',
            ),
            "result": (
                ToolResult(turn, "c1", "text", text),
                f'ToolResult({turn!r}, "c1", "text", {text!r})',
            ),
            "text": (TextDelta(turn, text), f"TextDelta({turn!r}, {text!r})"),
        }
        event, code = events[kind]
        self.events.append(event)
        self._publish(event, code=code)

    @precondition(lambda self: self.state == "idle" and bool(self.typed.strip()))
    @rule(
        work=st.lists(
            st.tuples(st.sampled_from(("thinking", "tool", "result", "text")), typed_text()),
            max_size=3,
        ),
        reopen=st.booleans(),
        ending=st.sampled_from(("end", "end", "cancel", "cancel early")),
        **CANCEL_DRAWS,
    )
    def whole_turn(
        self,
        work: list[tuple[str, str]],
        reopen: bool,
        ending: str = "end",
        popup: bool = False,
        ask: str = "",
        focus: str = "",
        off_input: bool = False,
        again: bool = False,
    ) -> None:
        """Enter, then the agent's whole turn: its start, its work, its end.

        The same actions as :meth:`enter`, :meth:`turn_starts`, :meth:`agent_works` and
        :meth:`turn_ends` in a row, so that short sessions hold finished turns (which
        :meth:`recall` needs), then, if ``reopen``, :meth:`reopen`. With ``ending``
        ``cancel`` (or ``cancel early``: Escape before the start too) the user cancels the
        turn instead (:meth:`cancelled_turn`, with ``popup``, ``ask``, ``focus``,
        ``off_input`` and ``again``), so that short sessions hold cancelled turns as often
        as finished ones.
        """
        if ending != "end":
            kinds = [kind for kind, _ in work if kind != "result"]
            self.cancelled_turn(
                ending == "cancel early", kinds[:2], popup, ask, focus, off_input, again
            )
            return
        self.enter()
        if self.state != "sent":
            return
        self.turn_starts()
        if self.state != "running":
            return
        for kind, text in work:
            self.agent_works(kind, text)
        self.turn_ends()
        if reopen and self.storable and 4 in self.parts:
            self.reopen()

    @precondition(lambda self: self.state == "idle" and bool(self.typed.strip()))
    @rule(
        early=st.booleans(),
        work=st.lists(st.sampled_from(("thinking", "tool", "text")), max_size=2),
        **CANCEL_DRAWS,
    )
    def cancelled_turn(
        self, early: bool, work: list[str], popup: bool, ask: str, focus: str = "",
        off_input: bool = False, again: bool = False,
    ) -> None:  # fmt: skip
        """Enter, then a turn the user cancels with Escape.

        If ``early``, Escape is pressed once before the turn starts too; the turn's work
        (thinking, a tool call left running, text); if ``popup`` (part 2 claimed), the /
        popup opened and closed with Escape during the turn (no cancel:
        ``crs-escape-closes-popup``); if ``ask`` (part 4 claimed), a request of that type
        answered with Escape, after a click moved the focus to ``focus`` if one is named (no
        cancel: ``crs-escape-closes-interaction``); then Escape, with the focus off the input
        if ``off_input``: one cancel (:meth:`escape`). If ``again``, the user then types and
        sends another prompt and cancels its turn too, from the state the first cancel left
        (issue 38: states after the user acted). The same actions as the rules of each, in
        a row (:meth:`whole_turn` runs it).
        """
        self._cancel_one(early, work, popup, ask, focus, off_input)
        if again and self.state == "idle" and not self.typed:
            self.type("다시")
            self._cancel_one(False, work[:1], False, "", "", not off_input)

    def _cancel_one(
        self, early: bool, work: list[str], popup: bool, ask: str, focus: str, off_input: bool
    ) -> None:
        """:meth:`cancelled_turn`'s one turn."""
        self.enter()
        if self.state != "sent":
            return
        if early:
            self.escape()
        self.turn_starts()
        for kind in work:
            if self.state == "running":
                self.agent_works(kind, "작업")
        if self.state == "running" and popup and 2 in self.parts and not self.typed:
            self.slash("", 0, "escape")
            self.typed_back()
        if self.state == "running" and ask and 4 in self.parts:
            self.ask(ask, "escape", 0, False, focus)
        if self.state == "running":
            self.escape(off_input)

    def typed_back(self) -> None:
        """Erase what the input holds with Backspace (what a blank Enter or a closed popup left)."""
        data = key_bytes("backspace") * len(self.typed)
        if data:
            self.act(f"await feed({data!r})", lambda: self.driver.feed_terminal(data, "erasing"))
        self.typed = ""
        self._input_is("crs-input-plain-text", "after erasing it with Backspace")

    @precondition(lambda self: self.state == "running")
    @rule()
    def turn_ends(self) -> None:
        """The agent ends the turn; the agent stores it (:meth:`reopen` reads it back)."""
        self.driver.clock.advance(STEP_SECONDS)
        self._publish(TurnEnded(self._turn()), code=f"TurnEnded({self._turn()!r})")
        prompt = self.driver.agent.sent_of(PROMPT)[-1]
        assert self.sent_at is not None  # a turn starts only after a prompt
        ended = self.driver.clock()
        self.stored.append(Turn(self._turn(), prompt, self.sent_at, tuple(self.events), ended))
        self.events = []
        self.state = "idle"

    @rule()
    def unknown_event(self) -> None:
        """The agent sends an event of a type the spec does not define: nothing is shown."""
        before = len(self.driver.items())
        self._publish(
            OtherEvent("agent.something.new", {"text": "보이면 안 됨"}),
            code='OtherEvent("agent.something.new", {"text": "보이면 안 됨"})',
        )
        after = len(self.driver.items())
        self.check(
            after == before,
            "crs-ignore-unknown-events",
            f"{before} items, nothing shown for an unknown event",
            f"{after} items",
            f"len(adapter.items(app)) == {before}",
        )

    # -- popups, recall, interaction requests, reopening -------------------------------

    @precondition(lambda self: 2 in self.parts and self.state != "asking" and not self.typed)
    @rule(prefix=SLASH_PREFIXES, moves=st.integers(0, 2), key=SLASH_KEYS)
    def slash(self, prefix: str, moves: int, key: str) -> None:
        """Type ``/``, then a prefix, in the empty input, move the focus, select or close.

        After ``/`` the popup opens listing the published commands
        (``crs-slash-popup-opens``); after the prefix, typed in a read of its own, it lists
        those whose name starts with it (``crs-slash-keys-typing`` when the list stayed as
        it was, ``crs-slash-filter-prefix`` otherwise), as the slash filter oracle reads a
        popup (fuzzy matches allowed, a popup drawn full may hold more below). ↓ moves the
        focus (``crs-slash-keys-move``) when the popup shows which item is focused and it
        is not the last. Enter or Tab puts ``/{name} `` of the focused command (any command
        starting with the prefix when the popup shows no single focus: the order is the
        client's, a SHOULD) in the input (``crs-slash-keys-select``,
        ``crs-slash-select-replaces-input``); Escape closes the popup and keeps
        ``/{prefix}`` (``crs-slash-keys-escape``) and sends no cancel, even in a turn
        (``crs-escape-closes-popup``).
        """
        typed = typing_bytes("/")
        self.act(f"await feed({typed!r})", lambda: self.driver.feed_terminal(typed, "typing /"))
        popup = self._listing("", "crs-slash-popup-opens", None)
        self._popup_rules()
        if not any(c.name.startswith(prefix) for c in COMMANDS):
            key = "escape"  # what Enter or Tab does with no match the seeds leave open
        if prefix:
            more = typing_bytes(prefix)
            self.act(f"await feed({more!r})", lambda: self.driver.feed_terminal(more, "typing"))
            popup = self._listing(prefix, "crs-slash-filter-prefix", popup)
        focus = single_focus(popup)
        if moves:
            downs = key_bytes("down") * moves
            self.act(f"await feed({downs!r})", lambda: self.driver.feed_terminal(downs, "↓"))
            self._popup_rules()
            moved = self._read_popup()
            after = single_focus(moved)
            last = popup is not None and popup.items and focus == popup.items[-1].name
            self.check(
                focus is None or after is None or last or moves > 1 or after != focus,
                "crs-slash-keys-move",
                f"↓ in the / popup moving the focus off {focus!r}",
                f"the focus on {after!r}",
                unchecked("read the popup's highlighted item before and after Down"),
            )
            focus = after
        keys = key_bytes(key)
        cancels = self._cancels()
        self.act(f"await feed({keys!r})", lambda: self.driver.feed_terminal(keys, "the / popup"))
        self.check(
            self._cancels() == cancels,
            "crs-escape-closes-popup",
            f"no cancel for {key} in the / popup (it closes the popup)",
            f"{self._cancels() - cancels} cancel(s)",
            f"cancels() == {cancels}",
        )
        names = [f"/{c.name} " for c in COMMANDS if c.name.startswith(prefix)]
        if key != "escape":  # a client may put the selection in on its next refresh
            self._wait(lambda: self.driver.input_value in names, "the selected command")
        seen = self.driver.input_value
        if key == "escape":
            self.typed = "/" + prefix
            self._input_is("crs-slash-keys-escape", "after Escape in the / popup")
            return
        self.check(
            seen in names,
            "crs-slash-select-replaces-input",
            f"after {key} in the / popup the input holds one of {names!r}",
            repr(seen),
            f"input_value() in {names!r}",
        )
        self.check(
            focus is None
            or focus not in [name.strip()[1:] for name in names]
            or seen == f"/{focus} ",
            "crs-slash-keys-select",
            f"after {key} in the / popup the focused command, {f'/{focus} '!r}",
            repr(seen),
            f"input_value() == {f'/{focus} '!r}",
        )
        self.typed = seen

    def slash_positions(self, word: str, space: str) -> None:
        """``/`` typed mid-word, after whitespace, and with a prefix no command starts with.

        ``{word}/`` opens no popup (``crs-slash-no-trigger-mid-word``: "a `/` inside a word
        ... never opens the popup"); ``{word}{space}/`` opens it (``crs-slash-trigger-position``:
        "right after whitespace"; ``space`` is any whitespace ``str.strip()`` removes), then
        Escape; ``/x`` keeps it open with no command listed (``crs-slash-no-match-stays-open``),
        then Escape. The input is erased with Backspace after each.
        """
        self.type(f"{word}/")
        self.check(
            self._read_popup() is None,
            "crs-slash-no-trigger-mid-word",
            f"no popup for the / typed inside {word + '/'!r}",
            "the popup open",
            unchecked("the popup is not displayed"),
        )
        self.typed_back()
        self.type(f"{word}{space}/")
        self._wait(lambda: self._read_popup() is not None, "the / popup")
        self.check(
            self._read_popup() is not None,
            "crs-slash-trigger-position",
            f"the popup open for the / typed after whitespace, {word + space + '/'!r}",
            "it is closed",
            unchecked("the popup is displayed"),
        )
        self._close_popup()
        self.type("/")
        more = typing_bytes("x")
        self.act(f"await feed({more!r})", lambda: self.driver.feed_terminal(more, "typing"))
        self.typed += "x"
        self._listing("x", "crs-slash-no-match-stays-open", None)
        self._close_popup()

    def _close_popup(self) -> None:
        """Escape in an open / popup: it closes, the input keeps its text; then erase it."""
        keys = key_bytes("escape")
        self.act(f"await feed({keys!r})", lambda: self.driver.feed_terminal(keys, "Escape"))
        self._input_is("crs-slash-keys-escape", "after Escape in the / popup")
        self.typed_back()

    def _popup_rules(self) -> None:
        """The open / popup, as drawn, against the scenarios' rules for its drawing.

        The same checks as the scenarios of ``slash_popup.feature`` (their step functions,
        or :mod:`steps.rawp_crs.part2.popup`'s helpers), on the popup the session reached:
        next to the input and covering none of it (``crs-slash-popup-overlay``), each item
        ``/name`` then its description (``crs-slash-item-content``), the name standing out
        and the description muted (``crs-slash-item-hierarchy``), items set apart
        (``crs-slash-item-separation``), one highlighted item (``crs-slash-focus-highlight``,
        ``crs-slash-single-highlight``) over its whole row (``crs-slash-highlight-full-row``),
        contrasting with the others (``crs-slash-highlight-contrast``), its text off the
        highlight's edges (``crs-slash-item-padding``). Judged when every command is drawn
        (a popup cut by a small terminal is the scroll rules' business).
        """
        popup = self._read_popup()
        if popup is None or len(popup.items) < len(COMMANDS):
            return
        state = cast("CrsState", _PopupState(Published(list(COMMANDS))))
        script = unchecked("the popup's drawing, as the scenarios of slash_popup.feature read it")
        self._scenario_check(
            lambda: check_against_input(
                self.driver, popup, "crs-slash-popup-overlay", "the command popup", covering=True
            ),
            script,
        )
        self._scenario_check(lambda: item_content(self.driver, state), script)
        self._scenario_check(lambda: hierarchy(self.driver, state), script)
        self._scenario_check(
            lambda: check_separated(popup, "crs-slash-item-separation", "/"), script
        )
        item = self._scenario_check(lambda: focused(popup, "crs-slash-focus-highlight"), script)
        backs = [background(cell) for cell in item.cells]
        self.check(
            len(set(backs)) == 1,
            "crs-slash-highlight-full-row",
            f"the focused item /{item.name}: one highlight background across the popup's "
            "inner width",
            f"backgrounds {sorted(set(map(str, backs)))} on {item.text!r}",
            script,
        )
        for other in popup.items:
            ratio = contrast(backs[0], row_background(other))  # type: ignore[arg-type]
            self.check(
                other.name == item.name or ratio >= HIGHLIGHT_CONTRAST,
                "crs-slash-highlight-contrast",
                f"the highlight of /{item.name} against /{other.name}: a contrast ratio of "
                f"at least {HIGHLIGHT_CONTRAST}",
                f"{ratio:.2f}",
                script,
            )
        self._scenario_check(
            lambda: check_padded(popup, item, "crs-slash-item-padding", "/"), script
        )

    def _scenario_check(self, rules: Callable[[], T], replay: str) -> T:
        """Run a scenario's check here; its failure (``[clause] ...``) keeps its message.

        Returns:
            What ``rules`` returns.

        Raises:
            AssertionError: The check's failure, with the session's script.
        """
        try:
            return rules()
        except AssertionError as error:
            message = str(error).splitlines()[0] if str(error) else type(error).__name__
            self.keep_script(replay, message)
            raise

    def _read_popup(self) -> Popup | None:
        """The / popup as drawn now (its items among :data:`COMMANDS`), ``None`` when closed."""
        return read_popup(self.driver, [command.name for command in COMMANDS])

    def _listing(self, prefix: str, clause: str, before: Popup | None) -> Popup | None:
        """The popup after ``/{prefix}`` was typed, its list judged as the oracle judges it.

        Waits (bounded) until it lists what the filter selects, then judges: open
        (``crs-slash-popup-opens``), every name starting with ``prefix`` drawn once (none
        missing unless the popup is drawn full to its bottom), none drawn that does not
        hold the typed characters in order (fuzzy matching is a MAY). A wrong list that is
        ``before``'s, unchanged by the typing, is ``crs-slash-keys-typing``'s.
        """
        wanted = [c.name for c in COMMANDS if c.name.startswith(prefix)]

        def problems(popup: Popup | None) -> str:
            if popup is None:
                return "it is closed"
            drawn = popup.names
            full = bool(popup.items) and popup.items[-1].y >= popup.inner.bottom - POPUP_ROWS
            missing = [] if full else [name for name in wanted if name not in drawn]
            stray = [name for name in drawn if not fuzzy(name, prefix)]
            twice = sorted({name for name in drawn if drawn.count(name) > 1})
            if missing or stray or twice:
                return f"drawn {drawn}; missing {missing}; not matching {stray}; twice {twice}"
            return ""

        self._wait(lambda: not problems(self._read_popup()), "the / popup's list")
        popup = self._read_popup()
        wrong = problems(popup)
        if wrong and popup is not None and before is not None and popup.names == before.names:
            clause = "crs-slash-keys-typing"
        if popup is None and not wanted:
            clause = "crs-slash-no-match-stays-open"
        self.check(
            not wrong,
            "crs-slash-popup-opens" if popup is None and wanted else clause,
            f"after /{prefix}, the popup listing every command starting with {prefix!r} "
            f"({wanted}), once each",
            wrong,
            unchecked("read the popup's items from the screen"),
        )
        return popup

    @precondition(
        lambda self: (
            3 in self.parts
            and self.state != "asking"
            and (not self.typed or self.typed[-1] in " \n")
        )
    )
    @rule(
        query=st.sampled_from(("s", "d", "t")),
        count=st.integers(1, 3),
        moves=st.integers(0, 2),
        key=st.sampled_from(("enter", "tab", "escape")),
    )
    def file_reference(self, query: str, count: int, moves: int, key: str) -> None:
        """Type ``@`` and a letter, offer files, move the focus, select one or close.

        Enter or Tab replaces ``@{query}`` with a token of one offered file
        (``crs-token-replaces-query``); Escape closes the popup and keeps ``@{query}``
        (``crs-at-keys-escape``) and sends no cancel, even in a turn.
        """
        data = typing_bytes("@" + query)
        sent = len(searches(self.driver))
        self.act(f"await feed({data!r})", lambda: self.driver.feed_terminal(data, "typing @"))
        search = self._search(query, sent)
        offered = tuple(candidate(path) for path in FILES[:count])
        if search is not None:
            event = FileCandidates(search.query_id, offered)
            self._publish(event, code=f"FileCandidates({search.query_id!r}, {offered!r})")
        keys = key_bytes("down") * moves + key_bytes(key)
        before = list(self.tokens)
        self.act(f"await feed({keys!r})", lambda: self.driver.feed_terminal(keys, "the @ popup"))
        if key == "escape" or search is None:
            self.typed += "@" + query
            self._input_is("crs-at-keys-escape", "after Escape in the @ popup")
            return
        self._wait(lambda: len(self._tokens()) > len(before), "the selected file's token")
        found = self._tokens()
        new = [token for token in found if token not in before]
        paths = [c.path for c in offered]
        self.check(
            len(found) == len(before) + 1 and len(new) == 1 and new[0].path in paths,
            "crs-token-replaces-query",
            f"after {key} in the @ popup one new token of one of {paths!r}",
            shape(self.driver),
            f"len(adapter.input_tokens(app)) > {len(before)}",
        )
        self.tokens = found
        self.typed += TOKEN.format(new[0].path)
        self._input_is("crs-token-replaces-query", f"after {key} in the @ popup")

    @precondition(
        lambda self: 4 in self.parts and self.sent and self.state != "asking" and not self.typed
    )
    @rule()
    def recall(self) -> None:
        """Press ↑ in the empty input: it stays empty or holds the last message sent.

        ``crs-history-recall`` is a MAY: a client without recall keeps the input empty; one
        with it brings back the last message as typed, its file tokens included.
        """
        self.driver.uses(4)  # the history keys
        self.act(
            'await feed(key_bytes("up"))',
            lambda: self.driver.feed_terminal(key_bytes("up"), "pressing Up"),
        )
        value = self.sent[-1][0]
        seen = self.seen_input()
        self.check(
            printable(seen) in ("", printable(value)),
            "crs-history-recall",
            f"after Up in the empty input: empty, or the last message sent, {value!r}",
            repr(seen),
            f"printable(input_value()) in ('', {printable(value)!r})",
        )
        if seen:
            self.typed = value
            self.tokens = [node for node in self._nodes() if isinstance(node, TokenView)]

    @precondition(lambda self: self.state == "running" and 4 in self.parts)
    @rule(
        kind=st.sampled_from(("YN", "PERMISSION", "SELECT")),
        key=st.sampled_from(("y", "n", "enter", "escape")),
        moves=st.integers(0, 2),
        default=st.booleans(),
        focus=st.sampled_from(CLICKED),
    )
    def ask(self, kind: str, key: str, moves: int, default: bool, focus: str = "") -> None:
        """The agent asks the user; the user answers with keys (002 §2.5.3).

        One answer is sent, with the outcome the keys give (``crs-interaction-keys-yn``,
        ``-permission``, ``-select``); Escape on a SELECT answers its default or no choice
        (``crs-interaction-escape-default``) and never cancels the turn
        (``crs-escape-closes-interaction``, judged by :meth:`nothing_sent_unasked`).

        With ``focus`` (``input`` or ``conversation``) and Escape, the user first clicks
        there, as the scenarios "Escape closes the UI even after a click moved the focus to
        ..." do: the Escape that follows still only closes the request. The focus is then
        put back on the input, where the next rules type.
        """
        if kind != "YN" and key in ("y", "n"):
            key = "enter"
        focus = focus if key == "escape" else ""
        options = ("main", "develop", "release") if kind == "SELECT" else ()
        value = "develop" if kind == "SELECT" and default else None
        self.answers += 1
        request_id = f"r{self.answers}"
        request = InteractionRequested(
            request_id, cast("InteractionType", kind), "계속할까요?", options, value, self._turn()
        )
        self.storable = False
        self.state = "asking"
        self._publish(request, code=repr(request))
        data = (key_bytes("down") * moves if kind == "SELECT" else b"") + key_bytes(key)
        cancels = self._cancels()
        if focus:
            self._click(focus)
        self.act(f"await feed({data!r})", lambda: self.driver.feed_terminal(data, "answering"))
        if focus:
            self.act(
                "app.set_focus(app.screen.query_one(adapter.input_selector))\nawait pilot.pause()",
                self._focus_input,
            )
        self.state = "running"
        self.check(
            self._cancels() == cancels,
            "crs-escape-closes-interaction",
            f"no cancel for {key} on the {kind} request (it answers the request)"
            + (f", the focus moved to the {focus} by a click" if focus else ""),
            f"{self._cancels() - cancels} cancel(s)",
            f"cancels() == {cancels}",
        )
        sent = [
            f
            for f in self.driver.agent.sent_of(ANSWER)
            if getattr(f, "request_id", None) == request_id
        ]
        seen = [(getattr(f, "outcome", None), getattr(f, "value", None)) for f in sent]
        clause = {
            "YN": "crs-interaction-keys-yn",
            "PERMISSION": "crs-interaction-keys-permission",
        }.get(kind, "crs-interaction-keys-select")
        if kind == "SELECT":
            ok = len(seen) == 1 and (
                seen[0][1] in options if key == "enter" else seen[0][1] == value
            )
            wanted = "one answer, " + (
                "an option selected" if key == "enter" else f"the value {value!r}"
            )
            if key == "escape":
                clause = "crs-interaction-escape-default"
        else:
            outcome = "approved" if key in ("y", "enter") else "rejected"
            ok = len(seen) == 1 and seen[0][0] == outcome
            wanted = f"one answer {outcome!r}"
        self.check(
            ok,
            clause,
            f"after {key} on a {kind} request: {wanted}",
            repr(seen),
            f"len(agent.sent_of({ANSWER!r})) == {self.answers}",
        )

    @precondition(
        lambda self: self.stored and self.storable and self.state == "idle" and 4 in self.parts
    )
    @rule()
    def reopen(self) -> None:
        """Open the stored conversation in a new client: it draws what the live one drew.

        The agent stores each finished turn as it happened (the prompt the client sent,
        its time, the events, the end's time); a second client on the same store and clock
        reopens the conversation (as ``reopening.feature`` does, ``ClientSettings
        .conversation_id``). Each item (actor, kind, text as :func:`steps.screen.item_text`
        reads it: command bubbles, tokens, times) must be the live one's, under the clause
        :func:`reopen_clause` names (docs/exploration.md).
        """
        self.driver.uses(4)  # a stored conversation, lazily loaded
        self.act("# a new client on the same store reopens the conversation", lambda: None)
        live = drawn_items(self.driver)
        other = CrsDriver(
            self.driver.adapter,
            size=self.driver.size,
            timeout=self.harness.timeout,
            timeout_source=self.harness.timeout_source,
            context=self.driver.context,
        )
        other.agent.history = list(self.stored)
        other.clock.set(self.driver.clock())
        other.settings = dataclasses.replace(
            other.settings, conversation_id="explored", initial_turns=100
        )
        try:
            other.start()
            other.settle()
            reopened = drawn_items(other)
        finally:
            other.stop()
        self.check(
            reopened == live,
            reopen_clause(live, reopened),
            f"the reopened conversation drawn as it was live, {live!r}",
            repr(reopened),
            unchecked("compare the items of a client reopening agent.history with the live one's"),
        )

    # -- invariants --------------------------------------------------------------------

    @invariant()
    def nothing_sent_unasked(self) -> None:
        """[crs-escape-cancels-turn] Only Enter sends prompts, only Escape in a turn cancels."""
        if not self.started or not self.driver.running:
            return
        prompts, cancels = len(self._prompts()), self._cancels()
        self.check(
            prompts == self.prompts,
            "crs-input-plain-text",
            f"{self.prompts} prompts sent, one per Enter on a non-blank input",
            f"{prompts}",
            f"len(prompts()) == {self.prompts}",
        )
        idle = self.state == "idle" and cancels > self.cancels
        self.check(
            cancels == self.cancels,
            "crs-escape-idle-does-nothing" if idle else "crs-escape-cancels-turn",
            f"{self.cancels} cancels sent, one per Escape during a turn",
            f"{cancels}",
            f"cancels() == {self.cancels}",
        )

    # -- helpers -----------------------------------------------------------------------

    def seen_input(self) -> str:
        """The input's text, each token written as the model writes it (:data:`TOKEN`)."""
        found = self._nodes()
        if not any(isinstance(node, TokenView) for node in found):
            return str(self.driver.input_value)
        return "".join(
            TOKEN.format(node.path) if isinstance(node, TokenView) else node for node in found
        )

    def _input_is(self, clause: str, when: str) -> None:
        """The input holds the model's text now (printable parts), or fail under ``clause``."""
        seen, expected = self.seen_input(), printable(self.typed)
        self.check(
            printable(seen) == expected,
            clause,
            f"{when}, the input {expected!r}",
            repr(seen),
            f"printable(input_value()) == {expected!r}",
        )

    def _wait(self, condition: Callable[[], bool], what: str) -> None:
        """Let the client run until ``condition()`` (bounded: :data:`SEARCH_BOUND`); then judge."""
        with contextlib.suppress(WaitTimeout):
            self.driver.wait_until(condition, what, SEARCH_BOUND)

    def _tokens(self) -> list[TokenView]:
        return [node for node in nodes(self.driver) if isinstance(node, TokenView)]

    def _nodes(self) -> list[str | TokenView]:
        return nodes(self.driver) if 3 in self.parts else [self.driver.input_value]

    def _search(self, query: str, before: int) -> Any:
        """The client's search for ``query`` sent after its first ``before`` searches.

        Waits (bounded: :data:`SEARCH_BOUND`) for a new one: a client may debounce, and an
        earlier search of the same query is stale (its answer would be ignored,
        ``crs-at-stale-results-ignored``). A client that sends none but searched the query
        before may reuse that answer: the earlier search is then answered again. ``None``
        (after a ``crs-at-search-request`` failure) when there is neither.
        """

        def found(sent: list[Any]) -> Any:
            return next((s for s in reversed(sent) if s.query == query), None)

        with contextlib.suppress(WaitTimeout):
            self.driver.wait_until(
                lambda: found(searches(self.driver)[before:]) is not None,
                f"a search for {query!r}",
                SEARCH_BOUND,
            )
        search = found(searches(self.driver)[before:]) or found(searches(self.driver))
        self.check(
            search is not None,
            "crs-at-search-request",
            f"a control.file.search for {query!r}",
            repr([s.query for s in searches(self.driver)]),
            "True",
        )
        return search

    def _check_prompt(self, value: str, before: list[str]) -> None:
        """The prompt Enter sent holds ``value`` as typed: text escaped, tokens as references.

        ``crs-enter-sends`` (one prompt), ``crs-send-file-references`` (one entry per token,
        its ``ref_id`` and path), ``crs-send-token-format`` (``<@file:ref_id|display_path>``
        where each token stands, the text around it escaped, ``crs-send-text-escaped``). The
        prompt may carry the input stripped or not.
        """
        frames = self.driver.agent.sent_of(PROMPT)[len(before) :]
        self.check(
            len(frames) == 1,
            "crs-enter-sends",
            f"one prompt for the input {value!r}",
            repr([getattr(f, "prompt_text", f) for f in frames]),
            f"len(prompts()) == {len(before) + 1}",
        )
        refs = list(getattr(frames[0], "file_references", ()) or ())
        wanted_refs = [(token.ref_id, token.path) for token in self.tokens]
        self.check(
            [(r.ref_id, r.path) for r in refs] == wanted_refs,
            "crs-send-file-references",
            f"file_references, one per token of the input, {wanted_refs!r}",
            repr([(r.ref_id, r.path) for r in refs]),
            f"[(r.ref_id, r.path) for r in agent.sent[-1].file_references] == {wanted_refs!r}",
        )
        display = {r.ref_id: r.display_path for r in refs}
        wanted = [
            prompt_text(text, self.tokens, display)
            for text in dict.fromkeys((value, value.strip()))
        ]
        seen = frames[0].prompt_text
        self.check(
            seen in wanted,
            "crs-send-token-format" if self.tokens else "crs-enter-sends",
            f"one prompt holding the input as typed, {wanted[0]!r}",
            repr(seen),
            f"prompts()[{len(before)}] in {wanted!r}",
        )

    def _check_bubble(self, value: str, users: int) -> None:
        """The prompt just sent has the input type and the bubble part 2 gives it.

        A prompt that starts with a published command's ``/name`` (selected in the / popup,
        text typed after it or not) is sent with input type ``slash_command``
        (``crs-command-bubble-for-slash-input-type``, as ``command_bubble.feature`` sends
        ``/compact focus on auth module``); any other prompt may have either type (a slash
        word the agent did not publish: RAWP-DPS §6.1.1 is not held). Once the client has
        drawn the new user item, it is a command bubble for ``slash_command`` and a text
        bubble for any other type (004 §3.3 ¶11: the bubble follows the type sent). A client
        that has not drawn the item yet is not judged here.

        Args:
            value: What the input held when Enter was pressed.
            users: How many user items were drawn before (:meth:`_user_views`).
        """
        input_type = getattr(self.driver.agent.sent_of(PROMPT)[-1], "input_type", None)
        published = any(value == f"/{c.name}" or value.startswith(f"/{c.name} ") for c in COMMANDS)
        self.check(
            not published or input_type == "slash_command",
            "crs-command-bubble-for-slash-input-type",
            f"the prompt {value!r}, a published command, sent with input type 'slash_command'",
            repr(input_type),
            'agent.sent_of("control.prompt.request")[-1].input_type == "slash_command"',
        )
        drawn = self._user_views()
        if len(drawn) <= users:
            return
        expected = "command" if input_type == "slash_command" else "text"
        self.check(
            drawn[-1].kind == expected,
            "crs-command-bubble-for-slash-input-type"
            if expected == "command"
            else "crs-text-bubble-for-other-input-types",
            f"the user item of the prompt {value!r} (sent with input type {input_type!r}) "
            f"drawn as a {expected} bubble",
            f"kind {drawn[-1].kind!r}",
            unchecked("read the kind of the last user item the adapter's items() gives"),
        )

    def _user_views(self) -> list[ItemView]:
        """The conversation's user items now, in order (times left out)."""
        return [v for v in self.driver.items() if v.actor == "user" and v.kind != "timestamp"]

    def _turn(self) -> str:
        return f"t{self.turn}"

    def _prompts(self) -> list[str]:
        return [getattr(f, "prompt_text", f) for f in self.driver.agent.sent_of(PROMPT)]

    def _cancels(self) -> int:
        return len(self.driver.agent.sent_of(CANCEL))

    def _publish(self, *events: Any, code: str) -> None:
        self.act(f"await publish({code})", lambda: self.driver.publish(*events))


@dataclasses.dataclass
class _PopupState:
    """What the slash popup's step functions read of a scenario's state: the commands."""

    published: Published


def fuzzy(name: str, prefix: str) -> bool:
    """Whether ``name`` may be listed for ``prefix``: its characters in order, case-folded.

    A prefix match is one; so is any fuzzy match (004 §3.2 ¶12, MAY), as the slash filter
    oracle allows (``steps/rawp_crs/part2/slash_filter_oracle_steps.py``).
    """
    rest = iter(name.casefold())
    return all(char in rest for char in prefix.casefold())


def single_focus(popup: Popup | None) -> str | None:
    """The name of the one item the popup shows as focused, ``None`` when it shows no one."""
    focus = [] if popup is None else popup.focus()
    return focus[0].name if len(focus) == 1 else None


class CrsPart1Explorer(CrsExplorer):
    """The rules of part 1 only: typing, pasting, sending, turns, Escape, pages, resizing.

    The scenario that runs it cites clauses of part 1 only, so that a client claiming part 1
    alone (``examples/crs_part1``) is explored too; :class:`CrsExplorer` adds the popups,
    recall, interaction requests and reopening (parts 2 to 4) in a scenario of its own.
    """

    SCOPE = frozenset({1})
