"""The file popup's traffic (part 3): the searches a client sends and the candidates offered."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from textual.widget import Widget

from rawp_port import FileCandidate, FileCandidates
from steps.app_driver import WaitTimeout
from steps.checks import check, literal, violation
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.part2.popup import (
    HIGHLIGHT_CONTRAST,
    Item,
    Popup,
    contrast,
    displayed,
    read_popup_of,
    row_background,
)

SEARCH_BOUND = 2.0
"""Seconds a client may take to send the search of what was typed (a debounce window of
150-300 ms, on a loaded machine)."""


def candidate(path: str, ranges: Sequence[tuple[int, int]] = ()) -> FileCandidate:
    """The candidate of ``path``: its last segment as name, the rest (with `/`) as directory."""
    directory, _, name = path.rpartition("/")
    return FileCandidate(path, name, f"{directory}/" if directory else "", tuple(ranges))


def searches(driver: CrsDriver) -> list[Any]:
    """Every ``control.file.search`` the client sent, in order (the ``@`` popup's, part 3)."""
    driver.uses(3)
    return driver.agent.sent_of(SEARCH)


def offer_files(
    driver: CrsDriver,
    paths: Sequence[str] | Sequence[FileCandidate],
    files: Files | None = None,
    query: str | None = None,
) -> list[FileCandidate]:
    """Answer the client's file search with candidates for ``paths``.

    The `@` popup must be open (type ``@`` or ``@query`` first). Waits until the client sent
    the search of ``query`` (default: the `@` word the input ends with), then answers it.

    Args:
        driver: The scenario's driver.
        paths: Relative paths (``"src/a.py"``: name ``a.py``, directory ``src/``) or
            candidates as they are to be sent.
        files: The scenario's :class:`Files`, to record what was offered (optional).
        query: The query answered.

    Returns:
        The candidates sent.
    """
    search = wait_for_search(driver, typed_query(driver) if query is None else query)
    offered = [p if isinstance(p, FileCandidate) else candidate(p) for p in paths]
    answer(driver, files if files is not None else Files(), search.query_id, offered)
    return offered


SEARCH = "control.file.search"


@dataclass
class Files:
    """The candidates the agent offered in this scenario, and what the popup's steps read."""

    offered: list[FileCandidate] = field(default_factory=list)
    """Every candidate offered so far (the names the popup's rows are matched against)."""
    answered: set[str] = field(default_factory=set)
    """The ``query_id`` of every search answered."""
    typed: str = ""
    """The input's text just before Escape was pressed in the popup."""
    pointed: str = ""
    """The candidate the pointer rested on."""
    watched: list[tuple[str, bool, bool]] = field(default_factory=list)
    """After each key typed while watching both popups: the input's text, whether the
    command popup was drawn, whether the file popup was."""

    @property
    def names(self) -> list[str]:
        """The offered names as drawn: printable ones only (each client draws others its way)."""
        return sorted(
            {c.name for c in self.offered if c.name.isprintable() and c.name.strip()},
            key=len,
            reverse=True,
        )


def typed_query(driver: CrsDriver) -> str:
    """The query of the `@` word the input's text ends with (``""`` when there is none)."""
    line = driver.input_value.split("\n")[-1]
    word = line.split()[-1] if line.strip() and not line[-1].isspace() else ""
    return word[1:] if word.startswith("@") else ""


def wait_for_search(driver: CrsDriver, query: str, clause: str = "crs-at-search-request") -> Any:
    """The last search for ``query``, once the client has sent one (bounded wait).

    Raises:
        AssertionError: A violation of ``clause``: no such search within :data:`SEARCH_BOUND`.
    """

    def found() -> Any:
        return next((s for s in reversed(searches(driver)) if s.query == query), None)

    try:
        driver.wait_until(lambda: found() is not None, f"a file search for {query!r}", SEARCH_BOUND)
    except WaitTimeout:
        violation(
            clause,
            "the control.file.search frames",
            f"one with query {query!r} within {SEARCH_BOUND} s",
            repr([s.query for s in searches(driver)]),
        )
    return found()


def answer(driver: CrsDriver, files: Files, query_id: str, offered: list[FileCandidate]) -> None:
    """Publish ``session.file.candidates`` for ``query_id`` and wait until the client is idle."""
    files.offered += offered
    files.answered.add(query_id)
    driver.publish(FileCandidates(query_id, tuple(offered)))


def split_paths(paths: str) -> list[str]:
    """A step's comma-separated paths, escapes decoded."""
    return [literal(p.strip()) for p in paths.split(",") if p.strip()]


def file_popup_widget(driver: CrsDriver) -> Widget | None:
    """The displayed file popup widget the adapter names, or ``None`` when it is closed."""
    return displayed(driver, driver.part3.file_popup_selector)


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


def file_opened(driver: CrsDriver, files: Files, clause: str) -> Popup:
    """The open file popup, or a violation of ``clause`` when it is closed."""
    popup = read_file_popup(driver, files.names)
    if popup is None:
        violation(clause, "the screen", "the file popup drawn", "no file popup")
    return popup


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


def file_focused(popup: Popup, clause: str) -> Item:
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
