"""Step definitions of profile ``chat_screen`` (seeds 000 and 001), one module per domain.

* :mod:`.app_steps`: starting the app, typing, submitting, keys, quitting, scope.
* :mod:`.message_steps`: the message list, session records and the response choice.
* :mod:`.screen_steps`: rendered items, classes, layout on screen, scrolling.
"""
