"""Steps of ``features/rawp_crs/user_markdown.feature``.

A user bubble renders a small markdown subset and shows the rest as typed.
"""

from __future__ import annotations

import re

from pytest_bdd import parsers, then, when

from steps.checks import check, literal
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.part1.drawn import Drawn, absent, bubble, cells_of, is_frame, shown
from steps.screen import screen_cells, text_columns, text_width
from steps.terminal_input import key_bytes, paste_bytes


@then(parsers.parse('the user bubble shows "{text}" as a link to "{url}", without "{marker}"'))
def bubble_link(crs_driver: CrsDriver, text: str, url: str, marker: str) -> None:
    """The cells of ``text`` link to ``url`` (``crs-md-link``; ``crs-md-autolink`` for a URL)."""
    clause = "crs-md-autolink" if text == url else "crs-md-link"
    item = bubble(crs_driver, clause)
    cells = cells_of(item, literal(text), clause)
    wrong = sorted({str(cell.link) for cell in cells if cell.link is None or url not in cell.link})
    check(not wrong, clause, f"the cells of {text!r}", f"a link to {url!r}", wrong)
    if marker:
        absent(item, literal(marker), clause)


@then(parsers.parse('the user bubble shows "{url}" as a link to itself'))
def bubble_autolink(crs_driver: CrsDriver, url: str) -> None:
    """The cells of a bare URL link to it (``crs-md-autolink``)."""
    bubble_link(crs_driver, url, url, "")


@then(parsers.parse('the user bubble shows "{first}" and, on the next row, "{second}"'))
def bubble_rows(crs_driver: CrsDriver, first: str, second: str) -> None:
    """``second`` starts the row below ``first``'s, at the same column (``crs-md-line-break``)."""
    clause = "crs-md-line-break"
    item = bubble(crs_driver, clause)
    top, below = item.find(literal(first)), item.find(literal(second))
    check(
        top is not None and below is not None and below[0] == top[0] + 1 and below[1] == top[1],
        clause,
        "the user bubble",
        f"{second!r} on the row below {first!r}, in the same column",
        shown(item),
    )


@then(
    parsers.parse(
        'the user bubble shows the items "{first}" and "{second}" on rows of their own, '
        "each after {marker}"
    )
)
def bubble_list(crs_driver: CrsDriver, first: str, second: str, marker: str) -> None:
    """Each item starts a row, its marker before it (``crs-md-bullet-list``, ``-numbered-list``).

    ``marker`` is ``a bullet glyph`` (any glyph but the typed ``*``, ``+`` or a letter) or
    ``"<a>" and "<b>"`` (the numbers, in order). Continuation rows are not checked.
    """
    numbers = [part for part in marker.split('"')[1::2]]
    clause = "crs-md-numbered-list" if numbers else "crs-md-bullet-list"
    item = bubble(crs_driver, clause)
    for index, text in enumerate((literal(first), literal(second))):
        found = item.find(text)
        check(found is not None, clause, "the user bubble", f"the item {text!r}", shown(item))
        assert found is not None
        y, x = found
        before = item.row_text(y, item.bounds.x, x).rstrip()
        lead = before.split()[-1] if before.split() else ""
        if numbers:
            good = lead == numbers[index]
        else:
            good = len(lead) == 1 and lead not in "*+" and not lead.isalnum() and not is_frame(lead)
        check(good, clause, f"the item {text!r}", f"{marker} just before it", repr(before.strip()))
        rest = before[: len(before) - len(lead)] if lead else before
        check(
            not rest.strip() or is_frame(rest.strip()[-1]),
            clause,
            f"the item {text!r}",
            "a row of its own",
            repr(before.strip()),
        )


@then(parsers.parse('the user bubble shows "{source}" as typed, line by line, unstyled'))
def bubble_literal(crs_driver: CrsDriver, source: str) -> None:
    """Each line of ``source`` is drawn verbatim, in order (``crs-md-blocks-not-rendered``).

    No cell of it is bold, italic, underlined or a link, or on another background than the
    bubble's: no heading, image, code span or block was made of it. The lines inside a
    fence may instead be drawn by the inline rules of any text (``**these**`` bold, its
    stars gone): 004 §3.1 ¶14 forbids rendering the fenced block, and says nothing of the
    text in it (decision audit row 44). They are still on the bubble's background.
    """
    clause = "crs-md-blocks-not-rendered"
    item = bubble(crs_driver, clause)
    lines = literal(source).split("\n")
    top = item.find(lines[0])
    check(
        top is not None, clause, "the user bubble", f"the line {lines[0]!r} as typed", shown(item)
    )
    assert top is not None
    y, x = top
    fenced = len(lines) > 2 and lines[0][:3] in FENCES and lines[-1] == lines[0][:3]
    for offset, line in enumerate(lines):
        inner = fenced and 0 < offset < len(lines) - 1
        if not (inner and _inline_reading(item, y + offset, x, line)):
            _line_as_typed(item, y + offset, x, line, offset)


FENCES = ("```", "~~~")
"""The fence markers of a fenced code block."""


INLINE_MARKS = re.compile(r"(\*\*|__|\*|_|~~)(?=\S)(.+?)(?<=\S)\1")
"""An emphasis, strong or strike span of the inline rules: its marks and its text."""


def _line_as_typed(item: Drawn, row: int, x: int, line: str, offset: int) -> None:
    """Line ``offset`` of the message drawn verbatim at ``(x, row)``, no cell styled."""
    clause = "crs-md-blocks-not-rendered"
    seen = item.row_text(row, x, x + text_width(line)) if row < item.region.bottom else ""
    check(seen == line, clause, f"line {offset + 1} of the message", repr(line), shown(item))
    own = item.own_background()
    styled = [
        c.char
        for c in item.cells[row][x : x + text_width(line)]
        if c.bold or c.italic or c.underline or c.link or c.background != own
    ]
    check(
        not styled,
        clause,
        f"line {offset + 1} of the message",
        "no rendering of it",
        f"styled: {''.join(styled)!r}",
    )


def _inline_reading(item: Drawn, row: int, x: int, line: str) -> bool:
    """Whether ``line`` is drawn at ``(x, row)`` by the inline rules, on the bubble's background.

    Its emphasis marks gone and their text styled; no cell on another background (a block).
    """
    text = INLINE_MARKS.sub(lambda m: m.group(2), line)
    if text == line or row >= item.region.bottom:
        return False
    cells = item.cells[row][x : x + text_width(text)]
    own = item.own_background()
    drawn = item.row_text(row, x, x + text_width(text)) == text
    emphasised = any(c.bold or c.italic or c.strike for c in cells)
    return drawn and emphasised and all(c.background == own for c in cells)


@then("the user bubble holds no container of its own")
def bubble_no_nested(crs_driver: CrsDriver) -> None:
    """No frame glyphs or row-wide block inside the bubble's own frame.

    Checks ``crs-user-bubble-no-nested-container``.
    """
    clause = "crs-user-bubble-no-nested-container"
    item = bubble(crs_driver, clause)
    inside = item.inside()
    check(inside is not None, clause, "the user bubble", "something drawn", item.describe())
    assert inside is not None
    frames = [cell.char for cell in item.box_cells(inside) if is_frame(cell.char)]
    check(not frames, clause, "inside the bubble", "no frame glyphs", "".join(frames[:12]))
    own = item.own_background()
    for y in range(inside.y, inside.bottom):
        row = item.cells[y][inside.x : inside.right]
        check(
            any(cell.background == own for cell in row),
            clause,
            f"row {y - inside.y + 1} inside the bubble",
            "the bubble's background on it (no block of its own)",
            item.describe(),
        )


@then(parsers.parse('the input shows "{text}" as typed, with no cell styled'))
def input_plain(crs_driver: CrsDriver, text: str) -> None:
    """The input holds and draws the markdown as typed (``crs-input-plain-text``)."""
    clause, wanted = "crs-input-plain-text", literal(text)
    check(
        crs_driver.input_value == wanted,
        clause,
        "the input",
        repr(wanted),
        repr(crs_driver.input_value),
    )
    region = crs_driver.input.region
    rows = screen_cells(crs_driver.app)[region.y : region.bottom]
    texts = ["".join(cell.char for cell in row[region.x : region.right]) for row in rows]
    check(
        any(wanted in row for row in texts),
        clause,
        "the input",
        f"{wanted!r} drawn as typed",
        texts,
    )


@then(parsers.parse('no cell on the screen draws "{text}" with a style'))
def no_preview(crs_driver: CrsDriver, text: str) -> None:
    """Nowhere is ``text`` drawn bold, italic or struck (``crs-input-no-rich-preview``)."""
    clause, wanted = "crs-input-no-rich-preview", literal(text)
    for y, row in enumerate(screen_cells(crs_driver.app)):
        for start in text_columns(row, wanted):
            styled = [
                c.char
                for c in row[start : start + text_width(wanted)]
                if c.bold or c.italic or c.strike
            ]
            check(
                not styled,
                clause,
                f"screen row {y}",
                f"{wanted!r} unstyled while typing (no preview)",
                "".join(cell.char for cell in row).strip(),
            )


@then(parsers.parse('the user bubble shows "{text}" as plain text, not a link'))
def bubble_not_linked(crs_driver: CrsDriver, text: str) -> None:
    """No cell of ``text`` links anywhere or is underlined (``crs-md-autolink``, design §9).

    004 §3.1 autolinks "URL patterns"; a file name such as ``main.py`` is not a URL
    (no scheme, no ``www.``), whatever top-level domain its extension spells.
    """
    clause = "crs-md-autolink"
    cells = cells_of(bubble(crs_driver, clause), literal(text), clause)
    linked = sorted({f"{cell.char}:{cell.link}" for cell in cells if cell.link or cell.underline})
    check(not linked, clause, f"the cells of {text!r}", "plain text: no link, no underline", linked)


@when(parsers.parse('the user pastes, as a terminal sends it, "{text}" and presses Enter'))
def pastes_as_terminal_and_sends(crs_driver: CrsDriver, text: str) -> None:
    """A bracketed paste of ``text``, then Enter, as a terminal sends them."""
    crs_driver.feed_terminal(
        paste_bytes(literal(text)) + key_bytes("enter"), f"pasting {text[:40]!r}, Enter"
    )
