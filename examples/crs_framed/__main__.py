"""Run the framed RAWP-CRS client against its small demo agent.

``python -m examples.crs_framed``: Enter sends, Shift+Enter or Ctrl+J breaks the line, F2
shows or hides the times, Escape stops a running answer, Ctrl+Q quits.
"""

from examples.crs_framed.app import FramedClient
from examples.crs_framed.demo import DemoAgent
from examples.framed_chat.terminal import install
from rawp_port import ClientSettings, system_clock

if __name__ == "__main__":
    install()
    agent = DemoAgent()
    FramedClient(agent, agent, system_clock, ClientSettings()).run()
