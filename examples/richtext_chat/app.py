"""The Rich-text chat screen: a scrollable column of drawn items above an ``Input``.

Messages are kept as one immutable tuple of :class:`Post` values, rebuilt on each
submission; the records are two lists in a dict. Each item is a :class:`Bubble` whose
``render()`` returns ``Align(Text(..., justify=side), align=side)``: Rich places the
block and its wrapped lines on the role's side; the widget's CSS draws the side border.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar, Literal

from rich.align import Align
from rich.text import Text
from textual import events, on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import Input

from reference_app.chat_input import typed_invisible
from reference_app.widgets import visible

Side = Literal["left", "right"]
ROLE_SIDE: dict[str, Side] = {"user": "left", "agent": "right"}
"""The side each role's item is drawn against."""
ROLE_LABEL = {"user": "사용자", "agent": "에이전트"}
ROLE_CLASSES = {
    "user": "chat-message user-message user-role",
    "agent": "chat-message response-message agent-role",
}
REPLIES = ("네, 알겠습니다.", "좋은 생각이에요.", "한번 살펴볼게요.", "더 알려 주세요.")
"""The fixed response list."""


def caret(text: str) -> str:
    """``text`` with control characters in caret notation (``cat -v``): ``^[``, ``^?``, ``<9b>``."""
    out = []
    for char in text:
        code = ord(char)
        if code < 0x20 and char != "\t":
            out.append("^" + chr(code + 0x40))
        elif code == 0x7F:
            out.append("^?")
        elif 0x80 <= code < 0xA0:
            out.append(f"<{code:02x}>")
        else:
            out.append(char)
    return "".join(out)


@dataclass(frozen=True)
class Post:
    """One message: its role (``"user"`` or ``"agent"``) and its literal body."""

    role: str
    body: str


class Bubble(Widget):
    """One message, drawn from a Rich renderable on its role's side."""

    DEFAULT_CSS = """
    Bubble { height: auto; width: 100%; margin: 0 0 1 0; padding: 0 1; }
    Bubble.user-role { border-left: outer $accent; }
    Bubble.agent-role { border-right: outer $warning; }
    """

    def __init__(self, post: Post) -> None:
        """Draw ``post`` with its role's label, side and classes."""
        super().__init__(classes=ROLE_CLASSES[post.role])
        self.line = caret(f"{ROLE_LABEL[post.role]}: {post.body}")
        self.side = ROLE_SIDE[post.role]

    def render(self) -> Align:
        """The line as plain Rich text (never markup), aligned on the role's side."""
        return Align(Text(self.line, justify=self.side), align=self.side)


class Say(Input):
    """An ``Input`` whose ``key_enter`` submits and empties it, in key order."""

    def key_enter(self, event: events.Key) -> None:
        """Post ``Submitted`` with the value, empty the input; the Enter binding never runs."""
        event.stop()
        value, self.value = self.value, ""
        self.post_message(self.Submitted(self, value))

    async def _on_key(self, event: events.Key) -> None:
        """Keep a typed joiner or bidi mark, which ``Input`` drops as unprintable."""
        if typed_invisible(event):
            event.stop()
            event.prevent_default()
            self.insert_text_at_cursor(event.character or "")

    @property
    def _value(self) -> Text:
        """The value as drawn: control characters (a pasted ESC) as pictures, never raw."""
        return Text(visible(self.value), no_wrap=True, overflow="ignore", end="")


class RichChatApp(App[None]):
    """The chat screen; Enter submits, Escape and Ctrl+Q quit."""

    CSS = "#feed { height: 1fr; overflow-y: auto; scrollbar-gutter: stable; }"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "quit", "Quit", priority=True),
        Binding("ctrl+q", "quit", "Quit", priority=True),
    ]

    def __init__(self) -> None:
        """Start with no posts and empty records."""
        super().__init__()
        self.posts: tuple[Post, ...] = ()
        self.records: dict[str, list[str]] = {"inputs": [], "responses": []}

    def compose(self) -> ComposeResult:
        """The feed, then the input."""
        yield Vertical(id="feed")
        yield Say(placeholder="메시지를 입력하세요", id="say")

    @on(Input.Submitted, "#say")
    async def said(self, event: Input.Submitted) -> None:
        """Strip; stop if blank; else choose, record, mount both bubbles, scroll.

        The input emptied itself at the Enter key.
        """
        text = event.value.strip()
        if not text:
            return
        reply = random.choice(REPLIES)
        pair = (Post("user", text), Post("agent", reply))
        self.posts = (*self.posts, *pair)
        self.records["inputs"].append(text)
        self.records["responses"].append(reply)
        feed = self.query_one("#feed", Vertical)
        await feed.mount_all([Bubble(post) for post in pair])
        feed.scroll_end(animate=False)
