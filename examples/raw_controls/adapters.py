"""Adapters of the two raw-control apps: those of ``alt_chat`` and ``render_chat``, renamed.

``--adapter examples.raw_controls.adapters:alt`` or ``...:render``.
"""

from __future__ import annotations

from typing import Any

from textual.app import App

import examples.raw_controls
from examples.alt_chat.adapter import AltChatAdapter
from examples.raw_controls.apps import RawAltChatApp, RawRenderChatApp
from examples.render_chat.adapter import RenderChatAdapter


class RawAltAdapter(AltChatAdapter):
    """Adapter of :class:`RawAltChatApp`."""

    name = "alt_chat (raw control characters)"
    implementation_version = examples.raw_controls.__version__

    def create_app(self) -> App[Any]:
        """Return a fresh :class:`RawAltChatApp`."""
        return RawAltChatApp()


class RawRenderAdapter(RenderChatAdapter):
    """Adapter of :class:`RawRenderChatApp`."""

    name = "render_chat (raw control characters)"
    implementation_version = examples.raw_controls.__version__

    def create_app(self) -> App[Any]:
        """Return a fresh :class:`RawRenderChatApp`."""
        return RawRenderChatApp()


alt = RawAltAdapter()
"""``--adapter examples.raw_controls.adapters:alt``."""
render = RawRenderAdapter()
"""``--adapter examples.raw_controls.adapters:render``."""
