"""The later parts' adapter members are looked up with a verdict ERROR naming what is missing."""

from __future__ import annotations

import pytest

from steps.rawp_crs.support.capability import member
from steps.verdicts import HARNESS_PREFIX, HarnessError


class _PartOneAdapter:
    conversation_selector = "#conversation"


def test_a_present_member_is_returned() -> None:
    assert member(_PartOneAdapter(), "conversation_selector", "part 1") == "#conversation"


def test_a_missing_member_is_a_harness_error_naming_it_and_the_part() -> None:
    with pytest.raises(HarnessError) as raised:
        member(_PartOneAdapter(), "slash_popup_selector", "part 2, the slash-command popup")
    message = str(raised.value)
    assert message.startswith(HARNESS_PREFIX)
    assert "_PartOneAdapter" in message
    assert "`slash_popup_selector`" in message
    assert "part 2, the slash-command popup" in message
