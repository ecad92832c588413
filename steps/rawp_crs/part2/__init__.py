"""Part 2 of profile ``rawp_crs``: the slash-command popup and the command bubble.

The step modules of its feature files (``<feature>_steps``) and its view: :mod:`.popup`
(the popup as drawn: region, items, highlight; part 3's file popup is read the same way).
"""
