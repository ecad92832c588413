r"""Reading a sent prompt back (``reference_crs.sent_prompt.read_sent``, 004 §3.1 ¶17).

Checked against a character-by-character oracle of DPS §16.2 as the seeds state it: ``\\``
is a backslash, ``\<@`` a literal ``<@``, a pattern whose ``ref_id`` and display path match
a file reference is a token, any other pattern is literal text. The client jumps between
the places that matter (a regular expression); the oracle walks every character.
"""

from __future__ import annotations

import random
import re

import pytest

from rawp_port import FileReference
from reference_crs.sent_prompt import FileToken, Literal, Piece, read_sent

REFS = (FileReference("r1", "src/x.py", "x.py"), FileReference("r2", "p", "a|b"))
PATTERN = re.compile(r"file:[^|\n]*\|[^>\n]*>")


def oracle(text: str, refs: tuple[FileReference, ...] = REFS) -> list[Piece]:
    """Walk ``text`` one character at a time (the definition, not the fast way)."""
    by_id = {ref.ref_id: ref for ref in refs}
    pieces: list[Piece] = []
    plain: list[str] = []

    def flush() -> None:
        if plain:
            pieces.append("".join(plain))
            plain.clear()

    i = 0
    while i < len(text):
        if text.startswith("\\\\", i):
            plain.append("\\")
            i += 2
            continue
        escaped = text.startswith("\\<@", i)
        if not (escaped or text.startswith("<@", i)):
            plain.append(text[i])
            i += 1
            continue
        start = i + (3 if escaped else 2)
        bar = text.find("|", start + 5)
        ref = by_id.get(text[start + 5 : bar]) if text.startswith("file:", start) else None
        if not escaped and bar >= 0 and ref and text.startswith(ref.display_path + ">", bar + 1):
            flush()
            pieces.append(FileToken(ref.ref_id, ref.path, ref.display_path))
            i = bar + 1 + len(ref.display_path) + 1
            continue
        found = PATTERN.match(text, start)
        if found is None:
            plain.append("<@")
            i = start
            continue
        flush()
        pieces.append(Literal("<@" + found.group(0).replace("\\\\", "\\")))
        i = found.end()
    flush()
    return pieces


@pytest.mark.parametrize(
    ("sent", "read"),
    [
        ("see <@file:r1|x.py> now", ["see ", FileToken("r1", "src/x.py", "x.py"), " now"]),
        ("a \\<@file:r1|x.py> b", ["a ", Literal("<@file:r1|x.py>"), " b"]),
        ("<@file:r9|x.py>", [Literal("<@file:r9|x.py>")]),
        ("<@file:r2|a|b>!", [FileToken("r2", "p", "a|b"), "!"]),
        ("a\\\\b \\x <@", ["a\\b \\x <@"]),
    ],
)
def test_tokens_literals_and_escapes_read_back(sent: str, read: list[Piece]) -> None:
    assert read_sent(sent, REFS) == read == oracle(sent)


def test_any_prompt_of_escapes_and_patterns_reads_as_the_oracle_reads_it() -> None:
    parts = ["\\", "<", "@", "<@", "\\<@", "\\\\", "file:", "|", ">", "a", " ", "\n", "r1",
             "r2", "x.py", "<@file:r1|x.py>", "<@file:r2|a|b>", "\\<@file:r1|x.py>"]  # fmt: skip
    rng = random.Random(41)
    for _ in range(20_000):
        text = "".join(rng.choice(parts) for _ in range(rng.randint(0, 14)))
        assert read_sent(text, REFS) == oracle(text), repr(text)


def test_a_long_prompt_without_escapes_is_one_piece() -> None:
    text = "".join(f"{n} INFO a log line\n" for n in range(10_000))
    assert read_sent(text, REFS) == [text]
