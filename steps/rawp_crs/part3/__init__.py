"""Part 3 of profile ``rawp_crs``: file references (the ``@`` popup, tokens, sending them).

The step modules of its feature files (``<feature>_steps``) and its views: :mod:`.file_popup`
(the popup's searches and offered candidates) and :mod:`.tokens` (the input's tokens as
the adapter reports them).
"""
