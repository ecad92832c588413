"""The part-1 client: crs_alt's conversation in ``ListView`` rows, times revealed on hover.

Each widget the conversation gets is wrapped in a :class:`Row` (a ``ListItem``) of the
``ListView`` that is the conversation area. A time (``Stamp``) is drawn only while the
pointer is over the row it stamps (002 §2.4 ¶8, the way ``crs-timestamp-hover-preferred``
recommends): a user message reveals its send time (the row above it) and, when its turn
drew no block, the turn's end; an agent block and a notice reveal the stamps right below
them (the turn's end after its last block, the notice's time).
"""

from __future__ import annotations

from pathlib import Path

from textual import events, on
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import ListItem, ListView, Static

from examples.crs_alt.app import AltCrsApp, ChatScreen
from examples.crs_alt.command_bubble import CommandRow
from examples.crs_alt.widgets import Stamp, UserRow

REVEALED = "-revealed"
"""The class of a stamp drawn because the pointer is over what it stamps (app.tcss)."""


class Row(ListItem):
    """One conversation item's row; tells the app when the pointer enters or leaves it."""

    @on(events.Enter)
    @on(events.Leave)
    def _pointer_moved(self, event: events.Enter | events.Leave) -> None:
        app = self.app
        if isinstance(app, Part1App):
            app.reveal_stamps()


class Part1Screen(ChatScreen):
    """crs_alt's chat screen, its conversation a ``ListView`` of rows."""

    def compose(self) -> ComposeResult:
        """The conversation (a list view), the input and a hint line."""
        composer = self.client.composer_type(
            self.client.send_prompt, lambda: self.client.conversation, id=AltCrsApp.INPUT_ID
        )
        yield ListView(id=AltCrsApp.CONVERSATION_ID, initial_index=None)
        yield composer.menu
        yield composer.files
        yield composer
        yield Static(
            "Enter send · Shift+Enter / Ctrl+J new line · Esc cancel · Ctrl+Q quit",
            id="hints",
            markup=False,
        )


class Part1App(AltCrsApp):
    """A part-1 RAWP-CRS client whose items are nested in ``ListView`` > ``ListItem`` rows."""

    CSS_PATH = [  # type: ignore[assignment]  # noqa: RUF012 - Textual reads them in order
        Path(__file__).parents[1] / "crs_alt" / "app.tcss",
        Path(__file__).with_name("app.tcss"),
    ]
    TITLE = "RAWP-CRS (part 1)"

    def get_default_screen(self) -> Screen[None]:
        """The chat screen is the app's only screen."""
        return Part1Screen(self)

    @property
    def rows(self) -> list[Row]:
        """The conversation's rows, top to bottom."""
        return [row for row in self.conversation.children if isinstance(row, Row)]

    def _add(self, *widgets: Widget) -> None:
        """Mount each widget in a row of its own at the end of the conversation."""
        conversation: VerticalScroll = self.conversation
        conversation.mount_all([Row(widget) for widget in widgets])

    def reveal_stamps(self) -> None:
        """Draw the stamps of the row under the pointer, hide every other stamp."""
        rows = self.rows
        hovered = self._row_under_pointer()
        wanted: list[Widget] = []
        if hovered is not None and not isinstance(_content(hovered), Stamp):
            at = rows.index(hovered)
            if isinstance(_content(hovered), (UserRow, CommandRow)) and at > 0:
                wanted += _stamps(rows[at - 1 : at], "user")
            wanted += _stamps_below(rows[at + 1 :])
        for row in rows:
            content = _content(row)
            if isinstance(content, Stamp):
                content.set_class(content in wanted, REVEALED)

    def _row_under_pointer(self) -> Row | None:
        node: Widget | None = self.mouse_over
        while node is not None and not isinstance(node, Row):
            parent = node.parent
            node = parent if isinstance(parent, Widget) else None
        return node if node is not None and node.parent is self.conversation else None


def _content(row: Row) -> Widget | None:
    """The widget a row holds."""
    return next(iter(row.children), None)


def _stamps(rows: list[Row], owner: str) -> list[Widget]:
    """The stamps of ``owner`` among ``rows``."""
    found: list[Widget] = []
    for row in rows:
        content = _content(row)
        if isinstance(content, Stamp) and content.owner == owner:
            found.append(content)
    return found


def _stamps_below(rows: list[Row]) -> list[Widget]:
    """The agent's and system's stamps right below a row (up to the first non-stamp row)."""
    found: list[Widget] = []
    for row in rows:
        content = _content(row)
        if not isinstance(content, Stamp) or content.owner == "user":
            break
        found.append(content)
    return found
