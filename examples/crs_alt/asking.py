"""The alternative client's interaction UI: a question card of its own rows (002 §2.5.3).

Built unlike the reference's (which uses Textual's ``OptionList``, ``SelectionList``,
``Button`` and ``Input``): the card is one focusable widget holding plain ``Static`` rows,
with its own cursor, drawn by a ``-cursor`` class; the pointer restyles a row through a
``:hover`` rule (colours only, nothing resizes, 002 §2.3). YN and PERMISSION show their two
answers as rows too; MULTI_SELECT rows carry a ``[x]``/``[ ]`` box; TEXT_INPUT takes the
typed characters into a row of its own (no ``Input`` widget). Keys are handled in
:meth:`QuestionCard.on_key`, not by bindings.

Escape on SELECT, MULTI_SELECT and TEXT_INPUT answers ``default_value`` when the request has
one, otherwise ``cancelled`` with no value; on YN and PERMISSION it rejects (design §9,
decision 11). The chat screen routes Escape here while a card is shown, so it never cancels
the turn (``crs-escape-closes-interaction``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

ASKED = "agent.interaction.request"
"""RAWP type name of the event that asks the user something."""


@dataclass(frozen=True)
class InteractionAnswer:
    """This client's own copy of the answer frame (``control.interaction.response``)."""

    type: ClassVar[str] = "control.interaction.response"
    request_id: str
    outcome: str
    value: str | list[str] | None = None


@dataclass(frozen=True)
class Question:
    """What this client reads of an ``agent.interaction.request``."""

    request_id: str
    kind: str
    prompt: str
    options: tuple[str, ...]
    default: str | None
    turn_id: str | None

    @classmethod
    def of(cls, event: object) -> Question:
        """Read the event's attributes, whatever its class."""
        default = getattr(event, "default_value", None)
        turn = getattr(event, "turn_id", None)
        return cls(
            str(getattr(event, "request_id", "")),
            str(getattr(event, "interaction_type", "")),
            str(getattr(event, "prompt", "")),
            tuple(str(option) for option in getattr(event, "options", ()) or ()),
            None if default is None else str(default),
            None if turn is None else str(turn),
        )


class ChoiceRow(Static):
    """One answer row; ``-cursor`` marks the keyboard's place, ``-on`` a toggled box."""

    def __init__(self, label: str, index: int, boxed: bool) -> None:
        """A row for ``label`` (drawn as text, never markup)."""
        super().__init__(markup=False)
        self.label = label
        self.index = index
        self.boxed = boxed
        self.on = False
        self.refresh_label()

    def refresh_label(self) -> None:
        """Redraw the row's text: ``[x] label`` / ``[ ] label`` for a box, ``label`` otherwise."""
        box = ("[x] " if self.on else "[ ] ") if self.boxed else ""
        self.update(Text(f" {box}{self.label} "))


class _Rows(VerticalScroll, can_focus=False):
    """The rows of a long list scroll inside the card; the card keeps the focus."""


class QuestionCard(Vertical, can_focus=True):
    """The UI of one question; it has the keyboard focus while shown."""

    def __init__(self, question: Question, on_answer: Callable[[InteractionAnswer], None]) -> None:
        """Create the card of ``question``; ``on_answer`` gets the one answer frame."""
        super().__init__(classes="ask-card")
        self.question = question
        self._on_answer = on_answer
        self.cursor = 0
        self.typed = ""
        self.done = False

    @property
    def choices(self) -> Sequence[str]:
        """The rows' labels: the two answers of YN/PERMISSION, or the options."""
        if self.question.kind == "YN":
            return ("Yes", "No")
        if self.question.kind == "PERMISSION":
            return ("Allow", "Deny")
        return self.question.options

    def compose(self) -> ComposeResult:
        """The prompt, one row per choice (or the typed-text row), the key hints."""
        yield Static(Text(self.question.prompt), classes="ask-prompt")
        if self.question.kind == "TEXT_INPUT":
            yield Static(Text("> "), classes="ask-typed")
        else:
            boxed = self.question.kind == "MULTI_SELECT"
            with _Rows(classes="ask-rows"):
                for index, label in enumerate(self.choices):
                    yield ChoiceRow(label, index, boxed)
        yield Static(Text(self._hint()), classes="ask-hint")

    def _hint(self) -> str:
        return {
            "YN": "y/Enter: yes   n/Esc: no",
            "PERMISSION": "Enter: allow   Esc: deny",
            "SELECT": "Up/Down: move   Enter: choose   Esc: cancel",
            "MULTI_SELECT": "Up/Down: move   Space: toggle   Enter: done   Esc: cancel",
        }.get(self.question.kind, "Enter: send   Esc: cancel")

    def on_mount(self) -> None:
        """Show the cursor on the first row and take the focus."""
        self._show_cursor()
        self.focus()

    def _rows(self) -> list[ChoiceRow]:
        return list(self.query(ChoiceRow))

    def _show_cursor(self) -> None:
        for row in self._rows():
            row.set_class(row.index == self.cursor, "-cursor")

    def on_key(self, event: events.Key) -> None:
        """Every key of §2.5.3 for this question's kind; other keys are swallowed.

        Page Up/Down of a Yes/No or permission question scroll the conversation a page
        (002 §2.5.4, ``crs-page-keys-scroll``): a person reads back before answering.
        """
        event.stop()
        event.prevent_default()
        kind, key = self.question.kind, event.key
        if key in ("pageup", "pagedown") and kind in ("YN", "PERMISSION"):
            self._page(-1 if key == "pageup" else 1)
            return
        if key == "escape":
            self.escape()
        elif kind == "YN" and key.removeprefix("shift+").lower() in ("y", "n"):  # Y as y
            self._answer("approved" if key.removeprefix("shift+").lower() == "y" else "rejected")
        elif key == "enter":
            self._enter()
        elif kind == "TEXT_INPUT":
            self._type(event)
        elif key in ("up", "down"):
            self.cursor = max(
                0, min(len(self.choices) - 1, self.cursor + (1 if key == "down" else -1))
            )
            self._show_cursor()
            self._scroll_to_cursor()
        elif key == "space" and kind == "MULTI_SELECT":
            row = self._rows()[self.cursor]
            row.on = not row.on
            row.refresh_label()

    def _page(self, direction: int) -> None:
        """Scroll the conversation (``AltCrsApp.CONVERSATION_ID``) one page up (-1) or down."""
        chat = self.screen.query_one("#chat", VerticalScroll)
        height = chat.scrollable_content_region.height
        if direction > 0 and chat.scroll_y >= chat.max_scroll_y:
            return  # at the end already: touching the offset would stop it following
        chat.scroll_relative(y=direction * height, animate=False, immediate=True)

    def _scroll_to_cursor(self) -> None:
        rows = self._rows()
        if rows:
            rows[self.cursor].scroll_visible(animate=False)

    def _type(self, event: events.Key) -> None:
        if event.key == "backspace":
            self.typed = self.typed[:-1]
        elif event.is_printable and event.character:
            self.typed += event.character
        self.query_one(".ask-typed", Static).update(Text(f"> {self.typed}"))

    def _enter(self) -> None:
        kind = self.question.kind
        if kind in ("YN", "PERMISSION"):
            self._answer("approved")  # Enter approves, wherever the cursor is (§2.5.3)
        elif kind == "SELECT":
            self._answer("selected", self.question.options[self.cursor])
        elif kind == "MULTI_SELECT":
            self._answer("selected", [row.label for row in self._rows() if row.on])
        else:
            self._answer("submitted", self.typed)

    def escape(self) -> None:
        """Reject (YN, PERMISSION), or cancel with the default value if there is one."""
        if self.question.kind in ("YN", "PERMISSION"):
            self._answer("rejected")
        else:
            self._answer("cancelled", self.question.default)

    def on_click(self, event: events.Click) -> None:
        """A click on a row answers with it (SELECT, YN, PERMISSION) or toggles it."""
        row = event.widget if isinstance(event.widget, ChoiceRow) else None
        if row is None:
            return
        self.cursor = row.index
        self._show_cursor()
        if self.question.kind == "MULTI_SELECT":
            row.on = not row.on
            row.refresh_label()
        elif self.question.kind in ("YN", "PERMISSION"):
            self._answer("approved" if row.index == 0 else "rejected")
        elif self.question.kind == "SELECT":
            self._answer("selected", row.label)

    def _answer(self, outcome: str, value: str | list[str] | None = None) -> None:
        if not self.done:
            self.done = True
            self._on_answer(InteractionAnswer(self.question.request_id, outcome, value))
