"""The demo control plane's file systems: the real local one, and a simulated Windows node.

Answers follow RAWP §4.5 as the seeds describe it (004 §7): a browse returns the entries of
one directory, their children loaded down to a depth limit (deeper directories come with
``children=None`` and are browsed again when expanded), at most ``max_children`` children per
directory with the real count in ``total_children_count``, ``readable=False`` for what this
process may not list, symlinks typed as such and a link back to one of its ancestors marked
as a ``cycle``. Never used by the conformance suite.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path, PureWindowsPath

from rawp_port import BrowseError, BrowseResult, Entry, EntryType

WINDOWS_NODE = "windows"
"""The node id of the simulated Windows node."""


class LocalFiles:
    """Browses the local file system under ``root`` (root mode lists ``root`` itself)."""

    def __init__(self, root: Path, *, depth: int = 2, max_children: int = 200) -> None:
        """Serve ``root``.

        Args:
            root: The directory root mode shows (the agent's allowed directory).
            depth: Levels of children loaded per answer, 1 or more.
            max_children: Children sent per directory at most; the rest are counted.
        """
        self.root = root
        """The directory root mode shows."""
        self.depth = max(1, depth)
        """Levels of children loaded per answer."""
        self.max_children = max_children
        """Children sent per directory at most."""

    def browse(self, path: str | None) -> BrowseResult:
        """List ``path`` (``None``: root mode, the root directory as the one entry).

        Raises:
            BrowseError: ``server_error`` when ``path`` cannot be listed (removed, a file).
        """
        if path is None:
            return BrowseResult("", "unix", (self._entry(self.root, self.depth),))
        base = Path(path)
        if not base.is_dir():
            raise BrowseError("server_error", f"{path} is not a directory")
        children, _total = self._children(base, self.depth)
        if children is None:
            raise BrowseError("server_error", f"{path} cannot be read")
        return BrowseResult(str(base), "unix", children)

    def _entry(self, path: Path, depth: int) -> Entry:
        link = path.is_symlink()
        is_dir = path.is_dir()
        kind: EntryType = (
            ("symlink_directory" if is_dir else "symlink_file")
            if link
            else ("directory" if is_dir else "file")
        )
        if not is_dir:
            return Entry(
                path.name, str(path), kind, readable=os.access(path, os.R_OK), size=_size(path)
            )
        if link and _is_cycle(path):
            return Entry(path.name, str(path), kind, cycle=True)
        readable = os.access(path, os.R_OK | os.X_OK)
        if not readable or depth <= 1:
            return Entry(path.name, str(path), kind, readable=readable)
        children, total = self._children(path, depth - 1)
        return Entry(path.name, str(path), kind, children=children, total_children_count=total)

    def _children(self, directory: Path, depth: int) -> tuple[Sequence[Entry] | None, int | None]:
        try:
            names = sorted(os.listdir(directory))
        except OSError:
            return None, None
        paths = sorted((directory / name for name in names), key=lambda p: (not p.is_dir(), p.name))
        shown = paths[: self.max_children]
        return tuple(self._entry(p, depth) for p in shown), len(paths)


def _size(path: Path) -> int | None:
    try:
        return path.stat().st_size
    except OSError:
        return None


def _is_cycle(link: Path) -> bool:
    """Whether the symlink ``link`` points at one of its own ancestors (or itself)."""
    try:
        target = link.resolve(strict=True)
    except (OSError, RuntimeError):
        return True  # a loop of links that never resolves
    parent = link.parent.resolve()
    return target == parent or target in parent.parents


WINDOWS_TREE: dict[str, Sequence[tuple[str, str, int | None]]] = {
    "C:\\": (
        ("Users", "directory", None),
        ("Windows", "directory", None),
        ("pagefile.sys", "file", 8_589_934_592),
    ),
    "D:\\": (("data", "directory", None), ("backup.zip", "file", 734_003_200)),
    "C:\\Users": (("demo", "directory", None), ("Public", "directory", None)),
    "C:\\Users\\demo": (
        ("code", "directory", None),
        ("Documents", "directory", None),
        ("notes.txt", "file", 2_048),
    ),
    "C:\\Users\\demo\\code": (("rawp-client", "directory", None), ("README.md", "file", 1_234)),
    "C:\\Users\\demo\\code\\rawp-client": (
        ("src", "directory", None),
        ("pyproject.toml", "file", 980),
    ),
    "C:\\Windows": (("System32", "unreadable", None),),
    "D:\\data": (("reports", "directory", None),),
}
"""The simulated node's directories: ``(name, type, size)`` by path; ``unreadable`` is a
directory this user may not list."""


class SimulatedWindows:
    """A Windows node of two drives, answering from :data:`WINDOWS_TREE`."""

    def browse(self, path: str | None) -> BrowseResult:
        """List ``path``; root mode lists the drives.

        Raises:
            BrowseError: ``server_error`` for a path the node does not have.
        """
        if path is None:
            drives = tuple(Entry(drive, drive, "directory") for drive in ("C:\\", "D:\\"))
            return BrowseResult("", "windows", drives)
        key = str(PureWindowsPath(path)) if len(path) > 3 else path
        if key not in WINDOWS_TREE:
            raise BrowseError("server_error", f"{path} does not exist")
        return BrowseResult(
            key, "windows", tuple(_windows_entry(key, item) for item in WINDOWS_TREE[key])
        )

    def files_under(self, path: str) -> list[str]:
        r"""Every file under directory ``path``, relative to it, ``/``-separated (``code/a.md``).

        What the demo agent searches on this node once ``path`` is the working directory.
        """
        top = str(PureWindowsPath(path)) if len(path) > 3 else path
        found: list[str] = []
        for directory, items in WINDOWS_TREE.items():
            inside = directory == top or directory.startswith(top.rstrip("\\") + "\\")
            if not inside:
                continue
            prefix = directory[len(top) :].strip("\\").replace("\\", "/")
            for name, kind, _size in items:
                if kind == "file":
                    found.append(f"{prefix}/{name}" if prefix else name)
        return sorted(found)


def _windows_entry(base: str, item: tuple[str, str, int | None]) -> Entry:
    name, kind, size = item
    path = str(PureWindowsPath(base) / name)
    if kind == "unreadable":
        return Entry(name, path, "directory", readable=False)
    return Entry(name, path, "directory" if kind == "directory" else "file", size=size)
