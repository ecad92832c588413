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
  shares), ``loading`` and
  ``settings`` (choosing the adapter and every setting), ``profiles`` (the registered
  profiles), ``app_driver`` (one app, its Pilot and its event loop per scenario),
  ``input_field``, ``screen`` (the composed screen as cells), ``watchdog``, ``audit``,
  ``verdicts``, ``tracebacks``, ``terminal``, ``clauses``, ``checks``, ``traceability``;
* **one folder per profile**, mirrored in ``features/<profile>/``: ``steps/chat_screen/``
  (its contract, driver, smoke check and steps) and ``steps/rawp_crs/`` (its contract,
  driver, fixtures,
  one step module per feature file, and its helpers and fake agent in ``support/``);
* **the reports**: ``steps/report/`` (``--conformance-report``, ``--expectations``,
  ``--living-docs``).
"""
