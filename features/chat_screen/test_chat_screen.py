"""Collects every scenario of profile ``chat_screen`` from the feature files beside it."""

from pytest_bdd import scenarios

scenarios("chat_screen")
