"""The input's file tokens (part 3) as the adapter reports them: their nodes and shape."""

from __future__ import annotations

from steps.adapter import TokenView
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.support.capability import member
from steps.rawp_crs.support.held_timers import HeldTimers, held_timers_fixture  # noqa: F401 - fixture


def nodes(driver: CrsDriver) -> list[str | TokenView]:
    """The adapter's ``input_tokens``: tokens, and ``str`` runs joined, empty runs dropped."""
    read = member(driver.adapter, "input_tokens", PART)
    merged: list[str | TokenView] = []
    for node in read(driver.app):
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


PART = "part 3, inline file tokens"


def tokens(driver: CrsDriver) -> list[TokenView]:
    """The tokens the input holds, in order."""
    return [node for node in nodes(driver) if isinstance(node, TokenView)]
