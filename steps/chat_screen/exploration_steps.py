"""Steps of ``features/chat_screen/exploration.feature``: run the explorer, check it ran.

The explorer (the Hypothesis state machine, its rules and invariants) is in
:mod:`steps.chat_screen.explorer`; the engine is the core's :mod:`steps.explore`.
"""

from __future__ import annotations

import pytest
from pytest_bdd import parsers, then, when

from steps.chat_screen.contract import ChatScreenAdapter
from steps.chat_screen.explorer import ChatExplorer
from steps.explore.core import Harness
from steps.explore.runner import check_ran, run_profile


@when("the explorer runs its sessions against the chat app", target_fixture="explored")
def explore_chat(request: pytest.FixtureRequest, adapter: ChatScreenAdapter) -> Harness:
    """Run the exploration (``--explore``, ``--explore-seed``); fail on a broken invariant."""
    __tracebackhide__ = True
    return run_profile(request, ChatExplorer, adapter, "chat_screen")


@then(parsers.parse("every invariant held after every action of every session"))
def explored_ok(explored: Harness, request: pytest.FixtureRequest) -> None:
    """The sessions ran (the budget is not zero) and no invariant broke (the When step)."""
    check_ran(explored, request)
