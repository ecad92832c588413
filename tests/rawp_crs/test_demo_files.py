"""The demo control plane's file systems answer as RAWP §4.5 describes (004 §7)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rawp_port import BrowseError
from reference_crs.demo.files import LocalFiles, SimulatedWindows


def tree(root: Path) -> Path:
    """``root/work`` with a subdirectory two levels deep, a file, and a link to ``work``."""
    work = root / "work"
    (work / "src" / "deep").mkdir(parents=True)
    (work / "notes.txt").write_text("hello")
    (work / "src" / "back").symlink_to(work)
    return work


def test_root_mode_lists_the_root_with_its_children_down_to_the_depth_limit(tmp_path: Path) -> None:
    work = tree(tmp_path)
    answer = LocalFiles(work, depth=2).browse(None)
    assert answer.base_path == ""
    (root,) = answer.entries
    assert root.path == str(work) and root.children is not None
    src = next(entry for entry in root.children if entry.name == "src")
    assert src.children is None  # the depth boundary: browsed again when expanded


def test_a_link_back_to_an_ancestor_is_a_cycle(tmp_path: Path) -> None:
    work = tree(tmp_path)
    entries = LocalFiles(work).browse(str(work / "src")).entries
    back = next(entry for entry in entries if entry.name == "back")
    assert back.type == "symlink_directory" and back.cycle and back.children is None


def test_directories_are_truncated_with_their_real_count(tmp_path: Path) -> None:
    for n in range(5):
        (tmp_path / f"f{n}").write_text("x")
    (root,) = LocalFiles(tmp_path, max_children=2).browse(None).entries
    assert root.children is not None and len(root.children) == 2
    assert root.total_children_count == 5


def test_a_removed_directory_fails_with_a_server_error(tmp_path: Path) -> None:
    with pytest.raises(BrowseError) as raised:
        LocalFiles(tmp_path).browse(str(tmp_path / "gone"))
    assert raised.value.kind == "server_error"


def test_the_simulated_windows_node_lists_drives_then_backslash_paths() -> None:
    node = SimulatedWindows()
    assert [entry.name for entry in node.browse(None).entries] == ["C:\\", "D:\\"]
    users = node.browse("C:\\Users")
    assert users.os_type == "windows" and users.entries[0].path == "C:\\Users\\demo"
    assert not next(e for e in node.browse("C:\\Windows").entries).readable
