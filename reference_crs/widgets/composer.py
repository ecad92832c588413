"""The composer: the input with its two popups, the `/` command popup and the `@` file popup.

The composer owns what is typed before it is sent (004 §3.2, §3.4): it keeps both popups in
step with the input's text and cursor (:class:`~reference_crs.slash_control.SlashControl`,
:class:`~reference_crs.file_control.FileControl`, its parts), takes the popup keys while a
popup is open, and handles the popups' clicks. It talks outward by messages, which bubble
to the app: :class:`~reference_crs.widgets.prompt_input.PromptInput.Submitted` (a prompt to
send) and :class:`Composer.SearchRequested` (a ``control.file.search`` to send); the app
sets its state downward (:meth:`Composer.set_commands`, :meth:`Composer.answer_search`,
:meth:`Composer.command_sent`).

The popup keys are taken as the input handles each key (:meth:`Composer.take_key`, asked
by :meth:`PromptInput.offer_key <reference_crs.widgets.prompt_input.PromptInput.offer_key>`),
not by priority bindings: Textual checks priority bindings when a key reaches the app,
before the input has handled the keys queued ahead of it, so in a burst (``/con`` and Enter
typed at once, ``crs-slash-keys-select``) Enter would be judged while the popup is still shut
and send the text. Taken at the input, each key sees the text of the keys before it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import TextArea

from rawp_port import FileSearch
from reference_crs.file_control import FileControl
from reference_crs.slash_control import SlashControl
from reference_crs.widgets.file_popup import FilePopup
from reference_crs.widgets.prompt_input import PromptInput
from reference_crs.widgets.slash_popup import SlashPopup


class Composer(Vertical):
    """The command popup, the file popup and the input, top to bottom, as one widget."""

    DEFAULT_CSS = """
    Composer {
        height: auto;
    }
    """

    SLASH_CONTROL: ClassVar[type[SlashControl]] = SlashControl
    """The command popup's behaviour (a seam for variants)."""
    FILE_CONTROL: ClassVar[type[FileControl]] = FileControl
    """The file popup's behaviour (a seam for variants)."""

    @dataclass
    class SearchRequested(Message):
        """The file popup wants ``frame`` sent; handled by the app (``@on``), which sends it."""

        frame: FileSearch
        """The ``control.file.search`` to send (004 §3.4.3)."""

    def __init__(
        self,
        prompt_input: PromptInput,
        slash_popup: SlashPopup,
        file_popup: FilePopup,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
        disabled: bool = False,
    ) -> None:
        """Compose ``prompt_input`` under its two popups.

        Args:
            prompt_input: The input.
            slash_popup: The `/` command popup.
            file_popup: The `@` file popup.
            name: The widget's name.
            id: The widget's id.
            classes: Space-separated CSS classes.
            disabled: Whether it starts disabled.
        """
        super().__init__(name=name, id=id, classes=classes, disabled=disabled)
        self.input = prompt_input
        """The input."""
        self.slash_popup = slash_popup
        """The `/` command popup."""
        self.file_popup = file_popup
        """The `@` file popup."""
        self.commands: tuple[Any, ...] = ()
        """The slash commands the popup lists (the app's cache, set by :meth:`set_commands`)."""
        self.slash = self.SLASH_CONTROL(self)
        """The command popup's behaviour (004 §3.2)."""
        self.files = self.FILE_CONTROL(self)
        """The file popup's behaviour (004 §3.4.1-§3.4.4)."""

    def compose(self) -> ComposeResult:
        """The command popup, the file popup and the input, top to bottom."""
        yield self.slash_popup
        yield self.file_popup
        yield self.input

    def take_key(self, key: str) -> bool:
        """Handle ``key`` if an open popup takes it; whether it did (004 §3.2 keyboard rules).

        The command popup is offered the key first, then the file popup; a key taken goes no
        further (not to the input, not to the app's bindings).
        """
        return self.slash.key(key) or self.files.key(key)

    def set_commands(self, commands: Sequence[Any]) -> None:
        """Replace the commands listed (``crs-commands-refresh``); an open popup keeps its state."""
        self.commands = tuple(commands)
        self.slash.sync(refreshed=True)

    def command_sent(self, name: str) -> None:
        """Count a use of command ``name`` (``crs-slash-sort-order``)."""
        self.slash.sent(name)

    def answer_search(self, event: Any) -> None:
        """Draw a ``session.file.candidates`` answer if it is for the active query."""
        self.files.answer(event)

    def request_search(self, frame: FileSearch) -> None:
        """Ask the app to send ``frame`` (:class:`SearchRequested`)."""
        self.post_message(self.SearchRequested(frame))

    def sync(self) -> None:
        """Open, filter or close both popups for the input's text and cursor now."""
        self.slash.sync()
        self.files.sync()

    @on(TextArea.Changed)
    @on(TextArea.SelectionChanged)
    def _input_changed(self) -> None:
        """The text or the cursor changed: the popups follow the `/` or `@` word under it."""
        self.sync()

    @on(FilePopup.Chosen)
    def _file_clicked(self, message: FilePopup.Chosen) -> None:
        """A click on a candidate selects it (``crs-at-popup-shares-slash-rules``)."""
        message.stop()
        self.files.choose(message.candidate)

    @on(SlashPopup.Chosen)
    def _command_clicked(self, message: SlashPopup.Chosen) -> None:
        """A click on an item selects it (``crs-slash-pointer-select``)."""
        message.stop()
        self.slash.choose(message.command)
