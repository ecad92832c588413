"""Helpers every part of profile ``rawp_crs`` uses: what several step modules read, send or hold.

No step definitions live here; the step modules import from this package and from the part
folders' views, and never from each other.

* :mod:`.fake_agent`: the fake agent and clock a scenario's client talks to.
* :mod:`.turns`: sending a prompt, the conversation's rows, the RAWP frame names.
* :mod:`.layout`: the agent's traffic of a scenario (turn ids, the answer) and publishing it.
* :mod:`.scroll`: the conversation's scroll position.
* :mod:`.history`: the stored conversation a client reopens (part 4's lazy loading, read by
  the scenarios of parts 2 and 3 too) and its visible rows.
* :mod:`.held_timers`: Textual's timers held on a virtual clock, for sampled frames.
"""
