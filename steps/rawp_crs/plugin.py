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
"""The profile's adapter, driver and state fixtures."""
STEP_MODULES = (
    "steps.rawp_crs.exploration_steps",
    "steps.rawp_crs.shared_steps",
    "steps.rawp_crs.popup_shared_steps",
    "steps.rawp_crs.part1.actor_layout_steps",
    "steps.rawp_crs.part1.cancelling_steps",
    "steps.rawp_crs.part1.forward_compatibility_steps",
    "steps.rawp_crs.part1.sending_steps",
    "steps.rawp_crs.part1.terminal_input_steps",
    "steps.rawp_crs.part1.timestamps_steps",
    "steps.rawp_crs.part1.user_markdown_steps",
    "steps.rawp_crs.part1.user_markdown_oracle_steps",
    "steps.rawp_crs.part1.timestamps_oracle_steps",
    "steps.rawp_crs.part1.queued_turn_steps",
    "steps.rawp_crs.part2.command_bubble_steps",
    "steps.rawp_crs.part2.reopening_steps",
    "steps.rawp_crs.part2.slash_popup_keys_steps",
    "steps.rawp_crs.part2.slash_popup_steps",
    "steps.rawp_crs.part2.slash_filter_oracle_steps",
    "steps.rawp_crs.part3.file_popup_keys_steps",
    "steps.rawp_crs.part3.file_popup_steps",
    "steps.rawp_crs.part3.file_tokens_steps",
    "steps.rawp_crs.part3.history_tokens_steps",
    "steps.rawp_crs.part3.popup_exclusion_steps",
    "steps.rawp_crs.part3.sending_file_references_steps",
    "steps.rawp_crs.part3.token_encoding_oracle_steps",
    "steps.rawp_crs.part4.history_keys_and_focus_steps",
    "steps.rawp_crs.part4.hover_feedback_steps",
    "steps.rawp_crs.part4.interaction_keys_steps",
    "steps.rawp_crs.part4.lazy_loading_steps",
    "steps.rawp_crs.part4.long_conversation_steps",
    "steps.rawp_crs.part4.default_answer_steps",
    "steps.rawp_crs.part4.states_after_acting_steps",
    "steps.rawp_crs.part5.file_browser_shared_steps",
    "steps.rawp_crs.part5.file_browser_breadcrumb_steps",
    "steps.rawp_crs.part5.file_browser_states_steps",
    "steps.rawp_crs.part5.file_browser_tree_steps",
    "steps.rawp_crs.part5.workspace_selection_steps",
)
"""The step modules: the exploration's; the steps feature files of several parts use
(``shared_steps``, and ``popup_shared_steps`` for the two popups of parts 2 and 3); then,
part by part (``part<n>/``), one module per feature file of ``features/rawp_crs/`` that has
steps of its own (``<name>.feature`` -> ``part<n>/<name>_steps.py``, ``n`` the part most
of its scenarios' clauses are of), and the file browser's ``file_browser_shared_steps``
(``file_browser_keys.feature`` uses only those), each part's oracles
(``<name>_oracle_steps``) and steps a feature of the part shares with no other module
(``part1/queued_turn_steps``, ``part4/default_answer_steps``). No two modules define the
same step text.
"""
SCOPE: Scope = "folder"
"""Where the steps are visible: ``"run"`` (every feature) or ``"folder"`` (its own)."""

pytest_plugins = plugins(FIXTURES, STEP_MODULES, SCOPE)
