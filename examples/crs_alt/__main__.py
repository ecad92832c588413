"""``python -m examples.crs_alt``: the alternative client against the reference demo agent.

The demo agent checks the class of the frames it gets, so a small bridge hands it the
port's own frame classes, rebuilt from this client's copies by type name and fields.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import rawp_port
from examples.crs_alt.app import AltCrsApp
from reference_crs.demo_agent import DemoAgent

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


def main() -> None:
    """Run the client in this terminal until Ctrl+Q."""
    agent = DemoAgent()
    AltCrsApp(Bridge(agent), agent, rawp_port.system_clock, rawp_port.ClientSettings()).run()


if __name__ == "__main__":
    main()
