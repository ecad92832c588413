"""The user's settings of the third client: ``--turns N`` (002 §2.6.1).

N, the number of turns a reopened conversation shows first and each load adds, is set on
the command line; it must lie in 1..100 (002 §2.6.1: minimum 1, at most 100).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from rawp_port import ClientSettings

MIN_TURNS = 1
"""The smallest N (002 §2.6.1)."""

MAX_TURNS = 100
"""The largest N this client allows (002 §2.6.1: 100 or less)."""


def turns(value: str) -> int:
    """Parse N.

    Raises:
        ValueError: ``value`` is not a whole number in 1..100.
    """
    number = int(value.strip())
    if not MIN_TURNS <= number <= MAX_TURNS:
        raise ValueError(f"--turns must be {MIN_TURNS} to {MAX_TURNS}, got {number}")
    return number


def settings_from_args(argv: Sequence[str]) -> ClientSettings:
    """The settings a command line gives: ``--turns N`` and ``--conversation ID``.

    Raises:
        ValueError: A value is refused (the message names it).
    """
    parser = argparse.ArgumentParser(prog="python -m examples.crs_third", exit_on_error=False)
    parser.add_argument("--turns", default="10")
    parser.add_argument("--conversation", default=None)
    try:
        options = parser.parse_args(list(argv))
    except argparse.ArgumentError as error:
        raise ValueError(str(error)) from error
    return ClientSettings(initial_turns=turns(options.turns), conversation_id=options.conversation)
