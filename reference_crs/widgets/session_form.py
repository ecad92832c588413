"""The session form: node and agent chosen, then the working directory (004 §7.1, §7.6).

A reopened conversation shows the same line, without the button: :class:`SessionHeader`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from rawp_port import ControlPlane
from reference_crs.browser.dialog import FileBrowserScreen
from reference_crs.browser.names import one_line_name


class SessionForm(Horizontal):
    """The session-creation step: a `작업 디렉토리 선택` button and the chosen directory.

    The button opens the file browser (``crs-fb-dialog-on-entry``); a confirmed directory is
    kept in :attr:`workspace_path` and shown beside it (``crs-fb-confirm-sets-workspace``).
    """

    DEFAULT_CSS = """
    SessionForm { dock: top; height: auto; padding: 0 1; background: $boost; }
    SessionForm > Static { width: auto; margin-right: 2; }
    SessionForm.-narrow { layout: grid; grid-size: 2; grid-columns: auto 1fr; grid-rows: 1; }
    SessionForm.-narrow > .session-what { column-span: 2; }
    SessionForm.-narrow > .session-path {
        width: 1fr; margin-right: 0; text-wrap: nowrap; text-overflow: ellipsis;
    }
    """

    NARROW = 80
    """Below this width (cells) the node and agent get a row of their own, above the button
    and the chosen directory, so the button is never cut off."""

    BUTTON_ID = "workspace-button"
    """Widget id of the `작업 디렉토리 선택` button."""

    BROWSER: ClassVar[type[FileBrowserScreen]] = FileBrowserScreen
    """The file browser dialog class the button opens (a seam: a subclass swaps the dialog)."""

    @dataclass
    class Closed(Message):
        """The file browser closed (a directory chosen, or ``None``: left with Escape).

        The app gives the keyboard focus back to the input then, so Enter sends the draft
        (002 §2.5.1, §2.5.5), rather than leaving it on the button.
        """

        path: str | None

    def __init__(
        self,
        control: ControlPlane,
        node_id: str,
        agent_id: str,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
        disabled: bool = False,
    ) -> None:
        """Create the form.

        Args:
            control: The control plane the file browser browses through.
            node_id: The chosen node.
            agent_id: The chosen agent.
            name: The widget's name.
            id: The widget's id.
            classes: Space-separated CSS classes.
            disabled: Whether it starts disabled.
        """
        super().__init__(name=name, id=id, classes=classes, disabled=disabled)
        self.control = control
        """The control plane."""
        self.node_id = node_id
        """The chosen node."""
        self.agent_id = agent_id
        """The chosen agent."""
        self.workspace_path: str | None = None
        """The confirmed working directory; ``None`` until one is confirmed."""

    def compose(self) -> ComposeResult:
        """The node and agent, the button, and the chosen directory."""
        yield Static(f"노드 {self.node_id} · 에이전트 {self.agent_id}", classes="session-what")
        yield Button("작업 디렉토리 선택", id=self.BUTTON_ID, compact=True)
        yield Static("작업 디렉토리: (선택 안 됨)", classes="session-path", markup=False)

    def on_resize(self) -> None:
        """In a narrow terminal the node and agent take the first row, the rest the second."""
        self.set_class(self.size.width < self.NARROW, "-narrow")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Open the file browser (``crs-fb-dialog-on-entry``)."""
        if event.button.id == self.BUTTON_ID:
            event.stop()
            self.open_browser()

    def open_browser(self) -> None:
        """Push the file browser; its confirmed path becomes :attr:`workspace_path`."""
        self.app.push_screen(self.browser_screen(), self.close_with)

    def browser_screen(self) -> ModalScreen[str | None]:
        """Return the file browser (:attr:`BROWSER`) for this form's node and agent (004 §7)."""
        return self.BROWSER(self.control, self.node_id, self.agent_id)

    def close_with(self, path: str | None) -> None:
        """The browser closed with ``path`` (``None``: cancelled): report it, show it (a seam).

        (``crs-fb-confirm-sets-workspace``.)
        """
        self.post_message(self.Closed(path))
        if path is None:
            return
        self.workspace_path = path
        self.query_one(".session-path", Static).update(f"작업 디렉토리: {one_line_name(path)}")


class SessionHeader(Static):
    """The session a reopened conversation belongs to: node, agent and working directory.

    Drawn where the session form is drawn for a new conversation, so the user sees which
    directory `@` searches and the agent's tools look in, whichever way the conversation
    was opened. A value the client was not told is shown as unknown.
    """

    DEFAULT_CSS = """
    SessionHeader { dock: top; height: auto; padding: 0 1; background: $boost; }
    """

    UNKNOWN = "(알 수 없음)"
    """Shown for a value the session did not record."""

    def __init__(
        self,
        node_id: str | None,
        agent_id: str | None,
        workspace_path: str | None,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
        disabled: bool = False,
    ) -> None:
        """Show the session's node, agent and working directory.

        Args:
            node_id: The session's node; ``None``: not known.
            agent_id: The session's agent; ``None``: not known.
            workspace_path: Its working directory; ``None``: not known.
            name: The widget's name.
            id: The widget's id.
            classes: Space-separated CSS classes.
            disabled: Whether it starts disabled.
        """
        unknown = self.UNKNOWN
        text = (
            f"노드 {node_id or unknown} · 에이전트 {agent_id or unknown} · "
            f"작업 디렉토리: {one_line_name(workspace_path) if workspace_path else unknown}"
        )
        super().__init__(text, markup=False, name=name, id=id, classes=classes, disabled=disabled)
        self.node_id = node_id
        """The session's node."""
        self.agent_id = agent_id
        """The session's agent."""
        self.workspace_path = workspace_path
        """The session's working directory."""
