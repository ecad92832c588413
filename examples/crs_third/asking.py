"""The interaction UI of 002 §2.5.3: a panel above the composer answering one request.

The panel takes the keyboard focus while it is shown and posts :class:`AskPanel.Answered`
with the answer frame's fields; the app sends it and shows the next queued request. Its
options are one ``Static`` each, with a hover effect that fades in (002 §2.3: buttons get a
smooth effect that does not move anything).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Input, Static

from examples.crs_third.marks import visible

YES_NO = ("예 (Y)", "아니오 (N)")
"""The two options of a YN request."""

ALLOW_DENY = ("허용 (Enter)", "거부 (Esc)")
"""The two options of a PERMISSION request."""


class Choice(Static):
    """One option; a click answers with it."""

    def __init__(self, label: str, index: int) -> None:
        """Draw option ``index`` with ``label``."""
        super().__init__(Text(label), classes="choice")
        self.index = index

    def on_click(self, event: events.Click) -> None:
        """Answer with this option."""
        event.stop()
        for ancestor in self.ancestors:
            if isinstance(ancestor, AskPanel):
                ancestor.click(self.index)
                return


class AskPanel(Vertical, can_focus=True):
    """One interaction request: its prompt, its options or a text field."""

    @dataclass
    class Answered(Message):
        """The user answered; handled by the app's ``on_ask_panel_answered``."""

        request_id: str
        outcome: str
        value: str | list[str] | None

    def __init__(self, request: Any, *, id: str | None = None) -> None:
        """Show ``request`` (an ``agent.interaction.request``)."""
        super().__init__(id=id)
        self.request = request
        self.kind = str(request.interaction_type)
        self.focus_index = 0
        self.toggled: set[int] = set()
        self.done = False
        self._choices: list[Choice] = []
        self._painted: set[int] = set()

    @property
    def labels(self) -> tuple[str, ...]:
        """The options drawn, by kind."""
        if self.kind == "YN":
            return YES_NO
        if self.kind == "PERMISSION":
            return ALLOW_DENY
        if self.kind in ("SELECT", "MULTI_SELECT"):
            return tuple(str(option) for option in self.request.options)
        return ()

    def compose(self) -> ComposeResult:
        """The prompt, then the options or the text field."""
        yield Static(Text(visible(str(self.request.prompt), lines=True)), classes="ask-prompt")
        if self.kind == "TEXT_INPUT":
            yield Input(value=self.request.default_value or "", id="ask-text")
        with VerticalScroll(id="choices"):
            for index, label in enumerate(self.labels):
                yield Choice(self._decorate(index, label), index)

    def on_mount(self) -> None:
        """Take the focus (002 §2.5.3: keys go to the interaction UI)."""
        self._paint()
        if self.kind == "TEXT_INPUT":
            self.query_one(Input).focus()
        else:
            self.focus()

    def _decorate(self, index: int, label: str) -> str:
        """A MULTI_SELECT option shows its toggle state."""
        label = visible(label)
        if self.kind == "MULTI_SELECT":
            return ("[x] " if index in self.toggled else "[ ] ") + label
        return label

    def _paint(self, *indexes: int) -> None:
        """Mark the focused option; redraw only the options that changed."""
        if not self._choices:
            self._choices = list(self.query(Choice))
        changed = set(indexes) | self._painted | {self.focus_index}
        for index in changed:
            if 0 <= index < len(self._choices):
                choice = self._choices[index]
                choice.set_class(index == self.focus_index, "-focused")
                choice.update(Text(self._decorate(index, self.labels[index])))
        self._painted = {self.focus_index}
        if 0 <= self.focus_index < len(self._choices):
            self._choices[self.focus_index].scroll_visible(animate=False)

    def on_key(self, event: events.Key) -> None:
        """The keys of 002 §2.5.3, by interaction type."""
        handled = self._key(event.key, event.character)
        if handled:
            event.stop()
            event.prevent_default()

    def _key(self, key: str, character: str | None) -> bool:
        """Handle ``key``; ``True`` when it was one of the request's keys."""
        if self.kind == "YN" and character in ("y", "Y"):
            self._answer("approved", None)
        elif self.kind == "YN" and character in ("n", "N"):
            self._answer("rejected", None)
        elif key == "enter" and self.kind in ("YN", "PERMISSION"):
            self._answer("approved", None)
        elif key in ("up", "down") and self.labels:
            step = -1 if key == "up" else 1
            self.focus_index = (self.focus_index + step) % len(self.labels)
            self._paint()
        elif key == "enter" and self.kind == "SELECT" and self.labels:
            self._answer("selected", self.labels[self.focus_index])
        elif key == "space" and self.kind == "MULTI_SELECT":
            self.toggled ^= {self.focus_index}
            self._paint(self.focus_index)
        elif key == "enter" and self.kind == "MULTI_SELECT":
            self._answer("selected", [self.labels[i] for i in sorted(self.toggled)])
        else:
            return False
        return True

    def click(self, index: int) -> None:
        """A click on option ``index``."""
        self.focus_index = index
        if self.kind in ("YN", "PERMISSION"):
            self._answer("approved" if index == 0 else "rejected", None)
        elif self.kind == "SELECT":
            self._answer("selected", self.labels[index])
        elif self.kind == "MULTI_SELECT":
            self.toggled ^= {index}
            self._paint(index)

    def on_input_submitted(self, message: Input.Submitted) -> None:
        """TEXT_INPUT: Enter submits the text."""
        message.stop()
        self._answer("submitted", message.value)

    def escape(self) -> None:
        """Escape: YN/PERMISSION reject; the others cancel, with the default if any."""
        if self.kind in ("YN", "PERMISSION"):
            self._answer("rejected", None)
        else:
            self._answer("cancelled", self.request.default_value)

    def _answer(self, outcome: str, value: str | list[str] | None) -> None:
        """Post the answer once."""
        if self.done:
            return
        self.done = True
        self.post_message(self.Answered(str(self.request.request_id), outcome, value))
