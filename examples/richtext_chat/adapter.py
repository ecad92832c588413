"""Adapter of the Rich-text chat screen.

Run the suite on it with ``pytest features --adapter examples.richtext_chat.adapter:adapter``.
It satisfies ``steps.chat_screen.contract.ChatScreenAdapter`` structurally and imports nothing from
the harness.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from textual.app import App

import examples.richtext_chat
from examples.richtext_chat.app import REPLIES, RichChatApp
from reference_app.paste import PasteSafeParser


class RichChatAdapter:
    """Adapter of ``examples.richtext_chat`` for profile ``chat_screen``."""

    name = "richtext_chat"
    implementation_version = examples.richtext_chat.__version__
    protocol_version = 1
    profiles = ("chat_screen",)
    terminal_parser = PasteSafeParser
    """The terminal input parser ``__main__`` installs: the reference app's paste workaround."""
    conversation_selector = "#feed"
    input_selector = "#say"
    item_selector = "Bubble"
    responses: Sequence[str] = REPLIES
    choice_site: tuple[object, str] = (random, "choice")

    def create_app(self) -> App[Any]:
        """Return a fresh :class:`~examples.richtext_chat.app.RichChatApp`."""
        return RichChatApp()

    def messages(self, app: App[Any]) -> Sequence[tuple[str, str]]:
        """Return ``(role, body)`` of each post, in order."""
        return [(post.role, post.body) for post in _app(app).posts]

    def submitted_inputs(self, app: App[Any]) -> Sequence[str]:
        """Return the record of stripped inputs."""
        return list(_app(app).records["inputs"])

    def selected_responses(self, app: App[Any]) -> Sequence[str]:
        """Return the record of chosen responses."""
        return list(_app(app).records["responses"])


def _app(app: App[Any]) -> RichChatApp:
    if not isinstance(app, RichChatApp):
        raise TypeError(f"expected a RichChatApp, got {type(app).__name__}")
    return app


adapter = RichChatAdapter()
"""The instance ``--adapter examples.richtext_chat.adapter:adapter`` names."""
