"""Correct variants of the reference chat app (profile ``chat_screen``).

Each is :class:`reference_app.app.ChatApp` drawn or built otherwise, in a way seeds 000 and
001 allow; ``tests/test_variants.py`` proves each passes the MUST and SHOULD scenarios of
the features it names, in every run.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from textual.app import App
from textual.containers import Horizontal, VerticalScroll
from textual.widget import Widget

from reference_app.app import ChatApp
from reference_app.conformance import ReferenceAdapter
from reference_app.model import Message
from tests.candidates.variants._registry import register, snake

DRAWN = ("layout", "rendering", "literal_text", "hostile_input", "scrolling", "compatibility")
"""The features that read where and how items are drawn."""


class VariantAdapter(ReferenceAdapter):
    """The reference app's adapter, creating a variant's app instead."""

    APP: type[ChatApp] = ChatApp

    def create_app(self, context: object = None) -> App[Any]:
        """Return a fresh app of the variant."""
        return self.APP()


def chat_variant(*features: str) -> Callable[[type[ChatApp]], type[ChatApp]]:
    """Register the decorated app as a correct variant reaching ``features``."""

    def decorate(app: type[ChatApp]) -> type[ChatApp]:
        name = snake(app.__name__)
        made = type(f"{app.__name__}Adapter", (VariantAdapter,), {"APP": app, "name": name})
        register("chat_screen", features, app.__doc__, name, made)
        return app

    return decorate


@chat_variant(*DRAWN)
class HeavyBordersPadded(ChatApp):
    """Heavy and double side borders, two cells of padding and a blank row inside each item --
    000 (계약): left and right alignment with different side borders; their style and padding
    are not fixed
    """

    CSS = """
    .user-role { border-left: heavy $primary; padding: 1 2; }
    .agent-role { border-right: double $success; padding: 1 2; }
    """


@chat_variant(*DRAWN, "messages", "input")
class NestedRows(ChatApp):
    """Each item a label inside a row container of its own -- 000 (conversation-message-
    rendering): the output is a label widget; where it sits in the tree is not fixed
    """

    CSS = """
    .message-row { height: auto; width: 100%; }
    """

    def message_item(self, message: Message) -> Widget:
        """The reference's label, inside a row."""
        return Horizontal(super().message_item(message), classes="message-row")


@chat_variant(*DRAWN, "messages")
class NarrowItemsAtTheirEdge(ChatApp):
    """Items only as wide as their text (at most 70 %), the agent's row pushing it to the right
    edge -- 000: left and right alignment; an item's width is not fixed
    """

    CSS = """
    .message-row { height: auto; width: 100%; }
    .message-row.-agent { align-horizontal: right; }
    .chat-message { width: auto; max-width: 70%; }
    """

    def message_item(self, message: Message) -> Widget:
        """The reference's label, narrowed, in a row aligned to its role's side."""
        row = Horizontal(super().message_item(message), classes="message-row")
        row.set_class(message.role.value == "agent", "-agent")
        return row


@chat_variant(*DRAWN)
class ChatLightTheme(ChatApp):
    """The app in Textual's light theme -- 000 (검증): alignment and borders exist independently
    of colour
    """

    def on_mount(self) -> None:
        """Switch to the light theme before anything is drawn."""
        self.theme = "textual-light"


@chat_variant(*DRAWN)
class TallPaddedItems(ChatApp):
    """Two blank rows above and below each item's label, so one submission already overflows
    a small terminal -- 001 흐름 7: mount both items and scroll so that the last one is
    visible; an item's height is not fixed
    """

    CSS = """
    .chat-message { padding: 2 1; }
    """


@chat_variant(*DRAWN)
class ChatAreaPadded(ChatApp):
    """The conversation area padded 1 row and 5 cells on each side -- 000 (계약): user items
    at the left, agent items at the right of the conversation area; its padding is not fixed
    """

    CSS = """
    #chat-log { padding: 1 5; }
    """


@chat_variant(*DRAWN)
class ChatNoGaps(ChatApp):
    """No blank row between items -- 000: alignment and side borders tell the roles apart;
    spacing between items is not fixed
    """

    CSS = """
    .chat-message { margin-bottom: 0; }
    """


@chat_variant(*DRAWN)
class ChatNoScrollbar(ChatApp):
    """The conversation scrolls without a drawn scrollbar or a gutter for one -- 001 흐름 7:
    scroll so that the last item is visible; a scrollbar is not asked for
    """

    CSS = """
    #chat-log { scrollbar-size-vertical: 0; scrollbar-gutter: auto; }
    """


@chat_variant("scrolling", "hostile_input", "layout", "messages")
class ScrollsLastItemIntoView(ChatApp):
    """Each submission scrolls just far enough that the last item is wholly in view, the gap
    below it left out of view -- 001 흐름 7: mount both items and scroll so that the last
    one is visible ("마지막 항목이 보이도록 스크롤한다"), not to the largest offset
    """

    async def show(self, messages: Sequence[Message]) -> None:
        """Mount the items, then scroll the last one's own region (no margin) into view."""
        conversation = self.query_one(f"#{self.CONVERSATION_ID}", VerticalScroll)
        items = [self.message_item(message) for message in messages]
        await conversation.mount_all(items)
        last = items[-1]

        def into_view() -> None:
            conversation.scroll_to_region(last.virtual_region, animate=False, immediate=True)

        self.call_after_refresh(into_view)
