"""Adapter of the alternative chat screen: how the harness reaches :class:`AltChatApp`.

Run the suite on it with ``pytest features --adapter examples/alt_chat/adapter.py:adapter``
(or ``--adapter examples.alt_chat.adapter:adapter``). It satisfies
``steps.chat_screen.contract.ChatScreenAdapter`` structurally and imports nothing from the harness.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.app import App

import examples.alt_chat
from examples.alt_chat import chat
from reference_app.paste import PasteSafeParser


class AltChatAdapter:
    """Adapter of ``examples.alt_chat`` for profile ``chat_screen``."""

    name = "alt_chat"
    implementation_version = examples.alt_chat.__version__
    protocol_version = 1
    profiles = ("chat_screen",)
    terminal_parser = PasteSafeParser
    """The terminal input parser ``__main__`` installs: the reference app's paste workaround."""
    conversation_selector = "#transcript"
    input_selector = "#composer"
    item_selector = "Static.chat-message"
    """The text widgets; the row containers around them are not message items."""
    responses: Sequence[str] = chat.REPLIES
    choice_site: tuple[object, str] = (chat, "choice")
    """``chat`` did ``from random import choice``, so the name to replace lives there."""

    def create_app(self) -> App[Any]:
        """Return a fresh :class:`~examples.alt_chat.chat.AltChatApp`."""
        return chat.AltChatApp()

    def messages(self, app: App[Any]) -> Sequence[tuple[str, str]]:
        """Return ``(author, body)`` of each entry, in order."""
        return [(entry.author, entry.body) for entry in _conversation(app).entries]

    def submitted_inputs(self, app: App[Any]) -> Sequence[str]:
        """Return the prompt of each exchange, in order."""
        return [exchange.prompt for exchange in _conversation(app).exchanges]

    def selected_responses(self, app: App[Any]) -> Sequence[str]:
        """Return the reply of each exchange, in order."""
        return [exchange.reply for exchange in _conversation(app).exchanges]


def _conversation(app: App[Any]) -> Any:
    """The conversation of an :class:`AltChatApp`."""
    assert isinstance(app, chat.AltChatApp), f"expected an AltChatApp, got {type(app).__name__}"
    return app.conversation


adapter = AltChatAdapter()
"""The instance ``--adapter examples/alt_chat/adapter.py:adapter`` names."""
