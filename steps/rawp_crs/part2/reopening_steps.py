"""Steps of ``features/rawp_crs/reopening.feature``.

A reopened conversation is drawn as it was drawn live.
"""

from __future__ import annotations

import dataclasses

from pytest_bdd import given, parsers, then

from rawp_port import FileReference, PromptRequest
from steps.checks import check, literal
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.part1.drawn import bubble_text, drawn_of
from steps.rawp_crs.support.history import store, stored_turn


@given(parsers.parse('a stored message "{text}" sent with the input type "{input_type}"'))
def stored_with_type(crs_driver: CrsDriver, text: str, input_type: str) -> None:
    """Make one stored turn whose prompt is ``text`` with ``input_type`` the conversation.

    The client reopens it as the live client drew it when it was sent: a ``slash_command``
    prompt as a command bubble, any other as a text bubble (004 §3.3): part 2's input types.
    """
    crs_driver.uses(2)
    turn = stored_turn(1)
    prompt = PromptRequest(prompt_text=literal(text), input_type=literal(input_type))
    store(crs_driver, [dataclasses.replace(turn, prompt=prompt)])


@given(
    parsers.parse('a stored slash command "{text}" with the file reference "{ref}" for "{path}"')
)
def stored_command_with_ref(crs_driver: CrsDriver, text: str, ref: str, path: str) -> None:
    """A stored ``slash_command`` prompt ``text`` (wire form) whose token refers to ``path``.

    Part 2's input type, part 3's file reference, part 4's history.
    """
    crs_driver.uses(2, 3)
    shown = literal(path)
    prompt = PromptRequest(
        prompt_text=literal(text),
        input_type="slash_command",
        file_references=(FileReference(literal(ref), shown, shown),),
    )
    store(crs_driver, [dataclasses.replace(stored_turn(1), prompt=prompt)])


@then(parsers.parse('the command bubble shows "{path}" and not the token\'s wire form'))
def bubble_shows_path(crs_driver: CrsDriver, path: str) -> None:
    """The command bubble names the file, never as ``<@file:ref_id|display_path>``.

    "채팅 버블에 명령어를 표시할 때 선행 `/` 문자는 제거해야 한다 (MUST)" (004 §3.3 ¶2): the
    bubble shows the command the user ran, which held the token as the input showed it;
    the wire form of RAWP-DPS §16.2 is the agent's to parse. Live or reopened (the same
    bubble, 004 §3.3 ¶11). The seeds do not say whether
    a token in a command bubble is drawn as a token or as ``@path`` (the live reference
    draws the input's text): either passes, as long as ``path`` is drawn and ``<@file:``
    is not (``crs-command-bubble-strips-slash``).
    """
    crs_driver.uses(2)
    clause = "crs-command-bubble-strips-slash"
    seen = bubble_text(drawn_of(crs_driver, "command", clause))
    shown = literal(path)
    check(
        shown in seen and "<@file:" not in seen,
        clause,
        "the command bubble",
        f"{shown!r} named, no '<@file:' wire form",
        repr(seen),
    )
