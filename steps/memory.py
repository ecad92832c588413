"""Python's garbage collector in a long run of scenarios: what start-up built, it never walks.

A run imports pytest, Textual, pytest-bdd, Hypothesis, the harness and the apps, and
collects every scenario; all of it lives until the run ends. Python's collector walks
every object it tracks at each full collection, and a scenario run triggers several (each
app is a graph of thousands of objects). Freezing what exists once collection has ended
(``gc.freeze``, after one full collection so no garbage is kept) moves it out of the
collector's sight: in a sample of 26 rawp_crs scenarios, the collector's share of the
CPU fell from about 30 % to under 20 % (docs/performance.md, fifth pass).
"""

from __future__ import annotations

import gc


def freeze_start_up() -> None:
    """Collect once, then freeze every object that survives (``pytest_collection_finish``).

    Safe to call more than once (a forked run that collects again freezes what it added).
    """
    gc.collect()
    gc.freeze()
