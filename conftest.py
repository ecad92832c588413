"""Root conftest: registers the harness plugin; everything else lives in ``steps/``."""

pytest_plugins = ["steps.plugin"]
