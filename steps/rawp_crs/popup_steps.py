"""Steps of profile ``rawp_crs`` part 2: the slash-command popup (004 §3.2, 002 §2.5.2).

The published commands are kept in the scenario's :class:`Published`; the popup is read
on the screen by :mod:`steps.rawp_crs.support.popup` (its region, items by name, highlight by
background), the input through ``input_selector``.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

import pytest
from pytest_bdd import given, parsers, then, when
from textual.geometry import Offset

from rawp_port import Command, CommandsPublished, Parameter
from steps.app_driver import key, typed
from steps.checks import check, literal, scenario_clause, violation
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.support.popup import (
    HIGHLIGHT_CONTRAST,
    Item,
    Popup,
    background,
    check_against_input,
    check_history_visible,
    check_padded,
    check_separated,
    contrast,
    popup_widget,
    read_popup,
    row_background,
)
from steps.screen import screen_cells

CATEGORIES = ("session", "display", "config", "general", "files", "model")
"""Categories of the generated command lists."""


@dataclass
class Published:
    """What the agent published in this scenario, and what steps remembered."""

    commands: list[Command] = field(default_factory=list)
    remembered: dict[str, str] = field(default_factory=dict)
    """Names read off the screen by one step for a later one (e.g. the focused item)."""

    @property
    def names(self) -> list[str]:
        """The names as drawn.

        Names with control characters are left out: each client draws those its own way.
        """
        return [c.name for c in self.commands if c.name.isprintable()]


@pytest.fixture
def published() -> Published:
    """The commands the agent published in this scenario."""
    return Published()


def _publish(driver: CrsDriver, published: Published, commands: list[Command]) -> None:
    published.commands = commands
    driver.publish(CommandsPublished(tuple(commands)))


def generated(count: int, prefix: str = "cmd") -> list[Command]:
    """``count`` commands ``{prefix}000``... spread over :data:`CATEGORIES`."""
    width = max(3, len(str(count - 1)))
    return [
        Command(f"{prefix}{i:0{width}d}", f"Command number {i}", CATEGORIES[i % len(CATEGORIES)])
        for i in range(count)
    ]


def opened(driver: CrsDriver, published: Published, clause: str) -> Popup:
    """The open popup, or a failure under ``clause`` when it is closed."""
    popup = read_popup(driver, published.names)
    if popup is None:
        violation(clause, "the command popup", "it to be open", "it is closed (not displayed)")
    return popup


def focused(popup: Popup, clause: str, many: str = "crs-slash-single-highlight") -> Item:
    """The one highlighted item.

    Fails under ``clause`` when no item is highlighted (no row has a background of contrast
    :data:`HIGHLIGHT_CONTRAST` or more against the popup's base), under ``many`` when more
    than one is.
    """
    lit = popup.highlighted()
    check(
        bool(lit),
        clause,
        "the command popup's items",
        f"one highlighted item (a background of contrast >= {HIGHLIGHT_CONTRAST} "
        f"against the popup's {popup.base})",
        f"none highlighted; items drawn: {popup.names}",
    )
    check(
        len(lit) == 1,
        many,
        "the command popup's items",
        "exactly one highlighted item",
        f"{len(lit)} highlighted: {[i.name for i in lit]}; items drawn: {popup.names}",
    )
    return lit[0]


# -- given / when ---------------------------------------------------------------------


@given("the agent publishes these commands:")
@when("the agent publishes these commands:")
def publishes_table(
    crs_driver: CrsDriver, published: Published, datatable: list[list[str]]
) -> None:
    """Publish ``agent.commands.publish`` with the table's commands.

    Columns: name, description, category, and optionally a required parameter's hint.
    """
    header, *rows = datatable
    commands = []
    for row in rows:
        cells = dict(zip(header, row, strict=True))
        hint = cells.get("required hint", "")
        parameters = (Parameter("arg", hint, True),) if hint else ()
        commands.append(
            Command(
                literal(cells["name"]),
                literal(cells["description"]),
                cells.get("category") or None,
                parameters,
            )
        )
    _publish(crs_driver, published, commands)


@given(parsers.parse("the agent publishes {count:d} commands in categories"))
@when(parsers.parse("the agent publishes {count:d} commands in categories"))
def publishes_many(crs_driver: CrsDriver, published: Published, count: int) -> None:
    """Publish ``count`` generated commands (``cmd000``...)."""
    _publish(crs_driver, published, generated(count))


@given("the agent publishes an empty command list")
def publishes_empty(crs_driver: CrsDriver, published: Published) -> None:
    """Publish ``agent.commands.publish`` with no command."""
    _publish(crs_driver, published, [])


@when(parsers.parse('the agent publishes the list again with "{extra}" added'))
@when(
    parsers.parse(
        'the agent publishes the list again with "{extra}" added in the category "{category}"'
    )
)
def publishes_again(
    crs_driver: CrsDriver, published: Published, extra: str, category: str = "session"
) -> None:
    """Publish the list again plus commands ``extra`` (comma-separated, in ``category``)."""
    added = [
        Command(name.strip(), f"New command {name.strip()}", category) for name in extra.split(",")
    ]
    _publish(crs_driver, published, added + published.commands)


@when(parsers.parse('the agent publishes two lists in one burst, the second with "{name}"'))
def publishes_twice(crs_driver: CrsDriver, published: Published, name: str) -> None:
    """Publish two lists back to back, before the client handles the first."""
    first = [Command("stale", "Only in the first list", "session")]
    second = [Command(name, "Only in the second list", "session")]
    published.commands = first + second
    crs_driver.publish(CommandsPublished(tuple(first)), CommandsPublished(tuple(second)))
    published.commands = second


@when(parsers.parse('the user types "{text}" in the input'))
def types(crs_driver: CrsDriver, text: str) -> None:
    """Type ``text`` key by key, waiting for the app after each key."""
    crs_driver.type_text(literal(text))


@when(parsers.parse('the user types "{text}" in one burst'))
def types_burst(crs_driver: CrsDriver, text: str) -> None:
    """Type ``text`` as one burst: every key queued before the app handles the first."""
    crs_driver.burst(typed(literal(text)))


@when(parsers.parse('the user types "{text}" and presses {keys} in one burst'))
def types_keys_burst(crs_driver: CrsDriver, text: str, keys: str) -> None:
    """Type ``text`` and press ``keys`` (``+``-separated names) as one burst."""
    crs_driver.burst([*typed(literal(text)), *(key(k) for k in keys.split("+"))])


@when(parsers.parse('the user pastes "{text}" in the input'))
def pastes(crs_driver: CrsDriver, text: str) -> None:
    """Paste ``text`` as one paste event."""
    crs_driver.paste_text(literal(text))


@when(parsers.parse('the user types "{first}", presses the newline key and types "{second}"'))
def types_two_lines(crs_driver: CrsDriver, first: str, second: str) -> None:
    """Type ``first``, the adapter's last newline key (every terminal reports it), ``second``."""
    crs_driver.type_text(literal(first))
    crs_driver.press(list(crs_driver.adapter.newline_keys)[-1])
    crs_driver.type_text(literal(second))


@when(
    parsers.re(r"the user presses (?P<name>Up|Down|Tab|Enter|Backspace)(?: (?P<times>\d+) times)?")
)
def presses(crs_driver: CrsDriver, name: str, times: str | None) -> None:
    """Press a key once, or ``times`` times."""
    crs_driver.press(*[name.lower()] * int(times or 1))


@when("the user remembers the focused item")
def remember_focus(
    crs_driver: CrsDriver, published: Published, request: pytest.FixtureRequest
) -> None:
    """Read the highlighted item's name, for a later step."""
    clause = scenario_clause(request, "crs-slash-focus-highlight")
    popup = opened(crs_driver, published, clause)
    published.remembered["focused"] = focused(popup, clause).name
    published.remembered["first"] = popup.names[0] if popup.names else ""
    published.remembered["second"] = popup.names[1] if len(popup.names) > 1 else ""


@when(parsers.parse("the user {action} the {which} item of the popup"))
def pointer(
    crs_driver: CrsDriver,
    published: Published,
    request: pytest.FixtureRequest,
    action: str,
    which: str,
) -> None:
    """``clicks`` or ``hovers over`` the first, second or third item drawn (by its name row)."""
    clause = scenario_clause(request, "crs-slash-pointer-select", "crs-slash-hover-highlight")
    popup = opened(crs_driver, published, clause)
    index = {"first": 0, "second": 1, "third": 2}[which]
    check(len(popup.items) > index, clause, "the command popup", f"a {which} item", popup.names)
    item = popup.items[index]
    published.remembered[which] = item.name
    published.remembered["pointed"] = item.name
    at = Offset(item.x + len(item.cells) // 2, item.y)
    if action == "clicks":
        crs_driver.run(crs_driver.pilot.click(offset=at), "clicking an item")
    else:
        crs_driver.run(crs_driver.pilot.hover(offset=at), "hovering over an item")
    crs_driver.settle()


# -- then: open, closed, where --------------------------------------------------------


@then("the command popup is open")
def popup_open(crs_driver: CrsDriver, published: Published, request: pytest.FixtureRequest) -> None:
    """The popup is drawn (``crs-slash-popup-opens``, ``crs-slash-trigger-position``)."""
    opened(
        crs_driver,
        published,
        scenario_clause(request, "crs-slash-popup-opens", "crs-slash-trigger-position"),
    )


@then("the command popup is closed")
def popup_closed(crs_driver: CrsDriver, request: pytest.FixtureRequest) -> None:
    """The popup is not drawn (``crs-slash-no-trigger-mid-word``, ``crs-slash-keys-escape``)."""
    clause = scenario_clause(
        request,
        "crs-slash-no-trigger-mid-word",
        "crs-slash-keys-escape",
        "crs-escape-closes-popup",
        "crs-slash-keys-select",
        "crs-slash-pointer-select",
        "crs-slash-select-replaces-input",
    )
    widget = popup_widget(crs_driver)
    check(
        widget is None,
        clause,
        "the command popup",
        "it to be closed",
        f"drawn at {widget and widget.region}",
    )


@then("the command popup lists every published command")
def lists_all(crs_driver: CrsDriver, published: Published, request: pytest.FixtureRequest) -> None:
    """Every published name is drawn as an item.

    (``crs-slash-popup-opens``, ``crs-commands-cached``, ``crs-commands-refresh``.)
    """
    clause = scenario_clause(
        request, "crs-slash-popup-opens", "crs-commands-cached", "crs-commands-refresh"
    )
    popup = opened(crs_driver, published, clause)
    missing = [n for n in published.names if n not in popup.names]
    check(
        not missing,
        clause,
        "the command popup",
        f"all of {published.names}",
        f"missing {missing}; drawn {popup.names}",
    )


@then(parsers.parse('the command popup lists exactly the commands starting with "{prefix}"'))
def lists_prefix(
    crs_driver: CrsDriver, published: Published, request: pytest.FixtureRequest, prefix: str
) -> None:
    """Every command named ``prefix...`` is drawn; any other drawn one is a fuzzy match.

    (``crs-slash-filter-prefix``, ``crs-slash-keys-typing``, ``crs-slash-filter-fuzzy``: a
    fuzzy extra has the prefix's characters in order.)
    """
    clause = scenario_clause(
        request,
        "crs-slash-filter-prefix",
        "crs-slash-keys-typing",
        "crs-commands-refresh-open-popup",
    )
    popup = opened(crs_driver, published, clause)
    wanted = [n for n in published.names if n.startswith(prefix)]
    missing = [n for n in wanted if n not in popup.names]
    extra = [n for n in popup.names if n not in wanted and not _subsequence(prefix, n)]
    check(
        not missing and not extra,
        clause,
        f'the command popup filtered by "{prefix}"',
        f"{wanted} (and fuzzy matches only)",
        f"drawn {popup.names}; missing {missing}; not matching {extra}",
    )


def _subsequence(needle: str, name: str) -> bool:
    rest = iter(name)
    return all(char in rest for char in needle)


@then(parsers.parse("the command popup touches the input and covers none of it"))
def touches_input(
    crs_driver: CrsDriver, published: Published, request: pytest.FixtureRequest
) -> None:
    """Directly above or below the input, overlapping it in columns, not over it.

    (``crs-slash-popup-overlay``; ``crs-slash-popup-near-cursor`` read as "touches the input",
    audit §2 #16.)
    """
    clause = scenario_clause(request, "crs-slash-popup-overlay", "crs-slash-popup-near-cursor")
    popup = opened(crs_driver, published, clause)
    check_against_input(crs_driver, popup, clause, "the command popup", covering=True)


@then("the command popup is next to the input")
def near_input(crs_driver: CrsDriver, published: Published) -> None:
    """Directly above or below the input, sharing columns (``crs-slash-popup-near-cursor``).

    Read as "touches the input" (audit §2 #16): with a multi-line input the cursor's line
    may be the second, and a popup docked above the input is then next to the input's top.
    """
    clause = "crs-slash-popup-near-cursor"
    popup = opened(crs_driver, published, clause)
    check_against_input(crs_driver, popup, clause, "the command popup", covering=False)


@then("Escape in the popup sent no cancel")
def escape_no_cancel(crs_driver: CrsDriver) -> None:
    """The Escape that closed the popup cancelled nothing (``crs-escape-closes-popup``)."""
    sent = crs_driver.agent.sent_of("control.prompt.cancel")
    check(not sent, "crs-escape-closes-popup", "the cancels the agent received", "none", sent)


@then("the last conversation item is still fully visible and not covered")
def history_visible(crs_driver: CrsDriver, published: Published) -> None:
    """The popup makes room (``crs-slash-popup-keeps-history-visible``)."""
    clause = "crs-slash-popup-keeps-history-visible"
    check_history_visible(crs_driver, opened(crs_driver, published, clause), clause)


# -- then: items --------------------------------------------------------------------


@then("each item shows its name as /name at the left and its description after it")
def item_content(crs_driver: CrsDriver, published: Published) -> None:
    """``/{name}`` first in the item, its description to its right or on the next rows."""
    clause = "crs-slash-item-content"
    popup = opened(crs_driver, published, clause)
    check(bool(popup.items), clause, "the command popup", "items", popup.rows)
    descriptions = {c.name: c.description for c in published.commands}
    for item in popup.items:
        row = popup.rows.index(item.text) if item.text in popup.rows else -1
        text = item.text.lstrip()
        after = " ".join([text, *popup.rows[row + 1 : row + 3]])
        check(
            text.startswith(f"/{item.name}") and descriptions[item.name] in after,
            clause,
            f"the item of /{item.name}",
            f"'/{item.name}' first, then '{descriptions[item.name]}' to its right or below",
            repr(after.strip()),
        )


@then("each item's name stands out and its description is muted")
def hierarchy(crs_driver: CrsDriver, published: Published) -> None:
    """Name bold or plain, description muted, on rows not highlighted.

    (``crs-slash-item-hierarchy``.)
    """
    clause = "crs-slash-item-hierarchy"
    popup = opened(crs_driver, published, clause)
    lit = {i.name for i in popup.highlighted()}
    descriptions = {c.name: c.description for c in published.commands}
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
def category_mark(crs_driver: CrsDriver, published: Published) -> None:
    """A badge or icon per category is optional (``crs-slash-item-category``, MAY).

    A popup with no mark beyond name and description passes (the option not taken). Once
    an item carries one, every item of a command with a category carries one, and the
    items of one category carry the same mark.
    """
    clause = "crs-slash-item-category"
    popup = opened(crs_driver, published, clause)
    by_name = {c.name: c for c in published.commands}
    marks = {}
    for item in popup.items:
        command = by_name[item.name]
        rest = item.text.replace(f"/{item.name}", "", 1).replace(command.description, "", 1)
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
def separated(crs_driver: CrsDriver, published: Published) -> None:
    """Whole-row separation (``crs-slash-item-separation``)."""
    clause = "crs-slash-item-separation"
    check_separated(opened(crs_driver, published, clause), clause, "/")


@then("a divider row or alternating backgrounds set the items apart")
def divider_or_zebra(crs_driver: CrsDriver, published: Published) -> None:
    """A row of line glyphs between items, or zebra (``crs-slash-item-divider-or-zebra``, MAY)."""
    clause = "crs-slash-item-divider-or-zebra"
    popup = opened(crs_driver, published, clause)
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
def padded(crs_driver: CrsDriver, published: Published) -> None:
    """Padding judged against the item's highlighted extent.

    (``crs-slash-item-padding``, audit §4.2 #8.)
    """
    clause = "crs-slash-item-padding"
    popup = opened(crs_driver, published, clause)
    check_padded(popup, focused(popup, clause), clause, "/")


# -- then: highlight ------------------------------------------------------------------


@then(parsers.parse("the {which} item of the popup has the highlight"))
def has_highlight(
    crs_driver: CrsDriver, published: Published, request: pytest.FixtureRequest, which: str
) -> None:
    """Exactly one item is highlighted, the named one (first, second, last, or remembered)."""
    clause = scenario_clause(
        request,
        "crs-slash-focus-highlight",
        "crs-slash-keys-move",
        "crs-slash-autoscroll",
        "crs-slash-keys-wrap",
        "crs-slash-filter-focus-reset",
        "crs-commands-refresh-keeps-state",
        "crs-slash-hover-highlight",
        "crs-slash-hover-wins",
    )
    popup = opened(crs_driver, published, clause)
    item = focused(popup, clause)
    if which == "first":
        expected = popup.names[0]
    elif which == "last":
        expected = popup.names[-1]
    else:
        expected = published.remembered[which]
    check(
        item.name == expected,
        clause,
        "the highlighted item",
        f"/{expected} ({which})",
        f"/{item.name}; items drawn: {popup.names}",
    )


@then("the highlighted item is a drawn item")
def highlight_visible(
    crs_driver: CrsDriver, published: Published, request: pytest.FixtureRequest
) -> None:
    """The focused item is inside the popup's visible rows (``crs-slash-autoscroll``)."""
    clause = scenario_clause(request, "crs-slash-autoscroll")
    focused(opened(crs_driver, published, clause), clause)


@then(parsers.parse("the highlighted item is not the first one remembered"))
def highlight_moved(crs_driver: CrsDriver, published: Published) -> None:
    """Wrap-around from the first item went elsewhere (``crs-slash-keys-wrap``)."""
    clause = "crs-slash-keys-wrap"
    item = focused(opened(crs_driver, published, clause), clause)
    first = published.remembered["first"]
    check(
        item.name != first,
        clause,
        "the highlight after Up on the first item",
        "the last item",
        f"still /{first}",
    )
    published.remembered["wrapped"] = item.name


@then("the highlight covers the focused item's whole row and stands out")
def full_row(crs_driver: CrsDriver, published: Published, request: pytest.FixtureRequest) -> None:
    """Every inner cell of the focused row has the highlight background; it contrasts.

    (``crs-slash-highlight-full-row``, ``crs-slash-highlight-contrast``.)
    """
    clause = scenario_clause(
        request, "crs-slash-highlight-full-row", "crs-slash-highlight-contrast"
    )
    popup = opened(crs_driver, published, clause)
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
def hover_same(crs_driver: CrsDriver, published: Published) -> None:
    """Hover gives the focus highlight's background (``crs-slash-hover-highlight``)."""
    clause = "crs-slash-hover-highlight"
    popup = opened(crs_driver, published, clause)
    item = focused(popup, clause)
    seen = row_background(item)
    expected = published.remembered.get("keyboard")
    check(
        item.name == published.remembered["pointed"]
        and (expected is None or str(seen) == expected),
        clause,
        "the hovered item",
        f"/{published.remembered['pointed']} with the focus highlight {expected}",
        f"/{item.name} with {seen}",
    )


@when("the user notes the keyboard highlight")
def note_keyboard(crs_driver: CrsDriver, published: Published) -> None:
    """Remember the keyboard highlight's background."""
    clause = "crs-slash-hover-highlight"
    item = focused(opened(crs_driver, published, clause), clause)
    published.remembered["keyboard"] = str(row_background(item))
    published.remembered["focused"] = item.name


# -- then: no match, input, hint ------------------------------------------------------


@then("the command popup shows a no-match message and no item")
def no_match(crs_driver: CrsDriver, published: Published) -> None:
    """Open, no item, some text.

    (``crs-slash-no-match-stays-open``, ``crs-slash-no-match-message``.)
    """
    popup = opened(crs_driver, published, "crs-slash-no-match-stays-open")
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


@then(parsers.parse('the input holds exactly "{text}"'))
def input_exact(crs_driver: CrsDriver, request: pytest.FixtureRequest, text: str) -> None:
    """The input's value (``crs-slash-keys-escape``, ``crs-slash-select-replaces-input``, ...)."""
    clause = scenario_clause(
        request,
        "crs-slash-select-replaces-input",
        "crs-slash-keys-select",
        "crs-slash-keys-escape",
        "crs-slash-pointer-select",
        "crs-commands-refresh-keeps-state",
        "crs-escape-closes-popup",
    )
    expected, seen = literal(text), crs_driver.input_value
    check(seen == expected, clause, "the input", repr(expected), repr(seen))


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
    region = crs_driver.input.region
    screen = screen_cells(crs_driver.app)
    value = crs_driver.input_value
    for y in range(region.y, region.bottom):
        row = screen[y][region.x : region.right]
        line = "".join(c.char for c in row)
        at = line.find(hint)
        if at < 0 or value.rstrip() not in line[:at]:
            continue
        hinted = [c for c in row[at + 1 : at + len(hint)] if c.char.strip()]  # 1st: cursor
        typed_cells = [c for c in row[:at] if c.char.strip()]
        text_contrast = min(c.contrast or 21.0 for c in typed_cells) if typed_cells else 21.0
        muted = all(c.dim or (c.contrast or 21.0) < text_contrast * 0.85 for c in hinted)
        check(
            muted,
            clause,
            "the hint in the input",
            "drawn dim or muted",
            f"contrast {[c.contrast for c in hinted][:3]} vs {text_contrast}",
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
def first_is(crs_driver: CrsDriver, published: Published, name: str) -> None:
    """The most used command comes first (``crs-slash-sort-order``)."""
    clause = "crs-slash-sort-order"
    popup = opened(crs_driver, published, clause)
    first = popup.names[0] if popup.names else None
    check(
        first == name, clause, "the first item", f"/{name}, used before", f"/{first}; {popup.names}"
    )


@then("the items drawn are grouped by category and in name order within each group")
def grouped(crs_driver: CrsDriver, published: Published) -> None:
    """Category groups are contiguous, names ascend inside each (``crs-slash-sort-order``)."""
    clause = "crs-slash-sort-order"
    popup = opened(crs_driver, published, clause)
    category = {c.name: c.category for c in published.commands}
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
def not_listed(crs_driver: CrsDriver, published: Published, name: str) -> None:
    """A replaced list's command is gone (``crs-commands-refresh``)."""
    clause = "crs-commands-refresh"
    popup = read_popup(crs_driver, [*published.names, name])
    check(
        popup is not None and name not in popup.names,
        clause,
        "the command popup",
        f"no /{name}",
        popup and popup.names,
    )


@then(parsers.parse("the input holds the {which} item's command and a space"))
def input_holds_item(crs_driver: CrsDriver, published: Published, which: str) -> None:
    """The input is ``/{name} `` of the item clicked (``crs-slash-pointer-select``)."""
    expected, seen = f"/{published.remembered[which]} ", crs_driver.input_value
    check(seen == expected, "crs-slash-pointer-select", "the input", repr(expected), repr(seen))
