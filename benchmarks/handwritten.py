"""Hand-written Pilot scripts: each chat_screen scenario again, without pytest-bdd.

Each script performs the interactions of one scenario (its Background included) on the
reference app and checks the same outcome, the way a developer would write it by hand
with Textual's Pilot and plain ``assert``: one ``async with app.run_test()`` block, no
step matching, no fixtures, no driver, no snapshots it does not need.

Interactions are the same as the steps': text is pasted as one ``Paste`` event and
submitted with ``pilot.press("enter")``; text the scenario types is pressed key by key in
one ``pilot.press`` call; raw values are placed with ``input.value``. Screen checks read
the compositor's strips once. The scripts wait only where a correct script must: no
pause between a paste and the next key (the app queues the key behind the paste and
hands both to the focused input in that order), ``pilot.press`` then waits for the app.
They are the leanest hand-written equivalent of each scenario, not the most idiomatic
one (which would ``pilot.pause()`` after each paste, about 20 ms more each time).

:data:`SCRIPTS` maps the name of a scenario's test function (``item.originalname``) to its
script; a script receives the scenario's Examples row (``{}`` for a plain scenario).
The scripts of ``hostile_input.feature`` are in :mod:`benchmarks.handwritten_hostile`,
which registers them here when this module is imported.
"""

from __future__ import annotations

import os
import random
import sys
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager, contextmanager
from typing import Any

from rich.cells import cell_len
from textual import events
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Input

from reference_app.app import ChatApp
from reference_app.responses import RESPONSES
from reference_app.widgets import MessageItem
from steps.checks import literal

WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_TRUNC
Example = dict[str, str]
Script = Callable[[Example], Coroutine[Any, Any, None]]
SCRIPTS: dict[str, Script] = {}
"""Scenario test-function name -> hand-written script."""


def script(name: str) -> Callable[[Script], Script]:
    """Register the decorated coroutine function as the script of scenario ``name``."""

    def register(function: Script) -> Script:
        SCRIPTS[f"test_{name}"] = function
        return function

    return register


# -- helpers ----------------------------------------------------------------------------


@asynccontextmanager
async def chat(size: tuple[int, int] = (80, 24)) -> AsyncIterator[tuple[ChatApp, Pilot[None]]]:
    """Run a new reference app headless; yield it and its pilot."""
    app = ChatApp()
    async with app.run_test(size=size) as pilot:
        yield app, pilot


@contextmanager
def choice_spy(fixed: str | None = None) -> Any:
    """Record ``random.choice`` calls (and fix its result); restore it afterwards."""
    original = random.choice
    calls: list[tuple[Any, ...]] = []

    def spy(seq: Any) -> Any:
        calls.append(tuple(seq))
        return fixed if fixed is not None else original(seq)

    random.choice = spy
    try:
        yield calls
    finally:
        random.choice = original


async def submit(pilot: Pilot[None], text: str) -> None:
    """Paste ``text`` into the focused input and press Enter."""
    if text:
        pilot.app.post_message(events.Paste(text))
    await pilot.press("enter")


async def submit_raw(pilot: Pilot[None], value: str) -> None:
    """Place ``value`` in the input and press Enter."""
    pilot.app.query_one(Input).value = value
    await pilot.press("enter")


def items(app: ChatApp) -> list[MessageItem]:
    """The message items, in order."""
    return list(app.query(MessageItem))


def texts(app: ChatApp) -> list[str]:
    """The text each item shows."""
    return [str(item.visual.plain) for item in items(app)]  # type: ignore[attr-defined]


def state(app: ChatApp) -> tuple[Any, ...]:
    """Messages, records, item texts and widget count, to compare before and after."""
    session = app.session
    area = app.query_one(VerticalScroll)
    return (
        list(session.messages),
        list(session.submitted_inputs),
        list(session.selected_responses),
        texts(app),
        len(area.query("*")),
    )


def screen_lines(app: ChatApp) -> list[Strip]:
    """The composed screen, one strip (a row of cells) per screen row."""
    return list(app.screen._compositor.render_strips())


def text_columns(app: ChatApp, item: Widget) -> tuple[int, int, int, int]:
    """First and last text cell of ``item``'s first row, and the area's content bounds."""
    content = item.content_region
    inner = screen_lines(app)[content.y].crop(content.x, content.right).text
    first = content.x + len(inner) - len(inner.lstrip())
    last = content.x + cell_len(inner.rstrip()) - 1
    area = app.query_one(VerticalScroll).scrollable_content_region
    return first, last, area.x, area.right - 1


def drawn_left(app: ChatApp, item: Widget) -> bool:
    """Whether the item's text sits nearer the left edge of the area than the right."""
    first, last, left, right = text_columns(app, item)
    return first - left < right - last


def glyph_sides(app: ChatApp, item: Widget) -> tuple[bool, bool]:
    """Whether a visible glyph sits in the item's leftmost and rightmost cells."""
    row, region = screen_lines(app)[item.region.y], item.region
    return bool(row.crop(region.x, region.x + 1).text.strip()), bool(
        row.crop(region.right - 1, region.right).text.strip()
    )


def screen_text(app: ChatApp) -> str:
    """The composed screen as text."""
    return "\n".join(strip.text for strip in screen_lines(app))


# -- blank_input.feature ------------------------------------------------------------------


@script("a_blank_submission_kind_changes_nothing_but_the_input")
async def blank_submission(example: Example) -> None:
    with choice_spy() as calls:
        async with chat() as (app, pilot):
            await submit(pilot, "첫 번째 입력")
            before, choices = state(app), len(calls)
            await submit_raw(pilot, literal(example["value"]))
            assert len(calls) == choices
            assert state(app) == before
            assert app.query_one(Input).value == ""


@script("pressing_enter_on_an_empty_input_adds_nothing")
async def enter_on_empty(example: Example) -> None:
    async with chat() as (app, pilot):
        await submit(pilot, "첫 번째 입력")
        before = state(app)
        await pilot.press("enter")
        assert state(app) == before


# -- compatibility.feature ----------------------------------------------------------------


@script("the_declared_conversation_area_and_input_exist_and_hold_the_items")
async def declared_ids(example: Example) -> None:
    async with chat() as (app, pilot):
        await submit(pilot, "호환")
        area = app.query_one("#chat-log")
        assert isinstance(app.query_one("#chat-input"), Input)
        assert len(area.query(MessageItem)) == len(app.session.messages) == 2


# -- input.feature ------------------------------------------------------------------------


@script("the_input_has_focus_when_the_app_starts")
async def focus_at_start(example: Example) -> None:
    async with chat() as (app, _pilot):
        assert app.focused is app.query_one("#chat-input")


@script("typing_and_pressing_enter_submits_clears_the_input_and_keeps_focus")
async def type_and_enter(example: Example) -> None:
    async with chat() as (app, pilot):
        await pilot.press("안", "녕", "enter")
        field = app.query_one("#chat-input", Input)
        assert len(app.session.messages) == 2
        assert field.value == ""
        assert app.focused is field


@script("leading_and_trailing_whitespace_is_stripped_from_the_body")
async def stripped(example: Example) -> None:
    body = literal(example["body"])
    async with chat() as (app, pilot):
        await submit_raw(pilot, literal(example["value"]))
        assert (app.session.messages[0].role.value, app.session.messages[0].body) == ("user", body)
        assert texts(app)[0] == f"사용자: {body}"
        assert app.session.submitted_inputs == [body]


@script("the_input_is_cleared_after_every_submission")
async def cleared(example: Example) -> None:
    async with chat() as (app, pilot):
        for text in ("하나", "둘"):
            await submit(pilot, text)
            assert app.query_one(Input).value == ""


# -- layout.feature -----------------------------------------------------------------------


@script("items_are_aligned_by_role_in_their_computed_styles")
async def aligned_by_styles(example: Example) -> None:
    async with chat() as (app, pilot):
        await submit(pilot, "왼쪽")
        user, agent = items(app)
        assert user.styles.text_align == "left"
        assert agent.styles.text_align == "right"


@script("items_are_drawn_against_their_roles_edge_of_the_conversation_area")
async def drawn_against_edges(example: Example) -> None:
    async with chat() as (app, pilot):
        await submit(pilot, "왼쪽")
        user, agent = items(app)
        assert drawn_left(app, user)
        assert not drawn_left(app, agent)


@script("items_have_a_border_on_their_roles_side_only_in_their_computed_styles")
async def borders_by_styles(example: Example) -> None:
    async with chat() as (app, pilot):
        await submit(pilot, "왼쪽")
        user, agent = items(app)
        assert user.styles.border_left[0] not in ("", "none") and user.styles.border_right[0] in (
            "",
            "none",
        )
        assert agent.styles.border_right[0] not in ("", "none") and agent.styles.border_left[0] in (
            "",
            "none",
        )


@script("the_border_glyph_is_drawn_on_the_roles_side_only")
async def glyph_on_side(example: Example) -> None:
    async with chat() as (app, pilot):
        await submit(pilot, "왼쪽")
        user, agent = items(app)
        assert glyph_sides(app, user) == (True, False)
        assert glyph_sides(app, agent) == (False, True)


@script("the_layout_holds_in_a_columnsxrows_terminal")
async def layout_resized(example: Example) -> None:
    async with chat() as (app, pilot):
        await submit(pilot, "왼쪽")
        await pilot.resize_terminal(int(example["columns"]), int(example["rows"]))
        await submit(pilot, "크기")
        user, agent = items(app)[2:]
        assert drawn_left(app, user) and glyph_sides(app, user) == (True, False)
        assert not drawn_left(app, agent) and glyph_sides(app, agent) == (False, True)


# -- literal_text.feature -----------------------------------------------------------------


@script("markuplike_input_text_is_shown_as_typed")
async def markup_literal(example: Example) -> None:
    text = example["text"]
    async with chat() as (app, pilot):
        await submit(pilot, text)
        assert texts(app)[0] == f"사용자: {text}"
        assert text in screen_text(app)
        assert app.session.messages[0].body == text


@script("an_actionlike_body_is_not_clickable")
async def not_clickable(example: Example) -> None:
    async with chat() as (app, pilot):
        await submit(pilot, "[@click=app.quit]눌러 보세요[/]")
        await pilot.click(items(app)[0])
        assert app.is_running


# -- messages.feature ---------------------------------------------------------------------


@script("one_valid_input_adds_a_user_message_then_an_agent_response")
async def one_pair(example: Example) -> None:
    with choice_spy("맡겨만 주세요."):
        async with chat() as (app, pilot):
            await submit(pilot, "첫 번째 입력")
            seen = [(m.role.value, m.body) for m in app.session.messages]
            assert seen == [("user", "첫 번째 입력"), ("agent", "맡겨만 주세요.")]


@script("several_submissions_accumulate_pairs_in_submission_order")
async def several_pairs(example: Example) -> None:
    async with chat() as (app, pilot):
        for text in ("하나", "둘", "셋"):
            await submit(pilot, text)
        messages = app.session.messages
        assert [m.role.value for m in messages] == ["user", "agent"] * 3
        assert [m.body for m in messages[::2]] == ["하나", "둘", "셋"]
        assert texts(app) == [m.display_text for m in messages]


@script("a_later_submission_leaves_earlier_messages_and_items_unchanged")
async def earlier_unchanged(example: Example) -> None:
    async with chat() as (app, pilot):
        await submit(pilot, "첫 번째 입력")
        messages, shown = list(app.session.messages), texts(app)
        await submit(pilot, "두 번째 입력")
        assert app.session.messages[:2] == messages and texts(app)[:2] == shown


@script("the_role_of_each_message_comes_from_the_message_data")
async def roles_from_data(example: Example) -> None:
    async with chat() as (app, pilot):
        await submit(pilot, "역할 확인")
        assert [m.role.value for m in app.session.messages] == ["user", "agent"]


# -- quitting.feature ---------------------------------------------------------------------


@script("key_quits_without_adding_anything")
async def quit_key(example: Example) -> None:
    key = {"Escape": "escape", "Ctrl+Q": "ctrl+q"}[example["key"]]
    async with chat() as (app, pilot):
        await submit(pilot, "떠나기 전")
        app.post_message(events.Paste("쓰다 만 글"))
        await pilot.press(key)
        while app.is_running:
            await pilot.pause()
        assert len(app.session.messages) == 2 and len(app.session.submitted_inputs) == 1


# -- rendering.feature --------------------------------------------------------------------


@script("the_contracts_examples_are_shown_with_their_role_labels")
async def contract_examples(example: Example) -> None:
    with choice_spy("맡겨만 주세요."):
        async with chat() as (app, pilot):
            await submit(pilot, "첫 번째 입력")
            expected = ["사용자: 첫 번째 입력", "에이전트: 맡겨만 주세요."]
            assert texts(app) == expected
            drawn = screen_text(app)
            assert all(text in drawn for text in expected)


@script("each_message_is_one_label_widget_combining_label_and_body")
async def one_label_each(example: Example) -> None:
    async with chat() as (app, pilot):
        await submit(pilot, "한 줄")
        assert texts(app) == [m.display_text for m in app.session.messages]


@script("each_item_carries_the_classes_of_its_role")
async def role_classes(example: Example) -> None:
    async with chat() as (app, pilot):
        await submit(pilot, "클래스 확인")
        user, agent = items(app)
        assert {"chat-message", "user-message", "user-role"} <= user.classes
        assert not {"response-message", "agent-role"} & user.classes
        assert {"chat-message", "response-message", "agent-role"} <= agent.classes
        assert not {"user-message", "user-role"} & agent.classes


@script("label_and_classes_always_agree_with_the_role_in_the_message_list")
async def classes_agree(example: Example) -> None:
    async with chat() as (app, pilot):
        for text in ("가", "나"):
            await submit(pilot, text)
        for message, item in zip(app.session.messages, items(app), strict=True):
            assert str(item.visual.plain).startswith(f"{message.role.label}: ")  # type: ignore[attr-defined]
            assert f"{message.role.value}-role" in item.classes


# -- responses.feature --------------------------------------------------------------------


@script("the_agents_body_is_one_of_the_fixed_responses")
async def fixed_bodies(example: Example) -> None:
    async with chat() as (app, pilot):
        for text in ("하나", "둘", "셋"):
            await submit(pilot, text)
        assert all(m.body in RESPONSES for m in app.session.messages[1::2])


@script("the_standard_choice_is_called_exactly_once_per_valid_submission_with_the_fixed_list")
async def one_choice_each(example: Example) -> None:
    with choice_spy() as calls:
        async with chat() as (_app, pilot):
            await submit(pilot, "하나")
            assert calls == [RESPONSES]
            await submit(pilot, "둘")
            assert calls == [RESPONSES, RESPONSES]


@script("with_the_choice_fixed_the_response_is_the_fixed_value")
async def fixed_choice(example: Example) -> None:
    with choice_spy("알겠어요."):
        async with chat() as (app, pilot):
            await submit(pilot, "결정적")
            assert app.session.messages[1].body == "알겠어요."
            assert texts(app)[1] == "에이전트: 알겠어요."


@script("the_session_records_grow_in_step_with_the_message_list")
async def records(example: Example) -> None:
    with choice_spy("맡겨만 주세요."):
        async with chat() as (app, pilot):
            for text in ("하나", "둘"):
                await submit(pilot, text)
            assert app.session.submitted_inputs == ["하나", "둘"]
            assert app.session.selected_responses == ["맡겨만 주세요."] * 2


# -- scope.feature ------------------------------------------------------------------------


OUTBOUND = (
    "socket.connect", "socket.send", "socket.getaddrinfo", "subprocess.Popen",
    "os.system", "os.fork", "os.exec", "os.posix_spawn", "os.spawn",
)  # fmt: skip
"""Prefixes of the audit events of a network call or a process, which the scope scripts refuse."""
WATCHES: list[list[str]] = []
"""The open watch's list of refused events, if any (one audit hook serves every script)."""
HOOKED: list[object] = []
"""The audit hook, once installed (it cannot be removed; it is quiet while no watch is open)."""


def _hook(event: str, args: tuple[Any, ...]) -> None:
    if not WATCHES:
        return
    writing = event == "open" and isinstance(args[2], int) and bool(args[2] & WRITE_FLAGS)
    if writing or event.startswith(OUTBOUND):
        WATCHES[-1].append(event)
        raise PermissionError(event)


@contextmanager
def outbound_watch() -> Any:
    """Refuse and record network calls, processes and writes (``open`` for writing) inside."""
    if not HOOKED:
        sys.addaudithook(_hook)
        HOOKED.append(_hook)
    WATCHES.append([])
    try:
        yield WATCHES[-1]
    finally:
        WATCHES.pop()


@script("a_conversation_makes_no_network_call_and_starts_no_process")
async def no_network(example: Example) -> None:
    with outbound_watch() as seen:
        async with chat() as (_app, pilot):
            for text in ("네트워크", "두 번째"):
                await submit(pilot, text)
    assert not seen


@script("a_conversation_and_its_quit_write_no_file_and_call_nothing")
async def no_files(example: Example) -> None:
    with outbound_watch() as seen:
        async with chat() as (app, pilot):
            for text in ("저장하지 마", "두 번째"):
                await submit(pilot, text)
            await pilot.press("ctrl+q")
            while app.is_running:
                await pilot.pause()
    assert not seen


async def start_again(quit_key: str | None) -> None:
    """Submit, end the app (``quit_key``, or leave ``run_test``), check a new app is empty."""
    async with chat() as (app, pilot):
        await submit(pilot, "기억하지 마")
        if quit_key:
            await pilot.press(quit_key)
            while app.is_running:
                await pilot.pause()
    async with chat() as (app, _pilot):
        session = app.session
        assert not session.messages and not items(app)
        assert not session.submitted_inputs and not session.selected_responses


@script("a_new_app_starts_empty_after_a_previous_conversation")
async def starts_empty(example: Example) -> None:
    await start_again(None)  # the step ends the app as run_test does (App.exit), not by a key


@script("a_new_app_starts_empty_after_the_previous_one_was_quit_with_ctrlq")
async def starts_empty_after_ctrl_q(example: Example) -> None:
    await start_again("ctrl+q")


# -- scrolling.feature --------------------------------------------------------------------


@script("after_many_submissions_the_last_item_is_visible")
async def scrolled(example: Example) -> None:
    async with chat(size=(60, 12)) as (app, pilot):
        for number in range(1, 9):
            await submit(pilot, f"입력 {number}")
        area = app.query_one(VerticalScroll)
        assert area.max_scroll_y > 0 and area.scroll_y >= area.max_scroll_y
        last = items(app)[-1]
        assert area.scrollable_content_region.contains_region(last.region)
        assert "입력 8" in screen_text(app)


# Registers the scripts of hostile_input.feature in SCRIPTS; it imports the helpers above.
import benchmarks.handwritten_hostile  # noqa: E402, F401
