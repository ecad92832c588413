"""Mutants of seed area §3.2 Slash-command popup.

Each is the reference RAWP-CRS client with one defect in that area, caught by a
scenario of ``features/rawp_crs/`` citing its clause.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import TextArea

from reference_crs import slash
from reference_crs.slash import Trigger, matching
from reference_crs.slash import attribute as _attribute
from reference_crs.slash_control import SlashControl
from reference_crs.widgets import (
    SlashPopup,
)
from tests.candidates.crs_mutants._registry import mutant
from tests.candidates.crs_mutants._shared import (
    _ascii_word,
    _composer_without,
    _SlashApp,
    _with_trigger,
)


def _any_slash(line: str, row: int, column: int) -> Trigger | None:
    before = line[:column]
    at = before.rfind("/")
    if at < 0 or any(c.isspace() for c in before[at:]):
        return None
    return Trigger(row, at, before[at + 1 :])


def _mid_word_after_ascii_only(line: str, row: int, column: int) -> Trigger | None:
    """The word's `/` is text after an ASCII character (`https://x`), a trigger after any other."""
    start, word = slash.word_before(line, column)
    at = word.find("/")
    if at < 0 or (at > 0 and word[at - 1].isascii()):
        return None
    return Trigger(row, start + at, word[at + 1 :])


def _line_start_only(line: str, row: int, column: int) -> Trigger | None:
    found = slash.find_trigger(line, row, column)
    return found if found is not None and found.column == 0 and row == 0 else None


@mutant
class SlashNeedsALetter(_SlashApp):
    """crs-slash-popup-opens: the popup opens only once a letter follows the `/`."""

    class CONTROL(SlashControl):
        def trigger(self) -> Trigger | None:
            found = super().trigger()
            return found if found is not None and found.prefix else None


@mutant
class SlashOnlyAtInputStart(_SlashApp):
    """crs-slash-trigger-position: `/` opens the popup only as the input's first character."""

    CONTROL = _with_trigger(_line_start_only)


@mutant
class SlashMidWordOpens(_SlashApp):
    """crs-slash-no-trigger-mid-word: any `/`, as in `https://x` or `path/to`, opens the popup."""

    CONTROL = _with_trigger(_any_slash)


@mutant
class SlashMidWordOpensAfterHangul(_SlashApp):
    """crs-slash-no-trigger-mid-word: a `/` after a Hangul letter (`읽기/쓰기`) opens the popup."""

    CONTROL = _with_trigger(_mid_word_after_ascii_only)


@mutant
class PopupCoversInput(_SlashApp):
    """crs-slash-popup-overlay: the popup is drawn over the input instead of against it."""

    CSS = "#slash-popup { overlay: screen; }"  # laid over where the input is


@mutant
class PopupAtScreenTop(_SlashApp):
    """crs-slash-popup-near-cursor: the popup is drawn at the screen top, away from the input."""

    CSS = "#slash-popup { dock: top; }"
    COMPOSER = _composer_without("slash_popup")

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield self.composer.slash_popup  # on the screen, docked at its top


@mutant
class CommandsReadOnFirstSlash(_SlashApp):
    """crs-commands-cached: the client takes agent.commands.publish only after its first popup."""

    async def handle_commands_published(self, event: Any) -> None:
        if self.composer.slash.popup.display or getattr(self, "_seen_popup", False):
            await super().handle_commands_published(event)

    def on_text_area_changed(self, message: TextArea.Changed) -> None:
        super().on_text_area_changed(message)
        self._seen_popup = getattr(self, "_seen_popup", False) or self.composer.slash.popup.display


class _NameOnly(SlashPopup):
    @staticmethod
    def option_prompt(command: object) -> Content:
        return Content.assemble((f"/{slash.attribute(command, 'name')}", "bold"))


@mutant
class ItemWithoutDescription(_SlashApp):
    """crs-slash-item-content: an item shows the command's name without its description."""

    POPUP = _NameOnly


class _NoRules(SlashPopup):
    def set_options(self, options: Any) -> Any:
        return super().set_options([option for option in options if option is not None])


@mutant
class ItemsRunTogether(_SlashApp):
    """crs-slash-item-separation: items follow each other with no rule, row or stripe between."""

    POPUP = _NoRules


@mutant
class ItemTextTouchesEdge(_SlashApp):
    """crs-slash-item-padding: an item's text starts at the very edge of its highlight."""

    CSS = "#slash-popup > .option-list--option { padding: 0; }"


class _FlatItems(SlashPopup):
    @staticmethod
    def option_prompt(command: object) -> Content:
        name = slash.attribute(command, "name")
        description = slash.attribute(command, "description")
        return Content.assemble((f"/{name}  {description}", "bold"))


@mutant
class DescriptionNotMuted(_SlashApp):
    """crs-slash-item-hierarchy: the description is drawn as bold and bright as the name."""

    POPUP = _FlatItems


class _FiltersByFirstLetter(SlashControl):
    def sync(self, *, refreshed: bool = False) -> None:
        super().sync(refreshed=refreshed)
        found = self.trigger()
        if found is not None and self.popup.display:
            self.popup.shown = []  # force a rebuild
            self.popup.show(matching(self.composer.commands, found.prefix[:1], self.usage))


@mutant
class FilterByFirstLetter(_SlashApp):
    """crs-slash-filter-prefix: the list is filtered by the first letter after `/` only."""

    CONTROL = _FiltersByFirstLetter


class _FrozenFilter(SlashControl):
    def sync(self, *, refreshed: bool = False) -> None:
        if self.popup.display and not refreshed and self.trigger() is not None:
            return  # the list chosen when the popup opened stays
        super().sync(refreshed=refreshed)


@mutant
class FilterFrozenWhileOpen(_SlashApp):
    """crs-slash-keys-typing: typing on with the popup open does not update the list."""

    CONTROL = _FrozenFilter


class _ClosesOnNoMatch(SlashControl):
    def sync(self, *, refreshed: bool = False) -> None:
        super().sync(refreshed=refreshed)
        if not self.popup.shown:
            self.popup.close()


@mutant
class NoMatchClosesPopup(_SlashApp):
    """crs-slash-no-match-stays-open: the popup closes as soon as no command matches."""

    CONTROL = _ClosesOnNoMatch


@mutant
class NoFocusHighlight(_SlashApp):
    """crs-slash-focus-highlight: the focused item looks like every other item."""

    CSS = """
    #slash-popup > .option-list--option-highlighted { background: $surface; color: $foreground; }
    """


class _TextOnlyHighlight(SlashPopup):
    def watch_highlighted(self, old: int | None, new: int | None) -> None:  # type: ignore[override]  # Textual passes (old, new) to a two-argument watcher
        for index in (old, new):
            if index is not None and index < len(self.shown):
                prompt = self.option_prompt(self.shown[index])
                if index == new:
                    prompt = prompt.stylize("on $block-cursor-background")
                self.replace_option_prompt_at_index(index, prompt)


@mutant
class HighlightOnTextOnly(_SlashApp):
    """crs-slash-highlight-full-row: the highlight is a background behind the text only."""

    POPUP = _TextOnlyHighlight
    CSS = """
    #slash-popup > .option-list--option-highlighted { background: $surface; color: $foreground; }
    """


@mutant
class HighlightBarelyVisible(_SlashApp):
    """crs-slash-highlight-contrast: the highlight is barely lighter than the list."""

    CSS = "#slash-popup > .option-list--option-highlighted { background: $surface-lighten-1; }"


class _KeepsFirstLit(SlashPopup):
    def watch_highlighted(self, old: int | None, new: int | None) -> None:  # type: ignore[override]  # Textual passes (old, new) to a two-argument watcher
        if self.shown and new not in (None, 0):
            first = self.option_prompt(self.shown[0]).stylize("on $block-cursor-background")
            self.replace_option_prompt_at_index(0, first)


@mutant
class TwoItemsHighlighted(_SlashApp):
    """crs-slash-single-highlight: the first item stays highlighted when the focus moves on."""

    POPUP = _KeepsFirstLit


class _ArrowsIgnored(SlashPopup):
    def move(self, step: int) -> None:
        return


@mutant
class ArrowsDoNothing(_SlashApp):
    """crs-slash-keys-move: ↑ and ↓ are swallowed by the popup and move nothing."""

    POPUP = _ArrowsIgnored


class _EnterSends(SlashControl):
    def key(self, key: str) -> bool:
        return False if key == "enter" else super().key(key)


@mutant
class EnterSendsFromPopup(_SlashApp):
    """crs-slash-keys-select: Enter sends the typed text instead of selecting the item."""

    CONTROL = _EnterSends


class _EscapeClears(SlashControl):
    def key(self, key: str) -> bool:
        taken = super().key(key)
        if taken and key == "escape":
            self.input.clear()
        return taken


@mutant
class EscapeClearsInput(_SlashApp):
    """crs-slash-keys-escape: Escape closes the popup and clears the input."""

    CONTROL = _EscapeClears


class _NoAutoscroll(SlashPopup):
    def scroll_to_highlight(self, top: bool = False) -> None:
        return


@mutant
class PopupDoesNotScroll(_SlashApp):
    """crs-slash-autoscroll: the focus moves past the popup's visible rows and out of view."""

    POPUP = _NoAutoscroll


class _ClickIgnored(SlashPopup):
    async def _on_click(self, event: events.Click) -> None:
        event.prevent_default()  # Textual would run the base classes' handlers too
        event.stop()


@mutant
class ClickSelectsNothing(_SlashApp):
    """crs-slash-pointer-select: a click on an item does not select it."""

    POPUP = _ClickIgnored


class _HoverIgnored(SlashPopup):
    def _on_mouse_move(self, event: events.MouseMove) -> None:
        event.prevent_default()  # Textual would run the base classes' handlers too


@mutant
class HoverShowsNothing(_SlashApp):
    """crs-slash-hover-highlight: hovering over an item leaves it unhighlighted."""

    POPUP = _HoverIgnored


class _NoTrailingSpace(SlashControl):
    def choose(self, command: object) -> None:
        super().choose(command)
        field = self.input
        field.text = field.text.rstrip(" ")
        field.cursor_location = field.document.end


@mutant
class SelectionWithoutSpace(_SlashApp):
    """crs-slash-select-replaces-input: a selection writes `/{name}` with no space after it."""

    CONTROL = _NoTrailingSpace


@mutant
class FirstListForever(_SlashApp):
    """crs-commands-refresh: a later agent.commands.publish is ignored; the first list stays."""

    async def handle_commands_published(self, event: Any) -> None:
        if not self.commands:
            await super().handle_commands_published(event)


class _RefreshResetsFocus(SlashControl):
    def sync(self, *, refreshed: bool = False) -> None:
        if refreshed:
            self.prefix = None  # as if the popup had just opened
        super().sync(refreshed=refreshed)


@mutant
class RefreshResetsFocus(_SlashApp):
    """crs-commands-refresh-keeps-state: a refreshed list puts the focus back on its first item."""

    CONTROL = _RefreshResetsFocus


def _slash_after_ascii_space(line: str, row: int, column: int) -> Trigger | None:
    start, word = _ascii_word(line, column)
    return Trigger(row, start, word[1:]) if word.startswith("/") else None


@mutant
class SlashAfterAsciiSpaceOnly(_SlashApp):
    """crs-slash-trigger-position: `/` after an ideographic space (U+3000) opens no popup."""

    CONTROL = _with_trigger(_slash_after_ascii_space)


class _StaleDismissal(SlashControl):
    def sync(self, *, refreshed: bool = False) -> None:
        dismissed = self.dismissed
        super().sync(refreshed=refreshed)
        self.dismissed = self.dismissed or dismissed  # never forgotten once the `/` went
        found = self.trigger()
        if found is not None and (found.row, found.column) == self.dismissed:
            self.popup.close()
            self.prefix = None


@mutant
class SlashStaysDismissed(_SlashApp):
    """crs-slash-popup-opens: after Escape, a new `/` typed where the old one was never opens."""

    CONTROL = _StaleDismissal


class _ResetsFocusOnce(SlashControl):
    _resets = 0

    def sync(self, *, refreshed: bool = False) -> None:
        popup, before = self.popup, self.prefix
        was = popup.focused_command if popup.is_open else None
        super().sync(refreshed=refreshed)
        if was is None or before is None or self.prefix in (None, before):
            return
        self._resets += 1
        if self._resets > 1:
            shown = matching(self.composer.commands, self.prefix or "", self.usage)
            popup.show(shown, str(_attribute(was, "name", "")))


@mutant
class FocusResetOnlyOnce(_SlashApp):
    """crs-slash-filter-focus-reset: only the first key typed puts the highlight on the first."""

    CONTROL = _ResetsFocusOnce


class _RefreshKeepsRow(SlashControl):
    def sync(self, *, refreshed: bool = False) -> None:
        popup = self.popup
        row = popup.highlighted if refreshed and popup.is_open else None
        super().sync(refreshed=refreshed)
        if row is not None and popup.is_open and popup.option_count:
            popup.highlighted = min(row, popup.option_count - 1)


@mutant
class RefreshKeepsHighlightedRow(_SlashApp):
    """crs-commands-refresh-keeps-state: a refresh keeps the highlighted row, not its command."""

    CONTROL = _RefreshKeepsRow


class _FoldsNamesOnly(SlashControl):
    def sync(self, *, refreshed: bool = False) -> None:
        super().sync(refreshed=refreshed)
        found, popup = self.trigger(), self.popup
        if found is None or not popup.is_open:
            return
        everything = matching(self.composer.commands, "", self.usage)
        folded = [
            c for c in everything if str(_attribute(c, "name", "")).lower().startswith(found.prefix)
        ]
        focused = popup.focused_command
        popup.show(folded, str(_attribute(focused, "name", "")) if focused is not None else None)


@mutant
class FilterFoldsNamesNotPrefix(_SlashApp):
    """crs-slash-filter-prefix: names lower-cased, the typed prefix not (`/Co` misses `Compact`)."""

    CONTROL = _FoldsNamesOnly
