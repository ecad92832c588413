"""Profile ``rawp_crs`` (RAWP-CRS): a client of an agent, driven through a fake agent.

* :mod:`.contract`: what an adapter gives, part by part (the part ``Protocol``s, the value
  types ``ItemView`` and ``TokenView``).
* :mod:`.plugin`, :mod:`.fixtures`, :mod:`.driver`, :mod:`.state`: what the harness
  registers; the scenario's adapter, driver and state fixtures;
  :class:`~steps.rawp_crs.driver.CrsDriver` (typed part access: ``crs_driver.part3``) and
  :class:`~steps.rawp_crs.state.CrsState` (what steps hand on to later steps).
* ``part1/`` to ``part5/``: one folder per part of the profile, each holding the step
  modules of that part's feature files (``features/rawp_crs/sending.feature`` ->
  :mod:`.part1.sending_steps`) and the part's screen-reading views.
* :mod:`.shared_steps`, :mod:`.popup_shared_steps`, :mod:`.exploration_steps`: the steps
  feature files of several parts use. No step module imports another.
* :mod:`.explorer`: the exploration's state machines.
* :mod:`.support`: what every part uses: the fake agent, turns, the agent's traffic.
"""
