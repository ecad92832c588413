"""Keys before the stream: a streamed reply yields to the user's typing when they compete.

Each text delta costs the client a markdown update, a layout and a repaint of the whole
conversation (its rows all move up); a key costs a repaint of the input. While a long reply
streams at the demo agent's pace, that work fills the event loop, and a key typed meanwhile
waits behind it: its character shows up to a second late (issue 41 point 2). So the client
watches for that competition and, only once it happens, paces the stream:

* **Competition** is a key whose echo (the first frame after it was handled) came more than
  :data:`LATE` seconds after the terminal sent it (``Message.time``) while streamed text was
  being drawn. A key echoed at once, or kept waiting by anything else, changes nothing; a
  client whose stream keeps up never paces.
* **While the user types** (keys less than :data:`QUIET` seconds apart), the streamed text
  waits (nothing is lost: every delta is kept and drawn in order) and is drawn at most once
  every :data:`HOLD` seconds, right after a key's echo has been drawn, when the next key is
  furthest away.
* **Typing stops** (no key for :data:`QUIET` seconds): what waited is drawn at once, and
  the stream is drawn as it arrives again.

Nothing here changes what is drawn, only when: the reply's text, its blocks and their order
are the same. Under the harness, which sends a key only once the client has drawn what
came before, keys never reach the client late, and nothing is ever paced.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from reference_crs.textual_private import message_clock

LATE = 0.015
"""Seconds from a key to its echo above which it counts as kept waiting, if streamed text
was drawn meanwhile (an echo on an idle client takes 3 ms, a frame at most 17 ms)."""
QUIET = 0.3
"""Seconds without a key after which the user has stopped typing."""
HOLD = 2.0
"""While the user types, streamed text is drawn at most once in this many seconds."""


class StreamPacing:
    """When streamed text is drawn while the user types (see the module).

    Attributes:
        drawing: Streams drawing text now (from an append's start to the frame after it).
        drawn_at: When the last of them was on the screen.
        last_key: When the last key was handled (``Message.time``'s clock, seconds).
        pacing: Whether the stream yields to typing now.
        last_draw: When paced text was last let through.
    """

    def __init__(self, clock: Callable[[], float] = message_clock) -> None:
        """Start unpaced.

        Args:
            clock: The clock of ``Message.time`` (seconds); a test may pass its own.
        """
        self.clock = clock
        self.drawing = 0
        self.drawn_at = float("-inf")
        self.last_key = float("-inf")
        self.pacing = False
        self.last_draw = float("-inf")
        self._echoed: asyncio.Event | None = None
        self._sent = float("-inf")

    # keys

    def key_handled(self, sent_at: float) -> None:
        """A key (or paste) sent at ``sent_at`` (``Message.time``) reached the app."""
        self.last_key = self.clock()
        self._sent = sent_at

    def input_changed(self, after_refresh: Callable[[Callable[[], Any]], Any]) -> None:
        """The input's text changed (the last key's effect): its echo is the next frame.

        Args:
            after_refresh: Textual's ``call_after_refresh`` of the app.
        """
        sent_at = self._sent
        after_refresh(lambda: self._echo_drawn(sent_at))

    def _echo_drawn(self, sent_at: float) -> None:
        """The frame after the key sent at ``sent_at`` is on the screen: was it late?"""
        now = self.clock()
        if now - sent_at > LATE and (self.drawing or self.drawn_at >= sent_at):
            self.pacing = True
        if self._echoed is not None:
            self._echoed.set()

    @property
    def typing(self) -> bool:
        """Whether the user is typing (a key less than :data:`QUIET` seconds ago)."""
        return self.clock() - self.last_key < QUIET

    # the stream

    async def turn(self, stop: asyncio.Event | None = None) -> None:
        """Wait until streamed text may be drawn; return at once unless pacing.

        Returns when typing has stopped (pacing ends), or, :data:`HOLD` seconds after the
        last paced draw, right after the next key's echo was drawn; or as soon as ``stop``
        is set (the stream ends: what waits is drawn at once). Nothing here is cancelled:
        every wait is bounded and wakes on ``stop``.
        """
        stop = stop or asyncio.Event()
        while self.pacing and not stop.is_set():
            now = self.clock()
            if not self.typing:
                self.pacing = False
                return
            if now - self.last_draw < HOLD:
                await _either(stop, None, min(QUIET, HOLD - (now - self.last_draw)))
                continue
            echoed = self._echoed = asyncio.Event()
            try:
                await _either(stop, echoed, QUIET)
            finally:
                self._echoed = None
            if echoed.is_set():
                self.last_draw = self.clock()
                return

    def drawing_started(self) -> None:
        """A stream starts drawing text: keys handled until :meth:`drawing_ended` wait on it."""
        self.drawing += 1

    def drawing_ended(self) -> None:
        """The frame showing what a stream drew is on the screen."""
        self.drawing = max(0, self.drawing - 1)
        self.drawn_at = self.clock()


async def _either(stop: asyncio.Event, event: asyncio.Event | None, timeout: float) -> None:
    """Wait until ``stop`` or ``event`` is set, or ``timeout`` seconds pass."""
    waits = {asyncio.ensure_future(stop.wait())}
    if event is not None:
        waits.add(asyncio.ensure_future(event.wait()))
    try:
        await asyncio.wait(waits, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for waiting in waits:
            waiting.cancel()


class PacedStream:
    """Textual's ``MarkdownStream``, asking :class:`StreamPacing` before each append.

    Fragments are kept in order and appended as one when the widget is busy.

    Args:
        append: The widget's append (``Markdown.append``); awaited, one at a time.
        pacing: The app's pacing.
    """

    def __init__(self, append: Callable[[str], Awaitable[Any]], pacing: StreamPacing) -> None:
        self._append = append
        self.pacing = pacing
        self._pending: list[str] = []
        self._new = asyncio.Event()
        self._stop = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._after_refresh: Callable[[Callable[[], Any]], Any] | None = None

    def start(self, after_refresh: Callable[[Callable[[], Any]], Any]) -> None:
        """Start appending in the background.

        Args:
            after_refresh: The widget's ``call_after_refresh``: when what an append drew is
                on the screen.
        """
        self._after_refresh = after_refresh
        if self._task is None:
            self._task = asyncio.create_task(self._run())

    async def write(self, fragment: str) -> None:
        """Queue ``fragment`` to be appended after what was written before it."""
        if fragment:
            self._pending.append(fragment)
            self._new.set()
            await asyncio.sleep(0)  # let the appending task take it

    async def stop(self) -> None:
        """Append whatever is still queued, at once, and stop.

        The appending task is told to end (never cancelled: an append it has begun
        finishes), and what it had not taken is appended here.
        """
        self._stop.set()
        self._new.set()
        if self._task is not None:
            await self._task
            self._task = None
        await self._flush()

    async def _run(self) -> None:
        while not self._stop.is_set():
            await self._new.wait()
            await self.pacing.turn(self._stop)
            await self._flush()

    async def _flush(self) -> None:
        text = "".join(self._pending)
        self._pending.clear()
        self._new.clear()
        if not text:
            return
        self.pacing.drawing_started()
        try:
            await self._append(text)
        finally:
            if self._after_refresh is not None:
                self._after_refresh(self.pacing.drawing_ended)
            else:
                self.pacing.drawing_ended()
