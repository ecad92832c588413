"""The conversation area: its items, the times it reveals, and the hidden run it skips.

Times revealed while the pointer is over what they stamp (002 §2.4 ¶8): the reference
client hides its turn-boundary times until they are wanted, the way 002 recommends
(``crs-timestamp-hover-preferred``). Each stays in the layout, drawn blank
(``visibility: hidden``), so revealing it moves nothing, and is drawn while the pointer is
over the item it stamps: the user message for the turn start, the turn's last block for
the turn end (the stamp follows that item; the user message when the turn drew none), the
notice for a system message. Textual reports pointer moves as ``Enter``/``Leave`` events,
which bubble from the widget under the pointer (``event.node``) up to this one.

A keyboard-only user (a terminal without mouse reporting, tmux without ``mouse on``) never
hovers: :meth:`Conversation.show_all` (Ctrl+T in the client) draws every time in the
conversation until called again, so the MUST of 002 §2.4 ¶1 (``crs-timestamp-available``)
holds without a pointer.
"""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.containers import VerticalScroll
from textual.dom import DOMNode
from textual.geometry import Size
from textual.layout import DockArrangeResult
from textual.widget import Widget

from reference_crs.offscreen import OffscreenTurns
from reference_crs.textual_private import arrange_shown
from reference_crs.widgets.system_notice import SystemNoticeItem
from reference_crs.widgets.timestamp import TimeStamp


def stamps_of(item: Widget) -> list[Widget]:
    """The stamps item ``item`` (a child of the conversation) reveals.

    A notice its own time; any other item the timestamps right after it (a user message:
    its send time, and its turn's end when the turn drew no block).
    """
    if isinstance(item, SystemNoticeItem):
        return [item]
    parent = item.parent
    if parent is None:
        return []
    siblings = list(parent.children)
    stamps: list[Widget] = []
    for after in siblings[siblings.index(item) + 1 :]:
        if not isinstance(after, TimeStamp):
            break
        stamps.append(after)
    return stamps


class Conversation(VerticalScroll):
    """The conversation area: a ``VerticalScroll`` of items, top to bottom.

    It reveals the times of the item under the pointer (:meth:`follow`) or every time
    (:meth:`show_all`), and skips the hidden run of :class:`~reference_crs.offscreen.OffscreenTurns`
    when it arranges. Textual's ``arrange`` reads the ``display`` of every child on each
    reflow (about 6 µs a child, 36 ms at 1,000 turns); this one hands it only the children
    around the hidden run, which are exactly the displayed ones, so a reflow costs what the
    drawn items cost.
    """

    SHOWN = "-hovered"
    """The class of a revealed stamp (``TimeStamp.-hovered`` in app.tcss)."""
    ALL_SHOWN = "-all-times"
    """This widget's class while every time is drawn (``.-all-times TimeStamp``)."""

    OFFSCREEN: ClassVar[type[OffscreenTurns]] = OffscreenTurns
    """The class hiding the items far above the viewport (a seam for variants)."""

    def __init__(
        self,
        *children: Widget,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
        disabled: bool = False,
    ) -> None:
        """Create an empty conversation (Textual's widget arguments)."""
        super().__init__(*children, name=name, id=id, classes=classes, disabled=disabled)
        self.revealed: list[Widget] = []
        """The stamps revealed for the item under the pointer."""
        self.offscreen = self.OFFSCREEN(self)
        """Keeps the items far above the viewport out of layout (design §9)."""

    def on_mount(self) -> None:
        """Follow the scrolling: items near the viewport are drawn, far ones hidden."""
        self.offscreen.start()

    def on_resize(self) -> None:
        """Heights change with the width: the hidden items are measured again."""
        self.offscreen.schedule()

    @property
    def all_shown(self) -> bool:
        """Whether every time is drawn (:meth:`show_all`), not only the hovered ones."""
        return self.has_class(self.ALL_SHOWN)

    def on_enter(self, event: events.Enter) -> None:
        """The pointer is over a new widget: reveal what it stamps (``crs-timestamp-hover-*``)."""
        self.follow(event.node)

    def on_leave(self, event: events.Leave) -> None:
        """The pointer left a widget: keep only what is still under it revealed."""
        self.follow(self.app.mouse_over)

    def follow(self, node: DOMNode | None) -> None:
        """Reveal the stamps of the item under the pointer, hide the others.

        A seam: a client revealing times otherwise overrides it.

        Args:
            node: The widget under the pointer, ``None`` when the pointer left the app.
        """
        item = node if isinstance(node, Widget) else None
        while item is not None and item.parent is not self:
            item = item.parent if isinstance(item.parent, Widget) else None
        wanted = stamps_of(item) if item is not None else []
        keep = self.all_shown
        for stamp in self.revealed:
            if stamp not in wanted and not keep:
                self.reveal(stamp, False)
        for stamp in wanted:
            self.reveal(stamp, True)
        self.revealed = wanted

    def reveal(self, stamp: Widget, shown: bool) -> None:
        """Draw the time of ``stamp`` (a :class:`TimeStamp` or a notice), or hide it."""
        if isinstance(stamp, SystemNoticeItem):
            stamp.reveal(shown)
        else:
            stamp.set_class(shown, self.SHOWN)

    def show_all(self, shown: bool) -> None:
        """Draw every time of the conversation (``True``), or only the hovered ones again.

        Args:
            shown: Whether every time is drawn from now on (later stamps included).
        """
        self.set_class(shown, self.ALL_SHOWN)
        for notice in self.query(SystemNoticeItem):
            notice.reveal(shown)

    def arrange(self, size: Size, optimal: bool = False) -> DockArrangeResult:
        """Arrange the displayed children (Textual's ``Widget.arrange``, without the hidden)."""
        offscreen = self.offscreen
        if not offscreen.hidden or offscreen.spacer is None:
            return super().arrange(size, optimal)
        nodes, hidden = list(self.children), offscreen.hidden
        at = nodes.index(offscreen.spacer) + 1
        end = at + len(hidden)
        if end > len(nodes) or nodes[at] is not hidden[0] or nodes[end - 1] is not hidden[-1]:
            return super().arrange(size, optimal)  # not the expected run: Textual's own way
        return arrange_shown(self, nodes[:at] + nodes[end:], size, optimal)
