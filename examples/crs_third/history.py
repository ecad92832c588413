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

from examples.crs_third.composer import TOKEN_COLOR, token_label
from examples.crs_third.marks import render_markdown, visible

_TOKEN = re.compile(r"<@file:(?P<ref>[^|>\s]+)\|(?P<path>[^>]*)>")
_PLACEHOLDER = "\ufff9{}\ufffb"


class LoadOlder(Static, can_focus=True):
    """The button at the top of a reopened conversation (002 §2.6.2 explicit button)."""

    @dataclass
    class Pressed(Message):
        """Clicked or Enter; handled by the app's ``on_load_older_pressed``."""

    def __init__(self, label: str, *, retry: bool = False) -> None:
        """A one-row button; ``retry`` after a failed load (002 §2.6.3)."""
        super().__init__(
            Text(visible(f"↑ {label}")), classes="load-older -retry" if retry else "load-older"
        )

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

    A token is drawn only where ``<@file:ref_id|display_path>`` appears, unescaped, with the
    ``ref_id`` and ``display_path`` of one of ``references`` (004 §3.1 token validation).
    Any other token pattern is shown as its characters, without markdown.

    Args:
        prompt_text: The escaped prompt with token patterns.
        references: Its ``file_references`` (``ref_id``, ``path``, ``display_path``).

    Returns:
        The bubble's text.
    """
    pieces: list[str] = []
    inserts: list[Text] = []
    position = 0
    for start, end, insert in _scan(prompt_text, references):
        pieces.append(unescape(prompt_text[position:start]))
        pieces.append(_PLACEHOLDER.format(len(inserts)))
        inserts.append(insert)
        position = end
    pieces.append(unescape(prompt_text[position:]))
    body = render_markdown("".join(pieces))
    return _fill(body, inserts)


def _scan(text: str, references: Sequence[Any]) -> list[tuple[int, int, Text]]:
    """(start, end, drawn) of each token pattern: a token, or its literal characters."""
    found: list[tuple[int, int, Text]] = []
    position = 0
    while True:
        start = text.find("<@file:", position)
        if start < 0:
            return found
        if _escaped(text, start):
            position = start + 1
            continue
        end, ref = _match_reference(text, start, references)
        if ref is not None:
            found.append((start, end, token_text(str(ref.path))))
        else:
            match = _TOKEN.match(text, start)
            end = match.end() if match is not None else start + len("<@file:")
            found.append((start, end, Text(visible(unescape(text[start:end])))))
        position = end


def _match_reference(text: str, start: int, references: Sequence[Any]) -> tuple[int, Any]:
    """The end and the reference of a valid token at ``start``, or ``(start, None)``."""
    for ref in references:
        pattern = f"<@file:{ref.ref_id}|{ref.display_path}>"
        if text.startswith(pattern, start):
            return start + len(pattern), ref
    return start, None


def _escaped(text: str, index: int) -> bool:
    """Whether the character at ``index`` follows an odd run of backslashes."""
    run = 0
    while index - run - 1 >= 0 and text[index - run - 1] == "\\":
        run += 1
    return run % 2 == 1


def _fill(body: Text, inserts: Sequence[Text]) -> Text:
    """Replace each placeholder by its drawn text."""
    for number, insert in enumerate(inserts):
        marker = _PLACEHOLDER.format(number)
        start = body.plain.find(marker)
        if start >= 0:
            body = body[:start] + insert + body[start + len(marker) :]
    return body


def token_text(path: str) -> Text:
    """A token as drawn: ``▐name▌`` on the token colour (004 §3.4.5 visual spec)."""
    label = token_label(path)
    out = Text()
    out.append("▐", Style(color=TOKEN_COLOR))
    out.append(label, Style(bgcolor=TOKEN_COLOR, color="white"))
    out.append("▌", Style(color=TOKEN_COLOR))
    return out
