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
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from steps.bdd_private import ScenarioTemplate, template_of
from steps.profiles import profile_of

LINE_ARG = re.compile(r"^(?P<path>.+\.feature):(?P<line>\d+)$")
"""A command-line argument naming one scenario: ``path/to/x.feature:LINE``."""
LINES_KEY = pytest.StashKey[dict[Path, set[int]]]()
"""The lines asked for, by resolved feature file path."""


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    """Turn each ``x.feature:LINE`` argument into ``x.feature``, keeping the line asked for.

    A line in no scenario of the file is a collection error (:class:`FeatureFile`).
    """
    lines: dict[Path, set[int]] = {}
    root = Path(config.invocation_params.dir)
    for index, arg in enumerate(config.args):
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
