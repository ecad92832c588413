"""Steps of ``features/rawp_crs/file_tokens.feature``.

A chosen file becomes an inline token the input treats as one unit.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
from pytest_bdd import given, parsers, then, when
from textual.geometry import Region

from steps.app_driver import key
from steps.checks import check, literal, violation
from steps.rawp_crs.contract import TokenView
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.part3.file_popup import offer_files
from steps.rawp_crs.part3.tokens import (
    RGB,
    add_token,
    clause_of,
    nodes,
    prompts,
    shape,
    tokens,
)
from steps.rawp_crs.state import CrsState
from steps.screen import Cell, screen_cells, screen_rows, text_columns, text_width
from steps.textual_private import hold_animator_clock

NAME_PARTS = re.compile(r"odd(?P<between>\S{1,2}?)name\.txt")
"""The file name ``odd<control>name.txt`` as drawn on one row: what stands for the control."""


def drawn_name(crs_driver: CrsDriver) -> list[str]:
    """Every drawing of ``odd…name.txt`` on one screen row, as drawn."""
    rows = ["".join(row) for row in screen_rows(crs_driver.app)]
    return [found.group(0) for row in rows for found in NAME_PARTS.finditer(row)]


def record_drawn(crs_driver: CrsDriver, drawn_names: dict[str, str], place: str) -> None:
    """Check the name is drawn exactly once, on one row, as it was drawn before.

    ``crs-file-names-harmless`` (HARDENING): the seeds say only that the token shows the
    file name (004 §3.4.5, l. 252), nothing of a line break in one.
    """
    clause = "crs-file-names-harmless"
    seen = drawn_name(crs_driver)
    check(
        len(seen) == 1,
        clause,
        f"the screen, with the file name in the {place}",
        "'odd', one drawable stand-in for the line break, 'name.txt', on one row, once",
        repr(seen) + " in\n" + "\n".join("".join(r) for r in screen_rows(crs_driver.app)),
    )
    first = next(iter(drawn_names.values()), seen[0])
    check(
        seen[0] == first,
        clause,
        f"the file name in the {place}",
        f"drawn as in the {next(iter(drawn_names), place)}: {first!r}",
        repr(seen[0]),
    )
    drawn_names[place] = seen[0]


@when(parsers.parse('the user types "@" and the agent offers the file "{path}"'))
def offered(crs_driver: CrsDriver, path: str) -> None:
    """Open the `@` popup and answer its search with ``path`` alone."""
    crs_driver.type_text("@")
    offer_files(crs_driver, [literal(path)])


@then("the popup draws the file name on one row")
def popup_draws(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """The popup's row shows the name with a drawable stand-in for its line break."""
    record_drawn(crs_driver, crs_state.drawn_names, "popup")


@then("the input draws the token's name on one row, as the popup did")
def input_draws_name(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """The token in the input shows the name as the popup did."""
    record_drawn(crs_driver, crs_state.drawn_names, "input")


@then("the bubble draws the token's name on one row, as the popup did")
def bubble_draws_name(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """The sent bubble's token shows the name as the popup did."""
    record_drawn(crs_driver, crs_state.drawn_names, "bubble")


def cursor(driver: CrsDriver) -> int:
    """The adapter's ``cursor``: an offset where a character and a token count 1 each."""
    return int(driver.part3.cursor(driver.app))


def units(driver: CrsDriver) -> int:
    """The input's length in cursor units."""
    return sum(1 if isinstance(node, TokenView) else len(node) for node in nodes(driver))


def input_cells(driver: CrsDriver) -> tuple[Region, list[list[Cell]]]:
    """The input's content region (inside its border and padding) and the screen's cells."""
    driver.settle()
    return driver.input.content_region, screen_cells(driver.app)


def input_background(region: Region, cells: list[list[Cell]]) -> RGB | None:
    """The commonest background inside the input's region."""
    seen = Counter(
        cells[y][x].background
        for y in range(region.y, region.bottom)
        for x in range(region.x, region.right)
        if y < len(cells) and x < len(cells[y])
    )
    return seen.most_common(1)[0][0] if seen else None


def find_label(driver: CrsDriver, label: str) -> tuple[int, int, list[list[Cell]], Region] | None:
    """``(row, column, cells, region)`` where ``label`` is drawn inside the input, or ``None``."""
    region, cells = input_cells(driver)
    for y in range(region.y, min(region.bottom, len(cells))):
        columns = text_columns(cells[y][region.x : region.right], label)
        if columns:
            return y, region.x + columns[0], cells, region
    return None


def drawn_label(driver: CrsDriver, token: TokenView) -> tuple[int, int, list[list[Cell]], Region]:
    """Where ``token``'s label is drawn in the input, as :func:`find_label` gives it.

    Raises:
        AssertionError: The label is drawn nowhere in the input (``crs-token-replaces-query``).
    """
    found = find_label(driver, token.label)
    if found is None:
        violation(
            "crs-token-replaces-query",
            "the input's rows",
            f"the label {token.label!r}",
            "not drawn",
        )
    return found


def coloured_cells(driver: CrsDriver, row: int, colours: set[RGB], plain: RGB | None) -> int:
    """Cells of screen ``row`` inside the input drawn as part of a token.

    A cell counts when its background is not the input's ``plain`` one, or when it is a
    non-blank glyph drawn in one of the token's ``colours`` (a cap). The cursor's cell may
    count too.
    """
    region, cells = input_cells(driver)
    if not region.y <= row < region.bottom or row >= len(cells):
        return 0
    return sum(
        1
        for cell in cells[row][region.x : region.right]
        if cell.background != plain or (cell.char.strip() and cell.foreground in colours)
    )


def drawn_row(driver: CrsDriver, row: int) -> str:
    """Screen ``row`` inside the input, for messages."""
    region, cells = input_cells(driver)
    if not region.y <= row < min(region.bottom, len(cells)):
        return ""
    return "".join(cell.char for cell in cells[row][region.x : region.right]).rstrip()


@when(parsers.parse('the user adds a token for "{path}" through "@{query}"'))
def adds_through(crs_driver: CrsDriver, crs_state: CrsState, path: str, query: str) -> None:
    """Type ``@query`` and choose ``path`` from the popup."""
    add_token(crs_driver, crs_state.tokens, literal(path), literal(query))


@when(parsers.parse("the user adds a token for a path of {length:d} characters"))
def adds_long(crs_driver: CrsDriver, crs_state: CrsState, length: int) -> None:
    """Choose a path of ``length`` characters: deep directories, then ``main.py``."""
    name = "main.py"
    depth = "d" * 9 + "/"
    path = (depth * (length // len(depth) + 1))[: length - len(name)] + name
    path = path.replace("//", "/x")
    add_token(crs_driver, crs_state.tokens, path)


@when(parsers.parse('the terminal sends "{name}"'))
def terminal_sends(crs_driver: CrsDriver, crs_state: CrsState, name: str) -> None:
    """Deliver the key ``name`` as a terminal does (posted, not waiting for animations).

    With the animator's clock held, Textual's timers are held first (from this key to the
    scenario's end), so a client animating with its own timer is sampled alike.
    """
    if crs_state.tokens.clock is not None:
        crs_state.timers.hold()
    crs_driver.burst([key(name)], f"delivering {name}")


@given("the clock of Textual's animator is held")
def hold_animator(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """Freeze ``App.animator``'s time: animations stay at their current frame until advanced."""
    held = [10_000.0]
    hold_animator_clock(crs_driver.app, lambda: held[0])
    crs_state.tokens.clock = held


@when(parsers.parse("the animator's clock advances {ms:d} ms"))
def advance_animator(crs_driver: CrsDriver, crs_state: CrsState, ms: int) -> None:
    """Advance the held clocks by ``ms`` milliseconds and let the animator draw one frame.

    Both the animator's clock and, once held, Textual's timers' (each tick due on the way
    is released in order: :meth:`HeldTimers.advance`), so an animation driven by either
    stands at the same point.
    """
    assert crs_state.tokens.clock is not None, "hold the animator's clock first"
    crs_state.tokens.clock[0] += ms / 1000

    async def frame() -> None:
        if crs_state.timers.now is not None:
            await crs_state.timers.advance(ms / 1000)
        crs_driver.app.animator()

    crs_driver.run(frame(), "drawing an animation frame")
    crs_driver.settle()


@then(
    parsers.re(
        r'the input reads "(?P<before>[^"]*)", the token for "(?P<path>[^"]*)"'
        r' and "(?P<after>[^"]*)"'
    )
)
def holds_token(crs_driver: CrsDriver, before: str, path: str, after: str) -> None:
    """The input is ``before``, one token of ``path``, ``after`` (``crs-token-replaces-query``)."""
    seen = nodes(crs_driver)
    wanted = [part for part in (literal(before), None, literal(after)) if part != ""]
    ok = len(seen) == len(wanted) and all(
        (isinstance(node, TokenView) and node.path == literal(path))
        if want is None
        else node == want
        for node, want in zip(seen, wanted, strict=False)
    )
    check(
        ok,
        "crs-token-replaces-query",
        "the input's content",
        f"{wanted!r} (None: the token)",
        shape(crs_driver),
    )


@then(parsers.re(r'the input reads "(?P<text>[^"]*)" and no token'))
def holds_text(crs_driver: CrsDriver, request: pytest.FixtureRequest, text: str) -> None:
    """The input holds exactly ``text``, no token (the token was deleted)."""
    seen = nodes(crs_driver)
    check(
        seen == ([literal(text)] if literal(text) else []),
        clause_of(request, "crs-token-backspace-two-step"),
        "the input's content",
        f"{literal(text)!r} and no token",
        shape(crs_driver),
    )


@then(parsers.parse('the input still has the token for "{path}"'))
def still_holds(crs_driver: CrsDriver, request: pytest.FixtureRequest, path: str) -> None:
    """A token for ``path`` is still in the input (the first deleting key only marks it)."""
    check(
        any(token.path == literal(path) for token in tokens(crs_driver)),
        clause_of(request, "crs-token-backspace-two-step"),
        "the input after one deleting key",
        f"the token for {path!r} still there",
        shape(crs_driver),
    )


@then("walking the input with Right and Left stops once per unit, never inside a token")
def walks(crs_driver: CrsDriver) -> None:
    """Home, then Right to the end and Left back: one unit per key (``crs-token-atomic-cursor``).

    A character typed at every stop must land beside the tokens, never in one.
    """
    length = units(crs_driver)
    crs_driver.press("home")
    start = shape(crs_driver)
    stops = [cursor(crs_driver)]
    for _ in range(length):
        crs_driver.press("right")
        stops.append(cursor(crs_driver))
    for _ in range(length):
        crs_driver.press("left")
        stops.append(cursor(crs_driver))
    wanted = [*range(length + 1), *range(length - 1, -1, -1)]
    check(
        stops == wanted,
        "crs-token-atomic-cursor",
        f"the cursor walking {start!r} with Right then Left",
        f"stops {wanted}",
        f"stops {stops}",
    )
    paths = [token.path for token in tokens(crs_driver)]
    for stop in range(length + 1):
        crs_driver.press("home", *(["right"] * stop))
        crs_driver.type_text("x")
        after = [token.path for token in tokens(crs_driver)]
        check(
            after == paths and units(crs_driver) == length + 1,
            "crs-token-atomic-cursor",
            f"typing x at cursor stop {stop}",
            f"the tokens {paths} whole, one character more",
            shape(crs_driver),
        )
        crs_driver.press("backspace")


@then(parsers.parse("the input holds {count:d} tokens, each with its own ref_id"))
def own_ids(crs_driver: CrsDriver, count: int) -> None:
    """``count`` tokens with pairwise distinct ``ref_id`` values (``crs-token-multiple``)."""
    held = tokens(crs_driver)
    check(
        len(held) == count and len({token.ref_id for token in held}) == count,
        "crs-token-multiple",
        "the input's tokens",
        f"{count} tokens with {count} distinct ref_ids",
        [(token.ref_id, token.path) for token in held],
    )


@then("the input holds the deleted token again, with its ref_id and path")
def undone(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """The last token made is back, same ``ref_id`` and path (``crs-token-undo``)."""
    gone = crs_state.tokens.made[-1]
    check(
        any(t.ref_id == gone.ref_id and t.path == gone.path for t in tokens(crs_driver)),
        "crs-token-undo",
        "the input after Ctrl+Z",
        f"the token {gone.ref_id!r} for {gone.path!r}",
        [(t.ref_id, t.path) for t in tokens(crs_driver)],
    )


@then(parsers.parse('the clipboard holds "{text}"'))
def clipboard(crs_driver: CrsDriver, text: str) -> None:
    """``App.clipboard`` is ``text`` (``crs-token-copy-as-text``)."""
    check(
        crs_driver.app.clipboard == literal(text),
        "crs-token-copy-as-text",
        "the clipboard after copying the input",
        repr(literal(text)),
        repr(crs_driver.app.clipboard),
    )


@then("each token's label is the file name, or the whole path when that is short")
def labels(crs_driver: CrsDriver) -> None:
    """Each label shows the name (maybe after ``…/``) or the whole short path (``crs-token-label``).

    A path over 40 characters is not shown whole; ``…/`` (``crs-token-label-elision``) and an
    icon before the label (``crs-token-icon``) are MAY and free.
    """
    for token in tokens(crs_driver):
        name = token.path.rstrip("/").rsplit("/", 1)[-1]
        text = token.label.strip()
        ok = text.endswith(name) and (len(token.path) <= 40 or len(text) < len(token.path))
        check(
            ok and find_label(crs_driver, token.label) is not None,
            "crs-token-label",
            f"the label of the token for a path of {len(token.path)} characters",
            "its file name (or the whole short path), drawn in the input",
            repr(token.label[:80]),
        )


@then("the token is drawn on a background of its own, between two cap glyphs")
def drawn_token(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """The label's cells share a background unlike the input's (``crs-token-background``).

    The cells just before and after it are non-blank cap glyphs (``crs-token-rounded``,
    catalogue decision: distinct caps) drawn in that colour, so the token colour reaches one
    cell past the label on each side (``crs-token-padding``).
    """
    token = crs_state.tokens.made[-1]
    found = drawn_label(crs_driver, token)
    y, x, cells, region = found
    label = cells[y][x : x + text_width(token.label)]
    colours = Counter(cell.background for cell in label)
    colour, _ = colours.most_common(1)[0]
    plain = input_background(region, cells)
    check(
        colour is not None and colour != plain and len(colours) == 1,
        "crs-token-background",
        f"the cells of the label {token.label!r}",
        f"one background, not the input's {plain}",
        dict(colours),
    )
    row = cells[y]

    def in_token(column: int) -> bool:
        if not region.x <= column < min(region.right, len(row)):
            return False
        cell = row[column]
        return cell.background == colour or bool(cell.char.strip() and cell.foreground == colour)

    first, last = x, x + text_width(token.label) - 1
    while in_token(first - 1):
        first -= 1
    while in_token(last + 1):
        last += 1
    ends = [row[first], row[last]]
    glyphs = [cell.char for cell in ends]
    check(
        first < x and last >= x + text_width(token.label) and all(c.char.strip() for c in ends),
        "crs-token-rounded",
        f"the token run {''.join(c.char for c in row[first : last + 1])!r} around its label",
        "a non-blank cap glyph at each end, outside the label",
        glyphs,
    )
    check(
        in_token(x - 1) and in_token(x + text_width(token.label)),
        "crs-token-padding",
        f"the cells beside the label {token.label!r}",
        f"in the token colour {colour} (its background, or a cap drawn in it)",
        [
            (row[c].char, row[c].background, row[c].foreground)
            for c in (x - 1, x + text_width(token.label))
            if region.x <= c < len(row)
        ],
    )
    crs_state.tokens.colour, crs_state.tokens.row, crs_state.tokens.width = (
        colour,
        y,
        text_width(token.label),
    )
    crs_state.tokens.plain = plain


@then("the token is drawn on a background other than its usual one")
def marked(crs_driver: CrsDriver, crs_state: CrsState, request: pytest.FixtureRequest) -> None:
    """The marked token's label has another background (``crs-token-backspace-two-step``)."""
    token = crs_state.tokens.made[-1]
    found = find_label(crs_driver, token.label)
    colour = None
    if found is not None:
        y, x, cells, _ = found
        colour = Counter(
            c.background for c in cells[y][x : x + text_width(token.label)]
        ).most_common(1)[0][0]
    check(
        found is not None and colour not in (None, crs_state.tokens.colour),
        clause_of(request, "crs-token-backspace-two-step"),
        f"the label {token.label!r} after one deleting key",
        f"drawn on a background other than {crs_state.tokens.colour}",
        colour if found else "not drawn",
    )
    crs_state.tokens.marked = colour


@then("the layout is remembered")
def remember_layout(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """Remember the conversation's and the input's regions (for ``crs-token-deletion-no-jump``)."""
    crs_driver.settle()
    crs_state.tokens.regions = (crs_driver.conversation.region, crs_driver.input.region)


@then(parsers.re(r"the deleted token is drawn (?P<how>whole|narrower but not gone|no more)"))
def deletion_frame(crs_driver: CrsDriver, crs_state: CrsState, how: str) -> None:
    """Count the cells in the token's colours on its row, at a held animator frame.

    All of them right after the key (``crs-token-deletion-not-instant``; the cursor may
    cover one), fewer but some mid-way (``crs-token-deletion-animation``), none at the end;
    the layout never moved (``crs-token-deletion-no-jump``).
    """
    crs_driver.settle()
    if crs_state.tokens.regions is not None:
        now = (crs_driver.conversation.region, crs_driver.input.region)
        check(
            now == crs_state.tokens.regions,
            "crs-token-deletion-no-jump",
            "the conversation's and the input's regions during the deletion",
            str(crs_state.tokens.regions),
            str(now),
        )
    colours = {c for c in (crs_state.tokens.colour, crs_state.tokens.marked) if c is not None}
    drawn = coloured_cells(crs_driver, crs_state.tokens.row, colours, crs_state.tokens.plain)
    full = crs_state.tokens.width
    if how == "whole":  # at least its label (the cursor may cover one cell)
        ok, clause, wanted = drawn >= full - 1, "crs-token-deletion-not-instant", f"{full} cells"
    elif how == "no more":  # the cursor's cell may remain
        ok, clause, wanted = drawn <= 1, "crs-token-deletion-animation", "no cell"
    else:
        ok, clause, wanted = (
            1 < drawn < full - 1,
            "crs-token-deletion-animation",
            f"2 to {full - 2} cells",
        )
    check(
        ok,
        clause,
        "the token's cells on its row, during its deletion",
        wanted,
        f"{drawn}: {drawn_row(crs_driver, crs_state.tokens.row)!r}",
    )


@when("the user clicks the middle of the token's label")
def clicks_label(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """Click the screen cell in the middle of the last token's drawn label."""
    token = crs_state.tokens.made[-1]
    found = drawn_label(crs_driver, token)
    y, x, _, _ = found
    crs_driver.click(x + text_width(token.label) // 2, y, doing="clicking the token's label")


@then("the cursor stands at one edge of the token")
def at_edge(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """The cursor is right before or right after the last token (``crs-token-atomic-cursor``)."""
    offset = 0
    for node in nodes(crs_driver):
        if isinstance(node, TokenView) and node.ref_id == crs_state.tokens.made[-1].ref_id:
            break
        offset += 1 if isinstance(node, TokenView) else len(node)
    check(
        cursor(crs_driver) in (offset, offset + 1),
        "crs-token-atomic-cursor",
        f"the cursor after a click on the token in {shape(crs_driver)!r}",
        f"offset {offset} or {offset + 1}",
        cursor(crs_driver),
    )


@then(parsers.parse("prompt {number:d} has {count:d} file references with the chosen paths"))
def sent_references(crs_driver: CrsDriver, crs_state: CrsState, number: int, count: int) -> None:
    """``file_references`` lists each token made, ``ref_id`` and exact path, in order.

    ``count`` entries (``crs-send-file-references``).
    """
    sent = prompts(crs_driver)
    refs = (
        list(getattr(sent[number - 1], "file_references", ()) or ()) if len(sent) >= number else []
    )
    made = [(t.ref_id, t.path) for t in crs_state.tokens.made]
    check(
        len(refs) == count and [(r.ref_id, r.path) for r in refs] == made,
        "crs-send-file-references",
        f"file_references of prompt {number}",
        repr(made),
        repr([(r.ref_id, r.path) for r in refs]),
    )
