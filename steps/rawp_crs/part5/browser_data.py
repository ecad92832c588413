"""The file systems the file-browser scenarios give the fake agent (004 §7, RAWP §4.5).

Each is a dict of browse answers by path (``None``: the root browse), with the allowed
directories that go with it. ``children=None`` marks a directory at the depth boundary (its
children load lazily); ``children=()`` an empty one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rawp_port import BrowseResult, Entry


@dataclass(frozen=True)
class FileSystem:
    """A scripted file system: browse answers by path, and the agent's allowed directories."""

    answers: dict[str | None, BrowseResult]
    allowed: Sequence[str] | None


def _d(name: str, path: str, children: Sequence[Entry] | None = None, **kw: object) -> Entry:
    return Entry(name, path, "directory", children=children, **kw)  # type: ignore[arg-type]


def _f(name: str, path: str, size: int | None = None, **kw: object) -> Entry:
    return Entry(name, path, "file", size=size, **kw)  # type: ignore[arg-type]


def workspace() -> FileSystem:
    """Unix, root mode; the allowed directory ``/w`` holds every kind of entry.

    ``/etc`` exists too, outside ``/w``: a typed ``/etc`` is refused for its range, not
    because it cannot be browsed.

    Root: ``src`` (loaded: ``core``, ``util`` lazy, ``main.py`` 2 KB), ``docs`` (lazy),
    ``build`` (loaded, empty), ``notes.txt`` (1.5 MB), ``link`` (symlink to a directory,
    lazy), ``readme.lnk`` (symlink to a file, 12 B).
    """
    src = _d(
        "src",
        "/w/src",
        (
            _d("core", "/w/src/core"),
            _d("util", "/w/src/util"),
            _f("main.py", "/w/src/main.py", 2048),
        ),
        total_children_count=3,
    )
    root = (
        src,
        _d("docs", "/w/docs"),
        _d("build", "/w/build", ()),
        _f("notes.txt", "/w/notes.txt", 1_572_864),
        Entry("link", "/w/link", "symlink_directory"),
        Entry("readme.lnk", "/w/readme.lnk", "symlink_file", size=12),
    )
    return FileSystem(
        {
            None: BrowseResult("", "unix", root),
            "/w": BrowseResult("/w", "unix", root),
            "/w/src": BrowseResult("/w/src", "unix", src.children or ()),
            "/w/src/core": BrowseResult("/w/src/core", "unix", ()),
            "/etc": BrowseResult("/etc", "unix", ()),  # on the node, outside the allowed /w
            "/w/docs": BrowseResult(
                "/w/docs",
                "unix",
                (_d("guide", "/w/docs/guide"), _f("api.md", "/w/docs/api.md", 300)),
            ),
            "/w/link": BrowseResult(
                "/w/link", "unix", (_f("target.txt", "/w/link/target.txt", 5),)
            ),
        },
        ["/w"],
    )


def deep() -> FileSystem:
    """Unix, the tree at ``/srv/projects/app/backend`` (a click on ``projects`` browses it)."""
    base = "/srv/projects/app/backend"
    return FileSystem(
        {
            None: BrowseResult(
                base, "unix", (_d("api", f"{base}/api"), _f("db.py", f"{base}/db.py", 10))
            ),
            "/srv/projects": BrowseResult(
                "/srv/projects",
                "unix",
                (_d("app", "/srv/projects/app"), _d("infra", "/srv/projects/infra")),
            ),
        },
        ["/srv"],
    )


def windows() -> FileSystem:
    r"""A Windows node, the tree at ``C:\Users\me\code``."""
    base = "C:\\Users\\me\\code"
    top = (_d("proj", base + "\\proj"), _f("a.txt", base + "\\a.txt", 1))
    return FileSystem(
        {
            None: BrowseResult(base, "windows", top),
            "C:\\Users": BrowseResult("C:\\Users", "windows", (_d("me", "C:\\Users\\me"),)),
            base: BrowseResult(base, "windows", top),
        },
        ["C:\\Users\\me"],
    )


def tree_at(path: str, os_type: str) -> FileSystem:
    """The root browse answers ``path``, spelled as given, holding the directory ``proj``.

    The spelling (separators, drive letter case, a trailing separator) is the agent's; the
    client draws the breadcrumb from it (004 §7.3). No directory restriction is set.
    """
    joined = path.rstrip("\\/") + ("\\" if os_type == "windows" else "/") + "proj"
    return FileSystem(
        {None: BrowseResult(path, os_type, (_d("proj", joined),))},  # type: ignore[arg-type]
        None,
    )


LONG_SEGMENTS = (
    "srv",
    "alpha-segment-number-one",
    "beta-segment-number-two",
    "gamma-segment-number-three",
    "delta-segment-number-four",
    "epsilon-segment-number-five",
    "zeta-segment-number-six",
    "eta-segment-number-seven",
    "theta-segment-number-eight",
    "iota-segment-number-nine",
    "kappa-ten",
    "lambda-eleven",
)
"""A path too long for one breadcrumb line in any terminal under 300 cells."""


def long_path() -> FileSystem:
    """Unix, the tree at a path of seven long segments."""
    base = "/" + "/".join(LONG_SEGMENTS)
    return FileSystem({None: BrowseResult(base, "unix", (_d("leaf", base + "/leaf"),))}, None)


def unreadable() -> FileSystem:
    """Root: ``src``, ``secret`` and ``keys.pem`` (unreadable), ``docs``, ``notes.md``.

    ``secret`` is a directory, ``keys.pem`` a file; ``notes.md`` is a readable file to
    compare the unreadable one with.
    """
    return FileSystem(
        {
            None: BrowseResult(
                "",
                "unix",
                (
                    _d("src", "/w/src"),
                    _d("secret", "/w/secret", readable=False),
                    _f("keys.pem", "/w/keys.pem", 3, readable=False),
                    _d("docs", "/w/docs"),
                    _f("notes.md", "/w/notes.md", 5),
                ),
            ),
            "/w/src": BrowseResult("/w/src", "unix", (_f("a.py", "/w/src/a.py", 1),)),
            "/w/secret": BrowseResult("/w/secret", "unix", (_f("inside", "/w/secret/inside", 1),)),
        },
        ["/w"],
    )


def cycle() -> FileSystem:
    """Root: ``src``, ``loop`` (a symlink back to an ancestor, ``cycle``) and ``docs``."""
    loop = Entry("loop", "/w/loop", "symlink_directory", cycle=True)
    return FileSystem(
        {
            None: BrowseResult("", "unix", (_d("src", "/w/src"), loop, _d("docs", "/w/docs"))),
            "/w/loop": BrowseResult("/w/loop", "unix", (loop,)),
        },
        ["/w"],
    )


def unmarked_loop() -> FileSystem:
    """A symlink loop the agent does not mark: ``ring`` contains ``ring`` again, forever."""

    def ring(path: str) -> Entry:
        return Entry("ring", path, "symlink_directory")

    answers: dict[str | None, BrowseResult] = {None: BrowseResult("", "unix", (ring("/w/ring"),))}
    path = "/w/ring"
    for _ in range(6):
        answers[path] = BrowseResult(path, "unix", (ring(path + "/ring"),))
        path += "/ring"
    return FileSystem(answers, ["/w"])


def truncated() -> FileSystem:
    """Root: ``big`` (2 of 5 children sent), ``huge`` (3 of 100,000), ``small``, ``later``.

    The children of ``big`` and ``huge`` come with the root answer; ``later``'s (2 of 4) only
    when it is expanded, from its own browse answer.
    """
    big = _d(
        "big",
        "/w/big",
        (_f("one", "/w/big/one", 1), _f("two", "/w/big/two", 1)),
        total_children_count=5,
    )
    many = tuple(_f(f"f{n:05d}", f"/w/huge/f{n:05d}", n) for n in range(3))
    huge = _d("huge", "/w/huge", many, total_children_count=100_000)
    later = Entry("later", "/w/later", "directory", total_children_count=4)
    sent = (_f("first", "/w/later/first", 1), _f("second", "/w/later/second", 1))
    return FileSystem(
        {
            None: BrowseResult("", "unix", (big, huge, _d("small", "/w/small", ()), later)),
            "/w/later": BrowseResult("/w/later", "unix", sent),
        },
        ["/w"],
    )


def partial() -> FileSystem:
    """Root: a partial answer (the agent timed out part-way): ``src`` and ``docs`` only."""
    return FileSystem(
        {
            None: BrowseResult(
                "", "unix", (_d("src", "/w/src"), _d("docs", "/w/docs")), partial=True
            )
        },
        ["/w"],
    )


def all_unreadable() -> FileSystem:
    """Root: every allowed directory is unreadable."""
    return FileSystem(
        {
            None: BrowseResult(
                "", "unix", (_d("alpha", "/a", readable=False), _d("beta", "/b", readable=False))
            )
        },
        ["/a", "/b"],
    )


HOSTILE_NAMES = {
    "markup": "[bold]loud[/bold]",
    "control": "tab\there\x1b[31mred\x07",
    "rtl": "invoice\u202egpj.exe",
    "undecodable": "bad\udcffbyte",
}
"""Entry names a hostile file system holds: markup, control characters, an RTL override and
an undecodable byte (a lone surrogate, as ``os.fsdecode`` gives it with ``surrogateescape``)."""


def hostile() -> FileSystem:
    """Root: ``first``, the four hostile names in order, ``last``."""
    names = ("first", *HOSTILE_NAMES.values(), "last")
    return FileSystem(
        {
            None: BrowseResult(
                "", "unix", tuple(_f(name, f"/w/{n}", 1) for n, name in enumerate(names))
            )
        },
        ["/w"],
    )


FILE_SYSTEMS: dict[str, Callable[[], FileSystem]] = {
    "workspace": workspace,
    "deep": deep,
    "windows": windows,
    "long path": long_path,
    "unreadable": unreadable,
    "cycle": cycle,
    "unmarked loop": unmarked_loop,
    "truncated": truncated,
    "partial": partial,
    "all unreadable": all_unreadable,
    "hostile": hostile,
}
"""The file systems by the name a scenario gives."""
