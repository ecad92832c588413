"""Turns of the conversation: sending a prompt and reading the rows the conversation draws."""

from __future__ import annotations

from steps.checks import check
from steps.rawp_crs.driver import CrsDriver
from steps.screen import screen_rows

PROMPT = "control.prompt.request"
"""RAWP type name of a sent message."""
CANCEL = "control.prompt.cancel"
"""RAWP type name of the frame that cancels the running turn."""
ANSWER = "Done: the parser is refactored."
"""The agent's answer in a turn run by :func:`steps.rawp_crs.shared_steps.whole_turn`."""


def send(crs_driver: CrsDriver, text: str) -> None:
    """Type ``text`` and press Enter; the client must have sent it as a prompt."""
    before = len(crs_driver.agent.sent_of(PROMPT))
    crs_driver.type_text(text)
    crs_driver.press("enter")
    sent = len(crs_driver.agent.sent_of(PROMPT))
    check(
        sent == before + 1,
        "crs-enter-sends",
        "the prompts the agent received",
        f"{before + 1} after sending {text!r}",
        str(sent),
    )


def conversation_rows(crs_driver: CrsDriver) -> list[tuple[int, str]]:
    """Return the rows drawn inside the conversation area: ``(screen row, text)``, top down.

    Only the conversation's region of the composed screen is read, so a header clock or a
    footer never counts; trailing blanks are trimmed.
    """
    region = crs_driver.conversation.region
    rows = screen_rows(crs_driver.app)
    return [
        (y, "".join(rows[y][region.x : region.right]).rstrip())
        for y in range(region.y, min(region.bottom, len(rows)))
    ]
