"""Correct variants of the reference RAWP-CRS client (profile ``rawp_crs``).

Each is :class:`reference_crs.app.CrsApp` drawn or built otherwise, in a way seeds 002 and
004 allow; ``tests/test_variants.py`` proves each passes the MUST and SHOULD scenarios of
the features it names, in every run.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from textual.app import App
from textual.content import Content
from textual.dom import DOMNode
from textual.message import Message
from textual.widget import Widget

from rawp_port import AgentPort, ClientSettings, Clock, ControlPlane, FileReference, TurnEnded
from reference_app.paste import PasteSafeParser
from reference_crs.app import CrsApp
from reference_crs.conformance import ReferenceCrsAdapter
from reference_crs.sent_prompt import FileToken
from reference_crs.user_markdown import visible
from reference_crs.widgets.conversation import Conversation
from reference_crs.widgets.prompt_input import PromptInput
from reference_crs.widgets.user_message import TOKEN_STYLE, UserMessage
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
    "The input drawn with a tall, low-contrast frame (half-block glyphs at its sides) -- 004 "
    "§3.1 ¶15: the input is plain text; its frame is not specified",
    """
    #prompt-input { border: tall $panel-lighten-2; }
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
        """Switch to the light theme (Textual runs the reference's ``on_mount`` too)."""
        self.theme = "textual-light"


# --- how the popups are drawn (004 §3.2, §3.4.2) -------------------------------------

InvertedHighlight = styled(
    "InvertedHighlight",
    "The popups' focused row drawn in the text colour, its text in the background colour "
    "(the look of reverse video) -- 004 §3.2 ¶14: a background over the whole row, distinct "
    "from the other rows",
    """
    SlashPopup > .option-list--option-highlighted {
        background: $foreground; color: $background; text-style: bold;
    }
    """,
    *POPUPS,
)

FramelessPopups = styled(
    "FramelessPopups",
    "The popups without a frame, on the screen's background -- 004 §3.2 ¶3: an overlay "
    "just above the input; its frame is not specified",
    """
    #slash-popup { border: none; background: $background; }
    """,
    *POPUPS,
)


# --- how the client is built ----------------------------------------------------------


class FeedAndTickOnly:
    """A terminal parser offering only the documented interface: ``feed`` and ``tick``.

    It wraps the reference's parser and hides the rest (docs/adapters.md, "Terminal input").
    """

    def __init__(self) -> None:
        self._inner = PasteSafeParser()

    def feed(self, data: str) -> Iterable[Message]:
        """Events for the bytes ``data`` (decoded)."""
        return list(self._inner.feed(data))

    def tick(self) -> Iterable[Message]:
        """Events due by now: a lone ESC once the escape delay is over."""
        return list(self._inner.tick())


@crs_variant("terminal_input", "sending", terminal_parser=FeedAndTickOnly)
class WrappedTerminalParser(CrsApp):
    """The client installs a parser that wraps Textual's, offering only feed and tick -- the
    seeds say nothing of the terminal's parser; docs/adapters.md asks for feed(str) and tick()
    """


class KeyOnlyConversation(Conversation):
    """The reference's conversation, with no time revealed under the pointer."""

    def follow(self, node: DOMNode | None) -> None:
        """Reveal nothing on hover: times show at Ctrl+T only."""


@crs_variant("timestamps", "actor_layout", timestamp_reveal="key:ctrl+t")
class TimesByKey(CrsApp):
    """Times hidden until Ctrl+T shows every one (and hides them again), never on hover --
    002 §2.4 ¶1 (l. 31): the user can find out when each message happened; ¶7-¶8 (l. 42-44):
    hidden until the user wants them, hover or tap recommended (a terminal has no tap)
    """

    CONVERSATION = KeyOnlyConversation


class SquareCapMessage(UserMessage):
    """A user bubble drawing each file token as ``[label]`` on the token's background."""

    def token_content(self, token: FileToken) -> Content:
        """``[label]``, brackets and label all on the token's style."""
        return Content.styled(f"[{visible(token.label)}]", TOKEN_STYLE)


@crs_variant("history_tokens", "sending_file_references")
class SquareTokenCaps(CrsApp):
    """File tokens in sent messages drawn [label], square brackets on the token's background --
    004 §3.1 ¶16 (l. 108): the history token in the input token's style; §3.4.5 (l. 250): a
    clear boundary, which a terminal draws with cap glyphs (crs-token-rounded takes brackets)
    """

    def user_message(
        self, prompt_text: str, file_references: Sequence[FileReference] = ()
    ) -> Widget:
        """The reference's bubble, its tokens drawn with square caps."""
        return SquareCapMessage(prompt_text, file_references)


@crs_variant("sending", "command_bubble", "cancelling", "interaction_keys", "timestamps")
class QueuedPrompts(CrsApp):
    """A prompt sent while a turn runs waits, and is sent (its bubble drawn) when the turn
    ends -- 002 §2.5.1 (l. 58): Enter sends when the input holds text and no popup is active;
    004 §1.2 (l. 43): a Turn answers one prompt; neither says when a second reaches the agent
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.waiting: list[PromptInput.Submitted] = []
        """Prompts sent while a turn ran, in order."""

    async def on_prompt_input_submitted(self, message: PromptInput.Submitted) -> None:
        """Send at once when idle; otherwise keep the prompt until the turn ends.

        Textual calls the handler of every class up the MRO: ``prevent_default`` stops the
        reference's, which is called here when the prompt is sent.
        """
        message.prevent_default()
        if self.busy:
            self.waiting.append(message)
            self.notify(f"queued: {message.text[:40]}", timeout=2)
            return
        await super().on_prompt_input_submitted(message)

    async def handle_turn_ended(self, event: TurnEnded) -> None:
        """End the turn, then send the next waiting prompt."""
        await super().handle_turn_ended(event)
        if self.waiting and not self.busy:
            await super().on_prompt_input_submitted(self.waiting.pop(0))


# --- how the conversation area is laid out (002 §2.2) -----------------------------------

WideAreaPadding = styled(
    "WideAreaPadding",
    "The conversation area padded 1 row and 6 cells on each side, so its items start and "
    "end 6 cells in from the screen's edge -- 002 §2.2 (l. 20): the agent's output uses the "
    "full available width of the conversation area; the area's own padding is not fixed",
    """
    #conversation { padding: 1 6; }
    """,
    *EVERY_DRAWN,
)

TightItems = styled(
    "TightItems",
    "No blank row between items: every item of the conversation drawn right under the one "
    "before -- 002 §2.2: sides, bubbles and backgrounds tell the actors apart; spacing "
    "between items is not fixed",
    """
    AgentText, ThinkingBlock, ToolBlock, SystemNoticeItem, DateSeparator, UserMessage {
        margin: 0;
    }
    """,
    *EVERY_DRAWN,
)

NoScrollbar = styled(
    "NoScrollbar",
    "The conversation scrolls without a drawn scrollbar and keeps no gutter for one -- the "
    "seeds do not ask for a scrollbar; 002 §2.2: the agent uses the area's full width",
    """
    #conversation { scrollbar-size-vertical: 0; scrollbar-gutter: auto; }
    """,
    *EVERY_DRAWN,
)
