"""Collects every scenario of profile ``rawp_crs`` from the feature files beside it."""

from pytest_bdd import scenarios

scenarios("rawp_crs")
