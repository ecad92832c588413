"""The slash-command popup of 004 §3.2: one ``Static`` row per command on an overlay layer.

The popup never takes the focus: the composer forwards ↑/↓/Enter/Tab/Esc to it while it is
open (§3.2 keyboard table), and it posts :class:`CommandPopup.Chosen` when a row is chosen
by key or by click. Hovering a row moves the highlight there (§3.2: the hover wins).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual import events
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import Static

from rawp_port import Command, FileCandidate

NO_MATCH = "일치하는 명령어가 없습니다"
"""Shown when no command matches the typed prefix (§3.2 real-time filtering)."""


class CommandRow(Static):
    """One command: ``/{name}`` in bold, then its description, muted."""

    def __init__(self, command: Command) -> None:
        """Draw ``command`` on one row."""
        self.command = command
        text = Text()
        text.append(f"/{command.name}", Style(bold=True))
        text.append("  ")
        text.append(command.description, Style(dim=True, italic=True))
        super().__init__(text, classes="command-row")

    def on_enter(self, event: events.Enter) -> None:
        """Move the highlight under the pointer (§3.2: mouse hover wins)."""
        popup = self.parent
        if isinstance(popup, CommandPopup):
            popup.highlight_command(self.command.name)

    def on_click(self, event: events.Click) -> None:
        """Choose this command (§3.2: selection by click)."""
        event.stop()
        self.post_message(CommandPopup.Chosen(self.command))


class CommandPopup(VerticalScroll, can_focus=False):
    """The list of matching commands; at most one row highlighted."""

    @dataclass
    class Chosen(Message):
        """A command was chosen; handled by the app's ``on_command_popup_chosen``."""

        command: Command

    def __init__(self, *, id: str | None = None) -> None:
        """Create the popup, hidden."""
        super().__init__(id=id)
        self.highlighted: int | None = None
        self.display = False

    @property
    def rows(self) -> list[CommandRow]:
        """The command rows, in display order."""
        return list(self.query_children(CommandRow))

    def show_commands(self, commands: Sequence[Command], keep: str | None) -> None:
        """Replace the rows; highlight ``keep`` if listed, else the first row.

        Args:
            commands: The matching commands, in display order.
            keep: The name to keep highlighted (a refresh), or ``None`` (a new filter).
        """
        self.remove_children()
        if not commands:
            self.mount(Static(NO_MATCH, classes="no-match"))
            self.highlighted = None
        else:
            self.mount_all([CommandRow(command) for command in commands])
            names = [command.name for command in commands]
            self.highlighted = names.index(keep) if keep in names else 0
        self.display = True
        self.call_after_refresh(self._paint)

    def highlight_command(self, name: str) -> None:
        """Highlight the row of command ``name``."""
        for index, row in enumerate(self.rows):
            if row.command.name == name:
                self.highlighted = index
        self._paint()

    def move(self, step: int) -> None:
        """Move the highlight by ``step`` rows, wrapping at both ends (§3.2 SHOULD)."""
        rows = self.rows
        if not rows:
            return
        current = self.highlighted if self.highlighted is not None else -step
        self.highlighted = (current + step) % len(rows)
        self._paint()

    def current(self) -> Command | None:
        """The highlighted command, if any."""
        rows = self.rows
        if self.highlighted is None or not 0 <= self.highlighted < len(rows):
            return None
        return rows[self.highlighted].command

    def highlighted_name(self) -> str | None:
        """The name of the highlighted command, if any."""
        command = self.current()
        return command.name if command is not None else None

    def close(self) -> None:
        """Hide the popup and forget its rows."""
        self.display = False
        self.highlighted = None
        self.remove_children()

    def _paint(self) -> None:
        """Put the highlight class on the highlighted row only, and scroll it into view."""
        for index, row in enumerate(self.rows):
            row.set_class(index == self.highlighted, "-highlight")
            if index == self.highlighted:
                self.scroll_to_widget(row, animate=False)


FILE_PROMPT = "파일명을 입력하세요"
"""Shown right after ``@`` until the recent files arrive (004 §3.4.2 initial state)."""

NO_FILE = "일치하는 파일이 없습니다"
"""Shown when a search found nothing (004 §3.4.3 empty result)."""

SEARCHING = "⠋ 검색 중…"
"""The loading indicator on the popup's last row (004 §3.4.3 loading state)."""


class FileRow(Static):
    """One candidate: an icon, the name (matches bold on another background), the directory."""

    def __init__(self, candidate: FileCandidate) -> None:
        """Draw ``candidate`` on one row."""
        self.candidate = candidate
        text = Text("📄 ")
        name = Text(candidate.name, Style(bold=True))
        for start, end in candidate.match_ranges:
            name.stylize(Style(bgcolor="#5f5f00", underline=True), start, end)
        text.append_text(name)
        if candidate.directory:
            text.append("  " + candidate.directory, Style(dim=True))
        super().__init__(text, classes="file-row")

    def on_enter(self, event: events.Enter) -> None:
        """Move the highlight under the pointer."""
        popup = self.parent
        if isinstance(popup, FilePopup):
            popup.highlight_row(self)

    def on_click(self, event: events.Click) -> None:
        """Choose this file."""
        event.stop()
        self.post_message(FilePopup.Chosen(self.candidate))


class FilePopup(VerticalScroll, can_focus=False):
    """The ``@`` popup: candidates, then a status row (prompt, no match, searching)."""

    @dataclass
    class Chosen(Message):
        """A file was chosen; handled by the app's ``on_file_popup_chosen``."""

        candidate: FileCandidate

    def __init__(self, *, id: str | None = None) -> None:
        """Create the popup, hidden."""
        super().__init__(id=id)
        self.highlighted: int | None = None
        self.answered = False
        self.display = False

    @property
    def rows(self) -> list[FileRow]:
        """The candidate rows, in order."""
        return list(self.query_children(FileRow))

    def open(self) -> None:
        """Show the popup with its prompt and the searching indicator."""
        self.remove_children()
        self.highlighted = None
        self.answered = False
        self.mount(Static(FILE_PROMPT, classes="file-status"))
        self.mount(Static(SEARCHING, classes="file-status searching"))
        self.display = True

    def searching(self, on: bool) -> None:
        """Show or hide the indicator on the last row, keeping earlier results."""
        for row in self.query_children(".searching"):
            row.remove()
        if on:
            self.mount(Static(SEARCHING, classes="file-status searching"))

    def show_candidates(self, candidates: Sequence[FileCandidate]) -> None:
        """Replace the rows by ``candidates``; highlight the first (004 §3.4.4)."""
        self.remove_children()
        self.answered = True
        if candidates:
            self.mount_all([FileRow(candidate) for candidate in candidates])
            self.highlighted = 0
        else:
            self.mount(Static(NO_FILE, classes="file-status"))
            self.highlighted = None
        self.call_after_refresh(self._paint)

    def highlight_row(self, row: FileRow) -> None:
        """Highlight ``row``."""
        self.highlighted = self.rows.index(row)
        self._paint()

    def move(self, step: int) -> None:
        """Move the highlight, wrapping at both ends."""
        rows = self.rows
        if rows:
            current = self.highlighted if self.highlighted is not None else -step
            self.highlighted = (current + step) % len(rows)
            self._paint()

    def current(self) -> FileCandidate | None:
        """The highlighted candidate, if any."""
        rows = self.rows
        if self.highlighted is None or not 0 <= self.highlighted < len(rows):
            return None
        return rows[self.highlighted].candidate

    def close(self) -> None:
        """Hide the popup."""
        self.display = False
        self.highlighted = None
        self.remove_children()

    def _paint(self) -> None:
        """One highlighted row, scrolled into view."""
        for index, row in enumerate(self.rows):
            row.set_class(index == self.highlighted, "-highlight")
            if index == self.highlighted:
                self.scroll_to_widget(row, animate=False)
