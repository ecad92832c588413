"""The PEP 517 build backend: setuptools' own, told whether it builds the installed layout.

``pyproject.toml`` names this module (``backend-path = ["build_backend"]``). Every hook is
setuptools' (:mod:`setuptools.build_meta`); this module only sets :data:`LAYOUT_VARIABLE`
for ``setup.py`` before each hook runs:

- ``editable`` for the PEP 660 hooks (``pip install -e .``, what ``make`` does): the
  repository's folders are importable as they are (``steps``, ``reference_app``, ...), and
  the root ``conftest.py`` registers the plugin, so no ``pytest11`` entry point;
- ``installed`` for every other hook (``pip install .``, ``pip wheel .``, an sdist): the
  wheel holds one package, ``textual_chat_conformance``, with the project's folders under
  it, their imports rewritten (``build_backend/rewrite.py``), the features and the clause
  catalogues inside it, and the ``pytest11`` entry point.

See docs/design/packaging.md.
"""

from __future__ import annotations

import os
from typing import Any

from setuptools import build_meta as _setuptools

LAYOUT_VARIABLE = "TEXTUAL_CHAT_CONFORMANCE_LAYOUT"
"""Read by ``setup.py``: ``installed`` (the default) or ``editable``."""

Settings = dict[str, Any] | None


def _layout(layout: str) -> None:
    os.environ[LAYOUT_VARIABLE] = layout


def get_requires_for_build_wheel(config_settings: Settings = None) -> list[str]:
    """The hook of setuptools, for the installed layout."""
    _layout("installed")
    return list(_setuptools.get_requires_for_build_wheel(config_settings))


def prepare_metadata_for_build_wheel(
    metadata_directory: str, config_settings: Settings = None
) -> str:
    """The hook of setuptools, for the installed layout."""
    _layout("installed")
    return str(_setuptools.prepare_metadata_for_build_wheel(metadata_directory, config_settings))


def build_wheel(
    wheel_directory: str, config_settings: Settings = None, metadata_directory: str | None = None
) -> str:
    """The hook of setuptools, for the installed layout."""
    _layout("installed")
    return str(_setuptools.build_wheel(wheel_directory, config_settings, metadata_directory))


def get_requires_for_build_sdist(config_settings: Settings = None) -> list[str]:
    """The hook of setuptools."""
    _layout("installed")
    return list(_setuptools.get_requires_for_build_sdist(config_settings))


def build_sdist(sdist_directory: str, config_settings: Settings = None) -> str:
    """The hook of setuptools."""
    _layout("installed")
    return str(_setuptools.build_sdist(sdist_directory, config_settings))


def get_requires_for_build_editable(config_settings: Settings = None) -> list[str]:
    """The hook of setuptools, for the repository's own layout."""
    _layout("editable")
    return list(_setuptools.get_requires_for_build_editable(config_settings))


def prepare_metadata_for_build_editable(
    metadata_directory: str, config_settings: Settings = None
) -> str:
    """The hook of setuptools, for the repository's own layout."""
    _layout("editable")
    return str(_setuptools.prepare_metadata_for_build_editable(metadata_directory, config_settings))


def build_editable(
    wheel_directory: str, config_settings: Settings = None, metadata_directory: str | None = None
) -> str:
    """The hook of setuptools, for the repository's own layout."""
    _layout("editable")
    return str(_setuptools.build_editable(wheel_directory, config_settings, metadata_directory))
