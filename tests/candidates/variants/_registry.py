"""The registry of correct variants: the mirror of the mutant catalogues.

A mutant is a reference implementation with one defect, and the suite must fail it. A
*correct variant* is a reference implementation changed in how it is drawn or built, never
in what the seeds require, and the suite must pass it: every scenario of a MUST or SHOULD
clause it bears on passes, and no scenario errors. Each variant takes a reading the seeds
allow that no other client in the repository takes (a frame around every item, a highlight
drawn in reverse video, a prompt queued behind a running turn, ...), so a check that
assumes the reference's way of drawing gives a false verdict on it.

Each registered variant names the feature files its change can reach (``features``): the
meta-test (``tests/test_variants.py``) runs those features' MUST and SHOULD scenarios against
it in every ``make test``. A variant's docstring says what it does otherwise and, after `` -- ``,
the seed passage that allows it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from textual.app import App

PROFILES = ("chat_screen", "rawp_crs")
"""The profiles variants are registered for."""


@dataclass(frozen=True)
class Variant:
    """One registered correct variant.

    Attributes:
        name: Attribute name for ``--adapter tests.candidates.variants:<name>``.
        profile: The profile whose reference it varies.
        features: Stems of the profile's feature files its change can reach
            (``features/<profile>/<stem>.feature``); the meta-test runs their MUST and
            SHOULD scenarios.
        doc: Its docstring: what it does otherwise ``--`` the seed passage allowing it.
        adapter: Makes its adapter (what ``--adapter`` loads).
    """

    name: str
    profile: str
    features: tuple[str, ...]
    doc: str
    adapter: Callable[[], object]

    @property
    def change(self) -> str:
        """What the variant does otherwise (its docstring before `` -- ``)."""
        return self.doc.partition(" -- ")[0]

    @property
    def allowed_by(self) -> str:
        """The seed passage that allows it (its docstring after `` -- ``)."""
        return self.doc.partition(" -- ")[2]


VARIANTS: dict[str, Variant] = {}
"""Every correct variant by name, both profiles, in catalogue order."""

DOCSTRING = re.compile(r"[^\n]+ -- [^\n]+")
"""A variant's docstring (its lines joined): the change, `` -- ``, the passage allowing it."""


def snake(name: str) -> str:
    """``FramedAgentOutput`` -> ``framed_agent_output``."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def register(
    profile: str,
    features: tuple[str, ...],
    doc: str | None,
    name: str,
    adapter: Callable[[], object],
) -> None:
    """File a variant in :data:`VARIANTS`.

    Raises:
        ValueError: An unknown profile, no features, a name registered twice, or a
            docstring not in the form :data:`DOCSTRING`.
    """  # fmt: skip
    text = " ".join((doc or "").split())
    if profile not in PROFILES:
        raise ValueError(f"{name}: unknown profile {profile!r}")
    if not features:
        raise ValueError(f"{name}: name the feature files the change can reach")
    if DOCSTRING.fullmatch(text) is None:
        raise ValueError(f"{name}: docstring must read '<change> -- <seed passage>'")
    if name in VARIANTS:
        raise ValueError(f"{name}: registered twice")
    VARIANTS[name] = Variant(name, profile, features, text, adapter)


def app_factory(app: type[App[Any]]) -> Callable[..., App[Any]]:
    """A factory calling ``app`` with whatever the adapter hands it."""
    return lambda *args: app(*args)
