"""The command line of ``python -m reference_crs``: the store, the conversation and N.

``--initial-turns N`` is the client's user-facing setting of N of 002 §2.6.1
(``crs-initial-turns-configurable``), between 1 and 100 (``crs-initial-turns-bounds``).
``--store PATH`` names the SQLite file the demo agent keeps its conversations in (the
user's data directory by default); ``--conversation ID`` reopens one, ``--new`` starts a new
one, and without either the most recently used conversation is reopened, as a chat tool does.
``--list`` prints the stored conversations and exits.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from rawp_port import ClientSettings
from reference_crs.history import MAX_TURNS, turns_setting


class UsageError(ValueError):
    """The command line is wrong; the message says how."""


class _Parser(argparse.ArgumentParser):
    """An argument parser that raises :class:`UsageError` instead of exiting."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _turns(text: str) -> int:
    try:
        return turns_setting(int(text))
    except ValueError as error:
        raise argparse.ArgumentTypeError(
            f"{text!r}: a whole number between 1 and {MAX_TURNS} is needed"
        ) from error


def parser() -> argparse.ArgumentParser:
    """The parser of ``python -m reference_crs`` and of the ``reference-crs`` console script.

    Its usage line names the command as it was typed (``sys.argv[0]``).
    """
    typed = "reference-crs" if Path(sys.argv[0]).name == "reference-crs" else None
    found = _Parser(
        prog=typed or "python -m reference_crs", description="The reference RAWP-CRS client."
    )
    found.add_argument(
        "--initial-turns",
        type=_turns,
        default=ClientSettings().initial_turns,
        metavar="N",
        help=f"turns a reopened conversation shows first, and loads per request (1-{MAX_TURNS})",
    )
    found.add_argument("--store", type=Path, default=None, help="the SQLite conversation store")
    which = found.add_mutually_exclusive_group()
    which.add_argument("--conversation", default=None, metavar="ID", help="reopen conversation ID")
    which.add_argument("--new", action="store_true", help="start a new conversation")
    found.add_argument("--list", action="store_true", help="list the stored conversations")
    found.add_argument(
        "--windows",
        action="store_true",
        help="create the new session on the simulated Windows node (implies --new)",
    )
    return found


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """Parse ``argv``.

    Raises:
        UsageError: The arguments are wrong (an N outside 1..100, say).
    """
    return parser().parse_args(argv)


def settings_from_args(argv: Sequence[str]) -> ClientSettings:
    """The client's settings a user sets on the command line (the conversation aside).

    Raises:
        ValueError: The arguments are wrong (:class:`UsageError`).
    """
    return ClientSettings(initial_turns=parse(argv).initial_turns)
