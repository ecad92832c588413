"""Steps of profile ``rawp_crs`` part 2: the command bubble of a sent slash command (004 §3.3).

The bubble is the item the adapter names with kind ``command`` (``items(app)``); its look is
read on the screen as :mod:`steps.rawp_crs.support.drawn` reads a text bubble, inside the bubble's
own frame when it has one (audit §4.2 #14: its own border is not a nested box).
"""

from __future__ import annotations

import dataclasses
from collections import Counter

from pytest_bdd import given, parsers, then, when

from rawp_port import PromptRequest
from steps.app_driver import typed
from steps.checks import check, literal
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.support.drawn import Drawn, drawn, is_frame
from steps.rawp_crs.support.history import store, stored_turn
from steps.screen import BLANK

PROMPT = "control.prompt.request"
"""RAWP type name of a prompt."""


def _drawn_of(crs_driver: CrsDriver, kind: str, clause: str) -> Drawn:
    """The last user item of ``kind`` as drawn."""
    views = crs_driver.items()
    found = [v for v in views if v.actor == "user" and v.kind == kind]
    check(
        bool(found),
        clause,
        "the conversation",
        f"a user item of kind {kind!r}",
        [(v.actor, v.kind) for v in views],
    )
    item = found[-1].widget
    inner = [v.widget.region for v in views if item in v.widget.ancestors]
    every = [v.widget.region for v in views]
    return drawn(crs_driver.app, item, crs_driver.conversation, exclude=inner, others=every)


def _text(item: Drawn) -> str:
    """The bubble's text inside its own frame, rows joined by spaces, trimmed."""
    box = item.inside()
    assert box is not None
    rows = [item.row_text(y, box.x, box.right).strip() for y in range(box.y, box.bottom)]
    return " ".join(row for row in rows if row)


@when(parsers.parse('the user sends the command text "{text}"'))
def sends_command_text(crs_driver: CrsDriver, text: str) -> None:
    """Type ``text`` fast (one burst), close any popup the way a user would, and press Enter.

    The burst puts the whole text in before the client handles it; the popup opened by the
    leading ``/`` has closed at the first space, so Enter sends.
    """
    crs_driver.burst(typed(literal(text)))
    crs_driver.press("enter")
    check(
        any(
            getattr(f, "prompt_text", None) == literal(text)
            for f in crs_driver.agent.sent_of(PROMPT)
        ),
        "crs-command-bubble-for-slash-input-type",
        "the prompts the agent received",
        f"one with the text {literal(text)!r}",
        [getattr(f, "prompt_text", f) for f in crs_driver.agent.sent_of(PROMPT)],
    )


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


@then(parsers.parse("the last user item is a {kind} bubble"))
def last_kind(crs_driver: CrsDriver, kind: str) -> None:
    """The last user item's kind: ``command`` or ``text``."""
    expected = {"command": "command", "text": "text"}[kind]
    clause = (
        "crs-command-bubble-for-slash-input-type"
        if expected == "command"
        else "crs-text-bubble-for-other-input-types"
    )
    users = [v for v in crs_driver.items() if v.actor == "user" and v.kind != "timestamp"]
    seen = users[-1].kind if users else None
    check(seen == expected, clause, "the last user item", f"kind {expected!r}", repr(seen))


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


@then(parsers.parse('the command bubble reads "{text}"'))
def bubble_reads(crs_driver: CrsDriver, text: str) -> None:
    """The bubble's words, without the leading ``/`` (``crs-command-bubble-strips-slash``).

    A leading icon glyph (``crs-command-bubble-icon``) is allowed before the name.
    """
    clause = "crs-command-bubble-strips-slash"
    item = _drawn_of(crs_driver, "command", clause)
    seen = _text(item)
    name = literal(text).split()[0]
    at = seen.find(literal(text))
    check(
        at >= 0 and "/" not in seen[: at + len(name)],
        clause,
        "the command bubble",
        f"{literal(text)!r}, no '/' before the name",
        repr(seen),
    )


@then("anything drawn before the command name is one icon glyph")
def icon(crs_driver: CrsDriver) -> None:
    """An icon before the name is optional (``crs-command-bubble-icon``, MAY).

    A bubble that starts with the name passes (the option not taken); one that draws
    something before it must draw one glyph, not a word.
    """
    clause = "crs-command-bubble-icon"
    seen = _text(_drawn_of(crs_driver, "command", clause))
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
    item = _drawn_of(crs_driver, "command", clause)
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
    item = _drawn_of(crs_driver, "command", clause)
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
    command = _drawn_of(crs_driver, "command", clause).own_background()
    text = _drawn_of(crs_driver, "text", clause).own_background()
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
    item = _drawn_of(crs_driver, "command", clause)
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


@given(parsers.parse('a stored message "{text}" sent with the input type "{input_type}"'))
def stored_with_type(crs_driver: CrsDriver, text: str, input_type: str) -> None:
    """Make one stored turn whose prompt is ``text`` with ``input_type`` the conversation.

    The client reopens it as the live client drew it when it was sent: a ``slash_command``
    prompt as a command bubble, any other as a text bubble (004 §3.3).
    """
    turn = stored_turn(1)
    prompt = PromptRequest(prompt_text=literal(text), input_type=literal(input_type))
    store(crs_driver, [dataclasses.replace(turn, prompt=prompt)])
