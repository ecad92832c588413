"""Building blocks shared by the mutants of several spec areas."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.content import Content, Span
from textual.widget import Widget
from textual.widgets import Static

from reference_crs.app import CrsApp
from reference_crs.browser.dialog import FileBrowserScreen
from reference_crs.file_control import FileControl
from reference_crs.slash import Trigger
from reference_crs.slash_control import SlashControl
from reference_crs.user_markdown import CODE_STYLE, render_user_markdown
from reference_crs.widgets import (
    PromptInput,
    SlashPopup,
    UserMessage,
)
from reference_crs.widgets.composer import Composer
from reference_crs.widgets.file_popup import FilePopup
from reference_crs.widgets.session_form import SessionForm
from tests.candidates.crs_mutants._registry import mutant


def _styled_app(name: str, doc: str, css: str) -> type[CrsApp]:
    """A reference client with ``css`` appended to its stylesheet."""
    return type(name, (CrsApp,), {"__doc__": doc, "CSS": css, "__module__": __name__})


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


class _SlashApp(CrsApp):
    """The reference client with a replaced popup behaviour (``CONTROL``) or popup (``POPUP``)."""

    CONTROL: type[SlashControl] = SlashControl
    POPUP: type[SlashPopup] = SlashPopup

    def new_composer(self) -> Composer:
        seams = {"SLASH_CONTROL": self.CONTROL}
        composer: type[Composer] = type("BrokenComposer", (self.COMPOSER,), seams)
        return composer(
            self.prompt_input(), self.slash_popup(), self.file_popup(), id=self.COMPOSER_ID
        )

    def slash_popup(self) -> SlashPopup:
        return self.POPUP(id="slash-popup")


def _composer_without(attribute: str) -> type[Composer]:
    """A composer that drives its popup ``attribute`` but leaves drawing it to the app."""

    class Apart(Composer):
        def compose(self) -> ComposeResult:
            elsewhere = getattr(self, attribute)
            yield from (child for child in super().compose() if child is not elsewhere)

    return Apart


def _with_trigger(finder: Callable[[str, int, int], Trigger | None]) -> type[SlashControl]:
    """A popup behaviour that finds the `/` token with ``finder``."""

    class Control(SlashControl):
        def trigger(self) -> Trigger | None:
            field = self.input
            row, column = field.cursor_location
            return finder(field.document.get_line(row), row, column)

    return Control


def _screen(
    base: type[FileBrowserScreen] = FileBrowserScreen, **attributes: Any
) -> type[FileBrowserScreen]:
    """A subclass of the dialog with ``attributes`` (``TREE=...``, ``BREADCRUMB=...``) set."""
    return type("BrokenBrowser", (base,), attributes)


class _BrowserMutant(CrsApp):
    """The reference client, opening the dialog class ``SCREEN`` instead of the reference one."""

    SCREEN: ClassVar[type[FileBrowserScreen]] = FileBrowserScreen

    def session_form(self, node_id: str, agent_id: str) -> SessionForm:
        form: type[SessionForm] = type("BrokenForm", (self.SESSION_FORM,), {"BROWSER": self.SCREEN})
        return form(self.control, node_id, agent_id, id="session-form")


class _FileApp(CrsApp):
    """The reference client with a replaced file popup behaviour (``FILES``) or popup."""

    FILES: type[FileControl] = FileControl
    FILE_POPUP: type[FilePopup] = FilePopup

    def new_composer(self) -> Composer:
        seams = {"FILE_CONTROL": self.FILES}
        composer: type[Composer] = type("BrokenComposer", (self.COMPOSER,), seams)
        return composer(
            self.prompt_input(), self.slash_popup(), self.file_popup(), id=self.COMPOSER_ID
        )

    def file_popup(self) -> FilePopup:
        return self.FILE_POPUP(id=self.FILE_POPUP_ID)


class _EditingKeysAsBindings(PromptInput):
    EDITING_KEYS: Mapping[str, str] = {}  # each key left to TextArea's bindings


def _ascii_word(line: str, column: int) -> tuple[int, str]:
    """The word ending at ``column``, words split at ASCII spaces, tabs and newlines only."""
    before = line[:column]
    start = max((i + 1 for i, char in enumerate(before) if char in " \t\r\n"), default=0)
    return start, before[start:]
