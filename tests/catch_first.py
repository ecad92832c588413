"""A pytest plugin for the meta-test's mutant runs: the scenarios named first, then the rest.

Loaded with ``-p tests.catch_first``. ``--catch-first=<node id>`` (repeatable) moves the
named scenarios to the front of the run, in the order given, and leaves every other
scenario in its place after them. The meta-test names the scenario that caught the mutant
in the last recorded run (``docs/mutants*.json``), so that a run stopping at its first
catch (``--maxfail=1``) usually runs one scenario instead of every scenario before it in
file order. Scheduling only: nothing is deselected, so when the named scenario no longer
catches the mutant (or no longer exists, or cites another clause and is deselected by
``--clause``), the others run as before and the verdict is the same experiment.

A scenario declared long (a ``@scenario_timeout`` tag: the exploration's random sessions,
whose failure Hypothesis then shrinks for a minute) runs after the others, named or not:
a short scenario that catches the mutant is the cheaper proof, and the next run's hint
names it (five rawp_crs mutants took 65 to 76 s each through the exploration, and 1.4 to
17.5 s through a short scenario citing the same clause).
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
    """Order ``items`` in place (:func:`order`) by the ``--catch-first`` names."""
    items[:] = order(items, config.getoption("catch_first"))


def order(items: list[pytest.Item], first: list[str]) -> list[pytest.Item]:
    """The short scenarios, then those declared long; in each, ``first``'s names lead.

    Args:
        items: The collected scenarios, in file order.
        first: Node ids to run first, in this order (``--catch-first``).

    Returns:
        The same items: short before long (a ``scenario_timeout`` marker), named before
        unnamed within each, in ``first``'s order; the rest keep their file order.
    """
    rank = {nodeid: index for index, nodeid in enumerate(first)}

    def key(item: pytest.Item) -> tuple[bool, int]:
        long = item.get_closest_marker("scenario_timeout") is not None
        return long, rank.get(item.nodeid, len(rank))

    return sorted(items, key=key)
