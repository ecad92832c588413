"""The path breadcrumb above the tree (004 §7.3): clickable segments, elided when long."""

from __future__ import annotations

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from reference_crs.browser.names import display_name
from reference_crs.browser.paths import SEPARATORS, OsType, Segment, segments

ROOT_ICON = "🖥"
"""Drawn at the far left; a click browses the root (``crs-fb-breadcrumb-root-icon``)."""
ELLIPSIS = "…"
"""Stands for the elided middle segments (``crs-fb-breadcrumb-elision``)."""


class Breadcrumb(Widget):
    r"""One line: the root icon, then the path's segments separated by ``/`` or ``\``."""

    DEFAULT_CSS = """
    Breadcrumb { height: 1; width: 1fr; }
    """

    path: reactive[str] = reactive("")
    """The path shown; ``""`` is root mode."""
    os_type: reactive[OsType] = reactive[OsType]("unix")
    """The node's file-system flavour."""

    class Clicked(Message):
        """A segment was clicked; handled by the dialog, which moves the tree there."""

        def __init__(self, path: str | None) -> None:
            super().__init__()
            self.path = path
            """The segment's path; ``None`` for the root icon (root mode)."""

    def render(self) -> Text:
        """The root icon and the segments that fit, the middle ones elided."""
        found = segments(self.path, self.os_type)
        shown = _fit(found, self.os_type, self.size.width - 3)
        text = Text(ROOT_ICON, Style(meta={"@click": "go(-1)"}))
        separator = f" {SEPARATORS[self.os_type]} "
        for number, (index, segment) in enumerate(shown):
            if number > 0 and not (number == 1 and shown[0][1].label == "/"):
                text.append(separator, Style(dim=True))
            else:
                text.append(" ")
            if index < 0:
                text.append(ELLIPSIS, Style(dim=True))
            else:
                text.append(display_name(segment.label), Style(meta={"@click": f"go({index})"}))
        return text

    def action_go(self, index: int) -> None:
        """Tell the dialog a segment (or, for ``-1``, the root icon) was clicked."""
        found = segments(self.path, self.os_type)
        self.post_message(self.Clicked(None if index < 0 else found[index].path))


def _fit(found: list[Segment], os_type: OsType, width: int) -> list[tuple[int, Segment]]:
    """The segments to draw, with ``(-1, …)`` for an elided middle (first and last two kept)."""
    numbered = list(enumerate(found))
    if _width(numbered) <= width:
        return numbered
    head = 2 if found and found[0].label == "/" else 1
    if len(found) <= head + 2:
        return numbered
    return [*numbered[:head], (-1, Segment(ELLIPSIS, "")), *numbered[-2:]]


def _width(shown: list[tuple[int, Segment]]) -> int:
    return sum(cell_len(display_name(segment.label)) + 3 for _, segment in shown)
