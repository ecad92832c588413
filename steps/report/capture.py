"""Where a test runs (a pytest-xdist worker, or the only process): what its reports carry.

Each test report of a scenario gets a :data:`RECORD_ATTR` attribute: a dict of plain
values naming the scenario, its clauses, the outcome's message, the clause a failed check
names (:func:`steps.checks.named_clause`) and, when asked for, an SVG screenshot of the
app's screen. pytest serialises every attribute of a report for pytest-xdist (as
pytest-html does with ``report.extras``), so the controller receives it unchanged; unlike
a user property, it stays out of ``--junitxml`` files and the terminal.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from pytest_bdd.parser import ScenarioTemplate
from pytest_bdd.scenario import scenario_wrapper_template_registry
from rich.cells import cell_len
from textual.app import App
from textual.geometry import Region
from textual.widget import Widget

from steps.app_driver import AppDriver
from steps.checks import cited_clauses, guarded_clauses, named_clause
from steps.profiles import profile_of
from steps.scenario_driver import DRIVER_KEY
from steps.traceability import FEATURES_ROOT, example_ids
from steps.tracebacks import summarize_exception
from steps.verdicts import UNATTRIBUTED_PREFIX, HarnessError, TimeoutInterrupt, unattributed
from steps.watchdog import Watchdog

RECORD_ATTR = "conformance"
"""Name of the report attribute holding the scenario record."""
PICTURE_KEY = pytest.StashKey[tuple[str | None, str | None]]()
"""A picture a scenario without a driver of its own took (the exploration's last session,
``steps.explore.runner``): ``(svg, None)`` or ``(None, note)``, as :func:`screenshot` returns."""
FAILED_STEP_KEY = pytest.StashKey[str]()
"""The step that raised, on the item's stash (``Then item 2 is drawn ...``)."""
EXAMPLE_PARAM = "_pytest_bdd_example"
"""The parameter through which pytest-bdd passes an outline's example row."""
_FONT_URLS = re.compile(r',\s*url\("https?://[^"]*"\)\s*format\("[^"]*"\)')
_TEXT_RUN = re.compile(
    r'(<text [^>]*?)x="([0-9.]+)"([^>]*?) textLength="([0-9.]+)"([^>]*>)([^<]*)(</text>)'
)
_MATRIX_FONT = re.compile(r"font-family: Fira Code, monospace;")
_ROOT = re.compile(r'<svg class="rich-terminal" viewBox="0 0 ([0-9.]+) ([0-9.]+)"')
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
SCREEN_FONTS = (
    '"Fira Code", "DejaVu Sans Mono", Menlo, Consolas, "D2Coding", "Noto Sans Mono CJK KR", '
    '"NanumGothicCoding", "Sarasa Mono K", "Malgun Gothic", "Apple SD Gothic Neo", '
    '"Noto Sans CJK KR", "WenQuanYi Zen Hei Mono", monospace'
)
"""Font stack of a screenshot's cells: monospace fonts, then ones with Hangul glyphs."""


def template_of(item: pytest.Item) -> ScenarioTemplate | None:
    """Return the pytest-bdd scenario ``item`` runs, or ``None`` for any other test."""
    function = getattr(item, "function", None)
    if function is None:
        return None
    return scenario_wrapper_template_registry.get(function)


def example_context(item: pytest.Item) -> dict[str, str] | None:
    """Return the example row ``item`` runs (column -> value), or ``None``."""
    callspec = getattr(item, "callspec", None)
    context = None if callspec is None else callspec.params.get(EXAMPLE_PARAM)
    return dict(context) if context else None


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


SCREENSHOT_BOUND = 2.0
"""Seconds drawing one screenshot may take; the implementation's own render code runs."""


def screenshot(item: pytest.Item, title: str) -> tuple[str | None, str | None]:
    """Take an SVG screenshot of the scenario's app, if it is still running.

    Call it while the app runs: in ``pytest_runtest_makereport`` for the call phase, the
    ``driver`` fixture has not been torn down yet. Drawing runs the implementation's
    render code outside the scenario's bound (the step that failed has ended), so it has
    its own: blocking code is interrupted :data:`SCREENSHOT_BOUND` seconds (plus the
    watchdog's grace) after the start, and the report goes on without the picture.

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


def driver_screenshot(driver: AppDriver, title: str) -> tuple[str | None, str | None]:
    """Take an SVG screenshot of ``driver``'s app, if it is still running (bounded).

    Args:
        driver: A driver whose app may be running (a scenario's, or an exploration session's).
        title: Title written in the screenshot's window bar.

    Returns:
        ``(svg, None)``, or ``(None, note)`` saying why there is no picture.
    """
    try:
        app: App[Any] = driver.app
    except HarnessError:
        return None, "no screenshot: the scenario started no app"
    if driver.crash is not None:
        return None, f"no screenshot: the app crashed ({summarize_exception(driver.crash)})"
    if not driver.running:
        return None, "no screenshot: the app had exited"
    bound = Watchdog(SCREENSHOT_BOUND, "screenshot bound")
    bound.start()
    try:
        return offline_svg(app.export_screenshot(title=title)), None
    except TimeoutInterrupt:
        return None, f"no screenshot: drawing it {bound.message()}"
    except Exception as error:
        return None, f"no screenshot: exporting it raised {type(error).__name__}: {error}"
    finally:
        bound.disarm()


def failing_region(driver: Any, text: str | None) -> tuple[int, int, int, int] | None:
    """Where the item a failure names is on the screen, in cells, if the message says.

    Two wordings name an item precisely: ``drawn box (x, y, width, height)``, else
    ``item region (...)`` (a check that read the item's drawn cells: the box of what it
    draws, the widget's region; ``steps/rawp_crs/support/drawn.py``), and a
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


def sized_svg(svg: str) -> str:
    """Give a Rich SVG export's root a ``width`` and a ``height`` (its ``viewBox``'s).

    With a ``viewBox`` alone, an ``<img>`` of it has no size of its own: a Markdown table
    cell (GitHub's living docs) draws it as a thumbnail. With both, it is drawn at its
    full size, and a page's CSS may still scale it down.
    """
    return _ROOT.sub(
        lambda found: f'{found[0]} width="{found[1]}" height="{found[2]}"', svg, count=1
    )


def offline_svg(svg: str) -> str:
    """Make a Rich SVG export self-contained and faithful to the terminal's cells.

    Drops the web-font URLs (the ``local("FiraCode-...")`` sources stay), so the SVG
    loads nothing from the network, and gives the cells :data:`SCREEN_FONTS`, which
    ends with fonts that have Hangul. And draws wide characters (Hangul) on their
    double-width cells: Rich sets one ``textLength`` per run from its number of
    characters, which squeezes such text into half its width (Textualize/rich#2742),
    and stretching the run to its width in cells spaces the glyphs of a narrower
    fallback font apart (``사 용 자 :``). So a run holding wide characters is split into
    runs of wide and of narrow characters, each at its own cell; a wide run's glyphs
    are scaled to fill two cells each (``lengthAdjust="spacingAndGlyphs"``), as a
    terminal draws them. Its root gets a size (:func:`sized_svg`).
    """
    svg = _MATRIX_FONT.sub(f"font-family: {SCREEN_FONTS};", _FONT_URLS.sub("", svg))
    return sized_svg(_TEXT_RUN.sub(_cell_runs, svg))


def _cell_runs(match: re.Match[str]) -> str:
    head, start, middle, length, rest, text, tail = match.groups()
    plain = html.unescape(text)
    if not plain or cell_len(plain) == len(plain):
        return match[0]
    cell = float(length) / len(plain)  # Rich: one cell per character
    runs, column = [], 0
    for wide, chars in _by_width(plain):
        cells = cell_len(chars)
        stretch = ' lengthAdjust="spacingAndGlyphs"' if wide else ""
        x, width = float(start) + column * cell, cells * cell
        escaped = html.escape(chars, quote=False).replace(" ", "&#160;").replace("\xa0", "&#160;")
        runs.append(
            f'{head}x="{x:.5g}"{middle} textLength="{width:.5g}"{stretch}{rest}{escaped}{tail}'
        )
        column += cells
    return "".join(runs)


def _by_width(text: str) -> list[tuple[bool, str]]:
    """Split ``text`` into runs of wide (two-cell) and of other characters, in order.

    A zero-width character (a joiner, a combining mark) stays with the character before.
    """
    runs: list[tuple[bool, str]] = []
    for char in text:
        width = cell_len(char)
        wide = width == 2 if width else (runs[-1][0] if runs else False)
        if runs and runs[-1][0] == wide:
            runs[-1] = (wide, runs[-1][1] + char)
        else:
            runs.append((wide, char))
    return runs


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
    from steps.explore.runner import adapter_spec
    from steps.replay import script

    driver = item.stash.get(DRIVER_KEY, None)
    if driver is None or profile is None:
        return None
    return script(driver, adapter_spec(item.config, profile), text, profile)
