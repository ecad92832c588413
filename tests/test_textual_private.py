"""The private Textual names ``steps/textual_private.py`` fences are still there.

When an upgrade of Textual removes or renames one, this test names it, instead of a
scenario failing somewhere far from the cause.
"""

from __future__ import annotations

import importlib
from typing import Any

import pytest
import textual
from rich.segment import Segment
from rich.style import Style
from textual._animator import Animator
from textual.app import App
from textual.cache import FIFOCache
from textual.css.stylesheet import Stylesheet
from textual.pilot import Pilot
from textual.strip import Strip

from steps.textual_private import (
    CHECKED_AGAINST,
    PRIVATE_MEMBERS,
    PRIVATE_MODULE_NAMES,
    character_key,
    lazy_strip_caches,
    share_parsed_css,
)


def _instance(owner: type) -> Any:
    """An instance of ``owner`` with its ``__init__`` run (instance attributes set)."""
    if owner is Pilot:
        return Pilot(App())
    if owner is Animator:
        return App().animator
    if owner is FIFOCache:
        return FIFOCache(1)
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


def test_a_strip_with_caches_made_on_use_draws_and_caches_as_textual_s_own() -> None:
    """``lazy_strip_caches``: same cells, same cache sizes, caches made only when used."""
    segments = [Segment("안녕 "), Segment("bold", Style(bold=True)), Segment(" tail")]
    before = Strip(segments)  # made the original way only if no test installed the patch yet
    lazy_strip_caches()
    after = Strip(segments)
    assert not any(_is_set(after, name) for name in LAZY_SLOTS)
    assert after.crop(1, 7).text == before.crop(1, 7).text
    assert [s.text for s in after.divide([2, 5])] == [s.text for s in before.divide([2, 5])]
    assert after.apply_style(Style(italic=True)).text == before.apply_style(Style(italic=True)).text
    assert {name: getattr(after, name)._maxsize for name in LAZY_SLOTS} == LAZY_SLOTS
    assert after.crop(1, 7) is after.crop(1, 7)  # the crop cache holds it, as before


def _is_set(strip: Strip, name: str) -> bool:
    """Whether the slot ``name`` of ``strip`` holds a value, without making it."""
    try:
        object.__getattribute__(strip, name)
    except AttributeError:
        return False
    return True


LAZY_SLOTS = {"_divide_cache": 4, "_crop_cache": 16, "_style_cache": 16, "_offsets_cache": 4}
"""Cache slots of ``Strip`` the strip test reads, with the sizes ``Strip.__init__`` gives them
in Textual 8.2.8 (``textual/strip.py``; :data:`CHECKED_AGAINST`)."""


def test_apps_with_the_same_css_and_theme_share_its_rules_and_another_theme_does_not() -> None:
    """``share_parsed_css``: one parse per source and theme; a new theme parses again."""
    share_parsed_css()
    css = "Static { color: $accent; }"
    first, second, light = (
        Stylesheet(variables={"accent": "red"}),
        Stylesheet(variables={"accent": "red"}),
        Stylesheet(variables={"accent": "blue"}),
    )
    rules = [sheet._parse_rules(css, ("test", "CSS")) for sheet in (first, second, light)]
    assert rules[0] is rules[1]
    assert rules[2] is not rules[0]
    assert rules[0][0].styles.color != rules[2][0].styles.color
