"""The README's Quickstart as a new user reads it (issue 41, point 14).

Its timings are a short table, not a paragraph of dates and machines (those are in
docs/performance.md), and it says how a team's own app reaches the environment pytest runs
in before ``--adapter`` can import it.
"""

from __future__ import annotations

import re

from tests.helpers import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")


def section(title: str) -> str:
    """The README's ``## title`` section, up to the next one."""
    return README.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def test_the_quickstart_timings_are_a_table_with_one_row_per_command() -> None:
    quickstart = section("Quickstart")
    rows = [line for line in quickstart.splitlines() if line.startswith("| `make ")]
    assert [row.split("`")[1] for row in rows] == ["make conformance", "make test"]
    paragraphs = [p for p in quickstart.split("\n\n") if p and not p.startswith(("|", "```"))]
    assert all(len(p) < 400 for p in paragraphs), max(paragraphs, key=len)
    assert not re.search(r"December|20\d\d", quickstart)  # the dates live in performance.md


def test_checking_your_own_app_says_to_install_it_into_the_venv_first() -> None:
    own = section("Check your own implementation")
    assert ".venv/bin/pip install -e" in own
    assert own.index(".venv/bin/pip install -e") < own.index("The adapter is taken from")
