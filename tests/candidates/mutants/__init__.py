"""Mutants: single-defect variants of the reference app, each a realistic mistake.

Every mutant subclasses :class:`reference_app.ChatApp` and changes one step of it (a
method of the submission flow, a CSS rule, a binding, the session). Its one-line
docstring names the clause of ``docs/spec/chat_screen.yaml`` it breaks, then says how;
``@mutant`` files it in :data:`MUTANTS` under that clause. Plug one in like any
candidate::

    pytest features --adapter tests.candidates.mutants:label_missing
    pytest features --adapter tests/candidates/mutants/__init__.py:label_missing

The attribute name is the class name in snake case; ``MUTANTS`` lists them all.
``tests/test_mutants.py`` runs the suite against each one, checks that a scenario citing
its clause fails, and writes ``docs/mutants.md``.
"""

from __future__ import annotations

from tests.candidates.mutants import (
    compatibility_and_quitting,
    hardening,
    message_model,
    rendering,
    scope,
    submission_flow,
)
from tests.candidates.mutants._registry import (
    DOCSTRING,
    MUTANTS,
    AppT,
    Mutant,
    MutantAdapter,
    mutant,
    register,
)
from tests.candidates.mutants._shared import (
    label_and_body_split_turn,
    marker_without_border,
    marker_without_border_body,
)

AREAS = (
    compatibility_and_quitting,
    hardening,
    message_model,
    rendering,
    scope,
    submission_flow,
)
"""The area modules, each registering its mutants when imported."""

__all__ = [
    "AREAS",
    "DOCSTRING",
    "MUTANTS",
    "AppT",
    "Mutant",
    "MutantAdapter",
    "label_and_body_split_turn",
    "marker_without_border",
    "marker_without_border_body",
    "mutant",
    "register",
]
"""The registry, and the composite example's twins (adapters, not mutants of the reference:
``--adapter tests.candidates.mutants:marker_without_border``)."""


def __getattr__(name: str) -> MutantAdapter:
    """``mutants.<name>``: the adapter of mutant ``name`` (what ``--adapter`` loads)."""
    if name in MUTANTS:
        return MutantAdapter(MUTANTS[name])
    raise AttributeError(f"module {__name__!r} has no mutant {name!r} (see MUTANTS)")
