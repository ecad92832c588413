"""The harness's own tests (run with ``pytest tests``)."""
