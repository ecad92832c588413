"""The reference app's adapter: how the harness reaches :class:`ChatApp`.

This is the default adapter of ``pytest features``; ``docs/adapters.md`` explains each
member. It satisfies ``steps.chat_screen.contract.ChatScreenAdapter`` structurally: no import of the
harness is needed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from textual.app import App

import reference_app
from reference_app.app import ChatApp
from reference_app.model import Role
from reference_app.paste import PasteSafeParser
from reference_app.responses import RESPONSES


class ReferenceAdapter:
    """Adapter of the reference app for profile ``chat_screen``."""

    name = "reference_app"
    implementation_version = reference_app.__version__
    protocol_version = 2
    profiles = ("chat_screen",)
    conversation_selector = f"#{ChatApp.CONVERSATION_ID}"
    input_selector = f"#{ChatApp.INPUT_ID}"
    item_selector = "Static"
    responses: Sequence[str] = RESPONSES
    choice_site: tuple[object, str] = (random, "choice")
    terminal_parser = PasteSafeParser
    """The terminal input parser ``python -m reference_app`` installs (``reference_app.paste``)."""

    def create_app(self, context: object = None) -> App[Any]:
        """Return a fresh :class:`ChatApp`; it keeps nothing on disk, so ``context`` is unused.

        Args:
            context: The scenario's ``steps.adapter.ScenarioContext`` (protocol version 2).
        """
        return ChatApp()

    def messages(self, app: App[Any]) -> Sequence[tuple[Role, str]]:
        """Return ``(role, body)`` for each message of ``app``'s session."""
        assert isinstance(app, ChatApp)
        return [(message.role, message.body) for message in app.session.messages]

    def submitted_inputs(self, app: App[Any]) -> Sequence[str]:
        """Return the session record of submitted inputs."""
        assert isinstance(app, ChatApp)
        return app.session.submitted_inputs

    def selected_responses(self, app: App[Any]) -> Sequence[str]:
        """Return the session record of selected responses."""
        assert isinstance(app, ChatApp)
        return app.session.selected_responses


adapter = ReferenceAdapter()
"""The instance ``--adapter reference_app.conformance:adapter`` names (the default)."""
