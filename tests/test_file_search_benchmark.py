"""Smoke tests of benchmarks 10 and 11 (benchmarks/file_search.py, debounce.py), tiny sizes.

No timing is asserted (docs/performance.md): only that every side was sampled, that the
generated tree is what the index holds, and that the rows come out.
"""

from __future__ import annotations

from pathlib import Path

from benchmarks import file_search
from reference_crs.demo.file_search import FileIndex


def test_the_generated_tree_is_indexed_without_its_ignored_files(tmp_path: Path) -> None:
    kept = file_search.tree(tmp_path, 300)
    assert len(kept) == 300 and len(set(kept)) == 300
    indexed = [path for path in FileIndex(tmp_path).paths if not path.endswith(".gitignore")]
    assert sorted(indexed) == sorted(kept)
    walked = file_search.floor_walk(tmp_path)
    assert set(kept) < set(walked) and any(p.endswith(".log") for p in walked)


def test_the_search_benchmark_samples_every_query_on_every_side() -> None:
    result = file_search.run(size=300, repeats=2, index_repeats=1)
    assert set(result.queries) == set(file_search.QUERIES)
    for samples in result.queries.values():
        assert {side: len(values) for side, values in samples.items()} == {
            "search": 2,
            "agent": 2,
            "floor": 2,
        }
    assert result.candidates["no match"] == 0 and result.candidates["long"] >= 1
    assert result.candidates["path-like"] >= 1 and result.candidates["abbreviation"] >= 1
    keys = [row.key for row in file_search.rows(result)]
    assert keys[0] == "10. index 300" and keys[-1] == "10. every query"
    assert len(keys) == len(file_search.QUERIES) + 2


def test_the_debounce_benchmark_counts_searches_and_times_both_clients() -> None:
    from benchmarks import debounce

    result = debounce.run(keys=(3,), paces=(0, 10), repeats=1)
    assert set(result) == {3} and set(result[3]) == {0, 10}
    for clients in result[3].values():
        assert set(clients) == {"reference", "crs_alt"}
        assert all(1 <= s.searches <= 3 and s.delay >= 0 for side in clients.values() for s in side)
    keys = [row.key for row in debounce.rows(result)]
    assert keys[:2] == ["11. debounce 3 keys burst reference", "11. debounce 3 keys burst crs_alt"]
