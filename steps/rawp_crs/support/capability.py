"""Adapter members of the later parts of profile ``rawp_crs``, looked up with a clear error.

Each part's members are a ``Protocol`` of :mod:`steps.adapter` (``RawpCrsPart1`` to
``RawpCrsPart5``), checked when the adapter is loaded for every part it claims
(``rawp_crs_parts``, ``steps.profiles.Profile.claimed_parts``), and a scenario needing a part
not claimed is skipped as "not claimed". Steps of parts 2 to 5 still ask for their members
through :func:`member`, so that a member whose lookup fails anyway (a property that
raises ``AttributeError``) gives a verdict ERROR naming the member and the part, never an
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
