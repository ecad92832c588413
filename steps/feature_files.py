"""Run one feature file, or one scenario of it, by its path: ``pytest path.feature[:LINE]``.

pytest-bdd binds the feature files to pytest through a test module per profile
(``features/<profile>/test_<profile>.py`` calls ``scenarios(...)``), so pytest itself
collects nothing from a ``.feature`` path. This plugin makes a ``.feature`` file named on
the command line a collector: it collects the profile's binding modules and keeps the
scenarios of that file only, under their usual node ids (``features/rawp_crs/
test_rawp_crs.py::test_...``), so expectations files, ``--clause`` and the report treat
them exactly as in a whole run. ``path.feature:LINE`` keeps the one scenario (every row of
an outline) whose block holds line ``LINE``; ``-k`` selects by scenario name as usual.

A ``.feature`` file met while pytest walks a folder is not collected here: the binding
module collects it already.

``chat-conformance`` ends its arguments with the features folder and names it in the ini
key ``chat_features_default``: that argument is dropped when others are given, so the
command runs every feature only when none is named.

An argument that is no path of the folder pytest started in may name a feature or a
profile as the harness knows them
(:func:`textual_chat_conformance.locations.resolve_feature_name`): ``rawp_crs/sending``,
``sending``, ``features/rawp_crs/sending.feature:18``, ``rawp_crs``. That is how
``chat-conformance`` runs one feature of the installed package from a team's repository
(``textual_chat_conformance/cli.py``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from steps.bdd_private import ScenarioTemplate, template_of
from steps.profiles import ROOT, profile_of
from textual_chat_conformance.locations import resolve_feature_name

LINE_ARG = re.compile(r"^(?P<path>.+\.feature):(?P<line>\d+)$")
"""A command-line argument naming one scenario: ``path/to/x.feature:LINE``."""
LINES_KEY = pytest.StashKey[dict[Path, set[int]]]()
"""The lines asked for, by resolved feature file path."""


DEFAULT_INI = "chat_features_default"
"""Ini key: the last argument, added by ``chat-conformance``, to drop when others are given."""


def pytest_addoption(parser: pytest.Parser) -> None:
    """Register the ini key :data:`DEFAULT_INI`."""
    parser.addini(
        DEFAULT_INI,
        "the features folder chat-conformance adds as the last argument: dropped when "
        "the command line names features of its own",
        default="",
    )


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    """Resolve feature names; turn each ``x.feature:LINE`` into ``x.feature``, keeping LINE.

    A line in no scenario of the file is a collection error (:class:`FeatureFile`).

    Raises:
        pytest.UsageError: A feature name is a feature of more than one profile.
    """
    default = config.getini(DEFAULT_INI)
    if default and len(config.args) > 1 and config.args[-1] == default:
        config.args.pop()
    lines: dict[Path, set[int]] = {}
    root = Path(config.invocation_params.dir)
    for index, arg in enumerate(config.args):
        if not (root / LINE_ARG.sub(r"\g<path>", arg)).exists():
            try:
                config.args[index] = arg = resolve_feature_name(arg, ROOT / "features") or arg
            except LookupError as error:
                raise pytest.UsageError(str(error)) from None
        found = LINE_ARG.match(arg)
        if found is None or not (root / found["path"]).is_file():
            continue
        path = (root / found["path"]).resolve()
        lines.setdefault(path, set()).add(int(found["line"]))
        config.args[index] = found["path"]
    config.stash[LINES_KEY] = lines


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    """Collect a ``.feature`` file named on the command line (module docstring)."""
    if file_path.suffix != ".feature" or not parent.session.isinitpath(file_path):
        return None
    if profile_of(file_path) is None:
        return None
    collector: FeatureFile = FeatureFile.from_parent(parent, path=file_path)
    return collector


class FeatureFile(pytest.File):
    """One feature file named on the command line: its scenarios, through the binding module."""

    def collect(self) -> Iterator[pytest.Item | pytest.Collector]:
        """Yield the scenarios of this file (of its asked-for lines) from the binding modules.

        Raises:
            Collector.CollectError: A line asked for is in no scenario of the file.
        """
        profile = profile_of(self.path)
        assert profile is not None  # pytest_collect_file checked it
        wanted = self.config.stash.get(LINES_KEY, {}).get(self.path.resolve(), set())
        matched: set[int] = set()
        for module_path in sorted(profile.features_dir.glob("test_*.py")):
            module = pytest.Module.from_parent(self, path=module_path)
            for node in module.collect():
                template = template_of(node)
                if template is None or Path(template.feature.filename).resolve() != self.path:
                    continue
                held = _held_lines(template, wanted)
                if wanted and not held:
                    continue
                matched |= held
                yield node
        missing = sorted(wanted - matched)
        if missing:
            raise self.CollectError(
                f"{self.path}: no scenario holds line {', '.join(map(str, missing))}"
            )


def _held_lines(template: ScenarioTemplate, wanted: set[int]) -> set[int]:
    """The lines of ``wanted`` in ``template``'s block: from its keyword to the next one's."""
    begin = template.line_number
    later = [
        each.line_number for each in template.feature.scenarios.values() if each.line_number > begin
    ]
    end = min(later, default=None)
    return {line for line in wanted if begin <= line and (end is None or line < end)}
