"""The order ``tests/catch_first.py`` gives a mutant run: named first, long last, none dropped."""

from __future__ import annotations

from typing import Any

import pytest

from tests.catch_first import order


class Scenario:
    """An item as :func:`order` reads it: a node id and maybe a ``scenario_timeout`` marker."""

    def __init__(self, nodeid: str, long: bool = False) -> None:
        self.nodeid = nodeid
        self.long = long

    def get_closest_marker(self, name: str) -> Any:
        wanted = name == "scenario_timeout" and self.long
        return pytest.mark.scenario_timeout(600) if wanted else None


def ids(items: list[Any]) -> list[str]:
    return [item.nodeid for item in items]


def test_named_scenarios_lead_in_the_order_given_and_the_rest_keep_file_order() -> None:
    items: list[Any] = [Scenario("a"), Scenario("b"), Scenario("c"), Scenario("d")]

    assert ids(order(items, ["c", "gone", "a"])) == ["c", "a", "b", "d"]


def test_a_long_scenario_runs_after_the_short_ones_even_when_named() -> None:
    items: list[Any] = [Scenario("explore", long=True), Scenario("b"), Scenario("c")]

    assert ids(order(items, ["explore"])) == ["b", "c", "explore"]
    assert ids(order(items, ["c", "explore"])) == ["c", "b", "explore"]
