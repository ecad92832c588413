"""Steps of ``features/rawp_crs/file_popup.feature``.

The file popup opens on @ and shows the answers to the current query only.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from pytest_bdd import parsers, then, when

from rawp_port import FileCandidate
from steps.app_driver import WaitTimeout, typed
from steps.checks import check, literal, scenario_clause
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.part2.popup import (
    Item,
    Popup,
    background,
    check_against_input,
    check_history_visible,
    check_padded,
    check_separated,
    contrast,
)
from steps.rawp_crs.part3.file_popup import (
    SEARCH_BOUND,
    Files,
    answer,
    candidate,
    file_focused,
    file_opened,
    highlighted,
    offer_files,
    searches,
    split_paths,
    typed_query,
    wait_for_search,
)
from steps.rawp_crs.state import CrsState, PacedTyping
from steps.rawp_crs.support.held_timers import HeldTimers
from steps.screen import Cell, screen_cells, text_columns, text_width

SPINNER_GLYPHS = re.compile(
    r"[\u2800-\u28ff\u25d0-\u25d3\u25f4-\u25f7\u25cf\u2501\u2578\u257a⏳⌛◌○◔◕◴]"
)
"""Glyphs a loading indicator is drawn with: braille spinners, quarter circles, Textual's
``LoadingIndicator`` dots, ``ProgressBar`` bars, hourglasses."""


WORDS_OF_LOADING = re.compile(r"(?i)loading|searching|검색|로딩|불러오")
"""Words that also make a row a loading indicator (a text-only indicator)."""


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


def name_cells(item: Item) -> list[Cell]:
    """The cells of the item's name on its row."""
    return [item.cells[i] for i in item.span(item.name)]


def after_name(item: Item) -> str:
    """The text drawn right of the item's name on its row."""
    return "".join(c.char for c in item.cells[item.span(item.name).stop :])


@when("the agent answers the file search with:")
def offers_table(crs_driver: CrsDriver, crs_state: CrsState, datatable: list[list[str]]) -> None:
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
    offer_files(crs_driver, offered, crs_state.files)


@when(
    parsers.parse(
        'the agent answers the file search with "{path}" and a path of {count:d} characters'
    )
)
def offers_long(crs_driver: CrsDriver, crs_state: CrsState, path: str, count: int) -> None:
    """Answer with ``path`` first, then a path of ``count`` characters (a long name too)."""
    long = "d/" * (count // 4) + "n" * (count - 2 * (count // 4) - 3) + ".py"
    offer_files(crs_driver, [literal(path), long], crs_state.files)


@when(parsers.parse('the agent answers any search for the empty query with "{paths}"'))
def offers_recent(crs_driver: CrsDriver, crs_state: CrsState, paths: str) -> None:
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
    answer(
        crs_driver, crs_state.files, found().query_id, [candidate(p) for p in split_paths(paths)]
    )


@when("the agent answers the file search with no candidates")
def offers_none(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """Answer the search of the typed `@` word with an empty list."""
    offer_files(crs_driver, [], crs_state.files)


@when(parsers.parse('the agent answers the earlier search for "{query}" with "{paths}"'))
def offers_late(crs_driver: CrsDriver, crs_state: CrsState, query: str, paths: str) -> None:
    """Answer the last search for ``query`` (an earlier one), late."""
    search = wait_for_search(crs_driver, literal(query))
    answer(crs_driver, crs_state.files, search.query_id, [candidate(p) for p in split_paths(paths)])


@when("the agent answers every search in reverse order")
def offers_reversed(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """Answer every unanswered search, newest first, each with ``src/{query}.py``.

    The empty query's answer is ``src/recent.py``.
    """
    wait_for_search(crs_driver, typed_query(crs_driver))
    pending = [s for s in searches(crs_driver) if s.query_id not in crs_state.files.answered]
    for search in reversed(pending):
        name = f"{search.query or 'recent'}.py"
        answer(crs_driver, crs_state.files, search.query_id, [candidate(f"src/{name}")])


@when(parsers.parse('the agent answers a search it never received with "{paths}"'))
def offers_unasked(crs_driver: CrsDriver, crs_state: CrsState, paths: str) -> None:
    """Publish candidates for a ``query_id`` no search of the client carried."""
    used = {s.query_id for s in searches(crs_driver)}
    query_id = next(f"never-sent-{n}" for n in range(100) if f"never-sent-{n}" not in used)
    answer(crs_driver, crs_state.files, query_id, [candidate(p) for p in split_paths(paths)])


@then("the file popup is open")
def file_popup_open(
    crs_driver: CrsDriver, crs_state: CrsState, request: pytest.FixtureRequest
) -> None:
    """The file popup is drawn."""
    file_opened(
        crs_driver,
        crs_state.files,
        scenario_clause(
            request,
            "crs-at-trigger-position",
            "crs-at-slash-is-path",
            "crs-at-no-match-stays-open",
            "crs-at-popup-latency",
        ),
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


@when(parsers.parse('the user types "{text}" one key every {ms:d} ms'))
def types_paced(crs_driver: CrsDriver, crs_state: CrsState, text: str, ms: int) -> None:
    """Hold Textual's timers, then type ``text`` key by key, ``ms`` ms of held time apart.

    No wall-clock sleep: the virtual clock of :mod:`steps.rawp_crs.support.held_timers` moves, so
    the client's debounce timer sees the pauses whatever the machine's load.
    """
    crs_state.timers.hold()
    keys = literal(text)
    crs_state.paced = PacedTyping(before=len(searches(crs_driver)))
    for index, stroke in enumerate(typed(keys)):
        if index:
            _advance(crs_driver, crs_state.timers, ms)
        crs_driver.burst([stroke], f"typing {keys[index]!r}")
        crs_state.paced.prefixes.append(typed_query(crs_driver))


def _advance(crs_driver: CrsDriver, held_timers: HeldTimers, ms: int) -> None:
    crs_driver.run(held_timers.advance(ms / 1000), f"moving the timers' clock {ms} ms on")
    crs_driver.settle()


def _paced_queries(crs_driver: CrsDriver, paced: PacedTyping) -> list[str]:
    """The non-empty queries searched since the paced typing began, in order."""
    return [s.query for s in searches(crs_driver)[paced.before :] if s.query]


@then(
    parsers.parse("{ms:d} ms after the last key, only the first key's query may have been searched")
)
def not_yet_searched(crs_driver: CrsDriver, crs_state: CrsState, ms: int) -> None:
    """No query followed by another key in time, nor the whole one, is searched too early.

    004 §3.4.3 ¶1: searches are debounced by 150-300 ms instead of being sent on every
    keystroke (``crs-at-search-debounce``). A debounce that sends at the first key of a
    burst (leading edge) is a faithful reading, so the first key's query is allowed.
    """
    clause = "crs-at-search-debounce"
    _advance(crs_driver, crs_state.timers, ms - crs_state.paced.elapsed)
    crs_state.paced.elapsed = ms
    later = crs_state.paced.prefixes[1:]
    early = [query for query in _paced_queries(crs_driver, crs_state.paced) if query in later]
    check(
        not early,
        clause,
        f"the searches within {ms} ms of each key",
        f"none for {later} (each was followed by a key, or is too recent)",
        early,
    )


@then(parsers.parse("by {ms:d} ms after the last key, the whole query was searched"))
def searched_by(crs_driver: CrsDriver, crs_state: CrsState, ms: int) -> None:
    """The last query goes out within the debounce window (``crs-at-search-debounce``)."""
    clause = "crs-at-search-debounce"
    _advance(crs_driver, crs_state.timers, ms - crs_state.paced.elapsed)
    crs_state.paced.elapsed = ms
    whole = crs_state.paced.prefixes[-1]
    sent = _paced_queries(crs_driver, crs_state.paced)
    check(
        whole in sent,
        clause,
        f"the searches {ms} ms after the last key",
        f"one for {whole!r}",
        sent or "none",
    )


@then("the file popup touches the input and covers none of it")
def file_touches_input(
    crs_driver: CrsDriver, crs_state: CrsState, request: pytest.FixtureRequest
) -> None:
    """Directly above or below the input, sharing columns, not over it (``crs-at-popup-overlay``).

    ``crs-at-popup-near-cursor`` is read as "touches the input" (audit §2 #16, §4.2 #7).
    """
    clause = scenario_clause(request, "crs-at-popup-overlay", "crs-at-popup-near-cursor")
    popup = file_opened(crs_driver, crs_state.files, clause)
    check_against_input(crs_driver, popup, clause, "the file popup", covering=True)


@then("the last conversation item is fully visible beside the file popup")
def file_history_visible(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """The popup makes room (``crs-at-popup-keeps-history-visible``)."""
    clause = "crs-at-popup-keeps-history-visible"
    check_history_visible(crs_driver, file_opened(crs_driver, crs_state.files, clause), clause)


@then("the file popup shows a prompt with a loading indicator")
def prompt_loading(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """Before any answer: some text and a loading indicator (``crs-at-popup-initial-state``).

    A client that asked for the recent files and shows them only once answered must still
    show this (the clause's second form); one that does not ask shows it until typing.
    """
    clause = "crs-at-popup-initial-state"
    popup = file_opened(crs_driver, crs_state.files, clause)
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
def recent_shown(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """If the client asked for the empty query, its answer is drawn.

    (``crs-at-popup-initial-state``.)
    """
    clause = "crs-at-popup-initial-state"
    popup = file_opened(crs_driver, crs_state.files, clause)
    if any(s.query == "" for s in searches(crs_driver)):
        expected = [c.name for c in crs_state.files.offered]
        check(
            popup.names == expected,
            clause,
            "the file popup",
            f"the recent files {expected}",
            repr(popup.names),
        )


@then(parsers.parse("the file popup shows a loading indicator {where}"))
def loading(
    crs_driver: CrsDriver, crs_state: CrsState, request: pytest.FixtureRequest, where: str
) -> None:
    """While a search is unanswered: an indicator at the bottom (``crs-at-loading-indicator``).

    ``where`` is ``"and no candidate"`` or ``"beside "a, b""``: the previous candidates stay
    drawn (``crs-at-keep-previous-results``).
    """
    clause = scenario_clause(request, "crs-at-loading-indicator")
    wait_for_search(crs_driver, typed_query(crs_driver), clause)
    popup = file_opened(crs_driver, crs_state.files, clause)
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
def not_loading(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """Once the answer arrived the indicator is gone (``crs-at-loading-indicator``)."""
    clause = "crs-at-loading-indicator"
    popup = file_opened(crs_driver, crs_state.files, clause)
    check(
        not loading_shown(crs_driver, popup),
        clause,
        "the file popup's bottom rows",
        "no loading indicator once answered",
        repr(border_rows(crs_driver, popup)),
    )


@then("the file popup shows a no-match message and no candidate")
def file_no_match(
    crs_driver: CrsDriver, crs_state: CrsState, request: pytest.FixtureRequest
) -> None:
    """Open, no candidate, some text.

    (``crs-at-no-match-stays-open``, ``crs-at-no-match-message``.)
    """
    popup = file_opened(crs_driver, crs_state.files, "crs-at-no-match-stays-open")
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
def file_item_content(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """Name first (bold or plain), then the directory to its right or below, muted.

    (``crs-at-item-content``.) Muted is judged on rows not highlighted, as
    ``crs-slash-item-hierarchy`` is; the scenario needs at least one such row.
    """
    clause = "crs-at-item-content"
    popup = file_opened(crs_driver, crs_state.files, clause)
    by_name = {c.name: c for c in crs_state.files.offered}
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
            len(popup.lead(item).strip()) <= 4,
            clause,
            f"candidate {item.name}",
            "its name at the left: at most 4 characters before it (an icon; a focus marker "
            "not counted)",
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
            bool(directory_cells) and all(_file_muted(c, name_style) for c in directory_cells),
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


def _file_muted(cell: Cell, name: list[Cell]) -> bool:
    """Dim, or a foreground of less contrast with the background than the name's."""
    if cell.style.dim:
        return True
    ours = contrast(cell.foreground, background(cell))
    theirs = max((contrast(c.foreground, background(c)) for c in name), default=1.0)
    return ours < theirs


@then("a shortened directory keeps its end after an ellipsis")
def elision(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """Any shortened directory reads ``…`` and its last segment (``crs-at-path-elision``, MAY)."""
    clause = "crs-at-path-elision"
    popup = file_opened(crs_driver, crs_state.files, clause)
    by_name = {c.name: c for c in crs_state.files.offered}
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
def icons(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """Icons by one mapping (``crs-at-item-icon-consistent``; ``crs-at-item-icon`` is a MAY)."""
    clause = "crs-at-item-icon-consistent"
    popup = file_opened(crs_driver, crs_state.files, clause)
    marks = {item.name: popup.lead(item).strip() for item in popup.items}
    check(
        len(marks) == len(crs_state.files.offered),
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
def matched(crs_driver: CrsDriver, crs_state: CrsState, matched: str, name: str) -> None:
    """The ``match_ranges`` cells are bold or on another background; the others alike, not.

    (``crs-at-match-highlight``.) ``matched`` is the name with unmatched characters as ``.``.
    """
    clause = "crs-at-match-highlight"
    popup = file_opened(crs_driver, crs_state.files, clause)
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
def file_separated(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """Whole-row separation and padding, as in the slash popup (``crs-at-item-separation``).

    Padding is judged against the focused candidate's highlighted extent, as
    ``crs-slash-item-padding`` is (audit §4.2 #8): a list's own padding outside the highlight
    does not count.
    """
    clause = "crs-at-item-separation"
    popup = file_opened(crs_driver, crs_state.files, clause)
    check_separated(popup, clause)
    check_padded(popup, file_focused(popup, clause), clause)


BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
"""Bidi embedding, override and isolate controls."""


def unsafe(char: str) -> bool:
    """Whether ``char`` is a C0 or C1 control, DEL or a bidi control."""
    return ord(char) < 0x20 or 0x7F <= ord(char) < 0xA0 or char in BIDI


@then("the names without control characters are drawn as sent, their markup as typed")
def hostile_names_shown(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """Each candidate's name is shown (``crs-at-item-content``, 004 §3.4.2 ¶14, l. 213).

    A name of printable characters is drawn as sent, its markup as typed (a name
    interpreted as markup is another name). A name holding control or bidi characters is
    shown by its printable runs, in order on one row: how the client draws, replaces or
    drops the controls themselves is ``crs-file-names-harmless``'s (HARDENING).
    """
    clause = "crs-at-item-content"
    popup = file_opened(crs_driver, crs_state.files, clause)
    for name in crs_state.files.names:
        runs = [run for run in re.split(f"[\\x00-\\x1f\\x7f-\\x9f{BIDI}]+", name) if run]
        found = any(_in_order(row, runs) for row in popup.rows)
        check(
            found,
            clause,
            "the file popup",
            f"the name {name!r} drawn on one row" + ("" if runs == [name] else f" as {runs}"),
            repr(popup.rows),
        )


def _in_order(row: str, runs: list[str]) -> bool:
    """Whether every one of ``runs`` is drawn in ``row``, left to right."""
    at = 0
    for run in runs:
        at = row.find(run, at)
        if at < 0:
            return False
        at += len(run)
    return True


@then("no control or bidi character of a name is drawn")
def hostile_names_harmless(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """No C0/C1 control or bidi control reaches the popup's cells (``crs-file-names-harmless``)."""
    clause = "crs-file-names-harmless"
    popup = file_opened(crs_driver, crs_state.files, clause)
    raw = [char for char in "".join(popup.rows) if unsafe(char)]
    check(not raw, clause, "the file popup", "no control or bidi character drawn", repr(raw))
