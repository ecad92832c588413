"""The interaction UI of an ``agent.interaction.request`` (002 §2.5.3), docked above the input.

One :class:`InteractionPanel` per request: the prompt, then by type two buttons (YN,
PERMISSION), an ``OptionList`` (SELECT), a ``SelectionList`` (MULTI_SELECT) or an ``Input``
(TEXT_INPUT). The panel takes the keyboard focus while shown and posts one
:class:`InteractionPanel.Answered` with the answer frame; the app removes it.

Keys (``crs-interaction-keys-*``): YN: Y or Enter approve, N or Escape reject; PERMISSION:
Enter approves, Escape rejects; SELECT: ↑/↓ move, Enter selects; MULTI_SELECT: ↑/↓ move,
Space toggles, Enter confirms; TEXT_INPUT: Enter submits. Escape on the last three cancels:
the answer carries ``default_value`` when the request has one (``crs-interaction-escape-default``),
otherwise the outcome ``cancelled`` with no value, which the agent handles as a timeout
(design §9, decision 11). Escape never cancels the turn (``crs-escape-closes-interaction``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import Button, Input, OptionList, SelectionList, Static
from textual.widgets.option_list import Option

from rawp_port import InteractionAnswer, InteractionRequested

YN_ANSWERS = {"y": "approved", "n": "rejected"}
"""The letters of a YN request, lower-cased, and the answer each gives (002 §2.5.3)."""


class InteractionPanel(Vertical, can_focus=True):
    """The UI of one interaction request; focused while shown.

    Attributes:
        request: The request it answers.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "escape", "Close", show=False, priority=True),
        Binding("enter", "enter", "Answer", show=False, priority=True),
    ]
    """Priority, so they win over the focused list's or field's own Enter."""

    @dataclass
    class Answered(Message):
        """The user answered; ``frame`` is the ``control.interaction.response`` to send."""

        panel: InteractionPanel
        frame: InteractionAnswer

    def __init__(self, request: InteractionRequested, *, id: str | None = None) -> None:
        """Create the UI of ``request``."""
        super().__init__(id=id, classes=f"-{request.interaction_type.lower()}")
        self.request = request
        self._done = False

    @property
    def kind(self) -> str:
        """The request's ``interaction_type``."""
        return self.request.interaction_type

    def compose(self) -> ComposeResult:
        """The prompt, then the type's controls, then a line of key hints."""
        yield Static(Content(self.request.prompt), classes="interaction-prompt")
        options = [str(option) for option in self.request.options]
        if self.kind in ("YN", "PERMISSION"):
            with Horizontal(classes="interaction-buttons"):
                yield Button(Content("Yes (Y)" if self.kind == "YN" else "Allow"), id="approve")
                yield Button(Content("No (N)" if self.kind == "YN" else "Deny"), id="reject")
        elif self.kind == "SELECT":
            yield OptionList(*(Option(Content(option)) for option in options))
        elif self.kind == "MULTI_SELECT":
            yield SelectionList[int](
                *((Content(option), index) for index, option in enumerate(options))
            )
        else:
            yield Input(placeholder=self.request.default_value or "")
        yield Static(self.hints(), classes="interaction-hints", markup=False)

    def hints(self) -> str:
        """The keys of this type, as the hint line shows them."""
        return {
            "YN": "Y / Enter yes · N / Esc no",
            "PERMISSION": "Enter allow · Esc deny",
            "SELECT": "↑/↓ move · Enter select · Esc cancel",
            "MULTI_SELECT": "↑/↓ move · Space toggle · Enter confirm · Esc cancel",
        }.get(self.kind, "Enter submit · Esc cancel")

    def on_mount(self) -> None:
        """Take the keyboard focus: the list or field, or the panel itself for buttons."""
        controls = self.query("OptionList, SelectionList, Input")
        (controls.first() if controls else self).focus()

    # keys

    def on_key(self, event: events.Key) -> None:
        """Y and N on a YN request, either case (``crs-interaction-keys-yn``).

        002 §2.5.3 names the letters, not a case: Shift or Caps Lock sends ``Y`` (a terminal
        with the kitty keyboard protocol may say ``shift+y``), and both answer as ``y``.
        """
        answer = YN_ANSWERS.get(event.key.removeprefix("shift+").lower())
        if self.kind == "YN" and answer is not None:
            event.stop()
            self.answer(answer)

    def action_enter(self) -> None:
        """Enter: approve, select, confirm or submit (002 §2.5.3)."""
        if self.kind in ("YN", "PERMISSION"):
            self.answer("approved")
        elif self.kind == "SELECT":
            options = self.query_one(OptionList)
            index = options.highlighted
            if index is not None:
                self.answer("selected", str(self.request.options[index]))
        elif self.kind == "MULTI_SELECT":
            chosen = sorted(self.query_one(SelectionList).selected)
            self.answer("selected", [str(self.request.options[index]) for index in chosen])
        else:
            self.answer("submitted", self.query_one(Input).value)

    def action_escape(self) -> None:
        """Escape: reject (YN, PERMISSION) or cancel with the default value, if any."""
        if self.kind in ("YN", "PERMISSION"):
            self.answer("rejected")
        else:
            self.answer("cancelled", self.request.default_value)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A click on an option selects it."""
        event.stop()
        if self.kind == "SELECT":
            self.answer("selected", str(self.request.options[event.option_index]))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """A click on Yes/Allow or No/Deny."""
        event.stop()
        self.answer("approved" if event.button.id == "approve" else "rejected")

    def answer(self, outcome: str, value: str | list[str] | None = None) -> None:
        """Post the answer once; later keys do nothing."""
        if self._done:
            return
        self._done = True
        frame = InteractionAnswer(self.request.request_id, outcome, value)  # type: ignore[arg-type]
        self.post_message(self.Answered(self, frame))
