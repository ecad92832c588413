"""The file popup's traffic (part 3): the searches a client sends and the candidates offered."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rawp_port import FileCandidate, FileCandidates
from steps.app_driver import WaitTimeout
from steps.checks import violation
from steps.rawp_crs.driver import CrsDriver

SEARCH_BOUND = 2.0
"""Seconds a client may take to send the search of what was typed (a debounce window of
150-300 ms, on a loaded machine)."""


def candidate(path: str, ranges: Sequence[tuple[int, int]] = ()) -> FileCandidate:
    """The candidate of ``path``: its last segment as name, the rest (with `/`) as directory."""
    directory, _, name = path.rpartition("/")
    return FileCandidate(path, name, f"{directory}/" if directory else "", tuple(ranges))


def searches(driver: CrsDriver) -> list[Any]:
    """Every ``control.file.search`` the client sent, in order."""
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
    """The candidates the agent offered in this scenario, and what steps remembered."""

    offered: list[FileCandidate] = field(default_factory=list)
    """Every candidate offered so far (the names the popup's rows are matched against)."""
    answered: set[str] = field(default_factory=set)
    """The ``query_id`` of every search answered."""
    remembered: dict[str, Any] = field(default_factory=dict)

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
