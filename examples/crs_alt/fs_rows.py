"""The file browser's model: a flat list of visible rows, built from browse answers (004 §7.2).

The alternative client does not use a tree widget: the dialog keeps the browse answers as
:class:`Node` objects and flattens the expanded ones into :class:`Row` objects, one per drawn
line (an entry, an inline error, a truncation note), which the dialog's list draws line by
line. Pure data: nothing here imports Textual. Entries are read by attribute (RAWP §4.5
fields), so any object with ``name``, ``path``, ``type``... will do.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

DIRECTORY_TYPES = ("directory", "symlink_directory")
"""Entry types that can be expanded (``crs-fb-chevron``)."""

ICONS = {
    "directory": ("📁", "📂"),
    "symlink_directory": ("📁↗", "📂↗"),
    "file": ("📄", "📄"),
    "symlink_file": ("📄↗", "📄↗"),
}
"""Icon by type, collapsed and expanded (``crs-fb-icon-by-type``, ``crs-fb-open-folder-icon``)."""

ICON_CELLS = 3
"""Cells every icon is padded to, so names line up whatever the type."""

INDENT = 2
"""Cells per tree level (16 to 24 px, ``crs-fb-indentation``)."""

UNREADABLE_TIP = "접근 권한 없음"
CYCLE_TIP = "순환 심링크"

_BIDI = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def visible_name(name: str) -> str:
    r"""``name`` as it may be drawn: control characters as their visible symbols.

    C0 controls become U+2400 symbols (``␛``), DEL ``␡``, other C1/format controls and bidi
    overrides (U+202E) ``\\uXXXX`` text, and undecodable bytes (lone surrogates from a
    ``surrogateescape`` listing) ``�``. Markup is never interpreted: rows are drawn as text.
    """

    def one(char: str) -> str:
        code = ord(char)
        if code < 0x20:
            return chr(0x2400 + code)
        if code == 0x7F:
            return "␡"
        if 0xD800 <= code <= 0xDFFF:
            return "�"
        if _BIDI.match(char) or unicodedata.category(char) in ("Cc", "Cf"):
            return f"\\u{code:04x}"
        return char

    return "".join(one(char) for char in name)


def human_size(size: int | None) -> str:
    """A byte count in human-readable units (``crs-fb-file-size``): ``512 B``, ``1.5 KB``."""
    if size is None:
        return ""
    value = float(size)
    for unit in ("B", "KB", "MB", "GB", "TB"):
        if value < 1024 or unit == "TB":
            return f"{int(value)} {unit}" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1024
    return ""  # pragma: no cover - the loop always returns


@dataclass(eq=False)
class Node:
    """One entry of the tree and what the user did to it.

    Attributes:
        entry: The browse answer's entry (RAWP §4.5).
        depth: Its level, 0 for the tree's top.
        children: Loaded children; ``None`` until loaded (depth boundary).
        total: ``total_children_count`` of the entry, when given.
        expanded: Whether its children are shown.
        loading: A lazy expansion is in flight (``crs-fb-expansion-spinner``).
        error: The message of the last failed expansion (``crs-fb-expansion-error``).
        parent: The node it is a child of.
    """

    entry: Any
    depth: int
    children: list[Node] | None = None
    total: int | None = None
    expanded: bool = False
    loading: bool = False
    error: str | None = None
    parent: Node | None = None

    @property
    def path(self) -> str:
        """The entry's path."""
        return str(self.entry.path)

    @property
    def is_dir(self) -> bool:
        """Whether the entry is a directory (or a link to one)."""
        return self.entry.type in DIRECTORY_TYPES

    @property
    def readable(self) -> bool:
        """Whether the agent can read it."""
        return bool(getattr(self.entry, "readable", True))

    @property
    def cycle(self) -> bool:
        """Whether it is a symlink back to an ancestor (drawn disabled)."""
        return bool(getattr(self.entry, "cycle", False))

    @property
    def expandable(self) -> bool:
        """Whether it may be expanded: a readable directory that is not a cycle."""
        return self.is_dir and self.readable and not self.cycle

    @property
    def tip(self) -> str:
        """Its tooltip: why it cannot be opened, or ``""``."""
        if self.cycle:
            return CYCLE_TIP
        return "" if self.readable else UNREADABLE_TIP

    def fill(self, entries: Sequence[Any], total: int | None = None) -> None:
        """Set its children from a browse answer's entries."""
        self.children = nodes(entries, self.depth + 1, self)
        if total is not None:
            self.total = total


def nodes(entries: Sequence[Any], depth: int, parent: Node | None = None) -> list[Node]:
    """Nodes for ``entries`` and their children, recursively (``crs-fb-tree-mirrors-entries``)."""
    made = []
    for entry in entries:
        node = Node(entry, depth, parent=parent, total=getattr(entry, "total_children_count", None))
        sent = getattr(entry, "children", None)
        if sent is not None:
            node.fill(sent)
        made.append(node)
    return made


RowKind = Literal["entry", "error", "more"]


@dataclass(frozen=True)
class Row:
    """One drawn line of the list.

    Attributes:
        kind: ``entry``, ``error`` (an expansion's inline error) or ``more`` (``외 N개 항목``).
        node: The entry's node (for ``error`` and ``more``: the directory they belong to).
        text: The message of an ``error`` or ``more`` row.
    """

    kind: RowKind
    node: Node
    text: str = ""


def rows(top: Sequence[Node]) -> list[Row]:
    """The visible rows of the tree whose top level is ``top``, in drawing order."""
    return list(_walk(top))


def _walk(level: Sequence[Node]) -> Iterator[Row]:
    for node in level:
        yield Row("entry", node)
        if node.error is not None:
            yield Row("error", node, node.error)
        if node.expanded and node.children is not None:
            yield from _walk(node.children)
            hidden = (node.total or 0) - len(node.children)
            if hidden > 0:
                yield Row("more", node, f"외 {hidden}개 항목")


@dataclass
class Tree:
    """The tree the dialog shows: its top level and the browsed path it stands for.

    Attributes:
        base_path: The browse answer's ``base_path`` (``""`` in root mode).
        os_type: ``unix`` or ``windows``.
        top: The top-level nodes.
        partial: The answer was incomplete (``crs-fb-partial-failure``).
    """

    base_path: str = ""
    os_type: str = "unix"
    top: list[Node] = field(default_factory=list)
    partial: bool = False


# paths


def separator(os_type: str) -> str:
    """The path separator of ``os_type`` (``crs-fb-breadcrumb-separator``)."""
    return "\\" if os_type == "windows" else "/"


_DRIVE = re.compile(r"^[A-Za-z]:(?:[\\/]|$)")


def segments(path: str, os_type: str) -> list[tuple[str, str]]:
    r"""The breadcrumb segments of ``path``: ``(label, path it leads to)``, top first.

    On Windows the drive (``C:\\``) is the top segment (``crs-fb-breadcrumb-drive``); on
    Unix the top segment is ``/``.
    """
    sep = separator(os_type)
    if not path:
        return []
    parts = [part for part in re.split(r"[\\/]" if os_type == "windows" else "/", path) if part]
    if os_type == "windows" and parts and _DRIVE.match(parts[0]):
        drive = parts[0][:2].upper() + sep
        found, current = [(drive, drive)], drive
        rest = parts[1:]
    else:
        found, current = [(sep, sep)], sep
        rest = parts
    for part in rest:
        current = current + part if current.endswith(sep) else current + sep + part
        found.append((part, current))
    return found


def is_absolute(path: str, os_type: str) -> bool:
    """Whether ``path`` is absolute on ``os_type``."""
    if os_type == "windows":
        return bool(_DRIVE.match(path))
    return path.startswith("/")


def _norm(path: str, os_type: str) -> list[str]:
    parts = [part for part in re.split(r"[\\/]" if os_type == "windows" else "/", path) if part]
    kept: list[str] = []
    for part in parts:
        if part == "..":
            if kept[1 if os_type == "windows" else 0 :]:
                kept.pop()
        elif part != ".":
            kept.append(part)
    return [part.lower() for part in kept] if os_type == "windows" else kept


def within(path: str, allowed: Sequence[str] | None, os_type: str) -> bool:
    """Whether ``path`` lies inside one of ``allowed`` (``crs-fb-manual-prevalidate``).

    ``None`` allows everything; ``..`` is resolved before comparing; Windows compares without
    case. Symlinks cannot be resolved on the client side and are not.
    """
    if allowed is None:
        return True
    mine = _norm(path, os_type)
    for root in allowed:
        theirs = _norm(root, os_type)
        if mine[: len(theirs)] == theirs:
            return True
    return False
