"""Steps of ``features/rawp_crs/file_browser_breadcrumb.feature``.

The path breadcrumb above the tree.
"""

from __future__ import annotations

import re

from pytest_bdd import given, parsers, then, when

from steps.checks import check, literal, violation
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.part5.browser import breadcrumb_text, click_at, crumb_gaps, find_crumb_line
from steps.rawp_crs.part5.browser_data import tree_at
from steps.rawp_crs.part5.browser_view import (
    box_region,
    breadcrumb_rows,
    find_word,
    glyphs,
)

COMPUTER_ICONS = ("🖥", "💻", "🖳")


FRAME = "".join(chr(code) for code in range(0x2500, 0x25A0))
"""Box-drawing and block glyphs: the dialog's own frame, stripped from its rows."""


@given(parsers.parse('the agent serves a {os_type} node whose tree is at "{path}"'))
def serves_at(crs_driver: CrsDriver, os_type: str, path: str) -> None:
    """The root browse answers ``path`` (as spelled) on an ``os_type`` node, one directory in it.

    The directory ``proj`` is the only entry; no directory restriction is set.
    """
    system = tree_at(literal(path), os_type)
    crs_driver.agent.file_system = dict(system.answers)
    crs_driver.agent.allowed = system.allowed


@when(parsers.parse('the user clicks the breadcrumb segment "{segment}"'))
def click_segment(crs_driver: CrsDriver, segment: str) -> None:
    """Click the segment where the breadcrumb draws it (``crs-fb-breadcrumb-click``)."""
    for y, cells in breadcrumb_rows(crs_driver):
        box = box_region(crs_driver)
        found = find_word(cells, box.x, literal(segment))
        if found is not None:
            click_at(crs_driver, found[0], y)
            return
    violation(
        "crs-fb-breadcrumb-click",
        "the breadcrumb",
        f"the segment {segment!r}",
        breadcrumb_text(crs_driver),
    )


DRIVE = re.compile(r"(?<![\w\\])([A-Za-z]):(\\?)")
"""A drive as a breadcrumb may draw it: ``C:`` or ``C:\\``, in either letter case."""


@then(
    parsers.re(
        r'the breadcrumb shows the drive "(?P<drive>[^"]+)" first, '
        r'then "(?P<segments>[^"]*)", separated by "(?P<sep>[^"]+)"'
    )
)
def crumb_drive_then(crs_driver: CrsDriver, drive: str, segments: str, sep: str) -> None:
    r"""The drive is the top segment, the path's names follow in order, ``sep`` between.

    004 §7.3: the separator follows ``os_type`` (``crs-fb-breadcrumb-separator``), whatever
    separators the agent's ``base_path`` was spelled with, and the drive letter is the top
    segment (``crs-fb-breadcrumb-drive``). Windows drive letters are case-insensitive: the
    drive may be drawn in either case, with or without its ``\\``; a drive drawn with its
    ``\\`` may be followed directly by the first name.
    """
    names = [literal(s.strip()) for s in segments.split(",") if s.strip()]
    separator = literal(sep)
    box = box_region(crs_driver)
    for _, cells in breadcrumb_rows(crs_driver):
        drawn = glyphs(cells, box.x)
        text = "".join(char for _, char in drawn)
        found = next((m for m in DRIVE.finditer(text) if m[1].upper() == drive[0].upper()), None)
        if found is None or re.search(r"\w", text[: found.start()]):
            continue
        after = drawn[found.end() - 1][0] + 1  # the column after the drive
        spans = [(drawn[found.start()][0], after)]
        for name in names:
            span = find_word(cells[spans[-1][1] - box.x :], spans[-1][1], name)
            if span is None:
                break
            spans.append(span)
        if len(spans) < len(names) + 1:
            continue
        gaps = crumb_gaps(cells, box.x, spans)
        first_ok = not gaps or gaps[0] == separator or (bool(found[2]) and gaps[0] == "")
        check(
            first_ok and all(gap == separator for gap in gaps[1:]),
            "crs-fb-breadcrumb-separator",
            "the breadcrumb",
            f"{separator!r} between the drive and each name",
            repr(gaps),
        )
        return
    violation(
        "crs-fb-breadcrumb-drive",
        "the breadcrumb",
        f"the drive {drive!r} (either case) first, then {names} in order on one row",
        repr(breadcrumb_text(crs_driver)),
    )


@then(parsers.parse('the breadcrumb\'s first segment is the drive "{drive}"'))
def crumb_drive(crs_driver: CrsDriver, drive: str) -> None:
    """On Windows the drive is the top segment (``crs-fb-breadcrumb-drive``)."""
    clause = "crs-fb-breadcrumb-drive"
    for _, cells in breadcrumb_rows(crs_driver):
        text = "".join(c.char for c in cells)
        if "Users" in text:
            head = text[: text.index("Users")]
            words = re.findall(r"[A-Za-z]:|\w+", head)
            check(
                bool(words) and words[-1] == drive,
                clause,
                "the breadcrumb",
                f"{drive!r} as the first segment",
                repr(text.strip()),
            )
            return
    violation(clause, "the breadcrumb", "the path's segments", repr(breadcrumb_text(crs_driver)))


@then("the breadcrumb starts with a computer icon")
def crumb_icon(crs_driver: CrsDriver) -> None:
    """Root mode: an OS root icon at the far left (``crs-fb-breadcrumb-root-icon``)."""
    texts = [line.strip(FRAME + " ") for line in breadcrumb_text(crs_driver).split("\n")]
    check(
        any(text.startswith(COMPUTER_ICONS) for text in texts),
        "crs-fb-breadcrumb-root-icon",
        "the breadcrumb",
        f"one of {COMPUTER_ICONS} at the far left",
        repr(texts),
    )


@then(
    parsers.parse(
        'the breadcrumb keeps the first segment, "…" and the last two segments of "{path}" '
        "on one row"
    )
)
def crumb_elided(crs_driver: CrsDriver, path: str) -> None:
    """The middle elided, the first and the last two kept (``crs-fb-breadcrumb-elision``).

    004 §7.3 keeps "the first segment". A path's first part is its root (``PurePosixPath``
    and ``PureWindowsPath`` agree): on Unix ``/``, accepted when drawn at the far left of
    the breadcrumb (nothing but icons before it), or the first name, for a breadcrumb
    that leaves the root implied; on Windows the drive, which §7.3 makes the top segment.
    The names between the first one and the last two must not be drawn.
    """
    clause = "crs-fb-breadcrumb-elision"
    path = literal(path)
    parts = [part for part in re.split(r"[\\/]", path) if part]
    tail = parts[-2:]
    firsts = [parts[0]] if re.match(r"[A-Za-z]:", path) else ["/", parts[0]]
    for first in firsts:
        found = find_crumb_line(crs_driver, [first, "…", *tail])
        if found is None:
            continue
        line, spans = found
        box = box_region(crs_driver)
        if first == "/" and re.search(r"\w", line[: spans[0][0] - box.x]):
            continue  # a separator after some segment, not the root at the far left
        middle = [part for part in parts[1:-2] if part in line]
        check(
            not middle, clause, "the breadcrumb", "the middle segments elided", repr(line.strip())
        )
        return
    violation(
        clause,
        "the breadcrumb",
        f"one of {firsts} first, then '…' and {tail} on one row",
        repr(breadcrumb_text(crs_driver)),
    )
