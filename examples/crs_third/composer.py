"""The input field: a plain-text ``TextArea`` on which Enter sends (002 §2.5.1).

Keys are taken in the widget's own key handler, one by one in the order they arrive, so a
burst of keys after Enter starts the next message. The composer decides nothing about
popups: it asks the app (:class:`Composer.Host`) first, which may consume the key.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from textual import events
from textual.message import Message
from textual.widgets import TextArea

NEWLINE_KEYS = ("shift+enter", "ctrl+j")
"""Keys that insert a newline (002 §2.5.1 Shift+Enter; Ctrl+J for terminals that cannot
report Shift+Enter)."""


class Composer(TextArea):
    """The message input: Markdown is typed as plain text (004 §3.1), never previewed."""

    class Host(Protocol):
        """What the composer asks its app before handling a key."""

        def claim_key(self, key: str) -> bool:
            """Return ``True`` when the app consumed ``key`` (a popup, history keys)."""
            ...

        def input_edited(self) -> None:
            """The text or the cursor changed: re-check the popup triggers."""
            ...

    @dataclass
    class Send(Message):
        """Enter on a non-blank input; handled by the app's ``on_composer_send``."""

        text: str

    def __init__(self, host: Composer.Host, *, id: str | None = None) -> None:
        """Create an empty composer that consults ``host`` on every key."""
        super().__init__(
            "",
            id=id,
            soft_wrap=True,
            show_line_numbers=False,
            tab_behavior="focus",
            highlight_cursor_line=False,
        )
        self._host = host

    async def _on_key(self, event: events.Key) -> None:
        """Popup keys first, then Enter (send) and the newline keys, then typing."""
        if self._host.claim_key(event.key):
            event.stop()
            event.prevent_default()
            return
        if event.key == "enter":
            event.stop()
            event.prevent_default()
            self._send()
            return
        if event.key in NEWLINE_KEYS:
            event.stop()
            event.prevent_default()
            start, end = self.selection
            self.replace("\n", start, end, maintain_selection_offset=False)
            self._host.input_edited()
            return
        await super()._on_key(event)
        self._host.input_edited()

    def _send(self) -> None:
        """Post the text and clear the field at once; a blank text is not sent (§2.5.1)."""
        text = self.text
        if not text.strip():
            return
        self.clear()
        self.post_message(self.Send(text))
