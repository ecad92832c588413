"""Resolving ``--adapter`` to an adapter object, and checking that object's shape.

Precedence, first one set wins: the ``--adapter`` command-line option, the
``CHAT_CONFORMANCE_ADAPTER`` environment variable, the ``chat_adapter`` ini key, then
the reference app's adapter. Every error names the source the bad value came from.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import importlib.util
import inspect
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, get_type_hints

import pytest

from steps.adapter import PROTOCOL_VERSION, SUPPORTED_VERSIONS, Adapter
from steps.profiles import PROFILES, ClaimError, Profile, profile_named
from steps.settings import Setting, environ

ENV_VAR = "CHAT_CONFORMANCE_ADAPTER"
"""Environment variable naming the adapter when ``--adapter`` is not given."""
INI_KEY = "chat_adapter"
"""ini key naming the adapter when neither option nor environment variable is set."""
DEFAULT_SPEC = "reference_app.conformance:adapter"
"""The adapter used when nothing else is set: the reference app."""
DEFAULT_SOURCE = "default (reference implementations)"
"""The source of the spec when nothing is set."""
SETTING = Setting("--adapter", ENV_VAR, INI_KEY)
"""Where the adapter spec is read from, in precedence order."""


ADAPTER_KEY = pytest.StashKey["Adapter"]()
"""The adapter the setting names; with no setting, profile ``chat_screen``'s reference."""
ADAPTERS_KEY = pytest.StashKey[dict[str, "Adapter"]]()
"""The adapter of each profile this run checks, by profile name."""
SPEC_KEY = pytest.StashKey["AdapterSpec"]()
"""Where the adapter came from (for the report header)."""


class AdapterError(Exception):
    """The adapter named by the user cannot be loaded or does not fit the contract."""


@dataclass(frozen=True)
class AdapterSpec:
    """Where the adapter comes from.

    Attributes:
        spec: ``package.module:attr`` or ``path/to/file.py:attr``.
        source: Which setting supplied it, e.g. ``--adapter (command line)``.
    """

    spec: str
    source: str

    @property
    def is_default(self) -> bool:
        """Whether no setting named an adapter: each profile runs its reference then."""
        return self.source == DEFAULT_SOURCE


def add_options(parser: pytest.Parser) -> None:
    """Register ``--adapter`` and its ini key."""
    SETTING.add_to(
        parser,
        metavar="SPEC",
        help="implementation under test: 'package.module:attr' or 'path/to/file.py:attr' "
        f"(falls back to ${ENV_VAR}, then the {INI_KEY} ini key, "
        "then the reference app)",
        ini_help="adapter spec used when --adapter is not given",
    )


def configure(config: pytest.Config) -> None:
    """Load the adapter of each profile the run checks into :data:`ADAPTERS_KEY`.

    With no adapter set, every profile is checked against its own reference implementation.

    Raises:
        AdapterError: The adapter cannot be loaded or does not fit the contract; the message
            names the setting it came from.
    """
    spec = resolve_spec(*SETTING.given(config), environ())
    root = Path(config.invocation_params.dir)
    if spec.is_default:
        adapters = {
            profile.name: load_adapter(AdapterSpec(profile.reference_adapter, spec.source), root)
            for profile in PROFILES
        }
        config.stash[ADAPTER_KEY] = next(iter(adapters.values()))
    else:
        adapter = load_adapter(spec, root)
        adapters = {name: adapter for name in adapter.profiles}
        config.stash[ADAPTER_KEY] = adapter
    config.stash[ADAPTERS_KEY] = adapters
    config.stash[SPEC_KEY] = spec


def adapter_for(config: pytest.Config, profile: str) -> Adapter:
    """The adapter checked for ``profile`` in this run.

    Raises:
        KeyError: No adapter of the run claims ``profile`` (its scenarios are skipped).
    """
    return config.stash[ADAPTERS_KEY][profile]


def adapter_spec(config: pytest.Config, profile: str) -> str:
    """The adapter spec ``profile``'s scenarios run through (its reference's, by default)."""
    spec = config.stash[SPEC_KEY]
    return spec.spec if not spec.is_default else profile_named(profile).reference_adapter


def header_lines(config: pytest.Config) -> list[str]:
    """One ``adapter:`` line per implementation, naming the profiles it is checked for."""
    spec = config.stash[SPEC_KEY]
    adapters = config.stash[ADAPTERS_KEY]
    lines = []
    for name, adapter in adapters.items():
        profiles = [p for p, a in adapters.items() if a is adapter]
        if profiles[0] == name:
            lines.append(
                f"adapter: {adapter.name} {adapter.implementation_version} "
                f"({adapter_spec(config, name)}, from {spec.source}); "
                f"profiles: {', '.join(profiles)}"
            )
    return lines


def resolve_spec(option: str | None, ini: str | None, environ: dict[str, str]) -> AdapterSpec:
    """Pick the adapter spec by precedence: option, environment, ini, default.

    Args:
        option: Value of ``--adapter`` or ``None``.
        ini: Value of the ini key or ``None``/empty.
        environ: The process environment.
    """
    found = SETTING.first_set(option, ini, environ)
    if found is None:
        return AdapterSpec(DEFAULT_SPEC, DEFAULT_SOURCE)
    return AdapterSpec(*found)


def load_adapter(spec: AdapterSpec, rootdir: Path) -> Adapter:
    """Import the object named by ``spec`` and check it against the contract.

    A class is instantiated with no arguments; any other object is used as it is.

    Args:
        spec: The resolved spec.
        rootdir: Directory that relative file paths are taken from.

    Returns:
        The adapter.

    Raises:
        AdapterError: The spec is malformed, the import fails, the attribute is missing,
            or the object lacks what its claimed profiles need.
    """
    target, sep, attr = spec.spec.rpartition(":")
    if not sep or not target or not attr:
        raise AdapterError(
            f"adapter {spec.spec!r} from {spec.source}: expected 'package.module:attr' "
            "or 'path/to/file.py:attr'"
        )
    module = _import(target, rootdir, spec)
    try:
        obj = getattr(module, attr)
    except AttributeError:
        raise AdapterError(
            f"adapter {spec.spec!r} from {spec.source}: module {module.__name__!r} "
            f"has no attribute {attr!r}"
        ) from None
    if inspect.isclass(obj):
        obj = obj()
    problems = contract_problems(obj)
    if problems:
        listed = "\n  - ".join(problems)
        raise AdapterError(
            f"adapter {spec.spec!r} from {spec.source} does not fit the adapter contract "
            f"(steps/adapter.py, steps/<profile>/contract.py, docs/adapters.md):\n  - {listed}"
        )
    adapter: Adapter = obj
    return adapter


def _import(target: str, rootdir: Path, spec: AdapterSpec) -> Any:
    """Import a module by dotted name or by ``.py`` file path."""
    try:
        if target.endswith(".py"):
            path = (rootdir / target).resolve()
            if not path.is_file():
                raise AdapterError(f"adapter file {str(path)!r} from {spec.source} does not exist")
            if str(path.parent) not in sys.path:
                sys.path.append(str(path.parent))  # sibling imports; never shadows a library
            name = f"_chat_adapter_{path.stem}"
            module_spec = importlib.util.spec_from_file_location(name, path)
            assert module_spec is not None and module_spec.loader is not None
            module = importlib.util.module_from_spec(module_spec)
            sys.modules[name] = module
            module_spec.loader.exec_module(module)
            return module
        return importlib.import_module(target)
    except AdapterError:
        raise
    except Exception as error:
        raise AdapterError(
            f"adapter {spec.spec!r} from {spec.source}: importing {target!r} raised "
            f"{type(error).__name__}: {error}"
        ) from error


def contract_problems(obj: object) -> list[str]:
    """List what ``obj`` lacks to be an adapter for the profiles it claims.

    Args:
        obj: The candidate adapter.

    Returns:
        One sentence per problem; empty when the object fits.
    """
    problems = _missing(obj, Adapter)
    if problems:
        return problems
    version = getattr(obj, "protocol_version", None)
    if isinstance(version, int) and not isinstance(version, bool) and version > PROTOCOL_VERSION:
        problems.append(
            f"protocol_version: the adapter is written for version {version} of the adapter "
            f"contract, newer than this harness's version {PROTOCOL_VERSION} "
            f"(textual-chat-conformance {harness_version()}); upgrade the harness "
            "(pip install --upgrade textual-chat-conformance) or write the adapter for "
            f"version {PROTOCOL_VERSION} (docs/adapters.md, 'Contract versions')"
        )
    elif version not in SUPPORTED_VERSIONS:
        problems.append(
            f"protocol_version: {version!r} is not a version this harness drives "
            f"(supported: {', '.join(map(str, SUPPORTED_VERSIONS))}; steps/adapter.py)"
        )
    known = {profile.name: profile for profile in PROFILES}
    claimed = list(getattr(obj, "profiles", ()))
    for name in claimed:
        if name not in known:
            problems.append(f"profiles: unknown profile {name!r} (known: {sorted(known)})")
        elif known[name].parts:
            problems += _part_problems(obj, known[name])
        else:
            problems += _missing(obj, known[name].capability)
    if not claimed:
        problems.append(f"profiles: claims no profile (known: {sorted(known)})")
    site = getattr(obj, "choice_site", None)
    if site is not None and not _is_site(site):
        problems.append("choice_site: expected a pair (object, attribute name) naming an attribute")
    return problems


def harness_version() -> str:
    """The installed distribution's version (``textual_chat_conformance.__version__``)."""
    try:
        return importlib.metadata.version("textual-chat-conformance")
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


def _part_problems(obj: object, profile: Profile) -> list[str]:
    """Name each member a part ``obj`` claims needs and ``obj`` lacks, with that part."""
    try:
        claimed = profile.claimed_parts(obj)
    except ClaimError as error:
        return [str(error)]
    problems: list[str] = []
    for part in claimed:
        for problem in _missing(obj, part.capability, part.describe(profile.name)):
            if problem not in problems:
                problems.append(problem)
    return problems


def _missing(obj: object, protocol: type, needed_by: str = "") -> list[str]:
    """Name each member of ``protocol`` that ``obj`` lacks or has in the wrong form.

    Args:
        obj: The candidate adapter.
        protocol: A capability ``Protocol`` (of a profile's contract, ``steps.<profile>.contract``).
        needed_by: What needs the members, for the message (default: the protocol's name).
    """
    where = f"needed by {needed_by}" if needed_by else protocol.__name__
    problems = []
    hints = get_type_hints(protocol)
    members = set(hints)
    for cls in protocol.__mro__:
        if getattr(cls, "_is_protocol", False) and cls is not Protocol:
            members |= {name for name, value in vars(cls).items() if inspect.isfunction(value)}
    for name in sorted(members):
        if name.startswith("_"):
            continue
        if not hasattr(obj, name):
            problems.append(f"{name}: missing ({where})")
        elif name not in hints and not callable(getattr(obj, name)):
            problems.append(f"{name}: expected a method ({where})")
    return problems


def _is_site(site: object) -> bool:
    """Whether ``site`` is ``(obj, name)`` with ``obj.name`` present."""
    return (
        isinstance(site, tuple)
        and len(site) == 2
        and isinstance(site[1], str)
        and hasattr(site[0], site[1])
    )
