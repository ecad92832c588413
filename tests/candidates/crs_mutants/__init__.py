"""Mutants of the reference RAWP-CRS client: each breaks one clause of profile ``rawp_crs``.

Like ``tests/candidates/mutants/`` for profile ``chat_screen``: each mutant is the
reference client (:class:`reference_crs.app.CrsApp`) with one realistic defect, and its
one-line docstring reads ``<clause id>: <defect>``. ``tests/test_mutants.py`` runs the
scenarios citing that clause against it and requires one of them to fail, in every run.

Run one with ``pytest features --adapter tests.candidates.crs_mutants:<name>``.
"""

from __future__ import annotations

from typing import Any

from tests.candidates.crs_mutants import (
    actor_layout,
    cancelling,
    command_bubble,
    file_browser_breadcrumb,
    file_browser_keys,
    file_browser_states,
    file_browser_tree,
    file_popup,
    file_tokens,
    forward_compatibility,
    history_keys_and_focus,
    hover_feedback,
    interaction_keys,
    lazy_loading,
    popup_exclusion,
    sending,
    sending_file_references,
    slash_popup,
    timestamps,
    user_markdown,
    workspace_selection,
)
from tests.candidates.crs_mutants._registry import MUTANTS, CrsMutantAdapter, mutant

AREAS = (
    actor_layout,
    cancelling,
    command_bubble,
    file_browser_breadcrumb,
    file_browser_keys,
    file_browser_states,
    file_browser_tree,
    file_popup,
    file_tokens,
    forward_compatibility,
    history_keys_and_focus,
    hover_feedback,
    interaction_keys,
    lazy_loading,
    popup_exclusion,
    sending,
    sending_file_references,
    slash_popup,
    timestamps,
    user_markdown,
    workspace_selection,
)
"""The area modules, each registering its mutants when imported."""

__all__ = ["AREAS", "MUTANTS", "CrsMutantAdapter", "mutant"]


def __getattr__(name: str) -> Any:
    """``crs_mutants.<name>``: the adapter of mutant ``name`` (what ``--adapter`` loads).

    A mutant of another client than the reference names its adapter class in
    ``mutant_adapter`` (a class taking the :class:`Mutant`).
    """
    if name in MUTANTS:
        return getattr(MUTANTS[name].app, "mutant_adapter", CrsMutantAdapter)(MUTANTS[name])
    raise AttributeError(f"module {__name__!r} has no mutant {name!r} (see MUTANTS)")
