"""The private Textual names ``reference_crs/textual_private.py`` fences are still there.

When an upgrade of Textual removes or renames one, a test here names it, instead of the
reference client misbehaving somewhere far from the cause (a lazily drawn message that no
longer keeps the view, a token the cursor can enter). A last test keeps the fence whole:
no other module of ``reference_crs`` reaches into Textual's private names.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path
from typing import Any

import pytest
import textual
from textual.widgets.markdown import MarkdownBlock

import reference_crs
from reference_crs.textual_private import (
    CHECKED_AGAINST,
    PRIVATE_HOOKS,
    PRIVATE_MEMBERS,
    PRIVATE_MODULE_NAMES,
)

PACKAGE = Path(reference_crs.__file__).parent
FENCE = PACKAGE / "textual_private.py"


def _instance(owner: type) -> Any:
    """An instance of ``owner`` with its ``__init__`` run (instance attributes set)."""
    from textual.widgets import Tree

    if owner is MarkdownBlock:
        return MarkdownBlock  # its methods are the class's; an instance needs a parse token
    if owner is Tree:
        return Tree("root")
    return owner()


@pytest.mark.parametrize(("module", "name"), PRIVATE_MODULE_NAMES)
def test_each_private_module_name_the_client_uses_exists(module: str, name: str) -> None:
    assert hasattr(importlib.import_module(module), name), (
        f"{module}.{name} is gone in Textual {textual.__version__} (the reference client was "
        f"checked against {CHECKED_AGAINST}): update reference_crs/textual_private.py"
    )


@pytest.mark.parametrize(
    ("owner", "name"), PRIVATE_MEMBERS, ids=[f"{o.__name__}.{n}" for o, n in PRIVATE_MEMBERS]
)
def test_each_private_member_the_client_uses_exists(owner: type, name: str) -> None:
    assert hasattr(_instance(owner), name), (
        f"{owner.__qualname__}.{name} is gone in Textual {textual.__version__} (the reference "
        f"client was checked against {CHECKED_AGAINST}): update reference_crs/textual_private.py"
    )


@pytest.mark.parametrize(
    ("owner", "name", "why"), PRIVATE_HOOKS, ids=[f"{o.__name__}.{n}" for o, n, _ in PRIVATE_HOOKS]
)
def test_each_private_hook_the_client_overrides_is_still_textuals(
    owner: type, name: str, why: str
) -> None:
    defined = [cls.__qualname__ for cls in owner.__mro__ if name in vars(cls)]
    assert defined, (
        f"{owner.__qualname__}.{name} is gone in Textual {textual.__version__}, so the "
        f"override is never called ({why}; checked against {CHECKED_AGAINST}): update "
        f"reference_crs and reference_crs/textual_private.py"
    )


class _Uses(ast.NodeVisitor):
    """Collects the private Textual names a module reads, and its private Textual imports.

    ``super().<name>(...)`` inside a method of that name is an override's call of Textual's
    hook (:data:`PRIVATE_HOOKS`), not a use.
    """

    def __init__(self, names: set[str]) -> None:
        self.names = names
        self.method: list[str] = []
        self.found: list[tuple[int, str]] = []

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.method.append(node.name)
        self.generic_visit(node)
        self.method.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if (node.module or "").startswith("textual._"):
            self.found.append((node.lineno, f"imports {node.module}"))

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if node.attr in self.names:
            value = node.value
            is_super = isinstance(value, ast.Call) and getattr(value.func, "id", "") == "super"
            if not (is_super and self.method and self.method[-1] == node.attr):
                self.found.append((node.lineno, f"uses .{node.attr}"))
        self.generic_visit(node)


def _private_uses(path: Path, names: set[str]) -> list[str]:
    """Where ``path`` reads a private Textual member or imports a private Textual module."""
    uses = _Uses(names)
    uses.visit(ast.parse(path.read_text("utf-8")))
    return [f"{path.relative_to(PACKAGE)}:{line} {what}" for line, what in uses.found]


def test_no_module_of_the_client_but_the_fence_uses_textuals_private_names() -> None:
    names = {name for _, name in PRIVATE_MEMBERS} | {name for _, name, _ in PRIVATE_HOOKS}
    names -= {"_on_key", "_on_paste", "_on_click", "_on_mount"}  # handlers: defined, not used
    offending = [
        use
        for path in sorted(PACKAGE.rglob("*.py"))
        if path != FENCE
        for use in _private_uses(path, names)
    ]
    assert not offending, (
        "Textual's private names used outside reference_crs/textual_private.py (wrap them "
        f"there, with the version checked): {offending}"
    )
