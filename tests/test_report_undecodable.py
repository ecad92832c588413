"""A screen holding text that is not Unicode (an undecodable file name) is still reported."""

from __future__ import annotations

import json
from pathlib import Path

from steps.report import render
from tests.test_report_selection import selected_report


def test_a_lone_surrogate_on_the_screen_is_written_escaped(tmp_path: Path) -> None:
    report = selected_report()
    files = {"screenshots/a.svg": "<svg>bad\udcffbyte</svg>"}
    paths = render.write(report, files, tmp_path)
    assert "bad\\udcffbyte" in (tmp_path / "screenshots" / "a.svg").read_text(encoding="utf-8")
    assert json.loads(paths[0].read_text(encoding="utf-8"))
