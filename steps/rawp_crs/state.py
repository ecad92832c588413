"""What one scenario of profile ``rawp_crs`` remembers between its steps, in one typed object.

A Given step publishes commands or offers files, a When step reads the screen before a
click, a Then step compares: what one step hands on to a later one lives in the scenario's
:class:`CrsState` (the ``crs_state`` fixture of :mod:`steps.rawp_crs.fixtures`), each
concern in a field of its own type, never in a ``dict`` keyed by strings. The driver
(``crs_driver``) runs the client; this holds the steps' memory.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from textual.geometry import Region

from steps.rawp_crs.part2.popup import Published
from steps.rawp_crs.part3.file_popup import Files
from steps.rawp_crs.part3.tokens import TokenLog
from steps.rawp_crs.support.held_timers import HeldTimers
from steps.rawp_crs.support.layout import Traffic
from steps.screen import Cell

Screen = list[list[Cell]]
"""The composed screen's cells, rows of columns (``steps.screen.screen_cells``)."""


@dataclass
class Browser:
    """The file browser of part 5: whether the session-creation step has been started."""

    started: bool = False


@dataclass
class Scroll:
    """The conversation's scrolling (part 4's page keys), as a step last read it.

    Attributes:
        y: The scroll offset, in rows.
        page: How far one page key moved it, in rows (the client's own page).
    """

    y: float = 0.0
    page: float = 0.0


@dataclass
class Hover:
    """A pointer move (part 4's hover feedback): the screen before and after, and where.

    Attributes:
        before: The screen just before the move.
        after: The screen just after it.
        at: The screen cell the pointer went to, ``(x, y)``.
        region: The hovered block's region (a block of the agent's turn).
        block: Which block was hovered (``first text block``, ``tool block``, ...).
        label: The hovered option's label (of an interaction UI).
    """

    before: Screen = field(default_factory=list)
    after: Screen = field(default_factory=list)
    at: tuple[int, int] = (0, 0)
    region: Region = field(default_factory=Region)
    block: str = ""
    label: str = ""


@dataclass
class Interaction:
    """What the keys of an interaction UI (part 4) left chosen.

    Attributes:
        focused: The option the focus ended on.
        toggled: The options left toggled on, comma-separated as an answer lists them.
    """

    focused: str = ""
    toggled: str = ""


@dataclass
class StoredTokens:
    """The file references of a stored prompt (history tokens) and the screen before a click.

    Attributes:
        paths: The display paths referred to, in order.
        refs: Each display path's ``ref_id``.
        rows: The user bubble's rows before the click on a token.
        input: The input's text before that click.
        clipboard: The app's clipboard before that click.
    """

    paths: list[str] = field(default_factory=list)
    refs: dict[str, str] = field(default_factory=dict)
    rows: list[str] = field(default_factory=list)
    input: str = ""
    clipboard: str = ""


@dataclass
class PacedTyping:
    """Keys typed one at a time on held timers (the ``@`` popup's debounce, part 3).

    Attributes:
        before: How many file searches the client had sent before the typing began.
        elapsed: Held time since the first key, in milliseconds.
        prefixes: The query after each key, in order.
    """

    before: int = 0
    elapsed: int = 0
    prefixes: list[str] = field(default_factory=list)


@dataclass
class CrsState:
    """Everything a ``rawp_crs`` scenario's steps hand on to later steps.

    Attributes:
        timers: Textual's timers, held on a virtual clock when a step asks (released when
            the scenario ends).
        traffic: The agent's turns and answers the steps published.
        published: The commands the agent published, and names read off the popup.
        files: The file candidates the agent offered, and what the ``@`` popup's steps read.
        tokens: The input's file tokens as they were made and drawn.
        browser: The file browser's session creation.
        scroll: The conversation's scroll offset and page.
        hover: The last pointer move over a block or an option.
        interaction: What the keys of an interaction UI left chosen.
        stored_tokens: A stored prompt's file references, the screen before a click.
        paced: Keys typed one at a time on held timers.
        drawn_names: How each place (``popup``, ``input``, ``bubble``) drew a file name,
            in the order the steps read them.
    """

    timers: HeldTimers
    traffic: Traffic = field(default_factory=Traffic)
    published: Published = field(default_factory=Published)
    files: Files = field(default_factory=Files)
    tokens: TokenLog = field(default_factory=TokenLog)
    browser: Browser = field(default_factory=Browser)
    scroll: Scroll = field(default_factory=Scroll)
    hover: Hover = field(default_factory=Hover)
    interaction: Interaction = field(default_factory=Interaction)
    stored_tokens: StoredTokens = field(default_factory=StoredTokens)
    paced: PacedTyping = field(default_factory=PacedTyping)
    drawn_names: dict[str, str] = field(default_factory=dict)
