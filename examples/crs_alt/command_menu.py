"""The slash-command menu of the alternative client: rows drawn by the line API (004 §3.2).

Unlike the reference client's popup, the menu is no ``OptionList`` and no widget per
command: it is one ``ScrollView`` that draws only the rows on screen (:meth:`render_line`),
so ten thousand published commands cost a list filter per key, not ten thousand widgets.
It sits in the layout between the conversation and the input (docked above the input),
making room instead of covering the conversation's last rows
(``crs-slash-popup-keeps-history-visible``). It never takes the focus: the input keeps it
and hands the menu the keys the menu owns (see ``examples.crs_alt.slash_input``). The
machinery it shares with the file popup (focus, hover, wrap, scroll, click) is
``examples.crs_alt.line_menu``.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.strip import Strip

from examples.crs_alt.line_menu import LineMenu


@dataclass(frozen=True)
class Entry:
    """One published command as the menu shows it.

    Attributes:
        name: The name without the leading ``/``, as drawn (:func:`printable`).
        description: The one-line description, as drawn.
        category: The command's ``category``, ``""`` when it has none.
        hint: The hint (else the name) of its first required parameter, ``""`` when none
            is required.
        width: Cells taken by ``/{name}``.
        typed: The name as a selection types it (:func:`typed_name`).
    """

    name: str
    description: str
    category: str
    hint: str
    width: int
    typed: str


def printable(text: str) -> str:
    """``text`` with every control character (tab and newline too) as a visible symbol."""
    return "".join(_picture(char) if unicodedata.category(char) == "Cc" else char for char in text)


def _picture(char: str) -> str:
    code = ord(char)
    return chr(0x2400 + code) if code < 0x20 else "\u2421" if code == 0x7F else "\ufffd"


def typed_name(name: str) -> str:
    """The name as a selection writes it into the input: control characters dropped."""
    return "".join(char for char in name if unicodedata.category(char) != "Cc")


def entries_of(commands: Iterable[object]) -> list[Entry]:
    """Read the commands of an ``agent.commands.publish`` event by their attributes.

    Args:
        commands: The event's ``commands``: objects with ``name``, ``description`` and
            optionally ``category`` and ``parameters`` (each with ``hint`` and ``required``).

    Returns:
        One entry per command with a non-empty name, in the order given.
    """
    entries = []
    for command in commands:
        raw = str(getattr(command, "name", "") or "")
        name = printable(raw)
        if not typed_name(raw):
            continue
        required = [
            p for p in getattr(command, "parameters", None) or () if getattr(p, "required", False)
        ]
        first = required[0] if required else None
        hint = printable(str(getattr(first, "hint", "") or getattr(first, "name", "") or ""))
        entries.append(
            Entry(
                name=name,
                description=printable(str(getattr(command, "description", "") or "")),
                category=str(getattr(command, "category", "") or ""),
                hint=hint,
                width=1 + cell_len(name),
                typed=typed_name(raw),
            )
        )
    return entries


class CommandMenu(LineMenu):
    """The command list under a filter, one row per command, the highlighted row full-width.

    Rows alternate between two backgrounds (zebra striping, ``crs-slash-item-separation``);
    each row's text keeps one cell free at both ends (``crs-slash-item-padding``). The
    highlighted row is the hovered one while the mouse is over a row, else the keyboard's
    (``crs-slash-hover-wins``); it is the only row drawn with the highlight background.
    """

    DEFAULT_CSS = """
    CommandMenu {
        height: auto;
        max-height: 10;
        border: round $primary;
        background: $surface;
        scrollbar-size-vertical: 1;
        overflow-x: hidden;
    }
    CommandMenu > .command-menu--row { background: $surface; }
    CommandMenu > .command-menu--alt { background: $panel; }
    CommandMenu > .command-menu--highlight { background: $primary; color: $text; }
    CommandMenu > .command-menu--name { text-style: bold; }
    CommandMenu > .command-menu--description { color: $text-muted; }
    CommandMenu > .command-menu--message { color: $text-warning; text-style: italic; }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "command-menu--row",
        "command-menu--alt",
        "command-menu--highlight",
        "command-menu--name",
        "command-menu--description",
        "command-menu--message",
    }
    """Backgrounds of even, odd and highlighted rows; styles of name, description, message."""

    NO_MATCH: ClassVar[str] = "일치하는 명령어가 없습니다"
    """Shown in the open menu when no command matches (``crs-slash-no-match-message``)."""

    def __init__(self, on_pick: Callable[[Entry], None], *, id: str | None = None) -> None:
        """Create a closed, empty menu; ``on_pick`` gets a clicked command."""
        super().__init__(id=id)
        self._on_pick = on_pick
        self.entries: list[Entry] = []
        """The cached commands, in menu order (``crs-commands-cached``)."""
        self.shown: list[Entry] = []
        """The commands the filter lets through, in menu order."""
        self.prefix = ""
        """The current filter: the text typed after ``/``."""
        self.uses: Counter[str] = Counter()
        """How often each command was sent this session (the first sort key)."""
        self._name_column = 0

    # state

    @property
    def row_count(self) -> int:
        """How many commands are shown."""
        return len(self.shown)

    @property
    def chosen(self) -> Entry | None:
        """The command Enter or Tab would select now."""
        index = self.highlighted
        return None if index is None else self.shown[index]

    def publish(self, entries: Sequence[Entry]) -> None:
        """Replace the cache; an open menu keeps its filter and its focused command.

        ``crs-commands-refresh``, ``crs-commands-refresh-open-popup`` and
        ``crs-commands-refresh-keeps-state``: the focus stays on the same command when it is
        still listed, else on the same row (or the last one).
        """
        focused = self.chosen_by_keyboard
        self.entries = self._ordered(entries)
        if self.is_open:
            self._apply(self.prefix, keep=focused)

    @property
    def chosen_by_keyboard(self) -> Entry | None:
        """The keyboard's command, ignoring the mouse."""
        return self.shown[self.focus_index] if self.shown else None

    def used(self, name: str) -> None:
        """Count one use of command ``name`` (it moves up in the order)."""
        self.uses[name] += 1
        self.entries = self._ordered(self.entries)

    def open(self, prefix: str = "") -> None:
        """Show the menu filtered by ``prefix``, the focus on the first row."""
        self.display = True
        self.hover_index = None
        self._apply(prefix, keep=None, reset=True)

    def filter(self, prefix: str) -> None:
        """Filter by ``prefix``; when the filter changes, the focus goes to the first row."""
        if prefix != self.prefix:
            self._apply(prefix, keep=None, reset=True)

    def pick_row(self, row: int) -> None:
        """Select the command on ``row``, as Enter would."""
        self._on_pick(self.shown[row])

    # ordering and filtering

    def _ordered(self, entries: Iterable[Entry]) -> list[Entry]:
        """Most used first, then by category (none last), then by name.

        ``crs-slash-sort-order``.
        """
        return sorted(
            entries, key=lambda e: (-self.uses[e.typed], e.category == "", e.category, e.name)
        )

    def _apply(self, prefix: str, keep: Entry | None, reset: bool = False) -> None:
        row = self.focus_index
        self.prefix = prefix
        self.shown = [e for e in self.entries if e.name.startswith(prefix)]
        if reset:
            row = 0
        elif keep is not None:
            row = next((i for i, e in enumerate(self.shown) if e.name == keep.name), row)
        self.focus_index = min(row, max(0, len(self.shown) - 1))
        self._name_column = max((e.width for e in self.shown), default=0)
        rows = max(1, len(self.shown))
        self.virtual_size = Size(0, rows)
        self.styles.height = rows + 2  # the frame; max-height caps it
        self._reveal(self.focus_index, animate=False)
        self.refresh()

    # drawing

    def render_line(self, y: int) -> Strip:
        """Row ``y`` of the visible part: a command, or the no-match message."""
        width = self.scrollable_content_region.width
        row = round(self.scroll_y) + y
        base = self.get_component_rich_style("command-menu--row")
        if not self.shown:
            if y:
                return Strip.blank(width, base)
            message = Text(" " + self.NO_MATCH, style=self._over(base, "command-menu--message"))
            return self._strip(message, width, base)
        if row >= len(self.shown):
            return Strip.blank(width, base)
        if row == self.highlighted:
            background = self.get_component_rich_style("command-menu--highlight")
        else:
            background = self.get_component_rich_style(
                "command-menu--alt" if row % 2 else "command-menu--row"
            )
        return self._strip(self._row_text(self.shown[row], width, background), width, background)

    def _row_text(self, entry: Entry, width: int, background: Style) -> Text:
        name_style = self.get_component_rich_style("command-menu--name", partial=True)
        muted = self._over(background, "command-menu--description")
        column = min(self._name_column, max(1, (width - 2) // 2))
        name = Text("/" + entry.name, style=name_style)
        name.truncate(column, overflow="ellipsis", pad=True)
        line = Text(" ")
        line.append_text(name)
        room = width - 2 - column - 2
        if entry.description and room > 0:
            description = Text(entry.description, style=muted)
            description.truncate(room, overflow="ellipsis")
            line.append("  ")
            line.append_text(description)
        return line
