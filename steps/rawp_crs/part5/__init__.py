"""Part 5 of profile ``rawp_crs``: the working-directory file browser (004 §7).

The step modules of its feature files (``<feature>_steps``, and ``file_browser_shared_steps``
for the steps its feature files share) and its views: :mod:`.browser_data` (the file
systems the fake agent serves), :mod:`.browser_view` (the dialog as drawn) and
:mod:`.browser` (the pointer on it).
"""
