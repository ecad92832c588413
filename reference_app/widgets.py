"""The widget that shows one message (clause ``single-label-widget``)."""

from __future__ import annotations

from textual.widgets import Label

from reference_app.model import Message


class MessageItem(Label):
    """One conversation item: a single label whose text is ``<label>: <body>``.

    The body is literal text (``markup=False``): ``[bold]x[/bold]`` or
    ``[@click=app.quit]x[/]`` are shown as typed, never interpreted.
    """

    def __init__(
        self,
        message: Message,
        *,
        name: str | None = None,
        id: str | None = None,  # noqa: A002 - Textual's own keyword
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
            message.display_text,
            markup=False,
            name=name,
            id=id,
            classes=f"{role_classes} {classes}" if classes else role_classes,
            disabled=disabled,
        )
        self.message = message
        """The message this item shows."""
