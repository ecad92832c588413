"""Mutants of the reference RAWP-CRS client: each breaks one clause of profile ``rawp_crs``.

Like ``tests/candidates/mutants.py`` for profile ``chat_screen``: each mutant is the
reference client (:class:`reference_crs.app.CrsApp`) with one realistic defect, and its
one-line docstring reads ``<clause id>: <defect>``. ``tests/test_mutants.py`` runs the
scenarios citing that clause against it and requires one of them to fail, in every run.

Run one with ``pytest features --adapter tests.candidates.crs_mutants:<name>``.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, ClassVar

from textual import events
from textual.app import App
from textual.binding import Binding, BindingType
from textual.widget import Widget

from rawp_port import (
    AgentPort,
    ClientSettings,
    Clock,
    ControlPlane,
    InteractionRequested,
    PromptCancel,
)
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
from reference_crs.widgets.interaction import InteractionPanel
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


# --- branch interact ---------------------------------------------------------------------
# §2.3 hover, §2.5.2 Escape with an interaction UI, §2.5.3 interaction keys.


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
