"""A third chat screen: items are custom widgets that render their own text.

Written from the spec by a newcomer to the harness, without reading ``reference_app`` or
``examples/alt_chat``; see ``examples/README.md`` for how it differs from both.
"""

__version__ = "0.1.0"
