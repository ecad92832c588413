"""Exploration: Hypothesis stateful testing of each profile (steps.explore.core)."""
