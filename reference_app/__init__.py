"""Reference implementation of the chat screen (profile ``chat_screen``).

The app implements every clause of the interface contract (seed 000) and the runtime
flow (seed 001); ``docs/spec/chat_screen.md`` lists the clauses. It is the default
implementation under test of ``pytest features``.
"""

from reference_app.app import ChatApp
from reference_app.model import Message, Role, Session
from reference_app.responses import RESPONSES

__all__ = ["RESPONSES", "ChatApp", "Message", "Role", "Session"]
__version__ = "0.1.0"
