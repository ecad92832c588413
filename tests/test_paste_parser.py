"""The paste workaround of the reference app (issue 11, point 3).

Textual's own parser reorders a bracketed paste that holds an ``ESC``; these tests feed
the parser as the Linux driver does and check that the reference app's parser keeps the
paste whole and in order, whatever the reads' boundaries.
"""

from __future__ import annotations

import pytest
from textual import events
from textual._xterm_parser import XTermParser

from reference_app.paste import PasteSafeParser, protect

PASTED = "before\x1b[2Jafter"
WIRE = f"\x1b[200~{PASTED}\x1b[201~"


def parse(parser: XTermParser, *reads: str) -> list[object]:
    """Feed ``reads`` one by one, then the end of input; return every event."""
    found: list[object] = []
    for data in (*filter(None, reads), ""):  # "" is the end of input
        found += list(parser.feed(data))
    return found


def pastes_and_keys(found: list[object]) -> list[str]:
    return [
        f"paste:{event.text}" if isinstance(event, events.Paste) else f"key:{event.character}"
        for event in found
        if isinstance(event, events.Paste | events.Key)
    ]


def test_textual_parser_reorders_a_paste_holding_an_escape_sequence() -> None:
    """The minimal reproduction: keys ``^[2Jafter`` come first, then the paste ``before``."""
    seen = pastes_and_keys(parse(XTermParser(), WIRE))
    assert seen[-1] == "paste:before"
    assert "".join(item.removeprefix("key:") for item in seen[:-1]) == "^[2Jafter"


@pytest.mark.parametrize("cut", range(len(WIRE) + 1))
def test_paste_safe_parser_keeps_the_paste_whole_wherever_the_read_is_cut(cut: int) -> None:
    seen = pastes_and_keys(parse(PasteSafeParser(), WIRE[:cut], WIRE[cut:] + "z"))
    assert seen == [f"paste:{PASTED}", "key:z"]


def test_keys_around_a_paste_keep_their_order() -> None:
    seen = pastes_and_keys(parse(PasteSafeParser(), f"a{WIRE}b\x1b[200~x\x1by\x1b[201~c"))
    assert seen == ["key:a", f"paste:{PASTED}", "key:b", "paste:x\x1by", "key:c"]


def test_a_lone_escape_key_is_not_held_back() -> None:
    assert protect("\x1b", in_paste=False)[:3] == ("\x1b", "", False)
    assert pastes_and_keys(parse(PasteSafeParser(), "\x1b")) == ["key:\x1b"]
