"""Step definitions of profile ``chat_screen`` (seeds 000 and 001), one module per domain.

* :mod:`.app_steps`: starting the app, typing, submitting, keys, quitting, scope.
* :mod:`.message_steps`: the message list, session records and the response choice.
* :mod:`.screen_steps`: rendered items, classes, layout on screen, scrolling.
* :mod:`.hostile_steps`: action-like text, control characters, long and rapid input.
* :mod:`.rule_steps`: every item against every per-item rule, however many pairs.
* :mod:`.view_steps`: scrolling, moving the focus, filling the area to its overflow.
"""
