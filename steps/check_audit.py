"""The check audit: every check a step can fail, the clause it reports under and its seed.

``docs/design/check-audit.md`` has one row per call of :func:`steps.checks.check`,
:func:`steps.checks.violation` and :func:`steps.checks.precondition` (and of the
exploration's :meth:`steps.explore.core.Explorer.check`) in the modules under ``steps/``,
wherever they sit in its tree. Each row gives the file and the function, the clause or
clauses the call can report under, their levels, the condition in words (the ``expected``
argument; an f-string shown as written) and the seed sentence each clause quotes
(``quote`` in ``docs/spec/<profile>.yaml``).

Everything is read from the source with :mod:`ast`; nothing is imported or run. The clause
argument is resolved statically: a string literal; the candidates of a
``scenario_clause(request, ...)`` call; a variable assigned such values in the same function
or a module constant; a helper's parameter, through every call of the helper in ``steps/``
(so a helper's row lists what its callers pass); the values a called helper returns. What
cannot be resolved so (the clauses a scenario happens to cite, a value computed at run
time) is *dynamic*, and the row names what it depends on (:attr:`Check.dynamic`).

``tests/test_check_audit.py`` fails on a stale page, on a clause id that no catalogue has,
and on a check whose MUST or SHOULD clause has no quote or that cannot be tied to a clause
at all except for the dynamic cases it lists. ``python -m steps.check_audit`` writes the
page.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Container, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from steps.clauses import QUOTED_LEVELS, Clause, catalogue, catalogue_names, quote_text
from steps.profiles import ROOT

COMMAND = "python -m steps.check_audit"
"""The command that writes the page, as messages name it."""
PAGE = ROOT / "docs" / "design" / "check-audit.md"
"""The generated page."""
STEPS = ROOT / "steps"
"""The tree searched for checks."""
CHECKS_MODULE = "steps.checks"
"""The module defining the checks (its own calls between them are not checks of a step)."""
EXPECTED_ARGUMENT = {"check": 3, "precondition": 3, "violation": 2, "Explorer.check": 2}
"""Position of the ``expected`` argument (``what`` for the exploration) of each kind of call;
the clause is the argument before ``where`` (1 for ``check``, ``precondition`` and the
exploration's ``check``, 0 for ``violation``)."""
CLAUSE_ARGUMENT = {"check": 1, "precondition": 1, "violation": 0, "Explorer.check": 1}
"""Position of the clause argument of each kind of call."""
CITED = "the clauses the running scenario cites (steps.checks.cited_clauses)"
"""The dynamic part of a clause chosen among those the scenario cites."""
DEPTH = 14
"""How many calls and assignments deep a clause argument is followed."""
QUOTED_INLINE = 3
"""A row naming more clauses than this (a helper many steps call) refers to the page's
list of quotes instead of repeating them."""


@dataclass(frozen=True)
class Check:
    """One call of a check in a step module, as the audit reads it.

    Attributes:
        path: The module's file, relative to the repository root (``steps/...``).
        line: The line of the call.
        function: The enclosing function (``Class.method`` for a method), ``<module>`` at
            the top level.
        step: The Gherkin step text of the enclosing step function, when it is one.
        kind: ``check``, ``violation``, ``precondition`` or ``Explorer.check``.
        clauses: The clause ids the call can report under, in the order found.
        dynamic: What the clause depends on where it is not a literal the source names
            (empty when every possibility is in ``clauses``).
        where: The thing checked, as written (the ``where`` argument).
        expected: The condition, as written (the ``expected`` argument).
    """

    path: str
    line: int
    function: str
    step: str | None
    kind: str
    clauses: tuple[str, ...]
    dynamic: tuple[str, ...]
    where: str
    expected: str


@dataclass
class _Found:
    """What a resolved expression can be: clause ids, and what else it depends on."""

    clauses: list[str] = field(default_factory=list)
    dynamic: list[str] = field(default_factory=list)

    def add(self, other: _Found, prefix: str = "") -> None:
        self.clauses += [c for c in other.clauses if c not in self.clauses]
        reasons = [prefix + reason for reason in other.dynamic]
        self.dynamic += [r for r in reasons if r not in self.dynamic]


@dataclass
class _Module:
    """One parsed module of ``steps/``."""

    name: str
    path: Path
    tree: ast.Module

    @cached_property
    def constants(self) -> dict[str, ast.expr]:
        """Module-level ``NAME = value`` (and annotated) assignments."""
        found: dict[str, ast.expr] = {}
        for node in self.tree.body:
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        found[target.id] = node.value
            elif (
                isinstance(node, ast.AnnAssign)
                and node.value is not None
                and isinstance(node.target, ast.Name)
            ):
                found[node.target.id] = node.value
        return found

    @cached_property
    def imports(self) -> dict[str, tuple[str, str]]:
        """``local name -> (module, name)`` of its ``from module import name [as local]``."""
        found = {}
        for node in ast.walk(self.tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for alias in node.names:
                    found[alias.asname or alias.name] = (node.module, alias.name)
        return found

    @cached_property
    def classes(self) -> set[str]:
        """Names of the classes it defines (nested ones too)."""
        return {node.name for node in ast.walk(self.tree) if isinstance(node, ast.ClassDef)}

    @cached_property
    def functions(self) -> dict[str, list[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]]:
        """``name -> [(qualified name, definition)]`` of its functions and methods."""
        found: dict[str, list[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]] = {}
        for qualname, node in _definitions(self.tree.body, ""):
            found.setdefault(node.name, []).append((qualname, node))
        return found


def _definitions(
    body: list[ast.stmt], prefix: str
) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    """The functions of ``body`` with their qualified names, nested ones and methods too."""
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield prefix + node.name, node
            yield from _definitions(node.body, f"{prefix}{node.name}.")
        elif isinstance(node, ast.ClassDef):
            yield from _definitions(node.body, f"{prefix}{node.name}.")


@dataclass(frozen=True)
class _Scope:
    """Where an expression is read: a module, a function in it, and its arguments if known.

    ``bindings`` maps the function's parameters to the argument one call passes (with the
    caller's scope); ``None`` when the function is read for every call at once.
    """

    module: _Module
    function: ast.FunctionDef | ast.AsyncFunctionDef | None
    qualname: str
    outer: _Scope | None = None
    bindings: Mapping[str, tuple[ast.expr | None, _Scope | None]] | None = None


class _Index:
    """Every module under ``steps/``, and the resolution of clause arguments across them."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._call_cache: dict[str, list[tuple[_Scope, ast.Call]]] = {}
        self._by_name: dict[str, list[tuple[_Module, _Scope, ast.Call]]] | None = None
        self.modules: dict[str, _Module] = {}
        for path in sorted(root.rglob("*.py")):
            name = ".".join(path.relative_to(root.parent).with_suffix("").parts)
            name = name.removesuffix(".__init__")
            tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
            self.modules[name] = _Module(name, path, tree)

    # -- finding the calls ---------------------------------------------------------------

    def checks(self) -> list[Check]:
        """Every check call in the indexed modules, by file then line."""
        found = []
        for module in self.modules.values():
            if module.name == CHECKS_MODULE:
                continue
            for scope, call in self._calls(module):
                kind = self._kind(module, scope, call)
                if kind is not None:
                    found.append(self._check(module, scope, call, kind))
        return sorted(found, key=lambda check: (check.path, check.line))

    def _calls(self, module: _Module) -> list[tuple[_Scope, ast.Call]]:
        """Each call of ``module`` with the scope (innermost function) it is written in."""
        if module.name not in self._call_cache:
            self._call_cache[module.name] = list(self._walk_calls(module))
        return self._call_cache[module.name]

    def _walk_calls(self, module: _Module) -> Iterator[tuple[_Scope, ast.Call]]:
        """:meth:`_calls`, computed."""
        top = _Scope(module, None, "<module>")

        def visit(node: ast.AST, scope: _Scope, prefix: str) -> Iterator[tuple[_Scope, ast.Call]]:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                    inner = _Scope(module, child, prefix + child.name, outer=scope)
                    yield from visit(child, inner, f"{prefix}{child.name}.")
                elif isinstance(child, ast.ClassDef):
                    yield from visit(child, scope, f"{prefix}{child.name}.")
                else:
                    if isinstance(child, ast.Call):
                        yield scope, child
                    yield from visit(child, scope, prefix)

        yield from visit(module.tree, top, "")

    def _kind(self, module: _Module, scope: _Scope, call: ast.Call) -> str | None:
        """``check``, ``violation``, ``precondition``, ``Explorer.check`` or ``None``."""
        func = call.func
        if isinstance(func, ast.Name):
            origin = module.imports.get(func.id)
            if origin is not None and origin[0] == CHECKS_MODULE and origin[1] in CLAUSE_ARGUMENT:
                return origin[1]
        is_self_check = (
            isinstance(func, ast.Attribute)
            and func.attr == "check"
            and isinstance(func.value, ast.Name)
            and func.value.id == "self"
        )
        if is_self_check and self._in_explorer(module, scope):
            return "Explorer.check"
        return None

    def _in_explorer(self, module: _Module, scope: _Scope) -> bool:
        """Whether ``scope`` is a method of :class:`steps.explore.core.Explorer` or a subclass."""
        classes = {
            node.name: node for node in ast.walk(module.tree) if isinstance(node, ast.ClassDef)
        }
        owner = scope.qualname.split(".")[0]
        seen: set[str] = set()
        while owner in classes and owner not in seen:
            seen.add(owner)
            if owner == "Explorer" and module.name == "steps.explore.core":
                return True
            bases = [b.id for b in classes[owner].bases if isinstance(b, ast.Name)]
            if "Explorer" in bases and module.imports.get("Explorer", ("", ""))[0] == (
                "steps.explore.core"
            ):
                return True
            owner = next((base for base in bases if base in classes), "")
        return False

    def _check(self, module: _Module, scope: _Scope, call: ast.Call, kind: str) -> Check:
        """The :class:`Check` of one call."""
        clause_arg = _argument(call, CLAUSE_ARGUMENT[kind], "clause")
        where_arg = _argument(
            call, CLAUSE_ARGUMENT[kind] + 1, "where" if kind != "Explorer.check" else "what"
        )
        expected_arg = _argument(
            call, EXPECTED_ARGUMENT[kind], "expected" if kind != "Explorer.check" else "what"
        )
        if kind == "Explorer.check":
            where_arg = None
        found = (
            self.resolve(clause_arg, scope, DEPTH)
            if clause_arg is not None
            else _Found(dynamic=["no clause argument"])
        )
        return Check(
            path=module.path.relative_to(self.root.parent).as_posix(),
            line=call.lineno,
            function=scope.qualname,
            step=_step_text(scope.function),
            kind=kind,
            clauses=tuple(found.clauses),
            dynamic=tuple(found.dynamic),
            where=ast.unparse(where_arg)
            if isinstance(where_arg, ast.Name)
            else (self._words(where_arg, scope) if where_arg is not None else ""),
            expected=self._words(expected_arg, scope) if expected_arg is not None else "",
        )

    def _words(self, node: ast.expr, scope: _Scope, depth: int = 3) -> str:
        """A text argument as written: a literal's value, else its source.

        A helper's parameter is shown with what its callers pass (followed ``depth``
        helpers up).
        """
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if depth > 0 and isinstance(node, ast.Name) and scope.function is not None:
            values = [v for v, _ in _assignments(scope.function, node.id) if v is not None]
            if values:
                return "; ".join(dict.fromkeys(self._words(v, scope, depth - 1) for v in values))
        if depth > 0 and isinstance(node, ast.Name) and _is_parameter(scope.function, node.id):
            passed = [
                self._words(arg, caller, depth - 1)
                for arg, caller in self._callers_arguments(scope, node.id)
                if arg is not None
            ]
            shown = "; ".join(dict.fromkeys(passed))
            return f"{node.id} (its callers pass: {shown})" if shown else node.id
        return ast.unparse(node)

    # -- resolving a clause argument -------------------------------------------------------

    def resolve(self, node: ast.expr, scope: _Scope, depth: int) -> _Found:
        """The clause ids ``node`` can evaluate to in ``scope``, and what else it depends on."""
        found = _Found()
        if depth <= 0:
            found.dynamic.append(f"{ast.unparse(node)} (followed too deep)")
            return found
        if isinstance(node, ast.Constant):
            if isinstance(node.value, str):
                found.clauses.append(node.value)
            else:
                found.dynamic.append(f"the value {node.value!r}")
        elif isinstance(node, ast.IfExp):
            found.add(self.resolve(node.body, scope, depth - 1))
            found.add(self.resolve(node.orelse, scope, depth - 1))
        elif isinstance(node, ast.BoolOp):
            for value in node.values:
                found.add(self.resolve(value, scope, depth - 1))
        elif isinstance(node, ast.Tuple | ast.List | ast.Set):
            for element in node.elts:
                found.add(self.resolve(element, scope, depth - 1))
        elif isinstance(node, ast.Starred):
            found.add(self.resolve(node.value, scope, depth - 1))
        elif isinstance(node, ast.Dict):
            for value in node.values:
                found.add(self.resolve(value, scope, depth - 1))
        elif isinstance(node, ast.Subscript):
            found.add(self._subscript(node, scope, depth))
        elif isinstance(node, ast.GeneratorExp | ast.ListComp | ast.SetComp):
            found.add(self._comprehension(node, scope, depth))
        elif isinstance(node, ast.Name):
            found.add(self._name(node.id, scope, depth))
        elif isinstance(node, ast.Call):
            found.add(self._call(node, scope, depth))
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in ("self", "cls")
        ):
            found.add(self._class_attribute(node.attr, scope, depth))
        else:
            found.dynamic.append(ast.unparse(node))
        return found

    def _subscript(self, node: ast.Subscript, scope: _Scope, depth: int) -> _Found:
        """``table[key]``: every value of the table (a dict, tuple or list the source holds)."""
        return self.resolve(node.value, scope, depth - 1)

    def _comprehension(
        self, node: ast.GeneratorExp | ast.ListComp | ast.SetComp, scope: _Scope, depth: int
    ) -> _Found:
        """``(c for c in (...) if ...)``: the elements of what it iterates over."""
        generator = node.generators[0]
        if (
            len(node.generators) == 1
            and isinstance(node.elt, ast.Name)
            and isinstance(generator.target, ast.Name)
            and node.elt.id == generator.target.id
        ):
            return self.resolve(generator.iter, scope, depth - 1)
        return _Found(dynamic=[ast.unparse(node)])

    def _name(self, name: str, scope: _Scope, depth: int) -> _Found:
        """A variable: its assignments in the function, a parameter, a constant, an import."""
        found = _Found()
        function = scope.function
        if function is not None:
            values = list(_assignments(function, name))
            for value, how in values:
                if value is None:
                    found.dynamic.append(f"{name} ({how})")
                else:
                    found.add(self.resolve(value, scope, depth - 1))
            if _is_parameter(function, name):
                found.add(self._parameter(name, scope, depth))
            if values or _is_parameter(function, name):
                return found
            if scope.outer is not None:
                return self._name(name, scope.outer, depth)
        module = scope.module
        if name in module.constants:
            top = _Scope(module, None, "<module>")
            return self.resolve(module.constants[name], top, depth - 1)
        origin = module.imports.get(name)
        if origin is not None and origin[0] in self.modules:
            other = self.modules[origin[0]]
            if origin[1] in other.constants:
                top = _Scope(other, None, "<module>")
                return self.resolve(other.constants[origin[1]], top, depth - 1)
        found.dynamic.append(f"the name {name}")
        return found

    def _class_attribute(self, name: str, scope: _Scope, depth: int) -> _Found:
        """``self.NAME`` in a method: what the class and every subclass in ``steps/`` assign."""
        owner = scope.qualname.split(".")[0]
        family = {owner}
        grew = True
        while grew:  # subclasses by base name, across modules
            grew = False
            for _, node in self._classes():
                bases = {base.id for base in node.bases if isinstance(base, ast.Name)}
                if node.name not in family and bases & family:
                    family.add(node.name)
                    grew = True
        found = _Found()
        for module, node in self._classes():
            if node.name not in family:
                continue
            top = _Scope(module, None, "<module>")
            for statement in node.body:
                if isinstance(statement, ast.Assign) and any(
                    isinstance(t, ast.Name) and t.id == name for t in statement.targets
                ):
                    found.add(self.resolve(statement.value, top, depth - 1))
        if not found.clauses and not found.dynamic:
            found.dynamic.append(f"self.{name}")
        return found

    def _classes(self) -> Iterator[tuple[_Module, ast.ClassDef]]:
        """Every class defined in the indexed modules."""
        for module in self.modules.values():
            for node in ast.walk(module.tree):
                if isinstance(node, ast.ClassDef):
                    yield module, node

    def _parameter(self, name: str, scope: _Scope, depth: int) -> _Found:
        """A parameter: the argument of the known call, else of every call in ``steps/``."""
        found = _Found()
        if scope.bindings is not None:
            arg, caller = scope.bindings.get(name, (None, None))
            if arg is None or caller is None:
                found.dynamic.append(f"the parameter {name} of {scope.qualname}")
            else:
                found.add(self.resolve(arg, caller, depth - 1))
            return found
        arguments = list(self._callers_arguments(scope, name))
        if not arguments:
            found.dynamic.append(f"the parameter {name} of {scope.qualname} (no call in steps/)")
        for arg, caller in arguments:
            if arg is None:
                found.dynamic.append(
                    f"the parameter {name} of {scope.qualname} (*args or **kwargs)"
                )
            else:
                found.add(self.resolve(arg, caller, depth - 1))
        return found

    def _callers_arguments(
        self, scope: _Scope, name: str
    ) -> Iterator[tuple[ast.expr | None, _Scope]]:
        """What each call of ``scope``'s function in ``steps/`` passes for parameter ``name``."""
        function = scope.function
        assert function is not None
        for module, caller, call in self._calls_named(function.name):
            if self._calls_function(module, caller, call, scope):
                yield _passed(call, function, name), caller

    def _calls_named(self, name: str) -> list[tuple[_Module, _Scope, ast.Call]]:
        """Every call in the indexed modules of a function or method called ``name``."""
        if self._by_name is None:
            self._by_name = {}
            for module in self.modules.values():
                for caller, call in self._calls(module):
                    func = call.func
                    called = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
                    self._by_name.setdefault(called, []).append((module, caller, call))
        return self._by_name.get(name, [])

    def _calls_function(
        self, module: _Module, caller: _Scope, call: ast.Call, scope: _Scope
    ) -> bool:
        """Whether ``call`` (in ``module``) calls the function of ``scope``."""
        function = scope.function
        assert function is not None
        func = call.func
        method = scope.qualname.split(".")[0] in scope.module.classes
        if isinstance(func, ast.Name) and not method:
            if module is scope.module:
                return func.id == function.name
            return module.imports.get(func.id) == (scope.module.name, function.name)
        if isinstance(func, ast.Attribute) and func.attr == function.name:
            if method:  # called on an object of its module's classes
                return module is scope.module or any(
                    origin[0] == scope.module.name for origin in module.imports.values()
                )
            if isinstance(func.value, ast.Name) and func.value.id in module.imports:
                return ".".join(module.imports[func.value.id]) == scope.module.name
        return False

    def _call(self, node: ast.Call, scope: _Scope, depth: int) -> _Found:
        """A call: ``scenario_clause``'s candidates, or what the called helper returns."""
        func = node.func
        name = func.id if isinstance(func, ast.Name) else None
        origin = scope.module.imports.get(name, ("", "")) if name else ("", "")
        if origin == (CHECKS_MODULE, "scenario_clause"):
            found = _Found()
            for arg in node.args[1:]:
                found.add(self.resolve(arg, scope, depth - 1))
            return found
        if origin == (CHECKS_MODULE, "cited_clauses"):
            return _Found(dynamic=[CITED])
        if isinstance(func, ast.Attribute) and func.attr == "get" and node.args:
            found = self.resolve(func.value, scope, depth - 1)  # table.get(key, default)
            for arg in node.args[1:]:
                found.add(self.resolve(arg, scope, depth - 1))
            return found
        if name == "next" and node.args:
            found = _Found()
            for arg in node.args:
                found.add(self.resolve(arg, scope, depth - 1))
            return found
        target = self._function_called(node, scope)
        if target is None:
            return _Found(dynamic=[f"{ast.unparse(func)}()"])
        callee_module, qualname, callee = target
        bindings = _bind(node, callee, scope, callee_module)
        inner = _Scope(callee_module, callee, qualname, bindings=bindings)
        found = _Found()
        returns = list(_returns(callee))
        if not returns:
            found.dynamic.append(f"{qualname}() returns nothing")
        for value in returns:
            found.add(self.resolve(value, inner, depth - 1), prefix=f"{qualname}(): ")
        return found

    def _function_called(
        self, node: ast.Call, scope: _Scope
    ) -> tuple[_Module, str, ast.FunctionDef | ast.AsyncFunctionDef] | None:
        """The module-level function of ``steps/`` that ``node`` calls by name, if any."""
        func = node.func
        if not isinstance(func, ast.Name):
            return None
        module = scope.module
        name = func.id
        origin = module.imports.get(name)
        if origin is not None:
            module = self.modules.get(origin[0]) or module
            name = origin[1]
            if origin[0] not in self.modules:
                return None
        for qualname, definition in module.functions.get(name, []):
            if qualname == name:
                return module, qualname, definition
        return None


def _argument(call: ast.Call, position: int, keyword: str) -> ast.expr | None:
    """The argument at ``position`` of ``call``, or the one passed as ``keyword``."""
    if len(call.args) > position and not any(
        isinstance(arg, ast.Starred) for arg in call.args[: position + 1]
    ):
        return call.args[position]
    return next((kw.value for kw in call.keywords if kw.arg == keyword), None)


def _is_parameter(function: ast.FunctionDef | ast.AsyncFunctionDef | None, name: str) -> bool:
    """Whether ``name`` is a parameter of ``function``."""
    if function is None:
        return False
    arguments = function.args
    return any(
        arg.arg == name for arg in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
    )


def _passed(
    call: ast.Call, function: ast.FunctionDef | ast.AsyncFunctionDef, name: str
) -> ast.expr | None:
    """What ``call`` passes for ``function``'s parameter ``name``, its default if nothing.

    ``None`` when it cannot be told (a ``*args`` or ``**kwargs`` in the call).
    """
    arguments = function.args
    positional = [arg.arg for arg in [*arguments.posonlyargs, *arguments.args]]
    if positional[:1] in (["self"], ["cls"]) and isinstance(call.func, ast.Attribute):
        positional = positional[1:]
    for keyword in call.keywords:
        if keyword.arg == name:
            return keyword.value
    if name in positional:
        index = positional.index(name)
        if any(isinstance(arg, ast.Starred) for arg in call.args[: index + 1]):
            return None
        if index < len(call.args):
            return call.args[index]
    if any(keyword.arg is None for keyword in call.keywords):
        return None
    return _default(function, name)


def _default(function: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> ast.expr | None:
    """The default value of ``function``'s parameter ``name``, if it has one."""
    arguments = function.args
    positional = [*arguments.posonlyargs, *arguments.args]
    defaults = dict(
        zip([arg.arg for arg in positional][::-1], arguments.defaults[::-1], strict=False)
    )
    defaults.update(
        {
            arg.arg: value
            for arg, value in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True)
            if value is not None
        }
    )
    return defaults.get(name)


def _bind(
    call: ast.Call,
    function: ast.FunctionDef | ast.AsyncFunctionDef,
    scope: _Scope,
    module: _Module,
) -> dict[str, tuple[ast.expr | None, _Scope | None]]:
    """Each parameter of ``function`` (defined in ``module``) with what ``call`` passes for it.

    An argument is read in ``scope`` (the caller's), a default in ``module``.
    """
    arguments = function.args
    names = [arg.arg for arg in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]]
    bound: dict[str, tuple[ast.expr | None, _Scope | None]] = {}
    for name in names:
        value = _passed(call, function, name)
        passed_here = value is not None and value is not _default(function, name)
        bound[name] = (value, scope if passed_here else _Scope(module, None, "<module>"))
    return bound


def _assignments(
    function: ast.FunctionDef | ast.AsyncFunctionDef, name: str
) -> Iterator[tuple[ast.expr | None, str]]:
    """The values ``function`` assigns to ``name`` (not in nested functions).

    A ``for`` loop over a literal sequence gives its elements; an assignment that cannot be
    read so gives ``None`` with how the name is bound.
    """
    for node in _own_nodes(function):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name) and target.id == name:
                    yield node.value, "assigned"
                elif isinstance(target, ast.Tuple) and _binds(target, name):
                    yield _unpacked(target, node.value, name)
        elif isinstance(node, ast.AnnAssign | ast.NamedExpr):
            target = node.target
            if isinstance(target, ast.Name) and target.id == name and node.value is not None:
                yield node.value, "assigned"
        elif isinstance(node, ast.AugAssign):
            if isinstance(node.target, ast.Name) and node.target.id == name:
                yield None, "changed in place"
        elif isinstance(node, ast.For | ast.AsyncFor):
            if isinstance(node.target, ast.Name) and node.target.id == name:
                yield node.iter, "loop"
            elif isinstance(node.target, ast.Tuple) and _binds(node.target, name):
                rows = node.iter.elts if isinstance(node.iter, ast.Tuple | ast.List) else None
                if rows is None:
                    yield None, f"unpacked in a loop over {ast.unparse(node.iter)}"
                for row in rows or ():
                    yield _unpacked(node.target, row, name)
        elif isinstance(node, ast.With | ast.AsyncWith):
            for item in node.items:
                if item.optional_vars is not None and _binds(item.optional_vars, name):
                    yield None, f"bound by with {ast.unparse(item.context_expr)}"


def _unpacked(target: ast.Tuple, value: ast.expr, name: str) -> tuple[ast.expr | None, str]:
    """What ``target = value`` binds to ``name``: the element at its place in a literal tuple."""
    names = [element.id if isinstance(element, ast.Name) else None for element in target.elts]
    if isinstance(value, ast.Tuple | ast.List) and len(value.elts) == len(names) and name in names:
        return value.elts[names.index(name)], "assigned"
    return None, f"unpacked from {ast.unparse(value)}"


def _binds(target: ast.expr, name: str) -> bool:
    """Whether an assignment target binds ``name``."""
    return any(isinstance(node, ast.Name) and node.id == name for node in ast.walk(target))


def _own_nodes(function: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[ast.AST]:
    """The nodes of ``function``'s body, not descending into nested functions or classes."""
    stack: list[ast.AST] = list(function.body)
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if not isinstance(
                child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda
            ):
                stack.append(child)


def _returns(function: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[ast.expr]:
    """The values ``function``'s own ``return`` statements give."""
    for node in _own_nodes(function):
        if isinstance(node, ast.Return) and node.value is not None:
            yield node.value


def _step_text(function: ast.FunctionDef | ast.AsyncFunctionDef | None) -> str | None:
    """``Then the popup closes``: the Gherkin step a step function implements, if one."""
    if function is None:
        return None
    for decorator in function.decorator_list:
        if not (isinstance(decorator, ast.Call) and isinstance(decorator.func, ast.Name)):
            continue
        if decorator.func.id not in ("given", "when", "then") or not decorator.args:
            continue
        text = decorator.args[0]
        if isinstance(text, ast.Call) and text.args:  # parsers.parse("...")
            text = text.args[0]
        if isinstance(text, ast.Constant) and isinstance(text.value, str):
            return f"{decorator.func.id.capitalize()} {text.value}"
    return None


# -- the page -------------------------------------------------------------------------------


def checks(root: Path = STEPS) -> list[Check]:
    """Every check call under ``root`` (``steps/``), resolved, by file then line."""
    return _Index(root).checks()


def clauses() -> dict[str, Clause]:
    """Every clause of every catalogue, by id."""
    return {key: value for name in catalogue_names() for key, value in catalogue(name).items()}


def problems(
    found: Iterable[Check],
    known: Mapping[str, Clause],
    *,
    unquoted: Container[str] = (),
    dynamic: Container[str] = (),
) -> list[str]:
    """Where a check is not tied to a clause with a seed quote, one sentence each.

    Args:
        found: The checks (:func:`checks`).
        known: Every clause by id (:func:`clauses`).
        unquoted: Ids of MUST or SHOULD clauses allowed to have no quote yet (their level
            is being decided).
        dynamic: The dynamic parts (:attr:`Check.dynamic`) accepted: each documented where
            the caller lists it.

    Returns:
        A check naming a clause no catalogue has; a check that can report under a MUST or
        SHOULD clause without a quote; a check whose clause depends on something not in
        ``dynamic``; a check tied to no clause at all.
    """
    found_problems = []
    for check in found:
        where = f"{check.path}: {check.function}: {check.kind} ({check.expected[:60]!r})"
        for clause_id in check.clauses:
            clause = known.get(clause_id)
            if clause is None:
                found_problems.append(f"{where}: reports under {clause_id!r}, in no catalogue")
            elif (
                clause.level in QUOTED_LEVELS and clause.quote is None and clause_id not in unquoted
            ):
                found_problems.append(
                    f"{where}: reports under the {clause.level} clause {clause_id}, which "
                    "quotes no seed sentence (add its `quote:`, or it is HARDENING)"
                )
        found_problems += [
            f"{where}: its clause depends on {reason}, not a documented dynamic case"
            for reason in check.dynamic
            if reason not in dynamic
        ]
        if not check.clauses and not check.dynamic:
            found_problems.append(f"{where}: tied to no clause")
    return found_problems


def render(found: Iterable[Check], known: Mapping[str, Clause]) -> str:
    """The Markdown page ``docs/design/check-audit.md``: a table per module."""
    found = list(found)
    dynamic = [check for check in found if check.dynamic]
    levels = {
        level: sum(
            any(known[c].level == level for c in check.clauses if c in known) for check in found
        )
        for level in ("MUST", "SHOULD", "MAY", "HARDENING")
    }
    lines = [
        "# Check audit: every check a step can fail, its clause and the seed sentence",
        "",
        f"<!-- Generated by `{COMMAND}` from the step modules under steps/ and the",
        "     catalogues docs/spec/*.yaml (their `quote` entries); do not edit. -->",
        "",
        "Issue 37, class 4: the decision audit (docs/design/decision-audit.md) lists the",
        "decisions the seeds leave open; this page lists every check. One row per call of",
        "`check`, `violation` and `precondition` (steps/checks.py) and of the exploration's",
        "`Explorer.check` (steps/explore/core.py) in the modules under steps/, read from the",
        "source, nothing run: the function it is written in (with the Gherkin step a step",
        "function implements), the clause or clauses its failure can be reported under with",
        "their levels, the condition (the `expected` argument, after the thing checked; an",
        "f-string as written) and the seed sentence each clause quotes. A clause the call",
        "chooses at run time is named among its candidates; where it depends on more than the",
        'source holds (the clauses the running scenario cites) the row says "dynamic" and on',
        "what. HARDENING clauses quote no seed: no seed sentence demands them.",
        "`tests/test_check_audit.py` fails when this page is stale, when a check names a clause",
        "no catalogue has, and when a check at MUST or SHOULD is not tied to a clause with a",
        "quote (the dynamic cases it accepts are listed there).",
        "",
        f"{len(found)} checks in {len({check.path for check in found})} modules; "
        + ", ".join(f"{count} can report at {level}" for level, count in levels.items())
        + f"; {len(dynamic)} with a dynamic part.",
        "",
    ]
    for path in dict.fromkeys(check.path for check in found):
        lines += [f"## `{path}`", "", "| function | clauses | condition | seed |"]
        lines.append("|---|---|---|---|")
        for check in (check for check in found if check.path == path):
            lines.append(_row(check, known))
        lines.append("")
    return "\n".join(lines + _quotes(found, known))


def _quotes(found: list[Check], known: Mapping[str, Clause]) -> list[str]:
    """The section listing each clause the page names once, with its level and quote."""
    named = dict.fromkeys(c for check in found for c in check.clauses if c in known)
    lines = [
        "## Seed quotes",
        "",
        "Every clause a check above can report under, in catalogue order, with the seed",
        "sentence it quotes (`-` for a HARDENING or MAY clause, which quotes none).",
        "",
        "| clause | level | checks | seed |",
        "|---|---|---|---|",
    ]
    for clause_id in (c for c in known if c in named):
        clause = known[clause_id]
        count = sum(clause_id in check.clauses for check in found)
        quote = f"“{quote_text(clause.quote)}”" if clause.quote is not None else "-"
        if clause.quote is None and clause.level in QUOTED_LEVELS:
            quote = "**no quote**"
        lines.append(
            "| "
            + " | ".join(
                _cell(cell) for cell in (f"`{clause_id}`", clause.level, str(count), quote)
            )
            + " |"
        )
    return [*lines, ""]


def _row(check: Check, known: Mapping[str, Clause]) -> str:
    """One table row."""
    function = f"`{check.function}`" + (f" ({check.step})" if check.step else "")
    if check.kind != "check":
        function += f", {check.kind}"
    named = [
        f"`{c}` {known[c].level}" if c in known else f"`{c}` **not in any catalogue**"
        for c in check.clauses
    ]
    named += [f"dynamic: {reason}" for reason in check.dynamic]
    condition = f"{check.where}: {check.expected}" if check.where else check.expected
    quotes = []
    for clause_id in check.clauses if len(check.clauses) <= QUOTED_INLINE else ():
        clause = known.get(clause_id)
        if clause is None:
            continue
        if clause.quote is not None:
            quotes.append(f"`{clause_id}`: “{quote_text(clause.quote)}”")
        elif clause.level in QUOTED_LEVELS:
            quotes.append(f"`{clause_id}`: **no quote**")
    if len(check.clauses) > QUOTED_INLINE:
        quotes = [
            f"{len(check.clauses)} clauses: their quotes are under [Seed quotes](#seed-quotes)"
        ]
    cells = [function, "<br>".join(named), condition, "<br>".join(quotes) or "-"]
    return "| " + " | ".join(_cell(cell) for cell in cells) + " |"


def _cell(text: str) -> str:
    """``text`` as one Markdown table cell: one line, pipes escaped."""
    return " ".join(text.split()).replace("|", "\\|")


def main() -> None:
    """Write ``docs/design/check-audit.md`` (``python -m steps.check_audit``)."""
    PAGE.write_text(render(checks(), clauses()), encoding="utf-8")
    sys.stdout.write(f"wrote {PAGE.relative_to(ROOT)}\n")


if __name__ == "__main__":
    main()
