"""What an adapter may import from the harness, by a name that holds in a clone and installed.

An adapter of profile ``chat_screen`` imports nothing from the harness. One of profile
``rawp_crs`` builds the contract's value types, :class:`ItemView` and :class:`TokenView`
(``steps/rawp_crs/contract.py``); ``from textual_chat_conformance.contract import
ItemView, TokenView`` reaches the same classes from a clone of the repository (where the
harness is the top-level package ``steps``) and from an installed wheel (where it is
``textual_chat_conformance.steps``). See docs/adapters.md.
"""

from steps.adapter import PROTOCOL_VERSION, SUPPORTED_VERSIONS, ScenarioContext
from steps.rawp_crs.contract import Actor, ItemKind, ItemView, TokenView

__all__ = [
    "PROTOCOL_VERSION",
    "SUPPORTED_VERSIONS",
    "Actor",
    "ItemKind",
    "ItemView",
    "ScenarioContext",
    "TokenView",
]
