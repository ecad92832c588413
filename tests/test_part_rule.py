"""A scenario's parts, derived from what it uses (issue 37 class 3; ``AppDriver.uses``)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from steps.app_driver import AppDriver, PartRule
from steps.verdicts import HarnessError

RULE = PartRule("rawp_crs", "client", frozenset({1, 3}), frozenset({1, 2, 3}), {2: "popup"})
"""A scenario declaring parts 1 and 3 of a client claiming parts 1 to 3."""


def driver(rule: PartRule | None) -> SimpleNamespace:
    return SimpleNamespace(part_rule=rule, parts_used=set())


def test_a_declared_claimed_part_is_recorded() -> None:
    made = driver(RULE)
    AppDriver.uses(made, 1, 3)  # type: ignore[arg-type]
    assert made.parts_used == {1, 3}


def test_a_part_the_adapter_does_not_claim_ends_the_scenario_as_not_claimed() -> None:
    made = driver(RULE)
    with pytest.raises(pytest.skip.Exception, match=r"^not claimed: .* uses part 4"):
        AppDriver.uses(made, 4)  # type: ignore[arg-type]
    assert made.parts_used == set()


def test_a_part_the_scenario_does_not_declare_is_a_harness_error_naming_the_tag() -> None:
    made = driver(RULE)
    with pytest.raises(HarnessError, match=r"uses part 2 .* \(popup\) .* tag it @part:2"):
        AppDriver.uses(made, 2)  # type: ignore[arg-type]


def test_without_a_rule_every_part_is_recorded() -> None:
    made = driver(None)
    AppDriver.uses(made, 4, 5)  # type: ignore[arg-type]
    assert made.parts_used == {4, 5}
