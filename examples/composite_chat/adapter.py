"""Adapter of the composite chat screen: the item selector names the container.

Run the suite on it with
``pytest features --adapter examples.composite_chat.adapter:adapter``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from textual.app import App

import examples.composite_chat
from examples.composite_chat.app import RESPONSES, CompositeChatApp
from reference_app.paste import PasteSafeParser


class CompositeChatAdapter:
    """Adapter of ``examples.composite_chat`` for profile ``chat_screen``."""

    name = "composite_chat"
    implementation_version = examples.composite_chat.__version__
    protocol_version = 1
    profiles = ("chat_screen",)
    terminal_parser = PasteSafeParser
    """The terminal input parser ``__main__`` installs: the reference app's paste workaround."""
    conversation_selector = "#thread"
    input_selector = "#composer"
    item_selector = "Turn"
    """The container of marker and body: the harness reads its text from what it draws."""
    responses: Sequence[str] = RESPONSES
    choice_site: tuple[object, str] = (random, "choice")

    def create_app(self) -> App[Any]:
        """Return a fresh :class:`~examples.composite_chat.app.CompositeChatApp`."""
        return CompositeChatApp()

    def messages(self, app: App[Any]) -> Sequence[tuple[str, str]]:
        """Return the ``(role, body)`` tuples, in order."""
        return list(_app(app).messages)

    def submitted_inputs(self, app: App[Any]) -> Sequence[str]:
        """Return the record of stripped inputs."""
        return list(_app(app).inputs)

    def selected_responses(self, app: App[Any]) -> Sequence[str]:
        """Return the record of chosen responses."""
        return list(_app(app).responses)


def _app(app: App[Any]) -> CompositeChatApp:
    if not isinstance(app, CompositeChatApp):
        raise TypeError(f"expected a CompositeChatApp, got {type(app).__name__}")
    return app


adapter = CompositeChatAdapter()
