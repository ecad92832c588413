"""A system notice: centred, muted, no bubble, with its time beside the text (002 §2.2)."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from reference_crs.user_markdown import visible


class SystemNoticeItem(Static):
    """The whole text of a notice (``crs-system-content-complete``) and its time."""

    def __init__(
        self,
        text: str,
        stamp: str,
        *,
        hidden: bool = False,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
        disabled: bool = False,
    ) -> None:
        """Create the notice.

        Args:
            text: The notice's text.
            stamp: Its time as shown (``crs-timestamp-system``).
            hidden: Whether the time is left out until :meth:`reveal` (hover reveal).
            name: The widget's name.
            id: The widget's id.
            classes: Space-separated CSS classes.
            disabled: Whether it starts disabled.
        """
        super().__init__(
            self._content(text, stamp, not hidden),
            name=name,
            id=id,
            classes=classes,
            disabled=disabled,
        )
        self.text = text
        """The notice's text."""
        self.stamp = stamp
        """Its time, as shown."""

    @staticmethod
    def _content(text: str, stamp: str, shown: bool) -> Content:
        time = Content(f" · {stamp}" if shown else "").stylize("$text-muted")
        return Content(visible(text)) + time

    def reveal(self, shown: bool) -> None:
        """Draw the time (``True``) or the text alone (``crs-timestamp-hover-preferred``)."""
        self.update(self._content(self.text, self.stamp, shown))
