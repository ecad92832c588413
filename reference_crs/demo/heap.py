"""The demo program's garbage collection: full collections off the typing path.

A long reply drawn by Textual leaves hundreds of thousands of small objects alive (each
rendered line is a ``Strip`` holding seven caches). Python's full collections walk all of
them, and they run on their own while the reply streams: up to a second each on a loaded
machine, during which no key is echoed (issue 41 point 2; benchmark 13 measured 25 full
collections, 14 s in all, while a 500-line echo streamed).

So the demo program, which owns its process, moves every object that survives a young
collection out of the collector's sight (``gc.freeze``): the full collections Python starts
then walk only what is new. Not while streamed text is being drawn: an append's parse
makes blocks it throws away once drawn, and frozen they would stay until the turn ends
(measured: 50 MB more at the peak of a 2,000-line echo). Garbage among frozen objects (a
closed dialog, replaced blocks) is reclaimed when a turn ends, by one full collection of
everything (``gc.unfreeze``, then ``gc.collect``, then ``gc.freeze`` again). Objects
without cycles, most of them, are freed the moment they are dropped, frozen or not.

Only :func:`install`'s caller's process is affected: the conformance suite and the tests,
which run many apps in one process and measure what each leaves behind, never install it.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from typing import Any

_installed = False
_quiet: Callable[[], bool] = lambda: True  # noqa: E731 (replaced by install)


def _freeze_survivors(phase: str, info: dict[str, Any]) -> None:
    """After each collection of the young generations, freeze what survived (when quiet)."""
    if phase == "stop" and info.get("generation") == 1 and _quiet():
        gc.freeze()


def install(quiet: Callable[[], bool] = lambda: True) -> None:
    """Freeze what survives each collection of the young generations, from now on.

    Args:
        quiet: Whether nothing is being drawn now that makes short-lived garbage (the app's
            streams: ``lambda: not app.pacing.drawing``); survivors are frozen only then.
    """
    global _installed, _quiet
    _quiet = quiet
    if not _installed:
        gc.callbacks.append(_freeze_survivors)
        _installed = True


def uninstall() -> None:
    """Stop freezing (what is frozen stays so: the process is ending, or a test's)."""
    global _installed
    if _installed:
        gc.callbacks.remove(_freeze_survivors)
        _installed = False


def collect_fully() -> None:
    """Reclaim the garbage among frozen objects: one full collection, then freeze again."""
    if _installed:
        gc.unfreeze()
        gc.collect()
        gc.freeze()
