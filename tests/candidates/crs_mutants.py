"""Mutants of the reference RAWP-CRS client: each breaks one clause of profile ``rawp_crs``.

Like ``tests/candidates/mutants.py`` for profile ``chat_screen``: each mutant is the
reference client (:class:`reference_crs.app.CrsApp`) with one realistic defect, and its
one-line docstring reads ``<clause id>: <defect>``. ``tests/test_mutants.py`` runs the
scenarios citing that clause against it and requires one of them to fail, in every run.

Run one with ``pytest features --adapter tests.candidates.crs_mutants:<name>``.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from textual.app import App
from textual.widget import Widget

from examples.crs_alt import when
from examples.crs_alt.widgets import AgentProse, Stamp, ThoughtBlock, ToolGroup
from examples.crs_part1.adapter import CrsPart1Adapter
from examples.crs_part1.app import Part1App
from rawp_port import (
    AgentPort,
    ClientSettings,
    Clock,
    ControlPlane,
    PromptCancel,
    TurnEnded,
    TurnStarted,
)
from reference_crs.app import CrsApp
from reference_crs.conformance import ReferenceCrsAdapter
from reference_crs.slash import command_of
from reference_crs.widgets import (
    AgentText,
    PromptInput,
    SystemNoticeItem,
    ThinkingBlock,
    TimeStamp,
    ToolBlock,
)
from tests.candidates.mutants import Mutant, register

MUTANTS: dict[str, Mutant] = {}
"""Every mutant of the reference RAWP-CRS client by name, in catalogue order."""


def mutant(app: type[CrsApp]) -> type[CrsApp]:
    """Register ``app`` as a mutant of the reference RAWP-CRS client."""
    return register(MUTANTS, app)


class CrsMutantAdapter(ReferenceCrsAdapter):
    """The reference client's adapter, creating a mutant's client instead."""

    def __init__(self, entry: Mutant) -> None:
        """Adapt ``entry``'s client."""
        self.mutant = entry
        self.name = f"mutant {entry.name}"
        self.terminal_parser = getattr(entry.app, "TERMINAL_PARSER", self.terminal_parser)

    def create_client(
        self, port: AgentPort, control: ControlPlane, clock: Clock, settings: ClientSettings
    ) -> App[Any]:
        """Return a fresh client of the mutant, wired as the reference client is."""
        return self.mutant.app(port, control, clock, settings)  # type: ignore[call-arg]


def __getattr__(name: str) -> Any:
    """``crs_mutants.<name>``: the adapter of mutant ``name`` (what ``--adapter`` loads).

    A mutant of another client than the reference names its adapter class in
    ``mutant_adapter`` (a class taking the :class:`Mutant`).
    """
    if name in MUTANTS:
        return getattr(MUTANTS[name].app, "mutant_adapter", CrsMutantAdapter)(MUTANTS[name])
    raise AttributeError(f"module {__name__!r} has no mutant {name!r} (see MUTANTS)")


# -- §2.5.1 sending --------------------------------------------------------------------


class _SendsBlank(PromptInput):
    """An input that sends whatever it holds, blank or not."""

    def submit(self) -> None:
        text = self.text
        self.clear()
        self.post_message(self.Submitted(self, text))


@mutant
class BlankSent(CrsApp):
    """crs-blank-not-sent: a whitespace-only input is sent as a prompt."""

    def prompt_input(self) -> PromptInput:
        return _SendsBlank(id=self.INPUT_ID)


# --- branch crs-layout ---------------------------------------------------------------
# §1.4 forward compatibility, §2.1-§2.2 actors and alignment, §3.1 user bubble markdown.

import re  # noqa: E402 - this branch's block is kept apart for merging
from collections.abc import Callable  # noqa: E402

from textual.app import ComposeResult  # noqa: E402
from textual.containers import Vertical  # noqa: E402
from textual.content import Content, Span  # noqa: E402
from textual.widgets import Static, TextArea  # noqa: E402

from rawp_port import KNOWN_EVENT_TYPES, KNOWN_OUTPUT_TYPES, ToolResult, type_name  # noqa: E402
from reference_crs.user_markdown import CODE_STYLE, render_user_markdown  # noqa: E402
from reference_crs.widgets import UserMessage  # noqa: E402


def _styled_app(name: str, doc: str, css: str) -> type[CrsApp]:
    """A reference client with ``css`` appended to its stylesheet."""
    return type(name, (CrsApp,), {"__doc__": doc, "CSS": css, "__module__": __name__})


BubbleOnLeft = mutant(
    _styled_app(
        "BubbleOnLeft",
        "crs-user-right-aligned: the user bubble sits at the left.",
        "UserMessage { align-horizontal: left; }",
    )
)
BubbleWithoutBackground = mutant(
    _styled_app(
        "BubbleWithoutBackground",
        "crs-user-bubble: the user bubble has no background of its own.",
        "UserMessage > .bubble { background: transparent; }",
    )
)
BubbleSquareCorners = mutant(
    _styled_app(
        "BubbleSquareCorners",
        "crs-user-bubble: the bubble's frame has square corners.",
        "UserMessage > .bubble { border: solid $primary; }",
    )
)
BubbleFullWidth = mutant(
    _styled_app(
        "BubbleFullWidth",
        "crs-user-bubble-max-width: a long user bubble spans the whole area.",
        "UserMessage > .bubble { max-width: 100%; }",
    )
)
BubbleTruncated = mutant(
    _styled_app(
        "BubbleTruncated",
        "crs-user-text-in-bubble: the bubble cuts the text at 14 cells with an ellipsis.",
        "UserMessage > .bubble { max-width: 16; text-wrap: nowrap; text-overflow: ellipsis; }",
    )
)
AgentRightAligned = mutant(
    _styled_app(
        "AgentRightAligned",
        "crs-agent-left-aligned: agent text is aligned right.",
        "AgentText MarkdownParagraph { text-align: right; }",
    )
)
AgentInBubble = mutant(
    _styled_app(
        "AgentInBubble",
        "crs-agent-no-bubble: agent text sits in a framed bubble with a background.",
        "AgentText { background: $primary-muted; border: round $primary; }",
    )
)
AgentNarrow = mutant(
    _styled_app(
        "AgentNarrow",
        "crs-agent-full-width: agent text wraps at 60 % of the area.",
        "AgentText { width: 60%; }",
    )
)
SystemNotCentred = mutant(
    _styled_app(
        "SystemNotCentred",
        "crs-system-centred: system notices are left-aligned.",
        "SystemNoticeItem { text-align: left; }",
    )
)
SystemInBubble = mutant(
    _styled_app(
        "SystemInBubble",
        "crs-system-no-bubble: system notices have a background of their own.",
        "SystemNoticeItem { background: $panel; }",
    )
)
SystemNotMuted = mutant(
    _styled_app(
        "SystemNotMuted",
        "crs-system-muted: system notices are drawn in the normal text colour.",
        "SystemNoticeItem { color: $text; }",
    )
)
EverythingOnTheLeft = mutant(
    _styled_app(
        "EverythingOnTheLeft",
        "crs-alignment-tells-actors-apart: user, agent and system items all sit at the left.",
        "UserMessage { align-horizontal: left; } SystemNoticeItem { text-align: left; }",
    )
)


@mutant
class SystemTruncated(CrsApp):
    """crs-system-content-complete: a system notice shows its first line only."""

    def system_notice(self, text: str, stamp: str) -> Widget:
        return super().system_notice(text.split("\n")[0], stamp)


@mutant
class UnknownEventRaises(CrsApp):
    """crs-ignore-unknown-events: an event of an unknown type raises."""

    async def on_crs_app_events_received(self, message: CrsApp.EventsReceived) -> None:
        for event in self._inbox:
            if type_name(event) not in KNOWN_EVENT_TYPES:
                raise ValueError(f"unknown event type {type_name(event)!r}")
        await super().on_crs_app_events_received(message)


@mutant
class UnknownEventShown(CrsApp):
    """crs-ignore-unknown-events: an unknown event is shown as a notice."""

    async def on_crs_app_events_received(self, message: CrsApp.EventsReceived) -> None:
        for event in list(self._inbox):
            if type_name(event) not in KNOWN_EVENT_TYPES:
                await self.conversation.mount(Static(f"unsupported event {type_name(event)}"))
        await super().on_crs_app_events_received(message)


@mutant
class UnknownOutputDropped(CrsApp):
    """crs-unknown-output-type-monospace: a result of an unknown output type is dropped."""

    async def _tool_result(self, event: ToolResult) -> None:
        if event.output_type in KNOWN_OUTPUT_TYPES:
            await super()._tool_result(event)


@mutant
class UnknownOutputAsMarkdown(CrsApp):
    """crs-unknown-output-type-monospace: a result of an unknown type is rendered as markdown."""

    async def _tool_result(self, event: ToolResult) -> None:
        known = event.output_type in KNOWN_OUTPUT_TYPES
        await super()._tool_result(
            event if known else ToolResult(event.turn_id, event.call_id, "markdown", event.output)
        )


class _DefaultParserText(AgentText):
    """Agent text parsed by Textual's default parser, which drops raw HTML."""

    def __init__(self) -> None:
        super().__init__()
        self._parser_factory = None


@mutant
class HtmlHidden(CrsApp):
    """crs-markdown-html-not-hidden: raw HTML in agent text is hidden."""

    def agent_text(self) -> AgentText:
        return _DefaultParserText()


def _bubble_app(name: str, doc: str, render: Callable[[str], Content]) -> type[CrsApp]:
    """A reference client whose user bubble renders its text with ``render``."""

    class Message(UserMessage):
        def compose(self) -> ComposeResult:
            yield Static(render(self.text), classes="bubble")

    def user_message(self: CrsApp, text: str, *_: object) -> Widget:
        return Message(text)

    return type(
        name, (CrsApp,), {"__doc__": doc, "user_message": user_message, "__module__": __name__}
    )


def _without(content: Content, drop: Callable[[Content, Span], bool]) -> Content:
    """``content`` without the spans ``drop(content, span)`` selects."""
    return Content(content.plain, [span for span in content.spans if not drop(content, span)])


def _links(bare: bool) -> Callable[[Content, Span], bool]:
    """Select link spans: bare URLs (their text is their target) or, if not ``bare``, the rest."""

    def select(content: Content, span: Span) -> bool:
        link = getattr(span.style, "link", None)
        return link is not None and (content.plain[span.start : span.end] == link) == bare

    return select


def _is_style(name: str) -> Callable[[Content, Span], bool]:
    return lambda _content, span: span.style == name


def _bold_italic_only_bold(content: Content) -> Content:
    bold = {(span.start, span.end) for span in content.spans if span.style == "bold"}
    return _without(
        content, lambda _c, span: span.style == "italic" and (span.start, span.end) in bold
    )


def _headings(text: str) -> Content:
    if text.startswith("#"):
        return Content(text.lstrip("#").strip()).stylize("bold")
    return render_user_markdown(text)


def _image_as_link(text: str) -> Content:
    return render_user_markdown(re.sub(r"!\[([^\]]*)\]\(([^)]*)\)", r"[\1](\2)", text))


def _fence_as_code(text: str) -> Content:
    return render_user_markdown(re.sub(r"```\w*\n(.*?)\n```", r"`\1`", text, flags=re.S))


for _name, _doc, _render in (
    (
        "NoBold",
        "crs-md-bold: bold markup is drawn plain.",
        lambda t: _without(render_user_markdown(t), _is_style("bold")),
    ),
    (
        "NoItalic",
        "crs-md-italic: italic markup is drawn plain.",
        lambda t: _without(render_user_markdown(t), _is_style("italic")),
    ),
    (
        "BoldItalicOnlyBold",
        "crs-md-bold-italic: bold italic is drawn bold only.",
        lambda t: _bold_italic_only_bold(render_user_markdown(t)),
    ),
    (
        "NoStrike",
        "crs-md-strikethrough: struck text is drawn plain.",
        lambda t: _without(render_user_markdown(t), _is_style("strike")),
    ),
    (
        "CodeWithoutBackground",
        "crs-md-inline-code: inline code has the bubble's background.",
        lambda t: _without(render_user_markdown(t), _is_style(CODE_STYLE)),
    ),
    (
        "LineBreaksJoined",
        "crs-md-line-break: line breaks are drawn as spaces.",
        lambda t: render_user_markdown(t.replace("\n", " ")),
    ),
    (
        "LinkNotLinked",
        "crs-md-link: a markdown link is drawn as plain text.",
        lambda t: _without(render_user_markdown(t), _links(bare=False)),
    ),
    (
        "BareUrlNotLinked",
        "crs-md-autolink: a bare URL is not turned into a link.",
        lambda t: _without(render_user_markdown(t), _links(bare=True)),
    ),
    (
        "BulletsNotRendered",
        "crs-md-bullet-list: bulleted lists are shown as typed.",
        lambda t: render_user_markdown(re.sub(r"^([*+-]) ", r"\\\1 ", t, flags=re.M)),
    ),
    (
        "NumbersNotCounted",
        "crs-md-numbered-list: numbered lists are shown as typed.",
        lambda t: render_user_markdown(re.sub(r"^(\d+)\. ", r"\1\\. ", t, flags=re.M)),
    ),
    (
        "HeadingsRendered",
        "crs-md-blocks-not-rendered: a heading in a user bubble is rendered bold without its #.",
        _headings,
    ),
    (
        "FenceAsInlineCode",
        "crs-md-blocks-not-rendered: a fenced block becomes an inline code span.",
        _fence_as_code,
    ),
    ("ImageAsLink", "crs-md-blocks-not-rendered: ![alt](x.png) becomes a link.", _image_as_link),
):
    globals()[_name] = mutant(_bubble_app(_name, _doc, _render))


class _CardMessage(UserMessage):
    """A bubble that puts its text on a framed card inside it."""

    DEFAULT_CSS = "_CardMessage .card { border: round $secondary; width: auto; height: auto; }"

    def compose(self) -> ComposeResult:
        with Vertical(classes="bubble"):
            yield Static(render_user_markdown(self.text), classes="card")


@mutant
class NestedCard(CrsApp):
    """crs-user-bubble-no-nested-container: the bubble holds a framed card."""

    def user_message(self, text: str, *_: object) -> Widget:
        return _CardMessage(text)


class _FormattingInput(PromptInput):
    """An input that drops ``**`` markers as soon as they are typed."""

    def on_text_area_changed(self, event: TextArea.Changed) -> None:
        if "**" in self.text:
            self.text = self.text.replace("**", "")
            self.move_cursor(self.document.end)


@mutant
class InputDropsMarkers(CrsApp):
    """crs-input-plain-text: the input drops the ** markers the user types."""

    def prompt_input(self) -> PromptInput:
        return _FormattingInput(id=self.INPUT_ID)


@mutant
class RichPreview(CrsApp):
    """crs-input-no-rich-preview: a formatted preview of the input is shown while typing."""

    def compose(self) -> ComposeResult:
        parts = list(super().compose())
        yield parts[0]
        yield Static(id="preview")
        yield from parts[1:]

    def on_text_area_changed(self, event: TextArea.Changed) -> None:
        self.query_one("#preview", Static).update(render_user_markdown(event.text_area.text))


# --- branch crs-flow ---------------------------------------------------------------------
# §2.5.1 sending, §2.5.2 cancelling, §2.4 timestamps.


class _NoNewline(PromptInput):
    """An input whose newline keys send the message, as Enter does."""

    async def _on_key(self, event: Any) -> None:
        if event.key in self.NEWLINE_KEYS:
            event.stop()
            event.prevent_default()
            self.submit()
            return
        await super()._on_key(event)


@mutant
class ShiftEnterSends(CrsApp):
    """crs-shift-enter-newline: Shift+Enter (and the second newline key) sends the message."""

    def prompt_input(self) -> PromptInput:
        return _NoNewline(id=self.INPUT_ID)


class _SendsFirstLine(PromptInput):
    """An input that sends only the first line of what it holds."""

    def submit(self) -> None:
        text = self.text
        if not text.strip():
            return
        self.clear()
        self.post_message(self.Submitted(self, text.split("\n")[0].rstrip() + " "))


@mutant
class SendsMangled(CrsApp):
    """crs-enter-sends: Enter sends the first line with a trailing space, not the typed text."""

    def prompt_input(self) -> PromptInput:
        return _SendsFirstLine(id=self.INPUT_ID)


@mutant
class EscapeCancelsWhileIdle(CrsApp):
    """crs-escape-idle-does-nothing: Escape sends a cancel while the agent is idle."""

    def action_cancel_turn(self) -> None:
        running = list(self.turns)
        self.port.send(PromptCancel(running[-1] if running else None))


@mutant
class NoCancelDuringTool(CrsApp):
    """crs-escape-cancel-states: Escape sends no cancel while a tool call runs."""

    def action_cancel_turn(self) -> None:
        views = list(self.turns.values())
        if views and views[-1].tools and views[-1].text is None and views[-1].thinking is None:
            return
        super().action_cancel_turn()


@mutant
class StampsIntermediateBlocks(CrsApp):
    """crs-no-timestamp-on-intermediate-blocks: every thinking, tool and text block gets a time."""

    async def _add(self, *widgets: Widget) -> None:
        await super()._add(*widgets)
        if any(isinstance(widget, (AgentText, ThinkingBlock, ToolBlock)) for widget in widgets):
            moment = self.clock()
            await super()._add(TimeStamp(moment, self.stamp_text(moment), classes="-agent"))


@mutant
class UtcTimes(CrsApp):
    """crs-timestamp-local-time: timestamps show UTC instead of the local time."""

    def stamp_text(self, moment: datetime) -> str:
        return f"{moment.astimezone(UTC):%H:%M}"


@mutant
class NoTurnEndStamp(CrsApp):
    """crs-timestamp-turn-end: the end of a turn carries no timestamp."""

    async def _add(self, *widgets: Widget) -> None:
        kept = [w for w in widgets if not (isinstance(w, TimeStamp) and w.has_class("-agent"))]
        await super()._add(*kept)


@mutant
class NoUserStamp(CrsApp):
    """crs-timestamp-turn-start: the user message carries no timestamp."""

    async def _add(self, *widgets: Widget) -> None:
        kept = [w for w in widgets if not (isinstance(w, TimeStamp) and w.has_class("-user"))]
        await super()._add(*kept)


@mutant
class NoStampsAtAll(CrsApp):
    """crs-timestamp-available: no message shows when it happened."""

    def stamp_text(self, moment: datetime) -> str:
        return ""


@mutant
class NoticeWithoutTime(CrsApp):
    """crs-timestamp-system: a system notice shows no time."""

    async def _add(self, *widgets: Widget) -> None:
        kept = [
            SystemNoticeItem(w.text, "") if isinstance(w, SystemNoticeItem) else w for w in widgets
        ]
        await super()._add(*kept)


@mutant
class StampsTurnStart(CrsApp):
    """crs-timestamp-only-at-boundaries: session.turn.start gets a timestamp of its own."""

    async def _turn_started(self, event: Any) -> None:
        await super()._turn_started(event)
        moment = self.clock()
        await self._add(TimeStamp(moment, self.stamp_text(moment), classes="-agent"))


# --- branch slash ---
# §3.2 slash-command popup, §3.3 command bubble, crs-escape-closes-popup (issue 14).

from textual import events  # noqa: E402 - this branch's block is kept apart for merging

from reference_crs import slash  # noqa: E402
from reference_crs.slash import Trigger, matching  # noqa: E402
from reference_crs.slash_control import SlashControl  # noqa: E402
from reference_crs.widgets import CommandBubble, SlashPopup  # noqa: E402


class _SlashApp(CrsApp):
    """The reference client with a replaced popup behaviour (``CONTROL``) or popup (``POPUP``)."""

    CONTROL: type[SlashControl] = SlashControl
    POPUP: type[SlashPopup] = SlashPopup

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.slash = self.CONTROL(self)

    def slash_popup(self) -> SlashPopup:
        return self.POPUP(id="slash-popup")


def _with_trigger(finder: Callable[[str, int, int], Trigger | None]) -> type[SlashControl]:
    """A popup behaviour that finds the `/` token with ``finder``."""

    class Control(SlashControl):
        def trigger(self) -> Trigger | None:
            field = self.input
            row, column = field.cursor_location
            return finder(field.document.get_line(row), row, column)

    return Control


def _any_slash(line: str, row: int, column: int) -> Trigger | None:
    before = line[:column]
    at = before.rfind("/")
    if at < 0 or any(c.isspace() for c in before[at:]):
        return None
    return Trigger(row, at, before[at + 1 :])


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
class PopupCoversInput(_SlashApp):
    """crs-slash-popup-overlay: the popup is drawn over the input instead of against it."""

    CSS = "#slash-popup { overlay: screen; }"  # laid over where the input is


@mutant
class PopupAtScreenTop(_SlashApp):
    """crs-slash-popup-near-cursor: the popup is drawn at the screen top, away from the input."""

    CSS = "#slash-popup { dock: top; }"


@mutant
class CommandsReadOnFirstSlash(_SlashApp):
    """crs-commands-cached: the client takes agent.commands.publish only after its first popup."""

    async def _commands(self, event: Any) -> None:
        if self.slash.popup.display or getattr(self, "_seen_popup", False):
            await super()._commands(event)

    def on_text_area_changed(self, message: TextArea.Changed) -> None:
        super().on_text_area_changed(message)
        self._seen_popup = getattr(self, "_seen_popup", False) or self.slash.popup.display


class _NameOnly(SlashPopup):
    @staticmethod
    def _prompt(command: object) -> Content:
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
    def _prompt(command: object) -> Content:
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
            self.popup.show(matching(self.app.commands, found.prefix[:1], self.usage))


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
    def watch_highlighted(self, old: int | None, new: int | None) -> None:
        for index in (old, new):
            if index is not None and index < len(self.shown):
                prompt = self._prompt(self.shown[index])
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
    def watch_highlighted(self, old: int | None, new: int | None) -> None:
        if self.shown and new not in (None, 0):
            first = self._prompt(self.shown[0]).stylize("on $block-cursor-background")
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

    async def _commands(self, event: Any) -> None:
        if not self.commands:
            await super()._commands(event)


class _RefreshResetsFocus(SlashControl):
    def sync(self, *, refreshed: bool = False) -> None:
        if refreshed:
            self._prefix = None  # as if the popup had just opened
        super().sync(refreshed=refreshed)


@mutant
class RefreshResetsFocus(_SlashApp):
    """crs-commands-refresh-keeps-state: a refreshed list puts the focus back on its first item."""

    CONTROL = _RefreshResetsFocus


class _EscapeAlsoCancels(SlashControl):
    def key(self, key: str) -> bool:
        taken = super().key(key)
        return False if key == "escape" else taken


@mutant
class EscapeInPopupCancels(_SlashApp):
    """crs-escape-closes-popup: Escape closes the popup and also cancels the running turn."""

    CONTROL = _EscapeAlsoCancels


@mutant
class CommandAsTextBubble(_SlashApp):
    """crs-command-bubble-distinct: a sent slash command is drawn as an ordinary text bubble."""

    def command_bubble(self, text: str) -> Widget:
        return UserMessage(text)


class _KeepsSlash(CommandBubble):
    def compose(self) -> ComposeResult:
        name, _, rest = self.text.partition(" ")
        yield Static(
            Content.assemble(("▶ ", ""), (name, "bold $accent"), f" {rest}"), classes="bubble"
        )


@mutant
class BubbleKeepsSlash(_SlashApp):
    """crs-command-bubble-strips-slash: the command bubble shows the leading `/`."""

    def command_bubble(self, text: str) -> Widget:
        return _KeepsSlash(text)


class _NestedBadge(CommandBubble):
    def compose(self) -> ComposeResult:
        name, _, rest = self.text[1:].partition(" ")
        yield Static(
            Content.assemble(("▶ ", ""), (f" {name} ", "bold $accent on $primary"), f" {rest}"),
            classes="bubble",
        )


@mutant
class BadgeInBubble(_SlashApp):
    """crs-command-bubble-no-nesting: the command name sits in a badge inside the bubble."""

    def command_bubble(self, text: str) -> Widget:
        return _NestedBadge(text)


class _PlainName(CommandBubble):
    def compose(self) -> ComposeResult:
        name, _, rest = self.text[1:].partition(" ")
        yield Static(Content.assemble(("▶ ", ""), (name, "$accent"), f" {rest}"), classes="bubble")


@mutant
class CommandNameNotBold(_SlashApp):
    """crs-command-name-inline-style: the command name is coloured but not bold."""

    def command_bubble(self, text: str) -> Widget:
        return _PlainName(text)


class _TextColouredBubble(CommandBubble):
    def on_mount(self) -> None:
        self.bubble.styles.background = self.app.get_css_variables()["primary-muted"]


@mutant
class CommandBubbleLikeText(_SlashApp):
    """crs-command-bubble-style-differs: the command bubble has the text bubble's background."""

    def command_bubble(self, text: str) -> Widget:
        return _TextColouredBubble(text)


class _TextTypePort:
    """A port that sends every prompt with input_type text."""

    def __init__(self, port: AgentPort) -> None:
        self.port = port

    def connect(self, on_event: Any) -> None:
        self.port.connect(on_event)

    def send(self, frame: Any) -> None:
        if getattr(frame, "input_type", None) == "slash_command":
            frame = type(frame)(prompt_text=frame.prompt_text, input_type="text")
        self.port.send(frame)


@mutant
class CommandSentAsText(_SlashApp):
    """crs-command-bubble-for-slash-input-type: a slash command is sent with input_type text."""

    def __init__(self, port: AgentPort, *args: Any, **kwargs: Any) -> None:
        super().__init__(_TextTypePort(port), *args, **kwargs)  # type: ignore[arg-type]


# --- branch browser ----------------------------------------------------------------------
# The file browser of 004 §7. Each mutant swaps the dialog (``SessionForm.browser_screen``)
# for a subclass of ``FileBrowserScreen`` whose tree, breadcrumb or checks are broken.

from collections.abc import Sequence  # noqa: E402
from typing import ClassVar  # noqa: E402

from rich.style import Style  # noqa: E402
from rich.text import Text  # noqa: E402
from textual.binding import Binding, BindingType  # noqa: E402
from textual.screen import ModalScreen  # noqa: E402
from textual.widgets import Button, Input  # noqa: E402

from rawp_port import Entry  # noqa: E402
from reference_crs.browser.breadcrumb import Breadcrumb  # noqa: E402
from reference_crs.browser.dialog import FileBrowserScreen  # noqa: E402
from reference_crs.browser.tree import FileTree, Row  # noqa: E402
from reference_crs.widgets.session_form import SessionForm  # noqa: E402


def _screen(
    base: type[FileBrowserScreen] = FileBrowserScreen, **attributes: Any
) -> type[FileBrowserScreen]:
    """A subclass of the dialog with ``attributes`` (``TREE=...``, ``BREADCRUMB=...``) set."""
    return type("BrokenBrowser", (base,), attributes)


class _BrowserMutant(CrsApp):
    """The reference client, opening the dialog class ``SCREEN`` instead of the reference one."""

    SCREEN: ClassVar[type[FileBrowserScreen]] = FileBrowserScreen

    def session_form(self, node_id: str, agent_id: str) -> SessionForm:
        screen = self.SCREEN

        class Form(SessionForm):
            def browser_screen(self) -> ModalScreen[str | None]:
                return screen(self.control, self.node_id, self.agent_id)

        return Form(self.control, node_id, agent_id, id="session-form")


class _NoDialogForm(SessionForm):
    def open_browser(self) -> None:
        self.app.push_screen(_PlainModal())


class _PlainModal(ModalScreen[str | None]):
    def compose(self) -> Any:
        yield Static("작업 디렉토리 선택", id="file-browser")


@mutant
class FbDialogWithoutParts(CrsApp):
    """crs-fb-dialog-on-entry: the dialog opens without its tree, breadcrumb or manual field."""

    def session_form(self, node_id: str, agent_id: str) -> SessionForm:
        return _NoDialogForm(self.control, node_id, agent_id, id="session-form")


class _BrowsesSlash(FileBrowserScreen):
    def _browse(self, path: str | None, quiet: bool = False) -> Any:
        return super()._browse("/" if path is None else path, quiet)


@mutant
class FbFirstBrowseWithPath(_BrowserMutant):
    """crs-fb-initial-root-browse: the dialog first browses "/" instead of the root mode."""

    SCREEN = _BrowsesSlash


class _Reversed(FileTree):
    def _add_entries(self, parent: Any, entries: Sequence[Entry], total: int | None) -> None:
        super()._add_entries(parent, tuple(reversed(entries)), total)


@mutant
class FbEntriesReversed(_BrowserMutant):
    """crs-fb-tree-mirrors-entries: entries are listed in reverse order."""

    SCREEN = _screen(TREE=_Reversed)


class _IconAfterName(FileTree):
    def render_label(self, node: Any, base_style: Style, style: Style) -> Text:
        label = super().render_label(node, base_style, style)
        entry = node.data.entry if node.data else None
        if entry is None:
            return label
        icon = self._icon(node)
        plain = label.plain.replace(icon, "   ", 1)
        return Text(plain.rstrip() + " " + icon.strip(), style=style)


@mutant
class FbIconAfterName(_BrowserMutant):
    """crs-fb-entry-layout: the icon is drawn after the name instead of before it."""

    SCREEN = _screen(TREE=_IconAfterName)


class _WideIndent(FileTree):
    def on_mount(self) -> None:
        self.guide_depth = 6


@mutant
class FbIndentTooWide(_BrowserMutant):
    """crs-fb-indentation: each level is indented by 6 cells."""

    SCREEN = _screen(TREE=_WideIndent)


class _FileChevron(FileTree):
    def _chevron(self, node: Any, row: Any, style: Style) -> tuple[str, Style]:
        if row.entry is not None and not row.is_directory:
            return "▶ ", style
        return super()._chevron(node, row, style)


@mutant
class FbFilesGetChevron(_BrowserMutant):
    """crs-fb-chevron: files are drawn with a ▶ chevron like directories."""

    SCREEN = _screen(TREE=_FileChevron)


class _NoSpacer(FileTree):
    def _chevron(self, node: Any, row: Any, style: Style) -> tuple[str, Style]:
        if row.entry is not None and not row.is_directory:
            return "", style
        return super()._chevron(node, row, style)


@mutant
class FbFilesWithoutSpacer(_BrowserMutant):
    """crs-fb-chevron: files keep no blank where the chevron would be."""

    SCREEN = _screen(TREE=_NoSpacer)


class _PlainLinks(FileTree):
    def _icon(self, node: Any) -> str:
        icon = super()._icon(node)
        return icon.replace("↗", " ")


@mutant
class FbLinksLookPlain(_BrowserMutant):
    """crs-fb-icon-by-type: symlinks get the same icons as plain directories and files."""

    SCREEN = _screen(TREE=_PlainLinks)


class _NoLock(FileTree):
    def render_label(self, node: Any, base_style: Style, style: Style) -> Text:
        label = super().render_label(node, base_style, style)
        return Text(label.plain.replace(" 🔒", "   "), style=style)


@mutant
class FbUnreadableWithoutLock(_BrowserMutant):
    """crs-fb-unreadable-style: an unreadable entry shows no lock and is not muted."""

    SCREEN = _screen(TREE=_NoLock)


class _NoHover(FileTree):
    def watch_hover_line(self, previous_hover_line: int, hover_line: int) -> None:
        return


@mutant
class FbNoHoverFeedback(_BrowserMutant):
    """crs-fb-hover-feedback: hovering an entry changes nothing."""

    SCREEN = _screen(TREE=_NoHover)


class _NoBar(FileTree):
    def render_label(self, node: Any, base_style: Style, style: Style) -> Text:
        label = super().render_label(node, base_style, style)
        label.plain = label.plain.replace("▎", " ")
        return label


@mutant
class FbSelectedWithoutBar(_BrowserMutant):
    """crs-fb-selected-style: the selected directory has no left bar."""

    SCREEN = _screen(TREE=_NoBar)


class _NoDoubleClick(FileTree):
    async def _on_click(self, event: events.Click) -> None:
        if event.chain >= 2 and not event.style.meta.get("toggle", False):
            return
        await super()._on_click(event)


@mutant
class FbDoubleClickIgnored(_BrowserMutant):
    """crs-fb-toggle-by-pointer: a double click on a directory does not toggle it."""

    SCREEN = _screen(TREE=_NoDoubleClick)


class _AlwaysBrowses(FileTree):
    def toggle_directory(self, node: Any) -> None:
        if not node.is_expanded and node.data is not None and node.data.entry is not None:
            self.run_worker(self.loader(node.data.entry.path))
        super().toggle_directory(node)


@mutant
class FbLoadedChildrenBrowsedAgain(_BrowserMutant):
    """crs-fb-lazy-expansion: a directory whose children were sent is browsed again."""

    SCREEN = _screen(TREE=_AlwaysBrowses)


class _BlankSpinner(FileTree):
    def _chevron(self, node: Any, row: Any, style: Style) -> tuple[str, Style]:
        if row.loading:
            return "  ", style
        return super()._chevron(node, row, style)


@mutant
class FbBlankWhileLoading(_BrowserMutant):
    """crs-fb-expansion-spinner: the chevron is blank, no spinner, during a lazy expansion."""

    SCREEN = _screen(TREE=_BlankSpinner)


class _SpinsForever(FileTree):
    def _failed(self, node: Any, why: str) -> None:
        node.data.loading = True


@mutant
class FbFailedExpansionSpins(_BrowserMutant):
    """crs-fb-expansion-error: a failed expansion keeps its spinner and shows no error."""

    SCREEN = _screen(TREE=_SpinsForever)


class _HiddenCrumbs(Breadcrumb):
    def render(self) -> Text:
        return Text("")


@mutant
class FbNoBreadcrumb(_BrowserMutant):
    """crs-fb-breadcrumb: no breadcrumb is shown above the tree."""

    SCREEN = _screen(BREADCRUMB=_HiddenCrumbs)


class _DeadCrumbs(Breadcrumb):
    def action_go(self, index: int) -> None:
        return


@mutant
class FbBreadcrumbNotClickable(_BrowserMutant):
    """crs-fb-breadcrumb-click: a click on a segment does nothing."""

    SCREEN = _screen(BREADCRUMB=_DeadCrumbs)


class _UnixCrumbs(Breadcrumb):
    def render(self) -> Text:
        return Text(super().render().plain.replace(" \\ ", " / "))


@mutant
class FbSlashOnWindows(_BrowserMutant):
    """crs-fb-breadcrumb-separator: Windows paths are separated by / in the breadcrumb."""

    SCREEN = _screen(BREADCRUMB=_UnixCrumbs)


class _NoDrive(Breadcrumb):
    def render(self) -> Text:
        text = super().render()
        return Text(re.sub(r"[A-Za-z]: \\ ", "", text.plain))


@mutant
class FbWindowsDriveMissing(_BrowserMutant):
    """crs-fb-breadcrumb-drive: the Windows drive letter is missing from the breadcrumb."""

    SCREEN = _screen(BREADCRUMB=_NoDrive)


@mutant
class FbSpinnerInTheCorner(_BrowserMutant):
    """crs-fb-initial-spinner: the initial spinner sits in the tree area's top-left corner."""

    SCREEN = _screen(
        DEFAULT_CSS=FileBrowserScreen.DEFAULT_CSS
        + "#file-tree-area > LoadingIndicator { content-align: left top; }"
    )


class _OfflineLikeAnyError(FileBrowserScreen):
    def _state(self, state: str, text: str = "", retry: bool = False) -> None:
        super()._state(
            state, text.replace("노드에 연결할 수 없습니다", "목록을 불러오지 못했습니다"), retry
        )


@mutant
class FbOfflineNotSaid(_BrowserMutant):
    """crs-fb-node-offline: an offline node gets a generic error, not its own message."""

    SCREEN = _OfflineLikeAnyError


class _OpensUnreadable(FileTree):
    def toggle_directory(self, node: Any) -> None:
        entry = node.data.entry if node.data else None
        if entry is not None and not entry.readable and not node.is_expanded:
            self._load(node)
            return
        super().toggle_directory(node)


@mutant
class FbUnreadableExpands(_BrowserMutant):
    """crs-fb-unreadable-tooltip: an unreadable directory can be expanded."""

    SCREEN = _screen(TREE=_OpensUnreadable)


class _FollowsCycles(FileTree):
    def toggle_directory(self, node: Any) -> None:
        entry = node.data.entry if node.data else None
        if entry is not None and entry.cycle and not node.is_expanded:
            self._load(node)
            return
        super().toggle_directory(node)


@mutant
class FbCycleFollowed(_BrowserMutant):
    """crs-fb-symlink-cycle: a symlink cycle expands like any directory."""

    SCREEN = _screen(TREE=_FollowsCycles)


class _NoNote(FileTree):
    def _add_entries(self, parent: Any, entries: Sequence[Entry], total: int | None) -> None:
        super()._add_entries(parent, entries, None)


@mutant
class FbTruncationUnsaid(_BrowserMutant):
    """crs-fb-truncation-note: a truncated directory shows no "외 N개 항목"."""

    SCREEN = _screen(TREE=_NoNote)


class _ShiftArrowsOnly(FileTree):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "noop", show=False),
        Binding("left", "noop", show=False),
        Binding("shift+right", "expand_or_first_child", show=False),
        Binding("shift+left", "collapse_or_parent", show=False),
    ]

    def action_noop(self) -> None:
        return


@mutant
class FbTreeKeysOnShiftOnly(_BrowserMutant):
    """crs-fb-treeview-pattern: ←/→ do nothing; only Textual's shift+←/→ move in the tree."""

    SCREEN = _screen(TREE=_ShiftArrowsOnly)


class _DownTwice(FileTree):
    def action_cursor_down(self) -> None:
        super().action_cursor_down()
        super().action_cursor_down()


@mutant
class FbDownSkipsAnEntry(_BrowserMutant):
    """crs-fb-key-up-down: ↓ moves the focus two entries down."""

    SCREEN = _screen(TREE=_DownTwice)


class _RightNoFirstChild(FileTree):
    def action_expand_or_first_child(self) -> None:
        if self.cursor_node is not None and not self.cursor_node.is_expanded:
            super().action_expand_or_first_child()


@mutant
class FbRightStaysOnExpanded(_BrowserMutant):
    """crs-fb-key-right: → on an expanded directory does not move to its first child."""

    SCREEN = _screen(TREE=_RightNoFirstChild)


class _LeftNoParent(FileTree):
    def action_collapse_or_parent(self) -> None:
        node = self.cursor_node
        if node is not None and node.is_expanded:
            super().action_collapse_or_parent()


@mutant
class FbLeftStaysOnChild(_BrowserMutant):
    """crs-fb-key-left: ← on a collapsed entry does not move to its parent."""

    SCREEN = _screen(TREE=_LeftNoParent)


class _EnterChoosesFirst(FileTree):
    def action_choose(self) -> None:
        self.action_first()
        super().action_choose()


@mutant
class FbEnterChoosesFirstEntry(_BrowserMutant):
    """crs-fb-key-enter: Enter chooses the first directory, not the focused one."""

    SCREEN = _screen(TREE=_EnterChoosesFirst)


class _SpaceIgnored(FileTree):
    def action_toggle_node(self) -> None:
        return


@mutant
class FbSpaceIgnored(_BrowserMutant):
    """crs-fb-key-space: Space does not toggle the focused directory."""

    SCREEN = _screen(TREE=_SpaceIgnored)


class _HomeToSecond(FileTree):
    def action_first(self) -> None:
        lines = self._entry_lines()
        if len(lines) > 1:
            self._move(lines[1])


@mutant
class FbHomeMissesFirst(_BrowserMutant):
    """crs-fb-key-home-end: Home moves to the second entry instead of the first."""

    SCREEN = _screen(TREE=_HomeToSecond)


class _EscapeConfirms(FileBrowserScreen):
    def action_close(self) -> None:
        node = self.file_tree.cursor_node
        entry = node.data.entry if node is not None and node.data is not None else None
        self.dismiss(entry.path if entry is not None else None)


@mutant
class FbEscapeConfirms(_BrowserMutant):
    """crs-fb-key-escape: Escape confirms the focused entry instead of closing the dialog."""

    SCREEN = _EscapeConfirms


class _EnterOnFiles(FileTree):
    def action_choose(self) -> None:
        node = self.cursor_node
        if node is not None and node.data is not None and node.data.entry is not None:
            self.post_message(self.Chosen(node.data.entry))


@mutant
class FbEnterChoosesFile(_BrowserMutant):
    """crs-fb-files-not-selectable: Enter on a file makes it the working directory."""

    SCREEN = _screen(TREE=_EnterOnFiles)


class _ClickConfirms(FileBrowserScreen):
    def on_file_tree_marked(self, message: FileTree.Marked) -> None:
        self.dismiss(message.entry.path)


@mutant
class FbClickConfirms(_BrowserMutant):
    """crs-fb-click-select-confirm: a single click confirms at once, with no select step."""

    SCREEN = _ClickConfirms


class _NameNotPath(SessionForm):
    def _chosen(self, path: str | None) -> None:
        super()._chosen(None if path is None else path.rsplit("/", 1)[-1])


@mutant
class FbWorkspaceGetsName(CrsApp):
    """crs-fb-confirm-sets-workspace: the session form gets the directory's name, not its path."""

    def session_form(self, node_id: str, agent_id: str) -> SessionForm:
        return _NameNotPath(self.control, node_id, agent_id, id="session-form")


class _TypedIgnored(FileBrowserScreen):
    def on_mount(self) -> None:
        self.query_one("#manual-path").disabled = True


@mutant
class FbTypedPathIgnored(_BrowserMutant):
    """crs-fb-manual-input: the manual path field cannot be typed into."""

    SCREEN = _TypedIgnored


class _PrefixCheck(FileBrowserScreen):
    def path_allowed(self, path: str) -> bool:
        return self.allowed is None or any(path.startswith(d) for d in self.allowed)


@mutant
class FbAllowedByStringPrefix(_BrowserMutant):
    """crs-fb-manual-prevalidate: /wx passes as inside /w (a string-prefix check)."""

    SCREEN = _PrefixCheck


class _WarnsButAccepts(FileBrowserScreen):
    def _field_ok(self) -> bool:
        return True

    def _validate(self) -> bool:
        super()._validate()
        path = self.query_one("#manual-path", Input).value.strip()
        if path:
            self.choice = path
        self.query_one("#select-workspace", Button).disabled = False
        return True


@mutant
class FbOutOfRangeAccepted(_BrowserMutant):
    """crs-fb-manual-out-of-range: a path outside the allowed directories is accepted."""

    SCREEN = _WarnsButAccepts


class _EmptyListIgnored(FileBrowserScreen):
    def nothing_to_browse(self, entries: Sequence[Entry]) -> bool:
        return False


@mutant
class FbEmptyStateMissing(_BrowserMutant):
    """crs-fb-empty-state: with no allowed directory the tree is shown as usual."""

    SCREEN = _EmptyListIgnored


class _UnsetMeansNothing(FileBrowserScreen):
    def nothing_to_browse(self, entries: Sequence[Entry]) -> bool:
        return self.allowed is None or super().nothing_to_browse(entries)


@mutant
class FbUnrestrictedShowsNothing(_BrowserMutant):
    """crs-fb-unrestricted-root: an unset allowed_directories is taken as "nothing allowed"."""

    SCREEN = _UnsetMeansNothing


class _RawNames(FileTree):
    def _add_entries(self, parent: Any, entries: Sequence[Entry], total: int | None) -> None:
        for entry in entries:
            node = parent.add(entry.name, Row("entry", entry))
            node.allow_expand = False


@mutant
class FbRawNames(_BrowserMutant):
    """crs-fb-hostile-names: entry names are drawn raw, as markup with their control characters."""

    SCREEN = _screen(TREE=_RawNames)


# The SHOULD and MAY clauses of §7 that scenarios check: each check shown red once.


class _RawSizes(FileTree):
    def render_label(self, node: Any, base_style: Style, style: Style) -> Text:
        label = super().render_label(node, base_style, style)
        entry = node.data.entry if node.data else None
        if entry is None or entry.size is None:
            return label
        return Text(re.sub(r"\d+(\.\d+)? (B|KB|MB|GB)", str(entry.size), label.plain), style=style)


@mutant
class FbSizesInBytes(_BrowserMutant):
    """crs-fb-file-size: file sizes are raw byte counts, not KB or MB."""

    SCREEN = _screen(TREE=_RawSizes)


class _NoRootIcon(Breadcrumb):
    def render(self) -> Text:
        return Text(super().render().plain.replace("🖥", " "))


@mutant
class FbNoRootIcon(_BrowserMutant):
    """crs-fb-breadcrumb-root-icon: root mode shows no computer icon."""

    SCREEN = _screen(BREADCRUMB=_NoRootIcon)


class _NeverElided(Breadcrumb):
    def render(self) -> Text:
        parts = [part for part in self.path.split("/") if part]
        return Text("🖥 / " + " / ".join(parts))


@mutant
class FbBreadcrumbNeverElided(_BrowserMutant):
    """crs-fb-breadcrumb-elision: a long path is cut at the edge instead of elided."""

    SCREEN = _screen(BREADCRUMB=_NeverElided)


class _FieldLockedWhileLoading(FileBrowserScreen):
    def _state(self, state: str, text: str = "", retry: bool = False) -> None:
        super()._state(state, text, retry)
        self.query_one("#manual-path").disabled = state == "loading"


@mutant
class FbManualFieldLockedWhileLoading(_BrowserMutant):
    """crs-fb-manual-input-while-loading: the manual field is disabled while the root loads."""

    SCREEN = _FieldLockedWhileLoading


class _PartialUnsaid(FileBrowserScreen):
    def _show(self, result: Any, keep_choice: bool = False) -> None:
        super()._show(result, keep_choice)
        self.query_one("#tree-warning").display = False


@mutant
class FbPartialUnsaid(_BrowserMutant):
    """crs-fb-partial-failure: a partial answer is shown with no warning."""

    SCREEN = _PartialUnsaid


class _TreeStays(FileBrowserScreen):
    def _browse(self, path: str | None, quiet: bool = False) -> Any:
        if quiet:
            return None
        return super()._browse(path, quiet)


@mutant
class FbTypedPathLeavesTree(_BrowserMutant):
    """crs-fb-manual-moves-tree: a valid typed path does not move the tree."""

    SCREEN = _TreeStays


class _FileIconWhenOpen(FileTree):
    def _icon(self, node: Any) -> str:
        return "📄 " if node.is_expanded else super()._icon(node)


@mutant
class FbOpenFolderLooksLikeFile(_BrowserMutant):
    """crs-fb-open-folder-icon: an expanded directory gets a file's icon."""

    SCREEN = _screen(TREE=_FileIconWhenOpen)


@mutant
class FbNoTooltips(_BrowserMutant):
    """crs-fb-unreadable-tooltip: no tooltip tells why an entry cannot be opened."""

    SCREEN = _screen(DEFAULT_CSS=FileBrowserScreen.DEFAULT_CSS + "#tree-hint { display: none; }")


# --- branch lazy ---
# §2.6 lazy loading of a stored conversation. Each mutant swaps the client's LazyHistory
# (reference_crs/history.py) for a subclass with one defect.


from rawp_port import HistoryPage  # noqa: E402 - this branch's block
from reference_crs.history import LazyHistory, LoadOlder  # noqa: E402 - this branch's block


def _with_history(history: type[LazyHistory]) -> Any:
    """A ``__init__`` that gives the client ``history`` instead of the reference's."""

    def __init__(self: CrsApp, *args: Any) -> None:
        CrsApp.__init__(self, *args)
        self.history = history(self)

    return __init__


class _LoadsEverything(LazyHistory):
    async def _insert(self, page: HistoryPage) -> None:
        await super()._insert(page)
        if self.remaining:
            self.app.call_later(self.load_older)


@mutant
class LoadsEverything(CrsApp):
    """crs-lazy-loading: a reopened conversation goes on loading every older page by itself."""

    __init__ = _with_history(_LoadsEverything)


class _IgnoresN(LazyHistory):
    @property
    def page_size(self) -> int:
        return 10


@mutant
class IgnoresN(CrsApp):
    """crs-initial-turns-configurable: the client shows 10 turns whatever N the user set."""

    __init__ = _with_history(_IgnoresN)


class _NoTools(LazyHistory):
    async def _insert(self, page: HistoryPage) -> None:
        from rawp_port import ToolCall, ToolResult

        kept = [
            type(turn)(
                turn.turn_id,
                turn.prompt,
                turn.sent_at,
                tuple(e for e in turn.events if not isinstance(e, (ToolCall, ToolResult))),
                turn.ended_at,
            )
            for turn in page.turns
        ]
        await super()._insert(HistoryPage(tuple(kept), page.remaining))


@mutant
class StoredTurnsWithoutTools(CrsApp):
    """crs-initial-turns: a reopened turn is drawn without its tool calls."""

    __init__ = _with_history(_NoTools)


class _TriggerAtBottom(LazyHistory):
    def open(self) -> None:
        if self.settings.conversation_id is None:
            return
        self.row = LoadOlder(self)
        self.app.conversation.mount(self.row)
        self.load_older()

    def _first_after_row(self) -> Widget | None:
        children = list(self.app.conversation.children)
        return children[0] if children else None


@mutant
class TriggerAtBottom(CrsApp):
    """crs-load-older-trigger: the load-older trigger is at the bottom of the conversation."""

    __init__ = _with_history(_TriggerAtBottom)


class _DeadButtonRow(LoadOlder):
    def compose(self) -> Any:
        for widget in super().compose():
            if isinstance(widget, Button):  # the row's press handler matches this id only
                widget = Button(self.LABEL, id="load-older-dead", compact=True)
            yield widget


class _DeadButton(LazyHistory):
    def open(self) -> None:
        if self.settings.conversation_id is None:
            return
        self.row = _DeadButtonRow(self)
        self.app.conversation.mount(self.row, before=0)
        self.load_older()


@mutant
class DeadButton(CrsApp):
    """crs-load-older-trigger-forms: the load-older button loads nothing when pressed."""

    __init__ = _with_history(_DeadButton)


class _NoSpinnerRow(LoadOlder):
    def compose(self) -> Any:
        if self.state == "loading":
            yield Static("이전 대화를 불러오는 중", id="still-text")
        else:
            yield from super().compose()

    def control(self) -> Widget | None:
        found = list(self.query("#still-text"))
        return found[0] if found else super().control()


class _NoSpinner(LazyHistory):
    def open(self) -> None:
        if self.settings.conversation_id is None:
            return
        self.row = _NoSpinnerRow(self)
        self.app.conversation.mount(self.row, before=0)
        self.load_older()


@mutant
class NoSpinner(CrsApp):
    """crs-load-older-spinner: nothing shows that older turns are loading."""

    __init__ = _with_history(_NoSpinner)


class _JumpsOneRow(LazyHistory):
    def keep_view(self, scroll_y: float, grown: int) -> None:
        super().keep_view(scroll_y, grown - 1)


@mutant
class ViewJumpsOneRow(CrsApp):
    """crs-load-older-keeps-position: inserting older turns moves the view by one row."""

    __init__ = _with_history(_JumpsOneRow)


class _TriggerStays(LazyHistory):
    async def _insert(self, page: HistoryPage) -> None:
        await super()._insert(HistoryPage(page.turns, max(1, page.remaining)))
        self.remaining = page.remaining
        self.started = False


@mutant
class TriggerStaysActive(CrsApp):
    """crs-load-older-exhausted: the trigger stays active after the last page is loaded."""

    __init__ = _with_history(_TriggerStays)


class _NoRetry(LazyHistory):
    async def _load(self) -> None:
        await super()._load()
        if self.row is not None and self.row.state == "failed":
            row, self.row = self.row, None
            await row.remove()


@mutant
class NoRetryAfterFailure(CrsApp):
    """crs-load-older-failure-retry: a failed load removes the trigger: no way to retry."""

    __init__ = _with_history(_NoRetry)


class _StopsBeforeTheRest(LazyHistory):
    async def _insert(self, page: HistoryPage) -> None:
        left = page.remaining if page.remaining >= self.page_size else 0
        await super()._insert(HistoryPage(page.turns, left))


@mutant
class StopsBeforeTheRest(CrsApp):
    """crs-load-older-remaining: fewer than N older turns left are never loaded."""

    __init__ = _with_history(_StopsBeforeTheRest)


# --- branch interact ---------------------------------------------------------------------
# §2.3 hover, §2.5.2 Escape with an interaction UI, §2.5.3 interaction keys.


from textual.binding import Binding  # noqa: E402

from rawp_port import InteractionRequested  # noqa: E402
from reference_crs.widgets.interaction import InteractionPanel  # noqa: E402


class _PanelIgnoresY(InteractionPanel):
    """A YN panel that swallows Y (Enter still approves)."""

    def on_key(self, event: events.Key) -> None:
        if event.key == "y":
            event.stop()
            event.prevent_default()


@mutant
class YnIgnoresY(CrsApp):
    """crs-interaction-keys-yn: Y does not approve a YN request."""

    def interaction_panel(self, request: InteractionRequested) -> InteractionPanel:
        return _PanelIgnoresY(request, id=self.INTERACTION_ID)


class _EscapeApproves(InteractionPanel):
    """A panel whose Escape approves a PERMISSION request."""

    def action_escape(self) -> None:
        if self.kind == "PERMISSION":
            self.answer("approved")
        else:
            super().action_escape()


@mutant
class PermissionEscapeApproves(CrsApp):
    """crs-interaction-keys-permission: Escape approves a PERMISSION request."""

    def interaction_panel(self, request: InteractionRequested) -> InteractionPanel:
        return _EscapeApproves(request, id=self.INTERACTION_ID)


class _SelectsFirst(InteractionPanel):
    """A panel whose Enter selects the first option, wherever the focus is."""

    def action_enter(self) -> None:
        if self.kind == "SELECT":
            self.answer("selected", str(self.request.options[0]))
        else:
            super().action_enter()


@mutant
class SelectIgnoresFocus(CrsApp):
    """crs-interaction-keys-select: Enter selects the first option, not the focused one."""

    def interaction_panel(self, request: InteractionRequested) -> InteractionPanel:
        return _SelectsFirst(request, id=self.INTERACTION_ID)


class _SpaceDoesNothing(InteractionPanel):
    """A panel that takes Space away from its selection list."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "nothing", show=False, priority=True),
    ]

    def action_nothing(self) -> None:
        """Swallow the key."""


@mutant
class SpaceDoesNotToggle(CrsApp):
    """crs-interaction-keys-multi-select: Space does not toggle the focused option."""

    def interaction_panel(self, request: InteractionRequested) -> InteractionPanel:
        return _SpaceDoesNothing(request, id=self.INTERACTION_ID)


class _SubmitsEmpty(InteractionPanel):
    """A panel whose Enter submits an empty text, whatever was typed."""

    def action_enter(self) -> None:
        if self.kind == "TEXT_INPUT":
            self.answer("submitted", "")
        else:
            super().action_enter()


@mutant
class TextInputDropsText(CrsApp):
    """crs-interaction-keys-text-input: Enter submits an empty text, not the one typed."""

    def interaction_panel(self, request: InteractionRequested) -> InteractionPanel:
        return _SubmitsEmpty(request, id=self.INTERACTION_ID)


class _EscapeIgnoresDefault(InteractionPanel):
    """A panel whose Escape cancels without the request's default value."""

    def action_escape(self) -> None:
        if self.kind in ("YN", "PERMISSION"):
            super().action_escape()
        else:
            self.answer("cancelled", None)


@mutant
class EscapeIgnoresDefault(CrsApp):
    """crs-interaction-escape-default: Escape on a request with a default answers no value."""

    def interaction_panel(self, request: InteractionRequested) -> InteractionPanel:
        return _EscapeIgnoresDefault(request, id=self.INTERACTION_ID)


class _EscapeAlsoCancels(InteractionPanel):
    """A panel whose Escape closes it and cancels the running turn too."""

    def action_escape(self) -> None:
        app = self.app
        assert isinstance(app, CrsApp)
        running = list(app.turns)
        app.port.send(PromptCancel(running[-1] if running else None))
        super().action_escape()


@mutant
class EscapeCancelsTurnInInteraction(CrsApp):
    """crs-escape-closes-interaction: Escape closes the interaction UI and cancels the turn."""

    def interaction_panel(self, request: InteractionRequested) -> InteractionPanel:
        return _EscapeAlsoCancels(request, id=self.INTERACTION_ID)


@mutant
class EscapeOffPanelCancels(CrsApp):
    """crs-escape-closes-interaction: with the focus off the interaction UI, Escape cancels."""

    def action_cancel_turn(self) -> None:
        if self.busy:
            running = list(self.turns)
            self.port.send(PromptCancel(running[-1] if running else None))


@mutant
class HoverOnAgentText(CrsApp):
    """crs-no-hover-effect-on-static: plain agent text lights up under the pointer."""

    CSS = "AgentText:hover { background: $boost; }"


@mutant
class OptionsWithoutHover(CrsApp):
    """crs-interactive-smooth-feedback: options of an interaction request ignore the pointer."""

    CSS = """
    InteractionPanel OptionList > .option-list--option-hover,
    InteractionPanel SelectionList > .option-list--option-hover { background: transparent; }
    """


@mutant
class HoverMovesOptions(CrsApp):
    """crs-interactive-smooth-feedback: hovering the options' list pads it, moving every option."""

    CSS = (
        "InteractionPanel OptionList:hover, InteractionPanel SelectionList:hover { padding: 1 0; }"
    )


# --- branch filepop ---

from rawp_port import FileCandidate, FileSearch  # noqa: E402 - this branch's block
from reference_crs import file_control  # noqa: E402
from reference_crs.browser.names import display_name  # noqa: E402
from reference_crs.file_control import FileControl, FileTrigger  # noqa: E402
from reference_crs.widgets.file_popup import FilePopup  # noqa: E402


class _FileApp(CrsApp):
    """The reference client with a replaced file popup behaviour (``FILES``) or popup."""

    FILES: type[FileControl] = FileControl
    FILE_POPUP: type[FilePopup] = FilePopup

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.file = self.FILES(self)

    def file_popup(self) -> FilePopup:
        return self.FILE_POPUP(id=self.FILE_POPUP_ID)


def _file_trigger(finder: Any) -> type[FileControl]:
    """A file popup behaviour that finds the `@` word with ``finder(line, row, column)``."""

    class Control(FileControl):
        def trigger(self) -> FileTrigger | None:
            field = self.input
            row, column = field.cursor_location
            return finder(field.document.get_line(row), row, column)

    return Control


def _any_at(line: str, row: int, column: int) -> FileTrigger | None:
    before = line[:column]
    at = before.rfind("@")
    if at < 0 or any(c.isspace() for c in before[at:]):
        return None
    return FileTrigger(row, at, before[at + 1 :])


def _at_after_symbol(line: str, row: int, column: int) -> FileTrigger | None:
    found = _any_at(line, row, column)
    if found is None or (
        found.column and (line[found.column - 1].isalnum() or line[found.column - 1] == ".")
    ):
        return None
    return found


def _at_to_cursor(line: str, row: int, column: int) -> FileTrigger | None:
    before = line[:column]
    at = before.rfind("@")
    if at < 0 or (at and not before[at - 1].isspace()):
        return None
    return FileTrigger(row, at, before[at + 1 :])


@mutant
class AtOnlyAtInputStart(_FileApp):
    """crs-at-trigger-position: `@` opens the popup only as the input's first character."""

    FILES = _file_trigger(
        lambda line, row, column: (
            found
            if (found := file_control.find_file_trigger(line, row, column)) is not None
            and found.column == 0
            and row == 0
            else None
        )
    )


@mutant
class AtInsideWordOpens(_FileApp):
    """crs-at-no-trigger-after-word: any `@`, as in `user@host` or `a.@b`, opens the popup."""

    FILES = _file_trigger(_any_at)


@mutant
class AtOpensOverSlashPopup(_FileApp):
    """crs-at-no-trigger-in-slash-popup: `@` after a symbol opens the popup, even over `/`'s."""

    class FILES(FileControl):
        def trigger(self) -> FileTrigger | None:
            field = self.input
            row, column = field.cursor_location
            return _at_after_symbol(field.document.get_line(row), row, column)

        def slash_open(self) -> bool:
            return False


@mutant
class FilePopupCoversInput(_FileApp):
    """crs-at-popup-overlay: the file popup is drawn over the input instead of against it."""

    CSS = "#file-popup { overlay: screen; }"


@mutant
class FilePopupAtScreenTop(_FileApp):
    """crs-at-popup-near-cursor: the file popup is drawn at the screen top, away from the input."""

    CSS = "#file-popup { dock: top; }"


class _BlankUntilAnswered(FilePopup):
    def open_waiting(self) -> None:
        super().open_waiting()
        self.set_options([])

    def set_loading(self, loading: bool) -> None:
        super().set_loading(loading and bool(self.shown))


@mutant
class FilePopupOpensBlank(_FileApp):
    """crs-at-popup-initial-state: right after `@` the popup is empty, no prompt, no indicator."""

    FILE_POPUP = _BlankUntilAnswered


class _DirectoryAsName(FilePopup):
    @staticmethod
    def _prompt(command: object) -> Content:
        name = display_name(str(slash.attribute(command, "name")))
        directory = display_name(str(slash.attribute(command, "directory")))
        return Content.assemble(name, "  ", directory)


@mutant
class DirectoryNotMuted(_FileApp):
    """crs-at-item-content: the directory is drawn in the name's colour, not muted."""

    FILE_POPUP = _DirectoryAsName


class _IconOnPythonOnly(FilePopup):
    @staticmethod
    def _prompt(command: object) -> Content:
        name = str(slash.attribute(command, "name"))
        if name.endswith(".py"):
            return FilePopup._prompt(command)
        directory = str(slash.attribute(command, "directory"))
        return Content.assemble(name, "  ", (directory, "$text-muted"))


@mutant
class IconsOnSomeItems(_FileApp):
    """crs-at-item-icon-consistent: only Python files carry an icon, the others none."""

    FILE_POPUP = _IconOnPythonOnly


class _NoMatchMarks(FilePopup):
    @staticmethod
    def _prompt(command: object) -> Content:
        return FilePopup._prompt(
            FileCandidate(
                str(slash.attribute(command, "path")),
                str(slash.attribute(command, "name")),
                str(slash.attribute(command, "directory")),
            )
        )


@mutant
class MatchRangesIgnored(_FileApp):
    """crs-at-match-highlight: the matched characters of a name are drawn like the others."""

    FILE_POPUP = _NoMatchMarks


@mutant
class FileItemsTouchEdge(_FileApp):
    """crs-at-item-separation: a candidate's text starts at the popup's inner edge."""

    CSS = "#file-popup > .option-list--option { padding: 0; }"


@mutant
class SearchKeepsTheAt(_FileApp):
    """crs-at-search-request: the search's query is sent with its leading `@`."""

    class FILES(FileControl):
        def search(self, query: str) -> None:
            self.active, self.sent_query = self.next_query_id(), query
            self.popup.set_loading(True)
            self.app.port.send(FileSearch(query_id=self.active, query=f"@{query}"))


class _NoSpinner(FilePopup):
    def set_loading(self, loading: bool) -> None:
        super().set_loading(False)


@mutant
class NoLoadingIndicator(_FileApp):
    """crs-at-loading-indicator: nothing shows that a search is unanswered."""

    FILE_POPUP = _NoSpinner


@mutant
class AnswerForAnyQueryIdShown(_FileApp):
    """crs-at-current-query-only: an answer is drawn whatever its query_id, one never sent too."""

    class FILES(FileControl):
        def accepts(self, query_id: str) -> bool:
            return self.popup.is_open


@mutant
class SameQueryIdForEveryQuery(_FileApp):
    """crs-at-stale-results-ignored: every search carries one query_id, so late answers win."""

    class FILES(FileControl):
        def next_query_id(self) -> str:
            return "file-query"


@mutant
class NoMatchClosesFilePopup(_FileApp):
    """crs-at-no-match-stays-open: an empty answer closes the popup."""

    class FILES(FileControl):
        def answer(self, event: Any) -> None:
            super().answer(event)
            if self.popup.is_open and not self.popup.shown and not self.popup.loading:
                self.close()


@mutant
class FileArrowsIgnored(_FileApp):
    """crs-at-keys-move: ↑/↓ leave the focus on the first candidate."""

    class FILES(FileControl):
        def key(self, key: str) -> bool:
            if key in ("up", "down") and self.popup.is_open:
                return True
            return super().key(key)


@mutant
class SelectionInsertsNothing(_FileApp):
    """crs-at-keys-select: Enter and Tab close the popup without putting the file in the input."""

    class FILES(FileControl):
        def choose(self, candidate: object) -> None:
            self.close()


@mutant
class EscapeDropsTheAtWord(_FileApp):
    """crs-at-keys-escape: Escape closes the popup and deletes the `@query` typed."""

    class FILES(FileControl):
        def key(self, key: str) -> bool:
            found = self.trigger() if key == "escape" and self.popup.is_open else None
            taken = super().key(key)
            if found is not None:
                self.input.replace("", (found.row, found.column), self.input.cursor_location)
            return taken


@mutant
class FilePopupFrozenAfterAnswer(_FileApp):
    """crs-at-keys-typing: once candidates are drawn, typing on sends no new search."""

    class FILES(FileControl):
        def search(self, query: str) -> None:
            if not self.popup.shown:
                super().search(query)


class _ClickIgnoredFile(FilePopup):
    async def _on_click(self, event: Any) -> None:
        event.stop()
        event.prevent_default()


@mutant
class FileClickIgnored(_FileApp):
    """crs-at-popup-shares-slash-rules: a click on a candidate selects nothing."""

    FILE_POPUP = _ClickIgnoredFile


@mutant
class SlashInAtWordOpensCommands(_SlashApp):
    """crs-at-slash-is-path: a `/` inside an `@` word opens the command popup."""

    CONTROL = _with_trigger(
        lambda line, row, column: (
            slash.find_trigger(line, row, column)
            or (
                Trigger(row, at, line[at + 1 : column])
                if (at := line.rfind("/", 0, column)) >= 0
                and "@" in line[:at]
                and not any(c.isspace() for c in line[at:column])
                else None
            )
        )
    )


@mutant
class FilePopupOutlivesItsWord(_FileApp):
    """crs-popups-exclusive: the file popup stays open past a space, under the command popup."""

    class FILES(FileControl):
        def trigger(self) -> FileTrigger | None:
            field = self.input
            row, column = field.cursor_location
            return _at_to_cursor(field.document.get_line(row), row, column)

        def slash_open(self) -> bool:
            return False


# --- branch tokens ---
# §3.4.5 inline file tokens and §3.4.6 sending them: mutants of the reference's input
# (reference_crs/widgets/prompt_input.py, tokens.py) and of CrsApp.prompt_of.

import dataclasses as _dc  # noqa: E402 - this branch's imports stay inside its block
import itertools as _it  # noqa: E402
from collections.abc import Sequence as _Seq  # noqa: E402

from rich.style import Style as _Style  # noqa: E402
from rich.text import Text as _Text  # noqa: E402
from textual.widgets import TextArea as _TextArea  # noqa: E402
from textual.widgets.text_area import Location as _Location  # noqa: E402
from textual.widgets.text_area import Selection as _Selection  # noqa: E402

from rawp_port import FileReference as _FileReference  # noqa: E402
from reference_crs import sending as _sending  # noqa: E402
from reference_crs.widgets import tokens as _tokens  # noqa: E402
from steps.adapter import TokenView as _TokenView  # noqa: E402


def _input_app(name: str, doc: str, field: type[PromptInput]) -> type[CrsApp]:
    """A reference client whose input is ``field``."""

    def prompt_input(self: CrsApp) -> PromptInput:
        return field(placeholder="메시지를 입력하세요", id=self.INPUT_ID)

    return type(
        name, (CrsApp,), {"__doc__": doc, "prompt_input": prompt_input, "__module__": __name__}
    )


def _sending_app(
    name: str,
    doc: str,
    send: Callable[[_Seq[str | _tokens.Token]], tuple[str, _Seq[_FileReference]]],
) -> type[CrsApp]:
    """A reference client whose prompt is built by ``send``."""

    def prompt_of(
        self: CrsApp, nodes: _Seq[str | _tokens.Token]
    ) -> tuple[str, _Seq[_FileReference]]:
        return send(nodes)

    return type(name, (CrsApp,), {"__doc__": doc, "prompt_of": prompt_of, "__module__": __name__})


class _KeepsQuery(PromptInput):
    def insert_file_token(self, start: _Location, end: _Location, path: str) -> _TokenView:
        return super().insert_file_token(end, end, path)


mutant(
    _input_app(
        "TokenKeepsQuery",
        "crs-token-replaces-query: the token is inserted after the @query, which stays.",
        _KeepsQuery,
    )
)


class _PlainToken(PromptInput):
    TOKEN_STYLE = _Style(color="#e6f0ff")


mutant(
    _input_app(
        "TokenOnInputBackground",
        "crs-token-background: the token is drawn on the input's own background.",
        _PlainToken,
    )
)


class _SpaceCaps(PromptInput):
    def get_line(self, line_index: int) -> _Text:
        line = super().get_line(line_index)
        drawn = line.copy()
        drawn.plain = line.plain.replace(_tokens.LEFT_CAP, " ").replace(_tokens.RIGHT_CAP, " ")
        for index, char in enumerate(line.plain):
            if char in (_tokens.LEFT_CAP, _tokens.RIGHT_CAP):
                drawn.stylize(_Style(bgcolor=self.TOKEN_STYLE.bgcolor), index, index + 1)
        return drawn


mutant(
    _input_app(
        "TokenCapsAreSpaces",
        "crs-token-rounded: the token's ends are padding spaces, no distinct cap glyphs.",
        _SpaceCaps,
    )
)


class _WholePathTable(_tokens.TokenTable):
    def new(self, path: str) -> _tokens.Token:
        token = _dc.replace(super().new(path), display_path=path)
        self._tokens[token.marker] = token
        return token


class _WholePath(PromptInput):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tokens = _WholePathTable()


mutant(
    _input_app(
        "TokenShowsWholeLongPath",
        "crs-token-label: a long path is shown whole in the token.",
        _WholePath,
    )
)


class _EnterableToken(PromptInput):
    def _validate_selection(self, selection: _Selection) -> _Selection:
        return _TextArea._validate_selection(self, selection)


mutant(
    _input_app(
        "CursorEntersToken",
        "crs-token-atomic-cursor: the arrow keys walk into the token's characters.",
        _EnterableToken,
    )
)


class _OneStepBackspace(PromptInput):
    def action_delete_left(self) -> None:
        if self.selection.is_empty and (span := self._token_before()) is not None:
            self._two_step(span)
            self._two_step(span)
            return
        super().action_delete_left()


mutant(
    _input_app(
        "BackspaceDeletesTokenAtOnce",
        "crs-token-backspace-two-step: one Backspace after a token deletes it.",
        _OneStepBackspace,
    )
)


class _OneStepDelete(PromptInput):
    def action_delete_right(self) -> None:
        if self.selection.is_empty and (span := self._token_after()) is not None:
            self._two_step(span)
            self._two_step(span)
            return
        super().action_delete_right()


mutant(
    _input_app(
        "DeleteDeletesTokenAtOnce",
        "crs-token-delete-two-step: one Delete before a token deletes it.",
        _OneStepDelete,
    )
)


class _Instant(PromptInput):
    def shrink_tokens(self, removed: list[tuple[int, int, _tokens.Token]], style: _Style) -> None:
        return None


mutant(
    _input_app(
        "TokenRemovedInstantly",
        "crs-token-deletion-not-instant: a deleted token disappears at once.",
        _Instant,
    )
)


class _NoShrink(PromptInput):
    hold = 0.0

    def shrink_tokens(self, removed: list[tuple[int, int, _tokens.Token]], style: _Style) -> None:
        if not removed:
            return
        self.ghost, self._ghost_style = removed[0], style
        self.set_reactive(PromptInput.ghost_width, float(len(removed[0][2].label) + 2))
        self.hold = 0.0
        self.animate("hold", 1.0, duration=self.DELETION_SECONDS, on_complete=self._ghost_gone)


mutant(
    _input_app(
        "TokenVanishesWithoutShrinking",
        "crs-token-deletion-animation: the deleted token stays whole, then vanishes.",
        _NoShrink,
    )
)


class _Jumps(PromptInput):
    def shrink_tokens(self, removed: list[tuple[int, int, _tokens.Token]], style: _Style) -> None:
        super().shrink_tokens(removed, style)
        self.styles.min_height = self.outer_size.height + 2

    def _ghost_gone(self) -> None:
        super()._ghost_gone()
        self.styles.min_height = None


mutant(
    _input_app(
        "DeletionMakesInputJump",
        "crs-token-deletion-no-jump: the input grows by two rows while a token shrinks.",
        _Jumps,
    )
)


class _RangeKeepsTokens(PromptInput):
    def _delete_via_keyboard(self, start: _Location, end: _Location):  # type: ignore[no-untyped-def]
        top, bottom = self._range(start, end)
        kept = "".join(
            node.text
            for node in self.nodes_of(self.get_text_range(top, bottom))
            if isinstance(node, _tokens.Token)
        )
        result = super()._delete_via_keyboard(top, bottom)
        if kept:
            self.insert(kept, top)
        return result


mutant(
    _input_app(
        "RangeDeletionKeepsTokens",
        "crs-token-range-delete: deleting a selected range leaves its tokens in place.",
        _RangeKeepsTokens,
    )
)


class _UndoNewIds(PromptInput):
    _fresh = _it.count(1)

    def undo(self) -> None:
        super().undo()
        for node in self.nodes():
            if isinstance(node, _tokens.Token):
                self.tokens._tokens[node.marker] = _dc.replace(
                    node, ref_id=f"undone-{next(self._fresh)}"
                )


mutant(
    _input_app(
        "UndoLosesRefId",
        "crs-token-undo: Ctrl+Z restores the token's text with a new ref_id.",
        _UndoNewIds,
    )
)


class _SharedIdTable(_tokens.TokenTable):
    def new(self, path: str) -> _tokens.Token:
        token = super().new(path)
        first = next((t for t in self._tokens.values() if t.path == path), token)
        token = _dc.replace(token, ref_id=first.ref_id)
        self._tokens[token.marker] = token
        return token


class _SharedIds(PromptInput):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tokens = _SharedIdTable()


mutant(
    _input_app(
        "SameFileSharesRefId",
        "crs-token-multiple: two tokens of the same file share one ref_id.",
        _SharedIds,
    )
)


def _tokens_as_text(nodes: _Seq[str | _tokens.Token]) -> tuple[str, _Seq[_FileReference]]:
    _, references = _sending.prompt_of(nodes)
    text = "".join(
        "@" + node.path if isinstance(node, _tokens.Token) else _sending.escape_text(node)
        for node in nodes
    )
    return text, references


mutant(
    _sending_app(
        "TokensSentAsText",
        "crs-send-token-format: tokens are sent as @path, not as <@file:ref_id|display_path>.",
        _tokens_as_text,
    )
)


def _unescaped(nodes: _Seq[str | _tokens.Token]) -> tuple[str, _Seq[_FileReference]]:
    _, references = _sending.prompt_of(nodes)
    text = "".join(
        _sending.token_format(node) if isinstance(node, _tokens.Token) else node for node in nodes
    )
    return text, references


mutant(
    _sending_app(
        "TypedTextSentUnescaped",
        "crs-send-text-escaped: typed text is sent without escaping.",
        _unescaped,
    )
)


def _twice(nodes: _Seq[str | _tokens.Token]) -> tuple[str, _Seq[_FileReference]]:
    _, references = _sending.prompt_of(nodes)
    text = "".join(
        _sending.token_format(node)
        if isinstance(node, _tokens.Token)
        else _sending.escape_text(_sending.escape_text(node))
        for node in nodes
    )
    return text, references


mutant(
    _sending_app(
        "TypedTextEscapedTwice",
        "crs-send-text-escaped: typed text is escaped twice.",
        _twice,
    )
)


def _by_label(nodes: _Seq[str | _tokens.Token]) -> tuple[str, _Seq[_FileReference]]:
    text, references = _sending.prompt_of(nodes)
    for node in nodes:
        if isinstance(node, _tokens.Token):
            text = text.replace(" " + node.label, " " + _sending.token_format(node))
    return text, references


mutant(
    _sending_app(
        "LookAlikeSentAsToken",
        "crs-input-tracks-tokens: typed text that reads like a token's label is sent as it.",
        _by_label,
    )
)


def _no_references(nodes: _Seq[str | _tokens.Token]) -> tuple[str, _Seq[_FileReference]]:
    text, _ = _sending.prompt_of(nodes)
    return text, ()


mutant(
    _sending_app(
        "FileReferencesMissing",
        "crs-send-file-references: the prompt carries no file_references.",
        _no_references,
    )
)


# --- branch histtok ---

from rawp_port import FileReference  # noqa: E402
from reference_crs.sent_prompt import FileToken  # noqa: E402
from reference_crs.widgets.user_message import CAPS, TOKEN_STYLE  # noqa: E402
from reference_crs.widgets.user_message import UserMessage as _UserMessage  # noqa: E402

_ANY_PATTERN = re.compile(r"<@file:([^|\n]*)\|([^>\n]*)>")


@mutant
class ForgedTokenDrawn(CrsApp):
    """crs-history-token-validated: every token pattern is drawn as a token, mapped or not."""

    def user_message(self, prompt_text: str, file_references: Any = ()) -> Widget:
        forged = [FileReference(a, b, b) for a, b in _ANY_PATTERN.findall(prompt_text)]
        return _UserMessage(prompt_text, [*forged, *file_references])


@mutant
class HistoryNotUnescaped(CrsApp):
    """crs-history-forged-token-literal: the sent text is shown escaped (`\\\\`, `\\<@` kept)."""

    def user_message(self, prompt_text: str, file_references: Any = ()) -> Widget:
        return _UserMessage(prompt_text.replace("\\", "\\\\"), file_references)


class _PlainToken(_UserMessage):
    def token_content(self, token: FileToken) -> Content:
        return Content(f" {token.label} ")


@mutant
class HistoryTokenUnstyled(CrsApp):
    """crs-history-token-style: a valid token is drawn as its plain label, no token style."""

    def user_message(self, prompt_text: str, file_references: Any = ()) -> Widget:
        return _PlainToken(prompt_text, file_references)


class _FaintToken(_UserMessage):
    def token_content(self, token: FileToken) -> Content:
        faint = "on $primary 6%"
        edge = "$primary 6%"
        return Content.assemble((CAPS[0], edge), (token.label, faint), (CAPS[1], edge))


@mutant
class TokenFaintInBubble(CrsApp):
    """crs-token-contrast-in-bubble: the token's background is barely off the bubble's."""

    def user_message(self, prompt_text: str, file_references: Any = ()) -> Widget:
        return _FaintToken(prompt_text, file_references)


class _BoxedToken(_UserMessage):
    def token_content(self, token: FileToken) -> Content:
        bar = "─" * len(token.label)
        return Content.assemble(f"\n╭{bar}╮\n│", (token.label, TOKEN_STYLE), f"│\n╰{bar}╯\n")


@mutant
class TokenInNestedBox(CrsApp):
    """crs-user-bubble-no-nested-container: each token is drawn in a box of its own."""

    def user_message(self, prompt_text: str, file_references: Any = ()) -> Widget:
        return _BoxedToken(prompt_text, file_references)


@mutant
class TimestampsAlwaysShown(CrsApp):
    """crs-timestamp-hover-preferred: times declared revealed on hover are drawn all the time."""

    CSS = "TimeStamp { visibility: visible; }"


# --- branch grow ---

from reference_crs.offscreen import OffscreenTurns  # noqa: E402


class _NeverShown(OffscreenTurns):
    """Hides items far above the viewport and never draws them again."""

    def _show(self, count: int) -> None:
        return None


@mutant
class HiddenTurnsStayHidden(CrsApp):
    """crs-home-scrolls-to-top: turns hidden far above the viewport never come back on scroll."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.offscreen = _NeverShown(self)


# --- branch burst-keys ---

from collections.abc import Mapping  # noqa: E402


class _EditingKeysAsBindings(PromptInput):
    EDITING_KEYS: Mapping[str, str] = {}  # each key left to TextArea's bindings


@mutant
class EditingKeysAfterBurst(CrsApp):
    """crs-token-atomic-cursor: a burst's ←/→ and Backspace run after the characters typed later."""

    def prompt_input(self) -> PromptInput:
        return _EditingKeysAsBindings(placeholder="메시지를 입력하세요", id=self.INPUT_ID)


# --- page keys in a burst ---


@mutant
class PageKeysLostInBurst(CrsApp):
    """crs-page-keys-scroll: Page Up/Down deferred to the next refresh, so a burst scrolls once."""

    def action_page(self, direction: int) -> None:
        if direction < 0:
            self.conversation.scroll_page_up(animate=False)
        else:
            self.conversation.scroll_page_down(animate=False)


# --- slash commands escaped ---


@mutant
class CommandSentUnescaped(CrsApp):
    """crs-send-text-escaped: a slash command's text is sent as typed, never escaped."""

    def prompt_of(self, nodes: Any) -> Any:
        text, references = super().prompt_of(nodes)
        if all(isinstance(node, str) for node in nodes) and "".join(nodes).startswith("/"):
            return "".join(nodes), references
        return text, references


# --- widths fixed in cells at mount (a resize is not followed) ---


class _FixedWidthMessage(UserMessage):
    def on_mount(self) -> None:
        width = self.app.query_one("#conversation").scrollable_content_region.width
        self.bubble.styles.max_width = max(1, width * 3 // 4)  # cells, as wide as now


@mutant
class BubbleWidthFixedAtMount(CrsApp):
    """crs-user-bubble-max-width: the bubble is limited to 75 % of the width it was sent at."""

    def user_message(self, prompt_text: str, file_references: Any = ()) -> Widget:
        return _FixedWidthMessage(prompt_text, file_references)


class _FixedWidthText(AgentText):
    def on_mount(self) -> None:
        self.styles.width = self.app.query_one("#conversation").scrollable_content_region.width


@mutant
class AgentWidthFixedAtMount(CrsApp):
    """crs-agent-full-width: agent text keeps the width in cells it had when it began."""

    def agent_text(self) -> AgentText:
        return _FixedWidthText()


class _FixedCentreNotice(SystemNoticeItem):
    def on_mount(self) -> None:
        width = self.app.query_one("#conversation").scrollable_content_region.width
        text = str(self.render()).split("\n")[0]
        self.styles.text_align = "left"
        self.styles.padding = (0, 0, 0, max(0, (width - len(text)) // 2))  # centred once


@mutant
class NoticeCentredAtMount(CrsApp):
    """crs-system-centred: a notice is indented to the centre of the width it was shown at."""

    def system_notice(self, text: str, stamp: str) -> Widget:
        return _FixedCentreNotice(text, stamp, hidden=True)


class _StaleHeights(OffscreenTurns):
    """Keeps the hidden items' heights measured at the old width after a resize."""

    def sync(self) -> None:
        self.width = self.app.conversation.size.width  # never "resized": nothing re-measured
        super().sync()


@mutant
class HiddenHeightsStaleAfterResize(CrsApp):
    """crs-page-keys-scroll: after a resize, turns hidden far above keep their old heights."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.offscreen = _StaleHeights(self)


# --- branch break16 ---
# Variants that passed every scenario of their clause before this branch's scenarios.

from textual.actions import SkipAction  # noqa: E402 - this branch's block is kept apart
from textual.widgets import OptionList, SelectionList  # noqa: E402


class _EnterAddsFocused(InteractionPanel):
    """A MULTI_SELECT whose Enter adds the focused option to the toggled ones."""

    def action_enter(self) -> None:
        if self.kind != "MULTI_SELECT":
            return super().action_enter()
        options = self.query_one(SelectionList)
        chosen = set(options.selected) | {options.highlighted} - {None}
        self.answer("selected", [str(self.request.options[i]) for i in sorted(chosen)])


@mutant
class MultiSelectEnterAddsFocused(CrsApp):
    """crs-interaction-keys-multi-select: Enter confirms the focused option with the toggled."""

    def interaction_panel(self, request: InteractionRequested) -> InteractionPanel:
        return _EnterAddsFocused(request, id=self.INTERACTION_ID)


class _EscapeSendsHeld(InteractionPanel):
    """Escape without a default answers what the UI holds (``kinds`` only)."""

    kinds: tuple[str, ...] = ()

    def action_escape(self) -> None:
        if self.kind not in self.kinds or self.request.default_value is not None:
            return super().action_escape()
        if self.kind == "TEXT_INPUT":
            held: str | list[str] | None = self.query_one(Input).value
        elif self.kind == "SELECT":
            index = self.query_one(OptionList).highlighted
            held = None if index is None else str(self.request.options[index])
        else:
            picked = sorted(self.query_one(SelectionList).selected)
            held = [str(self.request.options[index]) for index in picked]
        self.answer("cancelled", held)


def _escape_sends_held(name: str, doc: str, *kinds: str) -> type[CrsApp]:
    """A reference client whose Escape on ``kinds`` without a default sends what is held."""
    panel = type(f"_{name}Panel", (_EscapeSendsHeld,), {"kinds": kinds})

    def interaction_panel(self: CrsApp, request: InteractionRequested) -> InteractionPanel:
        return panel(request, id=self.INTERACTION_ID)

    namespace = {"__doc__": doc, "__module__": __name__, "interaction_panel": interaction_panel}
    return type(name, (CrsApp,), namespace)


TextInputEscapeSendsTyped = mutant(
    _escape_sends_held(
        "TextInputEscapeSendsTyped",
        "crs-interaction-escape-default: Escape on a TEXT_INPUT without a default sends the text.",
        "TEXT_INPUT",
    )
)
SelectEscapeSendsFocused = mutant(
    _escape_sends_held(
        "SelectEscapeSendsFocused",
        "crs-interaction-escape-default: Escape on a SELECT without a default sends its focus.",
        "SELECT",
    )
)
MultiSelectEscapeSendsToggled = mutant(
    _escape_sends_held(
        "MultiSelectEscapeSendsToggled",
        "crs-interaction-escape-default: Escape on a MULTI_SELECT, no default, sends the toggled.",
        "MULTI_SELECT",
    )
)


@mutant
class EscapeInInputCancels(CrsApp):
    """crs-escape-closes-interaction: with the focus in the input, Escape cancels the turn."""

    def action_cancel_turn(self) -> None:
        if self.interaction is not None and not isinstance(self.focused, TextArea):
            self.interaction.action_escape()
        elif self.busy:
            running = list(self.turns)
            self.port.send(PromptCancel(running[-1] if running else None))


@mutant
class TypingReplacesDraft(CrsApp):
    """crs-typing-focuses-input: the first key typed elsewhere replaces the input's draft."""

    def on_key(self, event: events.Key) -> None:
        if not event.is_printable or event.character is None:
            return
        if self.interaction is not None or isinstance(self.focused, TextArea):
            return
        event.prevent_default()  # the reference's own handler is not run as well
        event.stop()
        field = self._input()
        field.focus()
        field.select_all()
        field.insert(event.character)


@mutant
class PageKeysToDraft(CrsApp):
    """crs-page-keys-scroll: with a draft in the input, Page Up/Down move its cursor instead."""

    def action_page(self, direction: int) -> None:
        if isinstance(self.focused, TextArea) and self.focused.text:
            raise SkipAction()
        super().action_page(direction)


class _WaitsForShortPage(LazyHistory):
    """Reads the end of the history from a short page, not from ``remaining``."""

    async def _insert(self, page: HistoryPage) -> None:
        full = len(page.turns) >= self.page_size
        await super()._insert(HistoryPage(page.turns, 1 if full else 0))


@mutant
class TriggerWaitsForShortPage(CrsApp):
    """crs-load-older-exhausted: a last page of exactly N turns leaves the trigger active."""

    __init__ = _with_history(_WaitsForShortPage)


class _RowRemovedAfterView(LazyHistory):
    """Removes the trigger after the view was corrected for the last page."""

    async def _insert(self, page: HistoryPage) -> None:
        last, row = page.remaining <= 0, self.row
        await super()._insert(HistoryPage(page.turns, 1) if last else page)
        if last:
            self.remaining, self.row = 0, None
            if row is not None:
                await row.remove()


@mutant
class LastPageMovesView(CrsApp):
    """crs-load-older-keeps-position: the trigger taken out after the last page moves the view."""

    __init__ = _with_history(_RowRemovedAfterView)


class _FillsViewport(LazyHistory):
    """Loads older pages by itself while the conversation does not fill the viewport."""

    async def _insert(self, page: HistoryPage) -> None:
        await super()._insert(page)
        if self.remaining and self.app.conversation.max_scroll_y <= 0:
            self.app.call_after_refresh(self._load_more)

    def _load_more(self) -> None:
        self.loading = False
        self.load_older()


@mutant
class LoadsUntilViewportFull(CrsApp):
    """crs-lazy-loading: older pages load by themselves until the conversation fills the view."""

    __init__ = _with_history(_FillsViewport)


class _ShowsOldest(OffscreenTurns):
    """Scrolling up draws the oldest hidden turns again, not the ones next to the viewport."""

    def _show(self, count: int) -> None:
        if count <= 0:
            return
        shown = self.hidden[:count]
        del self.hidden[:count]
        del self.heights[:count]
        for widget in shown:
            widget.display = True
        self._resize_spacer()


@mutant
class HiddenTurnsShownOutOfOrder(CrsApp):
    """crs-page-keys-scroll: paging up draws the oldest hidden turns next to the viewport."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.offscreen = _ShowsOldest(self)


# -- terminal input: pastes and typed characters as a terminal sends them ---------------

import unicodedata  # noqa: E402 - this branch's block is kept apart for merging

from textual._xterm_parser import XTermParser  # noqa: E402
from textual.style import Style as _LinkStyle  # noqa: E402


@mutant
class PastedEscapesActAsKeys(CrsApp):
    """crs-input-plain-text: read with Textual's own parser, a pasted ESC sequence acts as keys."""

    TERMINAL_PARSER = XTermParser


class _DropsTypedInvisible(PromptInput):
    """Drops a typed character Python does not count as printable (ZWJ, bidi controls)."""

    async def _on_key(self, event: events.Key) -> None:
        char = event.character
        if (
            char
            and len(char) == 1
            and not char.isprintable()
            and unicodedata.category(char) != "Cc"
        ):
            event.stop()
            event.prevent_default()


@mutant
class TypedJoinerDropped(CrsApp):
    """crs-enter-sends: a typed zero-width joiner or bidi control never reaches the prompt."""

    def prompt_input(self) -> PromptInput:
        return _DropsTypedInvisible(id=self.INPUT_ID)


class _DrawsControlsRaw(PromptInput):
    """Draws the input's control characters as they are: a pasted ESC goes to the terminal."""

    def get_line(self, line_index: int) -> Text:
        return self._token_line(line_index)


@mutant
class InputDrawsRawEscape(CrsApp):
    """crs-input-plain-text: the input draws a pasted ESC raw instead of visibly."""

    def prompt_input(self) -> PromptInput:
        return _DrawsControlsRaw(id=self.INPUT_ID)


def _file_names_linked(text: str) -> Content:
    """The bubble as the reference draws it, each ``name.py``/``.sh``/``.md`` made a link."""
    content = render_user_markdown(text)
    for found in re.finditer(r"\b[\w-]+\.(?:py|sh|md)\b", content.plain):
        link = _LinkStyle(link=f"http://{found.group(0)}", underline=True)
        content = content.stylize(link, found.start(), found.end())
    return content


FileNamesAutolinked = mutant(
    _bubble_app(
        "FileNamesAutolinked",
        "crs-md-autolink: a file name such as main.py is made a web link (linkify's fuzzy TLDs).",
        _file_names_linked,
    )
)


# -- a file name holding a line break, drawn one way -------------------------------------

from reference_crs.widgets.tokens import Token as _Token  # noqa: E402
from reference_crs.widgets.tokens import TokenTable as _TokenTable  # noqa: E402


class _QuestionMarkToken(_Token):
    """A token whose label draws control characters as ``?`` (the popup draws ``␊``)."""

    @property
    def label(self) -> str:
        return "@" + "".join(
            "?" if unicodedata.category(char) in ("Cc", "Cf") else char
            for char in self.display_path
        )


class _QuestionMarkTable(_TokenTable):
    def new(self, path: str) -> _Token:
        made = super().new(path)
        token = _QuestionMarkToken(made.marker, made.ref_id, made.path, made.display_path)
        self._tokens[token.marker] = token
        return token


class _QuestionMarkInput(PromptInput):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tokens = _QuestionMarkTable()


@mutant
class TokenNameDrawnTwoWays(CrsApp):
    """crs-token-label: the input's token draws a line break in a name as ?, the popup as ␊."""

    def prompt_input(self) -> PromptInput:
        return _QuestionMarkInput(id=self.INPUT_ID)


# --- branch claims: Escape before the turn starts (issue 23, item 5) and a client whose
# items are nested in ListView > ListItem rows (examples/crs_part1, item 6) ------------------


@mutant
class TwoCancelsBeforeTurnStart(CrsApp):
    """crs-escape-cancels-turn: Escape before the turn starts cancels at once and at its start."""

    deferred = False

    def action_cancel_turn(self) -> None:
        self.deferred = self.busy and not self.turns
        super().action_cancel_turn()

    async def _turn_started(self, event: TurnStarted) -> None:
        await super()._turn_started(event)
        if self.deferred:
            self.deferred = False
            self.port.send(PromptCancel(event.turn_id))


@mutant
class CancelAfterTurnEnded(CrsApp):
    """crs-escape-idle-does-nothing: Escape before the turn starts cancels once it has ended."""

    deferred = False

    def action_cancel_turn(self) -> None:
        if self.busy and not self.turns:
            self.deferred = True
        else:
            super().action_cancel_turn()

    async def _turn_ended(self, event: TurnEnded) -> None:
        await super()._turn_ended(event)
        if self.deferred:
            self.deferred = False
            self.port.send(PromptCancel(event.turn_id))


class Part1MutantAdapter(CrsPart1Adapter):
    """The part-1 client's adapter (examples/crs_part1), creating a mutant's client instead."""

    def __init__(self, entry: Mutant) -> None:
        """Adapt ``entry``'s client."""
        self.mutant = entry
        self.name = f"mutant {entry.name}"

    def create_client(
        self, port: AgentPort, control: ControlPlane, clock: Clock, settings: ClientSettings
    ) -> App[Any]:
        """Return a fresh client of the mutant, wired as the part-1 client is."""
        return self.mutant.app(port, control, clock, settings)  # type: ignore[arg-type]


class NestedStampsIntermediateBlocks(Part1App):
    """crs-no-timestamp-on-intermediate-blocks: in ListView rows, each agent block gets a time."""

    mutant_adapter = Part1MutantAdapter

    def _add(self, *widgets: Widget) -> None:
        super()._add(*widgets)
        if any(isinstance(widget, (AgentProse, ThoughtBlock, ToolGroup)) for widget in widgets):
            moment = self.clock()
            super()._add(Stamp(when.stamp(moment, moment), "agent"))


register(MUTANTS, NestedStampsIntermediateBlocks)


@mutant
class BurstEditsAfterTyping(CrsApp):
    """crs-typed-keys-in-order: a burst's ←/→, Home and Backspace act after the later characters."""

    def prompt_input(self) -> PromptInput:
        return _EditingKeysAsBindings(placeholder="메시지를 입력하세요", id=self.INPUT_ID)


class _UnpublishedSentAsText(_TextTypePort):
    """Sends a slash command the agent did not publish with input_type text."""

    app: CrsApp | None = None

    def send(self, frame: Any) -> None:
        text = getattr(frame, "prompt_text", "")
        published = self.app is not None and command_of(text, self.app.commands) is not None
        if getattr(frame, "input_type", None) == "slash_command" and not published:
            frame = type(frame)(prompt_text=text, input_type="text")
        self.port.send(frame)


@mutant
class CommandBubbleForTextPrompt(_SlashApp):
    """crs-text-bubble-for-other-input-types: `/unknown x` is sent as text, drawn as a command."""

    def __init__(self, port: AgentPort, *args: Any, **kwargs: Any) -> None:
        wrapped = _UnpublishedSentAsText(port)
        super().__init__(wrapped, *args, **kwargs)  # type: ignore[arg-type]
        wrapped.app = self

    def sent_command(self, text: str) -> str | None:
        words = text[1:].split(maxsplit=1) if text.startswith("/") else []
        return words[0] if words else None


class _MarkStripped(AgentText):
    """Agent text that drops the `==` of `==mark==`, as if its renderer knew the syntax."""

    async def write(self, delta: str) -> None:
        await super().write(delta.replace("==", ""))


@mutant
class MarkSyntaxStripped(CrsApp):
    """crs-markdown-unknown-literal: `==marked==` loses its `==` markers, not shown as written."""

    def agent_text(self) -> AgentText:
        return _MarkStripped()


# --- sharper (issue 24): late answers, capital keys, reopened days, input kinds -----------

from rawp_port import Turn  # noqa: E402 - this branch's block
from reference_crs.history import replay  # noqa: E402


class _TrustsBeforeAllowed(FileBrowserScreen):
    """Takes the allowed directories as unrestricted until the agent's answer arrives."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.allowed_known = True


@mutant
class FbAcceptsBeforeAllowedArrive(_BrowserMutant):
    """crs-fb-manual-prevalidate: before allowed_directories answers, any typed path is taken."""

    SCREEN = _TrustsBeforeAllowed


class _PanelSmallLettersOnly(InteractionPanel):
    """A YN panel that knows the small letters only: Y and N (Shift, Caps Lock) do nothing."""

    def on_key(self, event: events.Key) -> None:
        if event.key in ("Y", "N", "shift+y", "shift+n"):
            event.stop()
            event.prevent_default()
            return
        super().on_key(event)


@mutant
class YnIgnoresCapitals(CrsApp):
    """crs-interaction-keys-yn: a capital Y or N (Shift, Caps Lock) does nothing on a YN request."""

    def interaction_panel(self, request: InteractionRequested) -> InteractionPanel:
        return _PanelSmallLettersOnly(request, id=self.INTERACTION_ID)


class _NoDaysInHistory(LazyHistory):
    """Draws stored turns one after the other, never a date separator among them."""

    async def _replay_days(self, turns: list[Turn], first: Widget | None) -> None:
        for turn in turns:
            await replay(self.app, turn, first)


@mutant
class ReopenedTurnsWithoutDateSeparator(CrsApp):
    """crs-date-separator: reopened turns of different days have no date separator between."""

    __init__ = _with_history(_NoDaysInHistory)


class _UndatedHistory(LazyHistory):
    """Draws the times of stored turns as hours and minutes, whatever their day."""

    async def _replay_days(self, turns: list[Turn], first: Widget | None) -> None:
        await super()._replay_days(turns, first)
        for stamp in self.app.conversation.query(TimeStamp):
            stamp.update(f"{stamp.moment.astimezone():%H:%M}")


@mutant
class ReopenedTimesWithoutDate(CrsApp):
    """crs-timestamp-format: the times of reopened turns of an earlier day show no date."""

    __init__ = _with_history(_UndatedHistory)


class _SendsUnicodeBlank(PromptInput):
    """An input whose blank check knows only ASCII spaces, tabs and line breaks."""

    def submit(self) -> None:
        nodes = tuple(self.nodes())
        text = self.token_text(self.text)
        if not text.strip(" \t\r\n"):
            return
        self.clear()
        self.post_message(self.Submitted(self, text, nodes))


@mutant
class UnicodeBlankSent(CrsApp):
    """crs-blank-not-sent: an input of U+3000, no-break or em spaces only is sent."""

    def prompt_input(self) -> PromptInput:
        return _SendsUnicodeBlank(id=self.INPUT_ID)


def _tilde_fence_as_code(text: str) -> Content:
    """Backtick fences stay as typed; a ``~~~`` fence becomes an inline code span."""
    return render_user_markdown(re.sub(r"~~~\w*\n(.*?)\n~~~", r"`\1`", text, flags=re.S))


TildeFenceRendered = mutant(
    _bubble_app(
        "TildeFenceRendered",
        "crs-md-blocks-not-rendered: a ~~~ fenced block becomes an inline code span.",
        _tilde_fence_as_code,
    )
)


@mutant
class UnknownOutputAsMarkup(CrsApp):
    """crs-unknown-output-type-monospace: a result of unknown type is parsed as console markup."""

    async def _tool_result(self, event: Any) -> None:
        turn = self._turn_for(event.turn_id)
        block = turn.tools.get(event.call_id) if turn is not None else None
        if block is None or event.output_type in ("markdown", "diff"):
            await super()._tool_result(event)
            return
        await block.mount(Static(event.output, classes="tool-output verbatim"))  # markup on


def _ascii_word(line: str, column: int) -> tuple[int, str]:
    """The word ending at ``column``, words split at ASCII spaces, tabs and newlines only."""
    before = line[:column]
    start = max((i + 1 for i, char in enumerate(before) if char in " \t\r\n"), default=0)
    return start, before[start:]


def _slash_after_ascii_space(line: str, row: int, column: int) -> Trigger | None:
    start, word = _ascii_word(line, column)
    return Trigger(row, start, word[1:]) if word.startswith("/") else None


def _at_after_ascii_space(line: str, row: int, column: int) -> FileTrigger | None:
    start, word = _ascii_word(line, column)
    return FileTrigger(row, start, word[1:]) if word.startswith("@") else None


@mutant
class SlashAfterAsciiSpaceOnly(_SlashApp):
    """crs-slash-trigger-position: `/` after an ideographic space (U+3000) opens no popup."""

    CONTROL = _with_trigger(_slash_after_ascii_space)


@mutant
class AtAfterAsciiSpaceOnly(_FileApp):
    """crs-at-trigger-position: `@` after an ideographic space (U+3000) opens no popup."""

    FILES = _file_trigger(_at_after_ascii_space)


@mutant
class UnknownEventSplitsText(CrsApp):
    """crs-ignore-unknown-events: an unknown event ends the text block; the rest starts anew."""

    async def on_crs_app_events_received(self, message: Any) -> None:
        while self._inbox:
            event = self._next_event()
            handler = self._handlers.get(type_name(event) or "")
            if handler is not None:
                await handler(event)
            else:
                for turn in self.turns.values():
                    turn.text = None


_PATTERN_LABEL = re.compile(r"<@file:([^|>]*)\|([^>]*)>")


@mutant
class HistoryTokenPathNotChecked(CrsApp):
    """crs-history-token-validated: a real ref_id with a made-up path is drawn as that path."""

    def user_message(self, prompt_text: str, file_references: Any = ()) -> Widget:
        labels = dict(_PATTERN_LABEL.findall(prompt_text))  # ref_id -> the pattern's label
        trusted = [
            _FileReference(ref.ref_id, ref.path, labels.get(ref.ref_id, ref.display_path))
            for ref in file_references
        ]
        return super().user_message(prompt_text, trusted)


# -- issue 25: what a person meets in a terminal -------------------------------------


@mutant
class PageDownAtEndStopsFollowing(CrsApp):
    """crs-page-keys-scroll: a Page Down at the end stops the view following new messages."""

    def action_page(self, direction: int) -> None:
        conversation = self.conversation
        page = conversation.scrollable_content_region.height
        conversation.scroll_to(
            y=conversation.scroll_y + direction * page, animate=False, immediate=True
        )


@mutant
class FocusLeftOnWorkspaceButton(CrsApp):
    """crs-typing-focuses-input: after the directory dialog the focus stays on its button."""

    def on_session_form_closed(self, message: Any) -> None:
        message.prevent_default()  # the reference's handler gives the focus to the input


@mutant
class TabBurstLeavesFocusBehind(CrsApp):
    """crs-typing-focuses-input: letters typed after Tab in one burst leave the focus elsewhere."""

    def focus_typed_input(self, field: Any) -> None:
        return


@mutant
class RecallDropsFileTokens(CrsApp):
    """crs-history-recall: ↑ recalls a sent message as plain text, its file tokens as `@path`."""

    def recall_entry(self, message: Any) -> str:
        return str(message.text)


@mutant
class ReopenedCommandAsText(CrsApp):
    """crs-command-bubble-for-slash-input-type: a reopened slash command is a text bubble."""

    def replayed_prompt(self, prompt: Any) -> Widget:
        text = str(getattr(prompt, "prompt_text", ""))
        return self.user_message(text, tuple(getattr(prompt, "file_references", ()) or ()))


# -- Escape on later turns and with the focus elsewhere (issue 24, classes 2 and 5) ------


@mutant
class EscapeCancelsOnlyOnce(CrsApp):
    """crs-escape-cancels-turn: Escape cancels the first turn only (a sent flag never reset)."""

    _cancelled_once = False

    def action_cancel_turn(self) -> None:
        if self.interaction is None and self.busy:
            if self._cancelled_once:
                return
            self._cancelled_once = True
        super().action_cancel_turn()


@mutant
class EscapeCancelsOnlyFromInput(CrsApp):
    """crs-escape-cancels-turn: Escape cancels only while the input has the focus."""

    def action_cancel_turn(self) -> None:
        if self.interaction is None and self.focused is not self.query_one(f"#{self.INPUT_ID}"):
            return
        super().action_cancel_turn()


# -- the command popup the second time (issue 24, class 2) -------------------------------

from reference_crs.slash import attribute as _attribute  # noqa: E402 - this branch's block


class _StaleDismissal(SlashControl):
    def sync(self, *, refreshed: bool = False) -> None:
        dismissed = self._dismissed
        super().sync(refreshed=refreshed)
        self._dismissed = self._dismissed or dismissed  # never forgotten once the `/` went
        found = self.trigger()
        if found is not None and (found.row, found.column) == self._dismissed:
            self.popup.close()
            self._prefix = None


@mutant
class SlashStaysDismissed(_SlashApp):
    """crs-slash-popup-opens: after Escape, a new `/` typed where the old one was never opens."""

    CONTROL = _StaleDismissal


class _ResetsFocusOnce(SlashControl):
    _resets = 0

    def sync(self, *, refreshed: bool = False) -> None:
        popup, before = self.popup, self._prefix
        was = popup.focused_command if popup.is_open else None
        super().sync(refreshed=refreshed)
        if was is None or before is None or self._prefix in (None, before):
            return
        self._resets += 1
        if self._resets > 1:
            shown = matching(self.app.commands, self._prefix or "", self.usage)
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


class _KeepsFirstCandidates(FileControl):
    _last: list[object] | None = None
    _stale: list[object] | None = None

    def answer(self, event: Any) -> None:
        if self._stale is not None and self.accepts(str(_attribute(event, "query_id", ""))):
            self.popup.show_candidates(self._stale)  # the list of the popup chosen from, again
            self.awaiting = False
            return
        super().answer(event)
        if self.accepts(str(_attribute(event, "query_id", ""))):
            self._last = list(_attribute(event, "candidates", ()) or ())

    def choose(self, candidate: object) -> None:
        super().choose(candidate)
        self._stale = self._last or []


@mutant
class FilePopupReopensStale(_FileApp):
    """crs-at-current-query-only: the `@` popup opened again lists the first answer again."""

    FILES = _KeepsFirstCandidates


# -- a truncated directory loaded when expanded (issue 24, class 2) ----------------------


class _NoteOnlyInline(FileTree):
    def _add_entries(self, parent: Any, entries: Sequence[Entry], total: int | None) -> None:
        entry = parent.data.entry if parent.data is not None else None
        if entry is not None and entry.children is None:
            total = None  # entries loaded on expanding: the count is not looked at
        super()._add_entries(parent, entries, total)


@mutant
class FbNoteOnlyForInlineChildren(_BrowserMutant):
    """crs-fb-truncation-note: a directory whose entries load on expanding has no note."""

    SCREEN = _screen(TREE=_NoteOnlyInline)


# --- branch clock ---
# Issue 24, class 4: times and date separators where the local date and the UTC date differ,
# across local midnight during a session, and on reopened turns.

from datetime import date as _date  # noqa: E402 - this branch's block is kept apart for merging

from reference_crs.timefmt import stamp_text as _stamp_text  # noqa: E402
from reference_crs.widgets import DateSeparator as _DateSeparator  # noqa: E402


def _stamp_utc_today(moment: datetime, now: datetime) -> str:
    """As the reference writes a time, but "today" is the UTC date of ``now``."""
    local = moment.astimezone()
    if local.date() == now.astimezone(UTC).date():
        return f"{local:%H:%M}"
    return f"{local.month}/{local.day} {local:%H:%M}"


class _UtcTodayHistory(LazyHistory):
    """Writes the times of reopened turns with "today" read as the UTC date of the clock."""

    async def _replay_days(self, turns: list[Turn], first: Widget | None) -> None:
        await super()._replay_days(turns, first)
        now = self.app.clock()
        for stamp in self.app.conversation.query(TimeStamp):
            stamp.update(_stamp_utc_today(stamp.moment, now))


@mutant
class TodayByUtcDate(CrsApp):
    """crs-timestamp-format: "today" is the UTC date (local-day times dated, yesterday's not)."""

    __init__ = _with_history(_UtcTodayHistory)

    def stamp_text(self, moment: datetime) -> str:
        return _stamp_utc_today(moment, moment)


@mutant
class TodayFixedAtStart(CrsApp):
    """crs-timestamp-format: "today" stays the day of the first time drawn (later days dated)."""

    def stamp_text(self, moment: datetime) -> str:
        started: datetime = self.__dict__.setdefault("_started_at", moment)
        return _stamp_text(moment, started)


@mutant
class SeparatorByUtcDate(CrsApp):
    """crs-date-separator: the date separator follows the UTC date, not the local date."""

    async def _date_boundary(self, moment: datetime) -> None:
        day = moment.astimezone(UTC).date()
        if self.last_day is not None and day != self.last_day:
            await self._add(_DateSeparator(moment.astimezone().date()))
        self.last_day = day


@mutant
class SeparatorBeforeEveryLaterTurn(CrsApp):
    """crs-date-separator: every turn of a later day than the first gets a separator of its own."""

    async def _date_boundary(self, moment: datetime) -> None:
        day: _date = moment.astimezone().date()
        first: _date = self.__dict__.setdefault("_first_day", day)
        if day != first:
            await self._add(_DateSeparator(day))
        self.last_day = day


class _UtcHistory(LazyHistory):
    """Writes the times of reopened turns in UTC, as the store holds them."""

    async def _replay_days(self, turns: list[Turn], first: Widget | None) -> None:
        await super()._replay_days(turns, first)
        for stamp in self.app.conversation.query(TimeStamp):
            stamp.update(f"{stamp.moment.astimezone(UTC):%H:%M}")


@mutant
class ReopenedTimesInUtc(CrsApp):
    """crs-timestamp-local-time: the times of reopened turns are drawn in UTC, live ones local."""

    __init__ = _with_history(_UtcHistory)


# Issue 24, class 5: each key rule pressed with the focus away from the input.

from reference_crs.widgets.prompt_input import PromptInput as _PromptInput  # noqa: E402


@mutant
class TypingLostAfterInteraction(CrsApp):
    """crs-typing-focuses-input: keys typed after an interaction UI closed (focus nowhere) lost."""

    async def on_interaction_panel_answered(self, message: InteractionPanel.Answered) -> None:
        message.prevent_default()  # Textual would run the reference's handler next
        self.port.send(message.frame)
        await message.panel.remove()
        self.set_focus(None)  # the focus is not given back to the input
        await self._show_next_request()

    def on_key(self, event: events.Key) -> None:
        if self.focused is None:  # only a focused widget passes typing on to the input
            event.prevent_default()
            event.stop()


@mutant
class PageKeysOnlyInInput(CrsApp):
    """crs-page-keys-scroll: Page Up and Page Down scroll the conversation only from the input."""

    def action_page(self, direction: int) -> None:
        if not isinstance(self.focused, _PromptInput):
            raise SkipAction()
        super().action_page(direction)


@mutant
class EnterOffInputDropsDraft(CrsApp):
    """crs-enter-sends: Enter with the focus off the input clears the draft, sending nothing."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "drop_draft", show=False)]

    def action_drop_draft(self) -> None:
        self.query_one(f"#{self.INPUT_ID}", _PromptInput).clear()


@mutant
class NewlineKeyOffInputSends(CrsApp):
    """crs-shift-enter-newline: Shift+Enter with the focus off the input sends the draft."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("shift+enter", "send_draft", show=False)]

    def action_send_draft(self) -> None:
        self.query_one(f"#{self.INPUT_ID}", _PromptInput).submit()


@mutant
class FocusedConversationSwallowsPageKeys(CrsApp):
    """crs-page-keys-scroll: with the focus on the conversation, Page Up and Down do nothing."""

    def action_page(self, direction: int) -> None:
        if self.focused is self.conversation:
            return  # taken by the conversation's own keys, which do not scroll
        super().action_page(direction)
