"""Fairness of a catch left to the session's own features run on the reference, and its check.

The mutant meta-test (``tests/test_mutants.py``) proves each catch fair by showing that
the catching scenario passes on the profile's reference. ``make test`` runs ``features/``
and ``tests/`` in one pytest session, so that session already runs every scenario on the
references. When a catching scenario is an item of the session, run on the reference with
the settings the meta-test's own runs use, the meta-test leaves its fairness to that item
(:func:`run_on_the_reference` decides) instead of running it a second time, and records
the node ids on its own report (the user property :data:`PROPERTY`).

Why that is a proof, not a hope: :class:`SessionProof` is registered where results are
gathered (the only process, or the xdist controller, which sees every worker's reports;
``tests/conftest.py``). It notes each scenario whose call phase passed, and every report
that failed; at the session's end, a node id some meta-test report names that did not
pass cleanly (failed, errored, skipped, an expected failure, or never run) fails the
session, exit status 1, with the ids and the tests that relied on them in the summary.
So a skip, an expectations file, ``--fail-on must`` or a scheduler that dropped the item
cannot turn a catch the reference does not pass into a green run.

The items are the same scenarios run the same way when: the session's rootdir is this
repository (node ids mean the same files), the profile's adapter is its reference (no
``--adapter`` naming another), no ``--clause`` selection, and none of the settings that
change how a scenario runs was given on the command line (scenario timeout, terminal size,
exploration budget and seed, expectations): the meta-test's runs, like the session, take
those from the same environment and ini file. ``-k`` and ``--deselect`` remove items; the
decision reads ``session.items`` after them, as xdist's workers each collect (and the
controller schedules) exactly that list.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from steps import terminal, watchdog
from steps.explore import core as explore
from steps.fail_on import FAIL_ON_KEY
from steps.loading import ADAPTERS_KEY, adapter_spec

ROOT = Path(__file__).resolve().parent.parent
PROPERTY = "fairness_left_to_session"
"""User property of a meta-test report: the node ids whose pass on the reference it relies on."""
RUN_SETTINGS = (
    watchdog.OPTION,
    terminal.SETTING.option,
    explore.EXAMPLES.option,
    explore.SEED.option,
    "--expectations",
)
"""Options that change how a scenario runs or counts: given on the command line, the
session's items are not the meta-test's experiment, so it runs the scenarios itself."""


def dest(option: str) -> str:
    """The ``config.option`` name of an option (``--scenario-timeout``: ``scenario_timeout``)."""
    return option.lstrip("-").replace("-", "_")


def run_on_the_reference(
    config: pytest.Config, items: Sequence[pytest.Item], profile: str, reference: str
) -> frozenset[str]:
    """Node ids of ``profile``'s scenarios this session runs on ``reference`` as the meta-test does.

    Args:
        config: The session's configuration.
        items: The session's items after selection (``session.items``).
        profile: The profile (its scenarios are under ``features/<profile>/``).
        reference: The adapter spec of the profile's reference.

    Returns:
        The node ids, or none at all when the session's run is not the meta-test's
        experiment (another rootdir or adapter, a ``--clause`` selection, a setting of
        :data:`RUN_SETTINGS` on the command line, ``--fail-on`` other than ``any``).
    """
    if config.rootpath != ROOT or ADAPTERS_KEY not in config.stash:
        return frozenset()
    if profile not in config.stash[ADAPTERS_KEY] or adapter_spec(config, profile) != reference:
        return frozenset()
    if config.getoption("clause") or config.stash[FAIL_ON_KEY].levels:
        return frozenset()
    if any(config.getoption(dest(option), None) is not None for option in RUN_SETTINGS):
        return frozenset()
    folder = f"features/{profile}/"
    return frozenset(item.nodeid for item in items if item.nodeid.startswith(folder))


class SessionProof:
    """Fails the session when a scenario a meta-test left to it did not pass (see module doc).

    Attributes:
        passed: Node ids whose call phase passed.
        spoiled: Node ids with a report that failed (setup, call or teardown).
        relied: Node id left to the session -> the first meta-test that relied on it.
        unproven: After the session: the node ids that did not pass, with their test.
    """

    def __init__(self) -> None:
        self.passed: set[str] = set()
        self.spoiled: set[str] = set()
        self.relied: dict[str, str] = {}
        self.unproven: dict[str, str] = {}

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        """Note a scenario's pass or failure, and the node ids a meta-test relied on."""
        if report.when == "call" and report.passed:
            self.passed.add(report.nodeid)
        if report.failed:
            self.spoiled.add(report.nodeid)
        for name, value in report.user_properties:
            if name == PROPERTY and isinstance(value, list | tuple):
                for nodeid in value:
                    self.relied.setdefault(str(nodeid), report.nodeid)

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        """Fail the session (exit status 1) if a relied-on scenario did not pass cleanly."""
        self.unproven = {
            nodeid: test
            for nodeid, test in self.relied.items()
            if nodeid not in self.passed or nodeid in self.spoiled
        }
        if self.unproven and session.exitstatus == pytest.ExitCode.OK:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        """Name the scenarios left to the session that did not pass, and who relied on them."""
        if self.relied:
            terminalreporter.write_line(
                f"mutant fairness: {len(self.relied) - len(self.unproven)} of {len(self.relied)} "
                "catching scenarios left to this session's features run passed on the reference"
            )
        for nodeid, test in self.unproven.items():
            terminalreporter.write_line(
                f"UNFAIR OR UNPROVEN CATCH: {nodeid} did not pass on the reference in this "
                f"session (relied on by {test})",
                red=True,
            )
