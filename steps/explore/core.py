"""The exploration core: Hypothesis's stateful testing driving an app through the harness.

A profile's explorer is a :class:`hypothesis.stateful.RuleBasedStateMachine` (rules,
invariants, ``@precondition``) whose every example runs one app through the profile's own
driver (:class:`~steps.chat_screen.driver.Driver`, :class:`~steps.rawp_crs.driver.CrsDriver`),
typing and pasting through :meth:`~steps.app_driver.AppDriver.feed_terminal`, the path a real
terminal takes. After every action each invariant is checked; a broken invariant fails with
``[clause-id] ...`` (:func:`steps.checks.violation`), so the exploration's scenario is reported
under that clause like any other.

Every action is also written down as a line of a standalone Pilot script
(:class:`Script`); when an invariant breaks, the script of the shrunk example, ending with the
failing assertion, is printed with the failure (:func:`explore`).

Budget and seed: ``--explore N`` examples (default :data:`DEFAULT_EXAMPLES`),
``--explore-seed S`` (default :data:`DEFAULT_SEED`) and ``--explore-shrink SECONDS`` (the
time Hypothesis may spend shrinking a failing session, default :data:`SHRINK_SECONDS`; 0
reports the failing session as generated), each falling back to an environment variable
and an ini key (:data:`EXAMPLES`, :data:`SEED`, :data:`SHRINK`), as the other settings do
(:mod:`steps.settings`). A run with the same seed and budget generates the same actions.
"""

from __future__ import annotations

import re
import textwrap
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from hypothesis import HealthCheck, Phase, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st
from hypothesis.internal.conjecture import engine
from hypothesis.stateful import RuleBasedStateMachine, invariant, run_state_machine_as_test

from steps import audit
from steps.adapter import Adapter, ScenarioContext
from steps.app_driver import AppDriver
from steps.clauses import CatalogueError, find_clause
from steps.screen import screen_rows
from steps.screenshot import driver_screenshot
from steps.settings import Setting
from steps.textual_private import app_context

EXAMPLES = Setting("--explore", "CHAT_CONFORMANCE_EXPLORE", "chat_explore")
"""Where the number of examples (sessions) per profile is read from."""
SEED = Setting("--explore-seed", "CHAT_CONFORMANCE_EXPLORE_SEED", "chat_explore_seed")
"""Where the exploration's seed is read from."""
SHRINK = Setting("--explore-shrink", "CHAT_CONFORMANCE_EXPLORE_SHRINK", "chat_explore_shrink")
"""Where the seconds Hypothesis may spend shrinking a failing session are read from."""
SETTINGS = (EXAMPLES, SEED, SHRINK)
"""The exploration's settings, in the order :func:`resolve_budget` reads their values."""
DEFAULT_EXAMPLES = 4
"""Sessions per profile in an ordinary run: a small, fixed budget."""
DEFAULT_SEED = 0
"""The seed of an ordinary run: the same actions in every run."""
MAX_STEPS = 12
"""Actions per session at most (Hypothesis's ``stateful_step_count``)."""
SHRINK_SECONDS = 60
"""Seconds Hypothesis may spend shrinking a failure by default (its own bound is 300 s)."""
RAW_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")
"""A C0 or C1 control character, or DEL: never drawn raw (it would act on the terminal)."""


class ExploreSettingError(ValueError):
    """A budget or seed that is not a whole number; the message names its source."""


@dataclass(frozen=True)
class Budget:
    """How much to explore, from which seed, and how long to shrink a failure.

    Attributes:
        examples: Sessions (Hypothesis examples) per profile; 0 skips the exploration.
        seed: Hypothesis's seed.
        source: Where each value came from, in words.
        shrink_seconds: Seconds Hypothesis may spend shrinking a failing session to the
            shortest that still fails; 0 reports the failing session as generated (the
            verdict is the same, the reproducer longer).
    """

    examples: int = DEFAULT_EXAMPLES
    seed: int = DEFAULT_SEED
    source: str = "default"
    shrink_seconds: int = SHRINK_SECONDS

    def describe(self) -> str:
        """E.g. ``"4 sessions, seed 0 (default)"``; a shrink bound other than 60 s is named."""
        shrink = ""
        if self.shrink_seconds != SHRINK_SECONDS:
            shrink = (
                f", shrinking {self.shrink_seconds} s" if self.shrink_seconds else ", no shrinking"
            )
        return f"{self.examples} sessions, seed {self.seed}{shrink} ({self.source})"


def resolve_budget(
    options: tuple[str | None, str | None, str | None],
    ini: tuple[str | None, str | None, str | None],
    environ: Mapping[str, str],
) -> Budget:
    """Read ``--explore``, ``--explore-seed`` and ``--explore-shrink``.

    Each from the command line, then the environment, the ini key, the default.

    Args:
        options: The three command-line values, in that order (``None`` when not given).
        ini: The three ini values, in the same order.
        environ: The process environment.

    Raises:
        ExploreSettingError: A value is not a whole number (negative for the budget or the
            shrink bound).
    """
    values = []
    sources = []
    defaults = (DEFAULT_EXAMPLES, DEFAULT_SEED, SHRINK_SECONDS)
    for setting, option, ini_value, default in zip(SETTINGS, options, ini, defaults, strict=True):
        found = setting.first_set(option, ini_value, environ)
        if found is None:
            values.append(default)
            sources.append("default")
            continue
        value, source = found
        try:
            number = int(value)
        except ValueError:
            raise ExploreSettingError(
                f"{setting.option} {value!r} from {source}: expected a whole number"
            ) from None
        if setting is not SEED and number < 0:
            raise ExploreSettingError(f"{setting.option} {value!r} from {source}: expected >= 0")
        values.append(number)
        sources.append(source)
    return Budget(values[0], values[1], ", ".join(dict.fromkeys(sources)), values[2])


@dataclass
class Harness:
    """What an explorer needs from the scenario that runs it.

    Attributes:
        adapter: The adapter checked for the explorer's profile.
        adapter_spec: How a script imports it (``package.module:attr``).
        size: Terminal size, (columns, rows).
        timeout: Seconds each session may take (``None``: no bound).
        timeout_source: Where ``timeout`` came from.
        data_dir: A directory for the sessions' scenario contexts.
        recorder: The scenario's audit recorder (network, processes, writes).
        sessions: How many sessions ran (counted by the explorer).
        actions: How many actions ran in all.
        failure_script: The last failing session's Pilot script, if one failed.
        pictures: Whether to keep :attr:`picture` (a report or the living docs are written).
        picture: The screen at the end of the last session (the shrunk one, after a
            failure), as ``steps.screenshot.driver_screenshot`` returns it: the
            scenario's picture in reports and the living docs.
        parts_used: The parts of its profile the sessions used (each session's driver's
            ``parts_used``, gathered when it ends).
        hardening_checked: Whether a broken HARDENING rule fails the session; ``False``
            in the second search :func:`explore` runs after a HARDENING failure, so a
            client that only fails the harness's own rules still meets every MUST
            invariant (the model takes what the client kept, see :meth:`Explorer.waived`).
    """

    adapter: Adapter
    adapter_spec: str
    size: tuple[int, int]
    timeout: float | None
    timeout_source: str
    data_dir: Path
    recorder: audit.Recorder | None = None
    sessions: int = 0
    actions: int = 0
    failure_script: list[str] = field(default_factory=list)
    pictures: bool = False
    picture: tuple[str | None, str | None] = (None, "no screenshot: no session ran")
    parts_used: set[int] = field(default_factory=set)
    hardening_checked: bool = True


class Script:
    """The Pilot script of one session: its prelude, one line per action, the failing check."""

    def __init__(self, prelude: str, size: tuple[int, int]) -> None:
        """Start a script whose ``main()`` opens with ``prelude`` (see the profile modules)."""
        self.prelude = prelude
        self.size = size
        self.lines: list[str] = []

    def add(self, line: str) -> None:
        """Append one statement of ``main()``'s ``async with`` block."""
        self.lines.append(line)

    def render(self, check: str) -> str:
        """The whole script, ending with ``check`` (an ``assert`` statement)."""
        return fill(self.prelude, self.size, [*self.lines, check])


FEED = '''async def feed(data: bytes) -> None:
    """Send bytes as a terminal does, through the app's input parser."""
    for event in parser.feed(data.decode()) if data else ():
        event.set_sender(app)
        app.post_message(event)
    pending = data.endswith(b"\\x1b")  # a lone ESC: ticked once the escape delay is over
    while pending or getattr(parser, "_timeout_time", None) is not None:
        await asyncio.sleep(0.15)
        for event in parser.tick():
            event.set_sender(app)
            app.post_message(event)
        pending = False
    for _ in range(3):
        await pilot.pause()'''
"""The reproducer's ``feed``: bytes through the app's own parser, as ``feed_terminal`` sends
them (a prelude places it with a ``{feed}`` line, where ``app``, ``parser`` and ``pilot`` exist)."""


UNCHECKED = "# not restated by this script: "
"""How :func:`unchecked` marks a ``replay`` that is a note, not an expression."""


def unchecked(note: str) -> str:
    """The ``replay`` of an invariant a reproducer cannot restate as an ``assert``.

    Some invariants read what the script does not keep: the screen's cells, the records
    of the standard choice before the last Enter, a second client reopening the store.
    Their script replays the session and ends with ``note`` as a comment, then prints
    the harness's message and exits with status 2: never an ``assert`` that cannot fail.

    Args:
        note: Where to look, in words (``"compare the items' texts before and after"``).

    Returns:
        ``note`` marked for :func:`script_ending`.
    """
    return UNCHECKED + note


def script_ending(replay: str, message: str) -> str:
    """The last statements of a reproducer, ending with its check.

    Returns:
        ``assert replay, message`` or, for :func:`unchecked`, its note as a comment, the
        message printed to standard error and ``sys.exit(2)``.
    """
    message = message[:300]
    if not replay.startswith(UNCHECKED):
        return f"assert {replay}, {message!r}"
    verdict = f"the harness judged (this script does not): {message}"
    return "\n".join(
        [
            f"# The session is replayed; this check is the harness's, {replay[2:]}",
            f"print({verdict!r}, file=sys.stderr)",
            "sys.exit(2)",
        ]
    )


HARNESS_PACKAGE = __name__.removesuffix(".explore.core")
"""The harness's package as it is imported: ``steps`` in a clone of the repository,
``textual_chat_conformance.steps`` installed from the wheel (docs/design/packaging.md)."""


def harness_imports(script: str) -> str:
    """``script`` with its imports of the harness naming :data:`HARNESS_PACKAGE`.

    ``from steps.x import y`` becomes ``from textual_chat_conformance.steps.x import y``
    when the harness is installed, so a reproducer runs from a team's own repository (which
    may hold a ``steps`` package of its own) as it does from a clone.
    """
    return re.sub(
        r"^(\s*)(from|import) steps\.", rf"\1\2 {HARNESS_PACKAGE}.", script, flags=re.MULTILINE
    )


def fill(prelude: str, size: tuple[int, int], lines: list[str]) -> str:
    """``prelude`` with its ``{size}``, its ``{feed}`` (:data:`FEED`) and its ``{body}``.

    ``{feed}`` and ``{body}`` (``lines``) are indented as their placeholder is; the
    prelude's imports of the harness name its package as imported (:func:`harness_imports`).
    """
    text = harness_imports(prelude).replace("{size}", repr(size))
    text = text.replace("{feed}", _indented(text, "{feed}", FEED.splitlines()))
    return text.replace("{body}", _indented(text, "{body}", lines))


def _indented(text: str, placeholder: str, lines: list[str]) -> str:
    """``lines`` joined and indented as ``placeholder``'s line of ``text`` (its first line bare)."""
    found = [line for line in text.splitlines() if placeholder in line]
    if not found:
        return ""
    indent = found[0].index(placeholder)
    return textwrap.indent("\n".join(lines), " " * indent).lstrip()


class Explorer(RuleBasedStateMachine):
    """Base of every profile's explorer: one app, one driver, one script per session.

    Subclasses set :attr:`DRIVER`, :attr:`PRELUDE`, the clause ids of the three text
    invariants every profile shares (:attr:`RUNNING_CLAUSE`, :attr:`TYPED_CLAUSE`,
    :attr:`DRAWN_CLAUSE`) and :attr:`APP` (how messages name the implementation), start
    the app in an ``@initialize`` rule that sets :attr:`started`,
    and report a broken invariant with :meth:`check`.
    """

    harness: ClassVar[Harness]
    DRIVER: ClassVar[Callable[..., AppDriver]]
    PRELUDE: ClassVar[str]
    RUNNING_CLAUSE: ClassVar[str]
    """The clause broken when something typed or pasted quits the app."""
    TYPED_CLAUSE: ClassVar[str]
    """The clause broken when the input does not hold what was typed and pasted."""
    DRAWN_CLAUSE: ClassVar[str]
    """The clause broken when a raw control character reaches the screen."""
    APP: ClassVar[str] = "app"
    """How failure messages name the implementation (``app``, ``client``)."""
    typed: str = ""
    """The model of the input: what was typed and pasted since the last submission."""
    started: bool = False
    """Whether the session's ``@initialize`` rule has started the app (the invariants wait)."""

    def __init__(self) -> None:
        """Open a driver for this session (the app starts in the subclass)."""
        super().__init__()
        harness = self.harness
        harness.sessions += 1
        directory = harness.data_dir / f"session-{harness.sessions}"
        directory.mkdir()
        self.driver = self.DRIVER(
            harness.adapter,
            size=harness.size,
            timeout=harness.timeout,
            timeout_source=harness.timeout_source,
            context=ScenarioContext(f"exploration session {harness.sessions}", directory),
        )
        self.driver.audit = harness.recorder
        prelude = self.PRELUDE.replace("{adapter}", repr(harness.adapter_spec))
        self.script = Script(prelude, harness.size)

    def act(self, line: str, action: Callable[[], None]) -> None:
        """Write ``line`` in the script, then run ``action`` on the driver."""
        self.harness.actions += 1
        self.script.add(line)
        action()

    def check(self, ok: bool, clause: str, what: str, seen: object, replay: str) -> None:
        """Fail with ``[clause] ...`` unless ``ok``; the script ends with ``assert replay``.

        Args:
            ok: Whether the invariant holds.
            clause: The clause id the invariant checks (docs/spec/*.yaml).
            what: What the clause requires here, in words.
            seen: What the app did instead.
            replay: A Python expression of the script that is true when the invariant holds.
        """
        if ok or self.waived(clause):
            return
        message = f"[{clause}] {what}; seen {seen if isinstance(seen, str) else repr(seen)}"
        self.keep_script(replay, message)
        raise AssertionError(message)

    def waived(self, clause: str) -> bool:
        """Whether a broken ``clause`` is let pass: a HARDENING rule in the second search.

        Only while the app runs: a session whose app quit cannot go on.
        """
        return (
            not self.harness.hardening_checked
            and hardening(clause)
            and (not self.started or self.driver.running)
        )

    def keep_script(self, replay: str, message: str) -> None:
        """Keep the session's script as the failure's reproducer, ending with its check.

        Args:
            replay: A Python expression true when the invariant holds (the script ends with
                ``assert replay, message``), or :func:`unchecked` of a note for an
                invariant the script cannot restate.
            message: The failure's message (``[clause] ...``), cut at 300 characters.
        """
        self.harness.failure_script[:] = [self.script.render(script_ending(replay, message))]

    def typable(self, text: str) -> str:
        """``text`` as a typing rule types it: whole, except in the second search.

        There (:attr:`Harness.hardening_checked` false, the first search having failed a
        HARDENING rule) the characters :attr:`TYPED_CLAUSE`'s rule is about are left out
        when it is HARDENING: those ``str.isprintable`` rejects that are no control
        (a ZWJ, a bidi mark, U+3000), which Textual's stock ``Input`` drops as keys. The
        MUST invariants are then judged on what the client can take, not charged for
        what the waived rule already reported.
        """
        if self.harness.hardening_checked or not hardening(self.TYPED_CLAUSE):
            return text
        return "".join(
            char
            for char in text
            if char.isprintable() or unicodedata.category(char) in ("Cc", "Cs")
        )

    def seen_input(self) -> str:
        """The input as :meth:`input_holds_what_was_typed` compares it with :attr:`typed`."""
        return str(self.driver.input_value)

    # -- the invariants every profile shares ------------------------------------------

    @invariant()
    def still_running(self) -> None:
        """[:attr:`RUNNING_CLAUSE`] Nothing typed or pasted quits the app."""
        if not self.started:
            return
        self.check(
            self.driver.running,
            self.RUNNING_CLAUSE,
            f"the {self.APP}: expected it to keep running, a pasted byte is text, not a key",
            "it exited",
            "app.is_running",
        )
        self.driver.exit_expected = False

    @invariant()
    def input_holds_what_was_typed(self) -> None:
        """[:attr:`TYPED_CLAUSE`] The input holds the printable parts of what was typed."""
        if not self.started or not self.driver.running:
            return
        seen = self.seen_input()
        expected = printable(self.typed)
        self.check(
            printable(seen) == expected,
            self.TYPED_CLAUSE,
            f"the input: expected what was typed and pasted, {expected!r}",
            repr(seen),
            f"printable(input_value()) == {expected!r}",
        )
        if printable(seen) != expected:  # waived: the model goes on from what the app kept
            self.typed = seen

    @invariant()
    def no_raw_control_drawn(self) -> None:
        """[:attr:`DRAWN_CLAUSE`] No raw control character reaches the screen."""
        if not self.started or not self.driver.running:
            return
        app = self.driver.app
        with app_context(app):  # a widget rendered on demand reads Textual's active app
            raw = raw_controls(screen_rows(app))
        self.check(
            not raw,
            self.DRAWN_CLAUSE,
            "the screen: expected no raw control character drawn",
            raw,
            unchecked("read the screen with app.export_screenshot() to see the control"),
        )

    def teardown(self) -> None:
        """Keep the session's last screen and parts used, stop the app, end its scenario context."""
        self.harness.parts_used |= self.driver.parts_used
        try:
            if self.harness.pictures:
                title = f"exploration session {self.harness.sessions}"
                self.harness.picture = driver_screenshot(self.driver, title)
            self.driver.stop()
        finally:
            self.driver.end_scenario()


def explore(
    machine: type[Explorer], harness: Harness, budget: Budget, *, shrink: bool = True
) -> None:
    """Run ``budget.examples`` sessions of ``machine``; on a broken invariant, fail with it.

    Hypothesis shrinks a failing session to the shortest one that still fails (for at most
    ``budget.shrink_seconds``) and replays it last, so the script kept by
    :meth:`Explorer.check` is the shrunk session's. With ``shrink=False``
    (``benchmarks.explore_teeth``: only whether a defect is found counts) or a shrink bound
    of 0 (``--explore-shrink 0``) the first failing session is reported as it was generated.

    Raises:
        AssertionError: ``[clause-id] ...`` (the first line of the last failure), then how to
            reproduce it: the seed and budget, and the shrunk session as a Pilot script.
    """
    __tracebackhide__ = True  # the message says it all: not the harness's frames
    shrinks = shrink and budget.shrink_seconds > 0
    bound = type(machine.__name__, (machine,), {"harness": harness})
    hypothesis_seed(budget.seed)(bound)
    options = settings(
        max_examples=budget.examples,
        stateful_step_count=MAX_STEPS,
        deadline=None,
        database=None,
        derandomize=False,
        phases=(Phase.generate, Phase.shrink) if shrinks else (Phase.generate,),
        suppress_health_check=list(HealthCheck),
        print_blob=False,
        report_multiple_bugs=False,
    )
    harness.failure_script.clear()
    bound_before = getattr(engine, "MAX_SHRINKING_SECONDS", None)
    try:
        if bound_before is not None:  # an internal of Hypothesis 6: kept only if present
            engine.MAX_SHRINKING_SECONDS = budget.shrink_seconds
        failure = _search(bound, harness, options)
        if failure is not None and hardening(_clause_of(failure[0])):
            harness.hardening_checked = False  # what the MUST invariants see past it
            later = _search(bound, harness, options)
            harness.hardening_checked = True
            if later is not None and not hardening(_clause_of(later[0])):
                failure = (
                    f"{later[0]}\n\nFound with the HARDENING rules waived, after the first "
                    f"search failed on one: {failure[0]}",
                    later[1],
                )
    finally:
        if bound_before is not None:
            engine.MAX_SHRINKING_SECONDS = bound_before
    if failure is not None:
        first, script = failure
        raise AssertionError(
            f"{first}\n\nFound by the exploration ({budget.describe()}; run again with "
            f"--explore {budget.examples} --explore-seed {budget.seed}). "
            f"The {'shrunk' if shrinks else 'failing'} session, as a standalone Pilot "
            f"script:\n\n{script}"
        )


def _search(bound: type[Explorer], harness: Harness, options: settings) -> tuple[str, str] | None:
    """One Hypothesis search: ``None``, or the failure's first line and its session's script."""
    harness.failure_script.clear()
    try:
        run_state_machine_as_test(bound, settings=options)
    except AssertionError as error:
        first = str(error).splitlines()[0] if str(error) else type(error).__name__
        return first, harness.failure_script[0] if harness.failure_script else "(no script)"
    return None


def _clause_of(line: str) -> str:
    """``clause`` of a failure's first line ``[clause] ...`` (``""`` without one)."""
    found = re.match(r"\[([a-z0-9-]+)\]", line)
    return found.group(1) if found else ""


def hardening(clause: str) -> bool:
    """Whether ``clause`` is one of the harness's own rules (level HARDENING)."""
    try:
        return find_clause(clause).level == "HARDENING"
    except CatalogueError:  # no clause of a catalogue: never waived
        return False


# -- text strategies ---------------------------------------------------------------

TYPED_FRAGMENTS = (
    "👩\u200d💻",
    "안녕하세요",
    "한글 입력",
    "👨\u200d👩\u200d👧",
    "e\u0301",
    "\u1100\u1161\u11a8",
    "\u00a0",
    "\u3000",
    "\u2003",
    "\u200d",
    "\u200f",
    "\u202e",
    "[bold]굵게[/bold]",
    "**별표**",
    "<b>태그</b>",
    "x",
    " ",
)
"""Text a person types that scenarios rarely do: Hangul, ZWJ emoji, combining marks,
Unicode spaces, format characters (ZWJ, RLM, RLO), markup-like text."""
PASTED_FRAGMENTS = (
    "\x1b[A",
    "\x1b[2J",
    "\x1b]8;;https://example.com\x07link\x1b]8;;\x07",
    "\x1b",
    "\x11",
    "\x03",
    "\x07",
    "\x7f",
)
"""What a paste may hold besides typed text: escape sequences and control bytes."""


def typed_text(exclude: str = "") -> st.SearchStrategy[str]:
    """Printable text as a person types it: fragments of :data:`TYPED_FRAGMENTS` and letters.

    Args:
        exclude: Characters never generated (e.g. ``"@/"`` where they open popups).
    """
    letters = st.text(
        st.characters(
            categories=("L", "M", "N", "P", "S", "Zs"),
            exclude_characters=exclude,
        ),
        min_size=1,
        max_size=4,
    )
    fragment = st.sampled_from(TYPED_FRAGMENTS)
    part = st.one_of(fragment, fragment, letters)  # fragments twice as often as letters
    return st.lists(part, min_size=1, max_size=3).map("".join)


def pasted_text(exclude: str = "", newlines: bool = False) -> st.SearchStrategy[str]:
    """Text as a terminal pastes it: typed text with escape sequences and control bytes.

    Args:
        exclude: Characters never generated.
        newlines: Whether a paste may hold line breaks.
    """
    extra = st.sampled_from((*PASTED_FRAGMENTS, "\n") if newlines else PASTED_FRAGMENTS)
    part = st.one_of(extra, typed_text(exclude), extra)
    return st.lists(part, min_size=1, max_size=4).map("".join)


def printable(text: str) -> str:
    """``text`` without C0/C1 controls and DEL: what must survive whatever a client does."""
    return RAW_CONTROL.sub("", text)


def raw_controls(rows: list[list[str]]) -> list[str]:
    """The raw control characters drawn in ``rows`` of cells (none is the rule)."""
    drawn = {char for row in rows for cell in row for char in cell}
    return sorted(char for char in drawn if RAW_CONTROL.match(char))


def click_bytes(x: int, y: int) -> bytes:
    """A left click at screen cell ``(x, y)`` (0-based) as a terminal reports it (SGR mouse)."""
    return f"\x1b[<0;{x + 1};{y + 1}M\x1b[<0;{x + 1};{y + 1}m".encode()
