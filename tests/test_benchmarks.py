"""Smoke tests of the benchmark code at tiny sizes. They check that each benchmark runs
and reports its rows; no timing is asserted (benchmarks only, docs/performance.md)."""

from __future__ import annotations

import json

from benchmarks import browser, feature_timings, overhead, scale, slash_popup, startup, streaming
from benchmarks.__main__ import main


def test_the_scale_benchmark_times_every_side_at_a_tiny_size() -> None:
    result = scale.run(sizes=[10], repeats=1, memory_pairs=2, memory_repeats=1)
    rows = scale.rows(result)
    assert [row.key for row in rows] == ["3. scale 10", "3. memory"]
    sides = ("ours", "floor", "scrolled")
    expected = {name: 1 for side in sides for name in (side, f"{side} cpu")}
    assert {side: len(values) for side, values in result.time[10].values.items()} == expected
    assert all(row.ratio > 0 for row in rows)


def test_the_startup_benchmark_reaches_the_first_frame_of_every_app() -> None:
    samples = startup.run(repeats=1)
    assert {side: len(values) for side, values in samples.values.items()} == {
        "ours": 1,
        "floor": 1,
        "widgets": 1,
    }
    assert all(value > 0 for values in samples.values.values() for value in values)


def test_the_overhead_benchmark_pairs_a_scenario_with_its_hand_written_script() -> None:
    result = overhead.run(repeats=1, extra=["-k", "input_has_focus"])
    assert result.unpaired == []
    assert [(s.nodeid.split("::")[-1], s.problems) for s in result.scenarios.values()] == [
        ("test_the_input_has_focus_when_the_app_starts", [])
    ]
    assert len(result.paired) == 1


def test_the_command_prints_a_table_row_per_ratio(capsys) -> None:
    assert main(["--only", "startup", "--quick"]) == 0
    out = capsys.readouterr().out
    assert "| 4. start-up | time to the first frame (Ready) |" in out
    assert "machine: nproc" in out


def test_the_streaming_benchmark_streams_every_delta_into_both_apps() -> None:
    result = streaming.run(sizes=(20,), repeats=1)
    rows = streaming.rows(result)
    assert [row.key for row in rows] == ["5. streaming 20", "5. frame gap 20"]
    assert all(sample.total > 0 for side in result[20].values() for sample in side)


def test_the_slash_benchmark_opens_and_filters_the_popup_of_every_side() -> None:
    result = slash_popup.run(sizes=(10,), repeats=1)
    rows = slash_popup.rows(result)
    assert [row.key for row in rows] == [
        "6. popup 10 reference",
        "6. filter 10 reference",
        "6. popup 10 crs_alt",
        "6. filter 10 crs_alt",
    ]
    assert all(len(sample.filtered) == 3 for side in result[10].values() for sample in side)


def test_the_browser_benchmark_opens_and_expands_in_the_floor_and_every_client() -> None:
    result = browser.run(sizes=(5,), repeats=1)
    assert set(result[5]) >= {"floor", "crs_alt"}
    assert all(s.open > 0 and s.expand > 0 for side in result[5].values() for s in side)
    keys = [row.key for row in browser.rows(result)]
    assert keys[:2] == ["7. browser open 5 crs_alt", "7. browser expand 5 crs_alt"]


def test_the_history_benchmark_opens_and_grows_a_stored_conversation() -> None:
    from benchmarks import history

    result = history.run(open_sizes=(10, 30), grow_sizes=(10, 20), repeats=1)
    rows = history.rows(result)
    assert [row.key for row in rows] == [
        "8. open 10",
        "8. open 30",
        "8. grow 10",
        "8. grow 20",
        "8. grow 10, all drawn",
        "8. grow 20, all drawn",
    ]
    assert all(sample.first_frame > 0 for sample in result["open"][30])
    assert result["open"][30][0].older_page > 0
    assert all(cost > 0 for cost in result["grow"][20])
    assert all(cost > 0 for cost in result["grow_all"][20])


def test_the_file_popup_benchmark_opens_the_at_popup_of_every_side() -> None:
    from benchmarks import file_popup

    result = file_popup.run(sizes=(10,), repeats=1)
    rows = file_popup.rows(result)
    assert [row.key for row in rows] == [
        "9. @ popup 10 reference",
        "9. @ answer 10 reference",
        "9. @ popup 10 crs_alt",
        "9. @ answer 10 crs_alt",
    ]
    assert all(s.popup > 0 and s.answer > 0 for side in result[10].values() for s in side)


def test_the_long_message_benchmark_streams_reopens_and_traces_both_sides() -> None:
    from benchmarks import long_message

    result = long_message.run(lines=200, repeats=1)
    rows = long_message.rows(result)
    assert [row.key.removeprefix("12. long message ") for row in rows] == [
        "flat",
        "total",
        "memory",
        "reopen",
    ]
    assert all(len(stream.per_delta) == 4 for stream in result["ours"] + result["floor"])
    assert all(row.ratio > 0 for row in rows)


def test_feature_timings_group_sum_and_rank_a_reports_scenarios(tmp_path, capsys) -> None:
    def item(feature: str, scenario: str, example: str, seconds: float) -> dict[str, object]:
        return {"feature": feature, "scenario": scenario, "example": example,
                "duration_seconds": seconds}  # fmt: skip

    scenarios = [
        item("a.feature", "quick", "", 1.0),
        item("b.feature", "outline", "x", 1.0),
        item("b.feature", "outline", "y", 3.0),
        item("a.feature", "slow | piped", "", 2.0),
    ]
    timings = feature_timings.per_feature(scenarios)
    assert [(t.feature, t.scenarios, t.total, t.slowest, t.slowest_seconds) for t in timings] == [
        ("b.feature", 2, 4.0, "outline [y]", 3.0),
        ("a.feature", 2, 3.0, "slow | piped", 2.0),
    ]
    assert timings[0].mean == 2.0
    report = tmp_path / "report.json"
    report.write_text(json.dumps({"scenarios": scenarios, "run": {"duration_seconds": 3.5}}))
    assert feature_timings.main([str(report)]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[2] == "| `b.feature` | 2 | 4.0 | 2.00 | outline [y] (3.00) |"
    assert rows[3] == "| `a.feature` | 2 | 3.0 | 1.50 | slow / piped (2.00) |"
    assert rows[4] == "| all; run's wall time 3.5 s | 4 | 7.0 | 1.75 | |"


def test_the_typing_echo_benchmark_times_keys_while_a_reply_streams_and_idle() -> None:
    from benchmarks import typing_echo

    rounds = typing_echo.run(lines=10, repeats=1, idle_keys=3, delta_seconds=0.005)
    (round_,) = rounds
    assert len(round_.idle_before) == len(round_.idle_after) == 3
    assert round_.streaming, "no key was typed while the reply streamed"
    (row,) = typing_echo.rows(rounds, 10)
    assert row.key == "13. echo while streaming" and row.ratio > 0
