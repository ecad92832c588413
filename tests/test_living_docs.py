"""Living docs: the generator runs the scenarios, saves their screens and writes the page."""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from steps.profiles import PROFILES, ROOT
from steps.report import living
from steps.traceability import example_ids, parse_features

LAYOUT = "test_the_layout_holds_in_a_columnsxrows_terminal"
EXAMPLES = "test_the_contracts_examples_are_shown_with_their_role_labels"
QUITS = "test_key_quits_without_adding_anything and Escape"  # @screenshot:1, then it quits


def test_a_living_docs_run_saves_the_screens_of_tagged_scenarios_and_writes_the_page(
    tmp_path: Path,
) -> None:
    command = [
        sys.executable, "-m", "pytest", "features", "-p", "no:cacheprovider", "-n", "2",
        "-k", f"{LAYOUT} or {EXAMPLES} or ({QUITS})", f"--living-docs={tmp_path}",
    ]  # fmt: skip
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    shots = sorted(path.name for path in (tmp_path / "screenshots").iterdir())
    assert shots == [
        "layout--the-layout-holds-in-a-columns-x-rows-terminal--120-30.svg",
        "layout--the-layout-holds-in-a-columns-x-rows-terminal--40-20.svg",
        "quitting--key-quits-without-adding-anything--escape.svg",
        "rendering--the-contract-s-examples-are-shown-with-their-role-labels.svg",
    ]
    svg = (tmp_path / "screenshots" / shots[3]).read_text("utf-8")
    assert "맡겨만" in svg
    # the screen after step 1 (the draft pasted), although the app has quit at the end
    assert "쓰다" in (tmp_path / "screenshots" / shots[2]).read_text("utf-8")
    assert 'url("http' not in svg, "the SVG would fetch its font from the network"
    page = (tmp_path / living.PAGE).read_text("utf-8")
    for feature in parse_features(PROFILES[0].features_dir):
        assert f"### {living.escape(feature.name)}\n" in page
    for name in shots:
        assert f"](screenshots/{name})" in page
    tagged = [
        max(1, len(example_ids(template)))
        for profile in PROFILES
        for feature in parse_features(profile.features_dir)
        for template in feature.scenarios.values()
        if living.screenshot_step(template.tags) is not False
    ]
    # those did not run, nor did the broken variants of the rules shown by contrast
    missing = sum(tagged) - len(shots) + len(living.CONTRASTS)
    assert page.count("*No screenshot yet") == missing


def test_the_committed_living_docs_are_current() -> None:
    page = living.DEFAULT_DIR / living.PAGE
    assert page.read_text("utf-8") == living.render_page(living.DEFAULT_DIR), (
        "docs/living/features.md is out of date: run "
        "`pytest features -m screenshot --living-docs=docs/living -n 2 --randomly-seed=1`"
    )
    assert "*No screenshot yet" not in page.read_text("utf-8")


def test_every_feature_of_both_profiles_shows_at_least_one_screenshot() -> None:
    page = (living.DEFAULT_DIR / living.PAGE).read_text("utf-8")
    sections = page.split("\n### ")[1:]  # one per feature, up to the next feature
    shown = {section.splitlines()[0] for section in sections if "](screenshots/" in section}
    for profile in PROFILES:
        for feature in parse_features(profile.features_dir):
            assert living.escape(feature.name) in shown, (
                f"{profile.name}: feature {feature.name!r} has no screenshot in "
                "docs/living/features.md: tag a scenario that shows its rule @screenshot"
            )


def test_a_screenshot_tag_names_the_last_screen_or_a_step_from_one() -> None:
    assert living.screenshot_step(["clause:x", "screenshot"]) is True
    assert living.screenshot_step(["screenshot:3"]) == 3
    assert living.screenshot_step(["clause:x"]) is False
    for bad in ("screenshot:0", "screenshot:two", "screenshot:"):
        with pytest.raises(ValueError, match="step number"):
            living.screenshot_step([bad])


def test_the_contrast_pictures_sit_beside_the_reference_labelled_with_what_is_forbidden() -> None:
    page = (living.DEFAULT_DIR / living.PAGE).read_text("utf-8")
    for contrast in living.CONTRASTS:
        reference = living.screenshot_name(contrast.key)
        assert (living.DEFAULT_DIR / "screenshots" / contrast.name).is_file()
        row = f"| ![The reference client](screenshots/{reference}) | ![What the rule forbids: "
        assert row in page and f"](screenshots/{contrast.name}) |" in page
        assert contrast.mutant in page


def test_a_variant_that_does_not_break_the_rule_gives_a_clear_error_not_a_picture() -> None:
    passing = living.Contrast(
        "rawp_crs/actor_layout.feature",
        "A user message sits against the right edge",
        "system_not_muted",  # breaks the system notice's colour, not the bubble's place
        "nothing",
    )
    with pytest.raises(living.ContrastError, match="system_not_muted did not fail"):
        living.take_contrast(passing)


def test_every_committed_screenshot_has_a_size_so_a_table_cell_shows_it_whole() -> None:
    """A viewBox alone gives an ``<img>`` no size: GitHub draws it as a thumbnail (issue 41)."""
    folder = living.DEFAULT_DIR / "screenshots"
    for path in sorted(folder.glob("*.svg")):
        root = ElementTree.fromstring(path.read_text("utf-8"))
        _, _, width, height = root.get("viewBox", "").split()
        assert (root.get("width"), root.get("height")) == (width, height), path.name


def test_the_raw_page_reads_line_by_line_and_every_clause_link_resolves() -> None:
    """The "Verifies" lines name the clauses; their texts are link titles defined below."""
    page = (living.DEFAULT_DIR / living.PAGE).read_text("utf-8")
    paragraphs = [p for p in page.split("\n\n") if p.startswith("Verifies ")]
    assert paragraphs
    for paragraph in paragraphs:
        assert '"' not in paragraph, paragraph[:200]  # no link title inline
        assert max(map(len, paragraph.splitlines())) <= living.LINE + 20, paragraph[:200]
    rendered = MarkdownIt("commonmark").render(page)
    cited = re.findall(r"\[`([a-z0-9-]+)`\]\s\((?:MUST|SHOULD|MAY|HARDENING)\)", page)
    linked = re.findall(
        r'<a href="[^"]+#[^"]+" title="[^"]+"><code>([a-z0-9-]+)</code></a>', rendered
    )
    assert cited and set(cited) == set(linked)
    assert "[<code>" not in rendered  # a reference with no definition stays as brackets
