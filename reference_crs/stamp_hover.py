"""Timestamps revealed while the pointer is over what they stamp (002 §2.4 ¶8).

The reference client hides its turn-boundary times until they are wanted, the way 002
recommends (``crs-timestamp-hover-preferred``): each stays in the layout, drawn blank
(``visibility: hidden``), so revealing it moves nothing, and is drawn while the pointer is
over the item it stamps: the user message for the turn start, the turn's last block for
the turn end (the stamp follows that item; the user message when the turn drew none), the
notice for a system message. Textual reports pointer moves as ``Enter``/``Leave`` events
with the widget under the pointer (``event.node``); :func:`follow` is called with it.

A keyboard-only user (a terminal without mouse reporting, tmux without ``mouse on``) never
hovers: Ctrl+T (:func:`show_all`) draws every time in the conversation until pressed again,
so the MUST of 002 §2.4 ¶1 (``crs-timestamp-available``) holds without a pointer.
"""

from __future__ import annotations

import weakref
from typing import Any

from textual.app import App
from textual.dom import DOMNode
from textual.widget import Widget

from reference_crs.widgets.system_notice import SystemNoticeItem
from reference_crs.widgets.timestamp import TimeStamp

SHOWN = "-hovered"
"""The class of a revealed stamp (``TimeStamp.-hovered`` in app.tcss)."""
ALL_SHOWN = "-all-times"
"""The conversation's class while every time is drawn (``.-all-times TimeStamp``)."""

_revealed: weakref.WeakKeyDictionary[App[Any], list[Widget]] = weakref.WeakKeyDictionary()


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


def follow(app: App[Any], conversation: Widget, node: DOMNode | None) -> None:
    """Reveal the stamps of the conversation item under the pointer, hide the others.

    Args:
        app: The client.
        conversation: The conversation area; items are its children.
        node: The widget under the pointer, ``None`` when the pointer left the app.
    """
    item = node if isinstance(node, Widget) else None
    while item is not None and item.parent is not conversation:
        item = item.parent if isinstance(item.parent, Widget) else None
    wanted = stamps_of(item) if item is not None else []
    keep = conversation.has_class(ALL_SHOWN)
    for stamp in _revealed.get(app, []):
        if stamp not in wanted and not keep:
            _show(stamp, False)
    for stamp in wanted:
        _show(stamp, True)
    _revealed[app] = wanted


def _show(stamp: Widget, shown: bool) -> None:
    if isinstance(stamp, SystemNoticeItem):
        stamp.reveal(shown)
    else:
        stamp.set_class(shown, SHOWN)


def show_all(conversation: Widget, shown: bool) -> None:
    """Draw every time of the conversation (``True``), or only the hovered ones again.

    Args:
        conversation: The conversation area; items are its children.
        shown: Whether every time is drawn from now on (later stamps included).
    """
    conversation.set_class(shown, ALL_SHOWN)
    for notice in conversation.query(SystemNoticeItem):
        notice.reveal(shown)
