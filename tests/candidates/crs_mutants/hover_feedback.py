"""Mutants of seed area §2.3 Interaction and animation.

Each is the reference RAWP-CRS client with one defect in that area, caught by a
scenario of ``features/rawp_crs/`` citing its clause.
"""

from __future__ import annotations

from reference_crs.app import CrsApp
from tests.candidates.crs_mutants._registry import mutant


@mutant
class HoverOnAgentText(CrsApp):
    """crs-no-hover-effect-on-static: plain agent text lights up under the pointer."""

    CSS = "AgentText:hover { background: $boost; }"


@mutant
class OptionsWithoutHover(CrsApp):
    """crs-interactive-smooth-feedback: options of an interaction request ignore the pointer."""

    CSS = """
    InteractionPanel OptionList > .option-list--option-hover,
    InteractionPanel SelectionList > .option-list--option-hover { background: transparent; }
    """


@mutant
class HoverMovesOptions(CrsApp):
    """crs-interactive-smooth-feedback: hovering the options' list pads it, moving every option."""

    CSS = (
        "InteractionPanel OptionList:hover, InteractionPanel SelectionList:hover { padding: 1 0; }"
    )


@mutant
class HoverOnToolBlock(CrsApp):
    """crs-no-hover-effect-on-static: a tool block lights up on hover; clicking it does nothing."""

    CSS = "ToolBlock:hover { background: $boost; }"


@mutant
class HoverOnThinking(CrsApp):
    """crs-no-hover-effect-on-static: a thinking block lights up under the pointer."""

    CSS = "ThinkingBlock:hover { background: $boost; }"


@mutant
class AnswerButtonsIgnorePointer(CrsApp):
    """crs-interactive-smooth-feedback: a request's approve/reject buttons ignore the pointer."""

    CSS = """
    InteractionPanel Button.-style-default:hover {
        border-top: tall $surface-lighten-1;
        background: $surface;
    }
    """
