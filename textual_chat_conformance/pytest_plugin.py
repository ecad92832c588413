"""The ``pytest11`` entry point: loads the harness only into the runs that ask for it.

pytest loads every installed ``pytest11`` plugin into every run of the environment, a
team's own test runs included. The harness's plugin (:mod:`steps.plugin`) has rules of its
own for every scenario it sees (tags ``@clause:*`` must name catalogued clauses, a
scenario needs a Then step, a step may not be ``async def``) and prints its adapters in
the report header: loaded into a team's own pytest-bdd tests, it would judge them. So the
entry point is this module, which loads the harness (as ``-p steps.plugin`` would) only
when the run asks for it:

- ``--adapter`` is given, or
- a path among the arguments lies in the installed ``features/`` folder (``pytest
  "$(python -c 'import textual_chat_conformance.locations as l; print(l.FEATURES)')"``).

``chat-conformance`` passes ``-p`` the harness itself. ``-p no:textual_chat_conformance``
turns this module off; ``-p steps.plugin`` (installed: ``textual_chat_conformance.steps.plugin``)
loads the harness whatever the arguments.

Standard library and pytest only, importing nothing of the harness before pytest has
started its assertion rewriting.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from textual_chat_conformance.locations import FEATURES

HARNESS = "steps.plugin"
"""The harness's plugin module (installed: ``textual_chat_conformance.steps.plugin``)."""


def asks_for_the_harness(args: Sequence[str], cwd: Path, features: Path = FEATURES) -> bool:
    """Whether a pytest run with ``args``, started in ``cwd``, runs the harness's features.

    Args:
        args: pytest's arguments (``addopts`` and ``PYTEST_ADDOPTS`` included).
        cwd: The folder the run starts in (relative paths are taken from it).
        features: The installed features folder.

    Returns:
        ``True`` when ``--adapter`` is among ``args`` or one of them is a path inside
        ``features`` (a test id's ``::`` part and a ``:LINE`` aside).
    """
    inside = features.resolve()
    for arg in args:
        if arg == "--adapter" or arg.startswith("--adapter="):
            return True
        if arg.startswith("-"):
            continue
        path = (cwd / arg.partition("::")[0].rsplit(":", 1)[0]).resolve()
        if path == inside or inside in path.parents:
            return True
    return False


def pytest_load_initial_conftests(
    early_config: pytest.Config, parser: pytest.Parser, args: list[str]
) -> None:
    """Load the harness's plugin when the run asks for it (see the module docstring).

    Loaded this early, its options (``--adapter``, ``--conformance-report``, ...) are known
    before pytest parses the command line, as a ``conftest.py``'s are.
    """
    if asks_for_the_harness(args, Path.cwd()):
        early_config.pluginmanager.import_plugin(HARNESS)
