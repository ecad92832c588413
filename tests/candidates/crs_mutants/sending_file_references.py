"""Mutants of seed area §3.4.6 Sending: conversion and escaping.

Each is the reference RAWP-CRS client with one defect in that area, caught by a
scenario of ``features/rawp_crs/`` citing its clause.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence as _Seq
from typing import Any

from rawp_port import FileReference as _FileReference
from reference_crs import sending as _sending
from reference_crs.app import CrsApp
from reference_crs.widgets import tokens as _tokens
from tests.candidates.crs_mutants._registry import mutant


def _sending_app(
    name: str,
    doc: str,
    send: Callable[[_Seq[str | _tokens.Token]], tuple[str, _Seq[_FileReference]]],
) -> type[CrsApp]:
    """A reference client whose prompt is built by ``send``."""

    def prompt_of(
        self: CrsApp, nodes: _Seq[str | _tokens.Token]
    ) -> tuple[str, _Seq[_FileReference]]:
        return send(nodes)

    return type(name, (CrsApp,), {"__doc__": doc, "prompt_of": prompt_of, "__module__": __name__})


def _tokens_as_text(nodes: _Seq[str | _tokens.Token]) -> tuple[str, _Seq[_FileReference]]:
    _, references = _sending.prompt_of(nodes)
    text = "".join(
        "@" + node.path if isinstance(node, _tokens.Token) else _sending.escape_text(node)
        for node in nodes
    )
    return text, references


mutant(
    _sending_app(
        "TokensSentAsText",
        "crs-send-token-format: tokens are sent as @path, not as <@file:ref_id|display_path>.",
        _tokens_as_text,
    )
)


def _unescaped(nodes: _Seq[str | _tokens.Token]) -> tuple[str, _Seq[_FileReference]]:
    _, references = _sending.prompt_of(nodes)
    text = "".join(
        _sending.token_format(node) if isinstance(node, _tokens.Token) else node for node in nodes
    )
    return text, references


mutant(
    _sending_app(
        "TypedTextSentUnescaped",
        "crs-send-text-escaped: typed text is sent without escaping.",
        _unescaped,
    )
)


def _twice(nodes: _Seq[str | _tokens.Token]) -> tuple[str, _Seq[_FileReference]]:
    _, references = _sending.prompt_of(nodes)
    text = "".join(
        _sending.token_format(node)
        if isinstance(node, _tokens.Token)
        else _sending.escape_text(_sending.escape_text(node))
        for node in nodes
    )
    return text, references


mutant(
    _sending_app(
        "TypedTextEscapedTwice",
        "crs-send-text-escaped: typed text is escaped twice.",
        _twice,
    )
)


def _by_label(nodes: _Seq[str | _tokens.Token]) -> tuple[str, _Seq[_FileReference]]:
    text, references = _sending.prompt_of(nodes)
    for node in nodes:
        if isinstance(node, _tokens.Token):
            text = text.replace(" " + node.label, " " + _sending.token_format(node))
    return text, references


mutant(
    _sending_app(
        "LookAlikeSentAsToken",
        "crs-input-tracks-tokens: typed text that reads like a token's label is sent as it.",
        _by_label,
    )
)


def _token_path_escaped(nodes: _Seq[str | _tokens.Token]) -> tuple[str, _Seq[_FileReference]]:
    _, references = _sending.prompt_of(nodes)
    text = "".join(
        f"<@file:{node.ref_id}|{_sending.escape_text(node.display_path)}>"
        if isinstance(node, _tokens.Token)
        else _sending.escape_text(node)
        for node in nodes
    )
    return text, references


mutant(
    _sending_app(
        "TokenPathEscaped",
        "crs-send-token-format: a token's display_path is escaped like typed text (a \\ doubled).",
        _token_path_escaped,
    )
)


def _no_references(nodes: _Seq[str | _tokens.Token]) -> tuple[str, _Seq[_FileReference]]:
    text, _ = _sending.prompt_of(nodes)
    return text, ()


mutant(
    _sending_app(
        "FileReferencesMissing",
        "crs-send-file-references: the prompt carries no file_references.",
        _no_references,
    )
)


@mutant
class CommandSentUnescaped(CrsApp):
    """crs-send-text-escaped: a slash command's text is sent as typed, never escaped."""

    def prompt_of(self, nodes: Any) -> Any:
        text, references = super().prompt_of(nodes)
        if all(isinstance(node, str) for node in nodes) and "".join(nodes).startswith("/"):
            return "".join(nodes), references
        return text, references
