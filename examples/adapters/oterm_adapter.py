"""Adapter of oterm 0.26.1, a third-party Textual LLM client, for profile ``rawp_crs`` part 1.

oterm (https://github.com/ggozad/oterm, MIT) is a terminal client for Ollama, OpenAI,
Anthropic and every provider pydantic-ai supports: a tab per saved chat, each a scrolling
list of messages (``ChatItem``) above a multi-line prompt (``FlexibleInput``); the agent's
reply streams in as Markdown, with its thinking and tool calls. oterm receives agent output
through a pydantic-ai ``Model``: ``ChatContainer`` builds a pydantic-ai ``Agent`` with
``oterm.agent.get_agent`` and iterates its run (``Agent.iter``), drawing each text delta,
thinking delta and tool part the run yields.

The bridge plugs the harness's fake agent in at that seam and nowhere else; oterm's widgets,
key bindings and drawing code run as shipped (docs/thirdparty.md, "An agent client: oterm"):

* **A model on the port.** :meth:`Bridge.stream` is the stream function of a pydantic-ai
  ``FunctionModel``. When oterm asks the model to answer, it sends the user's prompt as a
  ``PromptRequest`` (the text oterm hands the model) and yields the turn's RAWP events as
  pydantic-ai stream items until ``session.turn.end``: ``agent.text.delta`` as text,
  ``agent.thinking.delta`` as a thinking delta, ``tool.invoke.start`` and
  ``tool.invoke.result`` as a provider-run tool call and its return (``NativeToolCallPart``,
  ``NativeToolReturnPart``: the agent, not the client, runs the tool). When oterm cancels the
  run (its Escape key cancels the inference task), the stream sends
  ``control.prompt.cancel`` for the turn.
* **A provider.** oterm resolves a chat's provider in ``get_agent``; the adapter wraps that
  function so that provider :data:`PROVIDER` gets an ``Agent`` on the chat's own port (the
  chat's model name says which), and every other provider oterm's own.
* **System notices** go to ``App.notify``, the way oterm shows every status and error it
  has (a failed request, a summarised context, a copied message).
* **A saved chat.** oterm opens on its saved chats; the adapter saves one, with oterm's own
  ``Store``, in a fresh data directory per client (``OTERM_DATA_DIR``), with the splash
  screen off in that directory's ``config.json`` (a user setting), as a user who set oterm
  up once would have.

What the bridge cannot do: oterm answers prompts only, so agent events of a turn no prompt
of this client started are dropped; pydantic-ai hands a response's tool parts to oterm only
once the response is complete, so tool calls are drawn when the turn ends; pydantic-ai
refuses a response with no text, so a turn that ends without text gets a one-space answer;
oterm has no slash commands, file references, interaction requests or history paging, so
parts 2 to 5 are not claimed.
"""

from __future__ import annotations

import asyncio
import atexit
import json
import os
import shutil
import tempfile
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any, NamedTuple

# oterm reads OTERM_DATA_DIR and writes its config.json there when oterm.config is first
# imported: point it at a scratch directory first, never the user's own. pydantic-ai prints
# a banner on stdout at an agent's first run unless this variable is set.
if "OTERM_DATA_DIR" not in os.environ:
    _SCRATCH = tempfile.mkdtemp(prefix="oterm-conformance-")
    atexit.register(shutil.rmtree, _SCRATCH, ignore_errors=True)  # nothing left in /tmp
    os.environ["OTERM_DATA_DIR"] = _SCRATCH
os.environ.setdefault("PYDANTIC_AI_NO_BANNER", "1")

import oterm.app.widgets.chat as oterm_chat
from oterm.app.oterm import OTerm
from oterm.app.widgets.chat import ChatItem, ToolCallItem
from oterm.config import appConfig, envConfig
from oterm.store.store import Store
from oterm.types import ChatModel
from pydantic_ai import Agent
from pydantic_ai.messages import (
    ModelMessage,
    ModelRequest,
    NativeToolCallPart,
    NativeToolReturnPart,
    UserPromptPart,
)
from pydantic_ai.models.function import AgentInfo, DeltaThinkingPart, FunctionModel
from textual.app import App
from textual.widget import Widget
from textual.widgets import Markdown, Static

from rawp_port import (
    AgentPort,
    ClientSettings,
    Clock,
    ControlPlane,
    PromptCancel,
    PromptRequest,
)

PROVIDER = "rawp"
"""The provider name of the saved chat: :func:`get_agent` gives it the port's model."""
CHAT_NAME = "conformance"
"""The saved chat's name (its tab's label)."""
NO_TEXT = " "
"""The answer of a turn that ended without text: pydantic-ai fails a run whose last response
holds no text (after asking the model once more), and oterm would then drop the turn."""
STORE_THREAD = "_connection_worker_thread"
"""The name of the thread aiosqlite runs each of oterm's store connections on."""
STORE_BOUND = 5.0
"""Seconds :meth:`OtermAdapter.end_scenario` waits for oterm's store threads to end."""


class Item(NamedTuple):
    """One conversation item: whose, what, and the widget that draws it (``ItemView``)."""

    actor: str
    kind: str
    widget: Widget


END = object()
"""Put in a turn's queue when ``session.turn.end`` arrives."""


@dataclass
class _Turn:
    """One prompt sent, and the events of the turn answering it.

    Attributes:
        events: The turn's events for the run streaming it; :data:`END` last.
        turn_id: The agent's turn, once ``session.turn.start`` (or an event of it) came.
        dropped: oterm cancelled the run before the turn started: its events go nowhere.
    """

    events: asyncio.Queue[Any] = field(default_factory=asyncio.Queue)
    turn_id: str | None = None
    dropped: bool = False


class Bridge:
    """One client's side of the port: routes RAWP events to the run answering each prompt.

    Attributes:
        port: The session's data plane.
        app: The client, once created (for its notifications).
        turns: The prompts sent whose turn has not ended, in the order sent.
    """

    def __init__(self, port: AgentPort) -> None:
        """Connect to ``port`` (its events arrive on the client's loop, from publication)."""
        self.port = port
        self.app: App[Any] | None = None
        self.turns: list[_Turn] = []
        port.connect(self.on_event)

    def on_event(self, event: Any) -> None:
        """Handle one event without blocking (``AgentPort.connect``'s callback)."""
        kind = getattr(event, "type", None)
        if kind == "session.system.notice":
            if self.app is not None:
                error = getattr(event, "kind", "") == "error"
                self.app.notify(
                    str(event.text), severity="error" if error else "information", markup=False
                )
            return
        turn_id = getattr(event, "turn_id", None)
        if turn_id is None:
            return  # commands, file candidates, unknown events: oterm has no use for them
        turn = self._turn(turn_id)
        if turn is None:
            return  # a turn no prompt of this client started: oterm cannot show it
        if kind == "session.turn.end":
            self.turns.remove(turn)
            turn.events.put_nowait(END)
        elif kind != "session.turn.start" and not turn.dropped:
            turn.events.put_nowait(event)

    def _turn(self, turn_id: str) -> _Turn | None:
        """The prompt ``turn_id`` answers: the one it was given, else the oldest waiting."""
        for turn in self.turns:
            if turn.turn_id == turn_id:
                return turn
        for turn in self.turns:
            if turn.turn_id is None:
                turn.turn_id = turn_id
                return turn
        return None

    async def stream(self, messages: list[ModelMessage], info: AgentInfo) -> AsyncIterator[Any]:
        """Answer oterm's model request: send its prompt, yield the turn's events until it ends.

        Yields:
            pydantic-ai ``FunctionModel`` stream items: ``str`` text, or ``{index: part}``.
        """
        del info
        prompt = _prompt_of(messages)
        if prompt is None:
            yield NO_TEXT  # a follow-up request of the same run: the turn is over
            return
        turn = _Turn()
        self.turns.append(turn)
        self.port.send(PromptRequest(prompt_text=prompt))
        texts = 0
        parts = 0
        ended = False
        try:
            while (event := await turn.events.get()) is not END:
                for item in _stream_items(event, parts + 1):
                    if isinstance(item, str):
                        texts += 1
                    else:
                        parts += 1
                    yield item
            ended = True
        finally:
            if not ended:  # oterm cancelled the run (Escape) or it failed
                turn.dropped = True
                if turn.turn_id is not None and turn in self.turns:
                    self.turns.remove(turn)  # a turn not started yet keeps its place
                self.port.send(PromptCancel(turn_id=turn.turn_id))
        if not texts:
            yield NO_TEXT


def _prompt_of(messages: Sequence[ModelMessage]) -> str | None:
    """The user's prompt of the request oterm makes, or ``None`` for a follow-up request."""
    last = messages[-1] if messages else None
    if not isinstance(last, ModelRequest):
        return None
    for part in last.parts:
        if isinstance(part, UserPromptPart):
            content = part.content
            if isinstance(content, str):
                return content
            return "".join(piece for piece in content if isinstance(piece, str))
    return None


def _stream_items(event: Any, index: int) -> Iterator[Any]:
    """The pydantic-ai stream items of one RAWP event; none for an event oterm cannot show.

    Args:
        event: A RAWP event of the turn.
        index: The part index a tool event takes (thinking is part 0, text its own part).
    """
    kind = getattr(event, "type", None)
    if kind == "agent.text.delta":
        yield str(event.text)
    elif kind == "agent.thinking.delta":
        yield {0: DeltaThinkingPart(content=str(event.text))}
    elif kind == "tool.invoke.start":
        arguments = dict(event.arguments)
        yield {index: NativeToolCallPart(str(event.name), arguments, str(event.call_id))}
    elif kind == "tool.invoke.result":
        yield {index: NativeToolReturnPart("", str(event.output), str(event.call_id))}


_BRIDGES: dict[str, Bridge] = {}
"""The bridge of each client's chat, by the chat's model name."""
_oterm_get_agent: Callable[..., Any] = oterm_chat.get_agent


def get_agent(provider: str = "ollama", model: str = "", **kwargs: Any) -> Any:
    """Build a chat's agent as ``oterm.agent.get_agent`` does; :data:`PROVIDER` is the port's.

    Returns:
        A pydantic-ai ``Agent``: on the chat's :class:`Bridge` for provider :data:`PROVIDER`
        (the chat's model name names its bridge), else oterm's own.
    """
    if provider != PROVIDER:
        return _oterm_get_agent(provider=provider, model=model, **kwargs)
    return Agent(
        FunctionModel(stream_function=_BRIDGES[model].stream, model_name=model),
        instructions=kwargs.get("system"),
    )


oterm_chat.get_agent = get_agent


def _save_chat(model: str) -> None:
    """Save one chat on provider :data:`PROVIDER` in a fresh oterm data directory.

    The directory is made with ``tempfile`` (the harness points it at the scenario's); oterm
    keeps its configuration and its one store per process, so both are pointed there too.
    """
    data = Path(tempfile.mkdtemp(prefix="oterm-"))
    (data / "config.json").write_text(json.dumps({"splash-screen": False}), encoding="utf-8")
    envConfig.OTERM_DATA_DIR = data
    appConfig.__init__(data / "config.json")  # re-read, as oterm does at start
    Store._store = None

    async def save() -> None:
        store = await Store.get_store()
        await store.save_chat(ChatModel(name=CHAT_NAME, model=model, provider=PROVIDER))

    # create_client may be called on a running loop: save on a loop of its own, in a thread.
    with ThreadPoolExecutor(max_workers=1) as worker:
        worker.submit(asyncio.run, save()).result()


class OtermAdapter:
    """Adapter of oterm for part 1 of profile ``rawp_crs``."""

    name = "oterm"
    implementation_version = metadata.version("oterm")
    protocol_version = 2
    profiles = ("rawp_crs",)
    rawp_crs_parts = (1,)
    """oterm has no slash commands, file references, interaction requests or paging."""
    conversation_selector = "#messageContainer"
    input_selector = "#promptArea"
    newline_keys: Sequence[str] = ("shift+enter",)
    """oterm binds Shift+Enter and Ctrl+M; a terminal sends Ctrl+M as Enter (CR), so only one
    of them is a key a person can press to get a newline."""
    timestamp_reveal = "inline"
    """oterm draws no time of day; the turn's elapsed seconds are no timestamp."""

    def __init__(self) -> None:
        self._created = 0
        self._threads: set[threading.Thread] = set()

    def create_client(
        self, port: AgentPort, control: ControlPlane, clock: Clock, settings: ClientSettings
    ) -> App[Any]:
        """Return a fresh oterm app whose one saved chat talks to ``port``."""
        del control, clock, settings  # oterm keeps no stored turns and draws no times
        self._threads = self._threads or set(threading.enumerate())
        self._created += 1
        model = f"rawp-agent-{self._created}"
        bridge = Bridge(port)
        _BRIDGES[model] = bridge
        _save_chat(model)
        app: App[Any] = OTerm()
        bridge.app = app
        return app

    def end_scenario(self, context: object) -> None:
        """Wait (bounded) for oterm's store connections to close, and forget the clients.

        oterm writes each finished turn to its SQLite store on an aiosqlite thread; a client
        stopped right after a turn leaves that thread to finish on its own.
        """
        del context
        deadline = time.monotonic() + STORE_BOUND
        for thread in set(threading.enumerate()) - self._threads:
            if STORE_THREAD in thread.name:
                thread.join(max(0.0, deadline - time.monotonic()))
        self._threads = set()
        _BRIDGES.clear()

    def items(self, app: App[Any]) -> Sequence[Item]:
        """The conversation's items, top to bottom, then the notifications on screen."""
        views: list[Item] = []
        for container in app.query("#messageContainer"):
            for child in container.children:
                views.extend(_views(child))
        views.extend(Item("system", "system", toast) for toast in app.screen.query("Toast"))
        return views


def _views(widget: Widget) -> Iterator[Item]:
    """The items one child of oterm's message container holds.

    A ``ChatItem`` of the user is one text item. One of the assistant holds, top down, its
    thinking (the label ``▸ thoughts`` once the answer starts and the body folds), its tool
    calls and its answer. The ``UsageStatus`` line under each answer (spinner, token counts,
    elapsed seconds) is no message.
    """
    if not isinstance(widget, ChatItem):
        return
    if widget.author == "user":
        yield Item("user", "text", widget)
        return
    if widget.thinking:
        body = widget.query_one(".thinking-body", Markdown)
        label = widget.query_one(".thinking-label", Static)
        yield Item("agent", "thinking", body if body.display else label)
    for call in widget.query(ToolCallItem):
        yield Item("agent", "tool_call", call)
    if widget.text.strip():  # a turn of no text leaves the answer block blank
        yield Item("agent", "text", widget.query_one(".response", Markdown))


adapter = OtermAdapter()
"""The instance ``--adapter examples/adapters/oterm_adapter.py:adapter`` names."""
