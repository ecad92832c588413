"""The check audit (docs/design/check-audit.md) is whole, fresh and ties every check to a seed.

Every call of ``check``, ``violation`` and ``precondition`` in ``steps/`` (and of the
exploration's ``Explorer.check``) reports under clauses a catalogue holds; each MUST or
SHOULD clause among them quotes the seed sentence it enforces; where the clause is chosen at
run time from what the scenario cites, the case is one listed here with why. The resolution
itself is checked on a small made-up ``steps/`` tree.
"""

from __future__ import annotations

from pathlib import Path
from textwrap import dedent

import pytest

from steps.check_audit import COMMAND, PAGE, Check, checks, clauses, problems, render
from steps.clauses import Clause
from tests.test_catalogues import AWAITING_LEVEL

DOCUMENTED_DYNAMIC: dict[str, str] = {
    "browser_clause(): the clauses the running scenario cites (steps.checks.cited_clauses)": (
        "the file browser's shared steps (steps/rawp_crs/part5/browser.py) report under the "
        "first clause the scenario cites, else crs-fb-confirm-sets-workspace: a shared step "
        "serves every §7 clause, and its failure belongs to the clause the scenario verifies"
    ),
    "clause_of(): the clauses the running scenario cites (steps.checks.cited_clauses)": (
        "the token steps (steps/rawp_crs/part3/tokens.py) report under the first "
        "crs-token-*, crs-send-* or crs-input-tracks-* clause the scenario cites, else the "
        "default the call names (listed on the row)"
    ),
}
"""The dynamic parts a check's clause may have, with why: each a clause the running scenario
cites, so every clause it can be is one the scenario's own tags name."""


@pytest.fixture(scope="module")
def found() -> list[Check]:
    return checks()


@pytest.fixture(scope="module")
def known() -> dict[str, Clause]:
    return clauses()


# -- the real steps ---------------------------------------------------------------------


def test_the_generated_page_is_up_to_date(found: list[Check], known: dict[str, Clause]) -> None:
    assert PAGE.read_text(encoding="utf-8") == render(found, known), (
        f"{PAGE.name} is stale (a check, its clause, its condition or a quote changed): "
        f"run `{COMMAND}`"
    )


def test_every_check_is_tied_to_a_clause_quoting_its_seed(
    found: list[Check], known: dict[str, Clause]
) -> None:
    wrong = problems(found, known, unquoted=AWAITING_LEVEL, dynamic=DOCUMENTED_DYNAMIC)
    assert not wrong, "\n".join(wrong)


def test_every_documented_dynamic_case_still_occurs(found: list[Check]) -> None:
    seen = {reason for check in found for reason in check.dynamic}
    assert set(DOCUMENTED_DYNAMIC) <= seen, set(DOCUMENTED_DYNAMIC) - seen


def test_the_audit_sees_the_checks_it_governs(found: list[Check]) -> None:
    """Every kind of call is found in both profiles: a moved folder would leave it empty."""
    assert len(found) > 400
    assert {check.kind for check in found} == {
        "check",
        "violation",
        "precondition",
        "Explorer.check",
    }
    assert {check.path.split("/")[1] for check in found} >= {"chat_screen", "rawp_crs"}
    helper = [c for c in found if c.function == "check_against_input"]
    assert helper and set(helper[0].clauses) >= {
        "crs-slash-popup-overlay",
        "crs-at-popup-overlay",
    }


# -- the resolution, on a made-up tree --------------------------------------------------

TREE = {
    "checks.py": "def check(*a): ...\ndef violation(*a): ...\ndef precondition(*a): ...\n",
    "shared.py": """
        from steps.checks import check, cited_clauses
        PAIR = ("clause-d", "clause-e")

        def helper(seen, clause):
            check(seen, clause, "the thing", f"{seen} to hold")

        def pick(request, default):
            cited = cited_clauses(request.node)
            return cited[0] if cited else default
        """,
    "part1/first_steps.py": """
        from hypothesis.stateful import precondition
        from pytest_bdd import then
        from steps.checks import check, scenario_clause, violation
        from steps.shared import PAIR, helper, pick

        @then("it holds")
        def holds(request, seen):
            check(seen, "clause-a", "the app", "it to hold")
            clause = scenario_clause(request, "clause-b", *PAIR)
            check(seen, clause, "the app", "again")
            helper(seen, "clause-c")
            violation(pick(request, "clause-f"), "the app", "a pick", "none")

        @precondition(lambda self: True)
        def rule(self):
            helper(1, "clause-g")
        """,
}


def made_up(tmp_path: Path) -> list[Check]:
    root = tmp_path / "steps"
    for name, text in TREE.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(dedent(text), encoding="utf-8")
    return checks(root)


def test_literals_candidates_helpers_and_returns_are_resolved(tmp_path: Path) -> None:
    found = made_up(tmp_path)
    by_line = {(check.function, check.kind, check.expected): check for check in found}
    assert len(found) == 4  # hypothesis's precondition is not a check
    assert by_line[("holds", "check", "it to hold")].clauses == ("clause-a",)
    assert by_line[("holds", "check", "again")].clauses == ("clause-b", "clause-d", "clause-e")
    helper = by_line[("helper", "check", "f'{seen} to hold'")]
    assert helper.clauses == ("clause-c", "clause-g")  # what every caller passes
    assert helper.path == "steps/shared.py"
    picked = by_line[("holds", "violation", "a pick")]
    assert picked.clauses == ("clause-f",)
    assert picked.dynamic == (
        "pick(): the clauses the running scenario cites (steps.checks.cited_clauses)",
    )
    assert picked.step == "Then it holds"


def clause(clause_id: str, level: str = "MUST", quote: str | None = "q") -> Clause:
    return Clause(
        id=clause_id,
        level=level,  # type: ignore[arg-type]
        text="t",
        source="000 s",
        area="a",
        profile="p",
        quote=quote,
    )


def test_a_check_not_tied_to_a_quoted_clause_is_named(tmp_path: Path) -> None:
    found = made_up(tmp_path)
    dynamic = {reason for check in found for reason in check.dynamic}
    known = {f"clause-{name}": clause(f"clause-{name}") for name in "abcdefg"}
    assert problems(found, known, dynamic=dynamic) == []

    helper = "steps/shared.py: helper: check (\"f'{seen} to hold'\")"
    missing = {k: v for k, v in known.items() if k != "clause-g"}
    assert problems(found, missing, dynamic=dynamic) == [
        f"{helper}: reports under 'clause-g', in no catalogue"
    ]
    unquoted = {**known, "clause-g": clause("clause-g", "SHOULD", None)}
    assert problems(found, unquoted, dynamic=dynamic) == [
        f"{helper}: reports under the SHOULD clause clause-g, which quotes no seed sentence "
        "(add its `quote:`, or it is HARDENING)"
    ]
    assert problems(found, unquoted, unquoted={"clause-g"}, dynamic=dynamic) == []
    hardening = {**known, "clause-g": clause("clause-g", "HARDENING", None)}
    assert problems(found, hardening, dynamic=dynamic) == []
    (undocumented,) = problems(found, known)
    assert undocumented.endswith(
        "depends on pick(): the clauses the running scenario cites "
        "(steps.checks.cited_clauses), not a documented dynamic case"
    )
