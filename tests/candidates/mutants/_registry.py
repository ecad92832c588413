"""The registry of the reference chat_screen app's mutants and their adapter."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from textual.app import App

from reference_app.app import ChatApp
from reference_app.conformance import ReferenceAdapter


@dataclass(frozen=True)
class Mutant:
    """One registered mutant.

    Attributes:
        name: Attribute name for ``--adapter tests.candidates.mutants:<name>``.
        clause: Id of the clause it breaks.
        app: The mutant app class.
    """

    name: str
    clause: str
    app: type[App[Any]]

    @property
    def defect(self) -> str:
        """What the mutant does wrong: its docstring after the clause id."""
        return (self.app.__doc__ or "").strip().partition(": ")[2]


AppT = TypeVar("AppT", bound=App[Any])


MUTANTS: dict[str, Mutant] = {}
"""Every mutant by name, in catalogue order."""


DOCSTRING = re.compile(r"(?P<clause>[a-z]+(?:-[a-z]+)*): (?P<defect>[^\n]+)")
"""A mutant's docstring: the clause it breaks, a colon, the defect in words."""


def register(store: dict[str, Mutant], app: type[AppT]) -> type[AppT]:
    """Register ``app`` in ``store``; its docstring reads ``<clause id>: <what is wrong>``.

    Raises:
        ValueError: The docstring is not one line in that form.
    """
    found = DOCSTRING.fullmatch((app.__doc__ or "").strip())
    if found is None:
        raise ValueError(f"{app.__name__}: docstring must be one line '<clause id>: <defect>'")
    name = re.sub(r"(?<!^)(?=[A-Z])", "_", app.__name__).lower()
    store[name] = Mutant(name, found["clause"], app)
    return app


def mutant(app: type[ChatApp]) -> type[ChatApp]:
    """Register ``app`` as a mutant of the reference app (profile ``chat_screen``)."""
    return register(MUTANTS, app)


class MutantAdapter(ReferenceAdapter):
    """The reference adapter, creating a mutant's app instead of the reference app."""

    def __init__(self, entry: Mutant) -> None:
        """Adapt ``entry``'s app."""
        self.mutant = entry
        self.name = f"mutant {entry.name}"
        self.terminal_parser = getattr(entry.app, "TERMINAL_PARSER", self.terminal_parser)

    def create_app(self, context: object = None) -> App[Any]:
        """Return a fresh app of the mutant."""
        return self.mutant.app()

    def messages(self, app: App[Any]) -> Sequence[tuple[Any, str]]:
        """``(role, body)`` per stored message; ``None`` as role where none is stored."""
        assert isinstance(app, ChatApp)
        return [
            (getattr(message, "role", None), getattr(message, "body", str(message)))
            for message in app.session.messages
        ]
