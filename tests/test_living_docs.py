"""Living docs: the generator runs the scenarios, saves their screens and writes the page."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

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
