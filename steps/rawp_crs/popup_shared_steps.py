"""Steps that several popup feature files use.

The feature files are those of the slash-command popup (``slash_popup``,
``slash_popup_keys``), of the file popup (``file_popup``, ``file_popup_keys``) and
``popup_exclusion``; a step one of them uses alone is in that file's module.
"""

from __future__ import annotations

import pytest
from pytest_bdd import given, parsers, then, when

from rawp_port import Command
from steps.checks import check, literal, scenario_clause
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.part2.popup import (
    focused,
    opened,
    popup_widget,
    publish_commands,
)
from steps.rawp_crs.part3.file_popup import (
    file_opened,
    file_popup_widget,
    offer_files,
    searches,
    split_paths,
    wait_for_search,
)
from steps.rawp_crs.part3.tokens import token_view
from steps.rawp_crs.state import CrsState


@given(parsers.parse('the file popup offers "{paths}"'))
@when(parsers.parse('the file popup offers "{paths}"'))
@when(parsers.parse('the agent answers the file search with "{paths}"'))
def offers(crs_driver: CrsDriver, crs_state: CrsState, paths: str) -> None:
    """Answer the search of the typed `@` word with the comma-separated ``paths``."""
    offer_files(crs_driver, split_paths(paths), crs_state.files)


@when("the user presses Escape in the file popup")
def file_presses_escape(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """Press Escape once, remembering the input's text before it."""
    crs_state.files.typed = crs_driver.input_value
    crs_driver.press("escape")


@then("the file popup is closed")
def file_popup_closed(crs_driver: CrsDriver, request: pytest.FixtureRequest) -> None:
    """The file popup is not drawn."""
    clause = scenario_clause(
        request,
        "crs-at-no-trigger-after-word",
        "crs-at-no-trigger-in-slash-popup",
        "crs-slash-at-is-argument",
        "crs-at-keys-escape",
        "crs-escape-closes-popup",
        "crs-at-keys-select",
        "crs-popups-exclusive",
    )
    widget = file_popup_widget(crs_driver)
    check(
        widget is None,
        clause,
        "the screen",
        "no file popup",
        f"a file popup at {widget and widget.region}",
    )


@then("the client sent no file search")
def no_search(crs_driver: CrsDriver, request: pytest.FixtureRequest) -> None:
    """No ``control.file.search`` was sent: no popup opened, even unseen."""
    clause = scenario_clause(
        request,
        "crs-at-no-trigger-after-word",
        "crs-at-no-trigger-in-slash-popup",
        "crs-slash-at-is-argument",
    )
    sent = [s.query for s in searches(crs_driver)]
    check(not sent, clause, "the control.file.search frames", "none", sent)


@then(parsers.re(r'the client searched for "(?P<query>[^"]*)"'))
def searched(crs_driver: CrsDriver, request: pytest.FixtureRequest, query: str) -> None:
    """A search for exactly ``query`` arrives (bounded wait), each with a new ``query_id``."""
    clause = scenario_clause(
        request,
        "crs-at-search-request",
        "crs-at-slash-is-path",
        "crs-at-popup-initial-state",
        "crs-at-keys-typing",
        "crs-at-trigger-position",
    )
    wait_for_search(crs_driver, literal(query), clause)
    ids = [s.query_id for s in searches(crs_driver)]
    check(
        len(set(ids)) == len(ids),
        "crs-at-current-query-only",
        "the query_id of the searches",
        "a new one for each search",
        ids,
    )


@then(parsers.parse('the file popup lists "{names}"'))
def lists(
    crs_driver: CrsDriver, crs_state: CrsState, request: pytest.FixtureRequest, names: str
) -> None:
    """Exactly the candidates ``names`` (comma-separated), in that order, are drawn."""
    clause = scenario_clause(
        request,
        "crs-at-stale-results-ignored",
        "crs-at-current-query-only",
        "crs-at-keys-typing",
        "crs-at-popup-initial-state",
        "crs-at-keep-previous-results",
        "crs-at-item-content",
    )
    expected = split_paths(names)
    popup = file_opened(crs_driver, crs_state.files, clause)
    check(
        popup.names == expected,
        clause,
        "the file popup's candidates",
        repr(expected),
        repr(popup.names),
    )


@then(parsers.parse('the input refers to "{path}" and the file popup is closed'))
def refers(
    crs_driver: CrsDriver, crs_state: CrsState, request: pytest.FixtureRequest, path: str
) -> None:
    """The selected file is a token of the input (``input_tokens``, ``crs-at-keys-select``)."""
    clause = scenario_clause(request, "crs-at-keys-select", "crs-at-popup-shares-slash-rules")
    expected = literal(path)
    runs = [token_view(node) for node in crs_driver.part3.input_tokens(crs_driver.app)]
    paths = [getattr(r, "path", None) for r in runs if not isinstance(r, str)]
    check(expected in paths, clause, "the input's tokens", f"one for {expected!r}", repr(runs))
    check(
        file_popup_widget(crs_driver) is None,
        clause,
        "the screen after the selection",
        "no file popup",
        "a file popup",
    )
    sent = crs_driver.agent.sent_of("control.prompt.request")
    check(
        not sent, clause, "the prompts sent", "none: the key selected, it did not send", repr(sent)
    )


@then(parsers.parse('the input holds "{text}" as typed'))
def holds(crs_driver: CrsDriver, request: pytest.FixtureRequest, text: str) -> None:
    """The input's text is ``text``."""
    clause = scenario_clause(request, "crs-slash-at-is-argument", "crs-at-no-trigger-after-word")
    check(
        crs_driver.input_value == literal(text),
        clause,
        "the input",
        repr(literal(text)),
        repr(crs_driver.input_value),
    )


CATEGORIES = ("session", "display", "config", "general", "files", "model")
"""Categories of the generated command lists."""


def generated(count: int, prefix: str = "cmd") -> list[Command]:
    """``count`` commands ``{prefix}000``... spread over :data:`CATEGORIES`."""
    width = max(3, len(str(count - 1)))
    return [
        Command(f"{prefix}{i:0{width}d}", f"Command number {i}", CATEGORIES[i % len(CATEGORIES)])
        for i in range(count)
    ]


@given(parsers.parse("the agent publishes {count:d} commands in categories"))
@when(parsers.parse("the agent publishes {count:d} commands in categories"))
def publishes_many(crs_driver: CrsDriver, crs_state: CrsState, count: int) -> None:
    """Publish ``count`` generated commands (``cmd000``...)."""
    publish_commands(crs_driver, crs_state.published, generated(count))


@when(parsers.parse('the user types "{first}", presses the newline key and types "{second}"'))
def types_two_lines(crs_driver: CrsDriver, first: str, second: str) -> None:
    """Type ``first``, the adapter's last newline key (every terminal reports it), ``second``."""
    crs_driver.type_text(literal(first))
    crs_driver.press(list(crs_driver.part1.newline_keys)[-1])
    crs_driver.type_text(literal(second))


@when("the user remembers the focused item")
def remember_focus(
    crs_driver: CrsDriver, crs_state: CrsState, request: pytest.FixtureRequest
) -> None:
    """Read the highlighted item's name, for a later step."""
    clause = scenario_clause(request, "crs-slash-focus-highlight")
    popup = opened(crs_driver, crs_state.published, clause)
    crs_state.published.remembered["focused"] = focused(popup, clause).name
    crs_state.published.remembered["first"] = popup.names[0] if popup.names else ""
    crs_state.published.remembered["second"] = popup.names[1] if len(popup.names) > 1 else ""


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
def lists_all(crs_driver: CrsDriver, crs_state: CrsState, request: pytest.FixtureRequest) -> None:
    """Every published name is drawn as an item.

    (``crs-slash-popup-opens``, ``crs-commands-cached``, ``crs-commands-refresh``.)
    """
    clause = scenario_clause(
        request, "crs-slash-popup-opens", "crs-commands-cached", "crs-commands-refresh"
    )
    popup = opened(crs_driver, crs_state.published, clause)
    missing = [n for n in crs_state.published.names if n not in popup.names]
    check(
        not missing,
        clause,
        "the command popup",
        f"all of {crs_state.published.names}",
        f"missing {missing}; drawn {popup.names}",
    )


@then(parsers.parse('the command popup lists exactly the commands starting with "{prefix}"'))
def lists_prefix(
    crs_driver: CrsDriver, crs_state: CrsState, request: pytest.FixtureRequest, prefix: str
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
    popup = opened(crs_driver, crs_state.published, clause)
    wanted = [n for n in crs_state.published.names if n.startswith(prefix)]
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


@then("Escape in the popup sent no cancel")
def escape_no_cancel(crs_driver: CrsDriver) -> None:
    """The Escape that closed the popup cancelled nothing (``crs-escape-closes-popup``)."""
    sent = crs_driver.agent.sent_of("control.prompt.cancel")
    check(not sent, "crs-escape-closes-popup", "the cancels the agent received", "none", sent)


@then(parsers.parse("the {which} item of the popup has the highlight"))
def has_highlight(
    crs_driver: CrsDriver, crs_state: CrsState, request: pytest.FixtureRequest, which: str
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
    popup = opened(crs_driver, crs_state.published, clause)
    item = focused(popup, clause)
    if which == "first":
        expected = popup.names[0]
    elif which == "last":
        expected = popup.names[-1]
    else:
        expected = crs_state.published.remembered[which]
    check(
        item.name == expected,
        clause,
        "the highlighted item",
        f"/{expected} ({which})",
        f"/{item.name}; items drawn: {popup.names}",
    )
