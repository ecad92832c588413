"""Entry point: ``python -m reference_crs`` runs the reference client against the demo agent.

``python -m reference_crs --windows`` creates the session on the simulated Windows node.
"""

import sys

from rawp_port import ClientSettings, system_clock
from reference_crs.app import CrsApp
from reference_crs.demo_agent import WINDOWS_AGENT, DemoAgent
from reference_crs.demo_files import WINDOWS_NODE


class DemoCrsApp(CrsApp):
    """The reference client, starting at session creation (node and agent chosen)."""

    node_id = "local"
    """The node the session is created on."""
    agent_id = "demo"
    """The agent of the session."""

    def on_mount(self) -> None:
        """Show the session form: `작업 디렉토리 선택` opens the file browser (004 §7)."""
        self.start_session_creation(self.node_id, self.agent_id)


def main() -> None:
    """Run the client in this terminal until Ctrl+Q."""
    agent = DemoAgent()
    app = DemoCrsApp(agent, agent, system_clock, ClientSettings())
    if "--windows" in sys.argv[1:]:
        app.node_id, app.agent_id = WINDOWS_NODE, WINDOWS_AGENT
    app.run()


if __name__ == "__main__":
    main()
