"""Reporting: the conformance report, expectations files and the living docs.

``plugin`` is the pytest plugin (options and hooks); ``capture`` runs where scenarios
run, ``build`` and ``render`` where results are gathered; ``expectations`` reads an
implementation's known failures; ``living`` writes ``docs/living/features.md``.
"""
