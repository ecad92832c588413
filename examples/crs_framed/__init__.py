"""``crs_framed``: a RAWP-CRS client (profile ``rawp_crs``, parts 1 to 3) drawn in frames.

Written from seeds 002 and 004, ``rawp_port`` and the public docs only (issue 37), to find
the harness's false verdicts. Its choices, each one the seeds allow: user and command
bubbles framed with a rounded line; thinking and tool blocks in frames of their own; system
notices between two rules; times revealed by a key (F2) instead of the pointer; a prompt
written while a turn runs waits in a queue and is sent when the turn ends; an input widget
of its own (a list of characters and file tokens, tokens drawn between square caps);
popups drawn line by line with a marker glyph and reverse video for the focused row; user
and agent text in ``Static`` widgets, rendered by a small markdown reader of its own.
"""
