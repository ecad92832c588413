"""No false verdicts: two more correct implementations, built unlike the others, pass.

``examples/listview_chat`` (a ``ListView`` of ``ListItem`` rows, each holding a
``Label``; exchanges as the only storage) and ``examples/richtext_chat`` (custom widgets
whose ``render()`` returns a Rich ``Align`` around a justified ``Text``; an immutable
tuple of posts) meet the spec in ways neither the reference app nor the other examples
do. Each runs the whole features suite in a subprocess, as
``tests/test_alt_chat_conformance.py`` runs the first two, in pytest-randomly's order.
"""

from __future__ import annotations

import pytest

from tests.test_alt_chat_conformance import outcome_counts, run_features, scenario_count

__all__ = ["scenario_count"]  # the fixture, shared with tests/test_alt_chat_conformance.py

LISTVIEW_ADAPTER = "examples.listview_chat.adapter:adapter"
RICHTEXT_ADAPTER = "examples.richtext_chat.adapter:adapter"
SEED = "12"
"""pytest-randomly seed of both runs (any seed should pass; one is fixed to reproduce)."""


@pytest.mark.parametrize("adapter", [LISTVIEW_ADAPTER, RICHTEXT_ADAPTER], ids=["list", "rich"])
def test_the_whole_features_suite_passes_against_another_correct_implementation(
    scenario_count: int, adapter: str
) -> None:
    completed = run_features(f"--adapter={adapter}", "-q", "-rfE", seed=SEED)
    assert completed.returncode == 0, completed.stdout[-4000:] + completed.stderr
    assert outcome_counts(completed) == {"passed": scenario_count}
