"""A fifth chat screen: items are custom widgets that draw a Rich renderable.

Built unlike the other implementations: each item's ``render()`` returns a Rich ``Align``
around a ``Text`` whose ``justify`` places wrapped lines, so the alignment lives in the
renderable, not in Textual's styles; the conversation is a plain ``Vertical`` made
scrollable by CSS; control characters are shown in caret notation (``^[``). See
``examples/README.md``.
"""

__version__ = "0.1.0"
