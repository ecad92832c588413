"""``chat-conformance [pytest options] [feature ...]``: the suite, from a team's own repository.

Runs pytest in this process on the installed features (every profile's, or the features
named) with the harness's own settings, whatever folder it is started in:

- ``-c conformance.ini`` (beside this module): the harness's pytest settings; a
  ``pytest.ini``, ``pyproject.toml``, ``tox.ini`` or ``setup.cfg`` of the team's is not
  read, so it can neither break the run nor needs to exist;
- ``--rootdir`` and ``--confcutdir`` the harness's root (the installed package): test ids
  are the same as in a clone (``features/rawp_crs/test_rawp_crs.py::test_...``), and only
  the harness's own ``conftest.py`` files are loaded, never one of the team's;
- the current folder on the import path, after the installed packages (an adapter named
  as a module, ``--adapter my_adapter:adapter``, is found);
- ``cache_dir`` in the current folder (``--lf`` works; nothing is written into the
  installed package); every relative path of an option (``--adapter my_adapter.py:adapter``,
  ``--conformance-report reports/``, ``--expectations``, ``--junitxml``) is taken from the
  current folder, as pytest and the harness always do;
- ``-p`` the harness plugin, so the run does not depend on plugin autoloading;
- the installed ``features/`` folder as the last argument: with no feature named, every
  profile's features run; when others are named, the harness drops it
  (``chat_features_default``, :mod:`steps.feature_files`).

A feature is named as in a clone (``features/rawp_crs/sending.feature``, with ``:LINE``
for one scenario), or shorter (``rawp_crs/sending``, ``sending``, ``rawp_crs``): an
argument that is not a path of the current folder is looked up among the installed
features (:func:`textual_chat_conformance.locations.resolve_feature_name`, applied by the
harness plugin in every process of the run, ``-n`` workers included). Every other argument
is pytest's (``--adapter``, ``--conformance-report``, ``--fail-on``, ``--clause``,
``--explore``, ``-n``, ``-k``, ...). The exit status is pytest's (with ``--fail-on``,
the conformance verdict's; docs/reports.md).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from textual_chat_conformance.locations import FEATURES, ROOT

INI = Path(__file__).with_name("conformance.ini")
"""The harness's pytest settings for this command."""
PLUGIN = "steps.plugin"
"""The harness's plugin module (installed: ``textual_chat_conformance.steps.plugin``, the
module the ``pytest11`` entry point loads when a run asks for it)."""


def pytest_arguments(args: Sequence[str], cwd: Path) -> list[str]:
    """The arguments ``chat-conformance args`` passes to pytest, started in ``cwd``.

    Args:
        args: The command's own arguments: pytest options and feature names or paths.
        cwd: The folder the command runs in (pytest's cache is kept there).

    Returns:
        The harness's settings (module docstring), ``args``, the features folder.
    """
    return [
        "-c",
        str(INI),
        f"--rootdir={ROOT}",
        f"--confcutdir={ROOT}",
        "-o",
        f"cache_dir={cwd / '.pytest_cache'}",
        "-o",
        f"bdd_features_base_dir={FEATURES}",
        "-o",
        f"chat_features_default={FEATURES}",
        "-p",
        PLUGIN,
        *args,
        str(FEATURES),
    ]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the suite; return pytest's exit status (the console script ``chat-conformance``)."""
    args = sys.argv[1:] if argv is None else list(argv)
    if "" not in sys.path and str(Path.cwd()) not in sys.path:
        # Last, not first as ``python -m pytest`` puts it: an adapter named as a module
        # (--adapter my_adapter:adapter) is found, and a team's own ``steps`` package never
        # shadows a harness imported as ``steps`` (an editable install of a clone).
        sys.path.append(str(Path.cwd()))
    return int(pytest.main(pytest_arguments(args, Path.cwd())))


if __name__ == "__main__":
    sys.exit(main())
