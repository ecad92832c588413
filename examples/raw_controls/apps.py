"""The two apps: ``alt_chat`` and ``render_chat`` with bodies shown raw."""

from __future__ import annotations

from typing import ClassVar

from textual.screen import Screen

from examples.alt_chat.chat import AltChatApp, TranscriptScreen
from examples.render_chat.app import Line, RenderChatApp


class RawTranscriptScreen(TranscriptScreen):
    """The alt_chat transcript, removing no character from the shown entries."""

    HIDDEN: ClassVar[dict[int, None]] = {}


class RawAltChatApp(AltChatApp):
    """alt_chat showing control characters raw (hardening-control-characters broken)."""

    def get_default_screen(self) -> Screen[None]:
        """The transcript screen that removes nothing."""
        return RawTranscriptScreen()


class RawLine(Line):
    """A render_chat item showing its body exactly as stored."""

    @staticmethod
    def shown(body: str) -> str:
        """``body`` itself: its control characters reach the terminal."""
        return body


class RawRenderChatApp(RenderChatApp):
    """render_chat showing control characters raw (hardening-control-characters broken)."""

    LINE: ClassVar[type[Line]] = RawLine
