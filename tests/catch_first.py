"""A pytest plugin for the meta-test's mutant runs: the scenarios named first, then the rest.

Loaded with ``-p tests.catch_first``. ``--catch-first=<node id>`` (repeatable) moves the
named scenarios to the front of the run, in the order given, and leaves every other
scenario in its place after them. The meta-test names the scenario that caught the mutant
in the last recorded run (``docs/mutants*.json``), so that a run stopping at its first
catch (``--maxfail=1``) usually runs one scenario instead of every scenario before it in
file order. Scheduling only: nothing is deselected, so when the named scenario no longer
catches the mutant (or no longer exists, or cites another clause and is deselected by
``--clause``), the others run as before and the verdict is the same experiment.
"""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    """Register ``--catch-first`` (repeatable)."""
    parser.addoption(
        "--catch-first",
        action="append",
        default=[],
        metavar="NODEID",
        help="run this scenario before the others (repeatable; scheduling only)",
    )


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Put the items named by ``--catch-first`` first, in that order; the rest keep theirs."""
    first: list[str] = config.getoption("catch_first")
    rank = {nodeid: index for index, nodeid in enumerate(first)}
    items.sort(key=lambda item: rank.get(item.nodeid, len(rank)))
