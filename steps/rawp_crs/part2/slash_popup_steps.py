"""Steps of ``features/rawp_crs/slash_popup.feature``.

The command popup lists the commands the agent published.
"""

from __future__ import annotations

import itertools

import pytest
from pytest_bdd import given, parsers, then, when

from rawp_port import Command, CommandsPublished
from steps.checks import check, scenario_clause
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.part2.popup import (
    check_against_input,
    check_history_visible,
    check_padded,
    check_separated,
    focused,
    opened,
    publish_commands,
    read_popup,
    row_background,
)
from steps.rawp_crs.state import CrsState
from steps.screen import screen_cells


@given("the agent publishes an empty command list")
def publishes_empty(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """Publish ``agent.commands.publish`` with no command."""
    publish_commands(crs_driver, crs_state.published, [])


@when(parsers.parse('the agent publishes the list again with "{extra}" added'))
@when(
    parsers.parse(
        'the agent publishes the list again with "{extra}" added in the category "{category}"'
    )
)
def publishes_again(
    crs_driver: CrsDriver, crs_state: CrsState, extra: str, category: str = "session"
) -> None:
    """Publish the list again plus commands ``extra`` (comma-separated, in ``category``)."""
    added = [
        Command(name.strip(), f"New command {name.strip()}", category) for name in extra.split(",")
    ]
    publish_commands(crs_driver, crs_state.published, added + crs_state.published.commands)


@when(parsers.parse('the agent publishes two lists in one burst, the second with "{name}"'))
def publishes_twice(crs_driver: CrsDriver, crs_state: CrsState, name: str) -> None:
    """Publish two lists back to back, before the client handles the first."""
    first = [Command("stale", "Only in the first list", "session")]
    second = [Command(name, "Only in the second list", "session")]
    crs_state.published.commands = first + second
    crs_driver.publish(CommandsPublished(tuple(first)), CommandsPublished(tuple(second)))
    crs_state.published.commands = second


@then("the command popup is open")
def popup_open(crs_driver: CrsDriver, crs_state: CrsState, request: pytest.FixtureRequest) -> None:
    """The popup is drawn (``crs-slash-popup-opens``, ``crs-slash-trigger-position``)."""
    opened(
        crs_driver,
        crs_state.published,
        scenario_clause(request, "crs-slash-popup-opens", "crs-slash-trigger-position"),
    )


@then(parsers.parse("the command popup touches the input and covers none of it"))
def touches_input(
    crs_driver: CrsDriver, crs_state: CrsState, request: pytest.FixtureRequest
) -> None:
    """Directly above or below the input, overlapping it in columns, not over it.

    (``crs-slash-popup-overlay``; ``crs-slash-popup-near-cursor`` read as "touches the input",
    audit §2 #16.)
    """
    clause = scenario_clause(request, "crs-slash-popup-overlay", "crs-slash-popup-near-cursor")
    popup = opened(crs_driver, crs_state.published, clause)
    check_against_input(crs_driver, popup, clause, "the command popup", covering=True)


@then("the command popup is next to the input")
def near_input(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """Directly above or below the input, sharing columns (``crs-slash-popup-near-cursor``).

    Read as "touches the input" (audit §2 #16): with a multi-line input the cursor's line
    may be the second, and a popup docked above the input is then next to the input's top.
    """
    clause = "crs-slash-popup-near-cursor"
    popup = opened(crs_driver, crs_state.published, clause)
    check_against_input(crs_driver, popup, clause, "the command popup", covering=False)


@then("the last conversation item is still fully visible and not covered")
def history_visible(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """The popup makes room (``crs-slash-popup-keeps-history-visible``)."""
    clause = "crs-slash-popup-keeps-history-visible"
    check_history_visible(crs_driver, opened(crs_driver, crs_state.published, clause), clause)


@then("each item shows its name as /name at the left and its description after it")
def item_content(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """``/{name}`` first in the item, its description to its right or on the next rows.

    A focus marker before the name (``Popup.lead``) is the highlight's, not the item's.
    """
    clause = "crs-slash-item-content"
    popup = opened(crs_driver, crs_state.published, clause)
    check(bool(popup.items), clause, "the command popup", "items", popup.rows)
    descriptions = {c.name: c.description for c in crs_state.published.commands}
    for item in popup.items:
        row = popup.rows.index(item.text) if item.text in popup.rows else -1
        name_on = "".join(cell.char for cell in item.cells[item.span(item.name).start :])
        text = (popup.lead(item) + name_on).lstrip()
        after = " ".join([text, *popup.rows[row + 1 : row + 3]])
        check(
            text.startswith(f"/{item.name}") and descriptions[item.name] in after,
            clause,
            f"the item of /{item.name}",
            f"'/{item.name}' first, then '{descriptions[item.name]}' to its right or below",
            repr(after.strip()),
        )


@then("each item's name stands out and its description is muted")
def hierarchy(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """Name bold or plain, description muted, on rows not highlighted.

    (``crs-slash-item-hierarchy``.)
    """
    clause = "crs-slash-item-hierarchy"
    popup = opened(crs_driver, crs_state.published, clause)
    lit = {i.name for i in popup.highlighted()}
    descriptions = {c.name: c.description for c in crs_state.published.commands}
    checked = 0
    for item in popup.items:
        if item.name in lit:
            continue
        name = [item.cells[i] for i in item.span(f"/{item.name}")]
        desc = [
            item.cells[i] for i in item.span(descriptions[item.name]) if item.cells[i].char.strip()
        ]
        if not desc:
            continue
        checked += 1
        name_contrast = min(c.contrast or 21.0 for c in name)
        desc_contrast = max(c.contrast or 21.0 for c in desc)
        muted = (
            all(c.dim for c in desc) and not any(c.dim for c in name)
        ) or desc_contrast < name_contrast * 0.85
        check(
            muted and not any(c.dim for c in name),
            clause,
            f"the item of /{item.name}",
            "the name bold or plain, the description muted (dim, or lower contrast)",
            f"name contrast {name_contrast:.2f} bold={all(c.bold for c in name)}, "
            f"description contrast {desc_contrast:.2f} dim={all(c.dim for c in desc)}",
        )
    check(
        checked > 0,
        clause,
        "the command popup",
        "an unhighlighted item with its description on its row",
        popup.rows,
    )


@then("any category marks the items carry group them by category")
def category_mark(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """A badge or icon per category is optional (``crs-slash-item-category``, MAY).

    A popup with no mark beyond name and description passes (the option not taken). Once
    an item carries one, every item of a command with a category carries one, and the
    items of one category carry the same mark.
    """
    clause = "crs-slash-item-category"
    popup = opened(crs_driver, crs_state.published, clause)
    by_name = {c.name: c for c in crs_state.published.commands}
    marks = {}
    for item in popup.items:
        command = by_name[item.name]
        text = popup.text(item)  # a focus marker is the highlight's, not a mark
        rest = text.replace(f"/{item.name}", "", 1).replace(command.description, "", 1)
        marks[item.name] = (command.category, " ".join(rest.split()))
    if not any(mark for _, mark in marks.values()):
        return
    for name, (category, mark) in marks.items():
        same = {m for c, m in marks.values() if c == category}
        check(
            not category or (bool(mark) and len(same) == 1),
            clause,
            f"the item of /{name} (category {category})",
            "the one mark of its category, as every item of the category carries",
            f"marks of category {category!r}: {sorted(same)!r}",
        )


@then("adjacent items are separated by a row or by their backgrounds")
def separated(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """Whole-row separation (``crs-slash-item-separation``)."""
    clause = "crs-slash-item-separation"
    check_separated(opened(crs_driver, crs_state.published, clause), clause, "/")


@then("a divider row or alternating backgrounds set the items apart")
def divider_or_zebra(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """A row of line glyphs between items, or zebra (``crs-slash-item-divider-or-zebra``, MAY)."""
    clause = "crs-slash-item-divider-or-zebra"
    popup = opened(crs_driver, crs_state.published, clause)
    lines = set("─━┄┈-—═")
    for upper, lower in zip(popup.items, popup.items[1:], strict=False):
        between = popup.rows[upper.y - popup.inner.y + 1 : lower.y - popup.inner.y]
        divider = any(row.strip() and set(row.strip()) <= lines for row in between)
        zebra = row_background(upper) != row_background(lower)
        check(
            divider or zebra,
            clause,
            f"between /{upper.name} and /{lower.name}",
            "a divider row or different backgrounds",
            f"rows between: {between!r}",
        )


@then("the focused item's text keeps a cell from each edge of its highlight")
def padded(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """Padding judged against the item's highlighted extent.

    (``crs-slash-item-padding``, audit §4.2 #8.)
    """
    clause = "crs-slash-item-padding"
    popup = opened(crs_driver, crs_state.published, clause)
    check_padded(popup, focused(popup, clause), clause, "/")


@then("the command popup shows a no-match message and no item")
def no_match(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """Open, no item, some text.

    (``crs-slash-no-match-stays-open``, ``crs-slash-no-match-message``.)
    """
    popup = opened(crs_driver, crs_state.published, "crs-slash-no-match-stays-open")
    check(
        not popup.items,
        "crs-slash-no-match-stays-open",
        "the command popup",
        "no item",
        popup.names,
    )
    message = " ".join(row.strip() for row in popup.rows if row.strip())
    check(
        bool(message),
        "crs-slash-no-match-message",
        "the command popup",
        "a message such as 일치하는 명령어가 없습니다",
        "no text",
    )


@then("the client sent no frame and made no call to the agent")
def no_traffic(crs_driver: CrsDriver) -> None:
    """Nothing went to the agent (``crs-commands-cached``)."""
    agent = crs_driver.agent
    seen = [*agent.sent, *agent.browse_calls, *agent.history_calls]
    check(not seen, "crs-commands-cached", "the agent", "no frame and no call", seen)


@then("the client is still running and draws no control character")
def no_controls(crs_driver: CrsDriver) -> None:
    """Hostile names are drawn as text: no control character reaches a cell."""
    clause = "crs-slash-item-content"
    check(crs_driver.running, clause, "the client", "still running", "it stopped")
    bad = {
        (y, x)
        for y, row in enumerate(screen_cells(crs_driver.app))
        for x, cell in enumerate(row)
        if any(ord(ch) < 0x20 or ord(ch) == 0x7F for ch in cell.char)
    }
    check(not bad, clause, "the screen", "no raw control character in any cell", sorted(bad)[:5])


@given(parsers.parse('the user has run the command "{name}"'))
@when(parsers.parse('the user runs the command "{name}"'))
def runs_command(crs_driver: CrsDriver, name: str) -> None:
    """Type ``/{name}``, select it with Enter, then send it with Enter."""
    crs_driver.type_text(f"/{name}")
    crs_driver.press("enter")
    if crs_driver.input_value.strip() == f"/{name}":
        crs_driver.press("enter")


@then(parsers.parse('the first item of the popup is "{name}"'))
def first_is(crs_driver: CrsDriver, crs_state: CrsState, name: str) -> None:
    """The most used command comes first (``crs-slash-sort-order``)."""
    clause = "crs-slash-sort-order"
    popup = opened(crs_driver, crs_state.published, clause)
    first = popup.names[0] if popup.names else None
    check(
        first == name, clause, "the first item", f"/{name}, used before", f"/{first}; {popup.names}"
    )


@then("the items drawn are grouped by category and in name order within each group")
def grouped(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """Category groups are contiguous, names ascend inside each (``crs-slash-sort-order``)."""
    clause = "crs-slash-sort-order"
    popup = opened(crs_driver, crs_state.published, clause)
    category = {c.name: c.category for c in crs_state.published.commands}
    drawn = [(category[n], n) for n in popup.names]
    seen: list[object] = []
    for group, _ in drawn:
        if not seen or seen[-1] != group:
            seen.append(group)
    ordered = all(a[1] < b[1] for a, b in itertools.pairwise(drawn) if a[0] == b[0])
    check(
        len(seen) == len(set(seen)) and ordered and len(drawn) >= 2,
        clause,
        "the items drawn",
        "each category's items together, in name order",
        drawn,
    )


@then(parsers.parse('the command popup does not list "{name}"'))
def not_listed(crs_driver: CrsDriver, crs_state: CrsState, name: str) -> None:
    """A replaced list's command is gone (``crs-commands-refresh``)."""
    clause = "crs-commands-refresh"
    popup = read_popup(crs_driver, [*crs_state.published.names, name])
    check(
        popup is not None and name not in popup.names,
        clause,
        "the command popup",
        f"no /{name}",
        popup and popup.names,
    )
