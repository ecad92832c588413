"""Steps of ``features/rawp_crs/reopening.feature``.

A reopened conversation is drawn as it was drawn live.
"""

from __future__ import annotations

import dataclasses

from pytest_bdd import given, parsers

from rawp_port import PromptRequest
from steps.checks import literal
from steps.rawp_crs.driver import CrsDriver
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
