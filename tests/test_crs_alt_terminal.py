"""The alternative client's terminal parser keeps a bracketed paste whole (issue 25).

``examples/crs_alt/terminal.py`` cuts pastes out before Textual's parser; fed as the Linux
driver feeds it, wherever the reads are cut, a paste holding escape sequences and control
bytes is one paste, keys around it keep their order, and a lone Escape is still a key.
"""

from __future__ import annotations

import pytest
from textual import events

from examples.crs_alt.terminal import PasteFirstParser

PASTED = "ls \x1b[0m\x11 rest\x1b\x1b[31mred"
WIRE = f"\x1b[200~{PASTED}\x1b[201~"


def parse(parser: PasteFirstParser, *reads: str) -> list[str]:
    """Feed ``reads``, then what a timeout reports, then the end of input."""
    found: list[object] = []
    for data in filter(None, reads):
        found += list(parser.feed(data))
    found += list(parser.tick())
    found += list(parser.feed(""))
    return [
        f"paste:{event.text}" if isinstance(event, events.Paste) else f"key:{event.key}"
        for event in found
        if isinstance(event, events.Paste | events.Key)
    ]


@pytest.mark.parametrize("cut", range(len(WIRE) + 1))
def test_a_paste_is_whole_wherever_the_read_is_cut(cut: int) -> None:
    assert parse(PasteFirstParser(), "a" + WIRE[:cut], WIRE[cut:] + "z") == [
        "key:a",
        f"paste:{PASTED}",
        "key:z",
    ]


def test_a_lone_escape_is_the_escape_key() -> None:
    parser = PasteFirstParser()
    assert list(parser.feed("\x1b")) == []  # it may begin a paste: held for the timeout
    assert parse(parser) == ["key:escape"]


def test_keys_sent_as_escape_sequences_still_work() -> None:
    assert parse(PasteFirstParser(), "\x1b[6~\x1b[13;2u\n") == [
        "key:pagedown",
        "key:shift+enter",
        "key:ctrl+j",
    ]
