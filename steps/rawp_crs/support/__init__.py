"""Helpers of profile ``rawp_crs``'s steps: what several step modules read, send or hold.

No step definitions live here; the step modules (``steps/rawp_crs/*_steps.py``) import
from this package and never from each other.

* :mod:`.fake_agent`: the fake agent and clock a scenario's client talks to.
* :mod:`.capability`: the adapter's members a step needs, or the verdict ERROR.
* :mod:`.drawn`: a conversation item's drawn box, read from the screen's cells.
* :mod:`.popup`: the slash and file popups as drawn: region, items, highlight.
* :mod:`.browser_data`, :mod:`.browser_view`: the file browser's data and its drawn dialog.
* :mod:`.held_timers`: Textual's timers held on a virtual clock, for sampled frames.
"""
