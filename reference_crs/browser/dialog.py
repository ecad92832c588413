"""The file browser dialog (004 §7): being built on branch ``browser``."""

from __future__ import annotations

from textual.screen import ModalScreen

from rawp_port import ControlPlane


class FileBrowserScreen(ModalScreen[str | None]):
    """The working-directory dialog; dismissed with the chosen path or ``None``."""

    def __init__(self, control: ControlPlane, node_id: str, agent_id: str) -> None:
        """Create the dialog for node ``node_id`` and agent ``agent_id``."""
        super().__init__()
        self.control = control
        self.node_id = node_id
        self.agent_id = agent_id
