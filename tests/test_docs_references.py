"""The code references of docs/architecture.md and docs/profiles.md exist (issue 27, step 5).

A newcomer follows these pages from a scenario to its step, driver call and client code;
a renamed file or method would send them to nothing. Checked without running anything:

- every backticked ``path/to/file.py:Name.attr`` names a file that exists and, in it, a
  top-level function or class ``Name`` (or one inside a top-level ``if``/``try``) whose
  body defines ``attr`` (a method or a class
  attribute); names with ``*`` are patterns and only their file is checked;
- every backticked repository path (``steps/...``, ``reference_crs/...``) exists;
- the table "Where each feature's code is" lists every feature file of both profiles, and
  each step module and client file it names exists;
- docs/architecture.md walks one scenario of each part of ``rawp_crs`` (issue 39): each walk
  names a scenario of a feature file, each of its step rows quotes a line of that scenario
  (or its Background; an outline's first Examples row filled in) and names the function
  whose step pattern matches it, and the walk names at most 12 files, the feature included.
"""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest
from pytest_bdd import parsers

from steps.bdd_private import parse_feature
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


WALK = re.compile(r'\*\*Part (\d)\*\* \([^)]*\): `(features/rawp_crs/[\w]+\.feature)`, "([^"]+)"')
"""The heading of one part's walk: its part, feature file and scenario."""
KEYWORDS = ("Given ", "When ", "Then ", "And ", "But ")
"""The keywords a step line of a walk starts with."""
MOST_FILES = 12
"""The most files one walk may name, its feature file included (issue 39)."""


def walks() -> dict[int, tuple[str, str, list[list[str]]]]:
    """Each part's walk in docs/architecture.md: feature, scenario, table rows (cells)."""
    text = (ROOT / "docs/architecture.md").read_text(encoding="utf-8")
    found: dict[int, tuple[str, str, list[list[str]]]] = {}
    for match in WALK.finditer(text):
        table = text[match.end() :].split("\n\n| hop |", 1)[1].split("\n\n", 1)[0]
        rows = [
            [cell.strip() for cell in line.strip().strip("|").split("|")]
            for line in table.splitlines()[2:]
        ]
        found[int(match[1])] = (match[2], " ".join(match[3].split()), rows)
    return found


def scenario_lines(feature: str, name: str) -> list[str]:
    """The step lines of scenario ``name`` of ``feature``, Background first, keywords kept.

    An outline's lines have its first Examples row filled in.
    """
    parsed = parse_feature(ROOT / feature)
    template = next(t for t in parsed.scenarios.values() if t.name == name)
    contexts = [c for examples in template.examples for c in examples.as_contexts()]
    scenario = template.render(contexts[0] if contexts else {})
    return [f"{step.keyword} {step.name}" for step in scenario.steps]


def step_patterns(file: str, function: str) -> list[parsers.StepParser]:
    """The step parsers of ``function`` in ``file``, as its step decorators build them."""
    tree = ast.parse((ROOT / file).read_text(encoding="utf-8"))
    node = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == function)
    found: list[parsers.StepParser] = []
    for decorator in node.decorator_list:
        if isinstance(decorator, ast.Call) and ast.unparse(decorator.func) in STEP_DECORATORS:
            pattern = ast.unparse(decorator.args[0])  # a step pattern of our own source
            made = eval(pattern, {"parsers": parsers, "re": re})
            found.append(made if isinstance(made, parsers.StepParser) else parsers.string(made))
    return found


STEP_DECORATORS = frozenset({"given", "when", "then"})
"""The decorators that make a step definition."""


def test_each_part_of_rawp_crs_has_a_walk() -> None:
    catalogue = importlib.import_module("steps.rawp_crs.contract").RAWP_CRS_PARTS
    assert set(walks()) == set(catalogue)


@pytest.mark.parametrize("part", sorted(walks()))
def test_a_walks_step_rows_quote_its_scenario_and_name_the_matching_step(part: int) -> None:
    feature, scenario, rows = walks()[part]
    lines = scenario_lines(feature, scenario)
    steps = [row for row in rows if row[0] == "step"]
    assert steps, f"part {part}: the walk has no step row"
    for _, quoted, where in steps:
        line = quoted.strip("`")
        assert line.startswith(KEYWORDS), f"part {part}: {quoted} is not a step line"
        text = line.partition(" ")[2]
        assert any(seen.split(" ", 1)[1] == text for seen in lines), (
            f"part {part}: {line!r} is no line of {scenario!r} in {feature}"
        )
        file, function = REFERENCE.findall(where)[0]
        assert any(parser.is_matching(text) for parser in step_patterns(file, function)), (
            f"part {part}: {file}:{function} defines no step matching {text!r}"
        )


@pytest.mark.parametrize("part", sorted(walks()))
def test_a_walk_names_at_most_twelve_files(part: int) -> None:
    feature, _, rows = walks()[part]
    named = {feature} | {path for row in rows for path in FILE.findall(row[2])}
    assert len(named) <= MOST_FILES, f"part {part}: {len(named)} files: {sorted(named)}"


FILE = re.compile(r"`((?:" + "|".join(map(re.escape, TOP)) + r")[\w/.]+\.py)")
"""A backticked repository path of a Python file, with or without ``:name``."""


def test_the_walk_checks_read_the_walks() -> None:
    """The patterns find the walks and their rows: a reworded page would leave them idle."""
    found = walks()
    assert found[3][0] == "features/rawp_crs/file_popup.feature"
    assert len([row for row in found[1][2] if row[0] == "step"]) == 4
    parsers_of = step_patterns("steps/rawp_crs/shared_steps.py", "types")
    assert [p.is_matching('the user types "@" in the input') for p in parsers_of] == [True]
