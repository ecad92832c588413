"""A chat screen built as real Textual chat clients are (profile ``chat_screen``).

Each message item is a container holding a marker glyph (``Static("❯")``) and a
``Markdown`` body that shows ``label: body`` as literal text, with the side border on
the container; the input is a ``TextArea`` on which Enter submits. It shows that the
conformance suite reads composite items and a multi-line input field as a person sees
them, and tells a border from a glyph of the content.
"""

__version__ = "0.1.0"
