"""Benchmarks of the harness and the reference app, reported as ratios against a floor.

``python -m benchmarks`` runs all four and prints one table; ``docs/performance.md``
explains each measurement and holds the latest figures. Nothing here is a test: no
timing is asserted anywhere in ``pytest``.

Every ratio is measured side by side in one run: the two sides are interleaved
(alternating which goes first), repeated, and compared by their medians, because the
machines these run on are shared and noisy and absolute times do not hold.
"""
