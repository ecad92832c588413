"""Mutants of seed area §3.3 Command bubble.

Each is the reference RAWP-CRS client with one defect in that area, caught by a
scenario of ``features/rawp_crs/`` citing its clause.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static

from rawp_port import (
    AgentPort,
)
from reference_crs.app import CrsApp
from reference_crs.slash import command_of
from reference_crs.widgets import (
    CommandBubble,
    UserMessage,
)
from tests.candidates.crs_mutants._registry import mutant
from tests.candidates.crs_mutants._shared import _SlashApp


@mutant
class CommandAsTextBubble(_SlashApp):
    """crs-command-bubble-distinct: a sent slash command is drawn as an ordinary text bubble."""

    def command_bubble(self, text: str) -> Widget:
        return UserMessage(text)


class _KeepsSlash(CommandBubble):
    def compose(self) -> ComposeResult:
        name, _, rest = self.text.partition(" ")
        yield Static(
            Content.assemble(("▶ ", ""), (name, "bold $accent"), f" {rest}"), classes="bubble"
        )


@mutant
class BubbleKeepsSlash(_SlashApp):
    """crs-command-bubble-strips-slash: the command bubble shows the leading `/`."""

    def command_bubble(self, text: str) -> Widget:
        return _KeepsSlash(text)


class _NestedBadge(CommandBubble):
    def compose(self) -> ComposeResult:
        name, _, rest = self.text[1:].partition(" ")
        yield Static(
            Content.assemble(("▶ ", ""), (f" {name} ", "bold $accent on $primary"), f" {rest}"),
            classes="bubble",
        )


@mutant
class BadgeInBubble(_SlashApp):
    """crs-command-bubble-no-nesting: the command name sits in a badge inside the bubble."""

    def command_bubble(self, text: str) -> Widget:
        return _NestedBadge(text)


class _PlainName(CommandBubble):
    def compose(self) -> ComposeResult:
        name, _, rest = self.text[1:].partition(" ")
        yield Static(Content.assemble(("▶ ", ""), (name, "$accent"), f" {rest}"), classes="bubble")


@mutant
class CommandNameNotBold(_SlashApp):
    """crs-command-name-inline-style: the command name is coloured but not bold."""

    def command_bubble(self, text: str) -> Widget:
        return _PlainName(text)


class _TextColouredBubble(CommandBubble):
    def on_mount(self) -> None:
        self.bubble.styles.background = self.app.get_css_variables()["primary-muted"]


@mutant
class CommandBubbleLikeText(_SlashApp):
    """crs-command-bubble-style-differs: the command bubble has the text bubble's background."""

    def command_bubble(self, text: str) -> Widget:
        return _TextColouredBubble(text)


class _TextTypePort:
    """A port that sends every prompt with input_type text."""

    def __init__(self, port: AgentPort) -> None:
        self.port = port

    def connect(self, on_event: Any) -> None:
        self.port.connect(on_event)

    def send(self, frame: Any) -> None:
        if getattr(frame, "input_type", None) == "slash_command":
            frame = type(frame)(prompt_text=frame.prompt_text, input_type="text")
        self.port.send(frame)


@mutant
class CommandSentAsText(_SlashApp):
    """crs-command-bubble-for-slash-input-type: a slash command is sent with input_type text."""

    def __init__(self, port: AgentPort, *args: Any, **kwargs: Any) -> None:
        super().__init__(_TextTypePort(port), *args, **kwargs)


class _UnpublishedSentAsText(_TextTypePort):
    """Sends a slash command the agent did not publish with input_type text."""

    app: CrsApp | None = None

    def send(self, frame: Any) -> None:
        text = getattr(frame, "prompt_text", "")
        published = self.app is not None and command_of(text, self.app.commands) is not None
        if getattr(frame, "input_type", None) == "slash_command" and not published:
            frame = type(frame)(prompt_text=text, input_type="text")
        self.port.send(frame)


@mutant
class CommandBubbleForTextPrompt(_SlashApp):
    """crs-text-bubble-for-other-input-types: `/unknown x` is sent as text, drawn as a command."""

    def __init__(self, port: AgentPort, *args: Any, **kwargs: Any) -> None:
        wrapped = _UnpublishedSentAsText(port)
        super().__init__(wrapped, *args, **kwargs)
        wrapped.app = self

    def sent_command(self, text: str) -> str | None:
        words = text[1:].split(maxsplit=1) if text.startswith("/") else []
        return words[0] if words else None


@mutant
class ReopenedCommandAsText(CrsApp):
    """crs-command-bubble-for-slash-input-type: a reopened slash command is a text bubble."""

    def replayed_prompt(self, prompt: Any) -> Widget:
        text = str(getattr(prompt, "prompt_text", ""))
        return self.user_message(text, tuple(getattr(prompt, "file_references", ()) or ()))
