"""Helpers of profile ``rawp_crs``'s steps: what several step modules read, send or hold.

No step definitions live here; the step modules (``steps/rawp_crs/*_steps.py``, one per
feature file plus the shared ones) import from this package and never from each other.

* :mod:`.fake_agent`: the fake agent and clock a scenario's client talks to.
* :mod:`.capability`: the adapter's members a step needs, or the verdict ERROR.
* :mod:`.turns`: sending a prompt, the conversation's rows, the RAWP frame names.
* :mod:`.drawn`: a conversation item's drawn box, text and cells, read from the screen.
* :mod:`.layout`: the agent's traffic of a scenario (turn ids, the answer) and publishing it.
* :mod:`.scroll`: the conversation's scroll position.
* :mod:`.timestamps`: the times and date separators drawn in the conversation.
* :mod:`.history`: the stored conversation of part 4 and its visible rows.
* :mod:`.interaction`: the interaction UI of part 4 as drawn.
* :mod:`.popup`: the slash-command popup as drawn (region, items, highlight) and its checks.
* :mod:`.file_popup`: the file popup's searches and offered candidates.
* :mod:`.tokens`: the input's file tokens as the adapter reports them.
* :mod:`.browser_data`, :mod:`.browser_view`, :mod:`.browser`: the file browser's data,
  its drawn dialog, and the pointer on it.
* :mod:`.held_timers`: Textual's timers held on a virtual clock, for sampled frames.
"""
