"""The input's file tokens (part 3) as the adapter reports them: their nodes and shape."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest
from textual.geometry import Region

from steps.checks import check, cited_clauses
from steps.rawp_crs.contract import TokenView
from steps.rawp_crs.driver import CrsDriver, fields_of
from steps.rawp_crs.part3.file_popup import offer_files
from steps.rawp_crs.support.turns import PROMPT
from steps.verdicts import HARNESS_PREFIX, HarnessError


def token_view(node: object) -> str | TokenView:
    """One node of the adapter's ``input_tokens(app)``: a ``str`` run or a token.

    A token may be a ``TokenView``, any object with the attributes ``ref_id``, ``path``
    and ``label``, or a ``(ref_id, path, label)`` tuple: an adapter imports nothing from the
    harness.

    Raises:
        HarnessError: ``node`` is none of these.
    """
    if isinstance(node, str | TokenView):
        return node
    fields = fields_of(node, ("ref_id", "path", "label"))
    if fields is None or not all(isinstance(field, str) for field in fields):
        raise HarnessError(
            f"{HARNESS_PREFIX}: input_tokens(app) gave {node!r}; expected a str run, or a "
            "token: a (ref_id, path, label) tuple of str or an object with those "
            "attributes (docs/adapters.md, Part 3)"
        )
    ref_id, path, label = fields
    return TokenView(str(ref_id), str(path), str(label))


def nodes(driver: CrsDriver) -> list[str | TokenView]:
    """The adapter's ``input_tokens``: tokens, and ``str`` runs joined, empty runs dropped."""
    merged: list[str | TokenView] = []
    for node in map(token_view, driver.part3.input_tokens(driver.app)):
        if isinstance(node, str) and merged and isinstance(merged[-1], str):
            merged[-1] += node
        elif node != "":
            merged.append(node)
    return merged


def shape(driver: CrsDriver) -> str:
    """The input as text with each token as ``[path]``, for messages."""
    return "".join(
        f"[{node.path}]" if isinstance(node, TokenView) else node for node in nodes(driver)
    )


def tokens(driver: CrsDriver) -> list[TokenView]:
    """The tokens the input holds, in order."""
    return [node for node in nodes(driver) if isinstance(node, TokenView)]


RGB = tuple[int, int, int]


@dataclass
class TokenLog:
    """What a token scenario remembers between steps.

    Attributes:
        made: The token views the input held right after each was made, in order.
        colour: The token's background as first drawn (``None`` until seen).
        row: The screen row its label was drawn on.
        width: Cells of its label.
        regions: The conversation's and the input's regions before a deletion.
        clock: The held animator clock's reading, in seconds (``None``: not held).
        plain: The input's background.
    """

    made: list[TokenView] = field(default_factory=list)
    colour: RGB | None = None
    marked: RGB | None = None
    row: int = -1
    width: int = 0
    regions: tuple[Region, Region] | None = None
    clock: list[float] | None = None
    plain: RGB | None = None


def add_token(driver: CrsDriver, log: TokenLog, path: str, query: str = "") -> TokenView:
    """Type ``@query``, answer the search with ``path`` alone, press Enter; return the token."""
    before = Counter((token.ref_id, token.path) for token in tokens(driver))
    driver.type_text("@" + query)
    offer_files(driver, [path])
    driver.press("enter")
    after = tokens(driver)
    added = Counter((token.ref_id, token.path) for token in after) - before
    new = [token for token in after if (token.ref_id, token.path) in added][-1:]
    if sum(added.values()) != 1:
        new = []
    check(
        len(new) == 1 and new[0].path == path,
        "crs-token-replaces-query",
        "the input after choosing a file in the @ popup",
        f"one new token for {path!r}",
        f"{shape(driver)!r}, the file popup "
        f"{'open' if popup_open(driver, driver.part3.file_popup_selector) else 'closed'}",
    )
    log.made.append(new[0])
    return new[0]


def popup_open(driver: CrsDriver, selector: str) -> bool:
    """Whether the popup ``selector`` names (a member of part 3) is drawn."""
    return any(w.display and w.region.height > 0 for w in driver.app.query(selector))


def send_closing_popups(driver: CrsDriver) -> None:
    """Escape any open popup (file or command), then press Enter."""
    for selector in (driver.part3.file_popup_selector, driver.part3.slash_popup_selector):
        if popup_open(driver, selector):
            driver.press("escape")
    driver.press("enter")


def clause_of(request: pytest.FixtureRequest, default: str) -> str:
    """The first ``crs-token-*``/``crs-send-*`` clause the scenario cites, else ``default``."""
    cited = [
        name
        for name in cited_clauses(request.node)
        if name.startswith(("crs-token-", "crs-send-", "crs-input-tracks"))
    ]
    for name in cited:
        if name == default:
            return name
    return cited[0] if cited else default


def prompts(driver: CrsDriver) -> list[Any]:
    """The prompt requests the fake agent received, in order."""
    return list(driver.agent.sent_of(PROMPT))
