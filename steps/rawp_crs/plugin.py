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
    "steps.explore.rawp_crs",
    "steps.rawp_crs.browser_steps",
    "steps.rawp_crs.command_steps",
    "steps.rawp_crs.conversation_steps",
    "steps.rawp_crs.file_popup_steps",
    "steps.rawp_crs.focus_steps",
    "steps.rawp_crs.history_steps",
    "steps.rawp_crs.history_token_steps",
    "steps.rawp_crs.hover_steps",
    "steps.rawp_crs.interaction_steps",
    "steps.rawp_crs.layout_steps",
    "steps.rawp_crs.long_conversation_steps",
    "steps.rawp_crs.markdown_steps",
    "steps.rawp_crs.popup_steps",
    "steps.rawp_crs.terminal_steps",
    "steps.rawp_crs.timestamp_steps",
    "steps.rawp_crs.token_steps",
    "steps.rawp_crs.turn_steps",
)
"""One module per domain of step definitions, in the order their names are taken."""
SCOPE: Scope = "folder"
"""Where the steps are visible: ``"run"`` (every feature) or ``"folder"`` (its own)."""

pytest_plugins = plugins(FIXTURES, STEP_MODULES, SCOPE)
