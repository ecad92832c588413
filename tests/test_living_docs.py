"""Living docs: the generator runs the scenarios, saves their screens and writes the page."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from steps.profiles import PROFILES, ROOT
from steps.report import living
from steps.traceability import example_ids, parse_features

LAYOUT = "test_the_layout_holds_in_a_columnsxrows_terminal"
EXAMPLES = "test_the_contracts_examples_are_shown_with_their_role_labels"


def test_a_living_docs_run_saves_the_screens_of_tagged_scenarios_and_writes_the_page(
    tmp_path: Path,
) -> None:
    command = [
        sys.executable, "-m", "pytest", "features", "-p", "no:cacheprovider", "-n", "2",
        "-k", f"{LAYOUT} or {EXAMPLES}", f"--living-docs={tmp_path}",
    ]  # fmt: skip
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    shots = sorted(path.name for path in (tmp_path / "screenshots").iterdir())
    assert shots == [
        "layout--the-layout-holds-in-a-columns-x-rows-terminal--120-30.svg",
        "layout--the-layout-holds-in-a-columns-x-rows-terminal--40-20.svg",
        "rendering--the-contract-s-examples-are-shown-with-their-role-labels.svg",
    ]
    svg = (tmp_path / "screenshots" / shots[2]).read_text("utf-8")
    assert "맡겨만" in svg
    assert 'url("http' not in svg, "the SVG would fetch its font from the network"
    page = (tmp_path / living.PAGE).read_text("utf-8")
    for feature in parse_features(PROFILES[0].features_dir):
        assert f"### {living.escape(feature.name)}\n" in page
    for name in shots:
        assert f"](screenshots/{name})" in page
    tagged = [
        max(1, len(example_ids(template)))
        for feature in parse_features(PROFILES[0].features_dir)
        for template in feature.scenarios.values()
        if living.SCREENSHOT_TAG in template.tags
    ]
    assert page.count("*No screenshot yet") == sum(tagged) - len(shots)  # those did not run


def test_the_committed_living_docs_are_current() -> None:
    page = living.DEFAULT_DIR / living.PAGE
    assert page.read_text("utf-8") == living.render_page(living.DEFAULT_DIR), (
        "docs/living/features.md is out of date: run "
        "`pytest features --living-docs=docs/living -n 2 --randomly-seed=1`"
    )
    assert "*No screenshot yet" not in page.read_text("utf-8")
