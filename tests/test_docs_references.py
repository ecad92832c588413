"""The code references of docs/architecture.md and docs/profiles.md exist (issue 27, step 5).

A newcomer follows these pages from a scenario to its step, driver call and client code;
a renamed file or method would send them to nothing. Checked without running anything:

- every backticked ``path/to/file.py:Name.attr`` names a file that exists and, in it, a
  top-level function or class ``Name`` (or one inside a top-level ``if``/``try``) whose
  body defines ``attr`` (a method or a class
  attribute); names with ``*`` are patterns and only their file is checked;
- every backticked repository path (``steps/...``, ``reference_crs/...``) exists;
- the table "Where each feature's code is" lists every feature file of both profiles, and
  each step module and client file it names exists.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.helpers import ROOT

PAGES = ("docs/architecture.md", "docs/profiles.md")
"""The pages whose references are checked."""
TOP = ("steps/", "reference_app/", "reference_crs/", "features/", "examples/", "tests/")
"""Where a backticked repository path starts."""
CLIENT = {"chat_screen": "reference_app", "rawp_crs": "reference_crs"}
"""Each profile's reference client, the root of the table's client-code paths."""
REFERENCE = re.compile(r"`([\w/.]+\.py):([\w.*]+)`")
"""A backticked ``file.py:Qualified.name``."""
PATH = re.compile(r"`((?:" + "|".join(map(re.escape, TOP)) + r")[\w/.<>-]*)`")
"""A backticked repository path."""


def defines(path: Path, qualified: str) -> bool:
    """Whether ``path`` defines ``qualified`` (``Name`` or ``Name.attr``) at its top level.

    A definition inside a top-level ``if`` or ``try`` (an optional import's fallback) counts.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    head, _, attr = qualified.partition(".")
    for node in _top_level(tree.body):
        is_def = isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
        if is_def and node.name == head:
            return not attr or (isinstance(node, ast.ClassDef) and _has(node, attr))
        if isinstance(node, ast.Assign | ast.AnnAssign) and not attr:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == head for t in targets):
                return True
    return False


def _top_level(body: list[ast.stmt]) -> list[ast.stmt]:
    """The statements of a module's ``body``, those inside its ``if`` and ``try`` blocks too."""
    found: list[ast.stmt] = []
    for node in body:
        found.append(node)
        if isinstance(node, ast.If | ast.Try):
            nested = [*node.body, *node.orelse]
            if isinstance(node, ast.Try):
                nested += [s for handler in node.handlers for s in handler.body]
            found += _top_level(nested)
    return found


def _has(cls: ast.ClassDef, attr: str) -> bool:
    """Whether class ``cls`` defines ``attr`` in its own body."""
    for node in cls.body:
        is_def = isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
        if is_def and node.name == attr:
            return True
        targets = (
            node.targets if isinstance(node, ast.Assign)
            else [node.target] if isinstance(node, ast.AnnAssign) else []
        )  # fmt: skip
        if any(isinstance(t, ast.Name) and t.id == attr for t in targets):
            return True
    return False


def references(page: str) -> list[tuple[str, str]]:
    """The ``(file, qualified name)`` pairs of ``page`` with a full repository path."""
    text = (ROOT / page).read_text(encoding="utf-8")
    return [(f, q) for f, q in REFERENCE.findall(text) if f.startswith(TOP)]


@pytest.mark.parametrize(
    ("page", "file", "qualified"),
    [(page, f, q) for page in PAGES for f, q in references(page)],
)
def test_every_file_function_reference_exists(page: str, file: str, qualified: str) -> None:
    path = ROOT / file
    assert path.is_file(), f"{page}: {file} does not exist"
    if "*" not in qualified:
        assert defines(path, qualified), f"{page}: {file} defines no {qualified}"


@pytest.mark.parametrize("page", PAGES)
def test_every_repository_path_exists(page: str) -> None:
    text = (ROOT / page).read_text(encoding="utf-8")
    paths = {p.rstrip(".") for p in PATH.findall(text) if "<" not in p}
    missing = sorted(p for p in paths if not (ROOT / p).exists())
    assert not missing, f"{page}: {missing}"


def feature_table(profile: str) -> dict[str, tuple[list[str], list[str]]]:
    """The rows of the profile's table: feature -> (step modules, client files)."""
    text = (ROOT / "docs/architecture.md").read_text(encoding="utf-8")
    section = text.split("## Where each feature's code is", 1)[1]
    block = section.split(f"**`{profile}`**", 1)[1].split("\n\n**", 1)[0]
    rows: dict[str, tuple[list[str], list[str]]] = {}
    for line in block.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 3 or not cells[0].startswith("`"):
            continue
        steps = re.findall(r"`([\w/]+)`", cells[1])
        files = re.findall(r"`([\w/]+\.(?:py|tcss))(?::[\w.*]+)?`", cells[2])
        rows[cells[0].strip("`")] = (steps, files)
    return rows


@pytest.mark.parametrize("profile", list(CLIENT))
def test_the_feature_table_lists_every_feature_and_real_code(profile: str) -> None:
    rows = feature_table(profile)
    features = {p.stem for p in (ROOT / "features" / profile).glob("*.feature")}
    assert set(rows) == features
    for feature, (steps, files) in rows.items():
        assert steps or feature == "exploration", feature
        for module in steps:
            assert (ROOT / "steps" / profile / f"{module}.py").is_file(), (feature, module)
        for file in files:
            base = ROOT if file.startswith(TOP) else ROOT / CLIENT[profile]
            assert (base / file).is_file(), (feature, file)


def test_the_checks_read_the_pages() -> None:
    """The patterns find what they check: a reworded page would leave nothing checked."""
    assert ("steps/app_driver.py", "AppDriver.start") in references("docs/architecture.md")
    assert len(feature_table("rawp_crs")) > 20
    assert feature_table("chat_screen")["scrolling"][1] == ["app.py"]
    tree = ROOT / "reference_crs" / "app.py"
    assert defines(tree, "CrsApp.append_items") and not defines(tree, "CrsApp.no_such")
