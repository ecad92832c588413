"""Adapter members of the later parts of profile ``rawp_crs``, looked up with a clear error.

Part 1's members (``create_client``, ``items``, the selectors of the conversation and the
input, ``newline_keys``) are in :class:`steps.adapter.RawpCrsAdapter` and checked when the
adapter is loaded. Each later part (popups, interaction UI, lazy loading, file browser) adds
members that only its own scenarios use, so an adapter written for part 1 keeps working on
part 1's features; a scenario of a later part asks for its members through :func:`member`,
and an adapter that lacks one gets a verdict ERROR naming the member and the part, never an
``AttributeError`` inside a step. The members of each part are listed in ``docs/adapters.md``.
"""

from __future__ import annotations

from typing import Any

from steps.verdicts import HARNESS_PREFIX, HarnessError


def member(adapter: object, name: str, part: str) -> Any:
    """Return the adapter's member ``name``, which part ``part`` of the profile needs.

    Args:
        adapter: The profile's adapter in this run.
        name: The member's name, e.g. ``"slash_popup_selector"``.
        part: What needs it, for the message, e.g. ``"part 2, the slash-command popup"``.

    Returns:
        The member's value (an attribute, or a bound method).

    Raises:
        HarnessError: The adapter has no such member.
    """
    try:
        return getattr(adapter, name)
    except AttributeError:
        raise HarnessError(
            f"{HARNESS_PREFIX}: the adapter {type(adapter).__qualname__} has no `{name}`, "
            f"which {part} of profile rawp_crs needs (docs/adapters.md)"
        ) from None
