"""Conformance profiles: a spec, its features, its step modules, its adapter capability.

A profile is *added*, never retrofitted: a folder ``features/<name>/``, a step package
``steps/<name>/``, a capability ``Protocol`` in :mod:`steps.adapter`, a clause catalogue
``docs/spec/<name>.yaml`` and one :class:`Profile` entry below. Scenarios of a profile the
adapter does not claim are reported as skipped with the reason "not claimed".
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from steps.adapter import ChatScreenAdapter, RawpCrsAdapter

ROOT = Path(__file__).resolve().parent.parent
"""The repository root (features/ and docs/ live here)."""


@dataclass(frozen=True)
class Profile:
    """One conformance profile.

    Attributes:
        name: Identifier used in features/, steps/, docs/spec/ and ``Adapter.profiles``.
        title: Human title of the spec it checks.
        capability: The adapter ``Protocol`` an implementation of the profile fulfils.
        step_modules: Dotted names of the step modules, registered as pytest plugins.
        reference_adapter: The adapter spec of the profile's reference implementation,
            checked when no adapter is set.
    """

    name: str
    title: str
    capability: type
    step_modules: tuple[str, ...]
    reference_adapter: str

    @property
    def features_dir(self) -> Path:
        """Folder of the profile's ``.feature`` files."""
        return ROOT / "features" / self.name

    @property
    def catalogue_path(self) -> Path:
        """Machine-readable clause catalogue of the profile (YAML)."""
        return ROOT / "docs" / "spec" / f"{self.name}.yaml"


PROFILES: tuple[Profile, ...] = (
    Profile(
        name="chat_screen",
        title="Chat screen interface contract and runtime flow (seeds 000, 001)",
        capability=ChatScreenAdapter,
        step_modules=(
            "steps.chat_screen.app_steps",
            "steps.chat_screen.message_steps",
            "steps.chat_screen.screen_steps",
            "steps.chat_screen.hostile_steps",
            "steps.chat_screen.rule_steps",
            "steps.chat_screen.view_steps",
            "steps.chat_screen.terminal_steps",
            "steps.explore.chat_screen",
        ),
        reference_adapter="reference_app.conformance:adapter",
    ),
    Profile(
        name="rawp_crs",
        title="RAWP-CRS agent chat client rendering and UX (seeds 002, 004)",
        capability=RawpCrsAdapter,
        step_modules=("steps.rawp_crs.fixtures",),  # steps: features/rawp_crs/conftest.py
        reference_adapter="reference_crs.conformance:adapter",
    ),
)
"""Every profile the harness knows, in report order."""


def profile_of(path: Path) -> Profile | None:
    """Return the profile whose features folder holds ``path``, or ``None``.

    Args:
        path: A ``.feature`` file or a test module collected by pytest.
    """
    for profile in PROFILES:
        if path.resolve().is_relative_to(profile.features_dir):
            return profile
    return None
