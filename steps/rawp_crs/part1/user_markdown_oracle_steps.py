r"""The markdown subset's oracle: any small document a user sends (issue 38).

004 §3.1 ¶2-¶3 (l. 87-89, the table l. 93-102): "`control.prompt.request`에서
`input_type: "text"`인 메시지는 입력된 텍스트를 버블 내에 마크다운 서식을 적용하여 표시한다.
[...] 유저 메시지 버블 내에서 다음의 텍스트 마크다운 서식을 인식하고 렌더링해야 한다 (MUST)":
bold (``**text**``, ``__text__``), italic (``*text*``, ``_text_``), bold italic
(``***text***``), strikethrough (``~~text~~``), inline code (monospace, "배경색 구분"), the
line break (``\n`` → ``<br>``), links (``[text](url)``), autolinks ("URL 패턴 자동 감지"),
bullet lists (``- item``, ``* item`` → ``<ul><li>``) and numbered lists (``1. item`` →
``<ol><li>``). ¶14 (l. 104): "다음 서식은 유저 메시지에서 렌더링하지 않는다 (MUST NOT):
헤더(`#`), 펜스 코드 블록(` ``` `), [...]".

The oracle, from those sentences alone, for a generated document of paragraphs, lists
(nested one level), headings and fences:

- every source line is drawn on a row of its own, in order (``crs-md-line-break``; a list
  item's row is ``crs-md-*-list``'s), its text exactly the line's words with the inline
  markers gone, and nothing else on the row but a list item's marker;
- a bullet item's marker is one glyph, not the typed ``*`` nor a letter or digit (the
  decision of ``crs-md-bullet-list``); a numbered item's marker is its number and ``.``:
  the list counts from its first item's number, one more per item (below);
- the cells of a bold, italic, bold-italic or struck span carry that style and no other of
  the three; plain words carry none of them; a code span's cells (markdown in it kept as
  typed) have a background other than the bubble's; a link's and a bare URL's cells link
  to the URL;
- a heading's or a fence's lines are drawn as typed, unstyled (``crs-md-blocks-not-rendered``).

Decisions where the seeds are silent (docs/oracles.md):

- **The first number of a list.** The table gives ``1. item`` → ``<ol><li>``; a list may
  start elsewhere (``3. third``). ¶2 asks the typed text be shown "마크다운 서식을 적용하여",
  and markdown (CommonMark §5.3, GFM) takes the first item's number as the list's start
  (HTML ``<ol start="3">``) and disregards the later items' numbers. So ``3. third`` /
  ``4. fourth`` is drawn ``3.`` / ``4.``; a renderer restarting at ``1.`` shows numbers the
  user did not write. ``3. a`` / ``3. b`` is drawn ``3.`` / ``4.``, as the clause's decision
  already reads ``1. wash`` / ``1. dry`` (``<ol>`` numbers its items in order). Items after
  the first are written either counting on (as written and as counted agree) or repeating
  the first number; the latter only in lists without a nested list.
- **Nesting.** The seed says nothing of nested lists: a nested item must be a list item
  (its own row, its marker), drawn no further left than its parent's marker; how far
  right is not judged. Nested lists are bullet lists, under a bullet or a one-digit
  numbered item (indented by the parent's marker width, at most 3 spaces).
- **What the seed does not cover** stays out of the inputs: ``+`` bullets, ``1)``, numbers
  with leading zeros, backslash escapes, intraword emphasis, ``___x___``, ``www.`` URLs,
  URLs followed by punctuation, markdown inside headings and fences (decision audit row 44).
  Text that only looks like markdown (``2 * 3``, ``a - b``, ``snake_case``, ``~ 7``, ``C#``,
  ``[note]``) must be drawn as typed.
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import strategies as st
from pytest_bdd import then

from rawp_port import TurnEnded, TurnStarted
from steps.checks import check, violation
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.part1.drawn import Drawn, bubble, is_frame, shown
from steps.rawp_crs.support.oracle_search import search
from steps.screen import Cell, text_width

SEED = 3804
"""The search's seed (issue 38: the markdown subset of user messages)."""
EXAMPLES = 20
"""Examples per run: one message each."""
MAX_ROWS = 11
"""At most this many source lines (blank lines included) per message: the bubble fits the
conversation area of an 80x24 screen."""
MAX_LINE = 34
"""At most this many cells of text per line: no line wraps in a bubble of 70-80 % of 80."""
WORDS = (
    "alpha", "bravo", "delta", "echo", "golf", "hotel", "kilo", "lima", "oscar", "romeo",
    "tango", "zulu", "사과", "바다", "하늘", "구름", "나무",
)  # fmt: skip
"""The words of generated text: ASCII and Hangul (two cells each), none a prefix of another."""
LOOKALIKES = ("2 * 3", "a - b", "snake_case", "~ 7", "C#", "[note]", "v1.2", "50%")
"""Text that only looks like markdown: drawn as typed (CommonMark makes none of it markup)."""
URL_BASE = "https://example.com/"
SPAN_KINDS = (
    "plain", "plain", "literal", "bold", "italic", "bolditalic", "strike", "code", "link", "url",
)  # fmt: skip
"""The kinds of inline span, plain words twice as often as each other kind."""

LINE_BREAK = "crs-md-line-break"
BULLETS = "crs-md-bullet-list"
NUMBERS = "crs-md-numbered-list"
BLOCKS = "crs-md-blocks-not-rendered"
STYLE_CLAUSE = {
    "bold": "crs-md-bold",
    "italic": "crs-md-italic",
    "bolditalic": "crs-md-bold-italic",
    "strike": "crs-md-strikethrough",
    "code": "crs-md-inline-code",
    "link": "crs-md-link",
    "url": "crs-md-autolink",
}
"""The clause each kind of inline span checks."""
ROW_CLAUSE = {"line": LINE_BREAK, "bullets": BULLETS, "numbers": NUMBERS, "block": BLOCKS}
"""The clause a row's place and marker check, by what the row draws: a paragraph's line, a
bullet or numbered item, a heading's or fence's line."""


@dataclass(frozen=True)
class Span:
    """One inline piece of a line: its kind, how it is typed and what must be drawn.

    Attributes:
        kind: ``plain``, ``literal`` (looks like markdown, is not), or a key of
            :data:`STYLE_CLAUSE`.
        source: As typed.
        shown: As drawn: the text without its markers.
        url: A link's or bare URL's target, else ``""``.
    """

    kind: str
    source: str
    shown: str
    url: str = ""


Line = tuple[Span, ...]


def typed(line: Line) -> str:
    """A line as typed: its spans one space apart."""
    return " ".join(span.source for span in line)


def drawn_text(line: Line) -> str:
    """A line as it must be drawn: its spans' text one space apart."""
    return " ".join(span.shown for span in line)


@dataclass(frozen=True)
class Item:
    """A list item: its line and a nested bullet list's lines (empty: none)."""

    line: Line
    children: tuple[Line, ...] = ()


@dataclass(frozen=True)
class Block:
    """One block: ``paragraph``, ``bullets``, ``numbers``, ``heading`` or ``fence``.

    Attributes:
        kind: The block's kind.
        lines: A paragraph's lines; a heading's (one) or a fence's inner lines, plain words.
        items: A list's items.
        marker: A bullet list's ``-`` or ``*``; a heading's ``#``s; a fence's three glyphs.
        start: A numbered list's first number.
        repeat: Whether a numbered list's items all repeat the first number.
    """

    kind: str
    lines: tuple[Line, ...] = ()
    items: tuple[Item, ...] = ()
    marker: str = ""
    start: int = 1
    repeat: bool = False

    def source(self) -> list[str]:
        """The block as typed, line by line."""
        if self.kind == "paragraph":
            return [typed(line) for line in self.lines]
        if self.kind == "heading":
            return [f"{self.marker} {typed(self.lines[0])}"]
        if self.kind == "fence":
            return [self.marker, *(typed(line) for line in self.lines), self.marker]
        out = []
        for index, item in enumerate(self.items):
            number = self.start if self.repeat else self.start + index
            lead = self.marker if self.kind == "bullets" else f"{number}."
            out.append(f"{lead} {typed(item.line)}")
            out += [" " * (len(lead) + 1) + f"- {typed(child)}" for child in item.children]
        return out


@dataclass(frozen=True)
class Document:
    """One generated message: blocks separated by a blank line."""

    blocks: tuple[Block, ...]

    def source(self) -> str:
        """The message as typed."""
        return "\n\n".join("\n".join(block.source()) for block in self.blocks)

    def __str__(self) -> str:
        """The message as a scenario would state it."""
        return repr(self.source())


@dataclass(frozen=True)
class Expected:
    """One row the bubble must draw, in order.

    Attributes:
        line: Its spans (for a literal row, one ``literal`` span of the whole line).
        marker: ``""`` (no marker), ``"bullet"`` or the number drawn (``"3."``).
        literal: A heading's or fence's line: drawn as typed and unstyled.
        parent: Index of the parent item's row, for a nested item.
        role: What the row draws, a key of :data:`ROW_CLAUSE`: the clause its place and
            marker check.
    """

    line: Line
    marker: str = ""
    literal: bool = False
    parent: int | None = None
    role: str = "line"


def expected_rows(document: Document) -> list[Expected]:
    """The rows the oracle expects, top to bottom (blank rows aside)."""
    rows: list[Expected] = []
    for block in document.blocks:
        if block.kind == "paragraph":
            rows += [Expected(line) for line in block.lines]
        elif block.kind in ("heading", "fence"):
            rows += [
                Expected((Span("literal", text, text),), literal=True, role="block")
                for text in block.source()
            ]
        else:
            for index, item in enumerate(block.items):
                marker = "bullet" if block.kind == "bullets" else f"{block.start + index}."
                parent = len(rows)
                rows.append(Expected(item.line, marker, role=block.kind))
                rows += [
                    Expected(child, "bullet", parent=parent, role="bullets")
                    for child in item.children
                ]
    return rows


# --- the strategy ----------------------------------------------------------------------


@st.composite
def spans(draw: st.DrawFn) -> Span:
    """One inline span: a word or two, plain or marked up, or text that looks like markup."""
    kind = draw(st.sampled_from(SPAN_KINDS))
    text = " ".join(draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=2)))
    if kind == "literal":
        found = draw(st.sampled_from(LOOKALIKES))
        return Span(kind, found, found)
    if kind == "bold":
        mark = draw(st.sampled_from(("**", "__")))
        return Span(kind, f"{mark}{text}{mark}", text)
    if kind == "italic":
        mark = draw(st.sampled_from(("*", "_")))
        return Span(kind, f"{mark}{text}{mark}", text)
    if kind == "bolditalic":
        return Span(kind, f"***{text}***", text)
    if kind == "strike":
        return Span(kind, f"~~{text}~~", text)
    if kind == "code":
        inner = draw(st.sampled_from((text, f"*{text}*", f"**{text}**", f"a_b {text}")))
        return Span(kind, f"`{inner}`", inner)
    word = draw(st.sampled_from(WORDS[:12]))
    url = URL_BASE + word
    if kind == "link":
        return Span(kind, f"[{text}]({url})", text, url)
    if kind == "url":
        return Span(kind, url, url, url)
    return Span(kind, text, text)


@st.composite
def lines(draw: st.DrawFn, width: int = MAX_LINE) -> Line:
    """1 to 3 spans, fewer when they would not fit in ``width`` cells."""
    made: list[Span] = []
    for span in draw(st.lists(spans(), min_size=1, max_size=3)):
        if made and text_width(drawn_text((*made, span))) > width:
            break
        made.append(span)
    return tuple(made)


def plain_line(draw: st.DrawFn) -> Line:
    """1 to 3 plain words: the inside of a heading or fence."""
    words = draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=3))
    return (Span("plain", " ".join(words), " ".join(words)),)


@st.composite
def blocks(draw: st.DrawFn, kind: str) -> Block:
    """One block of ``kind``."""
    if kind == "paragraph":
        return Block(kind, lines=tuple(draw(st.lists(lines(), min_size=1, max_size=2))))
    if kind == "heading":
        return Block(kind, lines=(plain_line(draw),), marker="#" * draw(st.integers(1, 3)))
    if kind == "fence":
        inner = tuple(plain_line(draw) for _ in range(draw(st.integers(1, 2))))
        return Block(kind, lines=inner, marker=draw(st.sampled_from(("```", "~~~"))))
    start = draw(st.one_of(st.integers(0, 12), st.integers(13, 999), st.integers(0, 10**8)))
    count = draw(st.integers(1, 3))
    repeat = kind == "numbers" and count > 1 and draw(st.booleans())
    nestable = kind == "bullets" or start + count - 1 <= 9
    nested_at = (
        draw(st.integers(0, count - 1)) if nestable and not repeat and draw(st.booleans()) else -1
    )
    items = []
    for index in range(count):
        children: tuple[Line, ...] = ()
        if index == nested_at:
            children = tuple(draw(st.lists(lines(MAX_LINE - 4), min_size=1, max_size=2)))
        items.append(Item(draw(lines()), children))
    marker = draw(st.sampled_from(("-", "*"))) if kind == "bullets" else ""
    return Block(kind, items=tuple(items), marker=marker, start=start, repeat=repeat)


@st.composite
def documents(draw: st.DrawFn) -> Document:
    """1 to 3 blocks; a paragraph put between two lists (else they could merge into one).

    Blocks past :data:`MAX_ROWS` source lines are left out (the first is always kept).
    """
    kinds = draw(
        st.lists(
            st.sampled_from(("paragraph", "bullets", "numbers", "numbers", "heading", "fence")),
            min_size=1,
            max_size=3,
        )
    )
    made: list[Block] = []
    for kind in kinds:
        if made and made[-1].kind in ("bullets", "numbers") and kind in ("bullets", "numbers"):
            made.append(draw(blocks("paragraph")))
        made.append(draw(blocks(kind)))
    kept = made[:1]
    for block in made[1:]:
        if len(Document((*kept, block)).source().split("\n")) > MAX_ROWS:
            break
        kept.append(block)
    return Document(tuple(kept))


# --- reading the bubble ----------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    """One row of the bubble's text: its characters and the cell of each."""

    y: int
    text: str
    cells: tuple[Cell, ...]
    columns: tuple[int, ...]


def bubble_rows(item: Drawn) -> list[Row]:
    """The bubble's rows with text, frame glyphs and blanks at both ends left out."""
    rows = []
    for y in item.rows():
        chars, cells, columns = [], [], []
        for x, cell in enumerate(item.text_row(y), item.bounds.x):
            for char in cell.char:
                chars.append(char)
                cells.append(cell)
                columns.append(x)
        text = "".join(chars)
        keep = [i for i, char in enumerate(text) if char.strip() and not is_frame(char)]
        if keep:
            a, b = keep[0], keep[-1] + 1
            rows.append(Row(y, text[a:b], tuple(cells[a:b]), tuple(columns[a:b])))
    return rows


def split_marker(row: Row, want: Expected) -> tuple[str, int] | None:
    """``(marker, where the text starts)`` when the row is ``want``'s marker then its text."""
    text = drawn_text(want.line)
    if not want.marker:
        return ("", 0) if row.text == text else None
    if not row.text.endswith(text):
        return None
    head = row.text[: len(row.text) - len(text)]
    if not head.strip() or not head[-1].isspace():
        return None
    return head.strip(), len(head)


def good_marker(drawn: str, want: str) -> bool:
    """Whether ``drawn`` is the marker ``want`` asks (``bullet``: one glyph, not ``*``/``+``)."""
    if want == "bullet":
        return len(drawn) == 1 and drawn not in "*+" and not drawn.isalnum() and not is_frame(drawn)
    return drawn == want


def check_spans(row: Row, at: int, want: Expected, own: object, where: str) -> None:
    """Each span's cells carry its style, plain words none (``crs-md-*`` of the span)."""
    offset = at
    for span in want.line:
        cells = row.cells[offset : offset + len(span.shown)]
        offset += len(span.shown) + 1
        if want.literal:
            styled = [c.char for c in cells if c.bold or c.italic or c.underline or c.link]
            styled += [c.char for c in cells if c.background != own]
            check(not styled, BLOCKS, where, "drawn as typed, no cell styled", repr(styled))
            continue
        flags = {
            "bold": [c.char for c in cells if not (c.bold and not c.italic)],
            "italic": [c.char for c in cells if not (c.italic and not c.bold)],
            "bolditalic": [c.char for c in cells if not (c.bold and c.italic)],
            "strike": [c.char for c in cells if not c.strike],
            "code": [c.char for c in cells if c.background == own],
            "link": [c.char for c in cells if not c.link or span.url not in str(c.link)],
        }
        flags["url"] = flags["link"]
        if span.kind in flags:
            check(
                not flags[span.kind],
                STYLE_CLAUSE[span.kind],
                f"{span.shown!r} (typed {span.source!r}) in {where}",
                _WANT[span.kind] + f" ({span.url})" * bool(span.url),
                f"not so: {''.join(flags[span.kind])!r}",
            )
            continue
        for kind, test in (("bold", "bold"), ("italic", "italic"), ("strike", "strike")):
            wrong = [c.char for c in cells if getattr(c, test)]
            check(
                not wrong,
                STYLE_CLAUSE[kind],
                f"{span.shown!r} (typed as it is) in {where}",
                f"not {kind}: no markup asks it",
                f"{kind}: {''.join(wrong)!r}",
            )


_WANT = {
    "bold": "bold, not italic",
    "italic": "italic, not bold",
    "bolditalic": "bold and italic",
    "strike": "struck through",
    "code": "a background other than the bubble's",
    "link": "a link to the URL",
    "url": "a link to the URL",
}


def compare(item: Drawn, document: Document) -> None:
    """The bubble as drawn against :func:`expected_rows` of ``document``."""
    rows = bubble_rows(item)
    own = item.own_background()
    where = f"the user bubble of {document}"
    at = 0
    columns: list[int] = []
    for index, want in enumerate(expected_rows(document)):
        found = None
        while at < len(rows) and found is None:
            found = split_marker(rows[at], want)
            at += found is None
        if found is None:
            lead = {"": "", "bullet": "a bullet glyph then "}.get(want.marker, want.marker + " ")
            violation(
                ROW_CLAUSE[want.role],
                where,
                f"row {index + 1} drawn as {lead}{drawn_text(want.line)!r} on a row of its own, "
                "below the rows before it",
                repr(shown(item)),
            )
        row = rows[at]
        marker, start = found
        check(
            not want.marker or good_marker(marker, want.marker),
            ROW_CLAUSE[want.role],
            f"the item {drawn_text(want.line)!r} of {where}",
            "a bullet glyph before it" if want.marker == "bullet" else f"{want.marker} before it",
            repr(marker),
        )
        columns.append(row.columns[0])
        if want.parent is not None:
            check(
                columns[-1] >= columns[want.parent],
                BULLETS,
                f"the nested item {drawn_text(want.line)!r} of {where}",
                "its marker no further left than its parent's",
                f"column {columns[-1]}, the parent's {columns[want.parent]}",
            )
        check_spans(row, start, want, own, f"row {index + 1} of {where}")
        at += 1


def user_messages(driver: CrsDriver) -> int:
    """How many text-bearing items of the user the conversation holds (times left out)."""
    return sum(
        view.actor == "user" and view.kind not in ("timestamp", "date_separator")
        for view in driver.items()
    )


def attempt(driver: CrsDriver, document: Document, number: int) -> None:
    """Send ``document`` (pasted, then Enter), compare the bubble with the oracle."""
    before = user_messages(driver)
    driver.paste_text(document.source())
    driver.press("enter")
    check(
        user_messages(driver) == before + 1,
        LINE_BREAK,
        "the conversation",
        f"one user message more after sending {document}",
        f"{user_messages(driver) - before} more",
    )
    compare(bubble(driver, LINE_BREAK), document)
    driver.publish(TurnStarted(f"md-{number}"), TurnEnded(f"md-{number}"))


@then("for any small document the user sends, the bubble draws what the markdown subset says")
def markdown_oracle(crs_driver: CrsDriver) -> None:
    """The user bubble against the markdown subset's oracle on generated documents.

    (``crs-md-*`` of each span, list and line; ``crs-md-blocks-not-rendered`` of headings
    and fences.)
    """
    count = [0]

    def one(document: Document) -> None:
        count[0] += 1
        attempt(crs_driver, document, count[0])

    search("the markdown subset", documents(), one, examples=EXAMPLES, seed=SEED)
