"""Mutants of seed area §2.1-§2.2 Actors, alignment and bubbles.

Each is the reference RAWP-CRS client with one defect in that area, caught by a
scenario of ``features/rawp_crs/`` citing its clause.
"""

from __future__ import annotations

from typing import Any

from textual.widget import Widget

from rawp_port import SystemNotice as _SystemNotice
from reference_crs.app import CrsApp
from reference_crs.widgets import (
    AgentText,
    SystemNoticeItem,
)
from tests.candidates.crs_mutants._registry import mutant
from tests.candidates.crs_mutants._shared import _styled_app

BubbleOnLeft = mutant(
    _styled_app(
        "BubbleOnLeft",
        "crs-user-right-aligned: the user bubble sits at the left.",
        "UserMessage { align-horizontal: left; }",
    )
)


BubbleWithoutBackground = mutant(
    _styled_app(
        "BubbleWithoutBackground",
        "crs-user-bubble: the user bubble has no background of its own.",
        "UserMessage > .bubble { background: transparent; }",
    )
)


BubbleSquareCorners = mutant(
    _styled_app(
        "BubbleSquareCorners",
        "crs-user-bubble: the bubble's frame has square corners.",
        "UserMessage > .bubble { border: solid $primary; }",
    )
)


AgentRightAligned = mutant(
    _styled_app(
        "AgentRightAligned",
        "crs-agent-left-aligned: agent text is aligned right.",
        "AgentText MarkdownParagraph { text-align: right; }",
    )
)


AgentInBubble = mutant(
    _styled_app(
        "AgentInBubble",
        "crs-agent-no-bubble: agent text sits in a framed bubble with a background.",
        "AgentText { background: $primary-muted; border: round $primary; }",
    )
)


AgentNarrow = mutant(
    _styled_app(
        "AgentNarrow",
        "crs-agent-full-width: agent text wraps at 60 % of the area.",
        "AgentText { width: 60%; }",
    )
)


SystemNotCentred = mutant(
    _styled_app(
        "SystemNotCentred",
        "crs-system-centred: system notices are left-aligned.",
        "SystemNoticeItem { text-align: left; }",
    )
)


SystemInBubble = mutant(
    _styled_app(
        "SystemInBubble",
        "crs-system-no-bubble: system notices have a background of their own.",
        "SystemNoticeItem { background: $panel; }",
    )
)


SystemNotMuted = mutant(
    _styled_app(
        "SystemNotMuted",
        "crs-system-muted: system notices are drawn in the normal text colour.",
        "SystemNoticeItem { color: $text; }",
    )
)


EverythingOnTheLeft = mutant(
    _styled_app(
        "EverythingOnTheLeft",
        "crs-alignment-tells-actors-apart: user, agent and system items all sit at the left.",
        "UserMessage { align-horizontal: left; } SystemNoticeItem { text-align: left; }",
    )
)


@mutant
class SystemTruncated(CrsApp):
    """crs-system-content-complete: a system notice shows its first line only."""

    def system_notice(self, text: str, stamp: str) -> Widget:
        return super().system_notice(text.split("\n")[0], stamp)


class _FixedWidthText(AgentText):
    def on_mount(self) -> None:
        self.styles.width = self.app.query_one("#conversation").scrollable_content_region.width


@mutant
class AgentWidthFixedAtMount(CrsApp):
    """crs-agent-full-width: agent text keeps the width in cells it had when it began."""

    def agent_text(self) -> AgentText:
        return _FixedWidthText()


class _FixedCentreNotice(SystemNoticeItem):
    def on_mount(self) -> None:
        width = self.app.query_one("#conversation").scrollable_content_region.width
        text = str(self.render()).split("\n")[0]
        self.styles.text_align = "left"
        self.styles.padding = (0, 0, 0, max(0, (width - len(text)) // 2))  # centred once


@mutant
class NoticeCentredAtMount(CrsApp):
    """crs-system-centred: a notice is indented to the centre of the width it was shown at."""

    def system_notice(self, text: str, stamp: str) -> Widget:
        return _FixedCentreNotice(text, stamp, hidden=True)


@mutant
class CommandBubbleOnTheLeft(CrsApp):
    """crs-user-right-aligned: a slash command's bubble sits at the left, text bubbles right."""

    CSS = "CommandBubble { align-horizontal: left; }"


@mutant
class CommandBubbleWithoutBackground(CrsApp):
    """crs-user-bubble: a slash command is drawn as bare text, with no bubble of its own."""

    CSS = "CommandBubble > .bubble { background: transparent; }"


@mutant
class ToolBlockIndented(CrsApp):
    """crs-agent-left-aligned: tool blocks are indented away from the left edge."""

    CSS = "ToolBlock { margin: 1 0 0 12; }"


@mutant
class ThinkingIndented(CrsApp):
    """crs-agent-left-aligned: thinking blocks are indented away from the left edge."""

    CSS = "ThinkingBlock { margin: 1 0 0 12; }"


class _KindClassedNotices(CrsApp):
    async def handle_system_notice(self, event: Any) -> None:
        await super().handle_system_notice(event)
        if isinstance(event, _SystemNotice):
            self.conversation.children[-1].add_class(f"-kind-{event.kind}")


@mutant
class StopNoticeOnTheLeft(_KindClassedNotices):
    """crs-system-centred: a stop notice (kind cancelled) is drawn left-aligned."""

    CSS = "SystemNoticeItem.-kind-cancelled { text-align: left; }"


@mutant
class ReconnectedNoticeNotMuted(_KindClassedNotices):
    """crs-system-muted: a reconnection notice is drawn in the normal text colour."""

    CSS = "SystemNoticeItem.-kind-reconnected { color: $text; }"


@mutant
class StopNoticeOnBackground(_KindClassedNotices):
    """crs-system-no-bubble: a stop notice has a background of its own."""

    CSS = "SystemNoticeItem.-kind-cancelled { background: $warning-muted; }"
