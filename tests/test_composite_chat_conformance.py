"""Composite message items: a correct one passes everything, a borderless twin fails role-borders.

``examples/composite_chat`` is built as real Textual chat clients are: each item a
container holding a marker glyph ``❯`` and a ``Markdown`` body, the side border on the
container, and a ``TextArea`` input on which Enter submits. Its adapter's item selector
names the container, so the harness reads each item's text from the widgets that draw
it. Its twin ``MarkerWithoutBorder`` (``tests/candidates/mutants/``) keeps the marker
and drops the border: it must fail ``role-borders``, with the item selector on the
container and on the body beside the marker (where a glyph-anywhere rule would take the
marker for a border). Its twin ``LabelAndBodySplitTurn`` draws the label and the body
with two widgets beside the marker: it must fail ``single-label-widget``.
"""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult

from examples.composite_chat.app import CompositeChatApp
from examples.composite_chat.widgets import Composer, LiteralMarkdown
from steps.chat_screen.driver import key, typed
from steps.screen import item_text
from tests.test_alt_chat_conformance import outcome_counts, run_features

ADAPTER = "examples.composite_chat.adapter:adapter"
TWINS = ("marker_without_border", "marker_without_border_body")
"""Adapters of the borderless twin in ``tests.candidates.mutants``."""


PROFILE_FEATURES = "features/chat_screen"
"""The features of the one profile the example claims (the others are skipped)."""


@pytest.fixture(scope="module")
def scenario_count() -> int:
    """How many scenarios of profile ``chat_screen`` ``pytest features`` collects."""
    completed = run_features("--collect-only", "-q")
    assert completed.returncode == 0, completed.stdout + completed.stderr
    return sum(line.startswith(PROFILE_FEATURES) for line in completed.stdout.splitlines())


def test_the_whole_features_suite_passes_against_the_composite_example(
    scenario_count: int,
) -> None:
    completed = run_features(f"--adapter={ADAPTER}", "-q", "-rfE")
    assert completed.returncode == 0, completed.stdout[-4000:] + completed.stderr
    counts = outcome_counts(completed)
    assert scenario_count > 0 and counts.pop("passed") == scenario_count, counts
    assert set(counts) <= {"skipped"}, counts  # scenarios of profiles it does not claim


def test_the_twin_with_label_and_body_in_two_widgets_fails_single_label_widget() -> None:
    completed = run_features(
        "--adapter=tests.candidates.mutants:label_and_body_split_turn",
        "-q",
        "-k",
        "one_label_widget_combining",
    )
    counts = outcome_counts(completed)
    assert counts.get("failed") == 1 and "passed" not in counts, completed.stdout[-3000:]
    assert "[single-label-widget] item 1 (_SplitTurn" in completed.stdout
    assert "seen 2 widgets: ['Static.label', 'LiteralParagraph.level-0']" in completed.stdout


@pytest.mark.parametrize("twin", TWINS)
def test_the_twin_with_a_marker_but_no_border_fails_role_borders(twin: str) -> None:
    completed = run_features(
        f"--adapter=tests.candidates.mutants:{twin}", "-q", "-k", "border_glyph_is_drawn"
    )
    counts = outcome_counts(completed)
    assert counts.get("failed") == 1 and "passed" not in counts, completed.stdout[-3000:]
    assert "[role-borders] item 1 (" in completed.stdout
    assert "glyph left of the text: False, right: False" in completed.stdout


class Bodies(App[None]):
    """One :class:`LiteralMarkdown` per body of :data:`LITERAL_BODIES`."""

    def compose(self) -> ComposeResult:
        for body in LITERAL_BODIES:
            yield LiteralMarkdown(f"사용자: {body}")


LITERAL_BODIES = (
    "**x** _y_ `z` [a](b) <i>",
    "# 제목 아님",
    "&amp; &#42;",
    "a  b\tc",
    "l1\n\n- l2\n    l3",
)
"""Bodies Markdown would change: markup, a heading, entities, runs of blanks, lines."""


@pytest.mark.asyncio
async def test_the_markdown_body_shows_every_body_as_typed() -> None:
    app = Bodies()
    async with app.run_test(size=(80, 30)) as pilot:
        await pilot.pause()
        shown = [item_text(widget) for widget in app.query(LiteralMarkdown)]
    assert shown == [f"사용자: {body}" for body in LITERAL_BODIES]


@pytest.mark.asyncio
async def test_keys_queued_after_enter_go_to_the_next_message_not_the_submitted_one() -> None:
    app = CompositeChatApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        strokes = [*typed("one"), key("enter"), *typed("two"), key("enter"), *typed("three")]
        for stroke in [*strokes, key("enter")]:
            app.post_message(stroke)  # all queued before the app handles the first
        await pilot.pause()
        assert app.inputs == ["one", "two", "three"]
        assert app.query_one(Composer).text == ""
