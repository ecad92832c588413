"""Hostile candidates: apps that hang, crash or mishandle hostile input; miswired adapters.

Each is named on the command line as ``--adapter tests/candidates/hostile.py:<name>``.
The apps subclass the reference app and break one thing: a step of its submission flow
(``normalize``, ``message_item``, ``show``) or a handler. Handlers call
``event.prevent_default()`` so that the reference app's handler (which Textual would also
call, as it calls a handler for every class in the MRO) does not run.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Input, Label

from reference_app.app import ChatApp
from reference_app.conformance import ReferenceAdapter
from reference_app.model import Message
from reference_app.widgets import visible

# -- apps that hang ------------------------------------------------------------------


class HangAwaitingSubmit(ChatApp):
    """Awaits, in the submit handler, an event that is never set."""

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        event.prevent_default()
        await asyncio.Event().wait()


class HangBlockingSubmit(ChatApp):
    """Spins in the submit handler (``while True``, no await): the event loop is blocked."""

    def on_input_submitted(self, event: Input.Submitted) -> None:  # type: ignore[override]  # blocks on purpose
        event.prevent_default()
        while True:
            pass


class HangSwallowingSubmit(ChatApp):
    """Spins in the submit handler and swallows every ``Exception`` raised into it."""

    def on_input_submitted(self, event: Input.Submitted) -> None:  # type: ignore[override]  # blocks on purpose
        event.prevent_default()
        while True:
            try:
                while True:
                    pass
            except Exception:  # the point of this candidate
                pass


class SpinInCompose(ChatApp):
    """Spins in compose, so the app never finishes starting."""

    def compose(self) -> ComposeResult:
        while True:
            pass
        yield from super().compose()


class SpinInRender(ChatApp):
    """Its items spin when drawn: every refresh, and any screenshot, blocks."""

    def message_item(self, message: Message) -> Widget:
        return _SpinningItem(message.display_text)


class _SpinningItem(Label):
    def render(self) -> Text:
        while True:
            pass


class HangAwaitingMount(ChatApp):
    """Awaits, in the mount handler, an event that is never set."""

    async def on_mount(self) -> None:
        await asyncio.Event().wait()


# -- apps that crash -----------------------------------------------------------------


class CrashInCompose(ChatApp):
    """Raises in compose."""

    def compose(self) -> ComposeResult:
        raise ValueError("compose failed on purpose")


class CrashOnMount(ChatApp):
    """Raises in the mount handler."""

    def on_mount(self) -> None:
        raise LookupError("mount failed on purpose")


class CrashOnSubmit(ChatApp):
    """Raises in the submit handler."""

    def on_input_submitted(self, event: Input.Submitted) -> None:  # type: ignore[override]  # blocks on purpose
        event.prevent_default()
        raise RuntimeError(f"submit failed on purpose for {event.value!r}")


class SwappedCrashOnUnmount(ChatApp):
    """Draws user items right and agent items left, and raises while it is being stopped."""

    CSS = """
    .user-role { text-align: right; border-left: none; border-right: thick $primary; }
    .agent-role { text-align: left; border-right: none; border-left: thick $success; }
    """

    def on_unmount(self) -> None:
        raise RuntimeError("unmount failed on purpose")


# -- apps that mishandle hostile input ------------------------------------------------


def _classes(message: Message) -> str:
    return " ".join(message.role.classes)


class MarkupBodies(ChatApp):
    """Renders bodies as Textual markup, so ``[@click=app.quit]`` becomes an action."""

    def message_item(self, message: Message) -> Widget:
        return Label(visible(message.display_text), markup=True, classes=_classes(message))


class RawControlCharacters(ChatApp):
    """Passes control characters through to the terminal."""

    def message_item(self, message: Message) -> Widget:
        return Label(message.display_text, markup=False, classes=_classes(message))


class AnsiInterpreted(ChatApp):
    """Interprets ANSI escape sequences in bodies as colours."""

    def message_item(self, message: Message) -> Widget:
        return Label(Text.from_ansi(message.display_text), classes=_classes(message))


class StripsOnlyAsciiWhitespace(ChatApp):
    """Strips spaces, tabs and newlines only, so Unicode whitespace makes a message."""

    def normalize(self, value: str) -> str:
        return value.strip(" \t\r\n")


class StripsInvisibleCharacters(ChatApp):
    """Also strips zero-width characters, which are not whitespace."""

    def normalize(self, value: str) -> str:
        return value.strip().strip("\u200b\ufeff\u2060")


class TruncatesLongBodies(ChatApp):
    """Keeps the first 10,000 characters of a body."""

    def normalize(self, value: str) -> str:
        return value.strip()[:10_000]


class NoWrap(ChatApp):
    """Shows each item on one row, cut with an ellipsis."""

    CSS = ".chat-message { text-wrap: nowrap; text-overflow: ellipsis; }"


class FixedWidthItems(ChatApp):
    """Gives every item a fixed width of 60 cells, wider than a small terminal."""

    CSS = ".chat-message { width: 60; }"


class DeferredResponses(ChatApp):
    """Adds the response 0.2 s after the user message, so quick submissions interleave."""

    async def show(self, messages: Sequence[Message]) -> None:
        user, agent = messages
        self.session.messages.remove(agent)
        conversation = self.query_one(f"#{self.CONVERSATION_ID}", VerticalScroll)
        await conversation.mount(self.message_item(user))

        async def respond() -> None:
            self.session.messages.append(agent)
            await conversation.mount(self.message_item(agent))
            conversation.scroll_end(animate=False)

        self.set_timer(0.2, respond)


class CandidateAdapter(ReferenceAdapter):
    """The reference adapter, creating a hostile app instead of the reference app."""

    def __init__(self, app_class: type[ChatApp]) -> None:
        self.app_class = app_class
        self.name = app_class.__name__

    def create_app(self, context: object = None) -> App[Any]:
        """Return a new instance of the hostile app."""
        return self.app_class()


hang_awaiting_submit = CandidateAdapter(HangAwaitingSubmit)
hang_blocking_submit = CandidateAdapter(HangBlockingSubmit)
hang_swallowing_submit = CandidateAdapter(HangSwallowingSubmit)
spin_in_compose = CandidateAdapter(SpinInCompose)
hang_awaiting_mount = CandidateAdapter(HangAwaitingMount)
spin_in_render = CandidateAdapter(SpinInRender)
crash_in_compose = CandidateAdapter(CrashInCompose)
crash_on_mount = CandidateAdapter(CrashOnMount)
crash_on_submit = CandidateAdapter(CrashOnSubmit)
swapped_crash_on_unmount = CandidateAdapter(SwappedCrashOnUnmount)
markup_bodies = CandidateAdapter(MarkupBodies)
raw_control_characters = CandidateAdapter(RawControlCharacters)
ansi_interpreted = CandidateAdapter(AnsiInterpreted)
strips_only_ascii_whitespace = CandidateAdapter(StripsOnlyAsciiWhitespace)
strips_invisible_characters = CandidateAdapter(StripsInvisibleCharacters)
truncates_long_bodies = CandidateAdapter(TruncatesLongBodies)
no_wrap = CandidateAdapter(NoWrap)
fixed_width_items = CandidateAdapter(FixedWidthItems)
deferred_responses = CandidateAdapter(DeferredResponses)


# -- adapters wired wrongly ----------------------------------------------------------


class WrongConversationSelector(ReferenceAdapter):
    """Names a conversation area that does not exist."""

    name = "wrong-conversation-selector"
    conversation_selector = "#messages"


class InputSelectorNotInput(ReferenceAdapter):
    """Names the conversation area as the input."""

    name = "input-selector-not-input"
    input_selector = "#chat-log"


class InvalidItemSelector(ReferenceAdapter):
    """Gives an item selector that is not valid CSS."""

    name = "invalid-item-selector"
    item_selector = "Static[["


class AccessorReadsMissingAttribute(ReferenceAdapter):
    """Reads the message list from an attribute the app does not have."""

    name = "accessor-reads-missing-attribute"

    def messages(self, app: App[Any]) -> Any:
        """Return ``app.history``, which the reference app does not have."""
        return app.history  # type: ignore[attr-defined]


class MissingAccessor:
    """Lacks ``messages`` (and is otherwise the reference adapter's data)."""

    name = "missing-accessor"
    implementation_version = "0"
    protocol_version = 1
    profiles = ("chat_screen",)
    conversation_selector = "#chat-log"
    input_selector = "#chat-input"
    item_selector = "Static"
    responses = ReferenceAdapter.responses
    choice_site = (random, "choice")
    create_app = ReferenceAdapter.create_app
    submitted_inputs = ReferenceAdapter.submitted_inputs
    selected_responses = ReferenceAdapter.selected_responses


class FactoryRaises(ReferenceAdapter):
    """Has a ``create_app`` that raises."""

    name = "factory-raises"

    def create_app(self, context: object = None) -> App[Any]:
        """Raise, as a factory with a missing dependency would."""
        raise RuntimeError("the factory failed on purpose")


class FactoryReturnsClass(ReferenceAdapter):
    """Returns the App class instead of an instance."""

    name = "factory-returns-class"

    def create_app(self, context: object = None) -> Any:
        """Return the class :class:`ChatApp` itself."""
        return ChatApp


class FactoryReturnsNotApp(ReferenceAdapter):
    """Returns a widget, which is not an App."""

    name = "factory-returns-not-app"

    def create_app(self, context: object = None) -> Any:
        """Return an :class:`~textual.widgets.Input`."""
        return Input()


class WrongChoiceSite(ReferenceAdapter):
    """Names ``random.sample`` as the site of the standard choice."""

    name = "wrong-choice-site"
    choice_site = (random, "sample")


class BreaksAfterSmoke(ReferenceAdapter):
    """Names the input for the smoke check's app, then the conversation area for every app."""

    name = "breaks-after-smoke"

    def __init__(self) -> None:
        self.apps = 0

    def create_app(self, context: object = None) -> App[Any]:
        """Return a fresh reference app, counting the apps made so far."""
        self.apps += 1
        return ChatApp()

    @property
    def input_selector(self) -> str:  # type: ignore[override]
        """The input's selector for the first app, the conversation area's afterwards."""
        return "#chat-input" if self.apps <= 1 else "#chat-log"


breaks_after_smoke = BreaksAfterSmoke()
