"""A picture of a driver's app: an SVG screenshot, bounded, made to load nothing.

Taken for the conformance report (a failed scenario's screen, ``steps.report.capture``),
the living docs and an exploration's last session (``steps.explore.core``).
"""

from __future__ import annotations

import html
import re
from typing import Any

from rich.cells import cell_len
from textual.app import App

from steps.app_driver import AppDriver
from steps.tracebacks import summarize_exception
from steps.verdicts import HarnessError, TimeoutInterrupt
from steps.watchdog import Watchdog

_FONT_URLS = re.compile(r',\s*url\("https?://[^"]*"\)\s*format\("[^"]*"\)')
_TEXT_RUN = re.compile(
    r'(<text [^>]*?)x="([0-9.]+)"([^>]*?) textLength="([0-9.]+)"([^>]*>)([^<]*)(</text>)'
)
_MATRIX_FONT = re.compile(r"font-family: Fira Code, monospace;")
_ROOT = re.compile(r'<svg class="rich-terminal" viewBox="0 0 ([0-9.]+) ([0-9.]+)"')
SCREEN_FONTS = (
    '"Fira Code", "DejaVu Sans Mono", Menlo, Consolas, "D2Coding", "Noto Sans Mono CJK KR", '
    '"NanumGothicCoding", "Sarasa Mono K", "Malgun Gothic", "Apple SD Gothic Neo", '
    '"Noto Sans CJK KR", "WenQuanYi Zen Hei Mono", monospace'
)
"""Font stack of a screenshot's cells: monospace fonts, then ones with Hangul glyphs."""

SCREENSHOT_BOUND = 2.0
"""Seconds drawing one screenshot may take; the implementation's own render code runs."""


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
