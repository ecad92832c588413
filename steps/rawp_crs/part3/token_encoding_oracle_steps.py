r"""The token encoding's oracle: any paths, any typed text around them (issue 38).

004 §3.4.6 ¶1-¶3 (l. 275-278): "사용자가 메시지를 전송하면, 클라이언트는 입력창의 콘텐츠를 다음 두
영역으로 분리하여 처리해야 한다 (MUST): **토큰 영역**: UI 파일 선택을 통해 삽입된 인라인 토큰.
DPS §16.2.1의 토큰 포맷(`<@file:ref_id|display_path>`)으로 변환한다. 이스케이프를 적용하지
않는다. **텍스트 영역**: 사용자가 키보드로 직접 입력한 모든 나머지 텍스트. DPS §16.2.2의 이스케이프
규칙을 적용하여 `\` → `\\`, `<@` → `\<@` 변환을 수행한다." and ¶5 (l. 282): "각 토큰에 대응하는
`file_references` 배열을 구성하여 DPS `control.prompt.request`의 `payload`에 포함한다 (MUST)."

The oracle, from those sentences alone: the ``prompt_text`` sent is the input's pieces in
order, each text run escaped (every ``\`` doubled, then every ``<@`` preceded by ``\``)
and each token written ``<@file:{ref_id}|{display_path}>`` as it is (a ``|``, ``>``, ``\``
or space of the path unescaped); ``file_references`` holds one entry per token, in order,
with the token's ``ref_id`` and the chosen ``path``. ``display_path`` is read from the
token's entry: RAWP-DPS, which defines it, is not held.

Where the seeds are silent, inputs avoid the question: the text neither starts nor ends
with whitespace (whether a client trims a prompt is not said), and every token's ``@`` is
typed at the start of the input or after a space (a ``@`` after other characters may or
may not open the popup: decision audit row 15).
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import strategies as st
from pytest_bdd import then

from rawp_port import TurnEnded, TurnStarted
from steps.checks import check, violation
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.part3.tokens import (
    TokenLog,
    add_token,
    popup_open,
    prompts,
    send_closing_popups,
)
from steps.rawp_crs.support.oracle_search import search

SEED = 3803
"""The search's seed."""
EXAMPLES = 12
"""Examples per run: one prompt each, made of text runs and up to 3 tokens."""
FRAGMENTS = ("a", "한글", " ", "\\", "<", "@", "<@", "\\<@", "|", ">", "file:", "\n", "x.py")
"""The pieces typed text is made of: what the escaping must handle, and plain text."""
PATH_CHARS = "ab한|>\\<@ .-_"
"""The characters of a path's segments (with ``/`` between segments)."""
FORMAT = "crs-send-token-format"
ESCAPED = "crs-send-text-escaped"
REFERENCES = "crs-send-file-references"


@dataclass(frozen=True)
class Message:
    """One generated input: text runs with a token between each two (``paths``)."""

    runs: tuple[str, ...]
    paths: tuple[str, ...]

    def __str__(self) -> str:
        """The input as a person makes it, a token written ``[@path]``."""
        pieces = [self.runs[0]]
        for path, run in zip(self.paths, self.runs[1:], strict=True):
            pieces += [f"[@{path}]", run]
        return repr("".join(pieces))


RUNS = st.lists(st.sampled_from(FRAGMENTS), max_size=5).map("".join)
SEGMENT = st.text(alphabet=PATH_CHARS, min_size=1, max_size=8)
PATHS = st.one_of(
    st.lists(SEGMENT, min_size=1, max_size=3).map("/".join),
    st.tuples(st.integers(60, 160), SEGMENT).map(lambda n: ("deep/" * 40)[: n[0]] + n[1]),
)
"""Short paths of 1 to 3 segments, or long ones (65 to 168 characters)."""


@st.composite
def messages(draw: st.DrawFn) -> Message:
    """A :class:`Message` of 0 to 3 tokens, text runs of 0 to 5 :data:`FRAGMENTS` around them.

    Every token's ``@`` is typed at the input's start or after a space; the whole text
    neither starts nor ends with whitespace, and is not blank.
    """
    paths = draw(st.lists(PATHS, max_size=3))
    runs = [draw(RUNS) for _ in range(len(paths) + 1)]
    runs[0] = runs[0].lstrip()
    runs[-1] = runs[-1].rstrip()
    for index in range(len(paths)):
        if (index > 0 or runs[index]) and not runs[index].endswith(" "):
            runs[index] += " "
    if not paths and not runs[0]:
        runs[0] = "a"
    return Message(tuple(runs), tuple(paths))


def escaped(text: str) -> str:
    r"""Text escaped as 004 §3.4.6 ¶3 says: ``\`` -> ``\\``, then ``<@`` -> ``\<@``."""
    return text.replace("\\", "\\\\").replace("<@", "\\<@")


def token(ref_id: str, display_path: str) -> str:
    """A token as RAWP-DPS §16.2.1 writes it (004 §3.4.6 ¶2), unescaped."""
    return f"<@file:{ref_id}|{display_path}>"


def put_text(driver: CrsDriver, text: str) -> None:
    """Paste ``text`` into the input (nothing to paste: nothing done), closing a popup it opened."""
    if not text:
        return
    driver.paste_text(text)
    for selector in (driver.part3.file_popup_selector, driver.part3.slash_popup_selector):
        if popup_open(driver, selector):
            driver.press("escape")


def attempt(driver: CrsDriver, message: Message, number: int) -> None:
    """Make ``message`` in the input, press Enter, compare the prompt with the oracle."""
    log = TokenLog()
    put_text(driver, message.runs[0])
    for path, run in zip(message.paths, message.runs[1:], strict=True):
        add_token(driver, log, path)
        put_text(driver, run)
    before = len(prompts(driver))
    send_closing_popups(driver)
    sent = prompts(driver)[before:]
    where = f"the prompt sent for {message}"
    if len(sent) != 1:
        violation(FORMAT, where, "one prompt sent on Enter", f"{len(sent)} sent")
    frame = sent[0]
    refs = list(getattr(frame, "file_references", ()) or ())
    made = [(t.ref_id, t.path) for t in log.made]
    check(
        [(getattr(r, "ref_id", None), getattr(r, "path", None)) for r in refs] == made,
        REFERENCES,
        f"file_references of {where}",
        f"one entry per token, in order: {made}",
        repr(refs),
    )
    tokens = [token(r.ref_id, str(getattr(r, "display_path", ""))) for r in refs]
    wanted = escaped(message.runs[0]) + "".join(
        written + escaped(run) for written, run in zip(tokens, message.runs[1:], strict=True)
    )
    text = frame.prompt_text
    if text != wanted:
        at, placed = 0, True
        for written in tokens:
            found = text.find(written, at)
            placed, at = found >= 0, found + len(written)
            if not placed:
                break
        violation(
            ESCAPED if placed else FORMAT,
            f"prompt_text of {where}",
            repr(wanted),
            repr(text),
        )
    driver.publish(TurnStarted(f"oracle-{number}"), TurnEnded(f"oracle-{number}"))


@then("for any paths and any text typed around them, the prompt sent encodes them as the seed says")
def encoding_oracle(crs_driver: CrsDriver) -> None:
    """Token format, escaping and file_references against their oracle on generated input.

    (``crs-send-token-format``, ``crs-send-text-escaped``, ``crs-send-file-references``.)
    """
    count = [0]

    def one(message: Message) -> None:
        count[0] += 1
        attempt(crs_driver, message, count[0])

    search("the token encoding", messages(), one, examples=EXAMPLES, seed=SEED)
