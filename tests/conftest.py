"""Fixtures of the harness's own tests: a pytester project wired to the harness plugin."""

from __future__ import annotations

from collections.abc import Generator

import pytest
from xdist.scheduler import LoadScopeScheduling

from steps.loading import ENV_VAR
from tests.helpers import ROOT, write_ini
from tests.session_proof import SessionProof

pytest_plugins = ["pytester"]


@pytest.fixture
def project(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    """A throwaway project that loads the harness plugin, with no adapter setting inherited.

    Runs in it see ``steps`` and ``reference_app`` (installed) and, through
    ``PYTHONPATH``, the repository root (``examples``, ``tests.miniatures``).
    """
    monkeypatch.delenv(ENV_VAR, raising=False)
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    pytester.makeconftest('pytest_plugins = ["steps.plugin"]')
    write_ini(pytester)
    return pytester


def pytest_configure(config: pytest.Config) -> None:
    """Where results are gathered, check the catches the mutant meta-test left to this session.

    ``tests/session_proof.py``: a scenario the meta-test relied on passing on the
    reference in this session's features run fails the session if it did not pass.
    """
    if not hasattr(config, "workerinput"):
        config.pluginmanager.register(SessionProof(), "mutant-session-proof")


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: object) -> None:
    """Tell each xdist worker the run's ``--dist`` mode (pytest-xdist hook, controller side).

    xdist sets a worker's own ``dist`` option to ``no``; ``tests/test_mutants.py`` needs
    the real mode to know whether its tests share one worker (``make test``'s
    ``loadscope``) and may run two suites at a time there.
    """
    config = getattr(node, "config")  # noqa: B009 - xdist's WorkerController, untyped here
    getattr(node, "workerinput")["dist_mode"] = config.getoption("dist")  # noqa: B009


LONG_FIRST = (
    "tests/test_mutants.py",
    "tests/test_crs_alt_conformance.py",
    "tests/test_crs_third.py",
    "tests/test_thirdparty.py",
    "tests/test_thirdparty_agent.py",
    "tests/test_crs_framed_conformance.py",
    "tests/test_composite_chat_conformance.py",
    "tests/test_framed_chat_conformance.py",
    "tests/test_partial_claims.py",
)
"""Test modules that each run for minutes (suite subprocesses): first in line under xdist.

Started last, one of them would keep one worker busy after the other ran out of work."""


class ModulesWholeScenariosApart(LoadScopeScheduling):  # type: ignore[misc]
    """``--dist loadscope`` for this project: a unit of work is a module of ``tests/``, or
    one scenario of ``features/``.

    A module of the harness's own tests stays on one worker, so its module-scoped fixtures
    (a suite run in a subprocess) run once; the scenarios share no module-scoped fixture,
    so they are spread one by one, and the two workers end together. Units are handed out
    in collection order (see :func:`pytest_collection_modifyitems`), not by size.
    """

    def _split_scope(self, nodeid: str) -> str:  # pytest-xdist's documented override point
        return nodeid if nodeid.startswith("features/") else super()._split_scope(nodeid)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object | None:
    """Schedule ``--dist loadscope`` with :class:`ModulesWholeScenariosApart` (``make test``)."""
    if config.getoption("dist") != "loadscope":
        return None
    config.option.loadscopereorder = False
    return ModulesWholeScenariosApart(config, log)


@pytest.hookimpl(wrapper=True, specname="pytest_collection_modifyitems")
def pytest_collection_modifyitems_long_first(
    config: pytest.Config, items: list[pytest.Item]
) -> Generator[None, None, None]:
    """On an xdist worker of ``--dist loadscope``: :data:`LONG_FIRST`, ``tests/``, scenarios.

    Runs after every other plugin's ordering (pytest-randomly's shuffle included), and keeps
    that order within each rank. The longest modules start first; the many short scenarios
    come last, so they fill whichever worker frees up first.
    """
    yield
    if getattr(config, "workerinput", {}).get("dist_mode") == "loadscope":
        items.sort(key=rank)


def rank(item: pytest.Item) -> int:
    """Where ``item`` goes in :func:`pytest_collection_modifyitems_long_first`'s order."""
    module = item.nodeid.partition("::")[0]
    if module in LONG_FIRST:
        return LONG_FIRST.index(module)
    return len(LONG_FIRST) + (not module.startswith("tests/"))
