"""``python -m examples.crs_alt``: the alternative client against the reference demo agent.

It starts at session creation (node and agent chosen): `작업 디렉토리 선택` opens its file
browser on the demo's local file system; ``--windows`` uses the simulated Windows node.
Escape on the session screen goes to the conversation.

The demo agent checks the class of the frames it gets, so a small bridge hands it the
port's own frame classes, rebuilt from this client's copies by type name and fields.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import rawp_port
from examples.crs_alt import terminal
from examples.crs_alt.app import AltCrsApp
from reference_crs.demo.agent import WINDOWS_AGENT, DemoAgent
from reference_crs.demo.files import WINDOWS_NODE

FRAMES = {cls.type: cls for cls in (rawp_port.PromptRequest, rawp_port.PromptCancel)}
"""The port's frame classes by RAWP type name."""


class Bridge:
    """The demo agent's port, taking frames of any class with the right ``type`` and fields."""

    def __init__(self, agent: DemoAgent) -> None:
        """Wrap ``agent``."""
        self.agent = agent

    def connect(self, on_event: Callable[[Any], None]) -> None:
        """Connect the client to the agent."""
        self.agent.connect(on_event)

    def send(self, frame: Any) -> None:
        """Send ``frame`` to the agent as the port's own class."""
        cls = FRAMES.get(rawp_port.type_name(frame) or "")
        self.agent.send(cls(**rawp_port.fields_of(frame)) if cls else frame)


class DemoAltApp(AltCrsApp):
    """The alternative client, starting at session creation."""

    node_id = "local"
    agent_id = "demo"

    def on_mount(self) -> None:
        """Show the session form (004 §7.1)."""
        self.start_session(self.node_id, self.agent_id)


def main() -> None:
    """Run the client in this terminal until Ctrl+Q."""
    agent = DemoAgent()
    app = DemoAltApp(Bridge(agent), agent, rawp_port.system_clock, rawp_port.ClientSettings())
    if "--windows" in sys.argv[1:]:
        app.node_id, app.agent_id = WINDOWS_NODE, WINDOWS_AGENT
    terminal.install()  # pastes whole, escape sequences included (examples/crs_alt/terminal.py)
    app.run()


if __name__ == "__main__":
    main()
