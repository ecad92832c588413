"""Step definitions of profile ``rawp_crs``, visible to the features of this folder only.

Both profiles speak of "the input" and "Enter", so some step texts are the same in both:
profile ``chat_screen``'s steps are plugins of the whole run, and the ones imported here
take precedence for ``features/rawp_crs`` (pytest's conftest scoping), so neither profile
shadows the other's steps.
"""

from steps.explore.rawp_crs import *  # noqa: F403 - step fixtures, by generated name
from steps.rawp_crs.browser_steps import *  # noqa: F403 - step fixtures, by generated name
from steps.rawp_crs.command_steps import *  # noqa: F403 - step fixtures, by generated name
from steps.rawp_crs.conversation_steps import *  # noqa: F403 - step fixtures, by generated name
from steps.rawp_crs.file_popup_steps import *  # noqa: F403 - step fixtures, by generated name
from steps.rawp_crs.focus_steps import *  # noqa: F403 - step fixtures, by generated name
from steps.rawp_crs.history_steps import *  # noqa: F403 - step fixtures, by generated name
from steps.rawp_crs.history_token_steps import *  # noqa: F403 - step fixtures, by generated name
from steps.rawp_crs.hover_steps import *  # noqa: F403 - step fixtures, by generated name
from steps.rawp_crs.interaction_steps import *  # noqa: F403 - step fixtures, by generated name
from steps.rawp_crs.layout_steps import *  # noqa: F403 - step fixtures, by generated name
from steps.rawp_crs.long_conversation_steps import *  # noqa: F403 - step fixtures, by generated name
from steps.rawp_crs.markdown_steps import *  # noqa: F403 - step fixtures, by generated name
from steps.rawp_crs.popup_steps import *  # noqa: F403 - step fixtures, by generated name
from steps.rawp_crs.terminal_steps import *  # noqa: F403 - step fixtures, by generated name
from steps.rawp_crs.timestamp_steps import *  # noqa: F403 - step fixtures, by generated name
from steps.rawp_crs.token_steps import *  # noqa: F403 - step fixtures, by generated name
from steps.rawp_crs.turn_steps import *  # noqa: F403 - step fixtures, by generated name
