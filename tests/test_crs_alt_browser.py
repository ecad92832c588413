"""The pure model of the alternative client's file browser (``examples/crs_alt/fs_rows.py``).

The dialog itself is checked by the profile's features (``file_browser_*``,
``workspace_selection``) run on ``examples.crs_alt``; these tests pin the path rules and
the flattening that the features read only through the screen.
"""

from __future__ import annotations

import pytest

from examples.crs_alt.fs_rows import Node, nodes, rows, segments, visible_name, within
from rawp_port import Entry


def test_a_windows_path_has_its_drive_as_the_top_segment() -> None:
    assert segments(r"c:\Users\me", "windows") == [
        ("C:\\", "C:\\"),
        ("Users", "C:\\Users"),
        ("me", "C:\\Users\\me"),
    ]


def test_a_unix_path_starts_at_the_root_segment() -> None:
    assert segments("/home/me", "unix") == [("/", "/"), ("home", "/home"), ("me", "/home/me")]


@pytest.mark.parametrize(
    ("path", "os_type", "inside"),
    [
        ("/home/me/project", "unix", True),
        ("/home/me", "unix", True),
        ("/home/meow", "unix", False),
        ("/home/me/../other", "unix", False),
        ("/etc", "unix", False),
        (r"C:\users\ME\x", "windows", True),
        (r"D:\x", "windows", False),
    ],
)
def test_a_typed_path_is_inside_only_below_an_allowed_directory(
    path: str, os_type: str, inside: bool
) -> None:
    allowed = [r"C:\Users\me"] if os_type == "windows" else ["/home/me"]
    assert within(path, allowed, os_type) is inside


def test_no_allowed_list_allows_everything_and_an_empty_one_nothing() -> None:
    assert within("/anything", None, "unix")
    assert not within("/anything", [], "unix")


def test_names_are_drawn_with_controls_bidi_overrides_and_bad_bytes_visible() -> None:
    assert visible_name("a\x1b[31m\u202eb\udcff") == "a␛[31m\\u202eb�"


def test_a_truncated_directory_is_followed_by_the_count_of_the_entries_not_sent() -> None:
    child = Entry("a.txt", "/d/a.txt", "file", size=1)
    top = nodes([Entry("d", "/d", "directory", children=[child], total_children_count=5)], 0)
    top[0].expanded = True
    drawn = [(row.kind, row.text or row.node.entry.name) for row in rows(top)]
    assert drawn == [("entry", "d"), ("entry", "a.txt"), ("more", "외 4개 항목")]


def test_unreadable_and_cyclic_directories_cannot_be_expanded() -> None:
    locked = Node(Entry("x", "/x", "directory", readable=False), 0)
    loop = Node(Entry("y", "/y", "symlink_directory", cycle=True), 0)
    assert not locked.expandable and locked.tip == "접근 권한 없음"
    assert not loop.expandable and loop.tip == "순환 심링크"
