"""Every private name of Textual the reference RAWP-CRS client relies on, fenced in one module.

Textual documents no public way to do what these do: lay the screen out now (to measure
what a lazily drawn item grew before scrolling by it), tell whether a layout is pending,
arrange a container's children without the hidden ones, append to a ``Markdown`` without
parsing it again from the start, keep a token whole as the ``TextArea`` edits and moves,
map an ``OptionList``'s rows to its options, redraw a ``Tree``. Each wrapper names the
private attribute it uses and the Textual version it was checked against
(:data:`CHECKED_AGAINST`); ``tests/rawp_crs/test_textual_private.py`` fails, naming the
attribute, when an installed Textual no longer has one. When Textual changes, this is the
one module to fix (as ``steps/textual_private.py`` is for the harness).

Some private names are not called but overridden: hooks of Textual's widgets that the
client's subclasses extend (:data:`PRIVATE_HOOKS`). A renamed hook would leave the override
silently unused, so the same test checks that each is still defined where the client
expects it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.token import Token as MarkdownToken
from textual import _time
from textual._arrange import arrange
from textual._node_list import NodeList
from textual.geometry import Size
from textual.layout import DockArrangeResult
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Markdown, OptionList, TextArea, Tree
from textual.widgets.markdown import MarkdownBlock

CHECKED_AGAINST = "8.2.8"
"""The Textual version every wrapper below was checked against."""

PRIVATE_MODULE_NAMES = (
    ("textual._time", "get_time"),
    ("textual._arrange", "arrange"),
    ("textual._node_list", "NodeList"),
)
"""``(module, name)`` of each private module attribute used here."""
PRIVATE_MEMBERS: tuple[tuple[type, str], ...] = (
    (Screen, "_refresh_layout"),
    (Widget, "_layout_required"),
    (Widget, "_arrangement_cache"),
    (NodeList, "_updates"),
    (Markdown, "_parser_factory"),
    (Markdown, "_parse_markdown"),
    (Markdown, "_last_parsed_line"),
    (Markdown, "_markdown"),
    (Markdown, "_initial_markdown"),
    (MarkdownBlock, "_update_from_block"),
    (TextArea, "_replace_via_keyboard"),
    (TextArea, "_delete_via_keyboard"),
    (TextArea, "_line_cache"),
    (OptionList, "_lines"),
    (OptionList, "_index_to_line"),
    (OptionList, "_update_lines"),
    (Tree, "_invalidate"),
    (Tree, "_tree_nodes"),
)
"""``(class, name)`` of each private member read, set or called here (of an instance: set
in ``__init__``)."""
PRIVATE_HOOKS: tuple[tuple[type, str, str], ...] = (
    (TextArea, "_replace_via_keyboard", "PromptInput: typed text never splits a token"),
    (TextArea, "_delete_via_keyboard", "PromptInput: a deleted range takes tokens whole"),
    (TextArea, "_validate_selection", "PromptInput: the cursor never enters a token"),
    (TextArea, "_watch_selection", "PromptInput: moving unmarks a marked token"),
    (TextArea, "_on_key", "PromptInput: editing keys act where they were typed"),
    (TextArea, "_on_paste", "PromptInput: a paste is inserted once"),
    (OptionList, "_on_click", "SlashPopup: a click selects once (the default prevented)"),
    (Tree, "_on_click", "FileTree: a click marks, a second one toggles"),
    (Markdown, "_on_mount", "AgentText: a long text is drawn lazily from its end"),
)
"""``(class, name, what)`` of each private hook a client widget overrides, and why."""


# time


def message_clock() -> float:
    """The clock of ``Message.time``: when a key was read (``textual._time.get_time``; 8.2.8).

    Seconds, monotonic; what a key's age is measured against.
    """
    return _time.get_time()


# the screen's layout


def refresh_layout_now(screen: Screen[Any]) -> None:
    """Lay ``screen`` out now, at its size (``Screen._refresh_layout``; 8.2.8).

    Inside ``App.batch_update`` nothing is drawn meanwhile; afterwards every widget's
    ``virtual_size`` holds what was just mounted, so a view can be scrolled by what grew.
    """
    screen._refresh_layout(size=screen.size)


def layout_pending(*widgets: Widget) -> bool:
    """Whether any of ``widgets`` waits for a layout (``Widget._layout_required``; 8.2.8)."""
    return any(widget._layout_required for widget in widgets)


def arrange_shown(
    container: Widget, shown: Sequence[Widget], size: Size, optimal: bool
) -> DockArrangeResult:
    """Arrange ``shown`` (some of ``container``'s children) as Textual arranges all of them.

    ``textual._arrange.arrange``, cached in ``Widget._arrangement_cache`` under the key
    Textual's own ``Widget.arrange`` uses (the size, ``NodeList._updates`` of the children,
    ``optimal``), so a reflow that changed nothing costs a dictionary look-up (8.2.8).
    """
    cache_key = (size, container._nodes._updates, optimal)
    cached = container._arrangement_cache.get(cache_key)
    if cached is not None:
        return cached
    result = container._arrangement_cache[cache_key] = arrange(
        container, list(shown), size, container.screen.size, optimal=optimal
    )
    return result


# Markdown


def parser_factory(markdown: Markdown) -> Callable[[], MarkdownIt] | None:
    """The parser factory ``markdown`` was made with (``Markdown._parser_factory``; 8.2.8)."""
    factory: Callable[[], MarkdownIt] | None = markdown._parser_factory
    return factory


def parse_blocks(markdown: Markdown, tokens: Iterable[MarkdownToken]) -> list[MarkdownBlock]:
    """The blocks ``markdown`` would draw for ``tokens`` (``Markdown._parse_markdown``; 8.2.8)."""
    return list(markdown._parse_markdown(tokens))


def update_block(block: MarkdownBlock, new: MarkdownBlock) -> Awaitable[None]:
    """Make the drawn ``block`` show ``new`` (``MarkdownBlock._update_from_block``; 8.2.8).

    What ``Markdown.append`` does to its last block: the widget is kept, its content
    replaced. Raises ``IndexError`` where Textual's does (blocks of another shape).
    """
    result: Awaitable[None] = block._update_from_block(new)
    return result


def last_parsed_line(markdown: Markdown) -> int:
    """The source line the last top-level block starts on (``Markdown._last_parsed_line``)."""
    line: int = markdown._last_parsed_line
    return line


def set_source(markdown: Markdown, text: str) -> None:
    """Set what ``Markdown.source`` returns, drawing nothing (``Markdown._markdown``; 8.2.8)."""
    markdown._markdown = text


def skip_initial_draw(markdown: Markdown) -> None:
    """Make Textual's mount draw nothing (``Markdown._initial_markdown``; 8.2.8).

    The widget draws its text itself then (a long text is drawn from its end).
    """
    markdown._initial_markdown = None


# TextArea


def replace_via_keyboard(area: TextArea, insert: str, start: Any, end: Any) -> Any:
    """Insert ``insert`` over ``start..end`` as a typed key does (``_replace_via_keyboard``).

    ``TextArea._replace_via_keyboard`` (8.2.8) honours ``read_only`` and records the edit
    for undo, as typing does; a subclass's override of it runs too.
    """
    return area._replace_via_keyboard(insert, start, end)


def delete_via_keyboard(area: TextArea, start: Any, end: Any) -> Any:
    """Delete ``start..end`` as a key does, Textual's way (``TextArea._delete_via_keyboard``).

    Textual's own method (8.2.8), not a subclass's override of it: the override widens a
    range to whole tokens, this deletes exactly ``start..end`` (a token already whole).
    """
    return TextArea._delete_via_keyboard(area, start, end)


def clear_line_cache(area: TextArea) -> None:
    """Forget the lines ``area`` has drawn, so the next frame draws them again (8.2.8)."""
    area._line_cache.clear()


# OptionList


def update_lines(options: OptionList) -> None:
    """Bring the row-to-option maps up to date (``OptionList._update_lines``; 8.2.8)."""
    options._update_lines()


def line_at(options: OptionList, row: int) -> tuple[int, int]:
    """``(option index, line within it)`` drawn at ``row`` (``OptionList._lines``; 8.2.8).

    ``(0, 0)`` for a row outside the list.
    """
    lines: Sequence[tuple[int, int]] = options._lines
    return lines[row] if 0 <= row < len(lines) else (0, 0)


def first_row_of(options: OptionList, index: int) -> int:
    """The row option ``index`` starts on (``OptionList._index_to_line``; 8.2.8); 0 if none."""
    rows: dict[int, int] = options._index_to_line
    return rows.get(index, 0)


# Tree


def invalidate(tree: Tree[Any]) -> None:
    """Redraw every row of ``tree`` on the next frame (``Tree._invalidate``; 8.2.8)."""
    tree._invalidate()


def tree_nodes(tree: Tree[Any]) -> Iterable[Any]:
    """Every node of ``tree``, shown or not (``Tree._tree_nodes``; 8.2.8)."""
    nodes: dict[Any, Any] = tree._tree_nodes
    return nodes.values()
