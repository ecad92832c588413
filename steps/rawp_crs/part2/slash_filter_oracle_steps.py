"""The slash filter's oracle: any published list, any typed prefix (issue 38).

004 §3.2 ¶12 (l. 134): "사용자가 `/` 이후 추가 문자를 타이핑하면(예: `/com`), 입력된 접두사와
일치하는 명령어만 팝업에 필터링하여 표시해야 한다 (MUST). 필터링은 명령어 이름(`name`)에 대한
접두사 매칭을 기본으로 하되, 퍼지 매칭(fuzzy match)을 추가 지원할 수 있다 (MAY)."

The oracle, written from that sentence alone: for a typed prefix ``p``,

- every published name that starts with ``p`` is drawn (prefix matching is the rule);
- every name drawn is at least a fuzzy match: ``p``'s characters appear in it in order,
  compared case-folded. The seed is silent on case, so a case-insensitive prefix match
  (``/CO`` listing ``compact``) is one faithful reading and a case-sensitive one another;
  both pass, and so does any fuzzy extra (MAY);
- each name is drawn once;
- with nothing to list, the popup stays open (``crs-slash-no-match-stays-open``, ¶12:
  "팝업을 즉시 닫아서는 안 된다 (MUST NOT)").

Order is not judged here: it is ``crs-slash-sort-order``'s, a SHOULD.
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import strategies as st
from pytest_bdd import then

from rawp_port import Command
from steps.checks import check, violation
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.part2.popup import Published, publish_commands, read_popup
from steps.rawp_crs.state import CrsState
from steps.rawp_crs.support.oracle_search import search

SEED = 3802
"""The search's seed (issue 38, oracle 2 of the list: the slash filter)."""
EXAMPLES = 40
"""Examples per run: a published list and a prefix typed each (about 0.2 s each)."""
NAME_CHARS = "acmoACMO가각나019-_"
"""The characters names and prefixes are made of: a few letters in both cases (so prefixes
collide), Hangul syllables, digits, ``-`` and ``_``."""
MAX_COMMANDS = 6
"""At most this many commands per list. A client's popup may show fewer at once (crs_third
shows 5 of 6); where the popup is drawn full, names below its last row are not counted as
missing (:data:`ITEM_ROWS`)."""
ITEM_ROWS = 2
"""Rows an item may take (its name and description, or a divider): a popup whose last item
starts this close to its bottom is full."""
FILTER = "crs-slash-filter-prefix"
NO_MATCH = "crs-slash-no-match-stays-open"


@dataclass(frozen=True)
class Case:
    """One generated input: the list the agent publishes and the prefix typed after `/`."""

    names: tuple[str, ...]
    prefix: str

    def __str__(self) -> str:
        """The input as a scenario would state it."""
        return f"published {list(self.names)}, typed {'/' + self.prefix!r}"


NAMES = st.text(alphabet=NAME_CHARS, min_size=1, max_size=6)


@st.composite
def cases(draw: st.DrawFn) -> Case:
    """One :class:`Case`: 1 to :data:`MAX_COMMANDS` distinct names, and a prefix.

    The prefix is, half the time, the start of one of the names (each character's case
    flipped at random), else any 0 to 3 characters of :data:`NAME_CHARS`.
    """
    names = draw(st.lists(NAMES, min_size=1, max_size=MAX_COMMANDS, unique=True))
    if draw(st.booleans()):
        name = draw(st.sampled_from(names))
        start = name[: draw(st.integers(0, len(name)))]
        flips = draw(st.lists(st.booleans(), min_size=len(start), max_size=len(start)))
        prefix = "".join(c.swapcase() if f else c for c, f in zip(start, flips, strict=True))
    else:
        prefix = draw(st.text(alphabet=NAME_CHARS, max_size=3))
    return Case(tuple(names), prefix)


def required(case: Case) -> list[str]:
    """The names the seed's rule selects: those starting with the typed prefix."""
    return [name for name in case.names if name.startswith(case.prefix)]


def allowed(name: str, prefix: str) -> bool:
    """Whether ``name`` may be drawn for ``prefix``: its characters in order, case-folded.

    A prefix match in either case is one; so is any fuzzy match (004 §3.2 ¶12, MAY).
    """
    rest = iter(name.casefold())
    return all(char in rest for char in prefix.casefold())


def clear_input(driver: CrsDriver) -> None:
    """Erase the input with Backspace, as a person does, before the next example.

    One Backspace a character, pressed one after another (each once the last was handled),
    then a look at what is left: a client may erase more or less than a character a key.
    """
    for _ in range(3):
        left = len(driver.input_value)
        if not left:
            return
        driver.press(*["backspace"] * left)


def attempt(driver: CrsDriver, published: Published, case: Case) -> None:
    """Publish ``case``'s list, type ``/prefix``, compare the items drawn with the oracle."""
    clear_input(driver)
    publish_commands(driver, published, [Command(n, f"Runs {n}", None) for n in case.names])
    driver.type_text("/" + case.prefix)
    wanted = required(case)
    popup = read_popup(driver, list(case.names))
    if popup is None:
        violation(
            FILTER if wanted else NO_MATCH,
            f"the command popup ({case})",
            f"open, listing {wanted}" if wanted else "open with a no-match message",
            "it is closed",
        )
    drawn = popup.names
    # A popup full to its bottom may hold more below, in reach of its scroll (the seeds fix
    # no height): a name not drawn then is not missing. What is drawn is still judged.
    full = bool(popup.items) and popup.items[-1].y >= popup.inner.bottom - ITEM_ROWS
    missing = [] if full else [name for name in wanted if name not in drawn]
    stray = [name for name in drawn if not allowed(name, case.prefix)]
    twice = sorted({name for name in drawn if drawn.count(name) > 1})
    check(
        not missing and not stray and not twice,
        FILTER,
        f"the command popup ({case})",
        f"every name starting with {case.prefix!r} ({wanted}), once each, and no name "
        "that does not hold the typed characters in order (case aside)",
        f"drawn {drawn}; missing {missing}; not matching {stray}; drawn twice {twice}",
    )
    clear_input(driver)


@then("for any published list and any prefix typed, the popup lists what the filter selects")
def filter_oracle(crs_driver: CrsDriver, crs_state: CrsState) -> None:
    """The slash filter against its oracle on generated lists and prefixes.

    (``crs-slash-filter-prefix``; ``crs-slash-no-match-stays-open`` when nothing matches.)
    """
    search(
        "the slash filter",
        cases(),
        lambda case: attempt(crs_driver, crs_state.published, case),
        examples=EXAMPLES,
        seed=SEED,
    )
