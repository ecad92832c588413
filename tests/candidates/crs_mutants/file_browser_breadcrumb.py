"""Mutants of seed area §7.3 Path breadcrumb.

Each is the reference RAWP-CRS client with one defect in that area, caught by a
scenario of ``features/rawp_crs/`` citing its clause.
"""

from __future__ import annotations

import re
import unicodedata as _unicodedata

from rich.text import Text

from reference_crs.browser import breadcrumb as _breadcrumb
from reference_crs.browser import paths as _paths
from reference_crs.browser.breadcrumb import Breadcrumb
from tests.candidates.crs_mutants._registry import mutant
from tests.candidates.crs_mutants._shared import _BrowserMutant, _screen


class _HiddenCrumbs(Breadcrumb):
    def render(self) -> Text:
        return Text("")


@mutant
class FbNoBreadcrumb(_BrowserMutant):
    """crs-fb-breadcrumb: no breadcrumb is shown above the tree."""

    SCREEN = _screen(BREADCRUMB=_HiddenCrumbs)


class _DeadCrumbs(Breadcrumb):
    def action_go(self, index: int) -> None:
        return


@mutant
class FbBreadcrumbNotClickable(_BrowserMutant):
    """crs-fb-breadcrumb-click: a click on a segment does nothing."""

    SCREEN = _screen(BREADCRUMB=_DeadCrumbs)


class _UnixCrumbs(Breadcrumb):
    def render(self) -> Text:
        return Text(super().render().plain.replace(" \\ ", " / "))


@mutant
class FbSlashOnWindows(_BrowserMutant):
    """crs-fb-breadcrumb-separator: Windows paths are separated by / in the breadcrumb."""

    SCREEN = _screen(BREADCRUMB=_UnixCrumbs)


class _NoDrive(Breadcrumb):
    def render(self) -> Text:
        text = super().render()
        return Text(re.sub(r"[A-Za-z]: \\ ", "", text.plain))


@mutant
class FbWindowsDriveMissing(_BrowserMutant):
    """crs-fb-breadcrumb-drive: the Windows drive letter is missing from the breadcrumb."""

    SCREEN = _screen(BREADCRUMB=_NoDrive)


class _NoRootIcon(Breadcrumb):
    def render(self) -> Text:
        return Text(super().render().plain.replace("🖥", " "))


@mutant
class FbNoRootIcon(_BrowserMutant):
    """crs-fb-breadcrumb-root-icon: root mode shows no computer icon."""

    SCREEN = _screen(BREADCRUMB=_NoRootIcon)


class _NeverElided(Breadcrumb):
    def render(self) -> Text:
        parts = [part for part in self.path.split("/") if part]
        return Text("🖥 / " + " / ".join(parts))


@mutant
class FbBreadcrumbNeverElided(_BrowserMutant):
    """crs-fb-breadcrumb-elision: a long path is cut at the edge instead of elided."""

    SCREEN = _screen(BREADCRUMB=_NeverElided)


class _BackslashOnlyCrumbs(Breadcrumb):
    def render(self) -> Text:
        if self.os_type != "windows":
            return super().render()
        return Text("🖥 " + " \\ ".join(part for part in self.path.split("\\") if part))


@mutant
class FbWindowsSplitOnBackslashOnly(_BrowserMutant):
    """crs-fb-breadcrumb-separator: a Windows path spelled with `/` is drawn as one segment."""

    SCREEN = _screen(BREADCRUMB=_BackslashOnlyCrumbs)


class _UpperDriveOnlyCrumbs(Breadcrumb):
    def render(self) -> Text:
        text = super().render()
        if self.os_type == "windows" and not re.match(r"[A-Z]:", self.path):
            return Text(re.sub(r"[a-z]: \\ ", "", text.plain))  # not taken for a drive
        return text


@mutant
class FbLowerCaseDriveDropped(_BrowserMutant):
    """crs-fb-breadcrumb-drive: a drive spelled in lower case (`d:\\`) is not drawn."""

    SCREEN = _screen(BREADCRUMB=_UpperDriveOnlyCrumbs)


class _NoDriveRootCrumbs(Breadcrumb):
    def render(self) -> Text:
        if self.os_type == "windows" and len(re.split(r"[\\/]+", self.path.strip("\\/"))) < 2:
            return Text(_breadcrumb.ROOT_ICON)  # a drive alone is taken for root mode
        return super().render()


@mutant
class FbDriveRootWithoutDrive(_BrowserMutant):
    """crs-fb-breadcrumb-drive: at a drive's root (`E:\\`) the breadcrumb shows no drive."""

    SCREEN = _screen(BREADCRUMB=_NoDriveRootCrumbs)


class _AsciiCrumbs(Breadcrumb):
    def render(self) -> Text:
        return Text(super().render().plain.encode("ascii", "replace").decode())


@mutant
class FbBreadcrumbAsciiOnly(_BrowserMutant):
    """crs-fb-breadcrumb: names outside ASCII are drawn as `?` in the breadcrumb."""

    SCREEN = _screen(BREADCRUMB=_AsciiCrumbs)


class _PrintableCrumbs(Breadcrumb):
    def render(self) -> Text:
        return Text("".join(char for char in super().render().plain if char.isprintable()))


@mutant
class FbBreadcrumbDropsJoiners(_BrowserMutant):
    """crs-fb-breadcrumb: format characters (the ZWJ of an emoji) are dropped from names."""

    SCREEN = _screen(BREADCRUMB=_PrintableCrumbs)


class _NoMarksCrumbs(Breadcrumb):
    def render(self) -> Text:
        plain = _unicodedata.normalize("NFD", super().render().plain)
        return Text("".join(c for c in plain if _unicodedata.category(c) != "Mn"))


@mutant
class FbBreadcrumbDropsCombiningMarks(_BrowserMutant):
    """crs-fb-breadcrumb: combining marks are stripped from names (`café` drawn `cafe`)."""

    SCREEN = _screen(BREADCRUMB=_NoMarksCrumbs)


class _LenFitCrumbs(Breadcrumb):
    def render(self) -> Text:
        found = _paths.segments(self.path, self.os_type)
        if sum(len(s.label) + 3 for s in found) <= self.size.width - 3:  # characters, not cells
            sep = " \\ " if self.os_type == "windows" else " / "
            return Text("🖥 " + sep.join(s.label for s in found).replace("/ / ", "/ ", 1))
        return super().render()


@mutant
class FbBreadcrumbFitsByCharacters(_BrowserMutant):
    """crs-fb-breadcrumb-elision: a path of wide names is measured in characters, not cells."""

    SCREEN = _screen(BREADCRUMB=_LenFitCrumbs)


class _ArrowCrumbs(Breadcrumb):
    def render(self) -> Text:
        return Text(super().render().plain.replace(" / ", " > "))


@mutant
class FbArrowBetweenSegments(_BrowserMutant):
    """crs-fb-breadcrumb-separator: POSIX path segments are separated by `>`, not `/`."""

    SCREEN = _screen(BREADCRUMB=_ArrowCrumbs)
