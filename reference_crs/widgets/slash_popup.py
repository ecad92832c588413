"""The slash-command popup: an ``OptionList`` docked between the conversation and the input.

It never takes the focus: the input keeps it, and hands the popup's keys (↑/↓, Enter, Tab,
Escape) to the app while it is shown (004 §3.2).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from textual import events
from textual.content import Content
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from reference_crs.slash import NO_MATCH, attribute, printable
from reference_crs.textual_private import first_row_of, line_at, update_lines

CATEGORY_ICONS = {"session": "↻", "display": "◐", "config": "⚙", "general": "?"}
"""A one-cell glyph per known category (``crs-slash-item-category``); others get ``•``."""
MAX_ROWS = 13
"""The popup's most rows of items (7 items and the rules between them), then it scrolls."""
RESERVED_ROWS = 9
"""Rows of the screen the popup leaves to the rest, borders included: the input (3), the
key hints (1), a session line (up to 2) and at least 3 rows of conversation. On a short
terminal (50x20) the popup shrinks and scrolls rather than covering the conversation and
pushing the key hints off the screen (004 §3.2 ¶3: it SHOULD NOT hide the conversation);
from 24 rows up it is as tall as :data:`MAX_ROWS` allows."""
CHUNK = 200
"""Options made at a time: a long list gets more as the highlight or the scroll nears the
end of those made, so `/` with 10,000 commands lays out 200 (``crs-slash-popup-latency``).
A jump further than a chunk (↑ on the first item wraps to the last, ``crs-slash-keys-wrap``)
makes a fresh window of options around the target instead of every option before it."""


class SlashPopup(OptionList, can_focus=False):
    """The popup's list: one option per command, a rule between options.

    Rules separate the items (``crs-slash-item-separation``).

    Each option reads `` /{name}  {description}  {icon} {category}`` with one cell of padding
    on each side of the highlight (``crs-slash-item-padding``), the name bold and the rest
    muted (``crs-slash-item-hierarchy``). The highlight covers the whole row
    (``crs-slash-highlight-full-row``) and follows the mouse (``crs-slash-hover-wins``).
    """

    DEFAULT_CSS = """
    SlashPopup {
        display: none;
        height: auto;
        border: round $accent;
        border-subtitle-align: left;
        border-subtitle-color: $text-muted;
        padding: 0;
        background: $surface;
        & > .option-list--option {
            padding: 0 1;
        }
        & > .option-list--option-highlighted {
            color: $block-cursor-foreground;
            background: $block-cursor-background;
        }
        & > .option-list--option-hover {
            background: $surface;
        }
        & > .option-list--option-disabled {
            color: $text-muted;
        }
    }
    """

    NO_MATCH = NO_MATCH
    """Shown when nothing matches (``crs-slash-no-match-message``)."""
    NO_MATCH_HINT = "Enter 그대로 보내기 · Esc 닫기"
    """On the bottom border beside the no-match message: what the keys do then (a text
    that starts with `/`, such as a path, is sent as typed)."""

    @dataclass
    class Chosen(Message):
        """The user clicked ``command`` (``crs-slash-pointer-select``)."""

        command: object

    def __init__(self, *, id: str | None = None) -> None:
        """Create the popup, hidden and empty."""
        super().__init__(id=id)
        self.shown: list[object] = []
        """The commands listed, in order (the options' order)."""
        self.first = 0
        """The item of :attr:`shown` whose option is the list's first (option ``i`` is item
        ``first + i``)."""
        self._remaking = False
        self.loaded = 0
        """The item after the last one with its option made: options exist for
        ``shown[first:loaded]``."""

    @property
    def is_open(self) -> bool:
        """Whether the popup is shown."""
        return bool(self.display)

    @property
    def focused_command(self) -> object | None:
        """The highlighted command, ``None`` when nothing matches."""
        index = self.item_at(self.highlighted)
        if index is None or not self.shown or index >= len(self.shown):
            return None
        return self.shown[index]

    def item_at(self, option: int | None) -> int | None:
        """The index in :attr:`shown` of option ``option`` (``None`` stays ``None``)."""
        return None if option is None else self.first + option

    def show(self, commands: Sequence[object], keep: str | None = None) -> None:
        """List ``commands`` and open; the highlight stays on ``keep``'s name if listed.

        Otherwise it goes to the first item (``crs-slash-filter-focus-reset``). With no
        commands the popup stays open with the no-match message
        (``crs-slash-no-match-stays-open``).
        """
        names = [self._identity(c) for c in commands]
        same = names == [self._identity(c) for c in self.shown] and self.display
        if not same:
            self.shown = list(commands)
            self.first, self.loaded = 0, min(len(self.shown), CHUNK)
            options = self._make_options(0, self.loaded)
            if not options:
                options.append(Option(Content(self.NO_MATCH), disabled=True))
            self.set_options(options)
            self.fit()
        if self.shown:
            target = names.index(keep) if keep in names else 0
            self._load_through(target)
            self.highlighted = target - self.first
        self.display = True
        self._draw_status()

    def fit(self, screen_height: int | None = None) -> None:
        """Size the popup to its items: at most :data:`MAX_ROWS` rows, :data:`RESERVED_ROWS` left.

        Called when the items change and when the terminal is resized.

        Args:
            screen_height: The terminal's height (rows); ``None``: the app's size now.
        """
        rows = max(1, 2 * len(self.shown) - 1)
        height = self.app.size.height if screen_height is None else screen_height
        room = height - RESERVED_ROWS - 2  # less the borders
        self.styles.height = max(1, min(rows, MAX_ROWS, room)) + 2

    @property
    def no_match(self) -> bool:
        """Whether the popup is open with its no-match message (then Enter sends the text)."""
        return bool(self.display) and not self.shown

    def _draw_status(self) -> None:
        """The bottom border: the keys' hint while nothing matches."""
        self.border_subtitle = self.NO_MATCH_HINT if self.no_match else ""

    @staticmethod
    def _identity(command: object) -> str:
        """What tells two items apart: a command's name."""
        return str(attribute(command, "name", ""))

    def _make_options(self, start: int, end: int) -> list[Option | None]:
        """Options of ``shown[start:end]``, each followed by a rule unless it is the last."""
        options: list[Option | None] = []
        for index in range(start, end):
            options.append(Option(self.option_prompt(self.shown[index])))
            if index < len(self.shown) - 1:
                options.append(None)
        return options

    def _load_through(self, index: int) -> None:
        """Make options around item ``index``: through a chunk beyond it, a chunk before it.

        Within a chunk of the options made, the next chunk is appended (or, near the first
        option made, the previous chunk put before them); further away, the options are made
        afresh for a window holding ``index`` (at most a chunk on each side), so a wrap to
        the last of 100,000 items makes a chunk, not 100,000 options.
        """
        total = len(self.shown)
        if index < self.first - CHUNK or index > self.loaded + CHUNK:
            first = max(0, min(index - CHUNK // 2, total - CHUNK))
            self._remake(first, min(total, first + CHUNK))
        elif index < self.first + MAX_ROWS and self.first > 0:
            first = max(0, min(index, self.first) - CHUNK)
            self._remake(first, min(self.loaded, first + 3 * CHUNK))
        if index + MAX_ROWS >= self.loaded and self.loaded < total:
            end = min(total, index + CHUNK)
            self.add_options(self._make_options(self.loaded, end))
            self.loaded = end

    def _remake(self, first: int, end: int) -> None:
        """Replace the options by those of ``shown[first:end]``, the highlight kept."""
        item = self.item_at(self.highlighted)
        self.first, self.loaded = first, end
        self._remaking = True  # set_options scrolls to 0: not a scroll back by the user
        try:
            self.set_options(self._make_options(first, end))
        finally:
            self._remaking = False
        if item is not None and first <= item < end:
            self.highlighted = item - first

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        """Scrolled near an end of the options made: make the chunk beyond it."""
        super().watch_scroll_y(old_value, new_value)
        if self._remaking:
            return
        if self.loaded < len(self.shown) and self.max_scroll_y - new_value < 2 * MAX_ROWS:
            self._load_through(self.loaded)
        elif self.first > 0 and new_value < 2 * MAX_ROWS:
            self._scroll_back(int(new_value))

    def _scroll_back(self, y: int) -> None:
        """Scrolled near the first option made: put the previous chunk before it, in place."""
        update_lines(self)
        line = line_at(self, y)
        top = self.first + line[0]
        self._load_through(self.first)
        update_lines(self)
        row = first_row_of(self, top - self.first) + line[1]
        self.scroll_to(y=row, animate=False, immediate=True)

    def close(self) -> None:
        """Hide the popup."""
        self.display = False

    def move(self, step: int) -> None:
        """Move the highlight by ``step`` items, wrapping around (``crs-slash-keys-wrap``)."""
        if not self.shown:
            return
        index = self.item_at(self.highlighted) or 0
        target = (index + step) % len(self.shown)
        self._load_through(target)
        self.highlighted = target - self.first
        self.scroll_to_highlight()

    @staticmethod
    def option_prompt(command: object) -> Content:
        """One option's text, built from plain parts: no markup in a name is interpreted."""
        name = printable(str(attribute(command, "name", "")))
        description = printable(str(attribute(command, "description", "") or ""))
        category = attribute(command, "category")
        parts: list[str | tuple[str, str]] = [(f"/{name}", "bold"), "  "]
        parts.append((description, "$text-secondary"))
        if category:
            icon = CATEGORY_ICONS.get(str(category), "•")
            parts += ["  ", (f"{icon} {printable(str(category))}", "$foreground-muted italic")]
        return Content.assemble(*parts)

    def _on_mouse_move(self, event: events.MouseMove) -> None:
        """The hovered item takes the highlight (``crs-slash-hover-wins``)."""
        hovered = event.style.meta.get("option")
        if isinstance(hovered, int) and self.first + hovered < len(self.shown):
            self.highlighted = hovered

    async def _on_click(self, event: events.Click) -> None:
        """A click selects the item under the pointer (``crs-slash-pointer-select``)."""
        event.stop()
        event.prevent_default()  # OptionList's own click handler would select it again
        clicked = event.style.meta.get("option")
        if isinstance(clicked, int) and self.first + clicked < len(self.shown):
            self.highlighted = clicked
            self.post_message(self.Chosen(self.shown[self.first + clicked]))
