"""A long streamed paragraph is drawn in segments, and the segments read as the whole.

``AgentText`` cuts a long last block every ``SEGMENT_LINES`` source lines where cutting
changes nothing but the wrap (``splits``); a long cut is drawn from the cut's own parses.
Whatever the deltas' sizes, the words drawn are the message's words, in order, and each
segment is bounded, so a delta never parses the whole message again.
"""

from __future__ import annotations

import random

import pytest
from textual.app import App, ComposeResult
from textual.widgets.markdown import MarkdownBlock

from reference_crs.widgets.agent_text import MAX_CUT_LINES, SEGMENT_LINES, AgentText
from steps.screen import widget_text


class Holder(App[None]):
    def compose(self) -> ComposeResult:
        yield AgentText()


def _leaves(app: Holder) -> list[MarkdownBlock]:
    """The blocks that draw text (a block quote's paragraphs, not the quote)."""
    text = app.query_one(AgentText)
    return [block for block in text.query(MarkdownBlock) if not block.query(MarkdownBlock)]


def _words(app: Holder) -> list[str]:
    drawn = " ".join(widget_text(block) for block in _leaves(app))
    return drawn.replace("▌", " ").split()


@pytest.mark.asyncio
@pytest.mark.parametrize("quoted", [False, True], ids=["paragraph", "block-quote"])
async def test_a_long_streamed_paragraph_is_drawn_whole_in_bounded_segments(quoted: bool) -> None:
    lines = [f"line {n} of the log, worker {n % 7} handled it" for n in range(3 * MAX_CUT_LINES)]
    source = "".join(("> " if quoted else "") + line + "\n" for line in lines)
    rng = random.Random(7)
    app = Holder()
    async with app.run_test(size=(100, 30)) as pilot:
        text = app.query_one(AgentText)
        at = 0
        while at < len(source):
            size = rng.choice((5, 40, 300, 2_000, 9_000))
            await text.write(source[at : at + size])
            at += size
            await pilot.pause()
        await text.finish()
        await pilot.pause()
        expected = " ".join(lines).split()
        assert _words(app) == expected
        segments = [child for child in text.children if isinstance(child, MarkdownBlock)]
        assert len(segments) > 1, "a message three times the longest cut is cut"
        longest = max(widget_text(block).count("line ") for block in _leaves(app))
        assert longest > 0
        assert longest <= MAX_CUT_LINES + SEGMENT_LINES, f"a segment of {longest} lines"
