"""An adapter written for a newer adapter contract than the installed harness drives."""

from textual_chat_conformance.reference_app.conformance import ReferenceAdapter


class FutureAdapter(ReferenceAdapter):
    """Declares contract version 99."""

    protocol_version = 99


adapter = FutureAdapter()
