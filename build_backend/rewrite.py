"""Rewrite the project's absolute imports for the installed layout (docs/design/packaging.md).

In the repository the harness, the reference apps and the port are top-level packages
(``steps``, ``reference_app``, ``reference_crs``, ``rawp_port``). The wheel installs them
under one package, ``textual_chat_conformance``, so that none of their names can collide
with a team's own code (a pytest-bdd project commonly has a ``steps`` package). While the
wheel is built, every module of those packages is copied through :func:`rewrite_source`,
which prefixes the project's own absolute module names, and only those:

- ``from steps.x import y`` becomes ``from textual_chat_conformance.steps.x import y``;
- ``import steps.x as s`` becomes ``import textual_chat_conformance.steps.x as s``, and
  ``import steps`` becomes ``import textual_chat_conformance.steps as steps`` (the name it
  binds stays ``steps``); ``import steps.x`` with no ``as`` binds ``steps`` and cannot be
  rewritten in place: it is refused with :class:`RewriteError`;
- a string literal that is a dotted module name of the project (``"steps.plugin"``,
  ``"reference_crs.conformance:adapter"``, the head of ``f"steps.{name}.contract"``) is
  prefixed too, the module name checked against the source tree (``is_module``), so
  ``"steps.py"`` or ``"see steps.plugin"`` are left alone;
- relative imports, other packages' names, local variables called ``steps``, comments,
  docstrings (triple-quoted strings) and bare names (``"reference_app"`` is the reference
  adapter's display name; ``ROOT / "steps"`` is a folder) are left as they are.

The source is read with :mod:`tokenize` and :mod:`ast`, never with a regular expression
over the raw text. Standard library only: it runs inside the build backend.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass

DOTTED = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")
"""A dotted Python name: ``steps.report.plugin``."""
STRING_PARTS = re.compile(r"(?P<prefix>[A-Za-z]*)(?P<quote>'''|\"\"\"|'|\")(?P<body>.*)", re.S)
"""A string token: its prefix letters, its opening quote and the rest."""


class RewriteError(ValueError):
    """A module uses an import form that cannot be rewritten in place; the message says which."""


@dataclass(frozen=True, order=True)
class _Edit:
    """Insert ``text`` at ``(line, column)`` (1-based line, character column)."""

    line: int
    column: int
    text: str


def rewrite_source(
    source: str,
    package: str,
    names: Collection[str],
    is_module: Callable[[str], bool],
    filename: str = "<source>",
) -> str:
    """Return ``source`` with the project's absolute module names moved under ``package``.

    Args:
        source: A Python module's text.
        package: The installed package, e.g. ``"textual_chat_conformance"``.
        names: The project's top-level package names, e.g. ``{"steps", "reference_app"}``.
        is_module: Whether a dotted name (``"steps.plugin"``) is a module or package of the
            source tree; a string literal is rewritten only when it names one.
        filename: Shown in errors.

    Returns:
        The rewritten text: same lines, each statement on the line it was on.

    Raises:
        RewriteError: ``import steps.x`` without ``as`` (see the module docstring).
        SyntaxError: ``source`` is not valid Python.
    """
    tree = ast.parse(source, filename=filename)
    lines = source.splitlines(keepends=True)
    tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    edits = [
        *_import_edits(tree, tokens, lines, package, frozenset(names), filename),
        *_string_edits(tokens, package, frozenset(names), is_module),
    ]
    for edit in sorted(edits, reverse=True):
        text = lines[edit.line - 1]
        lines[edit.line - 1] = text[: edit.column] + edit.text + text[edit.column :]
    return "".join(lines)


def _top(dotted: str) -> str:
    return dotted.split(".", 1)[0]


def _char_column(lines: list[str], line: int, byte_column: int) -> int:
    """``ast`` gives UTF-8 byte offsets; the edits use character columns."""
    return len(lines[line - 1].encode("utf-8")[:byte_column].decode("utf-8"))


def _import_edits(
    tree: ast.AST,
    tokens: list[tokenize.TokenInfo],
    lines: list[str],
    package: str,
    names: frozenset[str],
    filename: str,
) -> Iterator[_Edit]:
    starts = {token.start: index for index, token in enumerate(tokens)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if _top(alias.name) not in names:
                    continue
                if "." in alias.name and alias.asname is None:
                    raise RewriteError(
                        f"{filename}:{alias.lineno}: 'import {alias.name}' binds "
                        f"{_top(alias.name)!r} and cannot be moved under {package!r}; write "
                        f"'from {alias.name.rpartition('.')[0]} import "
                        f"{alias.name.rpartition('.')[2]}' or add 'as'"
                    )
                column = _char_column(lines, alias.lineno, alias.col_offset)
                yield _Edit(alias.lineno, column, f"{package}.")
                if alias.asname is None:
                    end = _char_column(lines, alias.lineno, alias.col_offset) + len(alias.name)
                    yield _Edit(alias.lineno, end, f" as {alias.name}")
        elif isinstance(node, ast.ImportFrom):
            if node.level or node.module is None or _top(node.module) not in names:
                continue
            index = starts[(node.lineno, _char_column(lines, node.lineno, node.col_offset))]
            module = next(
                token
                for token in tokens[index + 1 :]
                if token.type not in (tokenize.NL, tokenize.COMMENT)
            )
            yield _Edit(module.start[0], module.start[1], f"{package}.")


def _string_edits(
    tokens: list[tokenize.TokenInfo],
    package: str,
    names: frozenset[str],
    is_module: Callable[[str], bool],
) -> Iterator[_Edit]:
    fstring_start = getattr(tokenize, "FSTRING_START", None)  # Python 3.12+
    for index, token in enumerate(tokens):
        if fstring_start is not None and token.type == fstring_start:
            yield from _fstring_edit(tokens[index + 1 : index + 3], package, names, is_module)
            continue
        if token.type != tokenize.STRING:
            continue
        parts = STRING_PARTS.fullmatch(token.string)
        if parts is None or len(parts["quote"]) == 3 or "b" in parts["prefix"].lower():
            continue
        body = parts["body"][: -len(parts["quote"])]
        if "\\" in body:
            continue
        if "f" in parts["prefix"].lower():
            head, brace, _ = body.partition("{")
            module = head[:-1] if brace and head.endswith(".") else ""
        else:
            module, _, attribute = body.partition(":")
            if attribute and not DOTTED.fullmatch(attribute):
                continue
        if (
            "." not in body.partition(":")[0].partition("{")[0]
            or not DOTTED.fullmatch(module)
            or _top(module) not in names
            or not is_module(module)
        ):
            continue
        column = token.start[1] + len(parts["prefix"]) + len(parts["quote"])
        yield _Edit(token.start[0], column, f"{package}.")


def _fstring_edit(
    following: list[tokenize.TokenInfo],
    package: str,
    names: frozenset[str],
    is_module: Callable[[str], bool],
) -> Iterator[_Edit]:
    """An f-string tokenized in parts (Python 3.12+): its text before the first ``{``."""
    if len(following) < 2 or following[1].string != "{" or following[0].string.count("\\"):
        return
    head = following[0].string
    module = head[:-1] if head.endswith(".") else ""
    if DOTTED.fullmatch(module) and _top(module) in names and is_module(module):
        yield _Edit(following[0].start[0], following[0].start[1], f"{package}.")
