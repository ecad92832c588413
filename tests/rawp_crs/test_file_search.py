"""The demo agent's fuzzy file search (reference_crs.demo.file_search): ranking, ranges, the index.

Not conformance checks: the suite's fake agent answers searches itself. These pin what a
person running ``python -m reference_crs`` gets from ``control.file.search`` (004 §3.4.3).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from rawp_port import FileCandidate
from reference_crs.demo.file_search import LIMIT, TYPO_MIN, FileIndex, Files


def _paths(candidates: tuple[FileCandidate, ...]) -> list[str]:
    return [candidate.path for candidate in candidates]


def _marked(candidate: FileCandidate) -> str:
    """The name's characters inside its match ranges, joined."""
    return "".join(candidate.name[start:end] for start, end in candidate.match_ranges)


def _well_formed(candidate: FileCandidate) -> None:
    """Ranges ascending, disjoint, not touching, inside the name; name and path agree."""
    previous = -1
    for start, end in candidate.match_ranges:
        assert previous < start < end <= len(candidate.name), candidate
        previous = end
    assert candidate.path.endswith(candidate.name)
    directory = candidate.path[: -len(candidate.name)].rstrip("/")
    assert candidate.directory == directory


def _tree(root: Path, files: dict[str, str]) -> Path:
    for relative, text in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


# ranking and ranges


FILES = Files(
    [
        "a/xparser.py",
        "parser/main.py",
        "p_a_r.txt",
        "parse.py",
        "src/main.py",
        "src/mapper.rs",
        "docs/Makefile",
        "lib/foo_bar.py",
        "README.md",
    ]
)


def test_tiers_name_prefix_then_name_then_path_then_subsequences() -> None:
    assert _paths(FILES.search("par")) == [
        "parse.py",  # the name starts with it
        "a/xparser.py",  # the name contains it
        "parser/main.py",  # the path contains it
        "p_a_r.txt",  # the name holds it as a subsequence
    ]


def test_a_name_subsequence_marks_the_tightest_run_of_characters() -> None:
    (candidate,) = FILES.search("fbp")
    assert candidate.path == "lib/foo_bar.py"
    assert candidate.match_ranges == ((0, 1), (4, 5), (8, 9))
    tight = Files(["a_x_a_b.txt"]).search("ab")[0]  # the "a" closest to the "b"
    assert tight.match_ranges == ((4, 5), (6, 7))


def test_a_path_like_query_matches_across_the_separator_and_marks_only_the_name() -> None:
    candidates = FILES.search("src/ma")
    assert _paths(candidates) == ["src/main.py", "src/mapper.rs"]
    assert [c.match_ranges for c in candidates] == [((0, 2),), ((0, 2),)]
    assert [c.directory for c in candidates] == ["src", "src"]
    assert FILES.search("parser/")[0].match_ranges == ()  # matched in the directory only


def test_case_is_ignored_and_ranges_hold_the_typed_characters() -> None:
    (candidate,) = FILES.search("MAKEF")
    assert candidate.path == "docs/Makefile" and _marked(candidate) == "Makef"
    for query in ("a", "ma", "py", "rs", "read", "xp", "fbp", "p_r"):
        for candidate in FILES.search(query):
            _well_formed(candidate)
            assert _marked(candidate).lower() in {query, *_subsequence_marks(candidate, query)}


def _subsequence_marks(candidate: FileCandidate, query: str) -> set[str]:
    """A subsequence match marks the query's characters, in order (some may sit in the path)."""
    marked = _marked(candidate).lower()
    letters = iter(query)
    return {marked} if all(char in letters for char in marked) else set()


def test_a_typo_finds_the_name_only_when_nothing_matches_and_for_longer_queries() -> None:
    files = Files(["src/parser.py", "src/printer.py"])
    (candidate,) = files.search("parzer")
    assert candidate.path == "src/parser.py"
    assert candidate.match_ranges == ((0, 3), (4, 6))  # the characters that did match
    assert _paths(Files(["parser.py", "zparzer.md"]).search("parzer")) == ["zparzer.md"]
    assert len("prz") < TYPO_MIN and files.search("prz") == ()  # "parz" would find it
    assert files.search("qqqqqq") == ()


def test_short_queries_are_matched_without_the_prefilter_as_longer_ones_are() -> None:
    files = Files(["a/b.txt", "x/y.txt", "ab.md", "zab.md", "a_b.md"])
    assert _paths(files.search("ab")) == ["ab.md", "zab.md", "a_b.md", "a/b.txt"]
    assert files.search("ab")[-1].match_ranges == ((0, 1),)  # "b" of b.txt
    assert _paths(files.search("ba")) == []
    assert _paths(files.search("a/b")) == ["a/b.txt"]  # three characters: prefiltered


def test_ranges_stay_on_the_name_where_lower_casing_changes_the_length() -> None:
    (candidate,) = Files(["docs/İİ_parser.md"]).search("parser")  # "İ".lower() is 2 characters
    assert candidate.match_ranges == ((3, 9),) and _marked(candidate) == "parser"
    assert Files(["İstanbul.txt"]).search("ist")[0].match_ranges == ((0, 3),)


def test_no_match_is_an_empty_answer() -> None:
    assert FILES.search("zzz") == ()
    assert FILES.search("/nowhere/") == ()


def test_the_answer_is_limited_and_best_first_at_100_000_files() -> None:
    paths = [f"pkg{i % 97:02d}/mod{i % 13}/file{i:06d}.py" for i in range(100_000)]
    paths[54_321] = "pkg50/mod7/needle.py"
    files = Files(paths)
    assert len(files.search("f")) == LIMIT
    assert len(files.search("")) == LIMIT
    assert files.search("needle")[0].path == "pkg50/mod7/needle.py"
    assert _paths(files.search("file099999")) == [paths[99_999]]
    assert files.search("pkg50/mod7/nee")[0].match_ranges == ((0, 3),)
    best = files.search("file00000")  # ten names start with it; more hold it as a subsequence
    assert [c.name for c in best[:10]] == [f"file00000{i}.py" for i in range(10)]
    assert len(best) > 10 and not best[10].name.startswith("file00000")
    assert files.search("zzzzzz") == ()
    assert len(files.search("", limit=3)) == 3 and files.search("x", limit=0) == ()


# the index: .gitignore, recency, refresh


def test_gitignore_files_nested_and_negated_are_honoured(tmp_path: Path) -> None:
    root = _tree(
        tmp_path,
        {
            ".gitignore": "*.log\n!keep.log\nbuild/\n/top.txt\n",
            "keep.log": "",
            "drop.log": "",
            "top.txt": "",
            "build/out.py": "",
            "src/top.txt": "",  # /top.txt is anchored to the root's directory
            "src/build.py": "",  # build/ matches directories only
            "src/.gitignore": "*.tmp\n!important.log\n/local/\n",
            "src/scratch.tmp": "",
            "src/important.log": "",  # a deeper ! re-includes what the root ignores
            "src/other.log": "",
            "src/local/x.py": "",
            "src/deep/local/y.py": "",  # /local/ is anchored to src/
            "src/deep/.gitignore": "!*.tmp\n",
            "src/deep/kept.tmp": "",  # the deepest file decides
            "vendor/.gitignore": "*\n!.gitignore\n",
            "vendor/lib.py": "",
            ".git/info/exclude": "secret.txt\n",
            ".git/HEAD": "",
            "secret.txt": "",
            "node_modules/pkg/index.js": "",
            "worktree/.git": "gitdir: /elsewhere\n",  # a linked worktree's .git is a file
            "worktree/code.py": "",
        },
    )
    (root / "build" / ".gitignore").write_text("!out.py\n")  # an ignored dir is not entered
    found = set(_paths(FileIndex(root).search("", limit=1000)))
    assert found == {
        ".gitignore",
        "keep.log",
        "src/top.txt",
        "src/build.py",
        "src/.gitignore",
        "src/important.log",
        "src/deep/local/y.py",
        "src/deep/.gitignore",
        "src/deep/kept.tmp",
        "vendor/.gitignore",
        "worktree/code.py",
    }


def test_the_empty_query_lists_the_most_recently_modified_files_first(tmp_path: Path) -> None:
    root = _tree(tmp_path, {"old.py": "", "newest.md": "", "mid/dle.txt": ""})
    for stamp, relative in enumerate(("old.py", "mid/dle.txt", "newest.md")):
        os.utime(root / relative, (1_700_000_000 + stamp, 1_700_000_000 + stamp))
    assert _paths(FileIndex(root).search("")) == ["newest.md", "mid/dle.txt", "old.py"]


class Ticks:
    """A monotonic clock moved by hand (seconds)."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_searches_do_not_walk_again_until_a_recheck_finds_a_change(tmp_path: Path) -> None:
    root = _tree(tmp_path, {"a.py": "", "sub/b.py": ""})
    ticks = Ticks()
    index = FileIndex(root, recheck=2.0, monotonic=ticks)
    for query in ("a", "b", "ab", "", "sub/"):
        index.search(query)
    assert index.walks == 1
    (root / "sub" / "new.py").write_text("")
    os.utime(root / "sub", (1, 1))  # a new mtime even on a coarse-grained file system
    ticks.now += 1.0
    assert index.search("new") == () and index.walks == 1  # within the recheck interval
    ticks.now += 1.5
    assert _paths(index.search("new")) == ["sub/new.py"] and index.walks == 2
    ticks.now += 5.0
    index.search("new")
    assert index.walks == 2  # rechecked, nothing changed
    (root / ".gitignore").write_text("new.py\n")
    ticks.now += 5.0
    assert index.search("new") == () and index.walks == 3


def test_a_closed_index_walks_no_further(tmp_path: Path) -> None:
    root = _tree(tmp_path, {"a.py": "", "sub/b.py": ""})
    index = FileIndex(root)
    index.close()
    assert index.search("") == () and index.walks == 1


def test_the_index_stops_at_max_files(tmp_path: Path) -> None:
    root = _tree(tmp_path, {f"d{i}/f{j}.txt": "" for i in range(3) for j in range(5)})
    assert len(FileIndex(root, max_files=7).search("", limit=100)) == 7


# hostile trees


HOSTILE = (
    "[bold red]markup[i].py",
    "<b>tag&amp;<i>.html",
    "esc\x1b[31mred.txt",
    "bell\x07and\ttab.txt",
    "new\nline.txt",
    "\u202egnp.exe",
    "with spaces in it.md",
    "pipe|name.txt",
    "greater>than.txt",
    "back\\slash.txt",
    "<@file:x|y>.md",
    "日本語ファイル.txt",
)


def test_hostile_names_are_found_as_they_are(tmp_path: Path) -> None:
    root = _tree(tmp_path, {f"odd dir|>/{name}": "" for name in HOSTILE})
    index = FileIndex(root)
    everything = index.search("", limit=100)
    assert sorted(c.name for c in everything) == sorted(HOSTILE)
    for candidate in everything:
        assert (root / candidate.path).is_file()
        assert candidate.directory == "odd dir|>"
    for name in HOSTILE:
        query = name[1:5]
        candidates = index.search(query, limit=100)
        assert name in [c.name for c in candidates], (name, query)
        for candidate in candidates:
            _well_formed(candidate)
    (rtl,) = index.search("\u202egn")
    assert rtl.match_ranges == ((0, 3),)


def test_a_very_long_path_is_indexed_and_found(tmp_path: Path) -> None:
    parts = [f"{'d' * 205}{level:02d}" for level in range(19)]  # 19 x 208 characters
    relative = "/".join([*parts, "deep_needle.txt"])
    assert len(relative) > 3_900
    _tree(tmp_path, {relative: ""})
    (candidate,) = FileIndex(tmp_path).search("deep_needle")
    assert candidate.path == relative and candidate.match_ranges == ((0, 11),)
    assert len(candidate.directory) > 3_800


@pytest.fixture
def unreadable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A tree whose ``locked`` directory cannot be listed.

    The mode is ``000``; the tests may run as root, which reads it anyway, so listing it
    also raises ``PermissionError`` as the kernel would for another user.
    """
    root = _tree(tmp_path, {"locked/hidden.py": "", "open/seen.py": "", "top.py": ""})
    locked = root / "locked"
    real = os.scandir

    def scandir(path: str) -> object:
        if os.fspath(path) == os.fspath(locked):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    locked.chmod(0)
    yield root
    locked.chmod(0o755)


def test_an_unreadable_directory_is_skipped_and_its_siblings_kept(unreadable: Path) -> None:
    assert sorted(_paths(FileIndex(unreadable).search("", limit=100))) == [
        "open/seen.py",
        "top.py",
    ]


def test_the_index_equals_what_git_itself_does_not_ignore(tmp_path: Path) -> None:
    """git is the oracle: ``git ls-files --others --exclude-standard`` in a fresh repository."""
    git = shutil.which("git")
    assert git is not None, "git is needed for this oracle"
    root = _tree(
        tmp_path,
        {
            ".gitignore": (
                "# a comment\n*.py[co]\n**/gen/\ndoc/*.txt\n!doc/keep.txt\n/anchored\n"
                "a/**/b\n\\#hash\ntrailing.txt   \n*.tmp\n"
                "foo/*\n!foo/bar\n!foo/baz/quux\nskip/\n/name\nname.txt/\n\\[brackets\\].md\n"
            ),
            "x.pyc": "", "x.py": "", "deep/gen/out.js": "", "gen.js": "",
            "doc/a.txt": "", "doc/keep.txt": "", "doc/sub/b.txt": "",
            "anchored": "", "sub/anchored": "", "a/b": "", "a/x/y/b": "", "a/x/c": "",
            "#hash": "", "trailing.txt": "",
            "lib/.gitignore": "!*.tmp\n/only_here.md\n*\n!*/\n!*.rs\n",  # a whitelist
            "lib/keep.tmp": "", "lib/only_here.md": "", "lib/core.rs": "", "lib/x.c": "",
            "lib/inner/mod.rs": "", "lib/inner/mod.c": "",
            "out/.gitignore": "*\n!keep/\n", "out/x.o": "", "out/keep/y.o": "",
            "foo/bar/z.md": "", "foo/baz/quux/q.md": "", "foo/other.md": "",
            "nest/.gitignore": "!*.pyc\n", "nest/n.pyc": "",
            "skip/.gitignore": "!inside.md\n", "skip/inside.md": "", "skip/me.md": "",
            "name/x.txt": "", "sub/name": "", "sub/name.txt/y": "",
            "sp ace/a b.md": "", "[brackets].md": "", "q?.md": "",
        },
    )  # fmt: skip
    subprocess.run([git, "init", "-q", os.fspath(root)], check=True)
    listed = subprocess.run(
        [git, "-C", os.fspath(root), "ls-files", "--others", "--exclude-standard", "-z"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    expected = {path for path in listed.split("\0") if path}
    assert {"lib/inner/mod.rs", "doc/keep.txt", "nest/n.pyc"} <= expected  # the oracle ran
    assert set(_paths(FileIndex(root).search("", limit=1000))) == expected
