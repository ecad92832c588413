"""The reference client's keys beyond sending and cancelling (002 §2.5.2 to §2.5.5).

:class:`ConversationKeys` is the base of :class:`reference_crs.app.CrsApp`: it shows the
interaction UI of each ``agent.interaction.request``, one at a time, and sends the answer;
it recalls sent messages with ↑/↓ in an empty input (``crs-history-recall``), those of a
reopened conversation too (the pages drawn so far); Page Up/Down
scroll the conversation wherever the focus is (``crs-page-keys-scroll``); a printable key
typed while neither the input nor an interaction UI has the focus goes to the input
(``crs-typing-focuses-input``). Home/End scroll the conversation when it has the focus
(Textual's ``VerticalScroll`` bindings); in the input they move the cursor (design §6.2
item 11). Escape while an interaction UI is shown closes it (``CrsApp.action_cancel_turn``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import Any, ClassVar

from textual import events
from textual.actions import SkipAction
from textual.app import App
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import TextArea

from rawp_port import InteractionRequested
from reference_crs.sent_prompt import FileToken, as_typed
from reference_crs.widgets.interaction import InteractionPanel
from reference_crs.widgets.tokens import TokenTable


class ConversationKeys(App[None]):
    """Interaction requests, history recall, page keys and typing focus of the client."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "recall(-1)", show=False, priority=True),
        Binding("down", "recall(1)", show=False, priority=True),
        Binding("pageup", "page(-1)", show=False, priority=True),
        Binding("pagedown", "page(1)", show=False, priority=True),
    ]
    """Priority bindings; each action raises ``SkipAction`` where it does not apply, so the
    key goes on to the focused widget and the other bindings."""

    INPUT_ID: ClassVar[str] = "prompt-input"
    """Widget id of the input (``CrsApp.INPUT_ID``)."""
    INTERACTION_ID = "interaction"
    """Widget id of the interaction UI while one is shown."""

    ended: set[str]
    port: Any

    @property
    def conversation(self) -> VerticalScroll:
        """The conversation area (``CrsApp.conversation``)."""
        raise NotImplementedError

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """As :class:`textual.app.App`; adds the queue of requests and the sent history."""
        super().__init__(*args, **kwargs)
        self.waiting_requests: deque[InteractionRequested] = deque()
        """Requests not shown yet (several in a burst are shown one after the other)."""
        self.sent_history: list[str] = []
        """The texts sent, oldest first (``crs-history-recall``)."""
        self._recall: int | None = None

    def input_area(self) -> TextArea:
        """The input (the text area typed into), found by its id."""
        return self.query_one(f"#{self.INPUT_ID}", TextArea)

    # interaction requests

    @property
    def interaction(self) -> InteractionPanel | None:
        """The interaction UI shown now, if any."""
        found = self.screen.query(f"#{self.INTERACTION_ID}")
        panel = found.first() if found else None
        return panel if isinstance(panel, InteractionPanel) else None

    async def handle_interaction_requested(self, event: InteractionRequested) -> None:
        """Show the request, or queue it behind the one shown; drop it if its turn ended."""
        if event.turn_id is not None and event.turn_id in self.ended:
            return
        self.waiting_requests.append(event)
        if self.interaction is None:
            await self.show_next_request()

    def interaction_panel(self, request: InteractionRequested) -> InteractionPanel:
        """Return the UI of ``request`` (a seam for broken variants)."""
        return InteractionPanel(request, id=self.INTERACTION_ID)

    async def show_next_request(self) -> None:
        """Show the oldest waiting interaction request, docked above the input (a seam).

        Requests are shown one at a time (002 §2.5.3); the next appears when this one is answered.
        """
        if self.waiting_requests:
            request = self.waiting_requests.popleft()
            place: Widget = self.input_area()  # the input, or what holds it on the screen
            while isinstance(place.parent, Widget) and place.parent is not self.screen:
                place = place.parent
            await self.mount(self.interaction_panel(request), before=place)

    async def on_interaction_panel_answered(self, message: InteractionPanel.Answered) -> None:
        """Send the answer, remove the UI, give the focus back to the input, show the next."""
        self.port.send(message.frame)
        await message.panel.remove()
        self.input_area().focus()
        await self.show_next_request()

    # history and page keys

    def action_recall(self, step: int) -> None:
        """↑/↓ in the input: recall the previous/next sent message (as a shell does).

        Only when the input is empty or holds the message recalled last.
        """
        field = self.focused
        if not isinstance(field, TextArea) or self.interaction is not None:
            raise SkipAction()
        recalled = self.sent_history[self._recall] if self._recall is not None else None
        if field.text and field.text != recalled:
            raise SkipAction()
        if not self.sent_history:
            raise SkipAction()
        index = len(self.sent_history) if self._recall is None else self._recall
        index += step
        if index < 0:
            return
        if index >= len(self.sent_history):
            self._recall = None
            field.clear()
            return
        self._recall = index
        field.load_text(self.sent_history[index])
        field.move_cursor(field.document.end)

    async def on_prompt_input_submitted(self, message: Any) -> None:
        """Remember each sent message for recall (:meth:`recall_entry`)."""
        self.sent_history.append(self.recall_entry(message))
        self._recall = None

    def remember_stored(self, prompts: Sequence[Any]) -> None:
        """Put a reopened conversation's page of prompts before those recalled so far.

        Oldest first: ↑ brings them back as it brings back this session's (002 §2.5.4).

        A stored prompt is read back as the history draws it (``as_typed``): its text
        unescaped, each valid file token a token of the input again (a new ``ref_id`` for
        the same path), so sent again it refers to the same file.
        """
        field = self.input_area()
        tokens = getattr(field, "tokens", None)

        def token(piece: FileToken) -> str:
            if isinstance(tokens, TokenTable):
                return tokens.new(piece.path).text
            return f"@{piece.display_path}"

        entries = [
            as_typed(
                str(getattr(prompt, "prompt_text", "")),
                getattr(prompt, "file_references", ()) or (),
                token,
            )
            for prompt in prompts
        ]
        self.sent_history[:0] = entries
        if self._recall is not None:
            self._recall += len(entries)

    def recall_entry(self, message: Any) -> str:
        """The input's document as it was sent, tokens included (``crs-history-recall``).

        The input's document keeps a token as its marked run (``Token.text``), and the
        input's token table never forgets a token, so loading the run back gives the same
        token: recalled and sent again, it refers to the same file (004 §3.4.6).
        """
        nodes = getattr(message, "nodes", ()) or (message.text,)
        return "".join(node if isinstance(node, str) else node.text for node in nodes)

    def action_page(self, direction: int) -> None:
        """Page Up/Down scroll the conversation by one page (``crs-page-keys-scroll``).

        The scroll is immediate: Textual's ``scroll_page_up`` defers it until after the
        next refresh, so keys of one burst (a held key) all start from the same offset and
        scroll one page together. A key that leaves the view at the end keeps it following
        new content; a Page Down that would stop less than half a page short of the end (a
        reply streamed on while the user read back a page) goes to the end and follows.
        """
        conversation = self.conversation
        page = conversation.scrollable_content_region.height
        target = conversation.scroll_y + direction * page
        if direction > 0 and conversation.max_scroll_y - target < page / 2:
            target = conversation.max_scroll_y  # what a reply added meanwhile: the end
        conversation.scroll_to(y=target, animate=False, immediate=True)
        if conversation.scroll_y >= conversation.max_scroll_y:
            # At the end, the view keeps following what comes next. Textual re-anchors
            # only when the offset changes, and a Page Down at the end changes nothing.
            conversation.anchor()

    # typing anywhere

    def on_text_area_changed(self, message: TextArea.Changed) -> None:
        """Keys that reached the input after the focus left it bring the focus back.

        Keys of one burst are queued at the input before Tab moves the focus on: they are
        typed there, and the focus follows them (``crs-typing-focuses-input``), unless a
        dialog or an interaction UI is shown.
        """
        field = message.text_area
        if field.id != self.INPUT_ID:
            return
        self.input_changed()
        if self.interaction is not None:
            return
        if field.screen is self.screen and self.focused is not field:
            self.focus_typed_input(field)

    def input_changed(self) -> None:
        """The input's text changed (a seam: the client paces its stream by the echo)."""

    def focus_typed_input(self, field: TextArea) -> None:
        """Give the focus to the input that keys were typed into (a seam for variants)."""
        field.focus()

    def on_key(self, event: events.Key) -> None:
        """A printable key that reached the app: put it in the input and focus it."""
        if not event.is_printable or event.character is None:
            return
        if self.interaction is not None or isinstance(self.focused, TextArea):
            return
        field = self.input_area()
        event.stop()
        field.focus()
        field.insert(event.character)
