"""The multi-line input: Enter sends, Shift+Enter or Ctrl+J inserts a line break."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from textual import events
from textual.message import Message
from textual.widgets import TextArea


class PromptInput(TextArea):
    """A plain-text ``TextArea`` (``crs-input-plain-text``) that sends on Enter.

    Enter is handled in :meth:`_on_key`, not by a binding: Textual runs bindings only after
    the key has bubbled to the app, by which time keys typed right after Enter may already
    be in the text. Here the text is taken and the input cleared before the next key is
    handled, so a burst of keys after Enter lands in the next message.
    """

    NEWLINE_KEYS: tuple[str, ...] = ("shift+enter", "ctrl+j")
    """Keys that insert a line break (``crs-shift-enter-newline``). Shift+Enter reaches the
    app only in terminals that report it (the kitty keyboard protocol); Ctrl+J works in every
    terminal, tmux included (it sends a line feed, which Textual reads as ``ctrl+j``)."""

    popup_keys: Callable[[str], bool] | None = None
    """Offered each key first (set by the app): ``True`` when an open popup took it, and the
    key then goes no further (004 §3.2 keyboard rules)."""

    @dataclass
    class Submitted(Message):
        """The user sent ``text``; handled by ``on_prompt_input_submitted``."""

        input: PromptInput
        """The input it was typed in (already cleared)."""
        text: str
        """The text as typed, never blank."""

    def __init__(
        self,
        text: str = "",
        *,
        placeholder: str = "",
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
        disabled: bool = False,
    ) -> None:
        """Create the input.

        Args:
            text: Initial text.
            placeholder: Shown while the input is empty.
            name: The widget's name.
            id: The widget's id.
            classes: Space-separated CSS classes.
            disabled: Whether it starts disabled.
        """
        super().__init__(
            text,
            soft_wrap=True,
            tab_behavior="focus",
            show_line_numbers=False,
            highlight_cursor_line=False,
            placeholder=placeholder,
            name=name,
            id=id,
            classes=classes,
            disabled=disabled,
        )

    async def _on_key(self, event: events.Key) -> None:
        if self.popup_keys is not None and self.popup_keys(event.key):
            event.stop()
            event.prevent_default()
        elif event.key == "enter":
            event.stop()
            event.prevent_default()
            self.submit()
        elif event.key in self.NEWLINE_KEYS:
            event.stop()
            event.prevent_default()
            start, end = self.selection
            self._replace_via_keyboard("\n", start, end)
        # other keys: Textual calls TextArea._on_key next (handlers run along the MRO
        # until one prevents the default)

    async def _on_paste(self, event: events.Paste) -> None:
        """Insert pasted text as it is, line breaks included; the paste goes no further.

        ``TextArea`` lets the event bubble, so a paste posted to the input itself (rather
        than to the app, which forwards it here) would be inserted twice.
        """
        event.stop()  # TextArea._on_paste, next in the MRO, inserts the text

    def submit(self) -> None:
        """Send the text unless it is blank (``crs-blank-not-sent``); clear the input at once.

        A blank text (spaces and line breaks only) is neither sent nor cleared.
        """
        text = self.text
        if not text.strip():
            return
        self.clear()
        self.post_message(self.Submitted(self, text))
