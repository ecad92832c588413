"""Living docs: every feature in readable form, with screenshots taken by running it.

One source: ``pytest features -m screenshot --living-docs=DIR`` runs the scenarios and,
at the end of each scenario tagged ``@screenshot`` that passes (after its step ``n`` for
``@screenshot:n``), saves the app's screen as
``DIR/screenshots/<feature>--<scenario>[--<example>].svg``; for the rules of
:data:`CONTRASTS`, it also runs the scenario against a broken variant and saves the
screen at its failure; then it writes
``DIR/features.md`` from the feature files, the clause catalogue and the screenshots in
that folder. ``python -m steps.report.living [DIR]`` rewrites the page alone, from the
screenshots already there (the default DIR is ``docs/living``).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from steps.bdd_private import Feature, ScenarioTemplate, Step, python_name
from steps.clauses import Clause, catalogue
from steps.profiles import PROFILES, ROOT, Profile
from steps.report.build import slug
from steps.report.expectations import Key
from steps.traceability import FEATURES_ROOT, clause_ids, example_ids, parse_features

SCREENSHOT_TAG = "screenshot"
"""Tag of the scenarios whose final screen the living docs show.

``@screenshot:<n>`` shows the screen right after the scenario's ``n``-th own step
(background steps not counted) instead: for a rule visible only mid-scenario, such as an
interaction panel that the last steps close."""
DEFAULT_DIR = ROOT / "docs" / "living"
"""Where the committed living docs live."""
PAGE = "features.md"
"""File name of the generated page."""
MUTANTS_MODULE = "tests.candidates.crs_mutants"
"""The mutant catalogue the contrast pictures come from."""


@dataclass(frozen=True)
class Contrast:
    """A rule shown by contrast: the reference's screen beside a broken variant's.

    Attributes:
        feature: Feature file below ``features/`` of the scenario shown (tagged
            ``@screenshot``, so the reference's picture is taken by the same run).
        scenario: The scenario's name; the variant fails it, and its picture is the
            screen at that failure.
        mutant: Name of the broken variant in :data:`MUTANTS_MODULE`.
        forbids: What the variant's picture shows, as the rule forbids it.
    """

    feature: str
    scenario: str
    mutant: str
    forbids: str

    @property
    def key(self) -> Key:
        """The reference picture's key."""
        return (self.feature, self.scenario, None)

    @property
    def name(self) -> str:
        """File name of the variant's picture."""
        return f"{_file_part(Path(self.feature).stem)}--contrast--{slug(self.mutant)}.svg"


CONTRASTS = (
    Contrast(
        "rawp_crs/actor_layout.feature",
        "A user message sits against the right edge",
        "bubble_on_left",
        "a user message at the left, where the agent's text goes (crs-user-right-aligned)",
    ),
    Contrast(
        "rawp_crs/actor_layout.feature",
        "A user message is drawn in a bubble of its own background",
        "bubble_without_background",
        "a user message without a background of its own (crs-user-bubble)",
    ),
    Contrast(
        "rawp_crs/actor_layout.feature",
        "A system notice is muted next to the agent's text",
        "system_not_muted",
        "a system notice in the agent text's colour, not muted (crs-system-muted)",
    ),
)
"""The rules the living docs explain by contrast (issue 28: alignment, bubble, muted text)."""
LINE = 100
"""Columns the raw Markdown's "Verifies" lines are wrapped at (a soft break renders as a space)."""
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]<>|#~&])")


def screenshot_step(tags: Iterable[str]) -> int | bool:
    """Which screen ``tags`` ask for: ``True`` (the last), a step number, or ``False`` (none).

    Raises:
        ValueError: A ``@screenshot:<n>`` tag whose ``n`` is not a whole number from 1.
    """
    for tag in tags:
        if tag == SCREENSHOT_TAG:
            return True
        if tag.startswith(SCREENSHOT_TAG + ":"):
            number = tag.removeprefix(SCREENSHOT_TAG + ":")
            if not number.isdigit() or int(number) < 1:
                raise ValueError(f"@{tag}: expected @{SCREENSHOT_TAG}:<step number from 1>")
            return int(number)
    return False


def screenshot_name(key: Key) -> str:
    """File name of the screenshot of ``(feature, scenario, example)``, ASCII only."""
    feature, scenario, example = key
    parts = [Path(feature).stem, scenario] + ([] if example is None else [example])
    return "--".join(_file_part(part) for part in parts) + ".svg"


def _file_part(text: str) -> str:
    """A slug of ``text``, plus a short hash when it has non-ASCII characters (Hangul)."""
    cleaned = slug(text, limit=80)
    if text.isascii():
        return cleaned
    return f"{cleaned}-{hashlib.sha256(text.encode()).hexdigest()[:6]}"


def write(
    directory: Path, shots: Mapping[Key, str], profiles: Iterable[Profile] = PROFILES
) -> Path:
    """Save ``shots`` (SVG text by test key) and regenerate the page in ``directory``.

    For each of :data:`CONTRASTS` whose reference picture is in ``shots``, the broken
    variant's picture is taken too (:func:`take_contrast`).

    Returns:
        The path of the page.

    Raises:
        ContrastError: A variant passed its scenario or left no picture (after the page
            was written, with a placeholder for that picture).
    """
    folder = directory / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    for key, svg in shots.items():
        (folder / screenshot_name(key)).write_text(svg, encoding="utf-8")
    failures = []
    for contrast in CONTRASTS:
        if contrast.key in shots:
            try:
                svg = take_contrast(contrast)
            except ContrastError as error:
                failures.append(str(error))
                continue
            (folder / contrast.name).write_text(svg, encoding="utf-8")
    page = directory / PAGE
    page.write_text(render_page(directory, profiles), encoding="utf-8")
    if failures:
        raise ContrastError("\n".join(failures))
    return page


class ContrastError(Exception):
    """A broken variant did not give the picture of what a rule forbids."""


def take_contrast(contrast: Contrast, timeout: float = 300.0) -> str:
    """Run ``contrast``'s scenario against its broken variant; return the failure's screen.

    Runs ``pytest features/<profile> -k <scenario> --adapter <variant>
    --conformance-report=<tmp>`` in a child process and reads the screenshot the report
    took when the scenario failed.

    Raises:
        ContrastError: The variant passed the scenario, the report has no picture, or
            the run took over ``timeout`` seconds.
    """
    profile = contrast.feature.split("/")[0]
    with tempfile.TemporaryDirectory() as temporary:
        command = [
            sys.executable, "-m", "pytest", f"features/{profile}", "-q", "-p", "no:cacheprovider",
            "-p", "no:randomly", "-k", f"test_{python_name(contrast.scenario)}",
            f"--adapter={MUTANTS_MODULE}:{contrast.mutant}", f"--conformance-report={temporary}",
        ]  # fmt: skip
        try:
            subprocess.run(command, cwd=ROOT, capture_output=True, timeout=timeout, check=False)
        except subprocess.TimeoutExpired as error:
            raise ContrastError(f"{contrast.mutant}: the run took over {timeout:g} s") from error
        report_path = Path(temporary) / "report.json"
        if not report_path.is_file():
            raise ContrastError(f"{contrast.mutant}: the run wrote no report ({command})")
        report: dict[str, Any] = json.loads(report_path.read_text("utf-8"))
        found = [s for s in report["scenarios"] if s["scenario"] == contrast.scenario]
        if not found or found[0]["outcome"] != "failed" or not found[0]["screenshot"]:
            raise ContrastError(
                f"{contrast.mutant} did not fail {contrast.scenario!r} with a screenshot: "
                f"{[(s['outcome'], s['screenshot_note']) for s in found]}"
            )
        return (Path(temporary) / str(found[0]["screenshot"])).read_text("utf-8")


def render_page(directory: Path, profiles: Iterable[Profile] = PROFILES) -> str:
    """Render ``features.md`` for the screenshots present in ``directory/screenshots``."""
    lines = [
        "# The features, as they run",
        "",
        "<!-- Generated by `pytest features -m screenshot --living-docs=docs/living`",
        "     (steps/report/living.py); edit the feature files, not this page. -->",
        "",
        "Each feature of the conformance suite in readable form: its description, its",
        "scenarios with their steps and examples, and the clauses each scenario verifies.",
        "The pictures are screenshots of the implementation under test (the reference app",
        "or client unless another adapter was given), taken at the end of the scenarios",
        "tagged `@screenshot` (or after step *n* of those tagged `@screenshot:n`) when they",
        "passed. Some rules are shown by contrast: beside the reference's picture, the",
        "screen of a broken variant from the mutant catalogue, at the step that catches it.",
        "",
    ]
    defined: set[str] = set()
    for profile in profiles:
        features = parse_features(profile.features_dir)
        clauses = catalogue(profile.name)
        spec = _relative(profile.catalogue_path.with_suffix(".md"), directory)
        lines += [f"## Profile {profile.name}", "", *_contents(features), ""]
        for feature in features:
            lines += _feature(feature, clauses, directory)
            lines += _definitions(feature, clauses, spec, defined)
    return "\n".join(lines).rstrip() + "\n"


def _relative(target: Path, directory: Path) -> str:
    # os.path.relpath: pathlib's walk_up needs Python 3.12, the project supports 3.11.
    return Path(os.path.relpath(target, directory.resolve())).as_posix()


def _contents(features: list[Feature]) -> list[str]:
    return [f"- [{escape(feature.name)}](#{anchor(feature.name)})" for feature in features]


def _feature(feature: Feature, clauses: Mapping[str, Clause], directory: Path) -> list[str]:
    lines = [f"### {escape(feature.name)}", "", f"`{_feature_path(feature)}`", ""]
    description = feature.description.strip()
    if description:
        lines += [escape(line.strip()) for line in description.splitlines()] + [""]
    if feature.background is not None:
        lines += ["**Background**", "", *_steps(feature.background.steps), ""]
    for template in feature.scenarios.values():
        lines += _scenario(feature, template, clauses, directory)
    return lines


def _cited(
    feature: Feature, template: ScenarioTemplate, clauses: Mapping[str, Clause]
) -> list[Clause]:
    return [clauses[clause_id] for clause_id in sorted(clause_ids(template.tags | feature.tags))]


def _definitions(
    feature: Feature, clauses: Mapping[str, Clause], spec: str, defined: set[str]
) -> list[str]:
    """The link definitions of the clauses ``feature`` cites first on the page.

    The "Verifies" lines link each clause by reference (``[`id`]``), wrapped at
    :data:`LINE` columns, so that the raw Markdown reads as a list of ids; the clause's
    text, shown on hover, is here, one line per clause, after the feature.
    """
    new = []
    for template in feature.scenarios.values():
        for clause in _cited(feature, template, clauses):
            if clause.id not in defined:
                defined.add(clause.id)
                new.append(_definition(clause, spec))
    return [*new, ""] if new else []


def _feature_path(feature: Feature) -> str:
    return Path(feature.filename).relative_to(FEATURES_ROOT).as_posix()


def _scenario(
    feature: Feature,
    template: ScenarioTemplate,
    clauses: Mapping[str, Clause],
    directory: Path,
) -> list[str]:
    lines = [f"#### {template.keyword}: {escape(template.name)}", ""]
    cited = _cited(feature, template, clauses)
    if cited:
        verifies = "Verifies " + ", ".join(_clause_link(clause) for clause in cited)
        wrapped = textwrap.wrap(verifies, LINE, break_long_words=False, break_on_hyphens=False)
        lines += [*wrapped, ""]
    own_steps = template.steps[len(template.all_background_steps) :]
    lines += [*_steps(own_steps), ""]
    for examples in template.examples:
        lines += ["Examples:", "", *_table([examples.example_params, *examples.examples]), ""]
    shown = screenshot_step(template.tags)
    if shown is not False:
        lines += _pictures(feature, template, directory, shown)
    return lines


def _clause_link(clause: Clause) -> str:
    """``[`id`] (MUST)``: a reference link, defined after the feature (:func:`_definition`)."""
    return f"[`{clause.id}`] ({clause.level})"


def _definition(clause: Clause, spec: str) -> str:
    """The link definition of a clause: its place in the spec, its text as the link's title."""
    title = " ".join(clause.text.split()).replace('"', "'")
    return f'[`{clause.id}`]: {spec}#{anchor(clause.area)} "{title}"'


def _steps(steps: Iterable[Step]) -> list[str]:
    lines = []
    for step in steps:
        lines.append(f"- **{step.keyword.strip()}** {escape(step.name)}")
        if step.datatable is not None:
            lines += ["", *("  " + line for line in _table(step.datatable.raw())), ""]
        if step.docstring is not None:
            lines += ["", "  ```text", *("  " + line for line in step.docstring.splitlines())]
            lines += ["  ```", ""]
    return lines


def _table(rows: Sequence[Sequence[object]]) -> list[str]:
    cells = [[escape(str(value)) or " " for value in row] for row in rows]
    header, *body = cells
    return [
        "| " + " | ".join(header) + " |",
        "|" + "---|" * len(header),
        *("| " + " | ".join(row) + " |" for row in body),
    ]


def _pictures(
    feature: Feature, template: ScenarioTemplate, directory: Path, shown: int | bool
) -> list[str]:
    when = "at the end of the scenario" if shown is True else f"after step {shown}"
    rows: list[str | None] = [*example_ids(template)] or [None]
    keys: list[Key] = [(_feature_path(feature), template.name, row) for row in rows]
    lines = []
    if shown is not True:
        own = template.steps[len(template.all_background_steps) :]
        if not 1 <= shown <= len(own):
            raise ValueError(
                f"{template.name!r}: @{SCREENSHOT_TAG}:{shown}, it has {len(own)} steps"
            )
        step = own[shown - 1]
        lines += [
            f"*The screen after step {shown}: {step.keyword.strip()} {escape(step.name)}*",
            "",
        ]
    for key in keys:
        name = screenshot_name(key)
        if key[2] is not None:
            lines += [f"Example {escape(key[2])}:", ""]
        if (directory / "screenshots" / name).is_file():
            lines += [f"![The screen {when}](screenshots/{name})", ""]
        else:
            lines += [f"*No screenshot yet ({name}): run the command at the top.*", ""]
    for contrast in CONTRASTS:
        if contrast.key == keys[0]:
            lines += _contrast(contrast, directory)
    return lines


def _contrast(contrast: Contrast, directory: Path) -> list[str]:
    """A side-by-side table: the reference's screen, and what the rule forbids."""
    reference, variant = screenshot_name(contrast.key), contrast.name
    if not (directory / "screenshots" / variant).is_file():
        return [f"*No screenshot yet ({variant}): run the command at the top.*", ""]
    forbids = escape(contrast.forbids)
    return [
        f"What the rule forbids, beside the reference: broken variant `{contrast.mutant}` of "
        f"`{MUTANTS_MODULE}`, at the step where the scenario catches it.",
        "",
        f"| The reference client | What the rule forbids: {forbids} |",
        "|---|---|",
        f"| ![The reference client](screenshots/{reference}) "
        f"| ![What the rule forbids: {forbids}](screenshots/{variant}) |",
        "",
    ]


def escape(text: str) -> str:
    """Escape Markdown's special characters so ``text`` shows literally (one line)."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", text.replace("\n", "\\n"))


def anchor(heading: str) -> str:
    """The fragment GitHub gives a heading: lower case, punctuation dropped, ``-`` for spaces."""
    return re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")


def main(argv: list[str] | None = None) -> None:
    """Rewrite ``DIR/features.md`` from the screenshots in ``DIR`` (``python -m ...``)."""
    arguments = sys.argv[1:] if argv is None else argv
    directory = Path(arguments[0]) if arguments else DEFAULT_DIR
    page = write(directory, {})
    sys.stdout.write(f"wrote {page}\n")


if __name__ == "__main__":
    main()
