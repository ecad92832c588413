"""Step definitions of profile ``rawp_crs``, visible to the features of this folder only.

Its plugin (``steps/rawp_crs/plugin.py``) lists them; see there why they are scoped here.
"""

from steps.profile_plugin import step_definitions
from steps.rawp_crs.plugin import STEP_MODULES

globals().update(step_definitions(STEP_MODULES))
