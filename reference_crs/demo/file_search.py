"""The demo agent's fuzzy file search: an index of the files under a root, and the ranking.

This answers ``control.file.search`` (004 §3.4.3) for a person running the reference client;
the conformance suite never uses it (its fake agent answers searches itself).

*Index.* :class:`FileIndex` walks the root once (``os.scandir``, symbolic links to
directories not followed) and keeps every file's relative POSIX path, its lower-cased path
and name, and its modification time. What ``.gitignore`` files ignore is left out, nested
ones too, with git's rules (patterns parsed by ``pathspec``'s ``GitIgnoreSpec``, each entry
judged as git does during its walk, see :func:`_decision`): a deeper file's patterns win over
a shallower one's, the last matching pattern of a file wins, ``!`` negates, and nothing
inside an ignored directory comes back. A test holds it to ``git ls-files --others
--exclude-standard`` on the same tree. ``.git/info/exclude`` counts as a root ``.gitignore``.
``.git`` (a directory, or a file in a linked worktree) is never listed, the directories in
:data:`SKIPPED_DIRECTORIES` are never entered, and a directory that cannot be read is
skipped (its siblings are still indexed).

*Refresh.* A search never walks the tree. At most once every :data:`RECHECK_SECONDS` a
search stats the directories and ``.gitignore`` files seen by the last walk (one ``stat``
each, not one per file); if any was changed, added or removed, the tree is walked again
before answering. A file added, removed or renamed changes its directory's modification
time, so the index is at most :data:`RECHECK_SECONDS` late; an edit inside a file does not
(only the empty query's "recent" order depends on it, and that is refreshed by the next
walk).

*Ranking* (:func:`rank`), case-insensitive, best first, at most :data:`LIMIT` candidates.
A path matches when the query's characters appear in it in order (a subsequence, as in
most editors' file pickers). Tiers, each before the next:

0. the file name starts with the query;
1. the file name contains the query;
2. the path contains the query (``src/ma`` in ``src/main.py``: ``/`` is a separator);
3. the file name holds the query as a subsequence (``fbp`` in ``foo_bar.py``);
4. the path holds the query as a subsequence;
5. only when no path matched in tiers 0-4, and for queries of :data:`TYPO_MIN` or more
   characters: names that hold all the query's characters but one, in order (a typo:
   ``parzer`` finds ``parser.py``).

Within tiers 3, 4 and 5, tighter matches first (``rapidfuzz``'s ``partial_ratio``: the best
alignment of the query with a part of the name, or of the path in tier 4); then shorter
paths, then paths in code-point order. The subsequence test runs in C over the whole list
first (``rapidfuzz``'s ``LCSseq``: a query is a subsequence of a text when their longest
common subsequence is the whole query), so the tiers only look at the paths that match at
all; a tier is only computed while fewer than the limit were found, and only the best of
the tier that fills the limit are sorted (``heapq.nsmallest``).

``match_ranges`` are ``[start, end)`` code-point ranges of the matched characters in the
file *name* (characters matched in the directory part are not in them).

An empty query returns the most recently modified files first (004 §3.4.2: the popup's
initial state may be "the recently modified files, the client's empty-query answer").
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from heapq import nsmallest
from pathlib import Path

import pathspec
from rapidfuzz import fuzz, process
from rapidfuzz.distance import LCSseq

from rawp_port import FileCandidate

LIMIT = 50
"""Candidates per answer: enough to scroll the popup, few enough for a small frame."""
MAX_FILES = 200_000
"""Files indexed at most; the walk stops there (a home directory can hold millions)."""
RECHECK_SECONDS = 2.0
"""A search checks the index's directories for changes at most this often (seconds)."""
TYPO_MIN = 4
"""Queries shorter than this get no typo-tolerant tier (too many near misses)."""
TYPO_TIER = 5
"""The typo-tolerant tier: only when no other tier found a path."""
PREFILTER_MIN = 2
"""Queries longer than this are first matched against every path in C (see :func:`rank`)."""
SKIPPED_DIRECTORIES = frozenset({".git", ".venv", "node_modules", "__pycache__", ".mypy_cache"})
"""Directories never entered, ignored by a ``.gitignore`` or not."""

Range = tuple[int, int]
_DIR_MARK = "ps_d"
"""The regex group ``pathspec`` gives the ``/`` after a directory a pattern matched."""


@dataclass(frozen=True)
class _Snapshot:
    """One walk's result; replaced whole, so a search reads one consistent walk."""

    paths: tuple[str, ...]
    lower_paths: tuple[str, ...]
    lower_names: tuple[str, ...]
    name_starts: tuple[int, ...]
    recent: tuple[int, ...]
    """Indices of ``paths``, most recently modified first."""
    watched: dict[str, float]
    """Directory and ``.gitignore`` paths (absolute) and their modification times."""


class FileIndex:
    """The files under a root directory, walked once and searched many times.

    Thread-safe: searches may run in worker threads (the demo agent's do); a refresh is
    done by one of them while the others wait for it.
    """

    def __init__(
        self,
        root: Path,
        *,
        max_files: int = MAX_FILES,
        recheck: float = RECHECK_SECONDS,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        """Create the index; nothing is walked until the first search or :meth:`refresh`.

        Args:
            root: The directory searched; paths are relative to it.
            max_files: Files indexed at most.
            recheck: Seconds between two checks for changes (``0`` checks on every search).
            monotonic: Where the time of those checks is read (seconds).
        """
        self.root = root
        """The directory searched."""
        self.max_files = max_files
        """Files indexed at most."""
        self.recheck = recheck
        """Seconds between two checks for changes."""
        self.walks = 0
        """How many times the tree was walked (the first walk counts)."""
        self._monotonic = monotonic
        self._snapshot: _Snapshot | None = None
        self._checked = 0.0
        self._lock = threading.Lock()
        self._closed = threading.Event()

    @property
    def paths(self) -> tuple[str, ...]:
        """Every indexed path (relative, POSIX), walking the tree first if it never was."""
        return self._fresh().paths

    def changed(self) -> bool:
        """Whether a directory or ignore file seen by the last walk changed (a recheck)."""
        return self._snapshot is not None and _changed(self._snapshot.watched)

    def close(self) -> None:
        """Stop a walk under way (it keeps what it found) and every later one.

        Safe from any thread; the demo agent calls it when it closes, so quitting the app
        never waits for a walk of a large tree.
        """
        self._closed.set()

    def refresh(self) -> None:
        """Walk the tree now and replace the index."""
        with self._lock:
            self._walk()

    def search(self, query: str, limit: int = LIMIT) -> tuple[FileCandidate, ...]:
        """Answer ``query``: the best ``limit`` candidates, best first (see the module).

        Args:
            query: What was typed after ``@``; ``""`` returns the most recent files.
            limit: At most this many candidates.

        Returns:
            Candidates with relative POSIX paths and ``match_ranges`` in the name.
        """
        return rank(self._fresh(), query, limit)

    def _fresh(self) -> _Snapshot:
        with self._lock:
            now = self._monotonic()
            if self._snapshot is None:
                self._walk()
            elif now - self._checked >= self.recheck:
                self._checked = now
                if _changed(self._snapshot.watched):
                    self._walk()
            assert self._snapshot is not None
            return self._snapshot

    def _walk(self) -> None:
        self._snapshot = _walk(self.root, self.max_files, self._closed)
        self._checked = self._monotonic()
        self.walks += 1


class Files:
    """A fixed list of relative paths, ranked as :class:`FileIndex` ranks.

    For callers and benchmarks that already hold the list (nothing is walked).
    """

    def __init__(self, paths: Iterable[str], mtimes: Sequence[float] | None = None) -> None:
        """Hold ``paths`` (POSIX, relative); ``mtimes`` orders the empty query (seconds)."""
        listed = tuple(paths)
        times = list(mtimes) if mtimes is not None else [0.0] * len(listed)
        self.snapshot = _snapshot(listed, times, {})
        """The prepared lists."""

    @property
    def paths(self) -> tuple[str, ...]:
        """Every path held (as :attr:`FileIndex.paths`)."""
        return self.snapshot.paths

    def search(self, query: str, limit: int = LIMIT) -> tuple[FileCandidate, ...]:
        """Answer ``query`` over the list (see :meth:`FileIndex.search`)."""
        return rank(self.snapshot, query, limit)

    def close(self) -> None:
        """Nothing to stop (as :meth:`FileIndex.close`: nothing is walked)."""


def rank(snapshot: _Snapshot, query: str, limit: int = LIMIT) -> tuple[FileCandidate, ...]:
    """The best ``limit`` candidates of ``snapshot`` for ``query`` (tiers in the module)."""
    if limit <= 0:
        return ()
    if not query:
        return tuple(_candidate(snapshot, index, ()) for index in snapshot.recent[:limit])
    needle = _lower(query)
    names, paths = snapshot.lower_names, snapshot.lower_paths
    # Every path that matches at all (tiers 0 to 4); a query of one or two characters
    # matches most paths, so the prefilter would cost more than it saves.
    prefiltered = len(needle) > PREFILTER_MIN
    pool: Sequence[int] = _subsequences(needle, paths) if prefiltered else range(len(paths))

    def shortest(index: int) -> tuple[object, ...]:
        return len(paths[index]), snapshot.paths[index]

    def tightest(texts: Sequence[str]) -> Callable[[int], tuple[object, ...]]:
        return lambda index: (-fuzz.partial_ratio(needle, texts[index]), *shortest(index))

    def scattered(in_name: bool) -> Callable[[], list[int]]:
        def members() -> list[int]:
            rest = [i for i in pool if needle not in paths[i]]
            subsequence = set(_subsequences(needle, [names[i] for i in rest]))
            listed = [index for at, index in enumerate(rest) if (at in subsequence) == in_name]
            if in_name or prefiltered:
                return listed
            return [listed[at] for at in _subsequences(needle, [paths[i] for i in listed])]

        return members

    tiers: tuple[tuple[Callable[[], list[int]], Callable[[int], tuple[object, ...]]], ...] = (
        (lambda: [i for i in pool if names[i].startswith(needle)], shortest),
        (lambda: [i for i in pool if needle in names[i][1:]], shortest),
        (lambda: [i for i in pool if needle in paths[i] and needle not in names[i]], shortest),
        (scattered(True), tightest(names)),
        (scattered(False), tightest(paths)),
        (lambda: _near(needle, names) if len(needle) >= TYPO_MIN else [], tightest(names)),
    )
    found: list[tuple[int, int]] = []
    seen: set[int] = set()
    for tier, (members, key) in enumerate(tiers):
        if tier == TYPO_TIER and found:
            break
        listed = [index for index in members() if index not in seen]
        room = limit - len(found)
        best = sorted(listed, key=key) if len(listed) <= room else nsmallest(room, listed, key)
        found += [(tier, index) for index in best]
        seen.update(best)
        if len(found) >= limit:
            break
    return tuple(
        _candidate(snapshot, index, _ranges(needle, snapshot, index, tier)) for tier, index in found
    )


def _subsequences(needle: str, texts: Sequence[str]) -> list[int]:
    """Indices of ``texts`` holding ``needle`` as a subsequence (C, over the whole list)."""
    hits = process.extract(
        needle, texts, scorer=LCSseq.similarity, score_cutoff=len(needle), limit=None
    )
    return [index for _, _, index in hits]


def _near(needle: str, names: Sequence[str]) -> list[int]:
    """Indices of ``names`` that hold all of ``needle`` but one character, in order (C)."""
    hits = process.extract(
        needle, names, scorer=LCSseq.similarity, score_cutoff=len(needle) - 1, limit=None
    )
    return [index for _, _, index in hits]


def _ranges(needle: str, snapshot: _Snapshot, index: int, tier: int) -> tuple[Range, ...]:
    """The matched characters of the name, as ``[start, end)`` ranges (tier in the module)."""
    name = snapshot.lower_names[index]
    if tier in (0, 1):
        start = name.find(needle)
        return ((start, start + len(needle)),)
    if tier == 3:
        return _merge(_tight(needle, name))
    if tier == 5:
        blocks = LCSseq.opcodes(needle, name)
        return _merge(
            p for b in blocks if b.tag == "equal" for p in range(b.dest_start, b.dest_end)
        )
    offset = snapshot.name_starts[index]
    path = snapshot.lower_paths[index]
    if tier == 2:
        start = path.find(needle)
        positions: Iterable[int] = range(start, start + len(needle))
    else:
        positions = _tight(needle, path)
    return _merge(p - offset for p in positions if p >= offset)


def _tight(needle: str, text: str) -> list[int]:
    """Positions of ``needle``'s characters in ``text``, in the first tightest window.

    The first window that holds ``needle`` as a subsequence is found going forward; going
    back from its end picks the latest start, so the matched characters stay close.
    """
    end, at = -1, 0
    for position, char in enumerate(text):
        if char == needle[at]:
            at += 1
            if at == len(needle):
                end = position
                break
    if end < 0:
        return []
    positions, at = [], len(needle) - 1
    for position in range(end, -1, -1):
        if text[position] == needle[at]:
            positions.append(position)
            at -= 1
            if at < 0:
                break
    return positions[::-1]


def _merge(positions: Iterable[int]) -> tuple[Range, ...]:
    """Sorted positions as ``[start, end)`` ranges of consecutive positions."""
    ranges: list[list[int]] = []
    for position in sorted(set(positions)):
        if ranges and ranges[-1][1] == position:
            ranges[-1][1] = position + 1
        else:
            ranges.append([position, position + 1])
    return tuple((start, end) for start, end in ranges)


def _candidate(snapshot: _Snapshot, index: int, ranges: tuple[Range, ...]) -> FileCandidate:
    path = snapshot.paths[index]
    start = snapshot.name_starts[index]
    return FileCandidate(path, path[start:], path[: start - 1] if start else "", ranges)


def _lower(text: str) -> str:
    """``text`` lower-cased, one character for one (``İ`` becomes ``i``), positions kept."""
    lowered = text.lower()
    if len(lowered) == len(text):
        return lowered
    return "".join(c.lower()[:1] for c in text)


def _snapshot(
    paths: tuple[str, ...], mtimes: Sequence[float], watched: dict[str, float]
) -> _Snapshot:
    starts = tuple(path.rfind("/") + 1 for path in paths)
    lower_paths = tuple(_lower(path) for path in paths)
    recent = sorted(range(len(paths)), key=lambda i: (-mtimes[i], paths[i]))
    return _Snapshot(
        paths,
        lower_paths,
        tuple(lower[start:] for lower, start in zip(lower_paths, starts, strict=True)),
        starts,
        tuple(recent),
        watched,
    )


def _walk(root: Path, max_files: int, stop: threading.Event) -> _Snapshot:
    """Walk ``root`` (see the module): the files kept and what to watch for changes."""
    paths: list[str] = []
    mtimes: list[float] = []
    watched: dict[str, float] = {}
    base = os.fspath(root)
    exclude = _rules(os.path.join(base, ".git", "info", "exclude"), watched)
    # A stack of (absolute dir, relative dir ending in "/" or "", the rules above it,
    # deepest first), each rule a (relative dir it sits in, spec) pair.
    stack: list[tuple[str, str, tuple[tuple[str, pathspec.GitIgnoreSpec], ...]]] = [
        (base, "", (("", exclude),) if exclude is not None else ())
    ]
    while stack and len(paths) < max_files and not stop.is_set():
        directory, relative, rules = stack.pop()
        try:
            watched[directory] = os.stat(directory).st_mtime
            with os.scandir(directory) as listing:
                entries = sorted(listing, key=lambda entry: entry.name)
        except OSError:
            continue  # unreadable, or gone since it was listed
        if any(entry.name == ".gitignore" for entry in entries):  # no open() per directory
            own = _rules(os.path.join(directory, ".gitignore"), watched)
            rules = ((relative, own), *rules) if own is not None else rules
        below: list[tuple[str, str, tuple[tuple[str, pathspec.GitIgnoreSpec], ...]]] = []
        for entry in entries:
            name = entry.name
            if name == ".git":
                continue  # the repository (a file in a linked worktree), never a candidate
            path = relative + name
            try:
                is_directory = entry.is_dir(follow_symlinks=False)
                is_file = not is_directory and entry.is_file()
            except OSError:
                continue
            if is_directory:
                if name in SKIPPED_DIRECTORIES or _ignored(rules, path + "/"):
                    continue
                below.append((entry.path, path + "/", rules))
            elif is_file and not _ignored(rules, path):
                try:
                    mtime = entry.stat(follow_symlinks=False).st_mtime
                except OSError:
                    mtime = 0.0
                paths.append(path)
                mtimes.append(mtime)
                if len(paths) >= max_files:
                    break
        stack.extend(reversed(below))
    return _snapshot(tuple(paths), mtimes, watched)


def _rules(path: str, watched: dict[str, float]) -> pathspec.GitIgnoreSpec | None:
    """The patterns of an ignore file, or ``None`` when it is absent or unreadable."""
    try:
        with open(path, encoding="utf-8", errors="replace") as file:
            watched[path] = os.fstat(file.fileno()).st_mtime
            return pathspec.GitIgnoreSpec.from_lines(file.read().splitlines())
    except OSError:
        return None


def _ignored(rules: Sequence[tuple[str, pathspec.GitIgnoreSpec]], path: str) -> bool:
    """Whether ``path`` (relative to the root; ``/`` ends a directory) is ignored.

    The deepest ignore file with a pattern that matches decides (git's precedence).
    """
    for prefix, spec in rules:
        decided = _decision(spec, path[len(prefix) :])
        if decided is not None:
            return decided
    return False


def _decision(spec: pathspec.GitIgnoreSpec, path: str) -> bool | None:
    """What the last pattern of ``spec`` that matches ``path`` itself says (git's rule).

    The walk never enters an ignored directory, so only a match of the entry itself counts:
    a pattern that matches a parent directory (``pathspec`` marks the ``/`` after it) is
    skipped, and the last matching pattern decides whatever its kind. ``GitIgnoreSpec``'s
    own ``check_file`` judges whole paths, lets file patterns outrank directory patterns
    and so never lets ``!*/`` re-include directories after ``*`` (psf/black#3694).
    """
    for pattern in reversed(spec.patterns):
        if pattern.include is None:
            continue
        found = pattern.match_file(path)
        if found is None:
            continue
        match = getattr(found, "match", None)
        if (
            match is not None
            and match.groupdict().get(_DIR_MARK) is not None
            and match.start(_DIR_MARK) < len(path) - 1
        ):
            continue  # matched a parent directory, already judged by the walk
        return bool(pattern.include)
    return None


def _changed(watched: dict[str, float]) -> bool:
    """Whether a watched directory or ignore file changed, appeared or disappeared."""
    for path, mtime in watched.items():
        try:
            if os.stat(path).st_mtime != mtime:
                return True
        except OSError:
            return True
    return False


__all__ = ["LIMIT", "FileIndex", "Files", "rank"]
