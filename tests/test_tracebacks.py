"""Crash summaries name the implementation's own frame, not Textual's or the harness's."""

from __future__ import annotations

import json

import pytest

from steps.tracebacks import MESSAGE_LIMIT, is_library_file, summarize_exception


def raise_in_own_code() -> None:
    raise ValueError("the candidate failed")


def test_the_summary_names_type_message_and_the_innermost_own_frame() -> None:
    with pytest.raises(ValueError) as caught:
        raise_in_own_code()

    summary = summarize_exception(caught.value)

    assert summary.startswith("ValueError: the candidate failed (in raise_in_own_code, ")
    assert "tests/test_tracebacks.py:" in summary
    assert summary.endswith('raise ValueError("the candidate failed"))')


def test_frames_of_libraries_are_skipped_for_the_location() -> None:
    with pytest.raises(json.JSONDecodeError) as caught:
        json.loads("{")  # raised deep inside the standard library

    summary = summarize_exception(caught.value)

    assert "(in test_frames_of_libraries_are_skipped_for_the_location, " in summary


def test_an_exception_with_no_frame_of_the_implementation_says_so() -> None:
    error = ValueError("x")
    try:
        json.loads("{")
    except json.JSONDecodeError as raised:
        raised.__traceback__ = raised.__traceback__.tb_next  # type: ignore[union-attr]
        error = raised

    assert "(no frame of the implementation; raised in " in summarize_exception(error)


def test_long_and_multi_line_messages_are_cut_to_their_first_line() -> None:
    summary = summarize_exception(RuntimeError("x" * 1000 + "\nsecond line"))

    assert summary == f"RuntimeError: {'x' * MESSAGE_LIMIT} …"


def test_an_empty_message_leaves_the_type_alone() -> None:
    assert summarize_exception(KeyError()) == "KeyError"


def test_textual_the_harness_and_the_standard_library_are_library_code() -> None:
    import asyncio

    import textual.app

    import steps.chat_screen.driver

    assert is_library_file(textual.app.__file__)
    assert is_library_file(steps.chat_screen.driver.__file__)
    assert is_library_file(asyncio.__file__)
    assert not is_library_file(__file__)
