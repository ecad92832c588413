"""Steps of ``features/rawp_crs/sending_file_references.feature``.

Tokens are sent in token format with file_references; typed text is escaped.
"""

from __future__ import annotations

from pytest_bdd import parsers, when

from steps.checks import literal
from steps.rawp_crs.driver import CrsDriver
from steps.rawp_crs.part3.tokens import send_closing_popups


@when(parsers.parse('the user pastes "{text}" and presses Enter, closing any popup first'))
def token_pastes_and_sends(crs_driver: CrsDriver, text: str) -> None:
    """Paste ``text``, close an open popup with Escape, press Enter."""
    crs_driver.paste_text(literal(text))
    send_closing_popups(crs_driver)
