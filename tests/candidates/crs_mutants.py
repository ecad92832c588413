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

from rawp_port import AgentPort, ClientSettings, Clock, ControlPlane, PromptCancel
from reference_crs.app import CrsApp
from reference_crs.conformance import ReferenceCrsAdapter
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

    def create_client(
        self, port: AgentPort, control: ControlPlane, clock: Clock, settings: ClientSettings
    ) -> App[Any]:
        """Return a fresh client of the mutant, wired as the reference client is."""
        return self.mutant.app(port, control, clock, settings)  # type: ignore[call-arg]


def __getattr__(name: str) -> CrsMutantAdapter:
    """``crs_mutants.<name>``: the adapter of mutant ``name`` (what ``--adapter`` loads)."""
    if name in MUTANTS:
        return CrsMutantAdapter(MUTANTS[name])
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
    """crs-markdown-unknown-literal: raw HTML in agent text is hidden."""

    def agent_text(self) -> AgentText:
        return _DefaultParserText()


def _bubble_app(name: str, doc: str, render: Callable[[str], Content]) -> type[CrsApp]:
    """A reference client whose user bubble renders its text with ``render``."""

    class Message(UserMessage):
        def compose(self) -> ComposeResult:
            yield Static(render(self.text), classes="bubble")

    def user_message(self: CrsApp, text: str) -> Widget:
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

    def user_message(self, text: str) -> Widget:
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
class NoCancelBeforeTurnStarted(CrsApp):
    """crs-escape-cancels-turn: Escape sends no cancel before the agent's session.turn.start."""

    def action_cancel_turn(self) -> None:
        if self.turns:
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


# --- branch lazy ---
# §2.6 lazy loading of a stored conversation. Each mutant swaps the client's LazyHistory
# (reference_crs/history.py) for a subclass with one defect.

from textual.widgets import Button  # noqa: E402 - this branch's block

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
