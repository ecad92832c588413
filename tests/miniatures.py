"""Fake and broken implementations used to test the harness, each with its adapter.

Each app is a small change to the reference app or to ``examples.alt_chat``; each
adapter names one of them. Handlers that replace a base handler call
``event.prevent_default()`` so that Textual does not run the base one as well.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from textual.app import App
from textual.widgets import Input, Static

from reference_app.app import ChatApp
from reference_app.conformance import ReferenceAdapter
from steps.adapter import ScenarioContext


class QuitsOnSubmitApp(ChatApp):
    """Exits as soon as anything is submitted (a step that submits must not stop the app)."""

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        """Exit instead of answering."""
        event.prevent_default()
        self.exit()


class CrashesOnSubmitApp(ChatApp):
    """Raises from its submit handler (a crash must be reported, not ignored)."""

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        """Raise instead of answering."""
        event.prevent_default()
        raise RuntimeError("miniature crash on submit")


class RewritesEarlierReplyApp(ChatApp):
    """Answers correctly, then rewrites the text of the previous reply's item."""

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        """Run the reference flow, then overwrite the reply before the newest one."""
        event.prevent_default()
        await super().on_input_submitted(event)
        replies = list(self.query(".agent-role").results(Static))
        if len(replies) > 1:
            replies[-2].update("에이전트: 고쳐 쓴 응답")


class ShedsEarlierRoleClassesApp(ChatApp):
    """Answers correctly, then takes the role classes off every earlier item."""

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        """Run the reference flow, then strip role classes from all but the newest pair."""
        event.prevent_default()
        await super().on_input_submitted(event)
        for item in list(self.query(".chat-message").results(Static))[:-2]:
            item.remove_class("user-role", "agent-role", "user-message", "response-message")


class MiniatureAdapter(ReferenceAdapter):
    """The reference adapter, with its own name and its own app class."""

    def __init__(self, name: str, app_class: type[ChatApp] = ChatApp) -> None:
        self.name = name
        self.app_class = app_class

    def create_app(self, context: object = None) -> App[Any]:
        """Return a fresh instance of :attr:`app_class`."""
        return self.app_class()


class LacksMessages:
    """Claims profile ``chat_screen`` but has none of its members (a contract error)."""

    name = "lacks-messages"
    implementation_version = "0"
    protocol_version = 1
    profiles = ("chat_screen",)

    def create_app(self, context: object = None) -> App[Any]:
        """Return a reference app."""
        return ChatApp()


class ClaimsUnknownProfile(MiniatureAdapter):
    """The reference adapter claiming a profile the harness does not know."""

    profiles = ("chat_screen", "no_such_profile")


from_option = MiniatureAdapter("from-option")
"""Valid; names itself so that the report header shows which setting won."""
from_env = MiniatureAdapter("from-env")
"""Valid; the adapter the environment variable names in precedence tests."""
from_ini = MiniatureAdapter("from-ini")
"""Valid; the adapter the ini key names in precedence tests."""
quits_on_submit = MiniatureAdapter("quits-on-submit", QuitsOnSubmitApp)
"""Its app exits on a submission."""
crashes_on_submit = MiniatureAdapter("crashes-on-submit", CrashesOnSubmitApp)
"""Its app raises on a submission."""
rewrites_earlier_reply = MiniatureAdapter("rewrites-earlier-reply", RewritesEarlierReplyApp)
"""Breaks clause ``messages-immutable`` by the text of an earlier item."""
sheds_earlier_role_classes = MiniatureAdapter(
    "sheds-earlier-role-classes", ShedsEarlierRoleClassesApp
)
"""Breaks clause ``messages-immutable`` by the role classes of earlier items."""
lacks_messages = LacksMessages()
"""Does not fit the adapter contract."""
claims_unknown_profile = ClaimsUnknownProfile("claims-unknown-profile")
"""Claims an unknown profile."""


class RecordsLifecycle(ReferenceAdapter):
    """Protocol version 2: logs each ``create_app`` context and ``end_scenario`` call.

    The log (one JSON object a line) goes to the file ``$LIFECYCLE_LOG`` names.
    """

    name = "records-lifecycle"
    protocol_version = 2

    def _log(self, **entry: object) -> None:
        with Path(os.environ["LIFECYCLE_LOG"]).open("a", encoding="utf-8") as log:
            log.write(json.dumps(entry) + "\n")

    def create_app(self, context: object = None) -> App[Any]:
        """Log the context: its scenario, its directory and what the directory holds."""
        assert isinstance(context, ScenarioContext)
        found = sorted(path.name for path in context.data_dir.iterdir())
        self._log(
            call="create_app", scenario=context.scenario, dir=str(context.data_dir), found=found
        )
        (context.data_dir / f"started-{len(found)}").touch()
        return ChatApp()

    def end_scenario(self, context: ScenarioContext) -> None:
        """Log the end of the scenario."""
        self._log(call="end_scenario", scenario=context.scenario, dir=str(context.data_dir))


class EndScenarioRaises(ReferenceAdapter):
    """Protocol version 2, whose ``end_scenario`` raises."""

    name = "end-scenario-raises"
    protocol_version = 2

    def end_scenario(self, context: ScenarioContext) -> None:
        """Raise, as a teardown with a bug would."""
        raise RuntimeError("teardown failed on purpose")


records_lifecycle = RecordsLifecycle()
"""Logs the per-scenario lifecycle the harness gives a version-2 adapter."""
end_scenario_raises = EndScenarioRaises()
"""Its teardown raises: the scenario's verdict is ERROR."""
