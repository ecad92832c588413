"""Steps of ``features/rawp_crs/slash_popup_keys.feature``.

The command popup's highlight, keys and pointer; what a selection puts in the input.
"""

from __future__ import annotations

import pytest
from pytest_bdd import parsers, then, when
from textual.geometry import Offset

from steps.app_driver import key, typed
from steps.checks import check, literal, scenario_clause, violation
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.part2.popup import (
    HIGHLIGHT_CONTRAST,
    background,
    contrast,
    focused,
    opened,
    row_background,
)
from steps.rawp_crs.state import CrsState
from steps.screen import screen_cells


@when(parsers.parse('the user types "{text}" and presses {keys} in one burst'))
def types_keys_burst(crs_driver: CrsDriver, text: str, keys: str) -> None:
    """Type ``text`` and press ``keys`` (``+``-separated names) as one burst."""
    crs_driver.burst([*typed(literal(text)), *(key(k) for k in keys.split("+"))])


@when(parsers.parse("the user {action} the {which} item of the popup"))
def pointer(
    crs_driver: CrsDriver,
    crs_state: CrsState,
    request: pytest.FixtureRequest,
    action: str,
    which: str,
) -> None:
    """``clicks`` or ``hovers over`` the first, second or third item drawn (by its name row)."""
    clause = scenario_clause(request, "crs-slash-pointer-select", "crs-slash-hover-highlight")
    popup = opened(crs_driver, crs_state.published, clause)
    index = {"first": 0, "second": 1, "third": 2}[which]
    check(len(popup.items) > index, clause, "the command popup", f"a {which} item", popup.names)
    item = popup.items[index]
    crs_state.published.remembered[which] = item.name
    crs_state.published.remembered["pointed"] = item.name
    at = Offset(item.x + len(item.cells) // 2, item.y)
    if action == "clicks":
        crs_driver.click(at.x, at.y, doing="clicking an item")
    else:
        crs_driver.hover(at.x, at.y, doing="hovering over an item")


@then("the highlighted item is a drawn item")
def highlight_visible(
    crs_driver: CrsDriver, crs_state: CrsState, request: pytest.FixtureRequest
) -> None:
    """The focused item is inside the popup's visible rows (``crs-slash-autoscroll``)."""
    clause = scenario_clause(request, "crs-slash-autoscroll")
    focused(opened(crs_driver, crs_state.published, clause), clause)


@then(parsers.parse("the highlighted item is not the first one remembered"))
def highlight_moved(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """Wrap-around from the first item went elsewhere (``crs-slash-keys-wrap``)."""
    clause = "crs-slash-keys-wrap"
    item = focused(opened(crs_driver, crs_state.published, clause), clause)
    first = crs_state.published.remembered["first"]
    check(
        item.name != first,
        clause,
        "the highlight after Up on the first item",
        "the last item",
        f"still /{first}",
    )
    crs_state.published.remembered["wrapped"] = item.name


@then("the highlight covers the focused item's whole row and stands out")
def full_row(crs_driver: CrsDriver, crs_state: CrsState, request: pytest.FixtureRequest) -> None:
    """Every inner cell of the focused row has the highlight background; it contrasts.

    (``crs-slash-highlight-full-row``, ``crs-slash-highlight-contrast``.)
    """
    clause = scenario_clause(
        request, "crs-slash-highlight-full-row", "crs-slash-highlight-contrast"
    )
    popup = opened(crs_driver, crs_state.published, clause)
    item = focused(popup, clause)
    backs = [background(c) for c in item.cells]
    check(
        len(set(backs)) == 1,
        "crs-slash-highlight-full-row",
        f"the focused item /{item.name}, columns {item.x}..{item.x + len(item.cells) - 1}",
        "one highlight background across the popup's inner width",
        f"backgrounds {sorted(set(map(str, backs)))} on {item.text!r}",
    )
    others = [o for o in popup.items if o.name != item.name]
    for other in others:
        ratio = contrast(backs[0], row_background(other))  # type: ignore[arg-type]
        check(
            ratio >= HIGHLIGHT_CONTRAST,
            "crs-slash-highlight-contrast",
            f"the highlight of /{item.name} against /{other.name}",
            f"a contrast ratio of at least {HIGHLIGHT_CONTRAST}",
            f"{ratio:.2f}",
        )


@then("the hovered item has the same background as the keyboard highlight")
def hover_same(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """Hover gives the focus highlight's background (``crs-slash-hover-highlight``)."""
    clause = "crs-slash-hover-highlight"
    popup = opened(crs_driver, crs_state.published, clause)
    item = focused(popup, clause)
    seen = row_background(item)
    expected = crs_state.published.remembered.get("keyboard")
    check(
        item.name == crs_state.published.remembered["pointed"]
        and (expected is None or str(seen) == expected),
        clause,
        "the hovered item",
        f"/{crs_state.published.remembered['pointed']} with the focus highlight {expected}",
        f"/{item.name} with {seen}",
    )


@when("the user notes the keyboard highlight")
def note_keyboard(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """Remember the keyboard highlight's background."""
    clause = "crs-slash-hover-highlight"
    item = focused(opened(crs_driver, crs_state.published, clause), clause)
    crs_state.published.remembered["keyboard"] = str(row_background(item))
    crs_state.published.remembered["focused"] = item.name


@then(parsers.parse('the input holds exactly "{kept}", or "{whole}" as 004 §3.2 words it'))
def input_either(crs_driver: CrsDriver, kept: str, whole: str) -> None:
    """Both readings of "replaces the input text" (``crs-slash-select-replaces-input``).

    The slash word replaced and the earlier text kept, or the whole input replaced
    (catalogue decision; design §9, decision 10).
    """
    seen = crs_driver.input_value
    accepted = (literal(kept), literal(whole))
    check(
        seen in accepted,
        "crs-slash-select-replaces-input",
        "the input",
        " or ".join(map(repr, accepted)),
        repr(seen),
    )


@then(parsers.parse('the input row shows "{hint}" muted after the text'))
def hint_shown(crs_driver: CrsDriver, hint: str) -> None:
    """The required parameter's hint is drawn dim or muted.

    (``crs-slash-required-parameter-hint``; the hint's first cell, under the cursor, is
    not judged.)
    """
    clause = "crs-slash-required-parameter-hint"
    region = crs_driver.input.content_region  # the input's frame and padding are not text
    screen = screen_cells(crs_driver.app)
    value = crs_driver.input_value
    for y in range(region.y, region.bottom):
        row = screen[y][region.x : region.right]
        line = "".join(c.char for c in row)
        at = line.find(hint)
        if at < 0 or value.rstrip() not in line[:at]:
            continue
        hinted = [c for c in row[at + 1 : at + len(hint)] if c.char.strip()]  # 1st: cursor
        typed_at = line[:at].rfind(value.rstrip())
        typed_cells = [c for c in row[typed_at:at] if c.char.strip()]
        text_contrast = min(c.contrast or 21.0 for c in typed_cells) if typed_cells else 21.0
        muted = all(c.dim or (c.contrast or 21.0) < text_contrast * 0.85 for c in hinted)
        check(
            muted,
            clause,
            "the hint in the input",
            f"every cell dim, or of a contrast below 0.85 x the typed text's ({text_contrast:.2f})",
            f"contrasts {[round(c.contrast or 21.0, 2) for c in hinted][:3]}, dim "
            f"{[c.dim for c in hinted][:3]}",
        )
        return
    violation(
        clause,
        "the input's rows",
        f"'{value}' followed by the hint '{hint}'",
        repr(
            [
                "".join(c.char for c in screen[y][region.x : region.right])
                for y in range(region.y, region.bottom)
            ]
        ),
    )


@then(parsers.parse("the input holds the {which} item's command and a space"))
def input_holds_item(crs_driver: CrsDriver, crs_state: CrsState, which: str) -> None:
    """The input is ``/{name} `` of the item clicked (``crs-slash-pointer-select``)."""
    expected, seen = f"/{crs_state.published.remembered[which]} ", crs_driver.input_value
    check(seen == expected, "crs-slash-pointer-select", "the input", repr(expected), repr(seen))
