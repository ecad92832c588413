"""The user bubble's markdown subset (004 §3.1) and the timestamp format (002 §2.4)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

import pytest
from textual.style import Style

from reference_crs.timefmt import separator_text, stamp_text
from reference_crs.user_markdown import CODE_STYLE, render_user_markdown


def _styles_of(text: str, fragment: str) -> list[object]:
    content = render_user_markdown(text)
    start = content.plain.index(fragment)
    end = start + len(fragment)
    return [span.style for span in content.spans if span.start <= start and span.end >= end]


@pytest.mark.parametrize(
    ("typed", "shown", "style"),
    [
        ("**bold**", "bold", "bold"),
        ("__bold__", "bold", "bold"),
        ("*it*", "it", "italic"),
        ("_it_", "it", "italic"),
        ("~~gone~~", "gone", "strike"),
        ("`x = 1`", "x = 1", CODE_STYLE),
    ],
)
def test_inline_styles_are_rendered(typed: str, shown: str, style: str) -> None:
    assert render_user_markdown(f"a {typed} b").plain == f"a {shown} b"
    assert style in _styles_of(f"a {typed} b", shown)


def test_bold_italic_gets_both() -> None:
    assert {"bold", "italic"} <= set(_styles_of("***both***", "both"))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("typed", "label", "url"),
    [
        ("[docs](https://x.org/d)", "docs", "https://x.org/d"),
        ("see https://x.org", "https://x.org", "https://x.org"),
    ],
)
def test_links_and_autolinks_carry_their_target(typed: str, label: str, url: str) -> None:
    links = [s for s in _styles_of(typed, label) if isinstance(s, Style)]
    assert [link.link for link in links] == [url]


def test_a_line_break_stays_a_line_break() -> None:
    assert render_user_markdown("one\ntwo").plain == "one\ntwo"


def test_lists_get_bullets_and_numbers() -> None:
    assert render_user_markdown("- a\n* b").plain == "• a\n• b"
    assert render_user_markdown("1. a\n2. b").plain == "1. a\n2. b"


@pytest.mark.parametrize(
    "typed",
    [
        "# heading",
        "> quote",
        "---",
        "| a | b |\n| - | - |",
        "$x^2$",
        "![alt](x.png)",
        "![alt](https://x.org/i.png)",
        "```\ncode\n```",
        "```python\nprint('**x**')\n```",
        "~~~\nfence\n~~~",
        "<b>html</b> &amp;",
        "==mark== [^1] :::note",
    ],
)
def test_block_constructs_and_unknown_syntax_are_shown_as_typed(typed: str) -> None:
    content = render_user_markdown(typed)
    assert content.plain == typed
    assert content.spans == []


def test_a_fence_stays_literal_while_the_text_around_it_is_rendered() -> None:
    content = render_user_markdown("*a*\n```\n`b`\n```\n*c*")
    assert content.plain == "a\n```\n`b`\n```\nc"


def test_control_characters_are_shown_not_sent_to_the_terminal() -> None:
    assert render_user_markdown("a\x1b[31mb").plain == "a\u241b[31mb"


NOW = datetime(2026, 3, 11, 5, 32, tzinfo=UTC)
SEOUL = timezone(timedelta(hours=9))


def test_today_is_hours_and_minutes_in_local_time(monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    monkeypatch.setenv("TZ", "Asia/Seoul")
    time.tzset()
    try:
        assert stamp_text(NOW, NOW) == "14:32"
        assert stamp_text(NOW - timedelta(days=1), NOW) == "3/10 14:32"
        assert stamp_text(NOW - timedelta(days=365), NOW) == "2025/3/11 14:32"
        # 23:30 UTC on the 10th is already the 11th in Seoul: today
        assert stamp_text(datetime(2026, 3, 10, 23, 30, tzinfo=UTC), NOW) == "08:30"
    finally:
        monkeypatch.undo()
        time.tzset()


def test_the_separator_names_the_date() -> None:
    assert separator_text(date(2025, 3, 11)) == "── 2025년 3월 11일 ──"
