"""The item-rules step names the rule an item's text breaks, and reads control characters fairly."""

from __future__ import annotations

import pytest

from steps.chat_screen.rule_steps import text_rules
from steps.checks import named_clause


def broken_rule(role: str, body: str, text: str) -> str | None:
    """The clause :func:`text_rules` names for ``text``, ``None`` when it accepts it."""
    try:
        text_rules("item 1", role, body, text)
    except AssertionError as error:
        return named_clause(str(error))
    return None


@pytest.mark.parametrize(
    ("role", "body", "text", "clause"),
    [
        ("agent", "네.", "에이전트: 네.", None),
        ("agent", "네.", "에이젼트: 네.", "role-labels"),
        ("agent", "네.", "사용자: 네.", "label-and-classes-from-role"),
        ("user", "안녕", "사용자:안녕", "display-format"),
        ("user", "안녕", "안녕", "display-format"),
        ("user", "안녕", "사용자: 안녕 ", "display-format"),
        ("user", "a\x1bb", "사용자: a␛b", None),
        ("user", "a\x1bb", "사용자: ab", None),
        ("user", "a\x1bb", "사용자: b", "display-format"),
        ("user", "a\tb", "사용자: a b", None),
    ],
)
def test_the_text_of_an_item_is_judged_by_the_rule_it_breaks(
    role: str, body: str, text: str, clause: str | None
) -> None:
    assert broken_rule(role, body, text) == clause
