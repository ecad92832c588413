"""Paths as the file browser shows and checks them (004 §7.3, §7.6): no widgets here.

A path is split into breadcrumb segments by its node's ``os_type``; a typed path is checked
against the agent's ``allowed_directories`` segment by segment (never by string prefix, so
``/home/user2`` is not inside ``/home/user``); sizes are drawn in human-readable units.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

OsType = Literal["unix", "windows"]
"""A node's file-system flavour."""
SEPARATORS: dict[OsType, str] = {"unix": "/", "windows": "\\"}
"""Breadcrumb separator by ``os_type`` (``crs-fb-breadcrumb-separator``)."""
DRIVE = re.compile(r"^[A-Za-z]:")
"""A Windows drive letter at the start of a path."""
UNITS = ("B", "KB", "MB", "GB", "TB", "PB")
"""Size units, powers of 1024."""


@dataclass(frozen=True)
class Segment:
    """One breadcrumb segment.

    Attributes:
        label: What is drawn (``C:`` for a drive, ``/`` for the Unix root, else a name).
        path: The path a click on it browses.
    """

    label: str
    path: str


def segments(path: str, os_type: OsType) -> list[Segment]:
    """Split ``path`` into breadcrumb segments, the top first (``crs-fb-breadcrumb*``).

    On Windows the drive letter is the first segment (``crs-fb-breadcrumb-drive``); on Unix
    the root ``/`` is. ``""`` (root mode) has no segments.
    """
    if not path:
        return []
    if os_type == "windows":
        parts = [part for part in path.replace("/", "\\").split("\\") if part]
        if not parts:
            return []
        found = [Segment(parts[0], parts[0] + "\\")]
        for part in parts[1:]:
            found.append(Segment(part, found[-1].path.rstrip("\\") + "\\" + part))
        return found
    found = [Segment("/", "/")]
    for part in (part for part in path.split("/") if part):
        found.append(Segment(part, found[-1].path.rstrip("/") + "/" + part))
    return found


def is_absolute(path: str, os_type: OsType) -> bool:
    """Whether ``path`` is absolute on a node of ``os_type``."""
    if os_type == "windows":
        return bool(DRIVE.match(path)) and path[2:3] in ("\\", "/")
    return path.startswith("/")


def _parts(path: str, os_type: OsType) -> list[str]:
    if os_type == "windows":
        return [part.casefold() for part in re.split(r"[\\/]+", path) if part]
    return [part for part in path.split("/") if part]


def within(path: str, allowed: Sequence[str] | None, os_type: OsType) -> bool:
    """Whether ``path`` lies inside an ``allowed`` directory (``crs-fb-manual-prevalidate``).

    ``None`` allows every absolute path; an empty list allows none. Components are compared
    whole (``..`` and ``.`` are refused, so a path cannot climb out), case-insensitively on
    Windows.
    """
    if not is_absolute(path, os_type):
        return False
    parts = _parts(path, os_type)
    if any(part in (".", "..") for part in parts):
        return False
    if allowed is None:
        return True
    for directory in allowed:
        root = _parts(directory, os_type)
        if parts[: len(root)] == root:
            return True
    return False


def human_size(size: int) -> str:
    """Return ``size`` bytes in human-readable units: ``512 B``, ``1.5 KB``, ``12 MB``."""
    value = float(size)
    for unit in UNITS:
        if value < 1024 or unit == UNITS[-1]:
            if unit == "B":
                return f"{int(value)} B"
            return f"{value:.1f} {unit}" if value < 10 else f"{value:.0f} {unit}"
        value /= 1024
    raise AssertionError("unreachable")
