"""Mutants of seed area §2.5.3 Keys for interaction requests.

Each is the reference RAWP-CRS client with one defect in that area, caught by a
scenario of ``features/rawp_crs/`` citing its clause.
"""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.widgets import Input, OptionList, SelectionList

from rawp_port import (
    InteractionRequested,
)
from reference_crs.app import CrsApp
from reference_crs.widgets.interaction import InteractionPanel
from tests.candidates.crs_mutants._registry import mutant


class _PanelIgnoresY(InteractionPanel):
    """A YN panel that swallows Y (Enter still approves)."""

    def on_key(self, event: events.Key) -> None:
        if event.key == "y":
            event.stop()
            event.prevent_default()


@mutant
class YnIgnoresY(CrsApp):
    """crs-interaction-keys-yn: Y does not approve a YN request."""

    def interaction_panel(self, request: InteractionRequested) -> InteractionPanel:
        return _PanelIgnoresY(request, id=self.INTERACTION_ID)


class _EscapeApproves(InteractionPanel):
    """A panel whose Escape approves a PERMISSION request."""

    def action_escape(self) -> None:
        if self.kind == "PERMISSION":
            self.answer("approved")
        else:
            super().action_escape()


@mutant
class PermissionEscapeApproves(CrsApp):
    """crs-interaction-keys-permission: Escape approves a PERMISSION request."""

    def interaction_panel(self, request: InteractionRequested) -> InteractionPanel:
        return _EscapeApproves(request, id=self.INTERACTION_ID)


class _SelectsFirst(InteractionPanel):
    """A panel whose Enter selects the first option, wherever the focus is."""

    def action_enter(self) -> None:
        if self.kind == "SELECT":
            self.answer("selected", str(self.request.options[0]))
        else:
            super().action_enter()


@mutant
class SelectIgnoresFocus(CrsApp):
    """crs-interaction-keys-select: Enter selects the first option, not the focused one."""

    def interaction_panel(self, request: InteractionRequested) -> InteractionPanel:
        return _SelectsFirst(request, id=self.INTERACTION_ID)


class _SpaceDoesNothing(InteractionPanel):
    """A panel that takes Space away from its selection list."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "nothing", show=False, priority=True),
    ]

    def action_nothing(self) -> None:
        """Swallow the key."""


@mutant
class SpaceDoesNotToggle(CrsApp):
    """crs-interaction-keys-multi-select: Space does not toggle the focused option."""

    def interaction_panel(self, request: InteractionRequested) -> InteractionPanel:
        return _SpaceDoesNothing(request, id=self.INTERACTION_ID)


class _SubmitsEmpty(InteractionPanel):
    """A panel whose Enter submits an empty text, whatever was typed."""

    def action_enter(self) -> None:
        if self.kind == "TEXT_INPUT":
            self.answer("submitted", "")
        else:
            super().action_enter()


@mutant
class TextInputDropsText(CrsApp):
    """crs-interaction-keys-text-input: Enter submits an empty text, not the one typed."""

    def interaction_panel(self, request: InteractionRequested) -> InteractionPanel:
        return _SubmitsEmpty(request, id=self.INTERACTION_ID)


class _EscapeIgnoresDefault(InteractionPanel):
    """A panel whose Escape cancels without the request's default value."""

    def action_escape(self) -> None:
        if self.kind in ("YN", "PERMISSION"):
            super().action_escape()
        else:
            self.answer("cancelled", None)


@mutant
class EscapeIgnoresDefault(CrsApp):
    """crs-interaction-escape-default: Escape on a request with a default answers no value."""

    def interaction_panel(self, request: InteractionRequested) -> InteractionPanel:
        return _EscapeIgnoresDefault(request, id=self.INTERACTION_ID)


class _EnterAddsFocused(InteractionPanel):
    """A MULTI_SELECT whose Enter adds the focused option to the toggled ones."""

    def action_enter(self) -> None:
        if self.kind != "MULTI_SELECT":
            return super().action_enter()
        options = self.query_one(SelectionList)
        chosen: set[int] = {int(i) for i in options.selected}
        if options.highlighted is not None:
            chosen.add(options.highlighted)
        self.answer("selected", [str(self.request.options[i]) for i in sorted(chosen)])


@mutant
class MultiSelectEnterAddsFocused(CrsApp):
    """crs-interaction-keys-multi-select: Enter confirms the focused option with the toggled."""

    def interaction_panel(self, request: InteractionRequested) -> InteractionPanel:
        return _EnterAddsFocused(request, id=self.INTERACTION_ID)


class _EscapeSendsHeld(InteractionPanel):
    """Escape without a default answers what the UI holds (``kinds`` only)."""

    kinds: tuple[str, ...] = ()

    def action_escape(self) -> None:
        if self.kind not in self.kinds or self.request.default_value is not None:
            return super().action_escape()
        if self.kind == "TEXT_INPUT":
            held: str | list[str] | None = self.query_one(Input).value
        elif self.kind == "SELECT":
            index = self.query_one(OptionList).highlighted
            held = None if index is None else str(self.request.options[index])
        else:
            picked = sorted(self.query_one(SelectionList).selected)
            held = [str(self.request.options[index]) for index in picked]
        self.answer("cancelled", held)


def _escape_sends_held(name: str, doc: str, *kinds: str) -> type[CrsApp]:
    """A reference client whose Escape on ``kinds`` without a default sends what is held."""
    panel: type[InteractionPanel] = type(f"_{name}Panel", (_EscapeSendsHeld,), {"kinds": kinds})

    def interaction_panel(self: CrsApp, request: InteractionRequested) -> InteractionPanel:
        return panel(request, id=self.INTERACTION_ID)

    namespace = {"__doc__": doc, "__module__": __name__, "interaction_panel": interaction_panel}
    return type(name, (CrsApp,), namespace)


TextInputEscapeSendsTyped = mutant(
    _escape_sends_held(
        "TextInputEscapeSendsTyped",
        "crs-interaction-escape-default: Escape on a TEXT_INPUT without a default sends the text.",
        "TEXT_INPUT",
    )
)


SelectEscapeSendsFocused = mutant(
    _escape_sends_held(
        "SelectEscapeSendsFocused",
        "crs-interaction-escape-default: Escape on a SELECT without a default sends its focus.",
        "SELECT",
    )
)


MultiSelectEscapeSendsToggled = mutant(
    _escape_sends_held(
        "MultiSelectEscapeSendsToggled",
        "crs-interaction-escape-default: Escape on a MULTI_SELECT, no default, sends the toggled.",
        "MULTI_SELECT",
    )
)


class _PanelSmallLettersOnly(InteractionPanel):
    """A YN panel that knows the small letters only: Y and N (Shift, Caps Lock) do nothing."""

    def on_key(self, event: events.Key) -> None:
        if event.key in ("Y", "N", "shift+y", "shift+n"):
            event.stop()
            event.prevent_default()
            return
        super().on_key(event)


@mutant
class YnIgnoresCapitals(CrsApp):
    """crs-interaction-keys-yn: a capital Y or N (Shift, Caps Lock) does nothing on a YN request."""

    def interaction_panel(self, request: InteractionRequested) -> InteractionPanel:
        return _PanelSmallLettersOnly(request, id=self.INTERACTION_ID)


class _EscapeDropsSeveralDefaults(InteractionPanel):
    """A panel whose Escape answers no value when the default names several options."""

    def action_escape(self) -> None:
        default = self.request.default_value
        if self.kind == "MULTI_SELECT" and default is not None and "," in default:
            self.answer("cancelled", None)
        else:
            super().action_escape()


@mutant
class MultiSelectEscapeDropsSeveralDefaults(CrsApp):
    """crs-interaction-escape-default: Escape answers no value to a default of several options."""

    def interaction_panel(self, request: InteractionRequested) -> InteractionPanel:
        return _EscapeDropsSeveralDefaults(request, id=self.INTERACTION_ID)
