"""The installed layout (issue 40, docs/design/packaging.md), checked without building a wheel.

- The import rewriter of the wheel build (``build_backend/rewrite.py``): each case is one a
  naive text substitution would get wrong (a local name ``steps``, a string that merely
  contains ``steps.``, ``import steps as s``, relative imports, another package's
  ``steps`` module, non-ASCII text before an import), and every module the wheel ships is
  rewritten with no project import left at the top level.
- ``chat-conformance`` in this checkout, from a folder that has its own ``steps`` package,
  ``conftest.py`` and ``pytest.ini`` (each of which would break the run if pytest read it):
  a feature by name runs exactly that feature's scenarios, under the ids a clone gives.
- Feature names (``textual_chat_conformance/locations.py``), the adapter contract's version
  check, and the command's ini file against the repository's pytest settings.

``make wheel-check`` (``.ci/wheel_check.py``) builds the wheel and runs it from a fresh venv.
"""

from __future__ import annotations

import ast
import configparser
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from build_backend.rewrite import RewriteError, rewrite_source
from reference_app.conformance import ReferenceAdapter
from steps.adapter import PROTOCOL_VERSION
from steps.loading import contract_problems
from steps.profiles import PROFILES
from steps.traceability import read_scenarios
from tests.helpers import ROOT
from textual_chat_conformance import cli
from textual_chat_conformance.locations import FEATURES, resolve_feature_name

PACKAGE = "textual_chat_conformance"
NAMES = ("steps", "reference_app", "reference_crs", "rawp_port")


def is_module(dotted: str) -> bool:
    """The build's test: a module or package of the source tree (``setup.py``)."""
    path = ROOT.joinpath(*dotted.split("."))
    return path.with_suffix(".py").is_file() or path.is_dir()


def rewrite(source: str) -> str:
    return rewrite_source(source, PACKAGE, NAMES, is_module)


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("from steps.plugin import x\n", "from textual_chat_conformance.steps.plugin import x\n"),
        ("from steps import tags\n", "from textual_chat_conformance.steps import tags\n"),
        ("import steps\n", "import textual_chat_conformance.steps as steps\n"),
        ("import steps as s\n", "import textual_chat_conformance.steps as s\n"),
        (
            "import steps.plugin as plugin\n",
            "import textual_chat_conformance.steps.plugin as plugin\n",
        ),
        ("import os, rawp_port\n", "import os, textual_chat_conformance.rawp_port as rawp_port\n"),
        (
            "from reference_crs.widgets import (\n    A,\n    B,\n)\n",
            "from textual_chat_conformance.reference_crs.widgets import (\n    A,\n    B,\n)\n",
        ),
        (
            'title = "한국어 제목"; from steps import tags\n',
            'title = "한국어 제목"; from textual_chat_conformance.steps import tags\n',
        ),
        ('PLUGINS = ["steps.plugin"]\n', 'PLUGINS = ["textual_chat_conformance.steps.plugin"]\n'),
        (
            "SPEC = 'reference_app.conformance:adapter'\n",
            "SPEC = 'textual_chat_conformance.reference_app.conformance:adapter'\n",
        ),
        (
            'name = f"steps.{profile}.contract"\n',
            'name = f"textual_chat_conformance.steps.{profile}.contract"\n',
        ),
    ],
)
def test_the_project_s_own_module_names_move_under_the_package(source: str, expected: str) -> None:
    assert rewrite(source) == expected


@pytest.mark.parametrize(
    "source",
    [
        "steps = []\nsteps.append(1)\nprint(steps.count)\n",  # a local name
        "for steps in plan:\n    run(steps.first)\n",
        "self.steps.plugin = None\n",  # an attribute
        "from . import steps\nfrom .steps import plugin\nfrom ..reference_app import x\n",
        "from pytest_bdd.steps import given\nimport pytest_bdd.steps as bdd_steps\n",
        "from stepsize import x\nimport reference_apps\n",  # other packages, same prefix
        'message = "see steps.plugin for the hooks"\n',  # merely contains it
        'name = "steps.py"\n',  # no such module: a file name
        'FOLDER = ROOT / "steps"\nname = "reference_app"\n',  # bare names: folder, display name
        '"""steps.plugin"""\n',  # a docstring
        "# from steps import plugin\n",  # a comment
        'raw = b"steps.plugin"\n',  # bytes
        'tail = f"{root}.steps.plugin"\n',  # an f-string that does not start with it
    ],
)
def test_what_is_not_the_project_s_absolute_import_is_left_alone(source: str) -> None:
    assert rewrite(source) == source


def test_a_dotted_import_without_as_is_refused_with_what_to_write() -> None:
    with pytest.raises(RewriteError, match=r"'import steps\.plugin' binds 'steps'.*from steps"):
        rewrite("import steps.plugin\n")


def shipped_modules() -> list[Path]:
    """Every module the wheel rewrites (setup.py's installed layout)."""
    folders = [*NAMES, "features", PACKAGE]
    return sorted(
        path
        for folder in folders
        for path in (ROOT / folder).rglob("*.py")
        if "__pycache__" not in path.parts
    )


def test_every_shipped_module_is_rewritten_with_no_project_import_left_on_top() -> None:
    modules = shipped_modules()
    assert len(modules) > 150
    for path in modules:
        source = path.read_text(encoding="utf-8")
        rewritten = rewrite_source(source, PACKAGE, NAMES, is_module, str(path))
        assert rewritten.count("\n") == source.count("\n"), path  # tracebacks keep their lines
        for node in ast.walk(ast.parse(rewritten)):
            if isinstance(node, ast.Import):
                tops = [alias.name.split(".")[0] for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                tops = [node.module.split(".")[0]]
            else:
                continue
            assert not set(tops) & set(NAMES), f"{path}:{node.lineno}"
            assert not {"examples", "tests", "mutation", "benchmarks"} & set(tops), path


def test_feature_names_resolve_to_the_profile_s_file_and_a_shared_name_is_refused() -> None:
    sending = FEATURES / "rawp_crs" / "sending.feature"
    for name in ("sending", "rawp_crs/sending", "sending.feature", "features/rawp_crs/sending"):
        assert resolve_feature_name(name) == str(sending)
    assert resolve_feature_name("features/rawp_crs/sending.feature:18") == f"{sending}:18"
    assert resolve_feature_name("rawp_crs") == str(FEATURES / "rawp_crs")
    assert resolve_feature_name("chat_screen/sending") is None
    assert resolve_feature_name("no_such_feature") is None
    with pytest.raises(LookupError, match="chat_screen/exploration, rawp_crs/exploration"):
        resolve_feature_name("exploration")


def test_an_adapter_for_a_newer_contract_is_refused_naming_both_versions() -> None:
    adapter = ReferenceAdapter()
    adapter.protocol_version = PROTOCOL_VERSION + 1
    problems = contract_problems(adapter)
    assert len(problems) == 1
    assert f"version {PROTOCOL_VERSION + 1} of the adapter contract" in problems[0]
    assert f"this harness's version {PROTOCOL_VERSION}" in problems[0]
    adapter.protocol_version = PROTOCOL_VERSION
    assert contract_problems(adapter) == []


def test_the_command_s_ini_holds_the_repository_s_settings_for_a_run_of_the_features() -> None:
    ours = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["pytest"]
    options = ours["ini_options"]
    ini = configparser.ConfigParser()
    ini.read(cli.INI, encoding="utf-8")
    command = dict(ini["pytest"])
    assert command["addopts"].split() == options["addopts"]
    assert command["minversion"] == options["minversion"]
    assert command["xfail_strict"] == str(options["xfail_strict"]).lower()


def test_chat_conformance_runs_a_feature_by_name_beside_a_team_s_own_steps_and_config(
    tmp_path: Path,
) -> None:
    (tmp_path / "steps").mkdir()
    (tmp_path / "steps" / "__init__.py").write_text("TEAM = 'acme'\n")
    (tmp_path / "features").mkdir()
    (tmp_path / "conftest.py").write_text("raise RuntimeError('the team conftest was read')\n")
    (tmp_path / "pytest.ini").write_text("[pytest]\naddopts = --the-team-ini-was-read\n")
    # The console script, as a user types it (``python -m`` would put the team's folder, and
    # its ``steps``, ahead of this checkout's top-level ``steps`` on sys.path).
    command = [str(Path(sys.executable).with_name("chat-conformance")), "blank_input"]
    done = subprocess.run(
        [*command, "--collect-only", "-q", "-p", "no:randomly"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    ids = [line for line in done.stdout.splitlines() if "::" in line]
    refs = [
        ref
        for ref in read_scenarios(PROFILES[0].features_dir)
        if ref.feature == "chat_screen/blank_input.feature"
    ]
    assert refs
    assert len(ids) == sum(max(1, len(ref.examples)) for ref in refs), ids
    assert all(each.startswith("features/chat_screen/test_chat_screen.py::") for each in ids)


TEAM_FEATURE = """\
Feature: Login
  @clause:login-form
  Scenario: The form is shown
    Given the login form
"""


def test_the_entry_point_loads_the_harness_only_into_runs_that_ask_for_it(tmp_path: Path) -> None:
    from textual_chat_conformance.pytest_plugin import asks_for_the_harness

    features = ROOT / "features"
    assert asks_for_the_harness(["--adapter", "a.py:adapter"], tmp_path, features)
    assert asks_for_the_harness(["-q", "--adapter=a.py:adapter"], tmp_path, features)
    assert asks_for_the_harness([str(features)], tmp_path, features)
    one = features / "chat_screen" / "quitting.feature"
    assert asks_for_the_harness([f"{one}:12"], tmp_path, features)
    test_id = features / "chat_screen" / "test_chat_screen.py"
    assert asks_for_the_harness([f"{test_id}::test_x"], tmp_path, features)
    assert not asks_for_the_harness([], tmp_path, features)
    assert not asks_for_the_harness(["features", "-k", "login"], tmp_path, features)
    assert not asks_for_the_harness(["--adapters-of-ours", "tests"], tmp_path, features)


def test_a_team_s_own_pytest_bdd_run_is_untouched_by_the_entry_point(
    pytester: pytest.Pytester,
) -> None:
    """A team's tag ``@clause:login-form`` and a scenario with no Then step are the team's
    business: loaded by the entry point's module, the harness does not judge them."""
    pytester.makeini("[pytest]\nasyncio_default_fixture_loop_scope = function\n")
    pytester.makefile(".feature", login=TEAM_FEATURE)
    pytester.makepyfile(
        test_login="""
        import pytest_bdd as bdd

        @bdd.given("the login form")
        def login_form():
            pass

        bdd.scenarios("login.feature")
        """
    )
    plugin = ("-p", "textual_chat_conformance.pytest_plugin", "-p", "no:randomly")

    ours = pytester.runpytest_subprocess(*plugin)
    ours.assert_outcomes(passed=1)
    assert "adapter:" not in ours.stdout.str()

    harness = pytester.runpytest_subprocess(*plugin, "--adapter=reference_app.conformance:adapter")
    assert "unknown clause 'login-form'" in harness.stdout.str() + harness.stderr.str()
