"""Hand-written Pilot scripts of ``hostile_input.feature``, registered in ``SCRIPTS``.

Same conventions as :mod:`benchmarks.handwritten` (imported from there, whose helpers
they use): one ``async with app.run_test()`` block per app, the steps' interactions
(paste then Enter, ``input.value`` then Enter, ``resize_terminal``, a click at a screen
cell, paste and Enter posted without waiting), plain ``assert`` on the same outcome.

Layout checks read the screen once and judge every visible item against its role's side
the way the step does, on the rows its text is drawn on: a border glyph between the text
and that edge of the area on every row, not on the other; an item fully in view must sit
against that edge. Items fill the area's width in the reference app, so a wrapped item's
side is the one where all its rows line up.
"""

from __future__ import annotations

import asyncio
import math
import re
import unicodedata
from collections.abc import Iterator

from rich.cells import cell_len
from rich.segment import Segment
from textual import events
from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Input

from benchmarks.handwritten import (
    Example,
    blank_submission,
    chat,
    choice_spy,
    items,
    screen_lines,
    screen_text,
    script,
    submit,
    submit_raw,
    texts,
)
from reference_app.app import ChatApp
from reference_app.responses import RESPONSES
from steps.checks import literal

LABELS = {"user": "사용자", "agent": "에이전트"}
CLASSES = {
    "user": {"chat-message", "user-message", "user-role"},
    "agent": {"chat-message", "response-message", "agent-role"},
}
SIDE = {"user": "left", "agent": "right"}
CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f]+")
"""Runs of control characters other than TAB."""
BLANK = " \u00a0"
"""Characters that draw nothing visible (the second half of a wide cell is not a char)."""
WIDE_RESPONSE = "조금 더 자세히 말씀해 주세요."


# -- helpers ----------------------------------------------------------------------------


def area_of(app: ChatApp) -> VerticalScroll:
    """The conversation area."""
    return app.query_one(VerticalScroll)


def shown(item: Widget) -> str:
    """The text one item shows."""
    return str(item.visual.plain)  # type: ignore[attr-defined]


def segments(lines: list[Strip]) -> Iterator[tuple[int, int, Segment]]:
    """Each segment of the screen with its row and first column."""
    for y, line in enumerate(lines):
        x = 0
        for segment in line:
            yield y, x, segment
            x += cell_len(segment.text)


def no_link_or_action(app: ChatApp, lines: list[Strip]) -> None:
    """No cell of the conversation area carries a hyperlink or a click action."""
    area = area_of(app).region
    for y, x, segment in segments(lines):
        if area.y <= y < area.bottom and x < area.right and x + len(segment.text) > area.x:
            style = segment.style
            if style is not None:
                assert style.link is None and not any(key.startswith("@") for key in style.meta)


def find_drawn(app: ChatApp, item: Widget, text: str) -> tuple[int, int]:
    """Screen cell where ``text`` is first drawn inside ``item``'s visible region."""
    region = item.region.intersection(area_of(app).scrollable_content_region)
    lines = screen_lines(app)
    for y in range(region.y, region.bottom):
        row = lines[y].crop(region.x, region.right).text
        if text in row:
            return region.x + cell_len(row[: row.index(text)]), y
    raise AssertionError(f"{text!r} is not drawn in the item")


def text_spans(lines: list[Strip], content: Region) -> list[tuple[int, int, int]]:
    """(row, first column, last column) of the text on each row of ``content`` that has any."""
    spans = []
    for y in range(content.y, content.bottom):
        row = lines[y].crop(content.x, content.right).text
        if row.strip(BLANK):
            first = content.x + cell_len(row) - cell_len(row.lstrip(BLANK))
            spans.append((y, first, content.x + cell_len(row.rstrip(BLANK)) - 1))
    return spans


def placement(spans: list[tuple[int, int, int]], bounds: Region) -> str | None:
    """The side the text sits against: where wrapped rows line up, else the nearer edge."""
    lefts, rights = {first for _, first, _ in spans}, {last for _, _, last in spans}
    if len(lefts) == 1 < len(rights):
        return "left"
    if len(rights) == 1 < len(lefts):
        return "right"
    left, right = min(lefts) - bounds.x, bounds.right - 1 - max(rights)
    return None if left == right else "left" if left < right else "right"


def role_layout_holds(app: ChatApp) -> None:
    """Every visible item sits against, and is bordered on, its role's side only."""
    lines = screen_lines(app)
    bounds = area_of(app).scrollable_content_region
    judged = 0
    for message, item in zip(app.session.messages, items(app), strict=False):
        content = item.content_region.intersection(bounds)
        if not content.height:
            continue
        spans = text_spans(lines, content)
        assert spans, f"no text drawn for {message}"
        glyphs = {
            "left": all(lines[y].crop(bounds.x, first).text.strip(BLANK) for y, first, _ in spans),
            "right": all(
                lines[y].crop(last + 1, bounds.right).text.strip(BLANK) for y, _, last in spans
            ),
        }
        side = SIDE[message.role.value]
        other = "right" if side == "left" else "left"
        assert glyphs[side] and not glyphs[other]
        if bounds.contains_region(item.content_region):
            assert placement(spans, bounds) == side
            judged += 1
    assert judged


def items_follow_messages(app: ChatApp) -> None:
    """Item ``i`` shows ``<label>: <body>`` of message ``i``."""
    messages = app.session.messages
    assert texts(app) == [f"{LABELS[m.role.value]}: {m.body}" for m in messages]


def labels_and_classes_match(app: ChatApp) -> None:
    """Each item's label and classes are those of its message's role, none of the other's."""
    messages, shown_items = app.session.messages, items(app)
    assert len(shown_items) == len(messages)
    for message, item in zip(messages, shown_items, strict=True):
        role = message.role.value
        other = "agent" if role == "user" else "user"
        assert shown(item).startswith(f"{LABELS[role]}: ")
        assert CLASSES[role] <= item.classes
        assert not (CLASSES[other] - CLASSES[role]) & item.classes


def scrolled_to_end(app: ChatApp) -> None:
    """The conversation area's scroll offset is at its maximum."""
    area = area_of(app)
    assert area.scroll_y >= area.max_scroll_y


def last_item_visible(app: ChatApp) -> None:
    """The last item lies inside the visible area and its last word is on the screen."""
    last = items(app)[-1]
    region = last.region
    assert region.height and area_of(app).scrollable_content_region.contains_region(region)
    assert shown(last).split()[-1] in screen_text(app)


def long_text(count: int) -> str:
    """A text of exactly ``count`` characters: numbered Hangul and ASCII words."""
    text = "".join(f"{number:05d} 긴글 text " for number in range(count // 10 + 1))
    return text[: count - 1] + "끝"


def wraps_within_area(app: ChatApp, item: Widget, text: str) -> None:
    """``item`` is no wider than the area, tall enough for ``text``, and shows part of it."""
    bounds = area_of(app).scrollable_content_region
    region = item.content_region
    assert bounds.x <= region.x and region.right <= bounds.right
    assert region.height >= math.ceil(cell_len(text) / bounds.width)
    visible = region.intersection(bounds)
    lines = screen_lines(app)
    drawn = "".join(
        lines[y].crop(visible.x, visible.right).text for y in range(visible.y, visible.bottom)
    )
    squeezed = "".join(drawn.split())
    assert squeezed and squeezed in "".join(text.split())


# -- hostile_input.feature ----------------------------------------------------------------


@script("clicking_the_text_of_an_actionlike_body_text_does_nothing")
async def click_body_text(example: Example) -> None:
    async with chat() as (app, pilot):
        await submit(pilot, literal(example["text"]))
        x, y = find_drawn(app, items(app)[0], literal(example["target"]))
        await pilot.click(offset=(x, y))
        assert app.is_running
        assert len(items(app)) == 2
        no_link_or_action(app, screen_lines(app))


@script("control_characters_kind_never_reach_the_terminal")
async def control_characters(example: Example) -> None:
    text = literal(example["text"])
    async with chat() as (app, pilot):
        await submit(pilot, text)
        message = app.session.messages[0]
        assert (message.role.value, message.body) == ("user", text)
        item_text, position = texts(app)[0], len("사용자: ")
        assert item_text.startswith("사용자: ")
        for run in filter(None, CONTROL.split(text)):
            found = item_text.find(run, position)
            assert found >= 0
            position = found + len(run)
        assert literal(example["shown"]) in screen_text(app)
        lines = screen_lines(app)
        for _y, _x, segment in segments(lines):
            assert not segment.control
            assert not any(unicodedata.category(char) == "Cc" for char in segment.text)
        no_link_or_action(app, lines)


# Same steps as blank_input.feature's outline, other values.
script("unicode_whitespace_kind_is_blank_as_strstrip_sees_it")(blank_submission)


@script("an_invisible_character_that_is_not_whitespace_kind_is_a_body")
async def invisible_body(example: Example) -> None:
    with choice_spy() as calls:
        async with chat() as (app, pilot):
            await submit_raw(pilot, literal(example["value"]))
            assert calls == [RESPONSES]
            message = app.session.messages[0]
            assert (message.role.value, message.body) == ("user", literal(example["body"]))


@script("wide_characters_kind_keep_the_left_and_right_layout")
async def wide_characters(example: Example) -> None:
    text = literal(example["text"])
    with choice_spy(WIDE_RESPONSE):
        async with chat() as (app, pilot):
            await submit(pilot, text)
            assert shown(items(app)[0]) == f"사용자: {text}"
            role_layout_holds(app)


@script("wide_characters_wrapped_in_a_narrow_terminal_keep_the_left_and_right_layout")
async def wide_characters_wrapped(example: Example) -> None:
    with choice_spy(WIDE_RESPONSE):
        async with chat() as (app, pilot):
            await pilot.resize_terminal(30, 16)
            await submit(pilot, "가나다라마바사아자차카타파하가나다라마바사아자차카타파하👩‍👩‍👧‍👦")
            role_layout_holds(app)


@script("a_20000character_input_is_accepted_kept_intact_and_wrapped")
async def long_input(example: Example) -> None:
    text = long_text(20_000)
    async with chat() as (app, pilot):
        await submit(pilot, text)
        message = app.session.messages[0]
        assert (message.role.value, message.body) == ("user", text)
        first = items(app)[0]
        assert shown(first) == f"사용자: {text}"
        wraps_within_area(app, first, text)
        last_item_visible(app)
        await submit(pilot, "그다음")
        assert shown(items(app)[2]) == "사용자: 그다음"


@script("submissions_in_quick_succession_keep_their_exact_order")
async def rapid_submissions(example: Example) -> None:
    inputs = [f"빠른 입력 {number}" for number in range(1, 201)]
    with choice_spy() as calls:
        async with chat() as (app, pilot):
            field = app.query_one(Input)
            for text in inputs:  # the next paste waits only for the input to take the last
                app.post_message(events.Paste(text))
                while not field.value:
                    await asyncio.sleep(0)
                app.post_message(events.Key("enter", "\r"))
                while field.value:
                    await asyncio.sleep(0)
            while len(items(app)) < 2 * len(inputs):
                await pilot.pause()
            await pilot.pause()
            session = app.session
            roles = [m.role.value for m in session.messages]
            assert roles == ["user", "agent"] * len(inputs)
            assert [m.body for m in session.messages[::2]] == inputs
            assert session.submitted_inputs == inputs
            assert session.selected_responses == [m.body for m in session.messages[1::2]]
            items_follow_messages(app)
            assert calls == [RESPONSES] * len(inputs)
            last_item_visible(app)


@script("every_rule_holds_in_a_30x10_terminal")
async def tiny_terminal(example: Example) -> None:
    async with chat() as (app, pilot):
        await pilot.resize_terminal(30, 10)
        for text in ("작은 화면", "두 번째 입력은 조금 더 깁니다", "셋"):
            await submit(pilot, text)
        items_follow_messages(app)
        labels_and_classes_match(app)
        role_layout_holds(app)
        scrolled_to_end(app)
        last_item_visible(app)
        field = app.query_one(Input)
        assert field.value == ""
        assert app.focused is field


@script("a_resize_in_the_middle_of_a_conversation_keeps_every_rule")
async def resized_mid_conversation(example: Example) -> None:
    async with chat() as (app, pilot):
        for text in ("넓은 화면에서", "두 번째"):
            await submit(pilot, text)
        await pilot.resize_terminal(30, 10)
        await submit(pilot, "작아진 뒤에")
        items_follow_messages(app)
        labels_and_classes_match(app)
        role_layout_holds(app)
        scrolled_to_end(app)
        last_item_visible(app)
        await pilot.resize_terminal(120, 30)
        role_layout_holds(app)
        items_follow_messages(app)
        assert app.focused is app.query_one(Input)
