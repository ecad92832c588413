"""Building blocks shared by the mutants of several spec areas."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from textual.app import App
from textual.containers import HorizontalGroup, VerticalScroll
from textual.widgets import Label, Static

from examples.composite_chat.adapter import CompositeChatAdapter
from examples.composite_chat.app import CLASSES, CompositeChatApp
from examples.composite_chat.widgets import LiteralMarkdown, Turn
from reference_app.app import ChatApp
from reference_app.model import Message


def _label(text: str, message: Message, classes: Iterable[str] | None = None) -> Label:
    """A literal label for ``message``: ``text``, the role's classes unless given."""
    names = message.role.classes if classes is None else classes
    return Label(text, markup=False, classes=" ".join(names))


def _conversation(app: ChatApp) -> VerticalScroll:
    return app.query_one(f"#{app.CONVERSATION_ID}", VerticalScroll)


class MarkerWithoutBorder(CompositeChatApp):
    """role-borders: items keep their marker glyph but lose their side border."""

    CSS = "Turn.user-role, Turn.agent-role { border-left: none; border-right: none; }"


class MarkerWithoutBorderAdapter(CompositeChatAdapter):
    """The composite example's adapter, creating :class:`MarkerWithoutBorder`."""

    name = "mutant marker_without_border"

    def create_app(self) -> App[Any]:
        """Return a fresh :class:`MarkerWithoutBorder`."""
        return MarkerWithoutBorder()


class BodyBesideMarkerAdapter(MarkerWithoutBorderAdapter):
    """:class:`MarkerWithoutBorder` with the item selector on the body beside the marker.

    The marker glyph then sits between the item and the area's edge: a harness that took
    any glyph there for a border would pass this twin on ``role-borders``.
    """

    name = "mutant marker_without_border (item selector on the body)"
    item_selector = "LiteralParagraph"


class _SplitTurn(Turn):
    """A turn whose label and body are two widgets beside the marker."""

    def __init__(self, role: str, text: str, *, classes: str) -> None:
        label, _, body = text.partition(" ")
        marker = Static(self.MARKERS[role], classes="marker")
        label_widget = Static(f"{label} ", markup=False, classes="label")
        HorizontalGroup.__init__(self, marker, label_widget, LiteralMarkdown(body), classes=classes)


class LabelAndBodySplitTurn(CompositeChatApp):
    """single-label-widget: beside the marker, the label and the body are two widgets."""

    CSS = "Turn > .label { width: auto; }"

    def turn(self, role: str, text: str) -> Turn:
        return _SplitTurn(role, text, classes=CLASSES[role])


class LabelAndBodySplitTurnAdapter(CompositeChatAdapter):
    """The composite example's adapter, creating :class:`LabelAndBodySplitTurn`."""

    name = "mutant label_and_body_split_turn"

    def create_app(self) -> App[Any]:
        """Return a fresh :class:`LabelAndBodySplitTurn`."""
        return LabelAndBodySplitTurn()


marker_without_border = MarkerWithoutBorderAdapter()
"""``--adapter tests.candidates.mutants:marker_without_border``."""


marker_without_border_body = BodyBesideMarkerAdapter()
"""``--adapter tests.candidates.mutants:marker_without_border_body``."""


label_and_body_split_turn = LabelAndBodySplitTurnAdapter()
"""``--adapter tests.candidates.mutants:label_and_body_split_turn``."""
