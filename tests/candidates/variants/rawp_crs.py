"""Correct variants of the reference RAWP-CRS client (profile ``rawp_crs``).

Each is :class:`reference_crs.app.CrsApp` drawn or built otherwise, in a way seeds 002 and
004 allow; ``tests/test_variants.py`` proves each passes the MUST and SHOULD scenarios of
the features it names, in every run.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import App

from rawp_port import AgentPort, ClientSettings, Clock, ControlPlane
from reference_crs.app import CrsApp
from reference_crs.conformance import ReferenceCrsAdapter
from tests.candidates.variants._registry import register, snake

EVERY_DRAWN = (
    "actor_layout",
    "timestamps",
    "user_markdown",
    "history_tokens",
    "command_bubble",
    "forward_compatibility",
    "hover_feedback",
    "long_conversation",
    "reopening",
    "lazy_loading",
)
"""The features that read where and how conversation items are drawn."""
POPUPS = (
    "slash_popup",
    "slash_popup_keys",
    "file_popup",
    "file_popup_keys",
    "popup_exclusion",
)
"""The features that read the two popups."""


class VariantAdapter(ReferenceCrsAdapter):
    """The reference client's adapter, creating a variant's client instead."""

    APP: type[CrsApp] = CrsApp

    def create_client(
        self, port: AgentPort, control: ControlPlane, clock: Clock, settings: ClientSettings
    ) -> App[Any]:
        """Return a fresh client of the variant, wired as the reference client is."""
        return self.APP(port, control, clock, settings)


def crs_variant(
    *features: str, adapter: type[VariantAdapter] = VariantAdapter, **members: Any
) -> Callable[[type[CrsApp]], type[CrsApp]]:
    """Register the decorated client as a correct variant reaching ``features``.

    Args:
        features: Stems of the ``features/rawp_crs`` files its change can reach.
        adapter: The adapter class to derive the variant's adapter from.
        members: Adapter members the variant sets otherwise (``timestamp_reveal=...``).
    """

    def decorate(app: type[CrsApp]) -> type[CrsApp]:
        name = snake(app.__name__)
        attributes = {"APP": app, "name": f"variant {name}", **members}
        made = type(f"{app.__name__}Adapter", (adapter,), attributes)
        register("rawp_crs", features, app.__doc__, name, made)
        return app

    return decorate


def styled(name: str, doc: str, css: str, *features: str) -> type[CrsApp]:
    """Register a reference client with ``css`` added to its stylesheet."""
    app = type(name, (CrsApp,), {"__doc__": doc, "CSS": css, "__module__": __name__})
    return crs_variant(*features)(app)


# --- how items are drawn: frames, padding, themes (002 §2.2, 004 §1.2) ---------------

FramedAgentOutput = styled(
    "FramedAgentOutput",
    "Agent text, thinking and tool blocks each in a square frame with no background, padded "
    "-- 004 §1.2: a bubble is a rounded container with a background colour; a frame alone "
    "is not one (002 §2.2 forbids only the bubble)",
    """
    AgentText, ThinkingBlock, ToolBlock { border: solid $panel-lighten-2; padding: 0 1; }
    """,
    *EVERY_DRAWN,
)

FramedSystemLines = styled(
    "FramedSystemLines",
    "System notices and date separators each in a round frame with no background "
    "-- 002 §2.2 (System): centred, no bubble, no background, muted; a frame is none of "
    "these",
    """
    SystemNoticeItem, DateSeparator { border: round $panel-lighten-2; }
    """,
    *EVERY_DRAWN,
)

HeavyFramesWidePadding = styled(
    "HeavyFramesWidePadding",
    "Every agent and system item in a heavy frame with two cells of padding, the user "
    "bubble with a wide padding inside its round frame -- 002 §2.2 and 004 §3.1 fix the "
    "side, the bubble and its corners, not the frame or padding of other items",
    """
    AgentText, ThinkingBlock, ToolBlock, SystemNoticeItem, DateSeparator {
        border: heavy $panel-lighten-2; padding: 1 2;
    }
    UserMessage > .bubble { padding: 1 3; }
    """,
    *EVERY_DRAWN,
)

TallInputFrame = styled(
    "TallInputFrame",
    "The input drawn with a tall frame (half-block glyphs at its sides) -- 004 §3.1 ¶15: "
    "the input is plain text; its frame is not specified",
    """
    #prompt-input { border: tall $accent; }
    """,
    "sending",
    "file_tokens",
    "terminal_input",
    "slash_popup",
    "slash_popup_keys",
    "command_bubble",
)


@crs_variant(*EVERY_DRAWN, *POPUPS, "interaction_keys", "file_tokens")
class LightTheme(CrsApp):
    """The client in Textual's light theme -- the seeds name no colours, only contrasts."""

    def on_mount(self) -> None:
        """Switch to the light theme before anything is drawn."""
        self.theme = "textual-light"
        super().on_mount()


# --- how the popups are drawn (004 §3.2, §3.4.2) -------------------------------------

ReverseVideoHighlight = styled(
    "ReverseVideoHighlight",
    "The popups' focused row drawn in reverse video on the popup's own background "
    "-- 004 §3.2 ¶14: a background over the whole row, distinct from the other rows",
    """
    SlashPopup > .option-list--option-highlighted {
        background: $surface; color: $text; text-style: reverse;
    }
    """,
    *POPUPS,
)

FramelessPopups = styled(
    "FramelessPopups",
    "The popups without a frame, on the screen's background -- 004 §3.2 ¶3: an overlay "
    "just above the input; its frame is not specified",
    """
    SlashPopup { border: none; background: $background; }
    """,
    *POPUPS,
)
