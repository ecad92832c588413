"""The arrangement docs/architecture.md describes, checked on every run (issue 27).

Three rules of the layout, read from the imports of every module (``if TYPE_CHECKING:``
blocks included: a type is a dependency too):

- the core (every module of ``steps/`` outside the profile folders ``steps/chat_screen``
  and ``steps/rawp_crs``) imports no profile;
- no step module of a profile imports another step module (what two step modules share
  lives in the profile's shared or support modules);
- no client module (``reference_app``, ``reference_crs``, ``examples``) imports the harness,
  except its adapters (the modules a ``--adapter`` address names: ``conformance.py``,
  ``adapter.py``, ``examples/adapters/``), which build the contract's value types.

And two rules of the harness's import graph (issue 39):

- the modules of ``steps/`` import each other without a circle, every import counted
  (inside a function, under ``if TYPE_CHECKING:``): a module can be read after the
  modules it imports, each layer on the ones below;
- no module of ``steps/`` imports a harness module inside a function: the import that
  "breaks" a circle that way only hides it (and any other such import hides a dependency
  from a reader of the module's head).

And the shape of profile ``rawp_crs`` (issue 39): one folder per part, ``part<n>/``, holds
the step modules of the feature files of that part (a feature file's part: the part most
of its scenarios' clauses are of), beside that part's screen-reading views; the profile's
folder itself holds only the step modules that cross parts (:data:`CRS_SHARED_STEPS`). Each
profile's explorers (its Hypothesis state machines) are in its ``explorer.py``, never in a
step module.

The steps of ``rawp_crs`` read the adapter's members only through the driver's typed part
access (``crs_driver.part3.input_tokens``): no module of the profile but its driver reads a
member off ``.adapter`` itself, so mypy checks every member read against its part's
``Protocol`` and every read records its part.

And one rule of a profile's fixtures (issue 39): every fixture of a profile is defined in its
``fixtures.py`` (what a scenario's steps hand on lives in one typed state object there, not
in fixtures scattered through step and helper modules and re-exported to reach the steps).

And the fences of the hosts' private names: no module of ``steps/`` but
``steps/textual_private.py`` imports a private module or name of Textual (``textual._x``,
``textual.keys._name``), and none but ``steps/bdd_private.py`` imports from pytest-bdd
anything outside its public API (what its package exports, and ``pytest_bdd.parsers``).
"""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

from steps.clauses import catalogue
from steps.traceability import FEATURES_ROOT, read_scenarios
from tests.helpers import ROOT, imported_modules

FENCES = {"textual": "steps/textual_private.py", "pytest_bdd": "steps/bdd_private.py"}
"""Each host library whose private names the harness uses, and the one module that may."""
PUBLIC_BDD = frozenset({"pytest_bdd", "pytest_bdd.parsers"})
"""pytest-bdd's public modules: its package (``__all__``) and its step parsers."""
CRS_SHARED_STEPS = frozenset({"exploration_steps", "shared_steps", "popup_shared_steps"})
"""The step modules of ``steps/rawp_crs/`` used by the feature files of several parts."""
PROFILES = ("chat_screen", "rawp_crs")
"""The profile folders under ``steps/``."""
CLIENTS = ("reference_app", "reference_crs", "examples")
"""The packages that hold clients (implementations under test) and their adapters."""


def modules(*folders: str) -> list[Path]:
    """Every ``.py`` file under ``folders`` (relative to the repository root), sorted."""
    return sorted(path for folder in folders for path in (ROOT / folder).rglob("*.py"))


def dotted(path: Path) -> str:
    """``steps/rawp_crs/part1/sending_steps.py`` as ``steps.rawp_crs.part1.sending_steps``."""
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def within(name: str, package: str) -> bool:
    """Whether module ``name`` is ``package`` or inside it."""
    return name == package or name.startswith(package + ".")


def is_adapter(path: Path) -> bool:
    """Whether ``path`` is an adapter module of a client (may import ``steps``)."""
    return path.name in {"conformance.py", "adapter.py"} or path.parent.name == "adapters"


def core_modules() -> list[Path]:
    """The harness's core: ``steps/`` without its profile folders."""
    profiles = [ROOT / "steps" / name for name in PROFILES]
    return [path for path in modules("steps") if not any(p in path.parents for p in profiles)]


def step_modules() -> list[Path]:
    """Every profile's step modules (``*_steps.py`` and ``steps.py`` in a profile folder)."""
    found = modules(*(f"steps/{name}" for name in PROFILES))
    return [path for path in found if path.stem == "steps" or path.stem.endswith("_steps")]


@pytest.mark.parametrize("path", core_modules(), ids=dotted)
def test_the_core_imports_no_profile(path: Path) -> None:
    imported = imported_modules(path, runtime_only=False)
    profile = [name for name in imported if any(within(name, f"steps.{p}") for p in PROFILES)]
    assert not profile, f"{dotted(path)} imports {sorted(profile)}"


@pytest.mark.parametrize("path", step_modules(), ids=dotted)
def test_no_step_module_imports_another(path: Path) -> None:
    others = {dotted(other) for other in step_modules()} - {dotted(path)}
    imported = imported_modules(path, runtime_only=False) & others
    assert not imported, f"{dotted(path)} imports {sorted(imported)}"


@pytest.mark.parametrize("path", [p for p in modules(*CLIENTS) if not is_adapter(p)], ids=dotted)
def test_no_client_module_imports_the_harness(path: Path) -> None:
    imported = imported_modules(path, runtime_only=False)
    harness = [name for name in imported if within(name, "steps")]
    assert not harness, f"{dotted(path)} imports {sorted(harness)}"


def test_the_rules_see_the_modules_they_govern() -> None:
    """Each rule has something to check: a moved folder would leave it passing on nothing."""
    assert {dotted(p) for p in core_modules()} >= {"steps.plugin", "steps.app_driver"}
    assert {p.relative_to(ROOT / "steps").parts[0] for p in step_modules()} == set(PROFILES)
    adapters = {dotted(p) for p in modules(*CLIENTS) if is_adapter(p)}
    assert "reference_crs.conformance" in adapters
    assert "reference_crs.app" not in adapters


def module_name(path: Path) -> str:
    """``steps/explore/core.py`` as ``steps.explore.core``; a package's ``__init__`` as itself."""
    name = dotted(path)
    return name.removesuffix(".__init__")


def harness_imports(path: Path, known: Mapping[str, Path]) -> Iterator[tuple[str, int, bool]]:
    """Each harness module ``path`` imports: ``(name, line, inside a function)``.

    Every import counts, those under ``if TYPE_CHECKING:`` and inside functions too;
    ``from steps import audit`` imports the module ``steps.audit``.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    inside: set[int] = {
        id(node)
        for function in ast.walk(tree)
        if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef)
        for node in ast.walk(function)
    }
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [
                f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in known else node.module
                for a in node.names
            ]
        for name in dict.fromkeys(names):
            if name in known:
                yield name, node.lineno, id(node) in inside


def import_graph(folder: str) -> dict[str, set[str]]:
    """The modules of ``folder`` and, for each, the modules of ``folder`` it imports."""
    known = {module_name(path): path for path in modules(folder)}
    return {
        name: {imported for imported, _, _ in harness_imports(path, known)} - {name}
        for name, path in known.items()
    }


def circles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of ``graph`` with more than one module, sorted.

    Tarjan's algorithm; each component is a set of modules every one of which imports,
    directly or not, every other.
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(name: str) -> None:
        index[name] = low[name] = len(index)
        stack.append(name)
        for other in sorted(graph[name]):
            if other not in index:
                visit(other)
                low[name] = min(low[name], low[other])
            elif other in stack:
                low[name] = min(low[name], index[other])
        if low[name] == index[name]:
            component = [stack.pop()]
            while component[-1] != name:
                component.append(stack.pop())
            if len(component) > 1:
                found.append(sorted(component))

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return sorted(found)


def test_the_modules_of_steps_import_each_other_without_a_circle() -> None:
    found = circles(import_graph("steps"))
    assert not found, "circles of imports in steps/: " + "; ".join(
        " <-> ".join(circle) for circle in found
    )


@pytest.mark.parametrize("path", modules("steps"), ids=dotted)
def test_no_module_of_steps_imports_the_harness_inside_a_function(path: Path) -> None:
    known = {module_name(each): each for each in modules("steps")}
    hidden = [
        f"{name} (line {line})" for name, line, inner in harness_imports(path, known) if inner
    ]
    assert not hidden, (
        f"{dotted(path)} imports {', '.join(hidden)} inside a function: import it at the top "
        "(an import there that would make a circle shows a layer in the wrong place)"
    )


def test_the_circle_finder_finds_circles() -> None:
    """A circle of three, a self-contained pair and a chain: the finder tells them apart."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"e"}, "e": {"d"}, "f": {"a"}, "g": set()}
    assert circles(graph) == [["a", "b", "c"], ["d", "e"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def private_imports(path: Path) -> list[str]:
    """What ``path`` imports of Textual's and pytest-bdd's private names, as written.

    Textual: a module or a name with a leading ``_`` (``textual._time``,
    ``textual.keys._character_to_key``). pytest-bdd: any module but :data:`PUBLIC_BDD`, and
    from those a name with a leading ``_``.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[str] = []
    for node in ast.walk(tree):
        pairs: list[tuple[str, str]] = []
        if isinstance(node, ast.Import):
            pairs = [(alias.name, "") for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            pairs = [(node.module, alias.name) for alias in node.names]
        found += [
            f"{module}.{name}" if name else module
            for module, name in pairs
            if _private(module, name)
        ]
    return found


def _private(module: str, name: str) -> bool:
    """Whether ``from module import name`` (or ``import module``) reaches a private name."""
    parts = module.split(".")
    if parts[0] == "textual":
        return any(part.startswith("_") for part in [*parts, name])
    return parts[0] == "pytest_bdd" and (module not in PUBLIC_BDD or name.startswith("_"))


@pytest.mark.parametrize("path", modules("steps"), ids=dotted)
def test_private_names_of_textual_and_pytest_bdd_stay_behind_their_fences(path: Path) -> None:
    fenced = {name for name, fence in FENCES.items() if path == ROOT / fence}
    leaks = [each for each in private_imports(path) if each.split(".")[0] not in fenced]
    assert not leaks, (
        f"{dotted(path)} imports {leaks}: wrap them in "
        f"{' or '.join(FENCES.values())} (the version they were checked against, a test)"
    )


def test_the_fences_are_where_the_private_names_are() -> None:
    """Each fence imports private names (a moved fence would leave the rule checking nothing)."""
    for host, fence in FENCES.items():
        assert any(each.startswith(host) for each in private_imports(ROOT / fence)), fence


def defined_fixtures(path: Path) -> list[str]:
    """The functions of ``path`` decorated with ``pytest.fixture`` (called or not)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for decorator in node.decorator_list:
            target = decorator.func if isinstance(decorator, ast.Call) else decorator
            if ast.unparse(target) == "pytest.fixture":
                found.append(node.name)
    return found


@pytest.mark.parametrize("path", modules(*(f"steps/{name}" for name in PROFILES)), ids=dotted)
def test_a_profile_defines_its_fixtures_in_its_fixtures_module(path: Path) -> None:
    if path.name == "fixtures.py":
        return
    found = defined_fixtures(path)
    assert not found, f"{dotted(path)} defines the fixtures {found}: define them in fixtures.py"


def test_the_fixture_rule_sees_the_fixtures() -> None:
    """Each profile's fixtures module defines fixtures (a renamed one would leave the rule idle)."""
    for name in PROFILES:
        assert defined_fixtures(ROOT / "steps" / name / "fixtures.py"), name


def feature_parts() -> dict[str, int]:
    """Each feature file of ``rawp_crs`` (its stem) and its part.

    The part most of its scenarios' clauses are of (each scenario counts each part its
    clauses name once); on a tie, the lower part.
    """
    clauses = catalogue("rawp_crs")
    counts: dict[str, Counter[int]] = {}
    for ref in read_scenarios(FEATURES_ROOT / "rawp_crs"):
        parts = {clauses[clause].part for clause in ref.clauses} - {None}
        counts.setdefault(Path(ref.feature).stem, Counter()).update(parts)
    return {
        stem: min(count, key=lambda part: (-count[part], part))
        for stem, count in counts.items()
        if count
    }


CRS = ROOT / "steps" / "rawp_crs"
"""The folder of profile ``rawp_crs``'s harness side."""


@pytest.mark.parametrize(("feature", "part"), sorted(feature_parts().items()))
def test_a_rawp_crs_feature_has_its_steps_in_its_parts_folder(feature: str, part: int) -> None:
    found = sorted(CRS.rglob(f"{feature}_steps.py"))
    if feature == "exploration" or not found:
        return  # the exploration crosses parts; a feature may have no steps of its own
    assert found == [CRS / f"part{part}" / f"{feature}_steps.py"], (
        f"the steps of {feature}.feature (part {part}) are at "
        f"{[str(p.relative_to(ROOT)) for p in found]}"
    )


def test_the_rawp_crs_folder_holds_only_the_step_modules_that_cross_parts() -> None:
    top = {path.stem for path in CRS.glob("*_steps.py")}
    assert top == CRS_SHARED_STEPS


def test_the_part_rule_sees_the_features() -> None:
    """The part of each feature is found: a changed catalogue would leave the rule idle."""
    parts = feature_parts()
    assert parts["sending"] == 1 and parts["workspace_selection"] == 5, parts
    assert set(parts.values()) == {1, 2, 3, 4, 5}


def classes(path: Path) -> list[str]:
    """The names of the classes ``path`` defines at its top level."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node.name for node in tree.body if isinstance(node, ast.ClassDef)]


@pytest.mark.parametrize("path", step_modules(), ids=dotted)
def test_no_step_module_defines_an_explorer(path: Path) -> None:
    explorers = [name for name in classes(path) if name.endswith("Explorer")]
    assert not explorers, f"{dotted(path)} defines {explorers}: they belong in explorer.py"


@pytest.mark.parametrize("profile", PROFILES)
def test_each_profile_has_its_explorers_in_explorer_py(profile: str) -> None:
    explorers = classes(ROOT / "steps" / profile / "explorer.py")
    assert any(name.endswith("Explorer") for name in explorers), explorers


def adapter_member_reads(path: Path) -> list[str]:
    """Each ``<x>.adapter.<member>`` read in ``path``, as written, with its line."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        f"{ast.unparse(node)} (line {node.lineno})"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Attribute)
        and node.value.attr == "adapter"
    ]


@pytest.mark.parametrize(
    "path", [p for p in modules("steps/rawp_crs") if p != CRS / "driver.py"], ids=dotted
)
def test_rawp_crs_reads_adapter_members_through_the_parts_only(path: Path) -> None:
    reads = adapter_member_reads(path)
    assert not reads, f"{dotted(path)} reads {reads}: read them through crs_driver.part<n>"
