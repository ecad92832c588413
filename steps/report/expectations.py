"""Expectations files: the scenarios an implementation is known to fail, run as strict xfail.

Where the file comes from, first one set wins: ``--expectations FILE`` (relative to the
directory pytest was started in), then the adapter's optional ``expectations`` attribute
(a path; a relative one is taken from the folder of the module that defines the adapter's
class). The format (YAML, checked against ``expectations.schema.json``)::

    expectations:
      - feature: chat_screen/layout.feature          # relative to features/
        scenario: Items are aligned by role in their computed styles
        reason: our items are auto-width labels (issue 12)
      - feature: chat_screen/layout.feature
        scenario: The layout holds in a <columns>x<rows> terminal   # as written
        examples: ["40-20"]                          # outline rows; all rows if left out
        reason: the border is lost below 60 columns

Every entry must name a scenario of a registered profile's feature files (an unknown
feature, scenario or example row is an error before any scenario runs) and no scenario
may be listed twice. Each listed scenario gets ``pytest.mark.xfail(strict=True)``: when
it passes, the run fails, so the file cannot go stale.
"""

from __future__ import annotations

import difflib
import json
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft202012Validator

from steps.clauses import YAML_LOADER
from steps.traceability import ScenarioRef

SCHEMA_PATH = Path(__file__).with_name("expectations.schema.json")
"""JSON Schema of an expectations file."""
ADAPTER_ATTRIBUTE = "expectations"
"""Optional adapter attribute naming the implementation's expectations file."""

Key = tuple[str, str, str | None]
"""``(feature, scenario, example id or None)``: the stable name of one test."""


class ExpectationsError(Exception):
    """The expectations file cannot be read, does not match its schema, or names unknown tests."""


@dataclass(frozen=True)
class Expectation:
    """One entry: a scenario (or some of an outline's rows) and why it fails.

    Attributes:
        feature: Feature file relative to ``features/``.
        scenario: Scenario name as written.
        examples: Ids of the outline rows it covers; ``None`` for all rows.
        reason: Why the implementation fails it.
    """

    feature: str
    scenario: str
    examples: frozenset[str] | None
    reason: str

    def covers(self, key: Key) -> bool:
        """Whether this entry names the test ``key``."""
        feature, scenario, example = key
        return (feature, scenario) == (self.feature, self.scenario) and (
            self.examples is None or example in self.examples
        )


@dataclass(frozen=True)
class Expectations:
    """A loaded expectations file.

    Attributes:
        path: The file.
        source: The setting that named it, for messages.
        entries: Its entries, in file order.
    """

    path: Path
    source: str
    entries: tuple[Expectation, ...]

    def find(self, key: Key) -> Expectation | None:
        """Return the entry covering ``key``, or ``None``."""
        return next((entry for entry in self.entries if entry.covers(key)), None)


def locate(option: str | None, adapter: object, invocation_dir: Path) -> tuple[Path, str] | None:
    """Find the expectations file by precedence: ``--expectations``, then the adapter.

    Returns:
        The path and the setting that named it, or ``None`` when there is none.
    """
    if option:
        return invocation_dir / option, "--expectations (command line)"
    named = getattr(adapter, ADAPTER_ATTRIBUTE, None)
    if not named:
        return None
    path = Path(named)
    if not path.is_absolute():
        module = sys.modules.get(type(adapter).__module__)
        module_file = getattr(module, "__file__", None)
        path = (Path(module_file).parent if module_file else invocation_dir) / path
    return path, f"adapter attribute {type(adapter).__name__}.{ADAPTER_ATTRIBUTE}"


def load(path: Path, source: str, known: Iterable[ScenarioRef]) -> Expectations:
    """Read and check an expectations file against the known scenarios.

    Args:
        path: The file.
        source: The setting that named it.
        known: Every scenario of the registered profiles.

    Raises:
        ExpectationsError: Unreadable, not matching the schema, naming an unknown
            feature, scenario or example row, or naming a test twice; the message
            lists every problem with the file and its source.
    """
    where = f"expectations file {path} (from {source})"
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=YAML_LOADER)
    except (OSError, yaml.YAMLError) as error:
        raise ExpectationsError(f"{where}: cannot be read: {error}") from error
    validator = Draft202012Validator(json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))
    problems = [f"{error.json_path}: {error.message}" for error in validator.iter_errors(data)]
    if problems:
        raise ExpectationsError(f"{where}:\n  - " + "\n  - ".join(problems))
    entries = tuple(_entry(item) for item in data["expectations"])
    problems = unknown_names(entries, known) + duplicates(entries, known)
    if problems:
        raise ExpectationsError(f"{where}:\n  - " + "\n  - ".join(problems))
    return Expectations(path, source, entries)


def _entry(item: Mapping[str, Any]) -> Expectation:
    examples = item.get("examples")
    return Expectation(
        feature=item["feature"],
        scenario=item["scenario"],
        examples=None if examples is None else frozenset(examples),
        reason=item["reason"],
    )


def unknown_names(entries: Iterable[Expectation], known: Iterable[ScenarioRef]) -> list[str]:
    """Name every entry whose feature, scenario or example row does not exist."""
    scenarios = {(ref.feature, ref.name): ref for ref in known}
    features = sorted({feature for feature, _ in scenarios})
    problems = []
    for entry in entries:
        ref = scenarios.get((entry.feature, entry.scenario))
        if entry.feature not in features:
            problems.append(f"unknown feature {entry.feature!r}{_close(entry.feature, features)}")
        elif ref is None:
            names = [name for feature, name in scenarios if feature == entry.feature]
            problems.append(
                f"{entry.feature}: unknown scenario {entry.scenario!r}"
                f"{_close(entry.scenario, names)}"
            )
        elif entry.examples is not None:
            problems += [
                f"{entry.feature}: scenario {entry.scenario!r} has no example row {example!r}"
                f" (rows: {', '.join(map(repr, ref.examples)) or 'none, it is no outline'})"
                for example in sorted(entry.examples - set(ref.examples))
            ]
    return problems


def duplicates(entries: Iterable[Expectation], known: Iterable[ScenarioRef]) -> list[str]:
    """Name every test that more than one entry covers."""
    keys: list[Key] = [
        (ref.feature, ref.name, example) for ref in known for example in (ref.examples or (None,))
    ]
    problems = []
    for key in keys:
        covering = [entry for entry in entries if entry.covers(key)]
        if len(covering) > 1:
            row = f" row {key[2]!r}" if key[2] is not None else ""
            problems.append(f"{key[0]}: scenario {key[1]!r}{row} is listed {len(covering)} times")
    return problems


def _close(word: str, choices: list[str]) -> str:
    close = difflib.get_close_matches(word, choices, n=3)
    return f"; did you mean {' or '.join(map(repr, close))}?" if close else ""
