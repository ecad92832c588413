"""What the distribution holds, in its two layouts (docs/design/packaging.md).

``pyproject.toml`` holds the project's metadata; this file adds what differs between the
two layouts ``build_backend/backend.py`` chooses from:

- **editable** (``pip install -e .``, the developers' ``.venv``): the repository's folders
  are top-level packages (``steps``, ``reference_app``, ...), as they are in the clone;
  the root ``conftest.py`` registers the harness plugin, so there is no ``pytest11`` entry
  point (pluggy would refuse the module registered under a second name);
- **installed** (every other build: ``pip install .``, ``pip wheel .``): one package,
  ``textual_chat_conformance``, holding ``steps``, ``reference_app``, ``reference_crs``
  and ``rawp_port`` with their imports rewritten (``build_backend/rewrite.py``), the
  feature files and their binding modules (``features/``) and the clause catalogues
  (``docs/spec/*.yaml``) at the same places relative to it as in the repository; the
  ``pytest11`` entry point; ``examples/``, ``tests/``, ``benchmarks/`` and ``mutation/``
  are left out. The build works in a temporary folder: the clone gets no ``build/`` or
  ``*.egg-info``.
"""

from __future__ import annotations

import ast
import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from setuptools import find_namespace_packages, setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "build_backend"))

from rewrite import rewrite_source  # noqa: E402  (build_backend/ on the path first)

PACKAGE = "textual_chat_conformance"
"""The one top-level package of the installed layout."""
SHIPPED = tuple(
    sorted(
        {
            name.split(".")[0]
            for name in find_namespace_packages(
                include=["steps", "reference_*", "rawp_*"], where=str(HERE)
            )
        }
    )
)
"""The repository's packages installed under :data:`PACKAGE`, their imports rewritten
(``steps``, ``reference_app``, ``reference_crs``, ``rawp_port``: found by family, so a new
``reference_*`` or ``rawp_*`` package needs no entry here)."""
DATA_FOLDERS = {"features": ["*.feature"], "docs/spec": ["*.yaml", "*.md"]}
"""Folders installed under :data:`PACKAGE` for their files, at the same relative places."""
EXCLUDED = ["*__pycache__*"]


def _version() -> str:
    """``__version__`` of ``textual_chat_conformance/__init__.py``: the single source."""
    tree = ast.parse((HERE / PACKAGE / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", "") for t in node.targets] == [
            "__version__"
        ]:
            return str(ast.literal_eval(node.value))
    raise RuntimeError(f"{PACKAGE}/__init__.py defines no __version__")


def _is_module(dotted: str) -> bool:
    """Whether ``dotted`` (``steps.plugin``) is a module or package of the source tree."""
    path = HERE.joinpath(*dotted.split("."))
    return path.with_suffix(".py").is_file() or path.is_dir()


class RewritingBuildPy(build_py):
    """``build_py`` writing each module through :func:`rewrite.rewrite_source`."""

    def build_module(self, module: str, module_file: str, package: Any) -> tuple[str, bool]:
        """Write ``module_file`` to the build folder, its project imports moved under PACKAGE."""
        parts = package.split(".") if isinstance(package, str) else list(package)
        outfile = self.get_module_outfile(self.build_lib, parts, module)
        self.mkpath(os.path.dirname(outfile))
        text = Path(module_file).read_text(encoding="utf-8")
        rewritten = rewrite_source(text, PACKAGE, SHIPPED, _is_module, module_file)
        Path(outfile).write_text(rewritten, encoding="utf-8")
        return outfile, True


def _scripts(prefix: str) -> list[str]:
    return [
        f"reference-chat = {prefix}reference_app.__main__:main",
        f"reference-crs = {prefix}reference_crs.demo.main:main",
        f"chat-conformance = {PACKAGE}.cli:main",
    ]


def _editable() -> dict[str, Any]:
    packages = find_namespace_packages(
        include=[PACKAGE, *SHIPPED, *(f"{name}.*" for name in SHIPPED), "examples", "examples.*"],
        exclude=EXCLUDED,
    )
    return {
        "package_dir": {"": "."},
        "packages": packages,
        "package_data": {"": ["*.tcss", "*.json", "*.html", "*.yaml", "*.md", "*.ini"]},
        "entry_points": {"console_scripts": _scripts("")},
    }


def _installed() -> dict[str, Any]:
    packages = [PACKAGE]
    package_dir = {PACKAGE: PACKAGE}
    package_data = {"": ["*.tcss", "*.json", "*.html"], PACKAGE: ["*.ini", "py.typed"]}
    for name in SHIPPED:
        found = find_namespace_packages(include=[name, f"{name}.*"], exclude=EXCLUDED)
        packages += [f"{PACKAGE}.{each}" for each in found]
        package_dir[f"{PACKAGE}.{name}"] = name
    for folder, patterns in DATA_FOLDERS.items():
        dotted = folder.replace("/", ".")
        found = [dotted]
        if folder == "features":  # one folder per profile; docs/spec/seeds is not needed
            subfolders = find_namespace_packages(folder, exclude=EXCLUDED)
            found += [f"{dotted}.{sub}" for sub in subfolders]
        packages += [f"{PACKAGE}.{each}" for each in found]
        package_dir[f"{PACKAGE}.{dotted}"] = folder
        package_data |= {f"{PACKAGE}.{each}": patterns for each in found}
    work = tempfile.mkdtemp(prefix="textual-chat-conformance-build-")
    atexit.register(shutil.rmtree, work, ignore_errors=True)
    return {
        "package_dir": package_dir,
        "packages": packages,
        "package_data": package_data,
        "cmdclass": {"build_py": RewritingBuildPy},
        "options": {"build": {"build_base": work}, "egg_info": {"egg_base": work}},
        "entry_points": {
            "console_scripts": _scripts(f"{PACKAGE}."),
            # The entry point loads the harness only into runs that ask for it (--adapter, or
            # the installed features named): textual_chat_conformance/pytest_plugin.py.
            "pytest11": [f"{PACKAGE} = {PACKAGE}.pytest_plugin"],
        },
    }


layout = os.environ.get("TEXTUAL_CHAT_CONFORMANCE_LAYOUT", "installed")
setup(version=_version(), **(_editable() if layout == "editable" else _installed()))
