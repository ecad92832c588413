"""What a profile's plugin (``steps/<profile>/plugin.py``) is made of, and how its steps are taken.

Every profile has one: ``FIXTURES`` (its fixtures module), ``STEP_MODULES`` (its step
modules) and ``SCOPE``. The harness plugin registers it; its ``pytest_plugins`` registers
the fixtures, and the step modules too when ``SCOPE`` is ``"run"``. A profile whose steps
are visible to its own features only (``SCOPE`` ``"folder"``) has
``features/<profile>/conftest.py`` take them with :func:`step_definitions`.
"""

from __future__ import annotations

import importlib
from typing import Any, Literal

Scope = Literal["run", "folder"]
"""Where a profile's steps are visible: every feature of the run, or its own folder's."""


def plugins(fixtures: str, step_modules: tuple[str, ...], scope: Scope) -> list[str]:
    """The ``pytest_plugins`` of a profile's plugin: its fixtures, and its steps if run-wide."""
    return [fixtures, *step_modules] if scope == "run" else [fixtures]


def step_definitions(modules: tuple[str, ...]) -> dict[str, Any]:
    """The public names of ``modules``, as ``from module import *`` of each in turn gives them.

    pytest-bdd makes each step definition a fixture in the namespace of the module that
    defines it; a conftest that puts these names in its own namespace makes them visible to
    the features below it.

    Raises:
        ImportError: A module cannot be imported.
    """
    names: dict[str, Any] = {}
    for dotted in modules:
        module = importlib.import_module(dotted)
        public = getattr(module, "__all__", None)
        keys = public if public is not None else [k for k in vars(module) if not k.startswith("_")]
        names.update({key: getattr(module, key) for key in keys})
    return names
