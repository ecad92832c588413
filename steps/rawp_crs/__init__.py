"""Profile ``rawp_crs`` (RAWP-CRS): a client of an agent, driven through a fake agent.

* :mod:`.plugin`, :mod:`.fixtures`, :mod:`.driver`: what the harness registers, the
  scenario's driver fixture, and :class:`~steps.rawp_crs.driver.CrsDriver`.
* ``<feature>_steps``: the steps of one feature file of ``features/rawp_crs/``
  (``sending.feature`` -> :mod:`.sending_steps`); :mod:`.shared_steps`,
  :mod:`.popup_shared_steps` and :mod:`.file_browser_shared_steps` hold the steps several
  feature files use. No step module imports another.
* :mod:`.support`: the helpers the steps share, the fake agent among them.
"""
