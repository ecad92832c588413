"""One precedence for every setting of the harness: option, environment, ini, default.

A setting (``--adapter``, ``--scenario-timeout``, and those a later profile adds) can come
from the command line, an environment variable or an ini key; the first one set wins,
and the value travels with the name of its source, so every error message and the
report header can say where a value came from.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

import pytest

GROUP = ("chat-conformance", "chat screen conformance")
"""Name and description of the option group every setting of the harness is in."""


@dataclass(frozen=True)
class Setting:
    """Where one setting is read from.

    Attributes:
        option: The command-line option, e.g. ``--adapter``.
        env_var: The environment variable.
        ini_key: The ini key.
    """

    option: str
    env_var: str
    ini_key: str

    @property
    def dest(self) -> str:
        """The attribute pytest stores the option under: ``--fail-on`` is ``fail_on``."""
        return self.option.removeprefix("--").replace("-", "_")

    def add_to(self, parser: pytest.Parser, *, metavar: str, help: str, ini_help: str) -> None:
        """Register the command-line option (in the harness's group) and the ini key."""
        parser.getgroup(*GROUP).addoption(self.option, default=None, metavar=metavar, help=help)
        parser.addini(self.ini_key, ini_help, default="")

    def given(self, config: pytest.Config) -> tuple[str | None, str]:
        """The values of the command-line option and the ini key in ``config``."""
        return config.getoption(self.dest), config.getini(self.ini_key)

    def first_set(
        self, option: str | None, ini: str | None, environ: Mapping[str, str]
    ) -> tuple[str, str] | None:
        """The first non-empty value by precedence, with its source in words.

        Args:
            option: Value of the command-line option, or ``None``.
            ini: Value of the ini key, or ``None``/empty.
            environ: The process environment.

        Returns:
            ``(value, source)``, the source e.g. ``"--adapter (command line)"``;
            ``None`` when none of the three is set (the caller's default applies).
        """
        for value, source in (
            (option, f"{self.option} (command line)"),
            (environ.get(self.env_var), f"${self.env_var} (environment)"),
            (ini, f"{self.ini_key} (ini file)"),
        ):
            if value:
                return value, source
        return None


def environ() -> dict[str, str]:
    """Return a copy of the process environment (a seam for tests)."""
    return dict(os.environ)
