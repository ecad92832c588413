"""A fourth chat screen: the conversation is a ``ListView`` of ``ListItem`` rows.

Built unlike ``reference_app``, ``examples/alt_chat`` and ``examples/render_chat``: each
message is a ``ListItem`` holding one ``Label``; the storage keeps exchanges only and
derives the message list from them; control characters are shown as U+FFFD. See
``examples/README.md``.
"""

__version__ = "0.1.0"
