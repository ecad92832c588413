"""The two input popups of 004 §3.2 and §3.4: option lists on an overlay layer.

Neither popup takes the focus: the composer forwards ↑/↓/Enter/Tab to the app, which moves
the highlight here (wrapping at both ends, §3.2 SHOULD). Items are separated by a thin rule
(§3.2 item separation) and padded left and right. The pointer moves the highlight itself, so
hover and keyboard focus share one background and the hover wins (§3.2).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from examples.crs_third.marks import visible
from rawp_port import Command, FileCandidate

NO_MATCH = "일치하는 명령어가 없습니다"
"""Shown when no command matches the typed prefix (§3.2 real-time filtering)."""

FILE_PROMPT = "파일명을 입력하세요"
"""Shown right after ``@`` until the recent files arrive (004 §3.4.2 initial state)."""

NO_FILE = "일치하는 파일이 없습니다"
"""Shown when a search found nothing (004 §3.4.3 empty result)."""

SEARCHING = "⠋ 검색 중…"
"""The loading indicator, on the popup's bottom border (004 §3.4.3 loading state)."""


RULED_LIMIT = 2000
"""Longer lists drop the rules between items: a rule per item doubles the lines of a list
of thousands, and such a list is scrolled, not read item by item."""

CANDIDATE_LIMIT = 1000
"""The most file candidates drawn; the rest are counted on the last row."""


class PickList(OptionList, can_focus=False):
    """An option list whose highlight follows the pointer; hidden until shown."""

    @dataclass
    class Picked(Message):
        """An item was clicked; handled by the app's ``on_pick_list_picked``."""

        popup: PickList
        index: int

    def __init__(self, *, id: str | None = None) -> None:
        """Create the popup, hidden."""
        super().__init__(id=id)
        self.display = False
        self.items: list[object] = []

    def fill(self, prompts: Sequence[Text], items: Sequence[object], empty: str) -> None:
        """Replace the options: ``prompts`` with a rule between them, or ``empty``."""
        self.items = list(items)
        options: list[Option | None] = []
        rules = len(prompts) <= RULED_LIMIT
        for index, prompt in enumerate(prompts):
            if index and rules:
                options.append(None)
            options.append(Option(prompt, id=f"i{index}"))
        if not options:
            options.append(Option(Text(empty, Style(dim=True)), disabled=True))
        self.set_options(options)
        self.display = True

    def item_index(self) -> int | None:
        """The index in :attr:`items` of the highlighted option."""
        if self.highlighted is None or not self.items:
            return None
        option_id = self.get_option_at_index(self.highlighted).id
        return int(option_id[1:]) if option_id else None

    def current(self) -> object | None:
        """The highlighted item, if any."""
        index = self.item_index()
        return self.items[index] if index is not None else None

    def show_item(self, index: int) -> None:
        """Highlight item ``index`` and scroll it into view."""
        if 0 <= index < len(self.items):
            self.highlighted = self.get_option_index(f"i{index}")

    def move(self, step: int) -> None:
        """Move the highlight one item, wrapping at both ends."""
        if not self.items:
            return
        index = self.item_index()
        start = -step if index is None else index
        self.show_item((start + step) % len(self.items))

    def close(self) -> None:
        """Hide the popup and forget its items."""
        self.display = False
        self.items = []
        self.clear_options()

    def _on_mouse_move(self, event: events.MouseMove) -> None:
        """The option under the pointer becomes the highlighted one (§3.2: hover wins)."""
        option = event.style.meta.get("option")
        if isinstance(option, int) and not self.get_option_at_index(option).disabled:
            self.highlighted = option

    async def _on_click(self, event: events.Click) -> None:
        """Choose the clicked item (§3.2: selection by pointer)."""
        event.stop()
        option = event.style.meta.get("option")
        if isinstance(option, int) and not self.get_option_at_index(option).disabled:
            self.highlighted = option
            index = self.item_index()
            if index is not None:
                self.post_message(self.Picked(self, index))


def command_prompt(command: Command) -> Text:
    """``/name`` in bold, then the description muted (§3.2 list content)."""
    text = Text()
    text.append(f"/{visible(command.name)}", Style(bold=True))
    text.append("  ")
    text.append(visible(command.description), Style(dim=True, italic=True))
    return text


def file_prompt(candidate: FileCandidate) -> Text:
    """An icon, the name with its matches bold on another background, the directory muted."""
    text = Text("📄 ")
    name = Text(visible(candidate.name), Style(bold=True))
    for start, end in candidate.match_ranges:
        name.stylize(Style(bgcolor="#5f5f00", underline=True), start, end)
    text.append_text(name)
    if candidate.directory:
        text.append("  " + visible(candidate.directory), Style(dim=True))
    return text


class CommandPopup(PickList):
    """The slash-command popup (004 §3.2)."""

    def show_commands(
        self, commands: Sequence[Command], keep: str | None, drawn: dict[int, Text]
    ) -> None:
        """Replace the list; highlight ``keep`` if listed, else the first command.

        ``drawn`` holds each command's prompt, made once when the list was published.
        """
        prompts = [drawn.get(id(c)) or command_prompt(c) for c in commands]
        self.fill(prompts, commands, NO_MATCH)
        names = [command.name for command in commands]
        self.show_item(names.index(keep) if keep in names else 0)

    def highlighted_name(self) -> str | None:
        """The name of the highlighted command, if any."""
        command = self.current()
        return command.name if isinstance(command, Command) else None


class FilePopup(PickList):
    """The ``@`` popup (004 §3.4.2): candidates, the loading indicator on its bottom border."""

    def __init__(self, *, id: str | None = None) -> None:
        """Create the popup, hidden."""
        super().__init__(id=id)
        self.answered = False

    def open(self) -> None:
        """Show the prompt and the searching indicator."""
        self.answered = False
        self.fill([], [], FILE_PROMPT)
        self.searching(True)

    def searching(self, on: bool) -> None:
        """Show or hide the indicator, keeping the results shown (004 §3.4.3 SHOULD)."""
        self.border_subtitle = SEARCHING if on else ""

    def show_candidates(self, candidates: Sequence[FileCandidate]) -> None:
        """Replace the candidates; highlight the first (004 §3.4.4).

        At most :data:`CANDIDATE_LIMIT` are listed; a last row counts the others.
        """
        self.answered = True
        self.searching(False)
        shown = list(candidates[:CANDIDATE_LIMIT])
        self.fill([file_prompt(c) for c in shown], shown, NO_FILE)
        if len(candidates) > len(shown):
            more = f"외 {len(candidates) - len(shown)}개 파일: 이름을 더 입력하세요"
            self.add_option(Option(Text(more, Style(dim=True)), disabled=True))
        self.show_item(0)

    def close(self) -> None:
        """Hide the popup."""
        self.searching(False)
        super().close()
