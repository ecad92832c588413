"""The step library and the harness that runs it.

The data path, one room per module::

    features/<profile>/*.feature     what the spec says, in Gherkin
      -> steps/<profile>/*_steps.py  Given/When/Then step definitions
      -> steps/<profile>/driver.py   the profile's driver, on the core's AppDriver
      -> steps/<profile>/contract.py the contract an implementation under test fulfils
      -> the app                     the reference implementation or a candidate

How the package is laid out:

* **the harness core**, flat in ``steps/``: ``plugin`` (the pytest plugin: options,
  fixtures, guards, verdict counting), ``adapter`` (what every profile's contract
  shares), ``loading`` and ``settings`` (choosing the adapter and every setting),
  ``profiles`` (the registered profiles), ``app_driver`` (one app, its Pilot and its event
  loop per scenario), ``scenario_driver``, ``input_field``, ``screen`` (the composed screen
  as cells), ``screenshot``, ``watchdog``, ``audit``, ``verdicts``, ``tracebacks``,
  ``terminal``, ``clauses``, ``checks``, ``traceability``, ``stash`` (the stash keys
  several layers share), and the fences of the hosts' private names, ``textual_private``
  and ``bdd_private``; the exploration engine in ``steps/explore/``;
* **one folder per profile**, mirrored in ``features/<profile>/``: ``steps/chat_screen/``
  (its contract, driver, fixtures, smoke check, steps and explorer) and
  ``steps/rawp_crs/`` (its contract, driver, fixtures and scenario state, one folder per
  part with the step modules of that part's feature files, its oracles and its views, the
  steps that cross parts, its explorer, and what every part uses in ``support/``);
* **the reports**: ``steps/report/`` (``--conformance-report``, ``--expectations``,
  ``--living-docs``).
"""
