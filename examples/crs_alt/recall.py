"""The alternative client's input with a shell-like history and page keys (002 §2.5.4).

:class:`RecallingComposer` is the :class:`~examples.crs_alt.slash_input.SlashComposer` with two more
key rules, handled in its own ``_on_key`` (the reference uses app-level priority bindings):
↑/↓ walk through the messages sent, newest first, while the input is empty or still holds
the one recalled (``crs-history-recall``); Page Up/Down scroll the conversation, not the
input's cursor (``crs-page-keys-scroll``).
"""

from __future__ import annotations

from collections.abc import Callable

from textual import events
from textual.widget import Widget

from examples.crs_alt.slash_input import SlashComposer


class RecallingComposer(SlashComposer):
    """The input, remembering what was sent; ``chat`` returns the conversation to page."""

    def __init__(
        self, on_send: Callable[[str], None], chat: Callable[[], Widget], *, id: str | None = None
    ) -> None:
        """Create the input; ``on_send`` gets each text sent, ``chat()`` the conversation."""
        super().__init__(self._sent, id=id)
        self._deliver = on_send
        self._chat = chat
        self.sent: list[str] = []
        """Texts sent, newest last."""
        self.back = 0
        """How far back the recalled text is (0: none recalled)."""

    def _sent(self, text: str) -> None:
        self.sent.append(text)
        self.back = 0
        self._deliver(text)

    async def _on_key(self, event: events.Key) -> None:
        if event.key in ("pageup", "pagedown"):
            event.stop()
            event.prevent_default()
            chat = self._chat()
            height = chat.scrollable_content_region.height
            step = -height if event.key == "pageup" else height
            if step > 0 and chat.scroll_y >= chat.max_scroll_y:
                return  # at the end already: touching the offset would stop it following
            # immediate: each key of a burst starts from where the one before scrolled to
            chat.scroll_relative(y=step, animate=False, immediate=True)
        elif event.key in ("up", "down") and self._recalling():
            event.stop()
            event.prevent_default()
            self.back = max(0, min(len(self.sent), self.back + (1 if event.key == "up" else -1)))
            self.show_sent(self.back)
            self.move_cursor(self.document.end)
        # other keys: Textual calls SlashComposer._on_key next (handlers run along the MRO
        # until one prevents the default)

    def show_sent(self, back: int) -> None:
        """Put the message sent ``back`` messages ago in the input (0: empty it)."""
        self.load_text(self.sent[-back] if back else "")

    def _recalling(self) -> bool:
        """Whether ↑/↓ walk the history: the input is empty or holds the recalled text."""
        if not self.sent or self.menu.is_open:
            return False
        return self.text == "" or (self.back > 0 and self.text == self.sent[-self.back])
