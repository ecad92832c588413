"""Entry point: ``python -m reference_crs`` runs the reference client against the demo agent."""

from rawp_port import ClientSettings, system_clock
from reference_crs.app import CrsApp
from reference_crs.demo_agent import DemoAgent


def main() -> None:
    """Run the client in this terminal until Ctrl+Q."""
    agent = DemoAgent()
    CrsApp(agent, agent, system_clock, ClientSettings()).run()


if __name__ == "__main__":
    main()
