"""Traceability: which scenarios verify which clause, and the lint that keeps that map whole.

The lint (issue 4 §2) holds for every registered profile (:data:`steps.profiles.PROFILES`):

* every active clause checked by scenario (``checked_by: scenario``) is cited by at least
  one scenario of the profile, and no planned clause (``status: planned``, a later part of
  a profile being built) is;
* every scenario cites at least one clause with a tag ``@clause:<id>``;
* every cited clause exists in the profile's own catalogue;
* clause tags sit on a scenario, a rule or the feature, never on an ``Examples`` block
  (pytest-bdd would not turn those into ``clause`` markers).

A catalogue of a profile that is not registered yet (written before its features) is not
required to be covered. The conformance report uses :func:`coverage` to list, for each
clause, the scenarios that verify it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from steps.bdd_private import Feature, ScenarioTemplate, parse_feature
from steps.clauses import CLAUSE_TAG, GUARD_TAG, Clause, catalogue
from steps.profiles import PROFILES, ROOT, Profile

FEATURES_ROOT = ROOT / "features"
"""Folder that holds one features folder per profile; scenario names are relative to it."""


@dataclass(frozen=True)
class ScenarioRef:
    """One scenario (or scenario outline) as written in a feature file.

    Attributes:
        feature: Path of the feature file relative to :data:`FEATURES_ROOT`, with ``/``,
            e.g. ``chat_screen/layout.feature``.
        name: The scenario's name as written (an outline keeps its ``<placeholders>``).
        line: Line of the ``Scenario`` keyword in the feature file.
        clauses: Ids cited by the scenario's tags and its feature's and rule's tags.
        tags: All tags of the scenario, its rule and its feature, without ``@``.
        examples: Ids of the outline's example rows (their values joined by ``-``, as
            pytest-bdd builds them); empty for a plain scenario.
        examples_clause_tags: Clause tags found on ``Examples`` blocks (a lint problem).
    """

    feature: str
    name: str
    line: int
    clauses: tuple[str, ...]
    tags: frozenset[str]
    examples: tuple[str, ...]
    examples_clause_tags: tuple[str, ...] = ()

    @property
    def where(self) -> str:
        """``feature:line``, for messages."""
        return f"{self.feature}:{self.line}"


def parse_features(features_dir: Path) -> list[Feature]:
    """Parse every ``.feature`` file under ``features_dir``, in path order.

    Raises:
        pytest_bdd.exceptions.FeatureError: A feature file is not valid Gherkin.
    """
    return [parse_feature(path) for path in sorted(features_dir.rglob("*.feature"))]


def read_scenarios(features_dir: Path, root: Path = FEATURES_ROOT) -> list[ScenarioRef]:
    """List the scenarios of every feature file under ``features_dir``.

    Args:
        features_dir: A profile's features folder.
        root: The folder scenario paths are given relative to.
    """
    return [
        scenario_ref(feature, template, root)
        for feature in parse_features(features_dir)
        for template in feature.scenarios.values()
    ]


def scenario_ref(feature: Feature, template: ScenarioTemplate, root: Path) -> ScenarioRef:
    """Describe one parsed scenario template as a :class:`ScenarioRef`."""
    rule_tags = template.rule.tags if template.rule is not None else set()
    tags = frozenset(template.tags | feature.tags | rule_tags)
    return ScenarioRef(
        feature=Path(feature.filename).relative_to(root).as_posix(),
        name=template.name,
        line=template.line_number,
        clauses=tuple(sorted(clause_ids(tags))),
        tags=tags,
        examples=tuple(example_ids(template)),
        examples_clause_tags=tuple(
            sorted(tag for examples in template.examples for tag in clause_ids(examples.tags))
        ),
    )


def clause_ids(tags: Iterable[str]) -> list[str]:
    """Return the clause ids cited by ``tags`` (``clause:<id>`` or ``guard:<id>``, no ``@``)."""
    return [
        tag.removeprefix(prefix)
        for tag in tags
        for prefix in (CLAUSE_TAG, GUARD_TAG)
        if tag.startswith(prefix)
    ]


def example_ids(template: ScenarioTemplate) -> list[str]:
    """Return the id of each example row of an outline: its values joined by ``-``."""
    return [
        "-".join(str(value) for value in context.values())
        for examples in template.examples
        for context in examples.as_contexts()
    ]


def coverage(
    clauses: Mapping[str, Clause], scenarios: Iterable[ScenarioRef]
) -> dict[str, list[ScenarioRef]]:
    """Map each clause id of ``clauses`` to the scenarios citing it, in scenario order."""
    covered: dict[str, list[ScenarioRef]] = {clause_id: [] for clause_id in clauses}
    for scenario in scenarios:
        for clause_id in scenario.clauses:
            if clause_id in covered:
                covered[clause_id].append(scenario)
    return covered


def lint(clauses: Mapping[str, Clause], scenarios: Iterable[ScenarioRef]) -> list[str]:
    """Check one profile's scenarios against its catalogue.

    Args:
        clauses: The profile's catalogue, by id.
        scenarios: The profile's scenarios.

    Returns:
        One sentence per problem, naming the clause or the scenario (file and line);
        empty when the map is whole.
    """
    scenarios = list(scenarios)
    problems = []
    for scenario in scenarios:
        if not scenario.clauses:
            problems.append(
                f"{scenario.where}: scenario {scenario.name!r} cites no clause "
                f"(add a tag @{CLAUSE_TAG}<id>)"
            )
        problems += [
            f"{scenario.where}: scenario {scenario.name!r} cites unknown clause {clause_id!r}"
            for clause_id in scenario.clauses
            if clause_id not in clauses
        ]
        problems += [
            f"{scenario.where}: scenario {scenario.name!r} has @{CLAUSE_TAG}{clause_id} on an "
            "Examples block; tag the scenario instead"
            for clause_id in scenario.examples_clause_tags
        ]
    for clause_id, citing in coverage(clauses, scenarios).items():
        clause = clauses[clause_id]
        if clause.status == "planned" and citing:
            problems.append(
                f"clause {clause_id!r} is planned ({clause.planned_for}) but cited by "
                + ", ".join(ref.where for ref in citing)
            )
        if not citing and clause.checked_by == "scenario" and clause.status == "active":
            problems.append(
                f"clause {clause_id!r} ({clauses[clause_id].level}) has no scenario citing it"
            )
    return problems


def lint_profiles(profiles: Iterable[Profile] = PROFILES) -> list[str]:
    """Run :func:`lint` for each registered profile against its catalogue and features.

    Returns:
        Every problem, each prefixed with the profile name.
    """
    return [
        f"profile {profile.name}: {problem}"
        for profile in profiles
        for problem in lint(catalogue(profile.name), read_scenarios(profile.features_dir))
    ]
