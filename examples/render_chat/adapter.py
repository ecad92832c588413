"""Adapter of the render chat screen.

Run the suite on it with ``pytest features --adapter examples.render_chat.adapter:adapter``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from textual.app import App

import examples.render_chat
from examples.render_chat.app import CANNED, RenderChatApp
from reference_app.paste import PasteSafeParser


class RenderChatAdapter:
    """Adapter of ``examples.render_chat`` for profile ``chat_screen``."""

    name = "render_chat"
    implementation_version = examples.render_chat.__version__
    protocol_version = 1
    profiles = ("chat_screen",)
    terminal_parser = PasteSafeParser
    """The terminal input parser ``__main__`` installs: the reference app's paste workaround."""
    conversation_selector = "#thread"
    input_selector = "#entry"
    item_selector = "Line"
    responses: Sequence[str] = CANNED
    choice_site: tuple[object, str] = (random, "choice")

    def create_app(self) -> App[Any]:
        """Return a fresh :class:`~examples.render_chat.app.RenderChatApp`."""
        return RenderChatApp()

    def messages(self, app: App[Any]) -> Sequence[tuple[str, str]]:
        """Return the ``(role, body)`` tuples, in order."""
        return list(_app(app).log_)

    def submitted_inputs(self, app: App[Any]) -> Sequence[str]:
        """Return the record of stripped inputs."""
        return list(_app(app).prompts)

    def selected_responses(self, app: App[Any]) -> Sequence[str]:
        """Return the record of chosen responses."""
        return list(_app(app).answers)


def _app(app: App[Any]) -> RenderChatApp:
    if not isinstance(app, RenderChatApp):
        raise TypeError(f"expected a RenderChatApp, got {type(app).__name__}")
    return app


adapter = RenderChatAdapter()
