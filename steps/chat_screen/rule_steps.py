"""Steps that hold every item to every per-item rule, however long the conversation.

A defect that appears only from the sixth pair on (a border moved, a label misspelt, a
class dropped) escapes checks of items 1 and 2. These steps check each item, cheaply:
the data-level rules (role value, label and format, role classes) on every item, the
screen rules (alignment side, border side) on every item drawn in the conversation
area, with the screen composed once per view.
"""

from __future__ import annotations

import math

from pytest_bdd import then
from textual.widget import Widget

from steps.chat_screen.driver import Driver
from steps.chat_screen.geometry import Side, item_geometry
from steps.chat_screen.observe import CLASSES, CONTROL, LABELS, ROLE_SIDE, messages, printable_runs
from steps.checks import check, violation
from steps.screen import describe_widget, item_text, screen_rows


@then("every item follows the item rules")
def every_item_follows_rules(driver: Driver) -> None:
    """Every item obeys the data rules; every item drawn in the area obeys the screen rules.

    Clauses ``role-values``, ``role-labels``, ``display-format``,
    ``label-and-classes-from-role``, ``role-classes`` (every item) and ``role-alignment``,
    ``role-borders`` (every item with a visible row; see :func:`screen_rules`).
    """
    widgets = data_rules(driver)
    check(
        bool(screen_rules(driver, widgets)),
        "role-borders",
        "the conversation area",
        "at least one item drawn in it",
        "none",
    )


@then("every item follows the item rules, read from the top of the conversation to its end")
def every_item_follows_rules_scrolled(driver: Driver) -> None:
    """As :func:`every_item_follows_rules`, with the screen rules read page by page.

    The area is scrolled from its top to its end, one area height at a time, and each
    page is measured, so an item scrolled out of view is judged too; the scroll offset
    is then put back. Every item must have been drawn on at least one page.
    """
    widgets = data_rules(driver)
    area = driver.conversation
    start = area.scroll_y
    page = max(area.scrollable_content_region.height, 1)
    seen: set[int] = set()
    for number in range(math.ceil(area.max_scroll_y / page) + 1):
        area.scroll_to(y=min(number * page, area.max_scroll_y), animate=False, immediate=True)
        driver.settle()
        seen |= screen_rules(driver, widgets)
    area.scroll_to(y=start, animate=False, immediate=True)
    driver.settle()
    missing = [number for number in range(1, len(widgets) + 1) if number not in seen]
    check(
        not missing,
        "role-borders",
        "the conversation area, read from its top to its end",
        "every item drawn on some page",
        f"items {missing} never drawn",
    )


def data_rules(driver: Driver) -> list[Widget]:
    """Check the role value, label, format and classes of every item; return the items."""
    data, widgets = messages(driver), driver.items()
    check(
        len(widgets) == len(data) and bool(data),
        "single-label-widget",
        "the conversation area",
        f"one item per message, {len(data)} in all (at least one)",
        f"{len(widgets)} items",
    )
    for number, ((role, body), widget) in enumerate(zip(data, widgets, strict=True), start=1):
        where = f"item {number} ({describe_widget(widget)}, {role} message)"
        check(role in LABELS, "role-values", f"message {number}", '"user" or "agent"', repr(role))
        text_rules(where, role, body, item_text(widget))
        classes = set(widget.classes)
        other = "agent" if role == "user" else "user"
        check(
            CLASSES[role] <= classes and not (CLASSES[other] - CLASSES[role]) & classes,
            "role-classes",
            where,
            f"the classes {sorted(CLASSES[role])} and none of the {other}'s",
            str(sorted(classes)),
        )
    return widgets


def text_rules(where: str, role: str, body: str, text: str) -> None:
    """Check ``text`` is ``<role's label>: <body>``, naming the rule that is broken.

    The other role's label breaks ``label-and-classes-from-role``, another label
    ``role-labels``, anything else ``display-format``. A body with control characters
    (TAB included) is shown as the label then its printable parts in order: the
    characters themselves may be removed or made visible.
    """
    prefix, other = f"{LABELS[role]}: ", "agent" if role == "user" else "user"
    if not text.startswith(prefix):
        label = text.partition(": ")[0]
        clause = "display-format"
        if label == LABELS[other]:
            clause = "label-and-classes-from-role"
        elif label and text == f"{label}: {body}":
            clause = "role-labels"
        check(False, clause, where, f"the text to start with {prefix!r}", repr(text[:80]))
    if not CONTROL.search(body) and "\t" not in body:
        check(text == prefix + body, "display-format", where, repr(prefix + body), repr(text))
        return
    position = len(prefix)
    for run in printable_runs(body.replace("\t", "\x00")):
        found = text.find(run, position)
        check(found >= 0, "display-format", where, f"{run!r} after column {position}", repr(text))
        position = found + len(run)


def screen_rules(driver: Driver, widgets: list[Widget]) -> set[int]:
    """Check the side and border of every item drawn in the area; return their numbers.

    An item is judged by its border glyphs on every visible row; by its placement too
    when its text is fully visible and does not fill its rows (a row that fills the
    item shows no side, and the visible rows of an item cut by the area's edge may all
    be full ones).

    Returns:
        The numbers (1-based) of the items drawn in the area.
    """
    area = driver.conversation
    bounds = area.scrollable_content_region
    rows = screen_rows(driver.app)
    drawn: set[int] = set()
    roles = [role for role, _body in messages(driver)]
    for number, (role, widget) in enumerate(zip(roles, widgets, strict=True), start=1):
        if not widget.content_region.intersection(bounds).height:
            continue
        side = ROLE_SIDE.get(role, Side.LEFT)
        where = f"item {number} ({describe_widget(widget)}, {role} message)"
        try:
            geometry = item_geometry(driver.app, widget, area, rows)
        except AssertionError as error:  # in view, but no text of it drawn
            violation("display-format", where, "its text drawn", str(error))
        if bounds.contains_region(widget.content_region) and not geometry.fills:
            check(
                geometry.placement is side,
                "role-alignment",
                where,
                f"its text drawn against the {side.value} edge",
                geometry.describe(),
            )
        check(
            geometry.marked[side] and not geometry.marked[side.other],
            "role-borders",
            where,
            f"a border glyph on its {side.value} side only",
            geometry.describe(),
        )
        drawn.add(number)
    return drawn
