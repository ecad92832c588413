"""Helpers of the harness's own tests: paths and throwaway feature files."""

from __future__ import annotations

import ast
import os
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
"""The repository root."""
MINIATURES = ROOT / "tests" / "miniatures.py"
"""Fake and broken implementations, by file path (for ``--adapter``)."""
PROBE_STEPS = """
from pathlib import Path

@given("a probe step")
def probe():
    Path("scenario-ran").touch()

@then("nothing more happens")
def nothing():
    assert Path("scenario-ran").exists()
"""
"""Step code for throwaway features: ``Given a probe step`` leaves a file that
``Then nothing more happens`` requires, so the Then step fails unless the Given ran."""
WHOLE_CLIENTS = "CHAT_CONFORMANCE_CLIENTS"
"""Environment variable: ``whole`` runs each independent client of ``examples/`` on its whole
profile (``make clients``, which ``.ci/run`` runs after ``make test``); otherwise a module
runs the sample of feature files it names, where its client is drawn or built unlike the
reference."""


def whole_clients() -> bool:
    """Whether this run proves the independent clients on their whole profile (``make clients``)."""
    return os.environ.get(WHOLE_CLIENTS) == "whole"


def client_selection(profile: str, sample: tuple[str, ...]) -> list[str]:
    """What an independent client's run collects: ``features/<profile>`` under ``make
    clients`` (:func:`whole_clients`), else ``features/<profile>/<name>.feature`` of each
    name in ``sample``."""
    folder = f"features/{profile}"
    return [folder] if whole_clients() else [f"{folder}/{name}.feature" for name in sample]


INNER_ADDOPTS = (
    "-p no:randomly -p no:cacheprovider -p no:asyncio -p no:logfire -p no:pytest_logfire"
)
"""Plugins the inner runs of pytester leave out: order, cache and asyncio do not matter there;
logfire's (installed with the ``thirdparty`` extra) only cost each run's start-up."""


def write_feature(pytester: pytest.Pytester, text: str, *steps: str) -> None:
    """Write ``features/case.feature`` and its test module with the step code ``steps``.

    The feature text and each piece of step code are dedented separately.
    """
    features = pytester.path / "features"
    features.mkdir(exist_ok=True)
    (features / "case.feature").write_text(textwrap.dedent(text), encoding="utf-8")
    module = "from pytest_bdd import given, parsers, scenarios, then, when\n\n"
    module += 'scenarios("case.feature")\n\n'
    module += "\n".join(textwrap.dedent(code) for code in steps)
    (features / "test_case.py").write_text(module, encoding="utf-8")


def write_ini(pytester: pytest.Pytester, **keys: str) -> None:
    """Write the project's ``pytest.ini``: :data:`INNER_ADDOPTS` plus ``keys``."""
    lines = ["[pytest]", f"addopts = {INNER_ADDOPTS}"]
    lines += [f"{key} = {value}" for key, value in keys.items()]
    pytester.makeini("\n".join(lines) + "\n")


def scenario_line(feature: str, name: str) -> str:
    """``features/<feature>:<line>`` of the scenario ``name`` (its ``Scenario`` keyword's line).

    Read from the feature file, so a test naming one scenario by its line follows edits.
    """
    from steps.traceability import FEATURES_ROOT, read_scenarios

    profile = feature.split("/", 1)[0]
    refs = read_scenarios(FEATURES_ROOT / profile)
    line = next(ref.line for ref in refs if ref.feature == feature and ref.name == name)
    return f"features/{feature}:{line}"


def imported_modules(path: Path, *, runtime_only: bool = True) -> set[str]:
    """The modules the Python file ``path`` imports, as dotted names (``steps.adapter``).

    Args:
        path: A ``.py`` file (absolute imports only: the project has no relative ones).
        runtime_only: Leave out what is imported inside ``if TYPE_CHECKING:`` blocks.

    Returns:
        ``import a.b`` gives ``a.b``; ``from a.b import c`` gives ``a.b``.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {
        id(node)
        for block in ast.walk(tree)
        if runtime_only and isinstance(block, ast.If) and ast.unparse(block.test) == "TYPE_CHECKING"
        for statement in block.body
        for node in ast.walk(statement)
    }
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found
