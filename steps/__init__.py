"""The step library and the harness that runs it.

The data path, one room per module::

    features/<profile>/*.feature   what the spec says, in Gherkin
      -> steps/<profile>/*.py      Given/When/Then step definitions
      -> steps/driver.py           the profile's driver, on steps/app_driver.py (Pilot, loop)
      -> steps/adapter.py          the contract an implementation under test fulfils
      -> the app                   the reference app or a candidate

``steps/plugin.py`` is the pytest plugin that wires these together (options, fixtures,
guards); ``steps/profiles.py`` lists the conformance profiles.
"""
