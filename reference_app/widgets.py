"""The widget that shows one message (clause ``single-label-widget``)."""

from __future__ import annotations

from textual.widgets import Label

from reference_app.model import Message

CONTROL_PICTURES = {
    **{code: 0x2400 + code for code in range(0x20) if code != 0x09},
    0x7F: 0x2421,
    **dict.fromkeys(range(0x80, 0xA0), 0xFFFD),
}
"""Translation table that makes control characters visible instead of sending them to the
terminal: C0 controls (except TAB, which Textual expands to spaces) and DEL become their
Unicode Control Pictures (``\x1b`` is shown as ``␛``, ``\x00`` as ``␀``), C1 controls,
which have no pictures, become ``�`` (U+FFFD). See ``docs/reliability.md``."""


def visible(text: str) -> str:
    """Return ``text`` with every control character replaced by a visible stand-in.

    Args:
        text: Display text that may hold control characters (``ESC``, ``NUL``, C1).

    Returns:
        The text as it is safe to draw: same length, no control character but TAB.
    """
    return text.translate(CONTROL_PICTURES)


class MessageItem(Label):
    """One conversation item: a single label whose text is ``<label>: <body>``.

    The body is literal text (``markup=False``): ``[bold]x[/bold]`` or
    ``[@click=app.quit]x[/]`` are shown as typed, never interpreted. Control characters
    are shown as pictures (:func:`visible`), so no escape sequence reaches the terminal;
    the message keeps its body unchanged.
    """

    def __init__(
        self,
        message: Message,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
        disabled: bool = False,
    ) -> None:
        """Build the item for ``message``; its classes come from the message's role.

        Args:
            message: The message to show.
            name: Widget name.
            id: Widget id.
            classes: Extra classes, added after the role classes.
            disabled: Whether the widget is disabled.
        """
        role_classes = " ".join(message.role.classes)
        super().__init__(
            visible(message.display_text),
            markup=False,
            name=name,
            id=id,
            classes=f"{role_classes} {classes}" if classes else role_classes,
            disabled=disabled,
        )
        self.message = message
        """The message this item shows."""
