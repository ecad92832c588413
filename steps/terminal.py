"""The terminal size of every scenario: ``--terminal-size COLSxROWS``.

Read like every setting of the harness (``steps.settings``): the command line, then
``$CHAT_CONFORMANCE_TERMINAL_SIZE``, then the ``chat_terminal_size`` ini key, then 80x24.
A scenario that names its own size (``Given the chat app is running in a terminal of
60x12 cells``) keeps it: that size is part of what the scenario checks.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

import pytest

from steps.settings import Setting, environ

DEFAULT_SIZE = (80, 24)
"""(columns, rows) in cells when nothing is set."""
MINIMUM = (20, 8)
"""The smallest size accepted, in cells: room for an item, its border and the input."""
SETTING = Setting("--terminal-size", "CHAT_CONFORMANCE_TERMINAL_SIZE", "chat_terminal_size")
"""Where the size is read from, in precedence order."""
SIZE_KEY = pytest.StashKey["TerminalSize"]()
"""The terminal size of this run's scenarios, on ``config.stash`` (:func:`configure`)."""
PATTERN = re.compile(r"\s*(\d+)\s*[xX]\s*(\d+)\s*")


class TerminalSizeError(ValueError):
    """The size is not ``COLSxROWS`` or is too small; the message names its source."""


@dataclass(frozen=True)
class TerminalSize:
    """The terminal size of the run and where it came from.

    Attributes:
        columns: Width in cells.
        rows: Height in cells.
        source: The setting that supplied it, e.g. ``--terminal-size (command line)``.
    """

    columns: int
    rows: int
    source: str

    @property
    def cells(self) -> tuple[int, int]:
        """``(columns, rows)``, as ``App.run_test(size=...)`` takes it."""
        return self.columns, self.rows

    def describe(self) -> str:
        """``80x24 (default)``, for the report header."""
        return f"{self.columns}x{self.rows} ({self.source})"


def add_options(parser: pytest.Parser) -> None:
    """Register ``--terminal-size`` and its ini key."""
    SETTING.add_to(
        parser,
        metavar="COLSxROWS",
        help="terminal size of every scenario that names none, e.g. 120x40 (falls back to "
        f"${SETTING.env_var}, then the {SETTING.ini_key} ini key, then "
        f"{DEFAULT_SIZE[0]}x{DEFAULT_SIZE[1]})",
        ini_help=f"terminal size when {SETTING.option} is not given",
    )


def configure(config: pytest.Config) -> None:
    """Resolve the run's terminal size into :data:`SIZE_KEY`.

    Raises:
        TerminalSizeError: The value set is not ``COLSxROWS`` or too small; names its source.
    """
    config.stash[SIZE_KEY] = resolve_size(*SETTING.given(config), environ())


def resolve_size(option: str | None, ini: str | None, environ: Mapping[str, str]) -> TerminalSize:
    """Pick the size by precedence: option, environment, ini, default.

    Args:
        option: Value of ``--terminal-size`` or ``None``.
        ini: Value of the ini key or ``None``/empty.
        environ: The process environment.

    Raises:
        TerminalSizeError: The chosen value is not ``COLSxROWS`` (e.g. ``120x40``) or is
            smaller than :data:`MINIMUM`.
    """
    found = SETTING.first_set(option, ini, environ)
    if found is None:
        return TerminalSize(*DEFAULT_SIZE, "default")
    value, source = found
    match = PATTERN.fullmatch(value)
    if match is None:
        raise TerminalSizeError(
            f"{source}: {value!r} is not a terminal size; write COLSxROWS, e.g. 120x40"
        )
    columns, rows = int(match[1]), int(match[2])
    if columns < MINIMUM[0] or rows < MINIMUM[1]:
        raise TerminalSizeError(
            f"{source}: {value!r} is too small; the smallest size is {MINIMUM[0]}x{MINIMUM[1]}"
        )
    return TerminalSize(columns, rows, source)
