r"""Turning the input's nodes into the prompt that is sent (004 §3.4.6, DPS §16.2).

Token nodes become ``<@file:ref_id|display_path>`` and are not escaped; text nodes are
escaped (``\`` to ``\\``, then ``<@`` to ``\<@``), so no typed text can read as a token.
"""

from __future__ import annotations

from collections.abc import Sequence

from rawp_port import FileReference
from reference_crs.widgets.tokens import Token


def escape_text(text: str) -> str:
    r"""``text`` escaped per DPS §16.2.2 (``crs-send-text-escaped``): ``\`` first, then ``<@``."""
    return text.replace("\\", "\\\\").replace("<@", "\\<@")


def token_format(token: Token) -> str:
    """``<@file:ref_id|display_path>`` of DPS §16.2.1 (``crs-send-token-format``)."""
    return f"<@file:{token.ref_id}|{token.display_path}>"


def prompt_of(nodes: Sequence[str | Token]) -> tuple[str, list[FileReference]]:
    """The ``prompt_text`` and ``file_references`` for the input's ``nodes``.

    Returns:
        The text (tokens formatted, text escaped) and one :class:`FileReference` per token,
        in order, the same file twice giving two (``crs-send-file-references``).
    """
    parts = []
    references = []
    for node in nodes:
        if isinstance(node, Token):
            parts.append(token_format(node))
            references.append(FileReference(node.ref_id, node.path, node.display_path))
        else:
            parts.append(escape_text(node))
    return "".join(parts), references
