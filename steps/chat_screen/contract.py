"""The contract of profile ``chat_screen``: what its adapter gives (seeds 000 and 001).

:class:`ChatScreenAdapter` extends the members every adapter has (:class:`steps.adapter.Adapter`)
with what the profile's steps read; docs/adapters.md explains each member. An adapter
satisfies it structurally: it imports nothing from the harness.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import Any, Protocol, runtime_checkable

from textual.app import App

from steps.adapter import Adapter, ScenarioContext


@runtime_checkable
class ChatScreenAdapter(Adapter, Protocol):
    """Capabilities needed by profile ``chat_screen``.

    Roles returned by :meth:`messages` may be ``str`` or an ``Enum`` whose value is a
    ``str``; the harness compares the value with ``user`` and ``agent``.
    """

    def create_app(self, context: ScenarioContext) -> App[Any]:
        """Return a new, not yet running app; called at each start within a scenario.

        Args:
            context: The scenario's context (protocol version 2); an adapter declaring
                version 1 is called with no argument.
        """
        ...

    conversation_selector: str
    """CSS selector of the conversation area, e.g. ``"#chat-log"`` (clause ``widget-ids``)."""
    input_selector: str
    """CSS selector of the input field, e.g. ``"#chat-input"`` (clause ``widget-ids``).

    An ``Input``, a ``TextArea`` (Enter submits) or another focusable widget that keeps
    its text in a ``str`` attribute ``value`` or ``text`` (``steps.input_field``).
    """
    item_selector: str
    """CSS selector, within the conversation area, of the widgets that show messages.

    ``"Static"`` matches every label-like widget (``Label`` subclasses ``Static``) at any
    depth, so the harness sees exactly the text widgets however they are nested. A
    container may be the item too (a marker glyph beside a ``Markdown`` body): its text
    is read from the widgets that draw it (``steps.screen.item_text``).
    """
    responses: Sequence[str]
    """The implementation's fixed response list (clause ``response-from-fixed-list``)."""
    choice_site: tuple[object, str]
    """Where the implementation looks up the standard choice function.

    ``(random, "choice")`` for code calling ``random.choice(...)``;
    ``(my_module, "choice")`` for code that did ``from random import choice``. The harness
    replaces that attribute with a spy for one scenario and restores it afterwards.
    """

    def messages(self, app: App[Any]) -> Sequence[tuple[str | Enum, str]]:
        """Return the in-memory message list as ``(role, body)`` pairs, in order."""
        ...

    def submitted_inputs(self, app: App[Any]) -> Sequence[str]:
        """Return the session record of submitted (stripped) inputs, in order."""
        ...

    def selected_responses(self, app: App[Any]) -> Sequence[str]:
        """Return the session record of selected responses, in order."""
        ...


def role_value(role: str | Enum) -> str:
    """Return the role as the harness compares it.

    Args:
        role: A ``str`` or an ``Enum`` member whose value is a ``str``.

    Returns:
        The role string, e.g. ``"user"``; for anything else its ``repr`` so that the
        failure message shows what the implementation stored.
    """
    value = role.value if isinstance(role, Enum) else role
    return value if isinstance(value, str) else repr(value)


CAPABILITY = ChatScreenAdapter
"""The adapter ``Protocol`` of the profile (``steps.profiles.Profile.capability``)."""
