"""Steps of ``features/rawp_crs/history_tokens.feature``.

File tokens in sent messages: styled when valid, literal when forged, never a nested box.
"""

from __future__ import annotations

import dataclasses
import math
import re
import unicodedata
from collections import Counter

import pytest
from pytest_bdd import given, parsers, then, when
from textual.color import Color, rgb_to_lab

from rawp_port import FileReference, PromptRequest
from steps.checks import check, literal, scenario_clause
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.part1.drawn import RGB, Drawn, drawn_item, is_frame
from steps.rawp_crs.part2.popup import background, contrast
from steps.rawp_crs.state import CrsState, StoredTokens
from steps.rawp_crs.support.history import store, stored_turn
from steps.screen import BLANK, Cell, text_columns, text_width

TOKEN_CONTRAST = 1.25
"""Least WCAG contrast ratio (1 to 21) between a token's background and its bubble's
(``crs-token-contrast-in-bubble``): a harness threshold. The reference's token on its
bubble is about 2.3, crs_alt's about 1.4; a dark secondary on crs_alt's dark bubble was 1.12."""
TOKEN_HUE_DISTANCE = 20.0
"""Least CIE76 colour difference (ΔE*ab, Euclidean in CIELAB) between a token's background and
its bubble's that also makes the token stand out: two hues of like lightness, which the
contrast ratio (lightness only) cannot tell apart, differ by far more (crs_framed's peach
token on its lavender bubble: 44.5 at a contrast of 1.13), a tint barely off the bubble's
by a few units (mutant ``token_faint_in_bubble``). Decision audit row 57."""


def colour_distance(one: RGB | None, other: RGB | None) -> float:
    """CIE76 ΔE*ab between two colours (0 when either is unknown).

    Uses Textual's public ``textual.color.rgb_to_lab`` (D65). Source: decision audit row 57.
    """
    if one is None or other is None:
        return 0.0
    first, second = (rgb_to_lab(Color(*colour)) for colour in (one, other))
    return math.dist(first, second)


TAIL = 12
"""At most this many characters of the file name's end locate a token's label."""


CAP_GLYPHS = re.compile(r"[\ue0b0-\ue0bf]")
"""Powerline caps a token may end with (besides frame and block glyphs)."""


PADDING = BLANK | {"\u2800"}
"""Cells that draw nothing: a token's padding (the braille blank is not whitespace, so a
client may pad with it to keep a wrap from parting the padding from the label)."""


REFS = re.compile(r'"([^"]*)" for "([^"]*)"')
"""``"r1" for "src/a.py"``: one file reference of a step (display path = path)."""


LONG_PATH = "/".join(["d" * 99] * 39) + "/" + "n" * 96 + ".py"
"""A display path of 4,000 characters, its file name 99 of them."""


def stored_prompt(
    crs_driver: CrsDriver, memory: StoredTokens, text: str, refs: list[FileReference]
) -> None:
    """Make one stored turn whose prompt is ``text`` with ``refs`` the conversation.

    Its ``file_references`` (and the tokens its text may hold) are part 3's.
    """
    crs_driver.uses(3)
    turn = stored_turn(1)
    prompt = PromptRequest(prompt_text=text, input_type="text", file_references=tuple(refs))
    store(crs_driver, [dataclasses.replace(turn, prompt=prompt)])
    memory.paths = [ref.display_path for ref in refs]
    memory.refs = {ref.display_path: ref.ref_id for ref in refs}


@given(parsers.re(r'a stored message "(?P<text>[^"]*)" with the file references? (?P<refs>.+)$'))
def stored_with_refs(crs_driver: CrsDriver, crs_state: CrsState, text: str, refs: str) -> None:
    """A stored prompt whose ``file_references`` are ``"r1" for "a.py" and "r2" for …``."""
    found = [FileReference(literal(a), literal(b), literal(b)) for a, b in REFS.findall(refs)]
    stored_prompt(crs_driver, crs_state.stored_tokens, literal(text), found)


@given(parsers.parse('a stored message "{text}" with no file references'))
def stored_plain(crs_driver: CrsDriver, crs_state: CrsState, text: str) -> None:
    """A stored prompt with an empty ``file_references``."""
    stored_prompt(crs_driver, crs_state.stored_tokens, literal(text), [])


@given(
    parsers.parse(
        'a stored message holding a file token for "{path}" between "{before}" and "{after}"'
    )
)
def stored_between(
    crs_driver: CrsDriver, crs_state: CrsState, path: str, before: str, after: str
) -> None:
    """A stored prompt ``before <token> after``, the token's entry ``r1`` for ``path``."""
    shown = literal(path)
    text = f"{literal(before)} <@file:r1|{shown}> {literal(after)}"
    stored_prompt(crs_driver, crs_state.stored_tokens, text, [FileReference("r1", shown, shown)])


@given("a stored message referring to a file whose path has 4,000 characters")
def stored_long(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """A stored prompt with one token for :data:`LONG_PATH`, between two words."""
    ref = FileReference("r1", LONG_PATH, LONG_PATH)
    text = f"read <@file:r1|{LONG_PATH}> please"
    stored_prompt(crs_driver, crs_state.stored_tokens, text, [ref])


def tail(path: str) -> str:
    """The end of the file name that locates a token: no control or format character."""
    name = path.rstrip("/").rsplit("/", 1)[-1] or path
    end = ""
    for char in reversed(name):
        if unicodedata.category(char)[0] in "CZ" or len(end) == TAIL:
            break
        end = char + end
    return end


@dataclasses.dataclass(frozen=True)
class Token:
    """A token as drawn in a bubble: row ``y``, columns ``x`` to ``right`` (exclusive)."""

    y: int
    x: int
    right: int
    background: tuple[int, int, int] | None
    label: tuple[int, int]


def bubble_background(item: Drawn) -> RGB:
    """The bubble's own background: the one most cells of its box's side columns have.

    Its sides are its frame or its padding, never a token; a short message whose token is
    most of its cells would make the whole box's commonest background the token's.
    """
    box = item.box
    if box is None:
        return item.area_background
    sides = Counter(
        background(item.cells[y][x])
        for y in range(box.y, box.bottom)
        for x in (box.x, box.right - 1)
    )
    return sides.most_common(1)[0][0]


def _is_cap(cell: Cell) -> bool:
    return is_frame(cell.char) or bool(CAP_GLYPHS.fullmatch(cell.char or " "))


def find_token(item: Drawn, path: str) -> Token | None:
    """The token drawing ``path`` in the bubble (its tail on a background of its own), if any."""
    end = tail(path)
    inside = item.inside() or item.region
    own = bubble_background(item)
    width = text_width(end)
    for y in range(inside.y, inside.bottom):
        row = item.cells[y]
        for column in text_columns(row[inside.x : inside.right], end):
            x = inside.x + column
            colour = background(row[x])
            if colour == own or any(background(c) != colour for c in row[x : x + width]):
                continue
            left, right = x, x + width
            while left > inside.x and background(row[left - 1]) == colour:
                left -= 1
            while right < inside.right and background(row[right]) == colour:
                right += 1
            return Token(y, left, right, colour, (x, x + width))
    return None


def token_of(item: Drawn, path: str, clause: str) -> Token:
    """The token drawing ``path`` in the bubble; fails under ``clause`` when there is none."""
    found = find_token(item, path)
    if found is not None:
        return found
    inside = item.inside() or item.region
    check(
        False,
        clause,
        "the user bubble",
        f"a file token: {tail(path)!r} on a background of its own",
        [item.row_text(y, inside.x, inside.right) for y in range(inside.y, inside.bottom)],
    )
    raise AssertionError  # pragma: no cover - check raised


def capped(item: Drawn, token: Token, path: str = "") -> bool:
    """Whether the token's background, or a cap glyph, runs on past both ends of its label.

    An end is drawn by padding (a blank on the token's background), a frame, block or
    powerline glyph, or any glyph of the token's run that is not the path's own text (``[``
    and ``]``, an ``@``, an icon): the input's token reads the same way
    (``crs-token-rounded``, whose decision takes brackets as caps; issue 37, square caps).
    A token whose label is wider than the bubble may be drawn whole and wrap (004 §3.4.5
    "텍스트 내용": shortening a long path is MAY): its start is then looked for on the rows
    above (:func:`_wrapped_start`). Decision audit row 41.
    """
    row = item.cells[token.y]
    first, last = row[token.x], row[token.right - 1]
    before = "".join(cell.char for cell in row[token.x : token.label[0]])
    after = "".join(cell.char for cell in row[token.label[1] : token.right])
    head = path[: len(path) - len(tail(path))] if path else ""
    left = token.x < token.label[0] and (
        first.char in PADDING or _is_cap(first) or bool(_lead(before, head).strip())
    )
    right = token.right > token.label[1] and (
        last.char in PADDING or _is_cap(last) or bool(after.strip())
    )
    left = left or (token.x > 0 and _is_cap(row[token.x - 1]))
    right = right or (token.right < len(row) and _is_cap(row[token.right]))
    return right and (left or _wrapped_start(item, token) is not None)


def _lead(before: str, head: str) -> str:
    """What ``before`` holds left of the path's own text: ``[src/`` -> ``[`` for ``src/``.

    The path's text is a suffix of ``head`` (the path left of its tail), maybe after an
    ellipsis (``…/`` or ``…``, an elided label).
    """
    best = 0
    for size in range(len(before) + 1):
        end = before[len(before) - size :]
        rest = end.removeprefix("…/") if end.startswith("…/") else end.removeprefix("…")
        if head.endswith(rest):
            best = size
    return before[: len(before) - best]


def _run_capped_left(row: list[Cell], x: int) -> bool:
    """Whether a token run starting at column ``x`` of ``row`` has its left end drawn."""
    return row[x].char in PADDING or _is_cap(row[x]) or (x > 0 and _is_cap(row[x - 1]))


def _wrapped_start(item: Drawn, token: Token) -> tuple[int, int] | None:
    """Where the token starts (row, column) when its run wraps from the rows above, if so.

    The run starts its row (nothing drawn left of it in the bubble), and each row above
    ends with a run of the token's background (nothing drawn after it), until the row
    where that run's left end is drawn (padding or a cap).
    """
    inside = item.inside() or item.region
    x, y = token.x, token.y
    while y > inside.y:
        if any(c.char.strip() for c in item.cells[y][inside.x : x]):
            return None
        y -= 1
        above = item.cells[y]
        ends = [
            i for i in range(inside.x, inside.right) if background(above[i]) == token.background
        ]
        if not ends or any(c.char.strip() for c in above[ends[-1] + 1 : inside.right]):
            return None
        x = ends[-1]
        while x > inside.x and background(above[x - 1]) == token.background:
            x -= 1
        if _run_capped_left(above, x):
            return y, x
    return None


def token_bubble_rows(item: Drawn) -> list[str]:
    """The bubble's rows inside its frame, as drawn."""
    inside = item.inside() or item.region
    return [item.row_text(y, inside.x, inside.right) for y in range(inside.y, inside.bottom)]


@then(parsers.parse('the user bubble draws "{path}" as a file token'))
def draws_token(
    crs_driver: CrsDriver, crs_state: CrsState, request: pytest.FixtureRequest, path: str
) -> None:
    """The file is a token: own background, end caps, and no raw ``<@file:`` syntax.

    Checks ``crs-history-token-style`` (or ``crs-history-token-validated``, when cited).
    """
    clause = scenario_clause(request, "crs-history-token-validated", "crs-history-token-style")
    draws_tokens(crs_driver, clause, [literal(path)], crs_state.stored_tokens.refs)


def draws_tokens(
    crs_driver: CrsDriver, clause: str, paths: list[str], refs: dict[str, str] | None = None
) -> list[Token]:
    """Every one of ``paths`` drawn as a token in the last user bubble (see :func:`token_of`).

    ``refs`` maps a path to its ``ref_id``: that token's raw syntax must not be drawn.
    """
    item = drawn_item(crs_driver, "user", clause)
    tokens = []
    for path in paths:
        token = token_of(item, path, clause)
        check(
            capped(item, token, path),
            clause,
            f"the token of {tail(path)!r}",
            "its background (or a cap glyph) on both sides of the label",
            item.row_text(token.y, token.x - 1, token.right + 1),
        )
        tokens.append(token)
    syntax = [f"<@file:{(refs or {})[path]}|" for path in paths if path in (refs or {})]
    raw = [text for text in syntax if item.find(text) is not None]
    check(not raw, clause, "the user bubble", "no raw token syntax drawn", raw)
    return tokens


@then(
    parsers.parse('the user bubble draws "{path}" as a file token, or "{pattern}" as literal text')
)
def token_or_literal(
    crs_driver: CrsDriver,
    crs_state: CrsState,
    request: pytest.FixtureRequest,
    path: str,
    pattern: str,
) -> None:
    """Either reading of a display path holding the pattern's own ``|`` and ``>``.

    The seeds cite the token format (004 §3.4.6, DPS §16.2.1) but do not hold its grammar:
    a parser matching the prompt against ``file_references`` draws the token; one reading
    to the first ``>`` finds an unmapped pattern and shows it literally (004 §3.1 ¶16).
    Both are accepted; neither may draw the path as a token without its caps, nor the
    pattern styled. Decision audit row 42.
    """
    clause = scenario_clause(request, "crs-history-token-validated")
    item = drawn_item(crs_driver, "user", clause)
    if find_token(item, literal(path)) is not None:
        draws_tokens(crs_driver, clause, [literal(path)], crs_state.stored_tokens.refs)
    else:
        shows_literal(crs_driver, request, pattern)


@then("the user bubble draws each referred file as a file token")
def draws_every_token(
    crs_driver: CrsDriver, crs_state: CrsState, request: pytest.FixtureRequest
) -> None:
    """Every file of the stored message's ``file_references`` is drawn as a token."""
    clause = scenario_clause(request, "crs-history-token-validated", "crs-history-token-style")
    draws_tokens(crs_driver, clause, crs_state.stored_tokens.paths, crs_state.stored_tokens.refs)


@then(parsers.parse('the token of "{path}" stands out from the bubble\'s background'))
def token_contrast(crs_driver: CrsDriver, path: str) -> None:
    """Token and bubble backgrounds differ in lightness or as colours.

    By :data:`TOKEN_CONTRAST` or more in lightness, or :data:`TOKEN_HUE_DISTANCE` as colours.

    Checks ``crs-token-contrast-in-bubble`` (004 §3.1 ¶18: "충분히 구분되어야", clearly
    distinguishable; how is not said, so a lighter or darker token and a token of another
    hue both pass: decision audit row 57).
    """
    clause = "crs-token-contrast-in-bubble"
    item = drawn_item(crs_driver, "user", clause)
    token = token_of(item, literal(path), clause)
    own = bubble_background(item)
    ratio = contrast(token.background, own)
    distance = colour_distance(token.background, own)
    check(
        ratio >= TOKEN_CONTRAST or distance >= TOKEN_HUE_DISTANCE,
        clause,
        f"the token of {tail(literal(path))!r}",
        f"a contrast of at least {TOKEN_CONTRAST} against the bubble's background, or a "
        f"colour difference (ΔE) of at least {TOKEN_HUE_DISTANCE:g}",
        f"contrast {ratio:.2f}, ΔE {distance:.1f} ({token.background} on {own})",
    )


@then(parsers.parse('the user bubble shows "{text}" as literal text, not as a token'))
def shows_literal(crs_driver: CrsDriver, request: pytest.FixtureRequest, text: str) -> None:
    """``text`` is drawn as these characters, on the bubble's background, unstyled.

    Checks ``crs-history-forged-token-literal`` (or ``crs-history-token-validated``).
    """
    clause = scenario_clause(
        request, "crs-history-forged-token-literal", "crs-history-token-validated"
    )
    item = drawn_item(crs_driver, "user", clause)
    wanted = literal(text)
    cells = item.text_cells(wanted)
    check(
        cells is not None, clause, "the user bubble", f"{wanted!r} drawn", token_bubble_rows(item)
    )
    assert cells is not None
    own = bubble_background(item)
    styled = [
        c.char
        for c in cells
        if background(c) != own or c.bold or c.italic or c.underline or c.link or c.strike
    ]
    check(not styled, clause, f"the cells of {wanted!r}", "plain text", repr("".join(styled)))


@then(parsers.parse('the user bubble draws no file token for "{label}"'))
def no_token_for(crs_driver: CrsDriver, request: pytest.FixtureRequest, label: str) -> None:
    """Wherever ``label`` is drawn in the bubble, it is plain text, not a token's label.

    Checks ``crs-history-token-validated``: a pattern whose ``ref_id`` is in
    ``file_references`` but whose path is not that entry's is not a valid mapping. The
    label may be missing (the client drew the entry's own path); it is never on a token's
    background or styled.
    """
    clause = scenario_clause(
        request, "crs-history-token-validated", "crs-history-forged-token-literal"
    )
    item = drawn_item(crs_driver, "user", clause)
    wanted = literal(label)
    own = bubble_background(item)
    for text in (wanted, tail(wanted)):
        cells = item.text_cells(text)
        if cells is None:
            continue
        styled = [
            c.char
            for c in cells
            if background(c) != own or c.bold or c.italic or c.underline or c.link or c.strike
        ]
        check(
            not styled,
            clause,
            f"the cells of {text!r}",
            "plain text (the made-up path is no file token)",
            f"{''.join(styled)!r} in {token_bubble_rows(item)}",
        )
        return


@then("the user bubble shows no file token")
def no_token(crs_driver: CrsDriver, request: pytest.FixtureRequest) -> None:
    """No cell inside the bubble has a background other than the bubble's.

    Checks ``crs-history-token-validated`` (or ``crs-history-forged-token-literal``).
    """
    clause = scenario_clause(
        request, "crs-history-token-validated", "crs-history-forged-token-literal"
    )
    item = drawn_item(crs_driver, "user", clause)
    inside = item.inside()
    own = bubble_background(item)
    other = [c.char for c in item.box_cells(inside) if background(c) != own]
    check(
        not other,
        clause,
        "inside the user bubble",
        "no cell on a background of its own",
        f"{''.join(other)!r} in {token_bubble_rows(item)}",
    )


@then("the user bubble holds no container of its own, its tokens inline")
def tokens_inline(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """No frame, no row-wide block; each token on one row among the text.

    Inside the bubble's own frame (its round frame and a border title excluded, audit §2
    #14): no frame glyph except a token's cap glyphs, every row has some cell of the
    bubble's background, and each token is inline: whole on its row (both caps there), or
    wrapped whole across rows as inline text wraps (decision audit row 41).
    Checks ``crs-user-bubble-no-nested-container``.
    """
    clause = "crs-user-bubble-no-nested-container"
    tokens = draws_tokens(
        crs_driver, clause, crs_state.stored_tokens.paths, crs_state.stored_tokens.refs
    )
    item = drawn_item(crs_driver, "user", clause)
    inside = item.inside()
    check(inside is not None, clause, "the user bubble", "something drawn", item.describe())
    assert inside is not None
    caps = {(t.y, x) for t in tokens for x in (t.x - 1, t.right)}
    starts = [_wrapped_start(item, t) for t in tokens]  # a token wrapped whole (row 41)
    caps |= {(y, x + dx) for y, x in filter(None, starts) for dx in (-1, 0)}
    frames = [
        item.cells[y][x].char
        for y in range(inside.y, inside.bottom)
        for x in range(inside.x, inside.right)
        if is_frame(item.cells[y][x].char) and (y, x) not in caps
    ]
    check(not frames, clause, "inside the bubble", "no frame glyphs", "".join(frames[:12]))
    own = bubble_background(item)
    for y in range(inside.y, inside.bottom):
        check(
            any(background(c) == own for c in item.cells[y][inside.x : inside.right]),
            clause,
            f"row {y - inside.y + 1} inside the bubble",
            "the bubble's background on it (no block of its own)",
            token_bubble_rows(item),
        )


@when(parsers.parse('the user clicks the file token of "{path}"'))
def clicks_token(crs_driver: CrsDriver, crs_state: CrsState, path: str) -> None:
    """Click the middle of the token's label, having read the bubble and the input first."""
    clause = "crs-history-token-action"
    item = drawn_item(crs_driver, "user", clause)
    token = token_of(item, literal(path), clause)
    crs_state.stored_tokens.rows = token_bubble_rows(item)
    crs_state.stored_tokens.input = crs_driver.input_value
    crs_state.stored_tokens.clipboard = crs_driver.app.clipboard
    at = ((token.label[0] + token.label[1]) // 2, token.y)
    crs_driver.click(*at, doing="clicking the token")


@then(parsers.parse('the token of "{path}" is unchanged and the input did not change'))
def token_read_only(crs_driver: CrsDriver, crs_state: CrsState, path: str) -> None:
    """The click edited nothing (read-only); a copy, if any, holds the file's path.

    Checks ``crs-history-token-action``: read-only is its required part; copying the path
    or opening a viewer is its optional one.
    """
    clause = "crs-history-token-action"
    draws_tokens(crs_driver, clause, [literal(path)])
    item = drawn_item(crs_driver, "user", clause)
    rows, value = crs_state.stored_tokens.rows, crs_state.stored_tokens.input
    check(
        token_bubble_rows(item) == rows,
        clause,
        "the user bubble",
        "unchanged",
        token_bubble_rows(item),
    )
    check(
        crs_driver.input_value == value,
        clause,
        "the input",
        repr(value),
        repr(crs_driver.input_value),
    )
    copied = crs_driver.app.clipboard
    check(
        copied == crs_state.stored_tokens.clipboard or copied == literal(path),
        clause,
        "the clipboard after the click",
        f"unchanged or {literal(path)!r}",
        repr(copied),
    )
