"""The driver of profile ``rawp_crs``: a RAWP-CRS client wired to the fake agent.

:class:`CrsDriver` extends the profile-independent :class:`~steps.app_driver.AppDriver`
(one event loop and Pilot per scenario, settling, key and paste delivery, crash and hang
guards) with the adapter's ``create_client``, the scenario's :class:`FakeAgent` and
:class:`FakeClock`, what the profile's steps read (the conversation items the adapter
names), and the adapter's members part by part: ``crs_driver.part3.input_tokens(app)`` is
typed by the part's ``Protocol`` (:class:`~steps.rawp_crs.contract.RawpCrsPart3`), gives a
verdict ERROR naming the member and the part when the adapter lacks it, and records that
the scenario used part 3 (:attr:`~steps.app_driver.AppDriver.parts_used`).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Any, cast

from textual import events
from textual.widget import Widget

from rawp_port import ClientSettings, Event
from steps.app_driver import AppDriver
from steps.checks import precondition
from steps.rawp_crs.contract import (
    RAWP_CRS_PARTS,
    ItemView,
    RawpCrsAdapter,
    RawpCrsPart1,
    RawpCrsPart2,
    RawpCrsPart3,
    RawpCrsPart4,
    RawpCrsPart5,
)
from steps.rawp_crs.support.fake_agent import FakeAgent, FakeClock
from steps.terminal_input import READ_SIZE
from steps.verdicts import HARNESS_PREFIX, HarnessError


def item_view(view: object) -> ItemView:
    """One item as the adapter's ``items(app)`` gave it, as the harness reads it.

    An adapter imports nothing from the harness: an item may be an ``ItemView``, any
    object with the attributes ``actor``, ``kind`` and ``widget``, or an
    ``(actor, kind, widget)`` tuple.

    Raises:
        HarnessError: ``view`` is none of these, or its widget is not a ``Widget``.
    """
    if isinstance(view, ItemView):
        return view
    fields = fields_of(view, ("actor", "kind", "widget"))
    if fields is None or not isinstance(fields[2], Widget):
        raise HarnessError(
            f"{HARNESS_PREFIX}: items(app) gave {view!r}; expected an (actor, kind, widget) "
            "tuple or an object with those attributes, the widget a textual Widget "
            "(docs/adapters.md, Part 1)"
        )
    actor, kind, widget = fields
    return ItemView(actor, kind, widget)


def fields_of(value: object, names: tuple[str, ...]) -> tuple[Any, ...] | None:
    """``value``'s attributes ``names``, or its items when it is a tuple of that length."""
    if isinstance(value, tuple):
        return value if len(value) == len(names) else None
    try:
        return tuple(getattr(value, name) for name in names)
    except AttributeError:
        return None


def visible_text(text: str) -> bool:
    """Whether ``text`` holds a character that draws something (not a control, format or space)."""
    return any(unicodedata.category(char)[0] not in "CZ" for char in text)


PROMPT_REQUEST = "control.prompt.request"
"""RAWP type name of a sent prompt."""
START_TIME = datetime(2026, 3, 10, 5, 32, tzinfo=UTC)
"""Where the fake clock starts unless a step sets it: 14:32 in Asia/Seoul."""
EVENT_PARTS = {"CommandsPublished": 2, "FileCandidates": 3, "InteractionRequested": 4}
"""The agent's events one part alone specifies, by type name: the commands of the slash
popup (§3.2, part 2), the answer to the ``@`` popup's search (§3.4.2, part 3) and an
interaction request (§2.5.3, part 4). Publishing one uses that part (:meth:`CrsDriver.publish`)."""


class PartMembers:
    """The adapter's members of one part of profile ``rawp_crs``, each looked up with a clear error.

    Stands in for the adapter, typed as the part's ``Protocol`` (:class:`CrsDriver`'s
    ``part1`` to ``part5``), so mypy checks every member a step reads. The adapter is
    checked against the Protocol of each part it claims when it is loaded; a lookup that
    fails anyway (a part not claimed but used by a scenario without its ``@part`` tag, a
    property raising ``AttributeError``) gives a verdict ERROR naming the member and the
    part, never an ``AttributeError`` inside a step.
    """

    __slots__ = ("_adapter", "_part")

    def __init__(self, adapter: object, part: int) -> None:
        """The members of part ``part`` (a key of :data:`RAWP_CRS_PARTS`) of ``adapter``."""
        self._adapter = adapter
        self._part = part

    def __getattr__(self, name: str) -> Any:
        """The adapter's member ``name``: an attribute's value, or a bound method.

        Raises:
            HarnessError: The adapter has no such member.
        """
        try:
            return getattr(self._adapter, name)
        except AttributeError:
            title = RAWP_CRS_PARTS[self._part][0]
            raise HarnessError(
                f"{HARNESS_PREFIX}: the adapter {type(self._adapter).__qualname__} has no "
                f"`{name}`, which part {self._part} of profile rawp_crs ({title}) needs "
                "(docs/adapters.md)"
            ) from None


class CrsDriver(AppDriver):
    """Runs one RAWP-CRS client for one scenario, against a fresh fake agent.

    Attributes:
        agent: The scenario's fake agent: the client's port and control plane.
        clock: The scenario's clock; it moves only when a step moves it.
        settings: The settings the next :meth:`start` hands the client.
    """

    FACTORY = "create_client()"
    adapter: RawpCrsAdapter

    def __init__(self, adapter: RawpCrsAdapter, *args: Any, **kwargs: Any) -> None:
        """Prepare a run of ``adapter``'s client; the rest as :class:`AppDriver` takes it."""
        super().__init__(adapter, *args, **kwargs)
        self.agent = FakeAgent()
        self.clock = FakeClock(START_TIME)
        self.settings = ClientSettings()
        self.times_shown = False
        """Whether the adapter's reveal key (``timestamp_reveal = "key:<key>"``) last showed
        every time in the running client (``steps.rawp_crs.part1.timestamps``)."""

    def make_app(self) -> object:
        """``create_client(port, control, clock, settings)`` with the fake as both planes."""
        self.times_shown = False
        return self.part1.create_client(self.agent, self.agent, self.clock, self.settings)

    def publish(self, *events: Event | Any) -> None:
        """Deliver ``events`` to the client now, in order, then wait until it is idle.

        An event of :data:`EVENT_PARTS` records its part as used.
        """
        self.record(f"await publish({', '.join(map(repr, events))})")
        self.uses(*(EVENT_PARTS[name] for e in events if (name := type(e).__name__) in EVENT_PARTS))

        async def deliver() -> None:
            self.agent.publish(*events)

        self.run(deliver(), "publishing agent events")
        self.settle()

    # -- the adapter's members, part by part ---------------------------------------

    @property
    def part1(self) -> RawpCrsPart1:
        """The members of part 1 (the conversation, sending, ...); records part 1 as used."""
        return cast(RawpCrsPart1, self._members(1))

    @property
    def part2(self) -> RawpCrsPart2:
        """The members of part 2 (the slash-command popup); records part 2 as used."""
        return cast(RawpCrsPart2, self._members(2))

    @property
    def part3(self) -> RawpCrsPart3:
        """The members of part 3 (file references); records part 3 as used."""
        return cast(RawpCrsPart3, self._members(3))

    @property
    def part4(self) -> RawpCrsPart4:
        """The members of part 4 (interaction requests, history, ...); records part 4 as used."""
        return cast(RawpCrsPart4, self._members(4))

    @property
    def part5(self) -> RawpCrsPart5:
        """The members of part 5 (the file browser); records part 5 as used."""
        return cast(RawpCrsPart5, self._members(5))

    def _members(self, part: int) -> PartMembers:
        self.uses(part)
        return PartMembers(self.adapter, part)

    # -- typing: a precondition --------------------------------------------------

    def type_text(self, text: str) -> None:
        """Type ``text`` key by key (:meth:`AppDriver.type_text`), a precondition checked.

        See :meth:`typed_for_input`.
        """
        before = self.typing_state()
        super().type_text(text)
        self.typed_for_input(before, text)

    def paste_text(self, text: str) -> None:
        """Paste ``text`` as one paste event (:meth:`AppDriver.paste_text`), checked alike."""
        before = self.typing_state()
        super().paste_text(text)
        self.typed_for_input(before, text)

    def burst(self, strokes: Iterable[events.Event], doing: str = "a burst of keys") -> None:
        """Deliver ``strokes`` at once (:meth:`AppDriver.burst`), checked as typing is.

        Checked when its printable keys outnumber its deleting ones (Backspace, Delete),
        so typing and erasing the same text is not taken for typing lost; a burst holding
        Enter is checked only when it also sent no prompt (its text left with the prompt).
        """
        strokes = list(strokes)
        keys = [stroke for stroke in strokes if isinstance(stroke, events.Key)]
        typed = "".join(key.character or "" for key in keys if key.is_printable)
        erasing = sum(key.key in ("backspace", "delete") for key in keys)
        sends = any(key.key == "enter" for key in keys)
        prompts = len(self.agent.sent_of(PROMPT_REQUEST))
        before = self.typing_state() if len(typed) > erasing else None
        super().burst(strokes, doing)
        if sends and len(self.agent.sent_of(PROMPT_REQUEST)) > prompts:
            return
        self.typed_for_input(before, typed)

    def feed_terminal(
        self, data: bytes, doing: str = "reading terminal input", read_size: int = READ_SIZE
    ) -> None:
        """Deliver the bytes a terminal sends (:meth:`AppDriver.feed_terminal`), checked alike.

        The text is the bytes decoded, escape sequences and all: a paste or typing that
        left the input unchanged is blocked as :meth:`typed_for_input` says.
        """
        before = self.typing_state()
        super().feed_terminal(data, doing, read_size)
        self.typed_for_input(before, data.decode(errors="replace"))

    def typing_state(self) -> tuple[str, Widget | None] | None:
        """The input's text and the focused widget, when nothing but the conversation has it.

        ``None`` where typing may rightly go elsewhere (002 §2.5.5 ¶1: "팝업이나 상호작용 UI가
        표시되지 않은 상태에서"): a widget other than the conversation area has the focus (the
        input, a popup, an interaction UI, a dialog), or the input cannot be read.
        """
        if not self.running:
            return None
        focused = self.app.focused
        try:
            area, value = self.conversation, self.input_value
        except Exception:  # no input on this screen: nothing to hold typing to
            return None
        return (value, focused) if focused is None or focused is area else None

    def typed_for_input(self, before: tuple[str, Widget | None] | None, text: str) -> None:
        """Typing with the focus on nothing or on the conversation reached the input.

        A precondition of every scenario that types so (``crs-typing-focuses-input``, 002
        §2.5.5 ¶1, l. 106): where a text with a visible character left the input unchanged,
        the scenario is blocked by that clause, charged once, instead of failing each clause
        it cites (issue 37, class 5).

        Raises:
            steps.checks.Blocked: The input is unchanged.
        """
        if before is None or not visible_text(text) or not self.running:
            return
        value, focused = before
        holder = type(focused).__name__ if focused else "nothing"
        precondition(
            self.input_value != value,
            "crs-typing-focuses-input",
            f"the input after typing with the focus on {holder}",
            f"{text[:40]!r} in it",
            f"{self.input_value[:60]!r}, unchanged",
        )

    # -- what the steps read ------------------------------------------------------

    def items(self) -> Sequence[ItemView]:
        """The conversation's items as the adapter names them, top to bottom."""
        return [item_view(view) for view in self.part1.items(self.app)]
