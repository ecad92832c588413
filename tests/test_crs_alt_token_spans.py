r"""crs_alt's token model beside its input's text (004 §3.4.5 and §3.4.6), without an app.

The span model is what the alternative client sends from: its re-mapping on edits decides
whether a token survives typing around it, and its message whether typed text is escaped
(``\`` → ``\\``, ``<@`` → ``\<@``) and tokens are not.
"""

from __future__ import annotations

from examples.crs_alt.token_spans import Span, SpanModel, drawn, escape, label_of


def _model(text: str, *paths: str) -> tuple[str, SpanModel]:
    """A document of ``text`` with a token for each path appended, and its model."""
    model = SpanModel()
    for index, path in enumerate(paths):
        shown = drawn(label_of(path))
        model.add(Span(f"r{index}", path, label_of(path), len(text), len(shown)))
        text += shown
    return text, model


def test_typed_text_is_escaped_and_tokens_are_not() -> None:
    text, model = _model("a\\b <@x ", "src/a.py")
    message = model.message(text + " y")
    assert message.prompt_text == "a\\\\b \\<@x <@file:r0|src/a.py> y"
    assert [ref.ref_id for ref in message.references] == ["r0"]
    assert message.plain == "a\\b <@x @src/a.py y"


def test_text_that_looks_like_a_token_stays_text() -> None:
    forged = drawn(label_of("a.py"))
    text, model = _model(forged, "a.py")
    message = model.message(text)
    assert message.prompt_text == escape(forged) + "<@file:r0|a.py>"
    assert len(message.references) == 1


def test_the_same_file_twice_is_two_tokens() -> None:
    text, model = _model("x ", "a.py", "a.py")
    refs = model.message(text).references
    assert [ref.path for ref in refs] == ["a.py", "a.py"]
    assert len({ref.ref_id for ref in refs}) == 2


def test_an_edit_before_a_token_shifts_it_and_one_inside_takes_it_whole() -> None:
    _, model = _model("ab", "a.py")
    (span,) = model.spans
    model.remap(0, 0, 3)  # three characters typed before it
    assert model.spans[0].start == span.start + 3
    assert model.widen(span.start + 4, span.start + 4) == (span.start + 3, span.end + 3)
    moved = model.spans[0]
    assert model.remap(span.start + 3, span.end + 3, 0) == [moved]
    assert not model.spans


def test_typing_right_after_a_token_keeps_it() -> None:
    _, model = _model("", "a.py")
    end = model.spans[0].end
    assert model.widen(end, end) == (end, end)
    model.remap(end, end, 1)
    assert model.spans[0].end == end
    assert model.units_before(end + 1) == 2  # the token counts 1, the typed character 1
