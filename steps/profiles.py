"""Conformance profiles: a spec, its features, its step modules, its adapter capability.

A profile is *added*, never retrofitted: a folder ``features/<name>/``, a step package
``steps/<name>/`` whose ``contract.py`` holds its adapter ``Protocol`` (``CAPABILITY``) and
its parts (``PARTS``), a clause catalogue ``docs/spec/<name>.yaml`` and one
:class:`Profile` entry below. The registry names a profile's modules by string and imports
its contract only when asked for it, so the core imports no profile. Scenarios of a profile the
adapter does not claim are reported as skipped with the reason "not claimed".

A large profile may be built and claimed in *parts* (:class:`Part`): each clause of its
catalogue names its part, an adapter lists the parts it claims in the attribute
:attr:`Profile.parts_attribute` (every part when absent), a scenario needs the parts of
every clause it cites, and a scenario needing a part not claimed is skipped as "not
claimed" too.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
"""The repository root (features/ and docs/ live here)."""


@dataclass(frozen=True)
class Part:
    """One part of a profile claimed in parts.

    Attributes:
        number: The part's number, as the catalogue's ``part`` keys name it (from 1).
        title: What it covers, for messages.
        capability: The ``Protocol`` of the adapter members its scenarios read.
    """

    number: int
    title: str
    capability: type

    def describe(self, profile: str) -> str:
        """``part 4 of profile rawp_crs (interaction requests, ...)``."""
        return f"part {self.number} of profile {profile} ({self.title})"


class ClaimError(ValueError):
    """An adapter's claim of parts names no part, or a part the profile does not have."""


@dataclass(frozen=True)
class Profile:
    """One conformance profile.

    Attributes:
        name: Identifier used in features/, steps/, docs/spec/ and ``Adapter.profiles``.
        title: Human title of the spec it checks.
        plugin: Dotted name of the profile's plugin (``steps/<name>/plugin.py``): its
            fixtures and step modules (:mod:`steps.profile_plugin`).
        reference_adapter: The adapter spec of the profile's reference implementation,
            checked when no adapter is set.
        required_parts: Parts every adapter claiming the profile must claim.
    """

    name: str
    title: str
    plugin: str
    reference_adapter: str
    required_parts: frozenset[int] = frozenset()

    @property
    def contract_module(self) -> str:
        """Dotted name of the profile's contract, ``steps.<name>.contract``."""
        return f"steps.{self.name}.contract"

    @property
    def capability(self) -> type:
        """The adapter ``Protocol`` an implementation of the profile fulfils (``CAPABILITY``)."""
        capability: type = _contract(self.contract_module).CAPABILITY
        return capability

    @property
    def parts(self) -> tuple[Part, ...]:
        """The profile's parts (its contract's ``PARTS``) when claimed in parts, else ``()``."""
        return _parts(self.contract_module)

    @property
    def parts_attribute(self) -> str:
        """The adapter attribute listing the claimed parts, e.g. ``rawp_crs_parts``."""
        return f"{self.name}_parts"

    def claimed_parts(self, adapter: object) -> tuple[Part, ...]:
        """The parts ``adapter`` claims: those its :attr:`parts_attribute` lists, else all.

        Raises:
            ClaimError: The attribute is not a collection of part numbers of this profile,
                or leaves out a required part.
        """
        claim = getattr(adapter, self.parts_attribute, None)
        if claim is None:
            return self.parts
        known = {part.number: part for part in self.parts}
        if isinstance(claim, (str, bytes)) or not isinstance(claim, Collection):
            raise ClaimError(f"{self.parts_attribute}: expected part numbers, e.g. (1,)")
        unknown = [number for number in claim if number not in known]
        if unknown:
            raise ClaimError(
                f"{self.parts_attribute}: unknown parts {unknown!r} of profile {self.name} "
                f"(its parts: {sorted(known)})"
            )
        missing = sorted(self.required_parts - set(claim))
        if missing:
            raise ClaimError(
                f"{self.parts_attribute}: every adapter of profile {self.name} claims part "
                f"{', '.join(map(str, missing))}"
            )
        return tuple(part for part in self.parts if part.number in claim)

    @property
    def explorer_module(self) -> str:
        """Dotted name of the profile's explorer module (its ``PRELUDE`` begins replay scripts)."""
        return f"steps.{self.name}.explorer"

    @property
    def features_dir(self) -> Path:
        """Folder of the profile's ``.feature`` files."""
        return ROOT / "features" / self.name

    @property
    def catalogue_path(self) -> Path:
        """Machine-readable clause catalogue of the profile (YAML)."""
        return ROOT / "docs" / "spec" / f"{self.name}.yaml"


@functools.cache
def _contract(module: str) -> ModuleType:
    """The contract module named ``module``, imported once."""
    return importlib.import_module(module)


@functools.cache
def _parts(module: str) -> tuple[Part, ...]:
    """The parts the contract ``module`` lists in ``PARTS`` (number -> (title, Protocol))."""
    table: Mapping[int, tuple[str, type]] = getattr(_contract(module), "PARTS", {})
    return tuple(Part(number, title, capability) for number, (title, capability) in table.items())


PROFILES: tuple[Profile, ...] = (
    Profile(
        name="chat_screen",
        title="Chat screen interface contract and runtime flow (seeds 000, 001)",
        plugin="steps.chat_screen.plugin",
        reference_adapter="reference_app.conformance:adapter",
    ),
    Profile(
        name="rawp_crs",
        title="RAWP-CRS agent chat client rendering and UX (seeds 002, 004)",
        plugin="steps.rawp_crs.plugin",
        reference_adapter="reference_crs.conformance:adapter",
        required_parts=frozenset({1}),
    ),
)
"""Every profile the harness knows, in report order."""


def profile_named(name: str) -> Profile:
    """Return the profile called ``name``.

    Raises:
        StopIteration: No profile has that name.
    """
    return next(profile for profile in PROFILES if profile.name == name)


def profile_of(path: Path) -> Profile | None:
    """Return the profile whose features folder holds ``path``, or ``None``.

    Args:
        path: A ``.feature`` file or a test module collected by pytest.
    """
    for profile in PROFILES:
        if path.resolve().is_relative_to(profile.features_dir):
            return profile
    return None
