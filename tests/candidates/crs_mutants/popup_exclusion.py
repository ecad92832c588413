"""Mutants of seed area §3.4.7 The two popups exclude each other.

Each is the reference RAWP-CRS client with one defect in that area, caught by a
scenario of ``features/rawp_crs/`` citing its clause.
"""

from __future__ import annotations

from reference_crs.file_control import FileControl, FileTrigger
from tests.candidates.crs_mutants._registry import mutant
from tests.candidates.crs_mutants._shared import _FileApp


def _at_to_cursor(line: str, row: int, column: int) -> FileTrigger | None:
    before = line[:column]
    at = before.rfind("@")
    if at < 0 or (at and not before[at - 1].isspace()):
        return None
    return FileTrigger(row, at, before[at + 1 :])


@mutant
class FilePopupOutlivesItsWord(_FileApp):
    """crs-popups-exclusive: the file popup stays open past a space, under the command popup."""

    class FILES(FileControl):
        def trigger(self) -> FileTrigger | None:
            field = self.input
            row, column = field.cursor_location
            return _at_to_cursor(field.document.get_line(row), row, column)

        def slash_open(self) -> bool:
            return False
