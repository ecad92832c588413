"""Mutants of seed area Rendering.

Each is the reference chat_screen app with one defect in that area, caught by a
scenario of ``features/chat_screen/`` citing its clause.
"""

from __future__ import annotations

from typing import ClassVar

from textual.containers import HorizontalGroup
from textual.widget import Widget
from textual.widgets import Label

from reference_app.app import ChatApp
from reference_app.model import Message, Role
from tests.candidates.mutants._registry import mutant
from tests.candidates.mutants._shared import _label


@mutant
class LabelMissing(ChatApp):
    """display-format: the item shows the body alone, without the role label."""

    def message_item(self, message: Message) -> Widget:
        return _label(message.body, message)


@mutant
class SeparatorWithoutSpace(ChatApp):
    """display-format: no space after the colon: ``사용자:본문``."""

    def message_item(self, message: Message) -> Widget:
        return _label(f"{message.role.label}:{message.body}", message)


@mutant
class FullWidthColon(ChatApp):
    """display-format: a full-width colon (U+FF1A) separates label and body."""

    def message_item(self, message: Message) -> Widget:
        return _label(f"{message.role.label}\uff1a {message.body}", message)


@mutant
class MisspeltAgentLabel(ChatApp):
    """role-labels: the agent label is misspelt ``에이젼트``."""

    LABELS: ClassVar[dict[Role, str]] = {Role.USER: "사용자", Role.AGENT: "에이젼트"}

    def message_item(self, message: Message) -> Widget:
        return _label(f"{self.LABELS[message.role]}: {message.body}", message)


@mutant
class LabelsSwapped(ChatApp):
    """label-and-classes-from-role: each item carries the other role's label."""

    LABELS: ClassVar[dict[Role, str]] = {Role.USER: "에이전트", Role.AGENT: "사용자"}

    def message_item(self, message: Message) -> Widget:
        return _label(f"{self.LABELS[message.role]}: {message.body}", message)


@mutant
class AgentRoleClassMissing(ChatApp):
    """role-classes: agent items lack ``agent-role`` (styled through ``response-message``)."""

    CSS = ".response-message { text-align: right; border-right: thick $success; }"

    def message_item(self, message: Message) -> Widget:
        classes = [name for name in message.role.classes if name != "agent-role"]
        return _label(message.display_text, message, classes)


@mutant
class ChatMessageClassMissing(ChatApp):
    """role-classes: items lack ``chat-message`` (the role classes carry its layout)."""

    CSS = ".user-role, .agent-role { width: 100%; padding: 0 1; margin-bottom: 1; }"

    def message_item(self, message: Message) -> Widget:
        classes = [name for name in message.role.classes if name != "chat-message"]
        return _label(message.display_text, message, classes)


@mutant
class RoleClassesSwapped(ChatApp):
    """role-classes: user items get the agent's role classes and agent items the user's."""

    def message_item(self, message: Message) -> Widget:
        other = Role.AGENT if message.role is Role.USER else Role.USER
        return _label(message.display_text, message, other.classes)


@mutant
class AgentKeepsUserClasses(ChatApp):
    """role-classes: agent items add their classes to the user classes every item starts with."""

    def message_item(self, message: Message) -> Widget:
        classes = dict.fromkeys([*Role.USER.classes, *message.role.classes])
        return _label(message.display_text, message, classes)


@mutant
class AlignmentSwapped(ChatApp):
    """role-alignment: user text is right-aligned, agent text left-aligned."""

    CSS = ".user-role { text-align: right; } .agent-role { text-align: left; }"


@mutant
class RightAlignOnAutoWidth(ChatApp):
    """role-alignment: ``text-align: right`` on auto-width items: claims right, draws left."""

    CSS = ".chat-message { width: auto; }"


@mutant
class BorderOnWrongSide(ChatApp):
    """role-borders: the agent's border is on its left side, like the user's."""

    CSS = ".agent-role { border-right: none; border-left: thick $success; }"


@mutant
class BordersOnBothSides(ChatApp):
    """role-borders: a base left border on every item stays on agent items, which get both sides."""

    CSS = ".chat-message { border-left: thick $primary; }"


@mutant
class ColourOnly(ChatApp):
    """structure-not-colour: roles differ by text colour only: no side border, no alignment."""

    CSS = """
    .user-role, .agent-role { text-align: left; border-left: none; border-right: none; }
    .user-role { color: $primary; }
    .agent-role { color: $success; }
    """


@mutant
class LabelAndBodySplit(ChatApp):
    """single-label-widget: the role label and the body are two label widgets side by side."""

    CSS = """
    .chat-message { height: auto; }
    .chat-message Label { width: auto; }
    .agent-role { align-horizontal: right; }
    """

    def message_item(self, message: Message) -> Widget:
        return HorizontalGroup(
            Label(f"{message.role.label}: ", markup=False),
            Label(message.body, markup=False),
            classes=" ".join(message.role.classes),
        )


def _pair_number(app: ChatApp, message: Message) -> int:
    """1-based number of the submission ``message`` belongs to (messages kept by identity)."""
    index = next(i for i, kept in enumerate(app.session.messages) if kept is message)
    return index // 2 + 1


class _LateItems(ChatApp):
    """Items of the pairs from :attr:`FROM_PAIR` on carry the class ``late``."""

    FROM_PAIR: ClassVar[int] = 1

    def message_item(self, message: Message) -> Widget:
        item = super().message_item(message)
        if _pair_number(self, message) >= self.FROM_PAIR:
            item.add_class("late")
        return item


@mutant
class BorderMovedFromPairSix(_LateItems):
    """role-borders: from the 6th pair on, agent items have their border on the left."""

    FROM_PAIR = 6
    CSS = ".agent-role.late { border-right: none; border-left: thick $success; }"


@mutant
class AlignmentFlippedFromPairFive(_LateItems):
    """role-alignment: from the 5th pair on, agent text is drawn left-aligned."""

    FROM_PAIR = 5
    CSS = ".agent-role.late { text-align: left; }"


@mutant
class LabelMisspeltFromPairFour(ChatApp):
    """role-labels: from the 4th pair on, the agent label is misspelt ``에이젼트``."""

    def message_item(self, message: Message) -> Widget:
        if message.role is Role.AGENT and _pair_number(self, message) >= 4:
            return _label(f"에이젼트: {message.body}", message)
        return super().message_item(message)


@mutant
class ClassMissingFromPairSeven(ChatApp):
    """role-classes: from the 7th pair on, agent items lack ``response-message``."""

    def message_item(self, message: Message) -> Widget:
        item = super().message_item(message)
        if message.role is Role.AGENT and _pair_number(self, message) >= 7:
            item.remove_class("response-message")
        return item
