"""Steps of ``features/rawp_crs/command_bubble.feature``.

A slash command shows as a compact command bubble, without its slash.
"""

from __future__ import annotations

from collections import Counter

from pytest_bdd import parsers, then

from steps.checks import check
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.part1.drawn import bubble_text, drawn_of, is_frame
from steps.rawp_crs.support.turns import PROMPT
from steps.screen import BLANK


@then(parsers.parse('the last prompt has the input type "{input_type}"'))
def prompt_type(crs_driver: CrsDriver, input_type: str) -> None:
    """The prompt request's ``input_type`` (``crs-command-bubble-for-slash-input-type``)."""
    clause = (
        "crs-command-bubble-for-slash-input-type"
        if input_type == "slash_command"
        else "crs-text-bubble-for-other-input-types"
    )
    sent = crs_driver.agent.sent_of(PROMPT)
    seen = getattr(sent[-1], "input_type", None) if sent else None
    check(seen == input_type, clause, "the last prompt request", repr(input_type), repr(seen))


@then("the last user item's bubble follows the input type the client sent")
def kind_follows_type(crs_driver: CrsDriver) -> None:
    """A command bubble for ``slash_command``, a text bubble for any other input type.

    For a prompt whose input type the seeds leave to the client (a slash word the agent did
    not publish, or one after earlier text: RAWP-DPS §6.1.1 is not held), either type is
    accepted; 004 §3.3 ¶11 fixes only the bubble each type gets.
    """
    sent = crs_driver.agent.sent_of(PROMPT)
    input_type = getattr(sent[-1], "input_type", None) if sent else None
    expected = "command" if input_type == "slash_command" else "text"
    clause = (
        "crs-command-bubble-for-slash-input-type"
        if expected == "command"
        else "crs-text-bubble-for-other-input-types"
    )
    users = [v for v in crs_driver.items() if v.actor == "user" and v.kind != "timestamp"]
    seen = users[-1].kind if users else None
    check(
        seen == expected,
        clause,
        "the last user item",
        f"kind {expected!r} (the prompt was sent with input_type {input_type!r})",
        repr(seen),
    )


@then("anything drawn before the command name is one icon glyph")
def icon(crs_driver: CrsDriver) -> None:
    """An icon before the name is optional (``crs-command-bubble-icon``, MAY).

    A bubble that starts with the name passes (the option not taken); one that draws
    something before it must draw one glyph, not a word.
    """
    clause = "crs-command-bubble-icon"
    seen = bubble_text(drawn_of(crs_driver, "command", clause))
    name = crs_driver.agent.sent_of("control.prompt.request")[-1].prompt_text[1:].split()[0]
    at = seen.find(name)
    before = seen[:at].strip() if at >= 0 else seen
    check(
        at >= 0 and len(before) <= 2 and not any(char.isalnum() for char in before),
        clause,
        "the command bubble",
        f"the name {name!r} first, or one icon glyph before it",
        repr(seen),
    )


@then(parsers.parse('the name "{name}" is bold in another colour and "{rest}" is not bold'))
def inline_style(crs_driver: CrsDriver, name: str, rest: str) -> None:
    """Name bold, coloured apart; parameters normal (``crs-command-name-inline-style``)."""
    clause = "crs-command-name-inline-style"
    item = drawn_of(crs_driver, "command", clause)
    named = item.text_cells(name)
    params = item.text_cells(rest)
    check(
        named is not None and params is not None,
        clause,
        "the command bubble",
        f"{name!r} and {rest!r} drawn",
        item.describe(),
    )
    assert named is not None and params is not None
    name_cells = [c for c in named if c.char not in BLANK]
    rest_cells = [c for c in params if c.char not in BLANK]
    colours = {c.foreground for c in name_cells}
    check(
        all(c.bold for c in name_cells)
        and not any(c.bold for c in rest_cells)
        and not colours & {c.foreground for c in rest_cells},
        clause,
        "the command bubble's text",
        "the name bold and in a colour of its own, the parameters not bold",
        f"name bold={[c.bold for c in name_cells][:3]} colours={colours}; "
        f"parameters bold={any(c.bold for c in rest_cells)} "
        f"colours={ {c.foreground for c in rest_cells} }",
    )


@then("the command bubble holds no box, badge or chip of its own")
def no_nesting(crs_driver: CrsDriver) -> None:
    """No frame glyph, one background inside the bubble's own frame.

    (``crs-command-bubble-no-nesting``, measured on the content region: audit §4.2 #14.)
    """
    clause = "crs-command-bubble-no-nesting"
    item = drawn_of(crs_driver, "command", clause)
    box = item.inside()
    check(box is not None, clause, "the command bubble", "something drawn", item.describe())
    assert box is not None
    cells = item.box_cells(box)
    frames = [c.char for c in cells if is_frame(c.char)]
    backgrounds = Counter(c.background for c in cells)
    check(
        not frames and len(backgrounds) == 1,
        clause,
        "inside the command bubble",
        "no frame glyph and a single background",
        f"frame glyphs {frames[:6]}, backgrounds {dict(backgrounds)}; {item.describe()}",
    )


@then("the command bubble's background differs from the text bubble's")
def style_differs(crs_driver: CrsDriver) -> None:
    """Command and text bubbles differ in background (``crs-command-bubble-style-differs``)."""
    clause = "crs-command-bubble-style-differs"
    command = drawn_of(crs_driver, "command", clause).own_background()
    text = drawn_of(crs_driver, "text", clause).own_background()
    check(
        command != text,
        clause,
        "the two bubbles' backgrounds",
        "different",
        f"both {command}",
    )


@then("the command bubble is no wider than its text and its padding")
def compact(crs_driver: CrsDriver) -> None:
    """At most 2 cells beyond the text on each side, frame included.

    (``crs-command-bubble-compact``.)
    """
    clause = "crs-command-bubble-compact"
    item = drawn_of(crs_driver, "command", clause)
    box = item.box
    assert box is not None
    glyphs = [
        x
        for y in range(box.y, box.bottom)
        for x in range(box.x, box.right)
        if item.cells[y][x].char not in BLANK and not is_frame(item.cells[y][x].char)
    ]
    slack = (min(glyphs) - box.x, box.right - 1 - max(glyphs)) if glyphs else (-1, -1)
    check(
        bool(glyphs) and max(slack) <= 2,
        clause,
        "the command bubble",
        "as wide as its text plus padding and frame (at most 2 cells each side)",
        f"{slack[0]} and {slack[1]} cells beside the text; {item.describe()}",
    )
