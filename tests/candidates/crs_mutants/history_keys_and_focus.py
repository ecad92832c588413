"""Mutants of seed area §2.5.4-§2.5.5 History keys and input focus.

Each is the reference RAWP-CRS client with one defect in that area, caught by a
scenario of ``features/rawp_crs/`` citing its clause.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.actions import SkipAction
from textual.widgets import TextArea

from reference_crs.app import CrsApp
from reference_crs.offscreen import OffscreenTurns
from reference_crs.widgets.conversation import Conversation
from reference_crs.widgets.interaction import InteractionPanel
from reference_crs.widgets.prompt_input import PromptInput as _PromptInput
from tests.candidates.crs_mutants._registry import mutant


class _NeverShown(OffscreenTurns):
    """Hides items far above the viewport and never draws them again."""

    def show(self, count: int) -> None:
        return None


@mutant
class HiddenTurnsStayHidden(CrsApp):
    """crs-home-scrolls-to-top: turns hidden far above the viewport never come back on scroll."""

    CONVERSATION = type("BrokenConversation", (Conversation,), {"OFFSCREEN": _NeverShown})


@mutant
class PageKeysLostInBurst(CrsApp):
    """crs-page-keys-scroll: Page Up/Down deferred to the next refresh, so a burst scrolls once."""

    def action_page(self, direction: int) -> None:
        if direction < 0:
            self.conversation.scroll_page_up(animate=False)
        else:
            self.conversation.scroll_page_down(animate=False)


class _StaleHeights(OffscreenTurns):
    """Keeps the hidden items' heights measured at the old width after a resize."""

    def sync(self) -> None:
        self.width = self.conversation.size.width  # never "resized": nothing re-measured
        super().sync()


@mutant
class HiddenHeightsStaleAfterResize(CrsApp):
    """crs-page-keys-scroll: after a resize, turns hidden far above keep their old heights."""

    CONVERSATION = type("BrokenConversation", (Conversation,), {"OFFSCREEN": _StaleHeights})


@mutant
class TypingReplacesDraft(CrsApp):
    """crs-typing-focuses-input: the first key typed elsewhere replaces the input's draft."""

    def on_key(self, event: events.Key) -> None:
        if not event.is_printable or event.character is None:
            return
        if self.interaction is not None or isinstance(self.focused, TextArea):
            return
        event.prevent_default()  # the reference's own handler is not run as well
        event.stop()
        field = self.input_area()
        field.focus()
        field.select_all()
        field.insert(event.character)


@mutant
class PageKeysToDraft(CrsApp):
    """crs-page-keys-scroll: with a draft in the input, Page Up/Down move its cursor instead."""

    def action_page(self, direction: int) -> None:
        if isinstance(self.focused, TextArea) and self.focused.text:
            raise SkipAction()
        super().action_page(direction)


class _ShowsOldest(OffscreenTurns):
    """Scrolling up draws the oldest hidden turns again, not the ones next to the viewport."""

    def show(self, count: int) -> None:
        if count <= 0:
            return
        shown = self.hidden[:count]
        del self.hidden[:count]
        del self.heights[:count]
        for widget in shown:
            widget.display = True
        self.resize_spacer()


@mutant
class HiddenTurnsShownOutOfOrder(CrsApp):
    """crs-page-keys-scroll: paging up draws the oldest hidden turns next to the viewport."""

    CONVERSATION = type("BrokenConversation", (Conversation,), {"OFFSCREEN": _ShowsOldest})


@mutant
class PageDownAtEndStopsFollowing(CrsApp):
    """crs-page-keys-scroll: a Page Down at the end stops the view following new messages."""

    def action_page(self, direction: int) -> None:
        conversation = self.conversation
        page = conversation.scrollable_content_region.height
        conversation.scroll_to(
            y=conversation.scroll_y + direction * page, animate=False, immediate=True
        )


@mutant
class FocusLeftOnWorkspaceButton(CrsApp):
    """crs-typing-focuses-input: after the directory dialog the focus stays on its button."""

    def on_session_form_closed(self, message: Any) -> None:
        message.prevent_default()  # the reference's handler gives the focus to the input


@mutant
class TabBurstLeavesFocusBehind(CrsApp):
    """crs-typing-focuses-input: letters typed after Tab in one burst leave the focus elsewhere."""

    def focus_typed_input(self, field: Any) -> None:
        return


@mutant
class RecallDropsFileTokens(CrsApp):
    """crs-history-recall: ↑ recalls a sent message as plain text, its file tokens as `@path`."""

    def recall_entry(self, message: Any) -> str:
        return str(message.text)


@mutant
class TypingLostAfterInteraction(CrsApp):
    """crs-typing-focuses-input: keys typed after an interaction UI closed (focus nowhere) lost."""

    async def on_interaction_panel_answered(self, message: InteractionPanel.Answered) -> None:
        message.prevent_default()  # Textual would run the reference's handler next
        self.port.send(message.frame)
        await message.panel.remove()
        self.set_focus(None)  # the focus is not given back to the input
        await self.show_next_request()

    def on_key(self, event: events.Key) -> None:
        if self.focused is None:  # only a focused widget passes typing on to the input
            event.prevent_default()
            event.stop()


@mutant
class PageKeysOnlyInInput(CrsApp):
    """crs-page-keys-scroll: Page Up and Page Down scroll the conversation only from the input."""

    def action_page(self, direction: int) -> None:
        if not isinstance(self.focused, _PromptInput):
            raise SkipAction()
        super().action_page(direction)


@mutant
class FocusedConversationSwallowsPageKeys(CrsApp):
    """crs-page-keys-scroll: with the focus on the conversation, Page Up and Down do nothing."""

    def action_page(self, direction: int) -> None:
        if self.focused is self.conversation:
            return  # taken by the conversation's own keys, which do not scroll
        super().action_page(direction)


@mutant
class NoFocusAtStartTypingLost(CrsApp):
    """crs-typing-focuses-input: the input has no focus at start and typed keys never reach it."""

    AUTO_FOCUS = None  # type: ignore[assignment]  # Textual takes None: nothing focused at start

    def on_key(self, event: events.Key) -> None:
        if event.is_printable and self.interaction is None and self.focused is None:
            event.prevent_default()  # the reference's own handler would take it to the input

    def focus_typed_input(self, field: Any) -> None:
        return


@mutant
class SendAfterPageUpStaysAway(CrsApp):
    """crs-page-keys-scroll: after Page Up, what the user sends and its answer stay off screen."""

    def follow_end(self) -> None:
        """Leave the view where the user scrolled it (the reference before de79453)."""
