"""A team's adapter of profile ``rawp_crs``, written against the installed harness.

As ``chat_adapter.py``, for the reference RAWP-CRS client the wheel installs. It imports
the contract's value types by their public name, ``textual_chat_conformance.contract``
(docs/adapters.md), and checks that they are the classes the harness itself uses.
"""

from textual_chat_conformance.reference_crs.conformance import ReferenceCrsAdapter
from textual_chat_conformance.steps.rawp_crs import contract

import steps as team_steps
from textual_chat_conformance.contract import ItemView, TokenView

if (ItemView, TokenView) != (contract.ItemView, contract.TokenView):
    raise ImportError("textual_chat_conformance.contract is not the harness's contract")


class TeamCrsAdapter(ReferenceCrsAdapter):
    """The reference client's adapter, under the team's name."""

    name = f"{team_steps.TEAM}_crs"


adapter = TeamCrsAdapter()
