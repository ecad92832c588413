"""The plugin of profile ``rawp_crs``: its fixtures and its step modules.

Named by the profile's entry in :data:`steps.profiles.PROFILES` and registered by the
harness plugin (:mod:`steps.plugin`), as every profile's plugin is. Both profiles speak of
"the input" and "Enter", so some step texts are the same in both: this profile's steps are
visible to its own features only (:data:`SCOPE` ``"folder"``):
``features/rawp_crs/conftest.py`` takes them from :func:`step_definitions`, and pytest's
conftest scoping makes them win over profile ``chat_screen``'s there.
"""

from __future__ import annotations

from steps.profile_plugin import Scope, plugins

FIXTURES = "steps.rawp_crs.fixtures"
"""The profile's adapter and driver fixtures."""
STEP_MODULES = (
    "steps.rawp_crs.exploration_steps",
    "steps.rawp_crs.shared_steps",
    "steps.rawp_crs.popup_shared_steps",
    "steps.rawp_crs.file_browser_shared_steps",
    "steps.rawp_crs.actor_layout_steps",
    "steps.rawp_crs.cancelling_steps",
    "steps.rawp_crs.command_bubble_steps",
    "steps.rawp_crs.file_browser_breadcrumb_steps",
    "steps.rawp_crs.file_browser_states_steps",
    "steps.rawp_crs.file_browser_tree_steps",
    "steps.rawp_crs.file_popup_keys_steps",
    "steps.rawp_crs.file_popup_steps",
    "steps.rawp_crs.file_tokens_steps",
    "steps.rawp_crs.forward_compatibility_steps",
    "steps.rawp_crs.history_keys_and_focus_steps",
    "steps.rawp_crs.history_tokens_steps",
    "steps.rawp_crs.hover_feedback_steps",
    "steps.rawp_crs.interaction_keys_steps",
    "steps.rawp_crs.lazy_loading_steps",
    "steps.rawp_crs.long_conversation_steps",
    "steps.rawp_crs.popup_exclusion_steps",
    "steps.rawp_crs.reopening_steps",
    "steps.rawp_crs.sending_file_references_steps",
    "steps.rawp_crs.sending_steps",
    "steps.rawp_crs.slash_popup_keys_steps",
    "steps.rawp_crs.slash_popup_steps",
    "steps.rawp_crs.terminal_input_steps",
    "steps.rawp_crs.timestamps_steps",
    "steps.rawp_crs.user_markdown_steps",
    "steps.rawp_crs.workspace_selection_steps",
    "steps.rawp_crs.oracles.slash_filter_steps",
    "steps.rawp_crs.oracles.token_encoding_steps",
    "steps.rawp_crs.oracles.user_markdown_steps",
    "steps.rawp_crs.oracles.timestamps_steps",
    "steps.rawp_crs.states.default_answer_steps",
    "steps.rawp_crs.states.queued_turn_steps",
    "steps.rawp_crs.states.after_acting_steps",
)
"""The step modules: the steps several feature files use (``shared_steps``, and the popups' and
the file browser's ``*_shared_steps``), then one module per feature file of
``features/rawp_crs/`` that has steps of its own (``<name>.feature`` -> ``<name>_steps.py``;
``file_browser_keys.feature`` uses only shared steps)."""
SCOPE: Scope = "folder"
"""Where the steps are visible: ``"run"`` (every feature) or ``"folder"`` (its own)."""

pytest_plugins = plugins(FIXTURES, STEP_MODULES, SCOPE)
