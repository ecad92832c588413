"""Collects every scenario of profile ``chat_screen`` from the feature files beside it."""

from pathlib import Path

from pytest_bdd import scenarios

# By absolute path: the same files whatever bdd_features_base_dir says, in a clone and
# installed (textual_chat_conformance/features/, docs/design/packaging.md).
scenarios(str(Path(__file__).resolve().parent))
