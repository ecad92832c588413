"""A block of the agent's markdown text, streamed through ``MarkdownStream``.

Long text is cut into segments (issue 25 item 10). Textual's ``Markdown.append`` parses the
document again from the start of its last top-level block and lays that block out whole, so
one paragraph of 10,000 lines costs more with every delta. :class:`AgentText` ends a
segment once the last block holds :data:`SEGMENT_LINES` lines, at a line boundary where
cutting the source in two changes nothing the parser sees but the wrap (:func:`splits`):
the block before the cut keeps its rows and is not parsed again, the block after it is drawn
as its continuation (``-continues`` / ``-continued`` in ``app.tcss``: no margin between).
A text that arrives whole (a reopened turn) of more than :data:`LAZY_LINES` lines is drawn
from its end: the rows above are a :class:`PendingRows` placeholder of the estimated height,
replaced a segment at a time as the view nears it, the view kept on what it shows.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from markdown_it import MarkdownIt
from markdown_it.token import Token
from textual import events
from textual.await_complete import AwaitComplete
from textual.errors import NoWidget
from textual.widget import Widget
from textual.widgets import Markdown
from textual.widgets.markdown import MarkdownBlock

from reference_crs.pacing import PacedStream, StreamPacing
from reference_crs.textual_private import (
    last_parsed_line,
    parse_blocks,
    parser_factory,
    refresh_layout_now,
    set_source,
    skip_initial_draw,
    update_block,
)
from reference_crs.user_markdown import visible

SEGMENT_LINES = 100
"""Lines of source after which the last block is cut in two, where it can be."""
MAX_CUT_LINES = 4 * SEGMENT_LINES
"""A last block longer than this (a huge delta at once) is left whole, as Textual leaves it."""
LAZY_LINES = 400
"""Lines beyond which a text that arrives whole is drawn lazily, from its end."""
FIRST_LINES = 60
"""Lines of such a text drawn at first: more than a screen and a half, usually (the
bubble's :data:`~reference_crs.widgets.user_message.FIRST_LINES` too)."""
WINDOW = 12
"""Lines either side of a cut parsed to check it, when the text arrives whole."""
SETTLE = 0.3
"""Seconds after mount before the placeholder is first checked: a reopened conversation
has scrolled to its end by then, so the rows above are not drawn for a view at its top."""
_WRAPPERS = {"paragraph_open", "paragraph_close", "blockquote_open", "blockquote_close"}
"""The block tokens a cut may go through: a paragraph, alone or in block quotes."""
_FENCE = re.compile(r"^(?:[ \t]{0,3}>)*[ \t]{0,3}(`{3,}|~{3,})")
_OPENER = re.compile(r"[`*~]|(?:^|\W)_")
"""Inline syntax that a later line could still close (code, emphasis); a link's label is
open while a ``[`` has no ``]`` after it."""


def agent_parser() -> MarkdownIt:
    """Return the agent text parser: GitHub-like markdown with raw HTML kept as text.

    Textual's ``Markdown`` drops HTML tokens; with ``html`` off they stay text and are shown
    as their source, as 004 §1.4 ¶2 asks of syntax the renderer does not support
    (``crs-markdown-unknown-literal``).
    """
    return MarkdownIt("gfm-like", {"html": False})


def _shape(tokens: Sequence[Token]) -> tuple[list[tuple[str, int, str]], Token] | None:
    """The wrapper tokens of one paragraph (in quotes) and its inline token; else ``None``."""
    inline = [token for token in tokens if token.type == "inline"]
    wrappers = [
        (token.type, token.level, token.markup) for token in tokens if token.type != "inline"
    ]
    if len(inline) != 1 or any(kind not in _WRAPPERS for kind, _, _ in wrappers):
        return None
    return wrappers, inline[0]


def _key(token: Token) -> tuple[object, ...]:
    return (
        token.type,
        token.tag,
        token.content,
        token.level,
        token.markup,
        sorted(token.attrs.items()),
    )


def split_tokens(
    parser: MarkdownIt, before: str, after: str
) -> tuple[list[Token], list[Token]] | None:
    """The tokens of ``before`` and ``after`` if the text can be cut between them (:func:`splits`).

    ``None`` when it cannot. The halves' tokens are returned so that a caller drawing them
    does not parse them again.
    """
    tokens_before = parser.parse(before)
    first = _shape(tokens_before)
    if first is None or _open_syntax(first[1].children or []):
        return None
    tokens_after = parser.parse(after)
    whole, second = _shape(parser.parse(before + after)), _shape(tokens_after)
    if whole is None or second is None or not whole[0] == first[0] == second[0]:
        return None
    children = whole[1].children or []
    left, right = first[1].children or [], second[1].children or []
    if len(children) != len(left) + 1 + len(right):
        return None
    joint = children[len(left)]
    if joint.type != "softbreak" or joint.level != 0:
        return None
    pairs = zip(children, [*left, joint, *right], strict=True)
    if not all(_key(a) == _key(b) for a, b in pairs):
        return None
    return tokens_before, tokens_after


def splits(parser: MarkdownIt, before: str, after: str) -> bool:
    """Whether ``before + after`` parses as ``before`` and ``after`` joined by a soft break.

    Both must be one paragraph (possibly in block quotes), with the same wrappers as the
    whole, whose inline children are those of the two halves with one top-level soft break
    between; and ``before`` must hold no inline syntax a later line could still close
    (:data:`_OPENER`). Then drawing the halves as two blocks, the second continuing the
    first, changes only where the rows wrap at the cut.
    """
    return split_tokens(parser, before, after) is not None


def _open_syntax(children: Sequence[Token]) -> bool:
    """Whether literal text in ``children`` could still open what a later line closes."""
    text = "".join(token.content for token in children if token.type == "text")
    return bool(_OPENER.search(text)) or text.rfind("[") > text.rfind("]")


def fenced(lines: Sequence[str]) -> list[bool]:
    """For each of ``lines``, whether it is in a fenced code block or is a fence (a line scan).

    Lines holding no fence character at all are none (a scan of 10,000 lines is skipped).
    """
    if not any("`" in line or "~" in line for line in lines):
        return [False] * len(lines)
    fence, inside = "", []
    for line in lines:
        found = _FENCE.match(line)
        marker = found.group(1) if found else ""
        if not fence:
            fence = marker
            inside.append(bool(fence))
            continue
        inside.append(True)
        if marker[:1] == fence[0] and len(marker) >= len(fence):
            fence = ""  # the closing fence
    return inside


class PendingRows(Widget):
    """Blank rows standing for the start of a long text not drawn yet (not an item)."""

    DEFAULT_CSS = """
    PendingRows {
        height: 0;
        margin: 0;
    }
    """

    def render(self) -> str:
        """Nothing: the rows are blank until drawn."""
        return ""


class AgentText(Markdown):
    """Agent markdown at the conversation's full width, with no bubble (``crs-agent-*``)."""

    def __init__(
        self,
        markdown: str = "",
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
        disabled: bool = False,
    ) -> None:
        """Create the block.

        Args:
            markdown: Initial markdown.
            name: The widget's name.
            id: The widget's id.
            classes: Space-separated CSS classes.
            disabled: Whether it starts disabled.
        """
        shown = visible(markdown)
        self._made: tuple[object, MarkdownIt] | None = None
        super().__init__(shown, name=name, id=id, classes=classes, parser_factory=agent_parser)
        self.disabled = disabled
        self._stream: PacedStream | None = None
        self.received = markdown
        """The markdown received so far."""
        self._tail: str | None = None if markdown else ""
        """The source from the start of the last block drawn (parsed again on append);
        ``None``: not yet taken from the initial text."""
        self._queued = ""
        """Text appended, not yet taken into the tail (appends run one at a time)."""
        self._continued = False
        """Whether the last block continues a block cut before it."""
        self._pending: list[str] = []
        """Lines at the start not drawn yet (a lazily drawn text)."""
        self._pending_continues = False
        """Whether the first block drawn continues the pending lines' last block."""
        self._rows: PendingRows | None = None
        self._drawing = False
        """Whether a segment of the pending lines is being drawn."""
        lines = shown.splitlines(keepends=True)
        self._fenced = fenced(lines) if len(lines) > LAZY_LINES else []
        """For each line of a long initial text, whether a fenced code block holds it."""
        self._lazy_at = self._lazy_cut(lines, len(lines), FIRST_LINES) if self._fenced else None
        """Where the initial text's drawn end begins, if it is drawn lazily."""
        if self._lazy_at is not None:
            skip_initial_draw(self)  # Textual's mount draws nothing; _draw_lazily does
            self._pending = lines

    def _parser(self) -> MarkdownIt:
        """The block's parser (made once: making one costs more than parsing a segment)."""
        factory = parser_factory(self)
        if self._made is None or self._made[0] is not factory:
            self._made = (factory, MarkdownIt("gfm-like") if factory is None else factory())
        return self._made[1]

    async def write(self, delta: str) -> None:
        """Append a text delta: drawn as soon as it can be, unless the user's typing competes.

        (:class:`~reference_crs.pacing.PacedStream`: Textual's ``MarkdownStream``, which
        yields to the user's keys when the app's pacing says so.)
        """
        self.received += delta
        if self._stream is None:
            pacing = getattr(self.app, "pacing", None)
            self._stream = PacedStream(
                self.append, pacing if isinstance(pacing, StreamPacing) else StreamPacing()
            )
            self._stream.start(self.call_after_refresh)
        await self._stream.write(visible(delta))

    async def finish(self) -> None:
        """Stop streaming: every delta written is drawn."""
        if self._stream is not None:
            stream, self._stream = self._stream, None
            await stream.stop()

    # appending

    def append(self, markdown: str) -> AwaitComplete:
        """Append ``markdown``: only the last segment is parsed and drawn again.

        Textual's ``Markdown.append``, with the document's source kept from the start of
        the last block only, cut in two once that block is :data:`SEGMENT_LINES` long.
        """
        set_source(self, self.source + markdown)
        self._queued += markdown
        return AwaitComplete(self._append())

    async def _append(self) -> None:
        async with self.lock:  # an append may start while another runs (a stream's stop)
            if self._tail is None:  # the first append to an initial text
                lines = self.source[: len(self.source) - len(self._queued)].splitlines(True)
                self._tail = "".join(lines[last_parsed_line(self) :])
            self._tail, self._queued = self._tail + self._queued, ""
            parser = self._parser()
            if await self._tail_drawn_by_cut(parser):
                return  # the last block grew long and was cut: drawn from the cut's parses
            tokens = parser.parse(self._tail)
            new = parse_blocks(self, tokens)
            with self.app.batch_update():
                await self._replace_last(new)
            starts = [
                token.map[0] for token in tokens if token.map is not None and token.level == 0
            ]
            if starts and starts[-1]:
                self._tail = "".join(self._tail.splitlines(keepends=True)[starts[-1] :])
                self._continued = False
            await self._cut(parser)

    async def _replace_last(self, new: list[MarkdownBlock]) -> None:
        """Draw ``new``, the blocks of the tail: the first updates the last block drawn."""
        if not new:
            return
        if self._continued:
            new[0].add_class("-continued")
        existing = [child for child in self.children if isinstance(child, MarkdownBlock)]
        if existing:
            try:
                await update_block(existing[-1], new[0])
            except IndexError:
                pass
            else:
                new = new[1:]
        if new:
            await self.mount_all(new)

    def _cut_point(self) -> tuple[str, str] | None:
        """The tail cut before its last whole line, if it is long enough to be cut."""
        tail = self._tail or ""
        lines = tail.splitlines(keepends=True)
        at = len(lines) - (1 if tail.endswith("\n") else 2)
        if not SEGMENT_LINES <= at <= MAX_CUT_LINES:
            return None  # short; or one huge delta, which a check would parse three times more
        return "".join(lines[:at]), "".join(lines[at:])

    async def _tail_drawn_by_cut(self, parser: MarkdownIt) -> bool:
        """Cut the tail, still the last block alone, where it has grown long: draw both halves.

        The common case of a long streamed paragraph (or block quote): the cut's own three
        parses draw it, rather than a parse of the whole tail first and the cut's after it.
        Whether it did.
        """
        drawn = any(isinstance(child, MarkdownBlock) for child in self.children)
        point = self._cut_point() if drawn else None
        parsed = None if point is None else split_tokens(parser, *point)
        if point is None or parsed is None:
            return False
        await self._draw_cut(parse_blocks(self, parsed[0]), parse_blocks(self, parsed[1]))
        self._tail, self._continued = point[1], True
        return True

    async def _cut(self, parser: MarkdownIt) -> None:
        """End the segment before the last whole line of the tail, if it is long and can be."""
        point = self._cut_point()
        parsed = None if point is None else split_tokens(parser, *point)
        if point is None or parsed is None:
            return
        await self._draw_cut(parse_blocks(self, parsed[0]), parse_blocks(self, parsed[1]))
        self._tail, self._continued = point[1], True

    async def _draw_cut(self, first: list[MarkdownBlock], second: list[MarkdownBlock]) -> None:
        """The last block drawn becomes ``first``'s, ended at the cut; ``second`` continues it."""
        first[-1].add_class("-continues")
        second[0].add_class("-continued")
        last = [child for child in self.children if isinstance(child, MarkdownBlock)][-1]
        with self.app.batch_update():
            if self._continued:
                first[-1].add_class("-continued")
            await update_block(last, first[-1])
            last.add_class("-continues")
            await self.mount_all(second)

    # a text that arrives whole

    async def _on_mount(self, event: events.Mount) -> None:  # type: ignore[override]
        if self._lazy_at is not None:
            self.call_later(self._draw_lazily, self._lazy_at)

    async def _draw_lazily(self, at: int) -> None:
        """Draw the initial text's end from line ``abs(at)``; the rest waits in the placeholder."""
        async with self.lock:
            set_source(self, "".join(self._pending))
            self._rows = PendingRows()
            await self.mount(self._rows)
            await self._draw_pending(at)
            self._tail = ""  # a text that arrives whole is not appended to
        if self.parent is not None:
            self.watch(self.parent, "scroll_y", self._check_pending, init=False)
        self.set_timer(SETTLE, self._check_pending)  # once the view has moved (to the end)

    def on_resize(self) -> None:
        """The pending rows' height depends on the width."""
        if self._rows is not None:
            self._estimate()
            self.set_timer(SETTLE, self._check_pending)

    def _lazy_cut(self, lines: Sequence[str], end: int, size: int = SEGMENT_LINES) -> int | None:
        """A line about :data:`SEGMENT_LINES` before ``end`` where the text can be cut.

        A cut goes through one paragraph (checked with :data:`WINDOW` lines either side;
        positive) or follows a blank line before a line of prose (negative), never in a
        fenced code block. ``None``: none found.
        """
        parser = self._parser()
        for at in range(end - size, max(0, end - size - WINDOW), -1):
            if at < WINDOW or self._fenced[at - WINDOW] or self._fenced[at]:
                return None
            if not lines[at - 1].strip() and lines[at][:1].isalpha():
                return -at  # a clean break: a blank line ends what is before
            before = "".join(lines[at - WINDOW : at])
            if splits(parser, before, "".join(lines[at : at + WINDOW])):
                return at
        return None

    async def _draw_pending(self, at: int) -> None:
        """Draw the pending lines from ``abs(at)`` on, after the placeholder.

        ``at`` is negative for a clean break, positive where the block is cut in two.
        """
        start = abs(at)
        chunk = "".join(self._pending[start:])
        blocks = parse_blocks(self, self._parser().parse(chunk))
        if blocks and self._pending_continues:
            blocks[-1].add_class("-continues")
        if blocks and at > 0:
            blocks[0].add_class("-continued")
        del self._pending[start:]
        self._pending_continues = at > 0
        rows = self._rows
        if not self._pending and rows is not None:
            self._rows = None
            await rows.remove()
        else:
            self._estimate()
        if blocks and self._rows is not None:
            await self.mount_all(blocks, after=self._rows)
        elif blocks:
            await self.mount_all(blocks, before=0)

    def _estimate(self) -> None:
        """Size the placeholder: each pending line's rows at the current width."""
        if self._rows is None:
            return
        width = max(1, self.size.width or self.app.size.width)
        lengths = Counter(len(line.rstrip()) for line in self._pending)
        rows = sum(count * (-(-length // width) or 1) for length, count in lengths.items())
        self._rows.styles.height = rows

    def _check_pending(self) -> None:
        """Draw the next segment up if the placeholder is within a screen of the view."""
        rows, conversation = self._rows, self.parent
        if rows is None or not isinstance(conversation, Widget) or not self.display:
            return
        try:
            top = self.app.screen.find_widget(self).virtual_region.y
        except NoWidget:
            return  # not laid out (hidden far above): checked again when shown
        bottom = top + rows.outer_size.height
        if not self._drawing and bottom >= conversation.scroll_y - conversation.size.height // 2:
            self._drawing = True
            self.run_worker(self._draw_more(), group="pending-rows")

    async def _draw_more(self) -> None:
        """Draw the next segment up; what the view shows stays where it is."""
        conversation = self.parent
        if not isinstance(conversation, Widget) or self._rows is None:
            return
        at = self._lazy_cut(self._pending, len(self._pending)) or 0
        height = conversation.virtual_size.height
        y = conversation.scroll_y
        try:
            with self.app.batch_update():
                await self._draw_pending(at)
                refresh_layout_now(self.app.screen)
                grown = conversation.virtual_size.height - height
                conversation.scroll_to(y=y + grown, animate=False, immediate=True)
        finally:
            self._drawing = False
        self.call_after_refresh(self._check_pending)
