"""The plugin of profile ``chat_screen``: its fixtures and its step modules.

Named by the profile's entry in :data:`steps.profiles.PROFILES` and registered by the
harness plugin (:mod:`steps.plugin`), as every profile's plugin is. This profile's steps
are plugins of the whole run (:data:`SCOPE` ``"run"``): a project's own feature folders,
outside ``features/``, word their scenarios in its steps (the harness's own tests do).
"""

from __future__ import annotations

from steps.profile_plugin import Scope, plugins

FIXTURES = "steps.chat_screen.fixtures"
"""The profile's adapter and driver fixtures and its smoke check."""
STEP_MODULES = (
    "steps.chat_screen.app_steps",
    "steps.chat_screen.message_steps",
    "steps.chat_screen.screen_steps",
    "steps.chat_screen.hostile_steps",
    "steps.chat_screen.rule_steps",
    "steps.chat_screen.view_steps",
    "steps.chat_screen.terminal_steps",
    "steps.chat_screen.exploration_steps",
)
"""One module per domain of step definitions."""
SCOPE: Scope = "run"
"""Where the steps are visible: ``"run"`` (every feature) or ``"folder"`` (its own)."""

pytest_plugins = plugins(FIXTURES, STEP_MODULES, SCOPE)
