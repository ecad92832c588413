"""Correct variants of ``examples.crs_alt`` (its file browser, 004 §7; its ``@`` popup, 004
§3.4): readings the spec allows.

Each variant changes one thing the spec leaves open, so a step that assumes the reference's
choice gives a false verdict on it. ``tests/test_crs_alt_variants.py`` runs the scenarios
each one bears on and expects every one to pass. Name one with ``--adapter
tests.candidates.crs_alt_variants:<name>``; :data:`VARIANTS` lists them with those clauses.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from rich.style import Style

from examples.crs_alt import browser
from examples.crs_alt.adapter import CrsAltAdapter
from examples.crs_alt.app import AltCrsApp
from examples.crs_alt.file_input import FileComposer
from examples.crs_alt.fs_rows import Node, Tree, segments
from examples.crs_alt.token_spans import Span

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from textual.app import App

    from rawp_port import AgentPort, ClientSettings, Clock, ControlPlane


def _adapter(dialog: type[browser.BrowserDialog], name: str) -> CrsAltAdapter:
    """An adapter of crs_alt whose session form opens ``dialog`` instead of its own."""

    class Session(browser.SessionScreen):
        def open_browser(self) -> None:
            self.app.push_screen(dialog(self.control, self.node_id, self.agent_id), self._chosen)

    class Client(AltCrsApp):
        def start_session(self, node_id: str, agent_id: str) -> None:
            self.push_screen(Session(self.control, node_id, agent_id))

    return _of(Client, name)


def _of(client: type[AltCrsApp], name: str) -> CrsAltAdapter:
    """An adapter of crs_alt that creates ``client``, named ``crs_alt/{name}``."""

    class Adapter(CrsAltAdapter):
        def create_client(
            self, port: AgentPort, control: ControlPlane, clock: Clock, settings: ClientSettings
        ) -> App[Any]:
            return client(port, control, clock, settings)

    adapter = Adapter()
    adapter.name = f"crs_alt/{name}"
    return adapter


class TooltipOnlyDialog(browser.BrowserDialog):
    """Tooltips are Textual's own widget tooltip only: no tooltip line in the dialog.

    004 §7.4 asks for a tooltip ("접근 권한 없음", "순환 심링크") and says nothing of a
    status line repeating it.
    """

    def on_mount(self) -> None:
        """Wire the dialog as usual, then drop the tooltip line's updates."""
        super().on_mount()
        self.entries.on_tip = lambda tip: None


class ExpandedDialog(browser.BrowserDialog):
    """Directories whose children came in the browse answer are shown expanded at first.

    004 §7.2 reflects the answer's recursive ``children`` "as is" (그대로 반영) and gives no
    initial state; expanding what was sent is one literal reading.
    """

    def on_mount(self) -> None:
        """Wire the dialog as usual; every tree it shows opens its loaded directories."""
        super().on_mount()
        shown = self.entries.show

        def show(model: Tree) -> None:
            _expand_loaded(model.top)
            shown(model)

        self.entries.show = show  # type: ignore[method-assign]


def _expand_loaded(level: Iterable[Node]) -> None:
    """Mark every expandable directory with loaded children expanded, at every depth."""
    for node in level:
        if node.children is not None and node.expandable:
            node.expanded = True
            _expand_loaded(node.children)


class BaseCrumbDialog(browser.BrowserDialog):
    """The breadcrumb shows the browsed path only, not the directory selected in the tree.

    004 §7.3 shows "the current browsing path" (현재 탐색 경로); crs_alt follows the
    selection, this variant the browse.
    """

    def _selected(self, path: str | None) -> None:
        """Keep the select button in step; leave the breadcrumb on the browsed path."""
        self._enable()


class SmallTreeDialog(browser.BrowserDialog):
    """A tree area of at most 6 rows that scrolls (004 §7 sets no height for it)."""

    TREE_ROWS = 6
    """The tree area's height (cells)."""

    def on_mount(self) -> None:
        """Wire the dialog as usual, then cap the tree area's height."""
        super().on_mount()
        self.query_one(f"#{self.AREA_ID}").styles.max_height = self.TREE_ROWS


class RootCrumbDialog(browser.BrowserDialog):
    """An elided breadcrumb keeps the root ``/`` as its first segment: ``/…/y/z``.

    004 §7.3 keeps "the first segment" and the last two; crs_alt's segments of a Unix path
    start with a clickable ``/``, so keeping it alone is a correct elision (crs_alt keeps
    ``/`` and the first name).
    """

    def on_mount(self) -> None:
        """Make the breadcrumb keep only the root before ``…``, then wire the dialog."""
        crumbs = self.query_one(browser.Crumbs)
        drawn = crumbs._parts

        def parts(width: int) -> list[tuple[str, str | None]]:
            found = segments(crumbs.path, crumbs.os_type)
            body = drawn(width)
            if len(found) > 3 and any(text == "…" for text, _ in body):
                return crumbs._joined([found[0], ("…", ""), *found[-2:]])
            return body

        crumbs._parts = parts  # type: ignore[method-assign]
        super().on_mount()


tooltip_only = _adapter(TooltipOnlyDialog, "tooltip_only")
expanded_at_first = _adapter(ExpandedDialog, "expanded_at_first")
crumbs_of_base = _adapter(BaseCrumbDialog, "crumbs_of_base")
small_tree = _adapter(SmallTreeDialog, "small_tree")
root_crumb = _adapter(RootCrumbDialog, "root_crumb")

VARIANTS: dict[str, tuple[str, ...]] = {
    "tooltip_only": ("crs-fb-unreadable-tooltip", "crs-fb-symlink-cycle"),
    "expanded_at_first": (
        "crs-fb-tree-mirrors-entries",
        "crs-fb-entry-layout",
        "crs-fb-indentation",
        "crs-fb-chevron",
        "crs-fb-icon-by-type",
        "crs-fb-toggle-by-pointer",
        "crs-fb-lazy-expansion",
        "crs-fb-open-folder-icon",
        "crs-fb-truncation-note",
        "crs-fb-expansion-spinner",
        "crs-fb-key-up-down",
        "crs-fb-key-right",
        "crs-fb-key-left",
        "crs-fb-key-space",
        "crs-fb-key-home-end",
        "crs-fb-click-select-confirm",
    ),
    "crumbs_of_base": (
        "crs-fb-breadcrumb",
        "crs-fb-breadcrumb-click",
        "crs-fb-breadcrumb-elision",
        "crs-fb-click-select-confirm",
    ),
    "small_tree": (
        "crs-fb-tree-mirrors-entries",
        "crs-fb-icon-by-type",
        "crs-fb-lazy-expansion",
        "crs-fb-open-folder-icon",
        "crs-fb-file-size",
        "crs-fb-truncation-note",
        "crs-fb-expansion-error",
        "crs-fb-indentation",
        "crs-fb-key-home-end",
    ),
    "root_crumb": ("crs-fb-breadcrumb-elision", "crs-fb-breadcrumb-click"),
}
"""Each variant's name and the clauses whose scenarios it bears on (what the test runs)."""


# --- branch alt-tokens: tokens in the input (004 §3.4.5) ---
#
# Each of these is a correct reading of §3.4.5 that a token step of branch ``tokens``
# failed when it was written (a false verdict). Those whose step was fixed are in
# :data:`VARIANTS` (tests/test_crs_alt_variants.py keeps them green); none is still failed
# (:data:`TOKEN_FALSE_VERDICTS` is empty: ``frame_timer_shrink`` was fixed in branch
# ``anim-verdict``, which holds Textual's timers with the animator,
# steps/rawp_crs/support/held_timers.py).


def _composer_adapter(composer: type[FileComposer], name: str) -> CrsAltAdapter:
    """An adapter of crs_alt whose input is ``composer`` instead of its own."""

    class Client(AltCrsApp):
        composer_type = composer

    return _of(Client, name)


class PaddedComposer(FileComposer):
    """``▐ label ▌``: a cap glyph at each end of the token and a padding cell inside it.

    004 §3.4.5 asks for both rounded corners (``border-radius``, the caps) and 4 to 6 px of
    inner padding (a cell of token background); this token has both, so the cell right
    beside the label is padding, not a cap.
    """

    def draw(self, label: str) -> str:
        """Caps, then one padding cell each side of the label."""
        return f"▐ {label} ▌"

    def cap_style(self, token: Style) -> Style:
        """The cap's glyph in the token's colour on the input's background."""
        return Style(color=token.bgcolor, bgcolor=self.rich_style.bgcolor)


class IconComposer(FileComposer):
    """``▌📄 label▐``: the file icon §3.4.5 allows (MAY) before the label, inside the token."""

    def draw(self, label: str) -> str:
        """The left cap, the icon and a space, the label, the right cap."""
        return f"▌📄 {label}▐"


class FrameTimerComposer(FileComposer):
    """The deleted token shrinks over 7 frames of the input's own 60 Hz timer.

    §3.4.5 asks for a 100 to 150 ms transition to zero width; nothing there names Textual's
    animator, and 7 frames at 60 Hz take about 117 ms.
    """

    FRAMES = 7

    def _start_shrinking(self) -> None:
        self._frame = 0
        self._ticker = self.set_interval(1 / 60, self._tick)

    def _tick(self) -> None:
        self._frame += 1
        self.shrink_progress = min(1.0, self._frame / self.FRAMES)
        if self._frame >= self.FRAMES:
            self._ticker.stop()

    def finish_removal(self) -> None:
        """Stop the frames and take what is left of the shrinking tokens."""
        ticker = getattr(self, "_ticker", None)
        if ticker is not None:
            ticker.stop()
        if self._shrinking():
            self._shrunk()


class DangerShrinkComposer(FileComposer):
    """A token removed with a selected range shrinks in the marked (danger) colour.

    §3.4.5 gives the danger colour to a token about to be deleted and no colour to a
    shrinking one; a token going away in the deletion colour is one reading.
    """

    def token_style(self, span: Span) -> Style:
        """The marked colours for a marked or a shrinking token."""
        name = "composer--token-marked" if span.marked or span.removing else "composer--token"
        return self.get_component_rich_style(name)


class SplitRunsAdapter(CrsAltAdapter):
    """``input_tokens`` gives the typed text as word and space runs, not maximal runs.

    docs/adapters.md asks for "a sequence of ``str`` runs and ``TokenView`` tokens, in
    order"; nothing there says two runs never touch.
    """

    def input_tokens(self, app: App[Any]) -> Sequence[object]:
        """Every text run cut at word boundaries."""
        return [
            piece
            for part in super().input_tokens(app)
            for piece in (re.findall(r"\s+|\S+", part) if isinstance(part, str) else [part])
        ]


padded_token = _composer_adapter(PaddedComposer, "padded_token")
icon_token = _composer_adapter(IconComposer, "icon_token")
frame_timer_shrink = _composer_adapter(FrameTimerComposer, "frame_timer_shrink")
danger_shrink = _composer_adapter(DangerShrinkComposer, "danger_shrink")
split_runs = SplitRunsAdapter()
split_runs.name = "crs_alt/split_runs"

VARIANTS.update(
    {
        "padded_token": (
            "crs-token-background",
            "crs-token-rounded",
            "crs-token-padding",
            "crs-token-deletion-animation",
        ),
        "icon_token": ("crs-token-rounded", "crs-token-icon", "crs-token-deletion-animation"),
        "danger_shrink": ("crs-token-range-delete", "crs-token-range-delete-animation"),
        "frame_timer_shrink": ("crs-token-deletion-animation", "crs-token-range-delete-animation"),
        "split_runs": (
            "crs-token-replaces-query",
            "crs-token-backspace-two-step",
            "crs-token-delete-two-step",
        ),
    }
)

TOKEN_FALSE_VERDICTS: dict[str, tuple[str, ...]] = {}
"""Token variants a step still fails wrongly, with the clauses whose scenarios show it."""


# --- branch alt-popup: the @ file popup (004 §3.4.1-§3.4.4) ---
#
# A correct reading that the file popup steps once failed (13 false verdicts, fixed in
# branch ``filepop``): listed in :data:`VARIANTS` so that they stay fixed.


class PromptFirstComposer(FileComposer):
    """No search for the empty query: ``@`` alone shows the prompt and a spinner.

    004 §3.4.2 lets the popup's initial state be the recent files (the answer to an
    empty-query ``control.file.search``) or "파일명을 입력하세요" with a loading indicator;
    §3.4.3 asks for a search once characters are typed after ``@``, not for ``@`` alone.
    """

    def _search(self, query_id: str, query: str) -> None:
        if query:
            super()._search(query_id, query)


prompt_first = _composer_adapter(PromptFirstComposer, "prompt_first")
VARIANTS["prompt_first"] = (
    "crs-at-trigger-position",
    "crs-at-popup-initial-state",
    "crs-at-keys-move",
    "crs-at-keys-wrap",
    "crs-at-keys-select",
    "crs-at-keys-escape",
    "crs-at-keys-typing",
    "crs-at-typing-focus-reset",
    "crs-at-popup-shares-slash-rules",
)
