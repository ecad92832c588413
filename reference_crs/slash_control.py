"""The slash-command popup's behaviour: when it opens, what it lists, what its keys do.

:class:`SlashControl` keeps the popup in step with the input's text and cursor (the filter
is the text after the `/`, so a refresh of the command list keeps it by construction) and
handles the popup's keys, which the input offers it first (``PromptInput.offer_key``). It is
a part of the :class:`~reference_crs.widgets.composer.Composer`, the widget holding the
input and both popups; it reads and changes that widget only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from reference_crs.slash import Trigger, attribute, find_trigger, matching, required_hint, select
from reference_crs.widgets.prompt_input import PromptInput
from reference_crs.widgets.slash_popup import SlashPopup

if TYPE_CHECKING:
    from reference_crs.widgets.composer import Composer

POPUP_KEYS = frozenset({"up", "down", "enter", "tab", "escape"})
"""Keys the open popup takes (004 §3.2 ¶15-19); every other key edits the input."""


class PopupControl(Protocol):
    """What :func:`popup_key` needs of a popup's behaviour (slash or file popup)."""

    @property
    def popup(self) -> SlashPopup:
        """The popup (a :class:`SlashPopup` or a subclass)."""
        ...

    def sync(self) -> None:
        """Open, update or close the popup for the input's text now."""
        ...

    def dismiss(self) -> None:
        """Close the popup on Escape, keeping the input's text."""
        ...

    def choose(self, item: Any, /) -> None:
        """Put the highlighted ``item`` into the input."""
        ...


def popup_key(control: PopupControl, key: str) -> bool:
    """Handle ``key`` for ``control``'s popup if it is open; whether it did (004 §3.2, §3.4.4).

    ↑/↓ move the highlight (wrapping), Escape dismisses, Enter and Tab choose the
    highlighted item; any other key, or any key while the popup is closed, is not taken.
    Enter while the popup says nothing matches dismisses it and is not taken, so the input
    sends the text as typed: a message that starts with a path (``/tmp/x``) or an `@` that
    names no file is sent, not stuck behind a popup with nothing to choose.
    """
    if key not in POPUP_KEYS:
        return False
    control.sync()  # keys typed in a burst may be ahead of the Changed messages
    popup = control.popup
    if not popup.is_open:
        return False
    if key in ("up", "down"):
        popup.move(-1 if key == "up" else 1)
    elif key == "escape":
        control.dismiss()
    elif key == "enter" and popup.no_match:
        control.dismiss()
        return False
    else:
        item = popup.focused_command
        if item is not None:
            control.choose(item)
    return True


class SlashControl:
    """Drives the composer's :class:`SlashPopup` from its input and the cached commands."""

    def __init__(self, composer: Composer) -> None:
        """Drive ``composer``'s command popup."""
        self.composer = composer
        """The widget holding the input and the popups."""
        self.usage: dict[str, int] = {}
        """How often each command was sent in this session (``crs-slash-sort-order``)."""
        self.dismissed: tuple[int, int] | None = None
        """Where the `/` of a token closed by Escape is: it stays closed until it goes."""
        self.prefix: str | None = None
        """The filter the popup lists now."""
        self._hinted: str | None = None
        """The input's text when a parameter hint was shown."""

    @property
    def popup(self) -> SlashPopup:
        """The popup."""
        return self.composer.slash_popup

    @property
    def input(self) -> PromptInput:
        """The input."""
        return self.composer.input

    def trigger(self) -> Trigger | None:
        """The `/` token at the input's cursor, if it opens the popup."""
        field = self.input
        if field.selection.start != field.selection.end:
            return None
        row, column = field.cursor_location
        return find_trigger(field.document.get_line(row), row, column)

    def sync(self, *, refreshed: bool = False) -> None:
        """Open, filter or close the popup for the input's text now.

        Args:
            refreshed: The command list was just replaced: keep the highlighted command
                (``crs-commands-refresh-keeps-state``) rather than reset it.
        """
        if not self.composer.is_attached:  # the screen is being torn down: the client is closing
            return
        field, popup = self.input, self.popup
        if self._hinted is not None and field.text != self._hinted:
            field.suggestion, self._hinted = "", None
        found = self.trigger()
        if found is None or (found.row, found.column) == self.dismissed:
            if found is None:
                self.dismissed = None
            popup.close()
            self.prefix = None
            return
        same = found.prefix == self.prefix and popup.is_open
        focused = popup.focused_command
        keep = str(attribute(focused, "name", "")) if focused is not None and same else None
        if not same or refreshed:
            popup.show(matching(self.composer.commands, found.prefix, self.usage), keep)
        self.prefix = found.prefix

    def key(self, key: str) -> bool:
        """Handle ``key`` if the popup is open (``Composer.take_key``); whether it did."""
        if key == "right" and self._hinted is not None:
            self.input.suggestion, self._hinted = "", None  # a hint is not text to insert
            return True
        return popup_key(self, key)

    def dismiss(self) -> None:
        """Escape: close the popup; it stays closed until its `/` goes."""
        found = self.trigger()
        self.dismissed = (found.row, found.column) if found else None
        self.popup.close()
        self.prefix = None

    def choose(self, command: object) -> None:
        """Put ``command`` into the input, close the popup and show a required hint."""
        found, field = self.trigger(), self.input
        if found is None:
            return
        start = (found.row, found.column)
        end = field.cursor_location
        before = field.document.get_text_range((0, 0), start)
        after = field.document.get_text_range(end, field.document.end)
        text, offset = select(before, after, str(attribute(command, "name", "")))
        field.text = text
        lines = text[:offset].split("\n")
        field.cursor_location = (len(lines) - 1, len(lines[-1]))
        self.popup.close()
        self.prefix = None
        self.dismissed = None
        hint = required_hint(command)
        if hint:
            field.suggestion, self._hinted = hint, text

    def sent(self, name: str) -> None:
        """Count a use of command ``name``."""
        self.usage[name] = self.usage.get(name, 0) + 1
