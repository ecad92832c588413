r"""Pieces of stored conversations: the load-older trigger and stored prompts (002 §2.6, 004 §3.1).

A stored prompt's ``prompt_text`` is escaped (``\\`` and ``\\<@``) and holds file tokens
``<@file:ref_id|display_path>``. :func:`decode_prompt` draws a token only when its
``ref_id`` is in the message's ``file_references`` with the same path (004 §3.1 token
validation); any other pattern is shown as its characters, unescaped.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widgets import Static

from examples.crs_third.marks import render_markdown

TOKEN_COLOR = "#2f5f8f"
"""A token's background (and its caps' glyph colour): unlike the bubble's (004 §3.1)."""

_TOKEN = re.compile(r"<@file:(?P<ref>[^|>\s]+)\|(?P<path>[^>]*)>")
_PLACEHOLDER = "\ufff9{}\ufffb"


class LoadOlder(Static, can_focus=True):
    """The button at the top of a reopened conversation (002 §2.6.2 explicit button)."""

    @dataclass
    class Pressed(Message):
        """Clicked or Enter; handled by the app's ``on_load_older_pressed``."""

    def __init__(self, label: str, *, retry: bool = False) -> None:
        """A one-row button; ``retry`` after a failed load (002 §2.6.3)."""
        super().__init__(f"↑ {label}", classes="load-older -retry" if retry else "load-older")

    def on_click(self, event: events.Click) -> None:
        """Ask the app for the older turns."""
        event.stop()
        self.post_message(self.Pressed())

    def on_key(self, event: events.Key) -> None:
        """Enter activates it too."""
        if event.key == "enter":
            event.stop()
            self.post_message(self.Pressed())


def unescape(text: str) -> str:
    r"""Undo the escaping of typed text (DPS §16.2.2): ``\\`` → ``\``, ``\<@`` → ``<@``."""
    return re.sub(r"\\(\\|<@)", lambda match: match.group(1), text)


def decode_prompt(prompt_text: str, references: Sequence[Any]) -> Text:
    """Render a stored prompt: markdown for the text, a token for each valid reference.

    Args:
        prompt_text: The escaped prompt with token patterns.
        references: Its ``file_references`` (``ref_id``, ``path``, ``display_path``).

    Returns:
        The bubble's text.
    """
    known = {str(ref.ref_id): ref for ref in references}
    tokens: list[Any] = []
    pieces: list[str] = []
    position = 0
    for match in _TOKEN.finditer(prompt_text):
        if _escaped(prompt_text, match.start()):
            continue
        ref = known.get(match["ref"])
        if ref is None or match["path"] not in (str(ref.display_path), str(ref.path)):
            continue
        pieces.append(unescape(prompt_text[position : match.start()]))
        pieces.append(_PLACEHOLDER.format(len(tokens)))
        tokens.append(ref)
        position = match.end()
    pieces.append(unescape(prompt_text[position:]))
    body = render_markdown("".join(pieces))
    return _fill_tokens(body, tokens)


def _escaped(text: str, index: int) -> bool:
    """Whether the character at ``index`` follows an odd run of backslashes."""
    run = 0
    while index - run - 1 >= 0 and text[index - run - 1] == "\\":
        run += 1
    return run % 2 == 1


def _fill_tokens(body: Text, tokens: Sequence[Any]) -> Text:
    """Replace each placeholder by its token: caps, icon-less label, caps."""
    for number, ref in enumerate(tokens):
        marker = _PLACEHOLDER.format(number)
        start = body.plain.find(marker)
        if start < 0:
            continue
        token = token_text(str(ref.path))
        body = body[:start] + token + body[start + len(marker) :]
    return body


def token_text(path: str) -> Text:
    """A token as drawn: ``▐name▌`` on the token colour (004 §3.4.5 visual spec)."""
    label = path.replace("\\", "/").rsplit("/", 1)[-1] or path
    out = Text()
    out.append("▐", Style(color=TOKEN_COLOR))
    out.append(label, Style(bgcolor=TOKEN_COLOR, color="white"))
    out.append("▌", Style(color=TOKEN_COLOR))
    return out
