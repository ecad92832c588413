"""The reference input's token model and the sent prompt (004 §3.4.5, §3.4.6)."""

from __future__ import annotations

from rawp_port import FileReference
from reference_crs.sending import escape_text, prompt_of
from reference_crs.widgets.tokens import TokenTable, clean_typed, display_path, parse_nodes


def test_escaping_doubles_backslashes_first_then_marks_token_openers() -> None:
    assert escape_text(r"a\b <@x \<@") == r"a\\b \<@x \\\<@"
    assert escape_text("plain @a.py") == "plain @a.py"


def test_the_document_parses_back_into_text_and_token_nodes() -> None:
    table = TokenTable()
    first, second = table.new("src/a.py"), table.new("src/a.py")
    text = "see " + first.text + " and " + second.text + "\n"
    assert parse_nodes(text, table) == ["see ", first, " and ", second, "\n"]
    assert first.ref_id != second.ref_id


def test_typed_text_never_forges_a_token() -> None:
    table = TokenTable()
    token = table.new("a.py")
    assert clean_typed("x" + token.text + "y") == "x" + token.label + "y"
    assert parse_nodes(clean_typed(token.text), table) == [token.label]


def test_the_prompt_formats_tokens_and_escapes_only_the_text() -> None:
    table = TokenTable()
    token = table.new("docs/b.md")
    text, references = prompt_of(["x\\ ", token, " <@"])
    assert text == "x\\\\ <@file:ref-1|docs/b.md> \\<@"
    assert references == [FileReference("ref-1", "docs/b.md", "docs/b.md")]


def test_a_long_path_is_shown_by_its_name() -> None:
    assert display_path("src/a.py") == "src/a.py"
    assert display_path("d/" * 40 + "main.py") == "…/main.py"
