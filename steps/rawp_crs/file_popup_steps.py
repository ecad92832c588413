"""Steps of profile ``rawp_crs`` part 3: the `@` file-reference popup (004 §3.4.1-§3.4.4, §3.4.7).

The popup is read on the composed screen, never from widget classes: it is the widget the
adapter's ``file_popup_selector`` names (open when displayed with a non-empty region), its
items are the rows of its inner region holding a candidate's name as offered (the longest
name found in the row), highlight and backgrounds as :mod:`steps.rawp_crs.support.popup` reads them
for the slash popup (004 §3.4.4 ¶6: the same rules).

Searches are the ``control.file.search`` frames the fake agent recorded; a step answers one
by publishing ``session.file.candidates`` for its ``query_id``. A client may debounce with a
real timer (150-300 ms, ``crs-at-search-debounce``), so the steps wait (bounded, by
condition, :data:`SEARCH_BOUND`) for the search of the query the input holds, never sleep.

Reuse from other steps modules: :func:`offer_files` answers the client's search of the `@`
word the input ends with; :func:`pick_file` types `@` and a character, offers one file and
selects it with Enter, so a token of that file is in the input afterwards. As steps: ``When
the user types "@s" in the input`` then ``And the file popup offers "src/a.py, docs/b.md"``,
or in one step ``Given the user picks "src/a.py" from the file popup``. Type a character
after `@` before offering: a client need not search for the empty query.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest
from pytest_bdd import given, parsers, then, when
from textual.geometry import Offset
from textual.widget import Widget

from rawp_port import FileCandidate, FileCandidates
from steps.app_driver import WaitTimeout, typed
from steps.checks import check, literal, scenario_clause, violation
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.support.capability import member
from steps.rawp_crs.support.file_popup import (
    SEARCH_BOUND,
    Files,
    answer,
    candidate,
    offer_files,
    searches,
    typed_query,
    wait_for_search,
)
from steps.rawp_crs.support.held_timers import HeldTimers, held_timers_fixture  # noqa: F401 - fixture
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
    displayed,
    popup_widget,
    read_popup_of,
    row_background,
)
from steps.screen import Cell, screen_cells, text_columns, text_width

PART = "part 3, the file popup"
"""What needs the members read here, for the verdict ERROR of an adapter without them."""
SPINNER_GLYPHS = re.compile(
    r"[\u2800-\u28ff\u25d0-\u25d3\u25f4-\u25f7\u25cf\u2501\u2578\u257a⏳⌛◌○◔◕◴]"
)
"""Glyphs a loading indicator is drawn with: braille spinners, quarter circles, Textual's
``LoadingIndicator`` dots, ``ProgressBar`` bars, hourglasses."""
WORDS_OF_LOADING = re.compile(r"(?i)loading|searching|검색|로딩|불러오")
"""Words that also make a row a loading indicator (a text-only indicator)."""


@pytest.fixture
def files() -> Files:
    """The file candidates of this scenario."""
    return Files()


# -- helpers other steps modules may use ------------------------------------------------


def pick_file(driver: CrsDriver, path: str, files: Files | None = None) -> None:
    """Type `@` and the path's first character, offer ``path`` alone, press Enter.

    A token of ``path`` is then in the input, in place of the `@` word. The character after
    `@` is typed because a client need not search for the empty query (004 §3.4.2 allows a
    prompt instead of the recent files).
    """
    first = path[:1] if path[:1].strip() else ""
    driver.type_text("@" + first)
    offer_files(driver, [path], files)
    driver.press("enter")


def split_paths(paths: str) -> list[str]:
    """A step's comma-separated paths, escapes decoded."""
    return [literal(p.strip()) for p in paths.split(",") if p.strip()]


# -- reading the popup -------------------------------------------------------------------


def file_popup_widget(driver: CrsDriver) -> Widget | None:
    """The displayed file popup widget the adapter names, or ``None`` when it is closed."""
    return displayed(driver, member(driver.adapter, "file_popup_selector", PART))


def command_popup_open(driver: CrsDriver) -> bool:
    """Whether the slash-command popup is drawn."""
    return popup_widget(driver) is not None


def read_file_popup(driver: CrsDriver, names: Sequence[str]) -> Popup | None:
    """The file popup as drawn now, its items found among ``names``; ``None`` when closed.

    A row is a candidate's when it holds an offered name (the longest one it holds).
    """
    widget = file_popup_widget(driver)
    if widget is None:
        return None
    longest_first = sorted(names, key=len, reverse=True)
    return read_popup_of(
        driver, widget, lambda text: next((n for n in longest_first if n in text), None)
    )


def opened(driver: CrsDriver, files: Files, clause: str) -> Popup:
    """The open file popup, or a violation of ``clause`` when it is closed."""
    popup = read_file_popup(driver, files.names)
    if popup is None:
        violation(clause, "the screen", "the file popup drawn", "no file popup")
    return popup


def border_rows(driver: CrsDriver, popup: Popup) -> tuple[str, str]:
    """The text of the popup's last inner row and of its region's last row (a bottom border)."""
    screen = screen_cells(driver.app)
    region = popup.region
    last = region.bottom - 1
    bottom = "".join(c.char for c in screen[last][region.x : region.right]) if last >= 0 else ""
    return (popup.rows[-1] if popup.rows else ""), bottom


def loading_shown(driver: CrsDriver, popup: Popup) -> bool:
    """Whether the popup's bottom (last inner row or bottom border) shows a loading indicator.

    Textual's ``LoadingIndicator`` (dots) and ``ProgressBar`` (bars) on that row count too.
    """
    return any(
        SPINNER_GLYPHS.search(row) or WORDS_OF_LOADING.search(row)
        for row in border_rows(driver, popup)
    )


def highlighted(popup: Popup) -> list[Item]:
    """The candidates whose row is highlighted: its most common background stands out.

    Unlike the slash popup's reading (any cell), matched characters drawn on an accent
    background (``crs-at-match-highlight``) do not make a row highlighted.
    """
    return [
        item
        for item in popup.items
        if contrast(row_background(item), popup.base) >= HIGHLIGHT_CONTRAST  # type: ignore[arg-type]
    ]


def focused(popup: Popup, clause: str) -> Item:
    """The one highlighted candidate (a violation of ``clause`` unless exactly one)."""
    lit = highlighted(popup)
    check(
        len(lit) == 1,
        clause,
        "the file popup",
        "exactly one highlighted candidate",
        lit and [i.name for i in lit],
    )
    return lit[0]


def name_cells(item: Item) -> list[Cell]:
    """The cells of the item's name on its row."""
    return [item.cells[i] for i in item.span(item.name)]


def before_name(item: Item) -> str:
    """The text drawn left of the item's name on its row (an icon, padding)."""
    return "".join(c.char for c in item.cells[: item.span(item.name).start])


def after_name(item: Item) -> str:
    """The text drawn right of the item's name on its row."""
    return "".join(c.char for c in item.cells[item.span(item.name).stop :])


# -- given / when --------------------------------------------------------------------------


@given(parsers.parse('the file popup offers "{paths}"'))
@when(parsers.parse('the file popup offers "{paths}"'))
@when(parsers.parse('the agent answers the file search with "{paths}"'))
def offers(crs_driver: CrsDriver, files: Files, paths: str) -> None:
    """Answer the search of the typed `@` word with the comma-separated ``paths``."""
    offer_files(crs_driver, split_paths(paths), files)


@given(parsers.parse('the user picks "{path}" from the file popup'))
@when(parsers.parse('the user picks "{path}" from the file popup'))
def picks(crs_driver: CrsDriver, files: Files, path: str) -> None:
    """Type `@` and a character, be offered ``path`` alone, press Enter (:func:`pick_file`)."""
    pick_file(crs_driver, literal(path), files)


@when("the agent answers the file search with:")
def offers_table(crs_driver: CrsDriver, files: Files, datatable: list[list[str]]) -> None:
    """Answer with the table's candidates: ``path``, ``name``, ``directory``, ``match``.

    ``match`` holds ``start-end`` ranges of the name, space-separated; cells are decoded
    as ``literal`` escapes (a backslash, ``u`` and four hex digits).
    """
    header, *rows = datatable
    offered = []
    for row in rows:
        cells = dict(zip(header, row, strict=True))
        ranges = [
            (int(a), int(b)) for a, b in (r.split("-") for r in cells.get("match", "").split())
        ]
        path = literal(cells["path"])
        default = candidate(path)
        offered.append(
            FileCandidate(
                path,
                literal(cells.get("name", default.name)),
                literal(cells.get("directory", default.directory)),
                tuple(ranges),
            )
        )
    offer_files(crs_driver, offered, files)


@when(parsers.parse("the agent answers the file search with {count:d} candidates"))
def offers_many(crs_driver: CrsDriver, files: Files, count: int) -> None:
    """Answer with ``count`` candidates ``dir{n}/file{n:06}.py``."""
    offered = [candidate(f"dir{n % 50}/file{n:06}.py") for n in range(count)]
    search = wait_for_search(crs_driver, typed_query(crs_driver))
    files.offered += offered[:50] + offered[-50:]  # the rows steps look for: either end
    files.answered.add(search.query_id)
    crs_driver.publish(FileCandidates(search.query_id, tuple(offered)))


@when(
    parsers.parse(
        'the agent answers the file search with "{path}" and a path of {count:d} characters'
    )
)
def offers_long(crs_driver: CrsDriver, files: Files, path: str, count: int) -> None:
    """Answer with ``path`` first, then a path of ``count`` characters (a long name too)."""
    long = "d/" * (count // 4) + "n" * (count - 2 * (count // 4) - 3) + ".py"
    offer_files(crs_driver, [literal(path), long], files)


@when(parsers.parse('the agent answers any search for the empty query with "{paths}"'))
def offers_recent(crs_driver: CrsDriver, files: Files, paths: str) -> None:
    """Answer the empty-query search with ``paths``, if the client sends one (bounded wait).

    A client may show a prompt instead and search only once characters follow the `@`
    (004 §3.4.2 ¶2-¶4): then nothing is answered.
    """

    def found() -> Any:
        return next((s for s in reversed(searches(crs_driver)) if s.query == ""), None)

    try:
        crs_driver.wait_until(lambda: found() is not None, "a search for ''", SEARCH_BOUND)
    except WaitTimeout:
        return
    answer(crs_driver, files, found().query_id, [candidate(p) for p in split_paths(paths)])


@when("the agent answers the file search with no candidates")
def offers_none(crs_driver: CrsDriver, files: Files) -> None:
    """Answer the search of the typed `@` word with an empty list."""
    offer_files(crs_driver, [], files)


@when(parsers.parse('the agent answers the earlier search for "{query}" with "{paths}"'))
def offers_late(crs_driver: CrsDriver, files: Files, query: str, paths: str) -> None:
    """Answer the last search for ``query`` (an earlier one), late."""
    search = wait_for_search(crs_driver, literal(query))
    answer(crs_driver, files, search.query_id, [candidate(p) for p in split_paths(paths)])


@when("the agent answers every search in reverse order")
def offers_reversed(crs_driver: CrsDriver, files: Files) -> None:
    """Answer every unanswered search, newest first, each with ``src/{query}.py``.

    The empty query's answer is ``src/recent.py``.
    """
    wait_for_search(crs_driver, typed_query(crs_driver))
    pending = [s for s in searches(crs_driver) if s.query_id not in files.answered]
    for search in reversed(pending):
        name = f"{search.query or 'recent'}.py"
        answer(crs_driver, files, search.query_id, [candidate(f"src/{name}")])


@when(parsers.parse('the agent answers a search it never received with "{paths}"'))
def offers_unasked(crs_driver: CrsDriver, files: Files, paths: str) -> None:
    """Publish candidates for a ``query_id`` no search of the client carried."""
    used = {s.query_id for s in searches(crs_driver)}
    query_id = next(f"never-sent-{n}" for n in range(100) if f"never-sent-{n}" not in used)
    answer(crs_driver, files, query_id, [candidate(p) for p in split_paths(paths)])


@when(parsers.parse('the user types "{text}" key by key, watching both popups'))
def types_watching(crs_driver: CrsDriver, files: Files, text: str) -> None:
    """Type ``text`` key by key, noting after each key which popups are drawn."""
    seen = []
    for char in literal(text):
        crs_driver.type_text(char)
        seen.append(
            (
                crs_driver.input_value,
                command_popup_open(crs_driver),
                file_popup_widget(crs_driver) is not None,
            )
        )
    files.remembered["watched"] = seen


@then("the two popups were never drawn together, and each was drawn on its own")
def never_both(crs_driver: CrsDriver, files: Files) -> None:
    """At most one popup after every key (``crs-popups-exclusive``); both did open."""
    clause = "crs-popups-exclusive"
    seen = files.remembered["watched"]
    both = [text for text, slash, file in seen if slash and file]
    check(not both, clause, "the screen", "at most one popup drawn", f"both after {both!r}")
    check(
        any(slash for _, slash, _ in seen) and any(file for _, _, file in seen),
        clause,
        "the screen while typing",
        "each popup drawn at some point (the text has a `/` word and an `@` word)",
        repr(seen),
    )


@when("the user presses Escape in the file popup")
def presses_escape(crs_driver: CrsDriver, files: Files) -> None:
    """Press Escape once, remembering the input's text and the frames sent before."""
    files.remembered["text"] = crs_driver.input_value
    files.remembered["frames"] = len(crs_driver.agent.sent)
    crs_driver.press("escape")


@when("the user remembers the focused candidate")
def remember_focus(crs_driver: CrsDriver, files: Files, request: pytest.FixtureRequest) -> None:
    """Read the highlighted candidate's name, for a later step."""
    clause = scenario_clause(request, "crs-at-keys-move")
    popup = opened(crs_driver, files, clause)
    files.remembered["focused"] = focused(popup, clause).name


@when(parsers.parse("the user {action} the {which} candidate of the file popup"))
def pointer(
    crs_driver: CrsDriver, files: Files, request: pytest.FixtureRequest, action: str, which: str
) -> None:
    """``clicks`` or ``hovers over`` the first, second or third candidate drawn."""
    clause = scenario_clause(request, "crs-at-popup-shares-slash-rules")
    popup = opened(crs_driver, files, clause)
    index = {"first": 0, "second": 1, "third": 2}[which]
    check(len(popup.items) > index, clause, "the file popup", f"a {which} candidate", popup.names)
    item = popup.items[index]
    files.remembered["pointed"] = item.name
    at = Offset(item.x + min(len(item.cells) // 2, max(item.span(item.name).start, 0) + 1), item.y)
    if action == "clicks":
        crs_driver.run(crs_driver.pilot.click(offset=at), "clicking a candidate")
    else:
        crs_driver.run(crs_driver.pilot.hover(offset=at), "hovering over a candidate")
    crs_driver.settle()


# -- then: open, closed, where ----------------------------------------------------------


@then("the file popup is open")
def popup_open(crs_driver: CrsDriver, files: Files, request: pytest.FixtureRequest) -> None:
    """The file popup is drawn."""
    opened(
        crs_driver,
        files,
        scenario_clause(
            request,
            "crs-at-trigger-position",
            "crs-at-slash-is-path",
            "crs-at-no-match-stays-open",
            "crs-at-popup-latency",
        ),
    )


@then("the file popup is closed")
def popup_closed(crs_driver: CrsDriver, request: pytest.FixtureRequest) -> None:
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


@then(
    parsers.parse(
        "the client sent fewer searches than the {count:d} keys typed, the last for the whole query"
    )
)
def debounced(crs_driver: CrsDriver, count: int) -> None:
    """A burst of keys is not one search per key (``crs-at-search-debounce``)."""
    clause = "crs-at-search-debounce"
    query = typed_query(crs_driver)
    wait_for_search(crs_driver, query, clause)
    crs_driver.settle()
    sent = [s.query for s in searches(crs_driver)]
    check(
        len(sent) < count and sent[-1] == query,
        clause,
        "the control.file.search frames",
        f"fewer than {count}, the last for {query!r}",
        sent,
    )


@pytest.fixture
def paced_typing() -> dict[str, Any]:
    """Keys typed one at a time on held timers: the queries they made, searches before them."""
    return {}


@when(parsers.parse('the user types "{text}" one key every {ms:d} ms'))
def types_paced(
    crs_driver: CrsDriver, held_timers: HeldTimers, paced_typing: dict[str, Any], text: str, ms: int
) -> None:
    """Hold Textual's timers, then type ``text`` key by key, ``ms`` ms of held time apart.

    No wall-clock sleep: the virtual clock of :mod:`steps.rawp_crs.support.held_timers` moves, so
    the client's debounce timer sees the pauses whatever the machine's load.
    """
    held_timers.hold()
    keys = literal(text)
    paced_typing.update(before=len(searches(crs_driver)), elapsed=0, prefixes=[])
    for index, stroke in enumerate(typed(keys)):
        if index:
            _advance(crs_driver, held_timers, ms)
        crs_driver.burst([stroke], f"typing {keys[index]!r}")
        paced_typing["prefixes"].append(typed_query(crs_driver))


def _advance(crs_driver: CrsDriver, held_timers: HeldTimers, ms: int) -> None:
    crs_driver.run(held_timers.advance(ms / 1000), f"moving the timers' clock {ms} ms on")
    crs_driver.settle()


def _paced_queries(crs_driver: CrsDriver, paced_typing: dict[str, Any]) -> list[str]:
    """The non-empty queries searched since the paced typing began, in order."""
    return [s.query for s in searches(crs_driver)[paced_typing["before"] :] if s.query]


@then(
    parsers.parse("{ms:d} ms after the last key, only the first key's query may have been searched")
)
def not_yet_searched(
    crs_driver: CrsDriver, held_timers: HeldTimers, paced_typing: dict[str, Any], ms: int
) -> None:
    """No query followed by another key in time, nor the whole one, is searched too early.

    004 §3.4.3 ¶1: searches are debounced by 150-300 ms instead of being sent on every
    keystroke (``crs-at-search-debounce``). A debounce that sends at the first key of a
    burst (leading edge) is a faithful reading, so the first key's query is allowed.
    """
    clause = "crs-at-search-debounce"
    _advance(crs_driver, held_timers, ms - paced_typing["elapsed"])
    paced_typing["elapsed"] = ms
    later = paced_typing["prefixes"][1:]
    early = [query for query in _paced_queries(crs_driver, paced_typing) if query in later]
    check(
        not early,
        clause,
        f"the searches within {ms} ms of each key",
        f"none for {later} (each was followed by a key, or is too recent)",
        early,
    )


@then(parsers.parse("by {ms:d} ms after the last key, the whole query was searched"))
def searched_by(
    crs_driver: CrsDriver, held_timers: HeldTimers, paced_typing: dict[str, Any], ms: int
) -> None:
    """The last query goes out within the debounce window (``crs-at-search-debounce``)."""
    clause = "crs-at-search-debounce"
    _advance(crs_driver, held_timers, ms - paced_typing["elapsed"])
    paced_typing["elapsed"] = ms
    whole = paced_typing["prefixes"][-1]
    sent = _paced_queries(crs_driver, paced_typing)
    check(
        whole in sent,
        clause,
        f"the searches {ms} ms after the last key",
        f"one for {whole!r}",
        sent or "none",
    )


@then("the file popup touches the input and covers none of it")
def touches_input(crs_driver: CrsDriver, files: Files, request: pytest.FixtureRequest) -> None:
    """Directly above or below the input, sharing columns, not over it (``crs-at-popup-overlay``).

    ``crs-at-popup-near-cursor`` is read as "touches the input" (audit §2 #16, §4.2 #7).
    """
    clause = scenario_clause(request, "crs-at-popup-overlay", "crs-at-popup-near-cursor")
    popup = opened(crs_driver, files, clause)
    check_against_input(crs_driver, popup, clause, "the file popup", covering=True)


@then("the last conversation item is fully visible beside the file popup")
def history_visible(crs_driver: CrsDriver, files: Files) -> None:
    """The popup makes room (``crs-at-popup-keeps-history-visible``)."""
    clause = "crs-at-popup-keeps-history-visible"
    check_history_visible(crs_driver, opened(crs_driver, files, clause), clause)


# -- then: what it shows ------------------------------------------------------------------


@then(parsers.parse('the file popup lists "{names}"'))
def lists(crs_driver: CrsDriver, files: Files, request: pytest.FixtureRequest, names: str) -> None:
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
    popup = opened(crs_driver, files, clause)
    check(
        popup.names == expected,
        clause,
        "the file popup's candidates",
        repr(expected),
        repr(popup.names),
    )


@then("the file popup shows a prompt with a loading indicator")
def prompt_loading(crs_driver: CrsDriver, files: Files) -> None:
    """Before any answer: some text and a loading indicator (``crs-at-popup-initial-state``).

    A client that asked for the recent files and shows them only once answered must still
    show this (the clause's second form); one that does not ask shows it until typing.
    """
    clause = "crs-at-popup-initial-state"
    popup = opened(crs_driver, files, clause)
    text = " ".join(row.strip() for row in popup.rows if row.strip())
    check(
        bool(SPINNER_GLYPHS.sub("", text).strip()),
        clause,
        "the file popup",
        "a prompt such as 파일명을 입력하세요",
        repr(popup.rows),
    )
    check(
        loading_shown(crs_driver, popup),
        clause,
        "the file popup's bottom",
        "a loading indicator",
        repr(border_rows(crs_driver, popup)),
    )


@then("the file popup shows the recent files it asked for")
def recent_shown(crs_driver: CrsDriver, files: Files) -> None:
    """If the client asked for the empty query, its answer is drawn.

    (``crs-at-popup-initial-state``.)
    """
    clause = "crs-at-popup-initial-state"
    popup = opened(crs_driver, files, clause)
    if any(s.query == "" for s in searches(crs_driver)):
        expected = [c.name for c in files.offered]
        check(
            popup.names == expected,
            clause,
            "the file popup",
            f"the recent files {expected}",
            repr(popup.names),
        )


@then(parsers.parse("the file popup shows a loading indicator {where}"))
def loading(
    crs_driver: CrsDriver, files: Files, request: pytest.FixtureRequest, where: str
) -> None:
    """While a search is unanswered: an indicator at the bottom (``crs-at-loading-indicator``).

    ``where`` is ``"and no candidate"`` or ``"beside "a, b""``: the previous candidates stay
    drawn (``crs-at-keep-previous-results``).
    """
    clause = scenario_clause(request, "crs-at-loading-indicator")
    wait_for_search(crs_driver, typed_query(crs_driver), clause)
    popup = opened(crs_driver, files, clause)
    check(
        loading_shown(crs_driver, popup),
        clause,
        "the file popup's bottom rows",
        "a loading indicator",
        repr(border_rows(crs_driver, popup)),
    )
    found = re.fullmatch(r'beside "(.*)"', where)
    if found:
        expected = split_paths(found.group(1))
        check(
            popup.names == expected,
            "crs-at-keep-previous-results",
            "the file popup while loading",
            f"the previous candidates {expected}",
            repr(popup.names),
        )


@then("the file popup shows no loading indicator")
def not_loading(crs_driver: CrsDriver, files: Files) -> None:
    """Once the answer arrived the indicator is gone (``crs-at-loading-indicator``)."""
    clause = "crs-at-loading-indicator"
    popup = opened(crs_driver, files, clause)
    check(
        not loading_shown(crs_driver, popup),
        clause,
        "the file popup's bottom rows",
        "no loading indicator once answered",
        repr(border_rows(crs_driver, popup)),
    )


@then("the file popup shows a no-match message and no candidate")
def no_match(crs_driver: CrsDriver, files: Files, request: pytest.FixtureRequest) -> None:
    """Open, no candidate, some text.

    (``crs-at-no-match-stays-open``, ``crs-at-no-match-message``.)
    """
    popup = opened(crs_driver, files, "crs-at-no-match-stays-open")
    check(
        not popup.items, "crs-at-no-match-stays-open", "the file popup", "no candidate", popup.names
    )
    text = " ".join(row.strip() for row in popup.rows if row.strip())
    check(
        bool(text),
        "crs-at-no-match-message",
        "the file popup",
        "a message such as 일치하는 파일이 없습니다",
        repr(popup.rows),
    )


@then("each candidate shows its name at the left and its directory muted after it")
def item_content(crs_driver: CrsDriver, files: Files) -> None:
    """Name first (bold or plain), then the directory to its right or below, muted.

    (``crs-at-item-content``.) Muted is judged on rows not highlighted, as
    ``crs-slash-item-hierarchy`` is; the scenario needs at least one such row.
    """
    clause = "crs-at-item-content"
    popup = opened(crs_driver, files, clause)
    by_name = {c.name: c for c in files.offered}
    check(
        len(popup.items) == len(by_name),
        clause,
        "the file popup",
        f"the candidates {list(by_name)}",
        popup.names,
    )
    for item in popup.items:
        offered = by_name[item.name]
        check(
            len(before_name(item).strip()) <= 4,
            clause,
            f"candidate {item.name}",
            "its name at the left (an icon may precede it)",
            repr(item.text),
        )
        directory = offered.directory.rstrip("/")
        tail = directory.split("/")[-1] if directory else ""
        rows = popup.rows[item.y - popup.inner.y :][:3]
        after = after_name(item) + " ".join(rows[1:])
        if not tail:
            continue
        check(
            tail in after,
            clause,
            f"candidate {item.name}",
            f"its directory {offered.directory!r} after the name",
            repr(after),
        )
        if item in highlighted(popup):
            continue  # the highlight may recolour the row (as for the slash popup)
        directory_cells = _cells_of(crs_driver, popup, item, tail)
        name_style = name_cells(item)
        check(
            bool(directory_cells) and all(_muted(c, name_style) for c in directory_cells),
            clause,
            f"the directory of {item.name}",
            "muted (dim, or a colour of lower contrast than the name's)",
            repr([(c.char, str(c.style)) for c in directory_cells[:4]]),
        )


def _cells_of(driver: CrsDriver, popup: Popup, item: Item, needle: str) -> list[Cell]:
    """The cells of ``needle`` after the name on the item's row, or on the rows below it."""
    screen = screen_cells(driver.app)
    for y in range(item.y, min(item.y + 3, popup.inner.bottom)):
        cells = screen[y][popup.inner.x : popup.inner.right]
        start = item.span(item.name).stop if y == item.y else 0
        for at in text_columns(cells, needle):
            if at >= start:
                return list(cells[at : at + text_width(needle)])
    return []


def _muted(cell: Cell, name: list[Cell]) -> bool:
    """Dim, or a foreground of less contrast with the background than the name's."""
    if cell.style.dim:
        return True
    ours = contrast(cell.foreground, background(cell))
    theirs = max((contrast(c.foreground, background(c)) for c in name), default=1.0)
    return ours < theirs


@then("a shortened directory keeps its end after an ellipsis")
def elision(crs_driver: CrsDriver, files: Files) -> None:
    """Any shortened directory reads ``…`` and its last segment (``crs-at-path-elision``, MAY)."""
    clause = "crs-at-path-elision"
    popup = opened(crs_driver, files, clause)
    by_name = {c.name: c for c in files.offered}
    for item in popup.items:
        directory = by_name[item.name].directory.rstrip("/")
        rest = after_name(item).strip()
        if not directory or directory in rest or "…" not in rest:
            continue
        shown = rest.split("…", 1)[1].strip().rstrip("/")
        check(
            directory.endswith(shown),
            clause,
            f"the directory of {item.name}",
            f"an end of {directory!r}",
            repr(rest),
        )


@then(
    "candidates with the same extension carry the same icon, and every candidate has one if any has"
)
def icons(crs_driver: CrsDriver, files: Files) -> None:
    """Icons by one mapping (``crs-at-item-icon-consistent``; ``crs-at-item-icon`` is a MAY)."""
    clause = "crs-at-item-icon-consistent"
    popup = opened(crs_driver, files, clause)
    marks = {item.name: before_name(item).strip() for item in popup.items}
    check(
        len(marks) == len(files.offered),
        clause,
        "the file popup",
        "every candidate drawn",
        popup.names,
    )
    if any(marks.values()):
        check(
            all(marks.values()),
            clause,
            "the icons left of the names",
            "one on every candidate",
            repr(marks),
        )
    by_extension: dict[str, set[str]] = {}
    for name, mark in marks.items():
        by_extension.setdefault(name.rpartition(".")[2] if "." in name else "", set()).add(mark)
    check(
        all(len(v) == 1 for v in by_extension.values()),
        clause,
        "the icons by extension",
        "one icon per extension",
        repr(by_extension),
    )


@then(parsers.parse('the matched characters "{matched}" of "{name}" are marked and no other'))
def matched(crs_driver: CrsDriver, files: Files, matched: str, name: str) -> None:
    """The ``match_ranges`` cells are bold or on another background; the others alike, not.

    (``crs-at-match-highlight``.) ``matched`` is the name with unmatched characters as ``.``.
    """
    clause = "crs-at-match-highlight"
    popup = opened(crs_driver, files, clause)
    item = popup.item(name)
    check(item is not None, clause, "the file popup", f"candidate {name}", popup.names)
    assert item is not None
    cells = name_cells(item)
    marks = [m != "." for m in matched]
    plain = [c for c, m in zip(cells, marks, strict=False) if not m]
    hit = [c for c, m in zip(cells, marks, strict=False) if m]
    looks = {(bool(c.style.bold), background(c)) for c in plain}
    check(
        len(looks) <= 1, clause, f"the unmatched characters of {name}", "drawn alike", repr(looks)
    )
    bold, back = next(iter(looks)) if looks else (False, None)
    for cell in hit:
        check(
            bool(cell.style.bold) != bold or background(cell) != back,
            clause,
            f"matched character {cell.char!r} of {name}",
            "bold or on a background unlike the rest of the name",
            f"bold {cell.style.bold}, background {background(cell)}; the rest: bold {bold}, {back}",
        )


@then("adjacent candidates are separated and the focused one's text is padded in its highlight")
def separated(crs_driver: CrsDriver, files: Files) -> None:
    """Whole-row separation and padding, as in the slash popup (``crs-at-item-separation``).

    Padding is judged against the focused candidate's highlighted extent, as
    ``crs-slash-item-padding`` is (audit §4.2 #8): a list's own padding outside the highlight
    does not count.
    """
    clause = "crs-at-item-separation"
    popup = opened(crs_driver, files, clause)
    check_separated(popup, clause)
    check_padded(popup, focused(popup, clause), clause)


# -- then: keys and pointer ----------------------------------------------------------------


@then(parsers.parse('the highlighted candidate is "{name}"'))
def has_highlight(
    crs_driver: CrsDriver, files: Files, request: pytest.FixtureRequest, name: str
) -> None:
    """Exactly one candidate is highlighted, ``name`` (or the one ``remembered``)."""
    clause = scenario_clause(
        request,
        "crs-at-keys-move",
        "crs-at-keys-wrap",
        "crs-at-typing-focus-reset",
        "crs-at-popup-shares-slash-rules",
    )
    popup = opened(crs_driver, files, clause)
    item = focused(popup, clause)
    expected = files.remembered.get(name[1:-1], name) if name.startswith("<") else name
    check(
        item.name == expected,
        clause,
        "the highlighted candidate",
        expected,
        f"{item.name}; drawn: {popup.names}",
    )


MANY_NAME = re.compile(r"file\d{6}\.py")
"""A name of :func:`offers_many`'s candidates, on a drawn row."""


@then("the highlighted candidate is the last one the popup lists")
def last_listed(crs_driver: CrsDriver) -> None:
    """Up on the first of many candidates wrapped to the last one listed (``crs-at-keys-wrap``).

    The seeds do not ask a popup to list every candidate of an answer (004 §3.4.4 ¶2: "목록
    끝에서 순환", the end of the list drawn): a client may list the first thousand and an
    info row. So the highlight is a candidate other than the first, with no candidate drawn
    below it (the list scrolled to its end); the scenario's Down back to the first confirms
    it was the last. Decision audit row 38.
    """
    clause = "crs-at-keys-wrap"
    widget = file_popup_widget(crs_driver)
    if widget is None:
        violation(clause, "the screen", "the file popup drawn", "no file popup")
    popup = read_popup_of(crs_driver, widget, _many_name)
    item = focused(popup, clause)
    check(
        item.name != "file000000.py" and popup.names[-1] == item.name,
        clause,
        "the highlighted candidate after Up on the first",
        "the last candidate the popup lists (no candidate drawn below it)",
        f"{item.name}; drawn: {popup.names}",
    )


def _many_name(text: str) -> str | None:
    """The :data:`MANY_NAME` a row's text holds, if any."""
    found = MANY_NAME.search(text)
    return found.group(0) if found else None


@then("the highlighted candidate is drawn, its whole row lit and standing out")
def full_row(crs_driver: CrsDriver, files: Files) -> None:
    """The slash popup's highlight rules (``crs-at-popup-shares-slash-rules``)."""
    clause = "crs-at-popup-shares-slash-rules"
    popup = opened(crs_driver, files, clause)
    item = focused(popup, clause)
    backs = {background(c) for c in item.cells}
    check(
        len(backs) == 1 or _mostly_one(item),
        clause,
        f"the highlighted candidate {item.name}",
        "one highlight background across the popup's inner width",
        repr(backs),
    )
    for other in popup.items:
        if other.name != item.name:
            ratio = contrast(row_background(item), row_background(other))  # type: ignore[arg-type]
            check(
                ratio >= HIGHLIGHT_CONTRAST,
                clause,
                f"the highlight of {item.name} against {other.name}",
                f"a contrast ratio of at least {HIGHLIGHT_CONTRAST}",
                f"{ratio:.2f}",
            )


def _mostly_one(item: Item) -> bool:
    """One background on every cell but the matched characters' (they may have their own)."""
    counts = Counter(background(c) for c in item.cells)
    return counts.most_common(1)[0][1] >= len(item.cells) - len(item.name)


@then(parsers.parse('the input refers to "{path}" and the file popup is closed'))
def refers(crs_driver: CrsDriver, files: Files, request: pytest.FixtureRequest, path: str) -> None:
    """The selected file is a token of the input (``input_tokens``, ``crs-at-keys-select``)."""
    clause = scenario_clause(request, "crs-at-keys-select", "crs-at-popup-shares-slash-rules")
    expected = literal(path)
    runs = list(member(crs_driver.adapter, "input_tokens", PART)(crs_driver.app))
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


@then("the input still holds the text typed before Escape and nothing was cancelled")
def escape_kept(crs_driver: CrsDriver, files: Files) -> None:
    """Escape closes only (``crs-at-keys-escape``): the text, `@` included, stays; no frame."""
    clause = "crs-at-keys-escape"
    check(
        crs_driver.input_value == files.remembered["text"],
        clause,
        "the input after Escape",
        repr(files.remembered["text"]),
        repr(crs_driver.input_value),
    )
    cancels = crs_driver.agent.sent_of("control.prompt.cancel")
    check(not cancels, clause, "the cancels sent", "none", repr(cancels))


@then("the command popup is open and the file popup is closed")
def only_commands(crs_driver: CrsDriver, request: pytest.FixtureRequest) -> None:
    """Only the slash popup is drawn."""
    clause = scenario_clause(
        request,
        "crs-at-no-trigger-in-slash-popup",
        "crs-slash-at-is-argument",
        "crs-popups-exclusive",
    )
    check(command_popup_open(crs_driver), clause, "the screen", "the command popup", "none")
    check(
        file_popup_widget(crs_driver) is None, clause, "the screen", "no file popup", "a file popup"
    )


@then("the file popup is open and the command popup is closed")
def only_files(crs_driver: CrsDriver, files: Files, request: pytest.FixtureRequest) -> None:
    """Only the file popup is drawn (``crs-at-slash-is-path``)."""
    clause = scenario_clause(request, "crs-at-slash-is-path", "crs-popups-exclusive")
    opened(crs_driver, files, clause)
    check(
        not command_popup_open(crs_driver),
        clause,
        "the screen",
        "no command popup",
        "a command popup",
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


@then("hostile names are drawn as plain text on one row, without control or bidi characters")
def hostile(crs_driver: CrsDriver, files: Files) -> None:
    """Markup literal, controls and U+202E never drawn raw (``crs-at-item-content``)."""
    clause = "crs-at-item-content"
    popup = opened(crs_driver, files, clause)
    drawn = "".join(popup.rows)
    raw = [
        c
        for c in drawn
        if (
            ord(c) < 0x20
            or 0x7F <= ord(c) < 0xA0
            or c in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
        )
    ]
    check(not raw, clause, "the file popup", "no control or bidi character drawn", repr(raw))
    for name in files.names:
        check(
            name in drawn,
            clause,
            "the file popup",
            f"the name {name!r} drawn as sent",
            repr(popup.rows),
        )
