"""A demo agent behind the RAWP-CRS port, for a person running the reference client.

It streams a reply to every prompt (thinking, one tool call with its result, then markdown
text), publishes a few slash commands when the client connects, answers file searches over
the files under the session's working directory, and honours cancels. It never touches the
network and is never used by the conformance suite (the harness plugs its own fake into the
port).

*The working directory.* The agent's allowed directory is its root (the current directory
by default): the file browser starts there. The directory the user chooses at session
creation (004 §7.6) is the session's working directory (:meth:`DemoAgent.use_workspace`):
`@` searches and the ``list_files`` tool look there from then on, and the store keeps it
with the conversation, so a reopened conversation searches the same files. RAWP creates a
session with its ``workspace_path`` over the control plane; the port has no such call (our
seeds do not define it), so the demo's app hands the path over itself
(``reference_crs.demo.main``).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import itertools
import threading
from collections import deque
from collections.abc import Callable, Coroutine, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

from rawp_port import (
    BrowseError,
    BrowseResult,
    Clock,
    Command,
    CommandsPublished,
    ControlFrame,
    Event,
    FileCandidates,
    FileSearch,
    HistoryPage,
    InteractionAnswer,
    InteractionRequested,
    Parameter,
    PromptCancel,
    PromptRequest,
    SystemNotice,
    TextDelta,
    Thinking,
    ToolCall,
    ToolResult,
    Turn,
    TurnEnded,
    TurnStarted,
    fields_of,
    system_clock,
    type_name,
)
from reference_crs.browser.names import one_line_name
from reference_crs.demo.file_search import MAX_FILES, FileIndex, Files
from reference_crs.demo.files import WINDOWS_NODE, LocalFiles, SimulatedWindows
from reference_crs.demo.store import Session, Store, StoreError
from reference_crs.sent_prompt import as_typed

WINDOWS_AGENT = "demo-windows"
"""The agent of the simulated Windows node."""

COMMANDS: tuple[Command, ...] = (
    Command("help", "Show what the demo agent can do", "general"),
    Command("about", "Show the agent's name and version", "general"),
    Command("feedback", "Send feedback about the demo", "general"),
    Command("bug", "Report a bug", "general"),
    Command("clear", "Clear the screen", "display"),
    Command(
        "theme", "Switch the colour theme", "display", (Parameter("name", "theme name", True),)
    ),
    Command("wrap", "Toggle soft wrapping", "display"),
    Command("zoom", "Change the text size", "display"),
    Command("timestamps", "Show or hide timestamps", "display"),
    Command(
        "compact", "Compact the context", "session", (Parameter("focus", "what to keep", False),)
    ),
    Command("reset", "Start a new conversation", "session"),
    Command(
        "resume",
        "Resume an earlier conversation",
        "session",
        (Parameter("id", "conversation id", True),),
    ),
    Command(
        "export", "Export the conversation", "session", (Parameter("path", "file path", True),)
    ),
    Command(
        "rename", "Rename the conversation", "session", (Parameter("title", "new title", True),)
    ),
    Command("history", "List earlier conversations", "session"),
    Command("undo", "Undo the last turn", "session"),
    Command("cost", "Show the tokens used", "session"),
    Command("config", "Show the settings", "config", (Parameter("key", "setting name", False),)),
    Command("model", "Choose the model", "config", (Parameter("name", "model name", True),)),
    Command("permissions", "Review tool permissions", "config"),
    Command("login", "Sign in", "config"),
    Command("logout", "Sign out", "config"),
    Command("memory", "Edit the agent's memory file", "config"),
    Command("init", "Create a project guide file", "files"),
    Command("add-dir", "Add a working directory", "files", (Parameter("path", "directory", True),)),
    Command("diff", "Show the working tree's changes", "files"),
    Command("review", "Review the current changes", "files"),
    Command(
        "commit",
        "Commit the staged changes",
        "files",
        (Parameter("message", "commit message", False),),
    ),
    Command("status", "Show the repository status", "files"),
    Command("search", "Search the files", "files", (Parameter("query", "text to find", True),)),
    Command("doctor", "Check the installation", "tools"),
    Command("mcp", "Manage tool servers", "tools"),
    Command("agents", "Manage sub-agents", "tools"),
)
"""The commands published at connect: enough to scroll the popup, in categories."""

CANCELLED = "응답이 중지되었습니다 (cancelled)"
"""The notice of a cancelled turn."""

RECORDED = frozenset(
    {TextDelta.type, Thinking.type, ToolCall.type, ToolResult.type, SystemNotice.type}
)
"""The events a stored turn keeps (the turn's own start and end are its times)."""


class DemoAgent:
    """A local agent that implements ``AgentPort`` and ``ControlPlane``.

    Prompts are answered one at a time, in the order sent; a prompt sent while a turn runs
    waits for it. Every published event reaches the client on the event loop that called
    :meth:`connect`.
    """

    def __init__(
        self,
        *,
        clock: Clock = system_clock,
        delay: float = 0.04,
        root: Path | None = None,
        max_files: int = MAX_FILES,
        store: Store | None = None,
        conversation_id: str | None = None,
    ) -> None:
        """Create the agent.

        Args:
            clock: Where the agent reads the time (it mentions it while thinking).
            delay: Seconds between two streamed events; ``0`` streams without waiting
                (still yielding to the loop between events).
            root: The directory file searches and browses look in; the current one when
                ``None``.
            max_files: At most this many files are indexed for searches (file_search).
            store: Where ended turns are written and history pages read (002 §2.6);
                ``None`` keeps nothing.
            conversation_id: The stored conversation this session continues.
        """
        self.clock = clock
        """The agent's clock."""
        self.delay = delay
        """Seconds between two streamed events."""
        self.root = root or Path.cwd()
        """The allowed directory: where the file browser starts (and searches, until
        :meth:`use_workspace`)."""
        self.session = Session()
        """The node, agent and working directory of this session (:meth:`use_workspace`)."""
        self.max_files = max_files
        """Files indexed at most."""
        self.files: FileIndex | Files = FileIndex(self.root, max_files=max_files)
        """The files searched: walked once, rechecked for changes (file_search)."""
        self._on_event: Callable[[Event], None] | None = None
        self._pending: deque[tuple[str, PromptRequest]] = deque()
        self._turn: asyncio.Task[None] | None = None
        first = store.count(conversation_id) + 1 if store and conversation_id else 1
        self._turn_ids = (f"demo-{n}" for n in itertools.count(first))
        """Turn ids go on from the stored ones, so each is unique in its conversation."""
        self._tasks: set[asyncio.Task[None]] = set()
        self.store = store
        """The conversation store, if any."""
        self.conversation_id = conversation_id
        """The stored conversation this session continues."""
        self._recording: tuple[str, PromptRequest, Any, list[Event]] | None = None
        self._asking: dict[str, asyncio.Future[InteractionAnswer]] = {}
        """Interaction requests waiting for the user's answer, by request id."""

    # AgentPort

    def connect(self, on_event: Callable[[Event], None]) -> None:
        """Start the session: the commands are published right after this call returns.

        The file index is walked in a daemon thread meanwhile (reference_crs.demo.file_search).
        """
        self._on_event = on_event
        asyncio.get_running_loop().call_soon(self._publish, CommandsPublished(COMMANDS))
        self._index()

    def _index(self) -> None:
        """Walk the index before the first `@`, in a daemon thread (quitting never waits)."""
        if isinstance(self.files, FileIndex):
            threading.Thread(target=self.files.refresh, name="file-index", daemon=True).start()

    @property
    def workspace(self) -> str:
        """The working directory searches and tools look in (the root until one is chosen)."""
        return self.session.workspace_path or str(self.root)

    def start_session(self, node_id: str, agent_id: str) -> None:
        """Record the session's node and agent with the conversation (004 §7.1)."""
        self.session = Session(node_id, agent_id, self.session.workspace_path)
        self._keep_session()

    def use_workspace(self, path: str) -> None:
        """Make ``path`` the session's working directory (004 §7.6).

        `@` searches and the ``list_files`` tool look there from now on; on the simulated
        Windows node they look in its simulated tree. The store keeps the path with the
        conversation.
        """
        self.session = Session(self.session.node_id, self.session.agent_id, path)
        self.files.close()
        if self.session.node_id == WINDOWS_NODE:
            self.files = Files(SimulatedWindows().files_under(path))
        else:
            self.files = FileIndex(Path(path), max_files=self.max_files)
            if self._on_event is not None:
                self._index()
        self._keep_session()

    def _keep_session(self) -> None:
        if self.store is not None and self.conversation_id is not None:
            try:
                self.store.set_session(self.conversation_id, self.session)
            except StoreError as error:
                self._publish(SystemNotice("error", f"세션 정보를 저장하지 못했습니다: {error}"))

    def send(self, frame: ControlFrame) -> None:
        """Handle a frame from the client; frames of unknown types are ignored.

        Frames are recognised by RAWP type name and read by field name (design §9,
        decision 1), so a client with its own copies of the frame classes is served too.
        """
        name = type_name(frame)
        if name == PromptRequest.type:
            self._pending.append((next(self._turn_ids), _as(PromptRequest, frame)))
            self._next_turn()
        elif name == PromptCancel.type:
            self._cancel(_as(PromptCancel, frame).turn_id)
        elif name == FileSearch.type:
            self._spawn(self._answer_search(_as(FileSearch, frame)))
        elif name == InteractionAnswer.type:
            answer = _as(InteractionAnswer, frame)
            waiting = self._asking.pop(answer.request_id, None)
            if waiting is not None and not waiting.done():
                waiting.set_result(answer)

    @property
    def busy(self) -> bool:
        """Whether a turn is running or prompts are waiting."""
        return self._turn is not None or bool(self._pending)

    async def aclose(self) -> None:
        """Cancel the running turn and every pending search, and wait for them to end.

        A walk of the file index under way in its worker thread stops at its next directory.
        """
        self._pending.clear()
        self.files.close()
        tasks = [*self._tasks, *([self._turn] if self._turn else [])]
        self._on_event = None
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    # turns

    def _next_turn(self) -> None:
        if self._turn is None and self._pending:
            turn_id, prompt = self._pending.popleft()
            self._publish(TurnStarted(turn_id))
            self._recording = (turn_id, prompt, self.clock(), [])
            self._turn = asyncio.get_running_loop().create_task(self._stream(turn_id, prompt))
            self._turn.add_done_callback(lambda task: self._end_turn(turn_id, task))

    def _cancel(self, turn_id: str | None) -> None:
        """Cancel the running turn, or the oldest waiting prompt when none has started."""
        if self._turn is not None:
            self._turn.cancel()
        elif self._pending and turn_id is None:
            pending_id, _ = self._pending.popleft()
            self._publish(TurnStarted(pending_id))
            self._publish(SystemNotice("cancelled", CANCELLED))
            self._publish(TurnEnded(pending_id))

    async def _stream(self, turn_id: str, prompt: PromptRequest) -> None:
        if "ask" in prompt.prompt_text.lower().split():
            await self._ask(turn_id)
        for event in self._script(turn_id, prompt):
            await asyncio.sleep(self.delay)
            self._publish(event)

    async def _ask(self, turn_id: str) -> None:
        """For a prompt with the word "ask": a PERMISSION, then a SELECT request (002 §2.5.3)."""
        questions = (
            InteractionRequested(
                f"{turn_id}-permission",
                "PERMISSION",
                "May I list the files here?",
                (),
                None,
                turn_id,
            ),
            InteractionRequested(
                f"{turn_id}-style",
                "SELECT",
                "How should I answer?",
                ("briefly", "in detail", "as a haiku"),
                "briefly",
                turn_id,
            ),
        )
        for question in questions:
            waiting = self._asking[question.request_id] = asyncio.get_running_loop().create_future()
            self._publish(question)
            answer = await waiting
            shown = answer.value if answer.value is not None else answer.outcome
            self._publish(TextDelta(turn_id, f"{question.prompt} → {shown}\n\n"))

    def _end_turn(self, turn_id: str, task: asyncio.Task[None]) -> None:
        """End the turn, after its stream ran out or was cancelled (even before it began)."""
        if task.cancelled():
            self._publish(SystemNotice("cancelled", CANCELLED))
        self._save(turn_id)
        self._publish(TurnEnded(turn_id))
        self._turn = None
        self._next_turn()

    def _save(self, turn_id: str) -> None:
        """Write the ended turn to the store; a failed write is reported, never fatal."""
        recording, self._recording = self._recording, None
        if self.store is None or self.conversation_id is None or recording is None:
            return
        recorded_id, prompt, sent_at, events = recording
        if recorded_id != turn_id:
            return
        turn = Turn(turn_id, prompt, sent_at, tuple(events), self.clock())
        try:
            self.store.append(self.conversation_id, turn)
        except StoreError as error:
            self._publish(SystemNotice("error", f"이 대화를 저장하지 못했습니다: {error}"))

    def _script(self, turn_id: str, prompt: PromptRequest) -> Iterator[Event]:
        """Yield the events of a reply: thinking, a tool call and its result, text."""
        now = self.clock().astimezone().strftime("%H:%M")
        text = prompt.prompt_text
        for piece in (
            f"It is {now}. ",
            "The user wrote ",
            f"{len(text)} characters; ",
            "let me look at the files here first.",
        ):
            yield Thinking(turn_id, piece)
        call_id = f"{turn_id}-call"
        yield ToolCall(turn_id, call_id, "list_files", {"path": self.workspace})
        names = self.list_files()
        yield ToolResult(turn_id, call_id, "text", "\n".join(names) or "(empty)")
        reply = _reply(readable(text, prompt.file_references), names)
        # a dozen characters a delta, but at most about MAX_DELTAS deltas: a 10,000-line
        # echo would otherwise take half an hour of the demo's delays (issue 25 item 10)
        size = max(12, -(-len(reply) // MAX_DELTAS))
        for start in range(0, len(reply), size):
            yield TextDelta(turn_id, reply[start : start + size])

    def list_files(self, limit: int = 6) -> list[str]:
        """The ``list_files`` tool: the first names in the working directory, one line each.

        Names are drawn as the client draws names (``one_line_name``: a line break, a control
        or bidi character shown as a symbol), so a name holding a line break stays one entry.
        """
        if self.session.node_id == WINDOWS_NODE:
            try:
                listed = [e.name for e in SimulatedWindows().browse(self.workspace).entries]
            except BrowseError as error:
                return [f"(cannot list {self.workspace}: {error})"]
        else:
            try:
                listed = [p.name for p in Path(self.workspace).iterdir()]
            except OSError as error:
                return [f"(cannot list {one_line_name(self.workspace)}: {error.strerror})"]
        names = sorted(name for name in listed if not name.startswith("."))
        return [one_line_name(name) for name in names[:limit]]

    # file search and control plane

    async def _answer_search(self, search: FileSearch) -> None:
        """Answer in a worker thread (the first search walks the tree: file_search)."""
        await asyncio.sleep(self.delay)
        candidates = await asyncio.to_thread(self.files.search, search.query)
        self._publish(FileCandidates(search.query_id, candidates))

    async def browse(self, node_id: str, path: str | None) -> BrowseResult:
        """List a directory of the local node, or of the simulated Windows node (demo_files)."""
        if node_id == WINDOWS_NODE:
            return SimulatedWindows().browse(path)
        return LocalFiles(self.root).browse(path)

    async def load_turns(self, conversation_id: str, before: str | None, limit: int) -> HistoryPage:
        """Return a page of the stored conversation (none without a store).

        Raises:
            StoreError: The store cannot be read.
            KeyError: ``before`` is not a turn of the conversation.
        """
        if self.store is None:
            return HistoryPage(turns=(), remaining=0)
        return self.store.page(conversation_id, before, limit)

    async def allowed_directories(self, agent_id: str) -> Sequence[str] | None:
        """Return the root directory only (two folders for the Windows node's agent)."""
        if agent_id == WINDOWS_AGENT:
            return ["C:\\Users\\demo", "D:\\data"]
        return [str(self.root)]

    def _publish(self, event: Event) -> None:
        recording = self._recording
        ours = recording is not None and getattr(event, "turn_id", recording[0]) == recording[0]
        if recording is not None and ours and type_name(event) in RECORDED:
            recording[3].append(event)
        if self._on_event is not None:
            self._on_event(event)

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


MAX_DELTAS = 400
"""About the most text deltas one reply is streamed in."""


def readable(prompt_text: str, file_references: Sequence[object] = ()) -> str:
    r"""The prompt as the user wrote it: tokens as ``@path``, escapes undone (004 §3.4.5).

    The wire form (``<@file:ref_id|display_path>``, ``\<@``) is for the agent to parse, not
    to show: a token reads as ``@`` and its path drawn as the client draws it (the plain-text
    form of a token, 004 §3.4.5 "토큰 동작"), a forged pattern as its literal characters.
    """
    return as_typed(
        prompt_text, file_references, lambda token: f"@{one_line_name(token.display_path)}"
    )


def _reply(prompt: str, names: Sequence[str]) -> str:
    """The markdown text of a reply to ``prompt`` (as :func:`readable` gives it)."""
    quoted = "\n".join(f"> {line}" for line in prompt.splitlines()) or "> (nothing)"
    listing = "\n".join(f"- `{name}`" for name in names[:3]) or "- (no files)"
    return (
        f"You said:\n\n{quoted}\n\n"
        f"I am a **demo agent**: I only echo, but I did look around. Here are some files:\n\n"
        f"{listing}\n\n"
        '```python\nprint("hello from the demo agent")\n```\n'
    )


F = TypeVar("F")


def _as(kind: type[F], frame: object) -> F:
    """``frame`` as the port's own ``kind``, rebuilt from its fields by name."""
    names = {field.name for field in dataclasses.fields(kind)}  # type: ignore[arg-type]
    return kind(**{name: value for name, value in fields_of(frame).items() if name in names})
