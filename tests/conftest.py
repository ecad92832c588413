"""Fixtures of the harness's own tests: a pytester project wired to the harness plugin."""

from __future__ import annotations

import pytest

from steps.loading import ENV_VAR
from tests.helpers import ROOT, write_ini

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


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: object) -> None:
    """Tell each xdist worker the run's ``--dist`` mode (pytest-xdist hook, controller side).

    xdist sets a worker's own ``dist`` option to ``no``; ``tests/test_mutants.py`` needs
    the real mode to know whether its tests share one worker (``make test``'s
    ``loadscope``) and may run two suites at a time there.
    """
    config = getattr(node, "config")  # noqa: B009 - xdist's WorkerController, untyped here
    getattr(node, "workerinput")["dist_mode"] = config.getoption("dist")  # noqa: B009
