"""Adapter of the list-view chat screen.

Run the suite on it with ``pytest features --adapter examples.listview_chat.adapter:adapter``.
It satisfies ``steps.chat_screen.contract.ChatScreenAdapter`` structurally and imports nothing from
the harness.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from textual.app import App

import examples.listview_chat
from examples.listview_chat.app import ANSWERS, ListChatApp
from examples.listview_chat.ledger import Ledger
from reference_app.paste import PasteSafeParser


class ListChatAdapter:
    """Adapter of ``examples.listview_chat`` for profile ``chat_screen``."""

    name = "listview_chat"
    implementation_version = examples.listview_chat.__version__
    protocol_version = 1
    profiles = ("chat_screen",)
    terminal_parser = PasteSafeParser
    """The terminal input parser ``__main__`` installs: the reference app's paste workaround."""
    conversation_selector = "#messages"
    input_selector = "#prompt"
    item_selector = "Label.chat-message"
    """The labels; the ``ListItem`` rows around them are not message items."""
    responses: Sequence[str] = ANSWERS
    choice_site: tuple[object, str] = (random, "choice")

    def create_app(self) -> App[Any]:
        """Return a fresh :class:`~examples.listview_chat.app.ListChatApp`."""
        return ListChatApp()

    def messages(self, app: App[Any]) -> Sequence[tuple[str, str]]:
        """Return ``(role, body)`` of each message, derived from the exchanges."""
        return [(str(speaker), body) for speaker, body in _ledger(app).messages]

    def submitted_inputs(self, app: App[Any]) -> Sequence[str]:
        """Return the prompt of each exchange, in order."""
        return [exchange.prompt for exchange in _ledger(app).exchanges]

    def selected_responses(self, app: App[Any]) -> Sequence[str]:
        """Return the reply of each exchange, in order."""
        return [exchange.reply for exchange in _ledger(app).exchanges]


def _ledger(app: App[Any]) -> Ledger:
    if not isinstance(app, ListChatApp):
        raise TypeError(f"expected a ListChatApp, got {type(app).__name__}")
    return app.ledger


adapter = ListChatAdapter()
"""The instance ``--adapter examples.listview_chat.adapter:adapter`` names."""
