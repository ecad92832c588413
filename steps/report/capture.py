"""Where a test runs (a pytest-xdist worker, or the only process): what its reports carry.

Each test report of a scenario gets a :data:`RECORD_ATTR` attribute: a dict of plain
values naming the scenario, its clauses, the outcome's message, the clause a failed check
names (:func:`steps.checks.named_clause`) and, when asked for, an SVG screenshot of the
app's screen. pytest serialises every attribute of a report for pytest-xdist (as
pytest-html does with ``report.extras``), so the controller receives it unchanged; unlike
a user property, it stays out of ``--junitxml`` files and the terminal.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from textual.geometry import Region
from textual.widget import Widget

from steps.bdd_private import example_context, template_of
from steps.checks import cited_clauses, guarded_clauses, named_clause
from steps.loading import adapter_spec
from steps.profiles import profile_of
from steps.replay import script
from steps.scenario_driver import parts_used
from steps.screenshot import SCREENSHOT_BOUND, driver_screenshot
from steps.stash import DRIVER_KEY, PICTURE_KEY
from steps.traceability import FEATURES_ROOT, example_ids
from steps.verdicts import UNATTRIBUTED_PREFIX, TimeoutInterrupt, unattributed
from steps.watchdog import Watchdog

RECORD_ATTR = "conformance"
"""Name of the report attribute holding the scenario record."""
FAILED_STEP_KEY = pytest.StashKey[str]()
"""The step that raised, on the item's stash (``Then item 2 is drawn ...``)."""
_LINE_HEIGHT = re.compile(r"line-height: ([0-9.]+)px;")
_TERMINAL_END = re.compile(r"(</g>\s*)(</g>\s*</svg>\s*)$")
_REGION_KIND = re.compile(r"\b(drawn box|item region) \((\d+), (\d+), (\d+), (\d+)\)")
_ITEM_NAMED = re.compile(r"^\[[a-z0-9][a-z0-9-]*\] item (\d+)\b")
BLOCKED_ATTR = "blocked_by"
"""Attribute a failed precondition check sets on its ``AssertionError``: the id of the clause
the precondition belongs to. The scenario is then *blocked by* that clause
(``steps.report.build.blocked_by``; docs/reports.md, "Blocked scenarios")."""
MARK_CLASS = "failing-item"
"""Class of the outline :func:`mark_region` draws on a screenshot."""


def identity(item: pytest.Item) -> dict[str, Any] | None:
    """Name the scenario of ``item`` the way reports and expectations files do.

    Returns:
        ``feature`` (path below ``features/``), ``feature_name``, ``scenario`` (the name
        as written), ``example`` (the outline row's id or ``None``), ``title`` (the
        name with the row's values filled in, or the row's id appended when the name
        has no placeholder), ``line``, ``order`` (row index),
        ``profile`` and ``clauses``; ``None`` when ``item`` is not a scenario.
    """
    template = template_of(item)
    if template is None:
        return None
    context = example_context(item)
    example = None if context is None else "-".join(context.values())
    title = template.render(context).name if context else template.name
    if example is not None and title == template.name:
        title = f"{title} [{example}]"  # an outline whose name has no <placeholder>
    profile = profile_of(Path(template.feature.filename))
    return {
        "feature": Path(template.feature.filename).relative_to(FEATURES_ROOT).as_posix(),
        "feature_name": template.feature.name,
        "scenario": template.name,
        "example": example,
        "title": title,
        "line": template.line_number,
        "order": example_ids(template).index(example) if example is not None else 0,
        "profile": None if profile is None else profile.name,
        "clauses": cited_clauses(item),
        "guards": guarded_clauses(item),
    }


def message(report: pytest.TestReport, call: pytest.CallInfo[None]) -> str | None:
    """Return what a person should read about this phase's outcome, or ``None`` if it passed."""
    if hasattr(report, "wasxfail"):
        if report.skipped:
            detail = exception_text(call)
            return f"expected failure: {report.wasxfail}" + (f"\n{detail}" if detail else "")
        return f"unexpected pass of an expected failure: {report.wasxfail}"
    if report.passed:
        return None
    if report.skipped and isinstance(report.longrepr, tuple):
        return str(report.longrepr[2]).removeprefix("Skipped: ")
    if isinstance(report.longrepr, str) and report.longrepr.startswith("[XPASS(strict)]"):
        return (
            f"{report.longrepr}: the scenario passed although the expectations file lists it; "
            "remove its entry"
        )
    return exception_text(call) or str(report.longrepr)


def exception_text(call: pytest.CallInfo[None]) -> str | None:
    """``Type: message`` of the phase's exception; bare message for failed checks.

    An unattributed check (:func:`steps.verdicts.unattributed`) is prefixed with
    :data:`steps.verdicts.UNATTRIBUTED_PREFIX`.
    """
    if call.excinfo is None:
        return None
    error = call.excinfo.value
    if unattributed(error):
        return f"{UNATTRIBUTED_PREFIX}: {error}"
    if isinstance(error, AssertionError | pytest.fail.Exception):
        return str(error)
    return f"{type(error).__name__}: {error}"


def screenshot(item: pytest.Item, title: str) -> tuple[str | None, str | None]:
    """Take an SVG screenshot of the scenario's app, if it is still running.

    Call it while the app runs: in ``pytest_runtest_makereport`` for the call phase, the
    ``driver`` fixture has not been torn down yet. Drawing runs the implementation's
    render code outside the scenario's bound (the step that failed has ended), so it has
    its own: blocking code is interrupted :data:`steps.screenshot.SCREENSHOT_BOUND` seconds
    (plus the watchdog's grace) after the start, and the report goes on without the picture.

    Args:
        item: The scenario's test item (its stash holds the driver).
        title: Title written in the screenshot's window bar.

    Returns:
        ``(svg, None)``, or ``(None, note)`` saying why there is no picture.
    """
    driver = item.stash.get(DRIVER_KEY, None)
    if driver is None:
        return item.stash.get(PICTURE_KEY, (None, "no screenshot: the scenario started no app"))
    return driver_screenshot(driver, title)


def failing_region(driver: Any, text: str | None) -> tuple[int, int, int, int] | None:
    """Where the item a failure names is on the screen, in cells, if the message says.

    Two wordings name an item precisely: ``drawn box (x, y, width, height)``, else
    ``item region (...)`` (a check that read the item's drawn cells: the box of what it
    draws, the widget's region; ``steps/rawp_crs/part1/drawn.py``), and a
    message whose place is ``item <n>`` (``[role-alignment] item 2 (Static): ...``,
    the ``n``-th of the driver's ``items()`` when they are widgets, as the chat_screen
    steps number them). Call it right after the failing step, as the screenshot is
    taken, so that the region is the one drawn on it.

    Args:
        driver: The scenario's driver (its ``app``, and ``items()`` if it has them).
        text: The failure's message.

    Returns:
        ``(x, y, width, height)`` clipped to the screen, or ``None`` when the message
        names no item, the item is not on the screen, or the app cannot tell.
    """
    line = next(iter((text or "").splitlines()), "")
    found = {kind: box for kind, *box in _REGION_KIND.findall(line)}
    named = found.get("drawn box") or found.get("item region")
    try:
        if named is not None:
            region = Region(*(int(value) for value in named))
        elif (numbered := _ITEM_NAMED.match(line)) is not None:
            items = list(driver.items())
            number = int(numbered.group(1))
            widget = items[number - 1] if 1 <= number <= len(items) else None
            if not isinstance(widget, Widget):
                return None
            region = widget.region
        else:
            return None
        screen: Region = driver.app.screen.size.region
    except Exception:  # an app that cannot tell gets no mark, not a broken report
        return None
    shown = region.intersection(screen)
    return None if shown.area == 0 else (shown.x, shown.y, shown.width, shown.height)


def blocked_clause(call: pytest.CallInfo[None]) -> str | None:
    """The clause a failed precondition check names (:data:`BLOCKED_ATTR`), or ``None``."""
    blocked = None if call.excinfo is None else getattr(call.excinfo.value, BLOCKED_ATTR, None)
    return blocked if isinstance(blocked, str) else None


def bounded_region(driver: Any, text: str | None) -> tuple[int, int, int, int] | None:
    """:func:`failing_region`, given up after :data:`SCREENSHOT_BOUND` seconds.

    Reading the items may run the implementation's adapter code, which may block.
    """
    bound = Watchdog(SCREENSHOT_BOUND, "failing item bound")
    bound.start()
    try:
        return failing_region(driver, text)
    except TimeoutInterrupt:
        return None
    finally:
        bound.disarm()


def mark_region(svg: str, region: tuple[int, int, int, int] | Sequence[int] | None) -> str:
    """Outline ``region`` (cells) on a screenshot: the item the failure names.

    The outline is drawn over the terminal's cells of a Rich SVG export (one cell is half
    a line high, as Rich draws it): a dark wide stroke under a bright dashed one, so it
    shows on a light or a dark theme and to a colour-blind reader (a dashed frame, not
    only a colour). An SVG that is not a Rich export, or no region, is returned as is.
    """
    if not region:
        return svg
    height = _LINE_HEIGHT.search(svg)
    if height is None or _TERMINAL_END.search(svg) is None:
        return svg
    line = float(height.group(1))
    cell = line / 2  # Rich: char width 0.61 and line height 1.22 of the font size
    x, y, width, rows = region
    box = (
        f'x="{x * cell:.5g}" y="{y * line + 1.5:.5g}" '
        f'width="{width * cell:.5g}" height="{rows * line:.5g}"'
    )
    outline = (
        f'<g class="{MARK_CLASS}"><title>The item the failure names</title>'
        f'<rect {box} fill="none" stroke="#000000" stroke-width="7" rx="4" opacity="0.8"/>'
        f'<rect {box} fill="none" stroke="#f0e442" stroke-width="3" rx="4" '
        'stroke-dasharray="10 5"/></g>\n'
    )
    return _TERMINAL_END.sub(lambda found: found[1] + outline + found[2], svg, count=1)


def is_failure(report: pytest.TestReport, call: pytest.CallInfo[None]) -> bool:
    """Whether the phase ended in an exception of the scenario (failed, error, xfailed)."""
    return call.excinfo is not None and (report.failed or hasattr(report, "wasxfail"))


def record(
    item: pytest.Item,
    call: pytest.CallInfo[None],
    report: pytest.TestReport,
    *,
    picture: bool,
) -> dict[str, Any] | None:
    """Build the record a report carries (see the module docstring).

    Args:
        item: The test item.
        call: The phase.
        report: The phase's report.
        picture: Whether to attach a screenshot (``screenshot`` and
            ``screenshot_note`` keys).

    Returns:
        The record, or ``None`` when ``item`` is not a scenario.
    """
    found = identity(item)
    if found is None:
        return None
    found["message"] = message(report, call)
    found["failed_clause"] = named_clause(exception_text(call))
    found["blocked_by"] = blocked_clause(call)
    found["failed_step"] = (
        item.stash.get(FAILED_STEP_KEY, None) if call.excinfo is not None else None
    )
    found["expectation"] = next(
        (mark.kwargs.get("reason") for mark in item.iter_markers("xfail")), None
    )
    found["parts_used"] = parts_used(item)
    if picture:
        found["screenshot"], found["screenshot_note"] = screenshot(item, found["title"])
        driver = item.stash.get(DRIVER_KEY, None)
        if found["screenshot"] is not None and driver is not None:
            found["screenshot_region"] = bounded_region(driver, found["message"])
    failed = is_failure(report, call)
    found["replay"] = replay_script(item, found["message"], found["profile"]) if failed else None
    return found


def replay_script(item: pytest.Item, text: str | None, profile: str | None) -> str | None:
    """The Pilot script replaying what the scenario's driver did (:mod:`steps.replay`)."""
    driver = item.stash.get(DRIVER_KEY, None)
    if driver is None or profile is None:
        return None
    return script(driver, adapter_spec(item.config, profile), text, profile)
