"""The text field a person types into, as the harness reads and writes it.

Seed 000 speaks of 입력창, an input field, not of a particular widget class. Real Textual
chat clients use a one-line :class:`~textual.widgets.Input` or a multi-line
:class:`~textual.widgets.TextArea` (Enter submits, as in most of them); both are supported
here, and so is any other focusable widget that keeps its text in a ``str`` attribute
named ``value`` or ``text``. Keys and pastes never go through this module: the driver
delivers them as a terminal does, to whatever has focus. This module only reads the text
the field holds and, for values no key can type, puts one there.
"""

from __future__ import annotations

from textual.widget import Widget
from textual.widgets import Input, TextArea

TEXT_ATTRIBUTES = ("value", "text")
"""Attributes, in order, that hold the text of a field that is neither Input nor TextArea."""


def field_problem(widget: Widget) -> str | None:
    """Say why ``widget`` cannot serve as the input field, or return ``None``.

    Args:
        widget: The widget the adapter's ``input_selector`` names.

    Returns:
        ``None`` for an ``Input``, a ``TextArea``, or a focusable widget with a ``str``
        ``value`` or ``text`` attribute; otherwise one sentence naming what is missing.
    """
    if isinstance(widget, Input | TextArea):
        return None
    if not widget.can_focus:
        return f"a {type(widget).__name__}, which cannot take focus, so no key reaches it"
    if _text_attribute(widget) is None:
        return (
            f"a {type(widget).__name__} with no str attribute 'value' or 'text' to read "
            "what was typed (use a textual.widgets.Input or TextArea, or expose one)"
        )
    return None


def field_value(widget: Widget) -> str:
    """Return the text ``widget`` holds now (``Input.value``, ``TextArea.text``, ...).

    Raises:
        TypeError: ``widget`` has none of the supported ways to hold text
            (see :func:`field_problem`).
    """
    if isinstance(widget, Input):
        return widget.value
    if isinstance(widget, TextArea):
        return widget.text
    name = _text_attribute(widget)
    if name is None:
        raise TypeError(field_problem(widget))
    value: str = getattr(widget, name)
    return value


def set_field_value(widget: Widget, value: str) -> None:
    """Make ``value`` the text of ``widget``, cursor at its end, as if it had been typed.

    Used only for values no key can type (a newline in a one-line field, say).

    Raises:
        TypeError: ``widget`` has none of the supported ways to hold text.
    """
    if isinstance(widget, Input):
        widget.value = value
        widget.cursor_position = len(value)
    elif isinstance(widget, TextArea):
        widget.load_text(value)
        widget.move_cursor(widget.document.end)
    else:
        name = _text_attribute(widget)
        if name is None:
            raise TypeError(field_problem(widget))
        setattr(widget, name, value)


def is_multiline(widget: Widget) -> bool:
    """Whether ``widget`` keeps newlines (a ``TextArea``): pastes keep every line there."""
    return isinstance(widget, TextArea)


def _text_attribute(widget: Widget) -> str | None:
    """Name of the first of :data:`TEXT_ATTRIBUTES` that holds a ``str`` on ``widget``."""
    for name in TEXT_ATTRIBUTES:
        if isinstance(getattr(widget, name, None), str):
            return name
    return None
