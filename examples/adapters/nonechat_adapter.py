"""Adapter of a real third-party Textual chat app: nonechat 0.7.0 (PyPI, MIT).

nonechat (https://github.com/nonebot/nonechat) is the console chat front end of the
NoneBot bot framework. Its :class:`nonechat.Frontend` app shows a sidebar, a chat room
(``ChatHistory`` above an ``InputBox``) and a log panel; every deployment supplies a
:class:`nonechat.Backend` subclass, which receives each message the user posts and may
answer through ``Frontend.send_message``. That backend is the pluggable responder.

The implementation under test is nonechat with :class:`FixedResponseBackend`, an
in-process backend that answers each user message with ``random.choice`` over
:data:`RESPONSES`: no network, no API key, no model. Nothing of nonechat is patched or
subclassed. ``docs/thirdparty.md`` maps each member and lists the per-clause result.

Install with ``pip install -e '.[thirdparty]'`` and run with
``pytest features --adapter examples/adapters/nonechat_adapter.py:adapter``.

The file is not called ``nonechat.py``: ``--adapter path.py:attr`` puts the file's
folder first on ``sys.path``, so that name would shadow the package it adapts.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

# nonechat ships no py.typed marker, so mypy sees its names as Any.
import nonechat  # type: ignore[import-untyped]
from nonechat import Backend, ConsoleMessage, Frontend, Text
from nonechat.components.chatroom.input import InputBox  # type: ignore[import-untyped]
from nonechat.model import Event, MessageEvent, Robot  # type: ignore[import-untyped]
from textual.app import App

RESPONSES: tuple[str, ...] = (
    "맡겨만 주세요.",
    "좋은 질문이에요.",
    "확인해 볼게요.",
    "조금 더 자세히 말씀해 주세요.",
    "알겠습니다.",
)
"""The fixed list the backend answers from (clause ``response-from-fixed-list``)."""


class FixedResponseBackend(Backend):  # type: ignore[misc]  # Backend is Any to mypy (no stubs)
    """A nonechat backend that answers each user message from :data:`RESPONSES`.

    Class attributes configure it, because nonechat builds the backend itself from the
    class given to :class:`nonechat.Frontend`.
    """

    focus_input_on_mount = True
    """Run nonechat's own ``focus_input`` action (its Ctrl+/ binding) once mounted.

    nonechat leaves focus on the sidebar's tabs at start; a deployment that wants typing
    to reach the input at once does this. ``False`` gives nonechat's default.
    """

    def __init__(self, frontend: Any) -> None:
        """Create the backend nonechat asks for; the record of responses starts empty."""
        super().__init__(frontend)
        self.selected_responses: list[str] = []
        """Each response chosen, in order: the responder's session record."""

    def on_console_load(self) -> None:
        """Nothing to prepare before the app loads."""

    async def on_console_mount(self) -> None:
        """Focus the input after the first refresh, when the chat room is mounted."""
        if self.focus_input_on_mount:
            self.frontend.call_after_refresh(self.frontend.action_focus_input)

    async def on_console_unmount(self) -> None:
        """Nothing to release."""

    async def post_event(self, event: Event) -> None:
        """Answer a message the user posted with one response chosen by ``random.choice``."""
        if isinstance(event, MessageEvent):
            response = random.choice(RESPONSES)
            self.selected_responses.append(response)
            await self.frontend.send_message(ConsoleMessage([Text(response)]))


class UnfocusedBackend(FixedResponseBackend):
    """The same responder, leaving focus where nonechat puts it (on the sidebar)."""

    focus_input_on_mount = False


class NonechatAdapter:
    """Adapter of nonechat's :class:`~nonechat.Frontend` for profile ``chat_screen``.

    nonechat keeps no message list or session records of its own beyond its chat
    history (``backend.storage``, per channel) and the input box's recall history;
    :meth:`messages` and the record accessors read those, as documented on each.
    """

    name = "nonechat"
    implementation_version = nonechat.__version__
    protocol_version = 1
    profiles = ("chat_screen",)
    conversation_selector = "ChatHistory"
    """nonechat's chat history widget (it has no id, so its type names it)."""
    input_selector = "InputBox > Input"
    """The one ``Input`` of nonechat's input box."""
    item_selector = "Bubble"
    """The bubble showing a message's content, one per message.

    The author's nickname is a separate ``Static`` above it, and the time separators
    (``Timer``) are not messages, so neither is an item.
    """
    responses: Sequence[str] = RESPONSES
    choice_site: tuple[object, str] = (random, "choice")

    def __init__(self, backend: type[FixedResponseBackend] = FixedResponseBackend) -> None:
        """Adapt nonechat run with ``backend``.

        Args:
            backend: The backend class nonechat instantiates for each app.
        """
        self.backend = backend

    def create_app(self) -> App[Any]:
        """Return a fresh nonechat app with the fixed-response backend (no network)."""
        app: App[Any] = Frontend(self.backend)
        return app

    def messages(self, app: App[Any]) -> Sequence[tuple[str, str]]:
        """Return ``(role, body)`` for each message of the current channel's history.

        The role is read from the message data: nonechat stores each message's author
        as a ``User``, or a ``Robot`` for the bot, and has no role strings, so a
        ``Robot`` author maps to ``"agent"`` and any other author to ``"user"``. The
        body is the message's plain text as nonechat stores it.
        """
        return [(_role(event), str(event.message)) for event in _history(app)]

    def submitted_inputs(self, app: App[Any]) -> Sequence[str]:
        """Return nonechat's own record of submitted inputs: the input box's recall history.

        ``InputBox.input_history`` is what Up/Down recall; nonechat appends each
        non-empty submission, unstripped, and skips a repeat of the previous one.
        """
        return list(app.query_one(InputBox).input_history)

    def selected_responses(self, app: App[Any]) -> Sequence[str]:
        """Return the responder's record of chosen responses (nonechat keeps none itself)."""
        assert isinstance(app, Frontend)
        return list(app.backend.selected_responses)


def _history(app: App[Any]) -> list[Any]:
    """The chat history (``MessageEvent`` values) of the channel on show, oldest first."""
    assert isinstance(app, Frontend)
    return list(app.backend.storage.chat_history(app.backend.current_channel))


def _role(event: Any) -> str:
    """``"agent"`` for a message a ``Robot`` wrote, ``"user"`` otherwise."""
    return "agent" if isinstance(event.user, Robot) else "user"


adapter = NonechatAdapter()
"""nonechat with the fixed-response backend, input focused once mounted."""
adapter_as_shipped = NonechatAdapter(UnfocusedBackend)
"""nonechat with the fixed-response backend and its default focus (the sidebar)."""
