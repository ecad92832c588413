"""Adapter of ``examples.framed_chat`` for the conformance harness (docs/adapters.md).

The item is the ``Label`` carrying the role classes; its card (one level up) draws the
frame and its row (two levels up) places it. Version 2 of the contract: the app keeps no
state on disk, so ``create_app`` ignores the scenario context.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from textual.app import App

from examples.framed_chat.app import RESPONSES, FramedChatApp
from examples.framed_chat.terminal import PasteWholeParser


class FramedChatAdapter:
    """How the harness reaches :class:`FramedChatApp`."""

    name = "framed_chat"
    implementation_version = "0.1.0"
    protocol_version = 2
    profiles = ("chat_screen",)
    conversation_selector = "#dialogue"
    input_selector = "#prompt-line"
    item_selector = "Label.chat-message"
    responses: Sequence[str] = RESPONSES
    choice_site = (random, "choice")
    terminal_parser = PasteWholeParser  # what ``python -m examples.framed_chat`` installs

    def create_app(self, context: object) -> App[Any]:
        """A new framed chat app; ``context`` is not needed (nothing is kept on disk)."""
        return FramedChatApp()

    def messages(self, app: App[Any]) -> Sequence[tuple[str, str]]:
        """The message list as ``(role, body)`` pairs, in order."""
        assert isinstance(app, FramedChatApp)
        return [(message.role, message.body) for message in app.transcript.utterances]

    def submitted_inputs(self, app: App[Any]) -> Sequence[str]:
        """The record of stripped inputs."""
        assert isinstance(app, FramedChatApp)
        return list(app.transcript.inputs)

    def selected_responses(self, app: App[Any]) -> Sequence[str]:
        """The record of chosen responses."""
        assert isinstance(app, FramedChatApp)
        return list(app.transcript.replies)


adapter = FramedChatAdapter()
