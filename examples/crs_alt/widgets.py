"""The widgets of the alternative client: one small class per kind of conversation item."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import ClassVar

from markdown_it import MarkdownIt
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.markdown import Heading, Markdown
from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.geometry import Size
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static, TextArea

from examples.crs_alt import ref_tokens
from examples.crs_alt.bubble_markdown import BubbleBody, InlineStyles, parse, visible


class _LeftHeading(Heading):
    """Rich's heading, left-aligned at every level (a centred title would read as a notice)."""

    LEVEL_ALIGN: ClassVar = dict.fromkeys(("h1", "h2", "h3", "h4", "h5", "h6"), "left")


class AgentMarkdown(Markdown):
    """Rich's ``Markdown`` with raw HTML kept as text (``crs-markdown-unknown-literal``).

    Rich's own parser has markdown-it's ``html`` option on and then drops the HTML tokens;
    with it off they are plain text, shown as typed (design §9, decision 9).
    """

    elements: ClassVar = {**Markdown.elements, "heading_open": _LeftHeading}

    def __init__(self, markup: str) -> None:
        """Parse ``markup`` (already free of control characters)."""
        super().__init__(markup, hyperlinks=True)
        parser = MarkdownIt("commonmark", {"html": False}).enable(["strikethrough", "table"])
        self.parsed = parser.parse(markup)


class AgentProse(Widget):
    """A block of the agent's streamed markdown: no bubble, the full width.

    Text deltas are appended to a list of chunks. Rich draws the markdown once per text and
    width, however many deltas came since and however often Textual asks: the rows are
    served as strips through Textual's line API (:meth:`render_line`), and :meth:`render`
    returns the same rows for readers of the widget's text.
    """

    DEFAULT_CSS = """
    AgentProse { height: auto; }
    """

    def __init__(self, *, name: str | None = None, id: str | None = None) -> None:
        """Create an empty block."""
        super().__init__(name=name, id=id)
        self._chunks: list[str] = []
        self._drawn: dict[int, list[list[Segment]]] = {}
        """Lines drawn of the current text, by width (the screen's, and a reader's)."""
        self._rows: dict[int, list[Strip]] = {}
        """The same lines as strips, by width."""

    @property
    def source(self) -> str:
        """The markdown received so far."""
        if len(self._chunks) > 1:
            self._chunks[:] = ["".join(self._chunks)]
        return self._chunks[0] if self._chunks else ""

    def add(self, delta: str) -> None:
        """Append a text delta and ask for a redraw."""
        self._chunks.append(delta)
        self._drawn.clear()
        self._rows.clear()
        self.refresh(layout=True)

    def render(self) -> RenderableType:
        """The markdown as Rich draws it (for readers of the widget's text)."""
        return _Drawn(self)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many rows as the markdown takes at ``width``."""
        return len(self._strips(width))

    def render_line(self, y: int) -> Strip:
        """Row ``y`` of the drawn markdown (Textual's line API: no re-render per refresh)."""
        strips = self._strips(self.content_size.width)
        return strips[y] if y < len(strips) else Strip.blank(self.content_size.width)

    def _strips(self, width: int) -> list[Strip]:
        """The drawn rows at ``width`` as strips, in the widget's own colours."""
        if width not in self._rows:
            console = self.app.console
            options = console.options.update_width(max(1, width))
            style = self.rich_style
            self._rows[width] = [
                Strip(Segment.apply_style(line, style)).extend_cell_length(width, style)
                for line in self.lines_at(console, options)
            ]
        return self._rows[width]

    def lines_at(self, console: Console, options: ConsoleOptions) -> list[list[Segment]]:
        """Draw (or reuse) the markdown's lines at ``options.max_width``."""
        width = options.max_width
        if width not in self._drawn:
            markdown = AgentMarkdown(visible(self.source))
            self._drawn[width] = console.render_lines(markdown, options, pad=False)
        return self._drawn[width]


class _Drawn:
    """The renderable :meth:`AgentProse.render` returns: the owner's cached lines."""

    def __init__(self, owner: AgentProse) -> None:
        self.owner = owner

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.owner.lines_at(console, options):
            yield from line
            yield Segment.line()


class ThoughtBlock(Static):
    """The agent's thinking: consecutive deltas in one dim, italic block."""

    def __init__(self) -> None:
        """Create an empty block."""
        super().__init__("", markup=False)
        self.thought = ""
        """The thinking received so far."""

    def add(self, delta: str) -> None:
        """Append a thinking delta."""
        self.thought += delta
        self.update(Text("✻ ") + Text(visible(self.thought)))


class ToolHeader(Static):
    """One line naming the tool and its arguments."""

    def __init__(self, tool: str, arguments: Mapping[str, object]) -> None:
        """Create the header of a call of ``tool``."""
        shown = ", ".join(
            f"{key}={json.dumps(value, ensure_ascii=False, default=str)}"
            for key, value in arguments.items()
        )
        super().__init__(Text(visible(f"▸ {tool}({shown})")), markup=False)


class ToolOutput(Static):
    """A tool result: ``markdown`` rendered, every other type drawn verbatim (spaces kept)."""

    def __init__(self, output_type: str, output: str) -> None:
        """Create the result block."""
        body: RenderableType = (
            AgentMarkdown(visible(output)) if output_type == "markdown" else Text(visible(output))
        )
        super().__init__(body, markup=False)
        self.output_type = output_type
        """The result's ``output_type``."""


class ToolGroup(Vertical):
    """A tool call with its result mounted right under it (design §9, decision 5)."""

    DEFAULT_CSS = """
    ToolGroup { height: auto; }
    """

    def __init__(self, first: ToolHeader | ToolOutput) -> None:
        """Create the group of a call (or of a result whose call is unknown)."""
        super().__init__()
        self._parts: list[Widget] = [first]
        self._composed = False

    def compose(self) -> ComposeResult:
        """The header, then any result that came before the group was composed."""
        yield from self._parts
        self._composed = True

    def show(self, output: ToolOutput) -> None:
        """Put ``output`` under what the group holds already."""
        if self._composed:
            self.mount(output)
        else:
            self._parts.append(output)


class UserBubble(Widget):
    """The user's text with its markdown subset, drawn by :meth:`render` (004 §3.1)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"bubble--code", "bubble--link", "bubble--token"}
    """Styles of inline code, links and file tokens, from the app's CSS (theme variables)."""

    def __init__(self, text: str, file_references: Sequence[object] = ()) -> None:
        """Create the bubble of a prompt as sent: ``text`` and its ``file_references``."""
        super().__init__()
        self.text = text
        """The prompt text as sent."""
        self.pieces = ref_tokens.split(text, file_references)
        """Its text runs and valid file tokens (``crs-history-token-validated``)."""

    def render(self) -> RenderableType:
        """The parsed rows, with the theme's styles for code and links."""
        styles = InlineStyles(
            code=self.get_component_rich_style("bubble--code", partial=True),
            link=self.get_component_rich_style("bubble--link", partial=True),
        )
        token = self.get_component_rich_style("bubble--token", partial=True)
        source, inserts = ref_tokens.stand_ins(self.pieces, token)
        return BubbleBody(parse(source, styles, inserts))


class UserRow(Horizontal):
    """A row: an empty spacer that takes the free width, then the bubble on the right."""

    def __init__(self, text: str, file_references: Sequence[object] = ()) -> None:
        """Create the row of one user message, as sent."""
        super().__init__()
        self.bubble = UserBubble(text, file_references)
        """The bubble."""

    def compose(self) -> ComposeResult:
        """The spacer, then the bubble."""
        yield Static(classes="spacer")
        yield self.bubble


class Stamp(Static):
    """A time at a turn boundary or under a notice; classes ``-user``/``-agent``/``-system``."""

    def __init__(self, text: str, owner: str) -> None:
        """Create a stamp belonging to ``owner`` (``user``, ``agent`` or ``system``)."""
        super().__init__(text, markup=False, classes=f"-{owner}")
        self.owner = owner
        """Whose boundary it marks."""


class NoticeText(Static):
    """The whole text of a system notice (``crs-system-content-complete``)."""


class NoticeRow(Horizontal):
    """A row whose content is centred by the row's own ``align-horizontal``."""

    def __init__(self, text: str) -> None:
        """Create the row of one notice."""
        super().__init__()
        self.notice = NoticeText(Text(visible(text)), markup=False)
        """The notice."""

    def compose(self) -> ComposeResult:
        """The notice alone."""
        yield self.notice


class DaySeparator(Static):
    """``── 2025년 3월 11일 ──`` where the local date changes (``crs-date-separator``)."""


PICTURES = str.maketrans(
    {chr(code): chr(0x2400 + code) for code in range(0x20) if code != 0x09}
    | {"\x7f": "\u2421"}
    | {chr(code): "\ufffd" for code in range(0x80, 0xA0)}
)
"""C0 controls but Tab (``TextArea`` expands it) and DEL as their Control Pictures, C1
controls as U+FFFD."""


def is_typed_text(char: str | None) -> bool:
    """Whether a key's ``char`` is text to insert: one code point, neither C0, DEL nor C1."""
    return (
        char is not None
        and len(char) == 1
        and not (ord(char) < 0x20 or 0x7F <= ord(char) < 0xA0 or 0xD800 <= ord(char) < 0xE000)
    )


class Composer(TextArea):
    """The multi-line plain-text input (``crs-input-plain-text``).

    Enter is handled in :meth:`_on_key` and the text handed to ``on_send`` before the next
    key is handled, so keys typed right after Enter land in the next message. Shift+Enter
    and Ctrl+J insert a line break (``crs-shift-enter-newline``).
    """

    NEWLINE_KEYS: ClassVar[tuple[str, ...]] = ("shift+enter", "ctrl+j")
    """Keys that insert a line break. Shift+Enter reaches the app only where the terminal
    reports it (the kitty keyboard protocol); Ctrl+J is a line feed in every terminal. Not
    Alt+Enter: tmux sends it as ESC CR, which Textual reads as a plain Enter."""

    def __init__(self, on_send: Callable[[str], None], *, id: str | None = None) -> None:
        """Create the input; ``on_send`` receives every non-blank text sent."""
        super().__init__(
            soft_wrap=True,
            tab_behavior="focus",
            show_line_numbers=False,
            highlight_cursor_line=False,
            placeholder="Write to the agent",
            id=id,
        )
        self._on_send = on_send

    async def _on_key(self, event: events.Key) -> None:
        if is_typed_text(event.character) and not event.is_printable:
            event.stop()  # a ZWJ, a bidi control, a no-break space: TextArea would drop it
            event.prevent_default()
            self.insert(event.character or "")
            return
        if event.key not in ("enter", *self.NEWLINE_KEYS):
            return  # TextArea._on_key, next in the MRO, types it
        event.stop()
        event.prevent_default()
        if event.key != "enter":
            self.insert("\n")
            return
        text = self.text
        if text.strip():  # a blank input is not sent (crs-blank-not-sent)
            self.clear()
            self._on_send(text)

    async def _on_paste(self, event: events.Paste) -> None:
        event.stop()  # TextArea._on_paste, next in the MRO, inserts it; it goes no further

    def get_line(self, line_index: int) -> Text:
        """Row ``line_index``, each control character drawn as a picture (``ESC`` as ``␛``)."""
        line = super().get_line(line_index)
        plain = line.plain
        shown_plain = plain.translate(PICTURES)
        if shown_plain == plain:
            return line
        shown = Text(shown_plain, style=line.style, end=line.end)
        shown.spans = list(line.spans)
        return shown
