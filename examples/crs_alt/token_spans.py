"""The alternative client's file-reference tokens as spans beside its input's text (004 §3.4.5).

The reference keeps its tokens inside its ``TextArea``'s document; this client's document
holds only what is drawn (a token's caps and label are ordinary characters of it) and the
tokens live in a :class:`SpanModel` beside it: each :class:`Span` names the stretch of the
document (character offsets) that draws one token, with the token's ``ref_id`` and path.
Every edit of the document is re-mapped onto the spans (:meth:`SpanModel.remap`): a span
before the edit stays, a span after it shifts, a span the edit touches is gone. From the
spans and the text the model builds what is sent (004 §3.4.6): typed text escaped, each
token as ``<@file:ref_id|display_path>``, and one file reference per token.

Nothing here knows Textual; :mod:`examples.crs_alt.token_input` wires it to the input.
"""

from __future__ import annotations

import posixpath
import unicodedata
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

LEFT_CAP = "▌"
"""The token's left end cap: a left half block in the input's colour on the token's
background, so the token's colour starts half a cell before its label (the rounded end
and the padding a cell grid can draw)."""
RIGHT_CAP = "▐"
"""The token's right end cap, the mirror image."""
LABEL_MAX = 32
"""Longest label drawn, in characters; a longer one keeps its end after ``…/``."""
SHORT_PATH = 24
"""A relative path up to this length is drawn whole; a longer one by its file name."""


@dataclass(frozen=True)
class FileRef:
    """One entry of ``file_references`` (RAWP ``FileReference``), this client's own copy.

    Attributes:
        ref_id: The token's id, unique per token (the same file twice gets two).
        path: The selected candidate's path.
        display_path: The path written in the token, ``<@file:ref_id|display_path>``.
    """

    ref_id: str
    path: str
    display_path: str


@dataclass(frozen=True)
class Span:
    """One token: the stretch ``start .. start + length`` of the document that draws it.

    Attributes:
        ref_id: The token's reference id.
        path: The file's path (``FileCandidate.path``).
        label: The label between the caps (``crs-token-label``).
        start: Offset of its first character in the document's text.
        length: How many characters of the document it takes now (fewer while it shrinks).
        marked: Marked for deletion by a first Backspace/Delete (004 §3.4.5, two steps).
        removing: Shrinking away (the deletion animation); no longer part of the message.
    """

    ref_id: str
    path: str
    label: str
    start: int
    length: int
    marked: bool = False
    removing: bool = False

    @property
    def end(self) -> int:
        """Offset just after its last character."""
        return self.start + self.length

    @property
    def reference(self) -> FileRef:
        """Its entry of ``file_references``."""
        return FileRef(self.ref_id, self.path, self.path)


def new_ref_id() -> str:
    """A fresh reference id (unique per token, never reused by an undo)."""
    return f"f{uuid.uuid4().hex[:12]}"


NAME_BIDI = frozenset("\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Direction overrides and isolates: drawn as U+FFFD so a name cannot reorder a row."""


def _shown(char: str) -> str:
    code = ord(char)
    if unicodedata.category(char) == "Cc":
        return chr(0x2400 + code) if code < 0x20 else "\u2421" if code == 0x7F else "\ufffd"
    if char in NAME_BIDI or unicodedata.category(char) in ("Zl", "Zp"):
        return "\ufffd"
    return char


def name_as_drawn(text: str) -> str:
    """A file name or path as the popup, the input's token and the bubble all draw it.

    Controls become their pictures (a line break ``␊``), direction controls and line
    separators ``�``: one character in, one out, on one row.
    """
    return "".join(_shown(char) for char in text)


def label_of(path: str) -> str:
    """The label of a token for ``path``: the path when short, else its file name.

    A label longer than :data:`LABEL_MAX` keeps its end behind ``…/`` or ``…``
    (``crs-token-label-elision``); drawn by :func:`name_as_drawn`, as the popup draws it.
    """
    trimmed = path.rstrip("/") or path
    label = trimmed if len(trimmed) <= SHORT_PATH else posixpath.basename(trimmed) or trimmed
    if len(label) > LABEL_MAX:
        label = "…" + label[-(LABEL_MAX - 1) :]
    return name_as_drawn(label)


def drawn(label: str) -> str:
    """The document text that draws a token: its label between its two caps."""
    return f"{LEFT_CAP}{label}{RIGHT_CAP}"


def escape(text: str) -> str:
    r"""Typed text as sent (RAWP-DPS §16.2.2): ``\`` → ``\\``, then ``<@`` → ``\<@``."""
    return text.replace("\\", "\\\\").replace("<@", "\\<@")


@dataclass(frozen=True)
class Message:
    """What Enter sends: ``prompt_text`` and ``file_references`` (004 §3.4.6).

    Attributes:
        prompt_text: Typed text escaped, tokens as ``<@file:ref_id|display_path>``.
        references: One entry per token, in order.
        plain: The text with each token as ``@path`` (what a copy gives; the recall list).
    """

    prompt_text: str
    references: tuple[FileRef, ...]
    plain: str

    @property
    def blank(self) -> bool:
        """Whether there is nothing to send: no token and only whitespace."""
        return not self.references and not self.plain.strip()


class SpanModel:
    """The tokens of the input, in document order, re-mapped on every edit."""

    def __init__(self) -> None:
        """Create a model without tokens."""
        self.spans: list[Span] = []
        """The spans, sorted by ``start``, never overlapping."""

    def __iter__(self) -> Iterator[Span]:
        return iter(self.spans)

    def __bool__(self) -> bool:
        return bool(self.spans)

    def restore(self, spans: Sequence[Span]) -> None:
        """Put back spans saved earlier (an undo), unmarked."""
        self.spans = sorted((replace(s, marked=False) for s in spans), key=lambda s: s.start)

    def add(self, span: Span) -> None:
        """Add a span over text just inserted (it overlaps no other)."""
        self.spans.append(span)
        self.spans.sort(key=lambda s: s.start)

    def widen(self, start: int, end: int) -> tuple[int, int]:
        """The range ``start..end`` widened to cover every span it cuts into.

        An edit that reaches into a token takes the whole token (a selection that ends in
        a label, an insertion strictly inside one): never half a token.
        """
        for span in self.spans:
            if start < end:
                cuts = span.start < end and span.end > start
            else:
                cuts = span.start < start < span.end
            if cuts:
                start, end = min(start, span.start), max(end, span.end)
        return start, end

    def remap(self, start: int, end: int, inserted: int) -> list[Span]:
        """Re-map the spans onto the document after ``start..end`` became ``inserted`` chars.

        Returns:
            The spans the edit removed (it overlapped them).
        """
        shift = inserted - (end - start)
        kept: list[Span] = []
        gone: list[Span] = []
        for span in self.spans:
            if span.end <= start:
                kept.append(span)
            elif span.start >= end:
                kept.append(replace(span, start=span.start + shift) if shift else span)
            else:
                gone.append(span)
        self.spans = kept
        return gone

    def at_end(self, offset: int) -> Span | None:
        """The live span that ends at ``offset`` (Backspace there reaches it)."""
        return next((s for s in self.spans if s.end == offset and not s.removing), None)

    def at_start(self, offset: int) -> Span | None:
        """The live span that starts at ``offset`` (Delete there reaches it)."""
        return next((s for s in self.spans if s.start == offset and not s.removing), None)

    def inside(self, offset: int) -> Span | None:
        """The span ``offset`` lies strictly inside, if any (the cursor never stands there)."""
        return next((s for s in self.spans if s.start < offset < s.end), None)

    def set(self, span: Span, **changes: object) -> Span:
        """Replace ``span`` by a copy with ``changes``; return the copy."""
        changed = replace(span, **changes)  # type: ignore[arg-type]
        self.spans = [changed if s == span else s for s in self.spans]
        return changed

    def unmark(self) -> bool:
        """Clear the mark of every live span (a shrinking one keeps it); ``True`` if one was set."""
        if not any(s.marked and not s.removing for s in self.spans):
            return False
        self.spans = [
            replace(s, marked=False) if s.marked and not s.removing else s for s in self.spans
        ]
        return True

    def parts(self, text: str) -> list[str | Span]:
        """The document as maximal runs of text and live spans, in order.

        A shrinking span is left out, and the text on both sides of it is one run.
        """
        parts: list[str | Span] = []

        def add(run: str) -> None:
            if run and parts and isinstance(parts[-1], str):
                parts[-1] += run
            elif run:
                parts.append(run)

        at = 0
        for span in self.spans:
            add(text[at : span.start])
            if not span.removing:
                parts.append(span)
            at = span.end
        add(text[at:])
        return parts

    def message(self, text: str) -> Message:
        """What sending ``text`` (the document) with these spans gives (004 §3.4.6)."""
        sent: list[str] = []
        plain: list[str] = []
        references: list[FileRef] = []
        for part in self.parts(text):
            if isinstance(part, str):
                sent.append(escape(part))
                plain.append(part)
            else:
                reference = part.reference
                references.append(reference)
                sent.append(f"<@file:{reference.ref_id}|{reference.display_path}>")
                plain.append(f"@{part.path}")
        return Message("".join(sent), tuple(references), "".join(plain))

    def plain(self, text: str, start: int, end: int) -> str:
        """The document's ``start..end`` as plain text, each whole token as ``@path``."""
        out: list[str] = []
        at = start
        for span in self.spans:
            if span.end <= start or span.start >= end:
                continue
            if span.start > at:
                out.append(text[at : span.start])
            if not span.removing:
                out.append(f"@{span.path}")
            at = max(at, span.end)
        if at < end:
            out.append(text[at:end])
        return "".join(out)

    def units_before(self, offset: int) -> int:
        """``offset`` counted with each live token before it as 1 (the adapter's ``cursor``)."""
        units = offset
        for span in self.spans:
            if span.end <= offset:
                units -= span.length if span.removing else span.length - 1
        return units
