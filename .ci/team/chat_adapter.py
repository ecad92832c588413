"""A team's adapter of profile ``chat_screen``, written against the installed harness.

``make wheel-check`` (``.ci/wheel_check.py``) copies it into a folder that also holds the
team's own ``steps`` package and runs ``chat-conformance --adapter chat_adapter.py:adapter``
there. The app under test is the reference app the wheel installs; the adapter imports
the team's ``steps`` beside the harness (``textual_chat_conformance.steps``): both load in
one run.
"""

from textual_chat_conformance.reference_app.conformance import ReferenceAdapter

import steps as team_steps


class TeamChatAdapter(ReferenceAdapter):
    """The reference app's adapter, under the team's name."""

    name = f"{team_steps.TEAM}_chat"


adapter = TeamChatAdapter()
