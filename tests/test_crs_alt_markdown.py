"""The alternative client's own parser of the user-bubble markdown subset (004 §3.1).

The conformance features judge what is drawn; these cases pin the parser's traps down
where a feature would only see a symptom: fences, images, intraword underscores, nested
emphasis, list numbering and the end of a bare URL.
"""

from __future__ import annotations

import pytest
from rich.style import Style

from examples.crs_alt.bubble_markdown import BubbleLine, parse


def spans(row: BubbleLine) -> list[tuple[str, str]]:
    """The styled pieces of a row as ``(text, style)``."""
    return [(row.text.plain[span.start : span.end], str(span.style)) for span in row.text.spans]


@pytest.mark.parametrize(
    ("source", "plain", "styled"),
    [
        ("**a** __b__", "a b", [("a", "bold"), ("b", "bold")]),
        ("*a* _b_", "a b", [("a", "italic"), ("b", "italic")]),
        ("***a***", "a", [("a", "bold italic")]),
        ("~~a~~", "a", [("a", "strike")]),
        ("`a*b*`", "a*b*", [("a*b*", "reverse")]),
        ("*a **b** c*", "a b c", [("a b c", "italic"), ("b", "bold")]),
        ("snake_case_name", "snake_case_name", []),
        ("**open", "**open", []),
        ("![alt](x.png)", "![alt](x.png)", []),
        ("# title", "# title", []),
        ("> quote | a | $x$", "> quote | a | $x$", []),
    ],
)
def test_inline_spans_render_and_other_syntax_stays_as_typed(
    source: str, plain: str, styled: list[tuple[str, str]]
) -> None:
    (row,) = parse(source)
    assert (row.text.plain, spans(row)) == (plain, styled)


def test_a_link_shows_its_text_and_targets_its_url() -> None:
    (row,) = parse("[docs](https://example.org/a)")
    assert row.text.plain == "docs"
    assert row.text.spans[0].style == Style(underline=True, link="https://example.org/a")


@pytest.mark.parametrize(
    ("source", "url"),
    [("see https://x.io/a.", "https://x.io/a"), ("(www.x.io)", "www.x.io")],
)
def test_a_bare_url_ends_before_trailing_punctuation(source: str, url: str) -> None:
    (row,) = parse(source)
    assert [text for text, _style in spans(row)] == [url]


def test_a_fenced_block_stays_as_typed_and_is_never_a_code_span() -> None:
    rows = parse("```\n**x** `y`\n```\n**z**")
    assert [row.text.plain for row in rows] == ["```", "**x** `y`", "```", "z"]
    assert [spans(row) for row in rows[:3]] == [[], [], []]


def test_list_items_carry_their_marker_and_numbers_count_from_the_first() -> None:
    rows = parse("- a\n* b\n3. c\n3. d\ntext")
    assert [(row.marker, row.text.plain) for row in rows] == [
        ("•", "a"),
        ("•", "b"),
        ("3.", "c"),
        ("4.", "d"),
        ("", "text"),
    ]
