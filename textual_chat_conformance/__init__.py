"""textual-chat-conformance: a spec-conformance harness for Textual chat screens.

The distribution's one top-level package once installed. In the repository this folder
holds the distribution's own modules only: its version (the single source; ``setup.py``
reads it), the ``chat-conformance`` command (:mod:`textual_chat_conformance.cli`), what an
adapter may import by a name that holds in a clone and installed
(:mod:`textual_chat_conformance.contract`) and the harness's pytest settings for that
command (``conformance.ini``). A wheel puts the repository's ``steps``, ``reference_app``,
``reference_crs`` and ``rawp_port`` under it (``textual_chat_conformance.steps``, ...),
with ``features/`` and ``docs/spec/`` beside them (docs/design/packaging.md).

PYTEST_DONT_REWRITE: the ``chat-conformance`` command imports this package before pytest
starts; the marker keeps pytest from warning that it cannot rewrite its asserts (it has
none). The harness's modules are imported by pytest, and rewritten.
"""

__version__ = "0.2.0"
"""The distribution's version (Keep a Changelog entries in CHANGELOG.md)."""
