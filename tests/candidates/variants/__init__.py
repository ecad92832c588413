"""Correct variants: the reference implementations drawn or built otherwise, as the seeds allow.

The mirror of the mutant catalogues (``tests/candidates/mutants``,
``tests/candidates/crs_mutants``): each variant is a reference implementation changed in a
way the seeds allow, and ``tests/test_variants.py`` proves in every run that the suite passes
it (no failure of a MUST or SHOULD scenario, no error). A false verdict found later becomes a
variant first. Plug one in like any candidate::

    pytest features/rawp_crs --adapter tests.candidates.variants:framed_agent_output

:data:`VARIANTS` lists them all, with the features each one's change can reach.
"""

from __future__ import annotations

from tests.candidates.variants import chat_screen, rawp_crs
from tests.candidates.variants._registry import VARIANTS, Variant

AREAS = (chat_screen, rawp_crs)
"""The modules registering variants when imported."""

__all__ = ["AREAS", "VARIANTS", "Variant"]


def __getattr__(name: str) -> object:
    """``variants.<name>``: the adapter of variant ``name`` (what ``--adapter`` loads)."""
    if name in VARIANTS:
        return VARIANTS[name].adapter()
    raise AttributeError(f"module {__name__!r} has no variant {name!r} (see VARIANTS)")
