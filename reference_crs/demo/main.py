"""``python -m reference_crs``: runs the reference client against the demo agent.

A new conversation starts at session creation: ``작업 디렉토리 선택`` opens the
working-directory browser (004 §7); ``--windows`` creates it on the simulated Windows node.
The demo agent keeps the conversations in a SQLite store (``--store PATH``, else the user's
data directory); the client reopens the most recently used one unless ``--conversation ID``,
``--new`` or ``--windows`` says otherwise, showing its last ``--initial-turns`` turns (10)
first (``reference_crs/demo/cli.py``). Terminal input is read with the paste-safe parser of
``reference_app.paste``: a paste holding escape sequences or control bytes is one paste,
never keys. A conversation quit before any turn was stored is not kept (there would be
nothing to reopen). A store that cannot be used stops the program with a message and exit
status 2, before the screen is taken over; the file is left as it was. ``--list`` and
``--conversation`` only read: a store file that does not exist is an error, never created.

The directory chosen at session creation becomes the demo agent's working directory
(:meth:`DemoAgent.use_workspace`: `@` searches and its tools look there) and is kept with
the conversation; a reopened conversation shows its node, agent and working directory above
it and searches the same directory again.
"""

import sys
from collections.abc import Sequence
from datetime import datetime

from rawp_port import AgentPort, ClientSettings, Clock, ControlPlane, system_clock
from reference_app import paste
from reference_crs.app import CrsApp
from reference_crs.demo import heap
from reference_crs.demo.agent import WINDOWS_AGENT, DemoAgent
from reference_crs.demo.cli import UsageError, parse, parser
from reference_crs.demo.files import WINDOWS_NODE
from reference_crs.demo.store import Session, Store, StoreError, default_path
from reference_crs.widgets.session_form import SessionForm

LOCAL_NODE = "local"
"""The node of a session created on this machine."""
LOCAL_AGENT = "demo"
"""The demo agent's id on the local node."""


class DemoCrsApp(CrsApp):
    """The reference client, starting at session creation (node and agent chosen)."""

    def turn_finished(self) -> None:
        """A turn ended: the garbage among frozen objects is reclaimed (``demo.heap``)."""
        heap.collect_fully()

    node_id = LOCAL_NODE
    """The node the session is created on."""
    agent_id = LOCAL_AGENT
    """The agent of the session."""

    def on_mount(self) -> None:
        """Show the session form: `작업 디렉토리 선택` opens the file browser (004 §7)."""
        self.start_session_creation(self.node_id, self.agent_id)
        if isinstance(self.port, DemoAgent):
            self.port.start_session(self.node_id, self.agent_id)

    def on_session_form_closed(self, message: SessionForm.Closed) -> None:
        """A chosen directory becomes the demo agent's working directory (004 §7.6)."""
        if message.path is not None and isinstance(self.port, DemoAgent):
            self.port.use_workspace(message.path)


class ReopenedCrsApp(CrsApp):
    """The reference client on a stored conversation: its session shown above it."""

    def turn_finished(self) -> None:
        """A turn ended: the garbage among frozen objects is reclaimed (``demo.heap``)."""
        heap.collect_fully()

    def __init__(
        self,
        port: AgentPort,
        control: ControlPlane,
        clock: Clock,
        settings: ClientSettings,
        *,
        session: Session,
    ) -> None:
        """As :class:`CrsApp`; ``session`` is the conversation's node, agent and directory."""
        super().__init__(port, control, clock, settings)
        self.stored_session = session
        """The session the conversation was created in."""

    def on_mount(self) -> None:
        """Show the session above the conversation."""
        session = self.stored_session
        self.show_session(session.node_id, session.agent_id, session.workspace_path)


def list_conversations(store: Store) -> None:
    """Print the stored conversations, the latest used first: id, local time, turns, directory."""
    rows = store.conversations()
    if not rows:
        print(f"no conversation is stored in {store.path}")
    for conversation_id, updated, turns in rows:
        when = datetime.fromisoformat(updated).astimezone().strftime("%Y-%m-%d %H:%M")
        count = f"{turns} turn" + ("" if turns == 1 else "s")
        directory = store.session(conversation_id).workspace_path or ""
        print(f"{conversation_id}  {when}  {count:>9}  {directory}".rstrip())


def main(argv: Sequence[str] | None = None) -> int:
    """Run the client in this terminal until Ctrl+Q; return the exit status."""
    try:
        args = parse(argv)
    except UsageError as error:
        parser().print_usage(sys.stderr)
        print(f"python -m reference_crs: error: {error}", file=sys.stderr)
        return 2
    new = args.new or args.windows
    reading = args.list or args.conversation is not None
    try:
        store = Store(args.store or default_path(), create=not reading)
        if args.list:
            list_conversations(store)
            store.close()
            return 0
        if args.conversation is not None:
            if not store.exists(args.conversation):
                print(
                    f"no stored conversation {args.conversation!r} in {store.path}", file=sys.stderr
                )
                return 2
            conversation_id = args.conversation
            new = store.count(conversation_id) == 0  # nothing to reopen: start the session
        else:
            latest = None if new else store.latest()
            new = latest is None
            conversation_id = latest or store.create(system_clock())
    except StoreError as error:
        print(f"python -m reference_crs: {error}", file=sys.stderr)
        return 2
    agent = DemoAgent(store=store, conversation_id=conversation_id)
    settings = ClientSettings(initial_turns=args.initial_turns, conversation_id=conversation_id)
    app: CrsApp
    if new:
        app = DemoCrsApp(agent, agent, system_clock, settings)
        if args.windows:
            app.node_id, app.agent_id = WINDOWS_NODE, WINDOWS_AGENT
    else:
        session = store.session(conversation_id)
        agent.session = Session(session.node_id, session.agent_id)
        if session.workspace_path is not None:
            agent.use_workspace(session.workspace_path)
        shown = Session(session.node_id, session.agent_id, agent.workspace)  # in use now
        app = ReopenedCrsApp(agent, agent, system_clock, settings, session=shown)
    paste.install()  # a paste holding ESC stays one paste, whole and in order
    heap.install(lambda: not app.pacing.drawing)  # full garbage collections off the typing path
    try:
        app.run()
        kept = not store.discard_if_empty(conversation_id)
    except StoreError as error:
        print(f"python -m reference_crs: {error}", file=sys.stderr)
        kept = True
    finally:
        heap.uninstall()
        store.close()
    if kept:
        print(f"conversation {conversation_id} is kept in {store.path}")
    else:
        print(f"no turn was stored: conversation {conversation_id} is not kept")
    return 0


if __name__ == "__main__":
    sys.exit(main())
