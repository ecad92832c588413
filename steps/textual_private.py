"""Every private name of Textual the harness relies on, fenced in one module.

Textual documents no public way to do what these do: read the composed screen as strips,
feed a terminal's bytes through its input parser, turn a character into a key name, hold
its clocks. Each wrapper names the private attribute it reads or patches and the Textual
version it was checked against (:data:`CHECKED_AGAINST`); ``tests/test_textual_private.py``
fails, naming the attribute, when an installed Textual no longer has one. When Textual
changes, this is the one module to fix (as pytest-bdd's ``compat.py`` is for pytest).
"""

from __future__ import annotations

import asyncio
import unicodedata
from collections.abc import Awaitable, Callable, Iterable
from contextlib import AbstractContextManager
from typing import Any

import pytest
import textual.timer
from textual import _time, constants, events
from textual._animator import Animator
from textual._queue import Queue
from textual._xterm_parser import XTermParser
from textual.app import App
from textual.cache import FIFOCache
from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet
from textual.css.types import CSSLocation
from textual.geometry import Offset
from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key
from textual.message_pump import MessagePump
from textual.pilot import Pilot
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget

CHECKED_AGAINST = "8.2.8"
"""The Textual version every wrapper below was checked against."""

PRIVATE_MODULE_NAMES = (
    ("textual._xterm_parser", "XTermParser"),
    ("textual._time", "get_time"),
    ("textual._time", "sleep"),
    ("textual.keys", "_character_to_key"),
    ("textual.keys", "_get_unicode_name_from_key"),
    ("textual.timer", "_time"),
    ("textual.timer", "sleep"),
    ("textual._animator", "Animator"),
    ("textual._queue", "Queue"),
)
"""``(module, name)`` of each private module or module attribute used here."""
PRIVATE_MEMBERS = (
    (App, "_exception"),
    (App, "_context"),
    (Screen, "_compositor"),
    (Pilot, "_post_mouse_events"),
    (Screen, "_forward_event"),
    (XTermParser, "_timeout_time"),
    (Animator, "_get_time"),
    (Screen, "_on_timer_update"),
    (Widget, "_message_queue"),
    (asyncio.Event, "_waiters"),  # CPython's, read through Textual's message queue
    (Stylesheet, "_parse_rules"),
    (Stylesheet, "_variables"),
    (FIFOCache, "_maxsize"),
)
"""``(class, name)`` of each private member used here (of an instance: set in ``__init__``)."""

__all__ = ["XTermParser"]


def get_time() -> float:
    """Textual's monotonic clock, in seconds (``textual._time.get_time``; 8.2.8)."""
    return _time.get_time()


def sleep(seconds: float) -> Awaitable[None]:
    """Textual's sleep, as its timers sleep (``textual._time.sleep``; 8.2.8)."""
    return _time.sleep(seconds)


def character_key(character: str) -> str:
    """The key name Textual gives ``character``: ``"a"``, ``"space"``, ``"full_stop"``.

    ``textual.keys._character_to_key`` (8.2.8), what Textual's own ``Pilot.press`` and its
    terminal driver use.
    """
    return _character_to_key(character)


def pilot_key_event(key: str) -> events.Key:
    """The key event Textual's ``Pilot.press`` sends for the key ``key`` (``"a"``, ``"enter"``).

    As ``App._press_keys`` (8.2.8) builds it: a single non-alphanumeric character becomes
    its key name (``"."`` is ``"full_stop"``), and the event's character is the one the key
    name stands for (``"full_stop"`` is ``"."``, ``"enter"`` none), through
    ``textual.keys._get_unicode_name_from_key``.
    """
    if len(key) == 1 and not key.isalnum():
        key = _character_to_key(key)
    original = REPLACED_KEYS.get(key, key)
    try:
        char: str | None = unicodedata.lookup(_get_unicode_name_from_key(original))
    except KeyError:
        char = key if len(key) == 1 else None
    return events.Key(key, char)


def forward_mouse_event(
    app: App[Any], kind: type[events.MouseEvent], x: int, y: int, *, button: int, chain: int = 1
) -> None:
    """Send the pointer event ``kind`` at screen cell (``x``, ``y``) as Pilot sends it.

    As ``Pilot._post_mouse_events`` (8.2.8) does for each event of ``click`` and ``hover``:
    the event is built with the screen as its widget and no modifier, the app's
    ``mouse_position`` is set to the cell, and the screen forwards the event to the widget
    under it (``Screen._forward_event``), bypassing ``App.on_event``.

    Args:
        app: The running app.
        kind: ``events.MouseDown``, ``MouseUp``, ``Click`` or ``MouseMove``.
        x: Screen column, from 0.
        y: Screen row, from 0.
        button: 1 for the left button, 0 for none (a move).
        chain: For a ``Click``, its place in a run of clicks (2: the second of a double).
    """
    screen = app.screen
    arguments: dict[str, Any] = {
        "widget": screen, "x": x, "y": y, "delta_x": 0, "delta_y": 0, "button": button,
        "shift": False, "meta": False, "ctrl": False, "screen_x": x, "screen_y": y,
    }  # fmt: skip
    if kind is events.Click:
        arguments["chain"] = chain
    event = kind(**arguments)
    app.mouse_position = Offset(x, y)
    screen._forward_event(event)


def app_exception(app: App[Any]) -> BaseException | None:
    """What ``app`` raised and ended with, if it did (``App._exception``; 8.2.8)."""
    return app._exception


def screen_strips(screen: Screen[Any]) -> list[Strip]:
    """The strips the compositor last sent to the terminal, one per row.

    ``Screen._compositor.render_strips()`` (8.2.8): Textual's own record of what reaches
    the terminal; the public ``export_screenshot()`` renders the same strips to SVG.
    """
    return list(screen._compositor.render_strips())


async def post_mouse_events(
    pilot: Pilot[Any],
    kinds: Iterable[type[events.MouseEvent]],
    widget: Widget,
    offset: tuple[int, int],
) -> bool:
    """Post each mouse event of ``kinds`` at ``offset`` in ``widget``, as ``Pilot.click`` does.

    ``Pilot._post_mouse_events`` (8.2.8): the one Pilot path for events it has no verb for
    (the mouse wheel).
    """
    return await pilot._post_mouse_events(list(kinds), widget, offset=offset)


def refresh_screen(app: App[Any]) -> None:
    """Run the active screen's pending layout and repaint now, as ``Pilot.pause`` ends.

    Textual does it on the screen's 60 Hz timer; ``Pilot.pause`` calls the timer's
    handler (``Screen._on_timer_update``) at once, and so does this.
    """
    app.screen._on_timer_update()


def at_rest(pump: MessagePump) -> bool:
    """Whether ``pump``'s task is blocked waiting for its next message.

    Nothing is queued, no handler is running, its idle work is done.

    ``MessagePump._message_queue`` (8.2.8) is Textual's own ``textual._queue.Queue``: a
    deque of ``values`` and a ``ready_event`` the pump's loop awaits only when nothing is
    pending. A blocked wait leaves an unfinished future in the ``asyncio.Event``'s
    ``_waiters`` (CPython 3.8 to 3.13) until a message is put. A pump not started yet,
    closed, or in a handler is not at rest.
    """
    queue: Queue[Any] = pump._message_queue
    waiters: Iterable[asyncio.Future[None]] = queue.ready_event._waiters  # CPython's Event
    return not queue.values and any(not waiter.done() for waiter in waiters)


def hold_animator_clock(app: App[Any], clock: Callable[[], float]) -> None:
    """Make ``app``'s animator read time from ``clock`` (``Animator._get_time``; 8.2.8)."""
    app.animator._get_time = clock  # type: ignore[method-assign]  # the animator's clock seam


def hold_timer_clock(
    monkeypatch: pytest.MonkeyPatch,
    clock: Callable[[], float],
    sleeper: Callable[[float], Awaitable[None]],
) -> None:
    """Make Textual's timers read ``clock`` and sleep with ``sleeper`` (undone by ``monkeypatch``).

    Patches ``textual.timer._time`` (an object with ``get_time``) and ``textual.timer.sleep``
    (8.2.8): what a ``Timer`` reads and awaits between ticks.
    """
    monkeypatch.setattr(textual.timer, "_time", _Clock(clock))
    monkeypatch.setattr(textual.timer, "sleep", sleeper)


def app_context(app: App[Any]) -> AbstractContextManager[None]:
    """Make ``app`` Textual's active app while the block runs (``App._context``; 8.2.8).

    A widget rendered on demand, outside the app's own tasks, reads the active app.
    """
    context: AbstractContextManager[None] = app._context()
    return context


def parser_timeout(parser: object, pending_escape: bool = False) -> float | None:
    """When a parser holding a lone ESC reports it, if it holds one.

    Textual's ``Parser`` says when (``Parser._timeout_time``; 8.2.8). A parser offering only
    the documented interface (``feed`` and ``tick``, docs/adapters.md), such as a wrapper
    around Textual's, says nothing: when the bytes just fed ended in a lone ESC
    (``pending_escape``), it is ticked once Textual's escape delay
    (``textual.constants.ESCAPE_DELAY``, public) is over, as Textual's driver would.

    Args:
        parser: The terminal input parser.
        pending_escape: Whether the bytes just fed may have left a lone ESC in it.
    """
    if hasattr(parser, "_timeout_time"):
        timeout: float | None = parser._timeout_time
        return timeout
    return get_time() + constants.ESCAPE_DELAY if pending_escape else None


class _Clock:
    """Stands in for the ``textual._time`` module inside ``textual.timer``."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.get_time = clock


PARSED_CSS_LIMIT = 4096
"""Parsed CSS sources kept by :func:`share_parsed_css` (a few hundred in a whole run)."""
_PARSED_CSS: dict[tuple[Any, ...], list[RuleSet]] = {}
VARIABLES_KEY = "_conformance_variables_key"
"""Attribute of a ``Stylesheet`` where :func:`_variables_key` keeps its last key."""


def share_parsed_css() -> None:
    """Parse each CSS source once per process, not once per app (``Stylesheet._parse_rules``).

    Textual keeps what it parsed per ``Stylesheet`` (8.2.8: ``Stylesheet._parse_cache``),
    and every app has its own, so every app a scenario starts parses every ``DEFAULT_CSS``
    and ``CSS`` it uses again: about 7 % of a scenario's CPU. Parsing is a function of the
    source, its location, scope, tie breaker, whether it is default CSS, and the theme's
    variables (``Stylesheet._variables``), so the rule sets of one parse serve every app
    with the same inputs (Textual's own cache hands the same list back on a re-parse).
    Nothing else changes: what fails to parse is not kept and raises as before. Installed
    once per process; later calls do nothing.
    """
    if getattr(Stylesheet._parse_rules, "shared_across_apps", False):
        return
    parse_rules = Stylesheet._parse_rules

    def shared(
        self: Stylesheet,
        css: str,
        read_from: CSSLocation,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> list[RuleSet]:
        key = (css, read_from, is_default_rules, tie_breaker, scope, _variables_key(self))
        rules = _PARSED_CSS.get(key)
        if rules is None:
            rules = parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
            if len(_PARSED_CSS) < PARSED_CSS_LIMIT:
                _PARSED_CSS[key] = rules
        return rules

    shared.shared_across_apps = True  # type: ignore[attr-defined]
    Stylesheet._parse_rules = shared  # type: ignore[method-assign]


def _variables_key(stylesheet: Stylesheet) -> tuple[tuple[str, str], ...]:
    """The stylesheet's variables as a hashable key, computed once per variables dict.

    Textual replaces the dict when the theme changes (``Stylesheet.set_variables``).
    """
    variables = stylesheet._variables
    known = stylesheet.__dict__.get(VARIABLES_KEY)
    if known is None or known[0] is not variables:
        known = (variables, tuple(sorted(variables.items())))
        stylesheet.__dict__[VARIABLES_KEY] = known
    return known[1]


def lazy_strip_caches() -> None:
    """Make each of a ``Strip``'s caches when it is first used, not when the strip is made.

    ``Strip.__init__`` (8.2.8) makes seven ``FIFOCache``s for every strip, and almost every
    strip is drawn once and never cropped, divided or styled again: making them was about
    5 % of a scenario's CPU (and most of the objects the garbage collector walks;
    docs/performance.md, "What in Textual stands in the way"). Each cache slot is now
    filled on first read, through ``__getattr__`` (called for an unset slot), with a cache
    of the size Textual gives it, read from a strip made the original way. What a strip
    holds and draws is unchanged. Does nothing if ``Strip`` has no such slots (another
    Textual), or if already installed.
    """
    if getattr(Strip, "caches_made_on_use", False):
        return
    probe = Strip([])
    slots = tuple(getattr(Strip, "__slots__", ()))
    sizes = {
        name: cache._maxsize
        for name in slots
        if isinstance(cache := getattr(probe, name, None), FIFOCache)
    }
    given = ("_segments", "_cell_length")  # the arguments' slots
    plain = [name for name in slots if name not in sizes and name not in given]
    if not sizes or any(getattr(probe, name, 0) is not None for name in plain):
        return  # not the Strip this was written against: leave it as it is

    def __init__(self: Strip, segments: Any, cell_length: int | None = None) -> None:
        self._segments = list(segments)
        self._cell_length = cell_length
        for name in plain:
            object.__setattr__(self, name, None)

    def __getattr__(self: Strip, name: str) -> Any:
        size = sizes.get(name)
        if size is None:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        cache: FIFOCache[Any, Any] = FIFOCache(size)
        object.__setattr__(self, name, cache)
        return cache

    Strip.__init__ = __init__  # type: ignore[method-assign]
    Strip.__getattr__ = __getattr__  # type: ignore[attr-defined]
    Strip.caches_made_on_use = True  # type: ignore[attr-defined]


def share_and_defer() -> None:
    """Install :func:`share_parsed_css` and :func:`lazy_strip_caches` (once per process)."""
    share_parsed_css()
    lazy_strip_caches()
