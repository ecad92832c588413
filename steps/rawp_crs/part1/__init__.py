"""Part 1 of profile ``rawp_crs``: the conversation, sending, cancelling, timestamps, markdown.

The step modules of its feature files (``<feature>_steps``) and its views: :mod:`.drawn`
(a conversation item's drawn box, text and cells, read by every part) and
:mod:`.timestamps` (the times and date separators drawn).
"""
