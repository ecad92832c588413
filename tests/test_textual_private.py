"""The private Textual names ``steps/textual_private.py`` fences are still there.

When an upgrade of Textual removes or renames one, this test names it, instead of a
scenario failing somewhere far from the cause.
"""

from __future__ import annotations

import importlib
from typing import Any

import pytest
import textual
from textual._animator import Animator
from textual.app import App
from textual.pilot import Pilot

from steps.textual_private import (
    CHECKED_AGAINST,
    PRIVATE_MEMBERS,
    PRIVATE_MODULE_NAMES,
    character_key,
)


def _instance(owner: type) -> Any:
    """An instance of ``owner`` with its ``__init__`` run (instance attributes set)."""
    if owner is Pilot:
        return Pilot(App())
    if owner is Animator:
        return App().animator
    return owner()


@pytest.mark.parametrize(("module", "name"), PRIVATE_MODULE_NAMES)
def test_each_private_module_name_the_harness_uses_exists(module: str, name: str) -> None:
    assert hasattr(importlib.import_module(module), name), (
        f"{module}.{name} is gone in Textual {textual.__version__} (the harness was checked "
        f"against {CHECKED_AGAINST}): update steps/textual_private.py"
    )


@pytest.mark.parametrize(("owner", "name"), PRIVATE_MEMBERS)
def test_each_private_member_the_harness_uses_exists(owner: type, name: str) -> None:
    assert hasattr(_instance(owner), name), (
        f"{owner.__qualname__}.{name} is gone in Textual {textual.__version__} (the harness "
        f"was checked against {CHECKED_AGAINST}): update steps/textual_private.py"
    )


def test_a_character_gets_the_key_name_textual_gives_it() -> None:
    assert [character_key(char) for char in "a. "] == ["a", "full_stop", "space"]
