"""Part 4 of profile ``rawp_crs``: interaction requests, history keys, hover, lazy loading.

The step modules of its feature files (``<feature>_steps``) and its view:
:mod:`.interaction` (the interaction UI as drawn).
"""
