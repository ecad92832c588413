"""Unit tests of the reference app: its role model, session records and message widget.

Expected values come from the interface contract (seed 000), never from the app.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from textual import events
from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Input

from reference_app.app import ChatApp
from reference_app.model import Message, Role, Session
from reference_app.widgets import MessageItem
from steps.screen import screen_text, widget_text

CONTRACT = {
    "user": ("사용자", ("chat-message", "user-message", "user-role")),
    "agent": ("에이전트", ("chat-message", "response-message", "agent-role")),
}
"""Role value -> (screen label, classes in contract order), as seed 000 states them."""
MARKUP_LIKE = ["[bold]x[/bold]", "[@click=app.quit]x[/]", "[/]", "[link=x]y", "\\[escaped]"]


def test_the_roles_are_exactly_user_and_agent() -> None:
    assert {role.value for role in Role} == set(CONTRACT)


@pytest.mark.parametrize("value", list(CONTRACT))
def test_label_and_classes_are_derived_from_the_role(value: str) -> None:
    label, classes = CONTRACT[value]
    assert Role(value).label == label
    assert Role(value).classes == classes


def test_a_message_cannot_be_changed_once_built() -> None:
    message = Message(Role.USER, "본문")
    with pytest.raises(dataclasses.FrozenInstanceError):
        message.body = "다른 본문"  # type: ignore[misc]


def test_session_record_appends_user_then_agent_and_both_records() -> None:
    session = Session()
    session.record("하나", "응답 1")
    session.record("둘", "응답 2")
    assert [(m.role.value, m.body) for m in session.messages] == [
        ("user", "하나"),
        ("agent", "응답 1"),
        ("user", "둘"),
        ("agent", "응답 2"),
    ]
    assert session.submitted_inputs == ["하나", "둘"]
    assert session.selected_responses == ["응답 1", "응답 2"]


async def submit(app: ChatApp, value: str) -> None:
    """Put ``value`` in the input and press Enter, then wait until the app is idle."""
    async with app.run_test() as pilot:
        app.query_one(Input).value = value
        await pilot.press("enter")
        await pilot.pause()


@pytest.mark.asyncio
async def test_the_input_has_focus_when_the_app_starts() -> None:
    app = ChatApp()
    async with app.run_test():
        assert isinstance(app.focused, Input)
        assert app.focused.id == ChatApp.INPUT_ID


@pytest.mark.asyncio
async def test_a_submission_records_the_stripped_input_and_the_chosen_response(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[tuple[str, ...]] = []

    def last(seq: tuple[str, ...]) -> str:
        calls.append(tuple(seq))
        return seq[-1]

    monkeypatch.setattr(random, "choice", last)
    app = ChatApp(responses=("가", "나"))
    await submit(app, "  안녕  ")
    assert calls == [("가", "나")]
    assert [(m.role, m.body) for m in app.session.messages] == [
        (Role.USER, "안녕"),
        (Role.AGENT, "나"),
    ]
    assert (app.session.submitted_inputs, app.session.selected_responses) == (["안녕"], ["나"])


@pytest.mark.asyncio
@pytest.mark.parametrize("value", ["", "   ", "\t\n"])
async def test_a_blank_submission_clears_the_input_and_adds_nothing(value: str) -> None:
    app = ChatApp()
    async with app.run_test() as pilot:
        app.query_one(Input).value = value
        await pilot.press("enter")
        await pilot.pause()
        assert app.query_one(Input).value == ""
        assert app.session == Session()
        assert not app.query(MessageItem)


class OneItemApp(App[None]):
    """Shows one :class:`MessageItem` in a scroll container."""

    def __init__(self, message: Message) -> None:
        super().__init__()
        self.message = message

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield MessageItem(self.message)


@pytest.mark.asyncio
@pytest.mark.parametrize("body", MARKUP_LIKE)
async def test_a_message_item_shows_markup_like_text_literally(body: str) -> None:
    app = OneItemApp(Message(Role.USER, body))
    async with app.run_test(size=(60, 5)) as pilot:
        await pilot.pause()
        item = app.query_one(MessageItem)
        assert widget_text(item) == f"사용자: {body}"
        assert f"사용자: {body}" in screen_text(app)


@pytest.mark.asyncio
@pytest.mark.parametrize("value", list(CONTRACT))
async def test_a_message_item_takes_its_classes_from_the_role(value: str) -> None:
    app = OneItemApp(Message(Role(value), "본문"))
    async with app.run_test():
        item = app.query_one(MessageItem)
        assert set(CONTRACT[value][1]) <= item.classes
        other = next(role for role in CONTRACT if role != value)
        assert not (set(CONTRACT[other][1]) - {"chat-message"}) & item.classes


# -- as a terminal drives it (issue 11: bursts, pastes, clicks) ------------------------


@pytest.mark.asyncio
async def test_a_multi_line_paste_is_submitted_whole_with_its_line_breaks_as_spaces() -> None:
    app = ChatApp()
    async with app.run_test() as pilot:
        app.post_message(events.Paste("l1\nl2\r\nl3"))
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.submitted_inputs == ["l1 l2 l3"]


@pytest.mark.asyncio
async def test_a_pasted_escape_sequence_is_kept_and_drawn_as_pictures_in_the_input() -> None:
    app = ChatApp()
    async with app.run_test() as pilot:
        app.post_message(events.Paste("before\x1b[2Jafter"))
        await pilot.pause()
        field = app.query_one(Input)
        assert field.value == "before\x1b[2Jafter"
        assert "before␛[2Jafter" in screen_text(app)


@pytest.mark.asyncio
async def test_typing_after_a_click_on_the_conversation_reaches_the_input() -> None:
    app = ChatApp()
    async with app.run_test() as pilot:
        await pilot.press("a", "enter")
        await pilot.click(f"#{ChatApp.CONVERSATION_ID}", offset=(5, 5))
        await pilot.press("b", "c")
        await pilot.pause()
        assert app.query_one(Input).value == "bc"


@pytest.mark.asyncio
async def test_keys_sent_in_one_burst_give_one_message_per_enter() -> None:
    app = ChatApp()
    async with app.run_test() as pilot:
        for number in range(1, 501):
            for char in f"zq{number}":
                app.post_message(events.Key(char, char))
            app.post_message(events.Key("enter", "\r"))
        for _ in range(100):  # bounded: each pause waits until the app is idle again
            await pilot.pause()
            if len(app.session.submitted_inputs) >= 500:
                break
        assert app.session.submitted_inputs == [f"zq{number}" for number in range(1, 501)]
