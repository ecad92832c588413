"""The adapter contract: how the harness reaches an implementation under test.

An adapter is the only place that knows a candidate's widget ids, where it keeps its
messages and how it chooses a response. The harness drives the app through Textual's
Pilot and reads everything else from the screen.

What an implementation decides: its widget ids, widget classes and nesting, its input
field (an ``Input``, a ``TextArea``, ...), the storage of its messages and records, its
response list. What the harness guarantees: one fresh app per scenario from
:meth:`ChatScreenAdapter.create_app`, accessors called while that app runs or after it
has exited (the quitting scenarios read the state it left), the response-choice site
restored after every scenario, and a verdict per scenario (pass, fail, error, timeout),
never a hung run.

The per-scenario lifecycle (protocol version 2): the harness makes one
:class:`ScenarioContext` per scenario, with a fresh, empty ``data_dir``, and hands it to
every ``create_app`` call of that scenario, so an app that stores state on disk can tell a
new scenario (an empty directory) from a restart within one (the directory the previous
app left). After the scenario's last app has stopped, the harness calls the adapter's
optional ``end_scenario(context)``; the directory is removed later by pytest.

Version history of :data:`PROTOCOL_VERSION`:

* ``1``: profile ``chat_screen`` (seeds 000 and 001); ``create_app()`` takes no argument.
* ``2``: ``create_app`` belongs to each profile's capability; profile ``chat_screen``'s
  ``create_app(context)`` takes the :class:`ScenarioContext`; optional ``end_scenario``;
  profile ``rawp_crs`` (:class:`RawpCrsAdapter`) with ``create_client``.
  Adapters declaring version 1 keep working unchanged (``create_app()`` is called
  without an argument, and no ``end_scenario`` is called).
  Within version 2 (issue 23): profile ``rawp_crs`` is claimed in parts, each with its
  ``Protocol`` (:class:`RawpCrsPart1` to :class:`RawpCrsPart5`) and the optional attribute
  ``rawp_crs_parts`` (every part when absent); ``timestamp_reveal`` became a member of
  part 1, so a hover-revealing client is never read as inline.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, runtime_checkable

PROTOCOL_VERSION = 2
"""Version of the adapter contract defined in this module."""
SUPPORTED_VERSIONS = (1, 2)
"""Versions of the contract the harness drives; an adapter declares one of them."""


@dataclass(frozen=True)
class ScenarioContext:
    """What the harness hands an app factory for one scenario (protocol version 2).

    Attributes:
        scenario: The scenario's name, as the feature writes it.
        data_dir: A directory for this scenario only: empty when the scenario starts, the
            same for every app the scenario starts (a restart finds what the app before
            it left there), never shared with another scenario.
    """

    scenario: str
    data_dir: Path


@runtime_checkable
class Adapter(Protocol):
    """What every adapter provides, whatever profiles it claims."""

    name: str
    """Short name of the implementation, shown in the report header."""
    implementation_version: str
    """Version of the implementation under test, shown in reports."""
    protocol_version: int
    """The :data:`PROTOCOL_VERSION` the adapter was written against."""
    profiles: Collection[str]
    """Names of the conformance profiles the implementation claims (``steps.profiles``)."""
